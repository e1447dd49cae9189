"""The game screen's ways to its other screens: the statistics, the archive, the puzzles and
the review of the game that just ended. A position played on from a replay comes back to the
game screen as :class:`~..game.messages.PlayOn`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine import Move
from ..game.messages import PlayOn
from ..game.play import PlayScreen

if TYPE_CHECKING:
    from ...store.archive import GameRecord
    from ...store.savefile import SavedGame


class OtherScreens:
    """Opens the other screens over the game screen (made when one is first opened)."""

    def __init__(
        self, screen: PlayScreen, keypad: Callable[[], Callable[[int], Move]], marked: Callable[[], None]
    ) -> None:
        """``keypad``: the player's key layout now (the square each number key names on 3×3);
        ``marked``: called when a review has marked moves (:attr:`marks`)."""
        self._screen = screen
        self._keypad = keypad
        self._marked = marked
        self.marks: dict[tuple[Move, ...], str] = {}
        """The marks of the games reviewed from here (``??``, ``?``, ``?!``), by the line up to each move."""

    def statistics(self) -> None:
        """Show the lasting statistics (or say why there are none)."""
        from ...store.archive import ArchiveError
        from .dialogs.statistics import StatsScreen

        screen = self._screen
        try:
            statistics = screen.host.archive.statistics()
        except ArchiveError as error:
            screen.notify(str(error), title="No statistics", severity="error")
            return
        screen.app.push_screen(StatsScreen(statistics))

    def archive(self) -> None:
        """Browse the finished games; replaying one may end in playing on from it."""
        from .archive import ArchiveScreen

        host = self._screen.host
        self._screen.app.push_screen(ArchiveScreen(host.archive, host.searcher, files=host.game_files), self._played_on)

    def puzzles(self, closed: Callable[[None], None] | None = None) -> None:
        """Show the puzzles; ``closed`` runs when the player leaves them."""
        from .puzzles import PuzzleScreen

        host = self._screen.host
        self._screen.app.push_screen(
            PuzzleScreen(host.archive, self._keypad(), host.searcher, seed=host.rng.getrandbits(32)), closed
        )

    async def review(self) -> None:
        """Review the game that just ended (the screen's game, which is over): its replay,
        every move judged (and kept with the game in the archive, so the next ``v`` shows it
        at once)."""
        from .replay import ReplayScreen

        screen = self._screen
        record = await screen.archived_record()
        host = screen.host
        replay = ReplayScreen(record, host.archive, host.searcher, review=True, files=host.game_files)

        def closed(position: SavedGame | bool | None) -> None:
            self._reviewed(record)
            self._played_on(position)

        screen.app.push_screen(replay, closed)

    def _reviewed(self, record: GameRecord) -> None:
        """The review of ``record`` closed: its marks go beside the moves in the history (if it
        was reviewed to the end and kept)."""
        from ...engine.review import FORMAT, loads
        from ...store.archive import ArchiveError

        try:
            kept = None if record.id is None else self._screen.host.archive.kept_review(record.id, FORMAT)
        except ArchiveError:
            return
        review = None if kept is None else loads(kept)
        if review is None:
            return
        for ply, mark in review.annotations().items():
            self.marks[record.moves[:ply]] = mark
        self._marked()

    def _played_on(self, position: SavedGame | bool | None) -> None:
        """A replay closed: play on from ``position`` if it handed one."""
        from ...store.savefile import SavedGame

        if isinstance(position, SavedGame):
            self._screen.post_message(PlayOn(position))
