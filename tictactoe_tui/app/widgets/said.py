"""What the status line says, as one frozen value (:class:`Said`) made by one function
(:func:`status_said`) from the game and what happened: the headline (whose turn, the result,
or who is away online), the thinking indicator, the notice, and the news (the computer's last
move, or the match's). The status widget only lays it out; the game screen makes it.

Online, whether the other side is there is a fact of its own (:class:`~.presence.Presence`,
reported by the match's link in its :class:`~.presence.MatchNews`), never read back from the
seating: it names exactly what is missing (the mailbox server, the host or your friend), and the
headline, the keys' refusals and the news all take their words from it, so they never tell two
stories at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ...engine.games import presentation_of
from ...game import GameState, Settings

if TYPE_CHECKING:  # (online only: loaded when a match opens)
    from .presence import MatchNews


class Cause(StrEnum):
    """Why the status says a notice: each notice ends with its cause, at the latest when the
    game shown changes (whoever changes it says what follows)."""

    KEY = "key"
    """A key or click that did nothing, and why (or what the next digit picks): ends with the
    next key that acts."""
    EARLY = "early"
    """A move key pressed while the other side was to move, not played: ends with the next key
    that acts, and outlives the other side's move (else a quick reply took it off the screen at
    once, and the key was lost unsaid)."""
    ANSWER = "answer"
    """What a key did (undone, saved, loaded, a setting changed): ends with the next change."""
    START = "start"
    """What the start of the game decided (the coin flip): ends with your first move."""
    COACH = "coach"
    """The coach's word on your last move: ends when the move is taken back or you move again."""
    ANALYSIS = "analysis"
    """A hint, the overlay's legend, or what is being worked out: ends with the position, or when
    the hint and the overlay go."""
    BOARD = "board"
    """The window is too small for the whole board: ends when the board fits."""
    NARROW = "narrow"
    """The window is too narrow for the sidebar F2 asked for: ends when it is wide enough, or
    with the next key that acts."""
    FAULT = "fault"
    """A search or a check that failed: ends with the next change."""
    AWAY = "away"
    """A move key refused because the other side of the match is away: said only while the
    match's presence still says so, in its words (it ends when the other side is back)."""


@dataclass(frozen=True)
class Notice:
    """A line the status says below the headline, and its :class:`Cause`."""

    text: str
    cause: Cause

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Said:
    """Everything the status line says, decided: the widget lays it out and adds nothing."""

    headline: str = ""
    banner: str = ""
    """Online, the line that stays (shown whole)."""
    notice: Notice | None = None
    """An answer to the player (a key's refusal, what a key did)."""
    news: str = ""
    """The computer's last move or the friend's, or the match's news (below the notice where both fit)."""
    thinking: bool = False
    over: bool = False


def status_said(
    game: GameState,
    *,
    notice: Notice | None = None,
    thinking: bool = False,
    held: bool = False,
    paused: bool = False,
    match: MatchNews | None = None,
    past: int | None = None,
    mirror: tuple[bool, bool] = (False, False),
) -> Said:
    """What the status line says of ``game``: its headline (with where to play, named as the
    board is drawn (``mirror``: flipped), or how it ended, and whether the computer thinks, the
    coach holds the reply or the play is paused), the ``notice``, and the news. While the board
    shows the position after ``past`` moves, the headline says so and how to return. Online
    (``match``), while the other side cannot be played the headline says who is missing instead,
    a notice about an absence is kept only while it is still true (in the presence's words), and
    the banner goes once the match has ended."""
    presence = match.presence if match is not None else None
    blocked = presence is not None and (presence.ended or (not presence.here and not presence.moves_away))
    if presence is not None and blocked:
        headline = presence.headline
    elif match is not None and match.sent:  # (not "Your turn": the move is made, and not yet drawn)
        headline = f"Your move {match.sent} waits for the host's answer"
    else:
        looking = past is not None and past < game.ply
        headline = looking_back(past, game.ply) if past is not None and looking else game.turn_text()
        presentation = presentation_of(game.board)
        where = "" if looking else presentation.where_to_play(game.board, mirror)
        ending = presentation.ending(game.board, game.symbol) if game.board.is_over and not looking else ""
        if where:
            headline += f" — play in {where}"
        elif ending:
            headline += f" — {ending}"
        if thinking:
            headline += "  ·  [b]thinking…[/b]"
        elif held:
            headline += "  ·  waiting for you"
        elif paused and game.level_to_move:
            headline += "  ·  paused (p to resume)"
    if notice is not None and notice.cause is Cause.AWAY:
        refusal = presence.refusal() if presence is not None else None
        notice = Notice(refusal, Cause.AWAY) if refusal else None
    banner = match.banner if match is not None and presence is not None and not presence.ended else ""
    news = (match.text if match is not None else "") or game.move_news()
    return Said(headline, banner, notice, news, thinking and not blocked, game.board.is_over)


def looking_back(past: int, total: int) -> str:
    """What the headline says while the board shows the position after ``past`` of ``total`` moves."""
    return f"Looking back at {_moment(past, total)}: press End to return"


def looking_back_refusal(past: int) -> Notice:
    """Why a move key played nothing while the board shows the position after ``past`` moves."""
    return Notice(f"Not played while looking back at {_moment(past)}: press End to return to play", Cause.KEY)


def _moment(past: int, total: int | None = None) -> str:
    """``the start``, ``move 5`` or (of ``total``) ``move 5 of 12``."""
    return "the start" if past == 0 else f"move {past}" + ("" if total is None else f" of {total}")


#: Why a finished game cannot be taken back: it ended here, and was counted and archived once.
FINAL = Notice("Over and counted: n new game, g replays it", Cause.KEY)
#: Why a game that was over when it was loaded cannot be taken back (it was counted nowhere here).
OVER_WHEN_LOADED = Notice("Over when loaded, so not counted: n new game, v reviews it", Cause.KEY)
#: What the status adds, once, to the notice of the key whose help left a game unrated (short:
#: the overlay's legend takes two lines at 80×24 already, and the computer's news goes under it).
UNRATED = " (game unrated)"


def coin_flip_news(settings: Settings, game: GameState) -> Notice | None:
    """What the start of the game decided (who goes first after a coin flip), if anything."""
    news = game.table.news(game, settings.first)
    return Notice(news, Cause.START) if news else None
