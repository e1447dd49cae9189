"""The game screen's parts, each made when first needed (after the first frame, so that the
start loads none of them): the coach, hints and the analysis overlay, online play, the ways to
the other screens, and the palette's commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.command import Provider

from ...engine import Move
from ...game import GameState
from ..widgets.status import Notice
from .play import PlayScreen

if TYPE_CHECKING:
    from ..online.link import OnlineLink
    from ..online.play import OnlinePlay
    from ..screens.ways import OtherScreens
    from .coach import Coach
    from .hints import Hints


def game_commands() -> type[Provider]:
    """The palette's game commands (loaded when the palette first opens)."""
    from .commands import GameCommands

    return GameCommands


class ScreenParts:
    """What the game screen holds besides its core (:class:`PlayScreen`): each part is made
    on first use; one never made has nothing to say or stop."""

    def __init__(
        self, screen: PlayScreen, keypad: Callable[[], Callable[[int], Move]], show_marks: Callable[[], None]
    ) -> None:
        """``keypad``: the player's key layout now (the puzzles use it); ``show_marks``: the
        screen puts the marks in force (:meth:`marks`) beside its moves."""
        self._screen = screen
        self._keypad = keypad
        self.show_marks = show_marks
        self._coach: Coach | None = None
        self._hints: Hints | None = None
        self._online: OnlinePlay | None = None
        self._elsewhere: OtherScreens | None = None

    @property
    def coach(self) -> Coach:
        """The coach."""
        if self._coach is None:
            from .coach import Coach

            self._coach = Coach(self._screen, self._screen.host.searcher, self.show_marks)
        return self._coach

    @property
    def hints(self) -> Hints:
        """Hints and the analysis overlay."""
        if self._hints is None:
            from .hints import Hints

            self._hints = Hints(self._screen)
        return self._hints

    @property
    def online(self) -> OnlinePlay:
        """Online play."""
        if self._online is None:
            from ..online.play import OnlinePlay

            self._online = OnlinePlay(self._screen)
        return self._online

    @property
    def elsewhere(self) -> OtherScreens:
        """The ways to the other screens (statistics, archive, puzzles, review)."""
        if self._elsewhere is None:
            from ..screens.ways import OtherScreens

            self._elsewhere = OtherScreens(self._screen, self._keypad, self.show_marks)
        return self._elsewhere

    @property
    def link(self) -> OnlineLink | None:
        """The match the screen plays in, if any."""
        return self._online.link if self._online is not None else None

    def marks(self, game: GameState) -> dict[int, str]:
        """The marks beside ``game``'s moves, by ply: the coach's verdicts, and where the game
        was reviewed, the review's (the last word), each while the line up to its move is
        ``game``'s."""
        judged = {**(self._coach.marks if self._coach else {}), **(self._elsewhere.marks if self._elsewhere else {})}
        return {len(line): mark for line, mark in judged.items() if game.line[: len(line)] == line}

    def remark(self, game: GameState) -> str:
        """The coach's remark on your last move while it stands as ``game`` shows it, else empty."""
        return self._coach.remark(game) if self._coach is not None else ""

    def holds(self, game: GameState) -> bool:
        """Whether the coach holds the reply in ``game`` (one never made holds nothing)."""
        return self._coach is not None and self._coach.holds(game)

    def judging(self, game: GameState) -> bool:
        """Whether the coach still judges the move that led to ``game``: nothing said of it yet."""
        return self._coach is not None and self._coach.judging(game)

    def game_changed(self, game: GameState, overlay: bool) -> Notice | None:
        """The screen shows ``game`` now: an analysis of the game before is dropped (and the
        ``overlay``, if on, asks about this one: what the status says of it); the coach drops
        a check or a hold of a position no longer shown (the screen shows the marks in force)."""
        if self._coach is not None:
            self._coach.game_changed(game)
        if self._hints is None:  # (the overlay, once on, made them)
            return None
        return self._hints.game_changed(game, overlay)

    async def close(self) -> None:
        """Drop the analysis in force and leave the match (the app is quitting)."""
        if self._hints is not None:
            self._hints.drop()
        if self.link is not None:
            await self.link.close()
