"""The game screen's core: the game it holds, the reactives its widgets bind to, and the turn loop.

Whoever is to move takes their turn (the computer starts thinking; the others wait), unless a gate
holds it (the coach, over a move that gave something up); a move, played here or arriving as a
message, becomes the new state, and a game that ends is counted and archived. The parts of the
screen (online play, saving, hints) build on this class; the screen itself (:mod:`.game_screen`)
adds the keys. The screen's two modules alone assign its state: its parts return or post what they
decided. What the status line says is one value, :attr:`said`, made by one function
(:func:`~..widgets.said.status_said`) from the game, what happened and the board as drawn.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Mapping
from functools import cached_property, partial
from typing import TYPE_CHECKING, Protocol

from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker, WorkerError

from ...engine import Move
from ...engine.board import GameShape
from ...game import HINT, OVERLAY, TAKE_BACK, GameState, Scoreboard, Settings
from ...game.match_me import MatchMe
from ..widgets.chat_log import Chat
from ..widgets.said import FINAL, OVER_WHEN_LOADED, UNRATED, Cause, Notice, Said, coin_flip_news, status_said
from .aiming import centre

if TYPE_CHECKING:
    from ...engine.evaluation import Evaluation
    from ...store.archive import Archive, GameRecord
    from ..seats import SeatMoved, Seats
    from ..transfer import GameFiles
    from ..widgets.presence import MatchNews
    from ..work.ai import Searcher
    from .messages import Archived  # (posted after the first frame)


#: The coach, among the help that leaves a game unrated (the state keeps it as coached).
COACH = "coach"
#: Said under your rating in the score line when this game will not count in it (on a line of
#: its own: beside the rating it was cut, "(not this g…", in the sidebar's width).
NOT_THIS_GAME = "this game is unrated"


class GameHost(Protocol):
    """What the game screen needs from the app around it."""

    searcher: Searcher
    rng: random.Random
    watch_delay: float

    @property
    def game_files(self) -> GameFiles:
        """Where the player's saved games go and come from."""

    visitor: bool
    """A stranger plays through ``serve``: nothing of this machine is theirs, not even its network."""

    @property
    def archive(self) -> Archive:
        """The game archive."""

    def remember(self, settings: Settings) -> None:
        """Keep ``settings`` for the next launch."""


class PlayScreen(Screen[None]):
    """The game, its reactives and the turn loop."""

    # The screen draws nothing itself (its widgets do): repaint=False everywhere.
    game: reactive[GameState] = reactive(GameState.start(Settings(), random.Random(0)), init=False, repaint=False)
    settings: reactive[Settings] = reactive(Settings, init=False, repaint=False)
    cursor: reactive[Move] = reactive((1, 1), init=False, repaint=False)
    thinking: reactive[bool] = reactive(False, init=False, repaint=False)
    paused: reactive[bool] = reactive(False, init=False, repaint=False)
    held: reactive[bool] = reactive(False, init=False, repaint=False)
    """A gate holds the turn of the side to move (the coach: until you play on)."""
    notice: reactive[Notice | None] = reactive(None, init=False, repaint=False)
    """The status line's notice (the game screen alone says one)."""
    match: reactive[MatchNews | None] = reactive(None, init=False, repaint=False)
    """Online, what the match says: the code or whom the guest plays, its news, who is there."""
    said: reactive[Said] = reactive(Said, init=False, repaint=False)
    """What the status line says: computed from the game and what happened (:meth:`compute_said`)."""
    scores: reactive[Scoreboard] = reactive(Scoreboard, init=False, repaint=False)
    rating: reactive[str] = reactive("", init=False, repaint=False)
    """Your rating on the board in play, for the score line ('' before your first rated game there)."""
    overlay: reactive[bool] = reactive(False, init=False, repaint=False)
    marks: reactive[Mapping[int, str]] = reactive(dict, init=False, repaint=False)
    """The coach's and the review's marks beside the moves (``??``, ``?``, ``?!``), by ply (``ScreenParts.marks``)."""
    analysis: reactive[Evaluation | None] = reactive(None, init=False, repaint=False)
    """The overlay's and the evaluation bar's values for the position shown (None when off or not yet known)."""
    hint: reactive[Move | None] = reactive(None, init=False, repaint=False)
    coordinates: reactive[bool] = reactive(True, init=False, repaint=False)
    past: reactive[int | None] = reactive(None, init=False, repaint=False)
    """Looking back: the board shows the game after this many moves; None: as it stands (the game changed)."""
    mirror: reactive[tuple[bool, bool]] = reactive((False, False), init=False, repaint=False)
    """Whether the board's rows, and columns, are drawn in reverse (flipped, ``f``)."""
    chat: reactive[Chat] = reactive(Chat, init=False, repaint=False)
    """Online, the chat with the friend (its log)."""

    def __init__(self, host: GameHost, settings: Settings, first: GameState) -> None:
        """``first``: the game to show."""
        super().__init__()
        self.host = host
        self._seats: Seats | None = None  # online, the seats playing to the match (else local_seats)
        self.set_reactive(PlayScreen.settings, settings)
        self.set_reactive(PlayScreen.coordinates, settings.coordinates)
        self.set_reactive(PlayScreen.game, first)
        self.set_reactive(PlayScreen.cursor, centre(first.board))
        self.set_reactive(PlayScreen.scores, Scoreboard.for_game(first))
        self.finished: GameRecord | None = None
        """The last game that ended here, as it went to the archive."""
        self.archiving: Worker[None] | None = None
        """The worker writing it."""
        self.saved: GameState | None = None
        """The game as it was last saved to a file (Ctrl+S), if it was."""
        self._aids: dict[int, frozenset[str]] = {}
        """Help taken in the game of each number and not yet in its state."""
        self._unrated_news: str | None = None
        """The help that just made the game shown unrated, for the next notice to say."""

    @cached_property
    def local_seats(self) -> Seats:
        """This keyboard's seats, made on first use (after the first frame, which shows none)."""
        from ..seats import SeatPorts, Seats

        host, seconds = self.host, lambda: self.settings.think_seconds
        return Seats(SeatPorts(self, host.searcher, self.level_in_play, seconds, host.rng))

    @property
    def seats(self) -> Seats:
        """Who plays each kind of player's side (online, this keyboard's side plays to the match)."""
        return self.local_seats if self._seats is None else self._seats

    def compute_said(self) -> Said:
        return status_said(
            self.game,
            notice=self.notice,
            thinking=self.thinking,
            held=self.held,
            paused=self.paused,
            match=self.match,
            past=self.past,
            mirror=self.mirror,
        )

    def watch_settings(self, settings: Settings) -> None:
        self.coordinates = settings.coordinates
        self.host.remember(settings)

    @property
    def unfinished(self) -> bool:
        """Whether quitting or replacing the game now would leave it half played: it is not over
        and holds a move played at this keyboard, on the board or undone and waiting for redo,
        and it is not in a file as it stands (saved, and no move played or taken back since)."""
        game, saved = self.game, self.saved
        return game.unfinished and (saved is None or (saved.board, saved.seating) != (game.board, game.seating))

    def leave_unfinished(self, doing: str, then: Callable[[], None]) -> None:
        """Run ``then``, which replaces or ends the game, at once when nothing half played would
        be lost; else only after a yes to "``doing`` and leave this game unfinished?"."""
        if not self.unfinished:
            then()
            return
        from ..screens.dialogs.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        question = f"{doing} and leave this game unfinished? (n, then Ctrl+S, saves it)"
        if self.game.table.online and not (self.match and self.match.presence.ended):  # (the friend is told)
            question = f"{doing} and end the online game with your friend? (n, then Ctrl+S, saves it)"
        self.app.push_screen(ConfirmScreen(question), answered)

    def ended_here(self, game: GameState) -> bool:
        """Whether ``game`` ended on this screen, so was counted and archived here (a game loaded
        already over was neither)."""
        record = self.finished
        return record is not None and record.started_at == game.started and record.moves == (game.board.history or ())

    def over_refusal(self) -> Notice:
        """Why the game shown, which is over, cannot be taken back: what became of it here."""
        return FINAL if self.ended_here(self.game) else OVER_WHEN_LOADED

    # -- turns: whoever is to move takes their turn ----------------------------------------

    def news(self, game: GameState) -> Notice | None:
        """What the status says of ``game`` until something else happens: the start's news (who
        goes first, and the strength "match me" plays at)."""
        said = [str(news) for news in (coin_flip_news(self.settings, game), self.match_news(game)) if news]
        return Notice("; ".join(said), Cause.START) if said else None

    @cached_property
    def match_me(self) -> MatchMe:
        """What "match me" plays, chosen once a game from your rating on its board."""

        def rating_of(shape: GameShape) -> float | None:
            board = self.host.archive.rating(shape)
            return None if board is None else board.rating.rating

        return MatchMe(rating_of)

    def level_in_play(self) -> str:
        """The computer's level for the game shown: the one set, or what "match me" plays in it."""
        return self.match_me.level(self.settings.level, self.game)

    def match_news(self, game: GameState) -> str:
        """``Match me: playing at about 1650`` while "match me" plays, else ''."""
        return self.match_me.news(self.settings.level, game)

    def holds(self, game: GameState) -> bool:
        """Whether a gate holds the turn of the side to move in ``game`` (none here)."""
        return False

    def take_turns(self) -> None:
        """Let the seat to move take its turn (the computer starts thinking; the others wait,
        and the other side's seat gets ready for its turn), unless a gate holds it."""
        game = self.game
        self.held = not game.board.is_over and self.holds(game)
        if not game.board.is_over and not self.paused and not self.held:
            self.seats.to_move(game).take_turn(game)
            self.seats.waiting(game).wait_turn(game)
        self.thinking = self.seats.thinking

    def stop_turns(self) -> None:
        """Stop every search; what it returns later is dropped."""
        self.seats.stop()
        self.thinking = False

    def advance(self, game: GameState) -> GameState:
        """Show a position reached by playing a move, with the help taken since the last one
        (a hint, the overlay: they leave the game unrated); a game that ends here is counted.
        Returns the state shown: ``game`` itself, or a new one where help was taken (what a
        gate or a search about the position must be asked about: they go by identity)."""
        self.game = game = game.with_aids(self.aids_taken(game))
        if game.board.is_over:
            self.game_finished(game)
        return game

    def aids_taken(self, game: GameState) -> frozenset[str]:
        """The help taken in ``game`` that its state does not hold yet: a hint shown in it, the
        overlay on now."""
        taken = self._aids.get(game.number, frozenset())
        return taken | {OVERLAY} if self.overlay else taken

    def on_mount(self) -> None:
        self.watch(self, "game", self.helped, init=False)
        self.call_after_refresh(self.show_rating)  # the sidebar shows it: after the first frame

    def show_rating(self) -> None:
        """Put your rating on the board in play in the score line (against the computer, once
        you have one there), saying so when this game will not count in it; a board whose levels
        have no calibration is unrated."""
        game = self.game
        if not game.table.rates:
            self.rating = ""
            return
        from ...engine.strength import ratings_for

        shape = GameShape.of(game.board)
        if ratings_for(shape) is None:
            self.rating = "unrated on this board"  # no level ratings here
            return
        board = self.host.archive.rating(shape)
        rated = "" if game.rated and not self.aids_taken(game) else f"\n{NOT_THIS_GAME}"  # whole under it
        self.rating = "" if board is None else f"rating {board.rating.text()}{rated}"

    def helped(self, old: GameState, new: GameState) -> None:
        """Say, the first time, that a take-back or the coach left a game that would have been
        rated unrated (with what the key or the coach's switch says)."""
        if new.number != old.number:
            self._unrated_news = None
        elif old.rated and not self._aids.get(new.number) and not new.rated and not new.board.is_over:
            self._unrated_news = TAKE_BACK if TAKE_BACK in new.aids else COACH
            self.show_rating()

    def watch_hint(self, hint: Move | None) -> None:
        if hint is not None:
            self.aid(HINT)

    def watch_overlay(self, overlay: bool) -> None:
        if overlay:
            self.aid(OVERLAY)

    def aid(self, aid: str) -> None:
        """Note help taken in the game shown (it goes into the state with the next move: replacing
        the state now would drop the searches asked about it); the first time help leaves a game
        that would have been rated unrated, the next notice says so."""
        game = self.game
        first = game.rated and not game.board.is_over and not self._aids.get(game.number)
        self._aids[game.number] = self._aids.get(game.number, frozenset()) | {aid}
        if first:
            self._unrated_news = aid
            self.show_rating()

    def validate_notice(self, notice: Notice | None) -> Notice | None:
        """The notice, saying once that the game is unrated now when help just made it so: on what the
        take-back key or the coach's switch says, or on the hint or the overlay once its values are shown."""
        aid = self._unrated_news
        waits = aid in (HINT, OVERLAY) and self.hint is None and self.analysis is None  # for the values
        if notice is None or aid is None or waits:
            return notice
        self._unrated_news = None
        return Notice(f"{notice}{UNRATED}", notice.cause)

    # -- moves that arrive as messages ------------------------------------------------------

    def on_seat_moved(self, message: SeatMoved) -> None:
        """Play a seat's move (the computer's, a plug-in's), unless the game moved on since its
        turn began or the seat no longer waits for it (then drop it). Where the next side is
        not played at this keyboard either (computers, watched), the next turn waits the
        watching pace."""
        game = self.game
        if message.state is not game or self.seats.to_move(game) is not message.seat:
            return
        if not message.seat.takes(message.token):
            return
        self.thinking = self.seats.thinking
        self.advance(game.play(message.move, message.ai))
        watching = not self.game.board.is_over and self.seats.to_move(self.game).refusal(self.game) is not None
        if watching and self.host.watch_delay:
            self.set_timer(self.host.watch_delay, self.take_turns)
        else:
            self.call_later(self.take_turns)

    # -- new games, and games that end ----------------------------------------------------------

    def new_game(self, game: GameState) -> None:
        """Replace the game; searches for the old one are cancelled and their results dropped. The
        sidebar shows its game and board (a loaded game's may differ from the settings')."""
        self.stop_turns()
        self.paused = False
        settings, switched = game.settings_for(self.settings)
        if settings != self.settings:
            self.settings = settings
        if switched:
            self.notify(switched, title="Computer", timeout=12)
        self.game = game
        self.cursor = centre(game.board)
        self.show_rating()
        if self.overlay:  # kept on from the game before: this one is unrated from its start
            self.aid(OVERLAY)
        self.take_turns()

    def game_finished(self, game: GameState) -> None:
        """Count a game that just ended in the session's scores (online, the match counts them),
        and keep it in the archive (written by a worker: another copy of the app may hold the
        database for a moment)."""
        if game.scored:
            self.scores = self.scores.count(game)
        from ...store.archive import GameRecord

        record = self.finished = GameRecord.of(game, self.settings.level)
        self.archiving = self.run_worker(partial(self._archive, record), name="archive", group="archive", thread=True)

    async def archived_record(self) -> GameRecord:
        """The game shown, which is over, as the archive keeps it: with its id once the archive
        worker has written it (this waits for that), else as it went there."""
        from ...store.archive import ArchiveError, GameRecord

        game, record = self.game, self.finished
        if record is None or not self.ended_here(game):
            return GameRecord.of(game, self.settings.level)  # not a game that ended here (say, one loaded)
        if self.archiving is not None:
            with contextlib.suppress(WorkerError):
                await self.archiving.wait()
        try:
            return self.host.archive.find(record) or record
        except ArchiveError:
            return record

    def _archive(self, record: GameRecord) -> None:
        """Run in a worker thread: write ``record``, then tell the screen how it went."""
        try:
            problem = self.host.archive.record(record)
        except Exception as error:  # the game goes on; the status says it was not kept
            problem = f"The game was not archived: {error}"
        from .messages import Archived

        self.post_message(Archived(problem))

    def on_archived(self, message: Archived) -> None:
        self.show_rating()  # the game just kept may have moved it
        if message.problem:
            self.notify(message.problem, title="Not saved", severity="warning", timeout=10)
