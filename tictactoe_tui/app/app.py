"""The Textual app: a thin shell around the game screen. It loads and keeps the settings and
the theme, opens the archive, owns the search process and the keys that work everywhere."""

from __future__ import annotations

import gc
import random
import sys
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..engine.games import STRATEGY_NAMES
from ..game import GameState, Preset, Settings
from ..store.files import Paths, update_json
from ..store.settings import DEFAULT_THEME, load_settings, settings_to_json
from .game.aiming import BOARD_BINDINGS
from .game.game_screen import GameScreen
from .game.keeping import GameKeeper, crash_line
from .themes import THEMES
from .widgets.board.view import BoardView
from .work.ai import ProcessSearcher, Searcher

if TYPE_CHECKING:  # loaded when first used: the first frame needs only the board and status
    from textual.driver import Driver

    from ..net import OnlinePlan
    from ..store.archive import Archive
    from ..store.savefile import SavedGame
    from .transfer import GameFiles

#: Pause between moves in computer-vs-computer games, so people can follow them.
WATCH_DELAY = 0.6
#: Seconds a thread waits for the GIL while the game starts (Python's default is 5 ms): the
#: thread that writes the first frame to the terminal takes it this soon after the frame is
#: queued, though the main thread goes straight on to open the archive and mount the sidebar.
START_SWITCH_INTERVAL = 0.0002
#: Python's switch interval, as it was when the app was loaded: the one restored after the start.
SWITCH_INTERVAL = sys.getswitchinterval()


class TicTacToeApp(App[None]):
    """Tic-tac-toe: the game screen, the user's settings and theme, and the computer player."""

    CSS_PATH = "tictactoe.tcss"
    TITLE = "tictactoe-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        paths: Paths | None = None,
        load: SavedGame | None = None,
        online: OnlinePlan | None = None,
        overrides: Mapping[str, Any] | None = None,
        searcher: Searcher | None = None,
        seed: int | None = None,
        watch_delay: float = WATCH_DELAY,
        puzzles: bool = False,
        visitor: bool = False,
    ) -> None:
        """``paths``: where settings and statistics persist (None: nothing is saved).
        ``visitor``: a stranger plays through ``serve``: nothing of this machine is theirs (give
        no ``paths``): their games are downloaded and pasted, and they cannot go online from here.
        ``load``: a game to resume. ``online``: host or join a match against a friend.
        ``overrides``: settings chosen on the command line. ``puzzles``: open on the puzzles.
        By default the computer searches in a child process. Without ``paths`` the game
        archive lives in memory."""
        super().__init__()
        self.rng = random.Random(seed)
        self.searcher: Searcher = searcher or ProcessSearcher()
        self.paths = paths
        self.watch_delay = watch_delay
        self.open_puzzles = puzzles
        self.visitor = visitor
        self.problems: list[str] = []
        for custom in THEMES:
            self.register_theme(custom)
        from ..plugins import problems as plugin_problems

        self.plugin_problems = plugin_problems()
        """A line for each plug-in left out (the plug-ins are loaded before settings are read)."""
        stored, theme = Settings(), DEFAULT_THEME
        if paths is not None:  # settings as on disk: only what this copy changes is written back
            stored, theme, problem = load_settings(paths, STRATEGY_NAMES, self.available_themes)
            self.problems += [problem] if problem else []
        self._archive: Archive | None = None
        # a board chosen on the command line that the saved computer player cannot play: another
        # player, for this launch only, as the sidebar does
        # a game loaded from the command line brings its game and board, for this launch only
        launch = {**(overrides or {}), **({} if load is None else {"preset": Preset.of(load.board)})}
        chosen, self.switched = replace(settings or stored, **launch).with_playable_level()
        if online is not None:
            from ..net import HostPlan, MailboxHostPlan
            from ..table import ONLINE_HOST, ONLINE_JOIN

            hosting = isinstance(online, HostPlan | MailboxHostPlan)
            chosen = replace(chosen, mode=(ONLINE_HOST if hosting else ONLINE_JOIN).name)
        elif chosen.table.online:  # a match starts from the command line, or with n after choosing it
            chosen = replace(chosen, mode=Settings().mode)
        given = settings_to_json(settings or stored, theme)
        self._launch_only = {
            key: value for key, value in settings_to_json(chosen, theme).items() if given[key] != value
        }
        """Choices made on the command line: for this launch only, written once changed in the app."""
        self._saved_settings = settings_to_json(stored, theme)
        """The settings file as this copy last read or wrote it: only what differs is written."""
        if load is None:
            first = GameState.start(chosen, self.rng)
        else:
            from .game.saving import resumed

            first = resumed(chosen, load)
        offers = paths is not None and load is None and not puzzles
        self.online_after_offer = online if offers else None
        """Where to go online once the player has answered whether to take up a match kept from
        before a crash (hosting or joining waits for the answer: a direct host's port is the same)."""
        self.game_screen = GameScreen(self, chosen, first, None if offers else online)
        """The screen the game is played on (under any dialog or archive screen)."""
        self._unwritten: Settings | None = None
        """Settings changed but not yet drawn, so not yet written."""
        self.keeper = None if paths is None else GameKeeper(self, paths)
        """The game in progress on disk after every move (None: nothing is saved)."""
        self.loaded = load
        """The game the command line loaded (its first line says so)."""
        self.offer_left_behind = offers
        """Whether to offer a game a copy of the app left unfinished (not when told what to play)."""
        self.crash: str | None = None
        """The line that tells an unhandled error, naming the log with its traceback."""
        self.theme = theme if theme in self.available_themes else DEFAULT_THEME

    def get_driver_class(self) -> type[Driver]:
        from .terminal import driver_for

        return driver_for(super().get_driver_class())

    def get_default_screen(self) -> GameScreen:
        return self.game_screen

    def on_mount(self) -> None:
        if self.keeper is not None:  # the first game is kept after the first frame (its writing thread starts then)
            keeper = self.keeper
            self.watch(self.game_screen, "game", lambda game: keeper.keep(game, self.game_screen.online), init=False)
        sys.setswitchinterval(START_SWITCH_INTERVAL)  # Python's own again once the start is drawn
        for problem in self.problems:
            self.notify(problem, title="Problem with saved data", severity="warning", timeout=12)
        for problem in self.plugin_problems:
            self.notify(problem, title="Plug-in", severity="warning", timeout=12)
        if self.switched:
            self.notify(self.switched, title="Computer", timeout=12)
        if self.loaded is not None:  # the start's news: what was loaded
            from .game.messages import Saved  # (in its file as it stands: leaving it loses nothing)
            from .game.saving import loaded_news
            from .widgets.status import Cause

            news = loaded_news(self.loaded.source, self.loaded)
            self.game_screen.post_message(Saved(self.game_screen.game, news, Cause.START))
        self.call_after_refresh(self.after_first_frame)

    def after_first_frame(self) -> None:
        """Open the archive and start the search process (off the event loop; a failure shows
        on the first search). Turn the garbage collector back on if the command line held it
        off for the start."""
        if not gc.isenabled():
            gc.freeze()  # what the start loaded stays for good: later collections skip it
            gc.enable()
        from .widgets.notices import tell_archive_news

        tell_archive_news(self, self.archive)
        if self.keeper is not None:
            self.keeper.keep(self.game_screen.game)
            if self.offer_left_behind:
                self.keeper.offer(self.game_screen, self.game_screen.parts.online, self.online_after_offer)
        if self.open_puzzles:  # tictactoe-tui puzzle: leaving the puzzles returns to the shell
            self.game_screen.parts.elsewhere.puzzles(lambda _closed: self.exit())
        if isinstance(self.searcher, ProcessSearcher):
            self.searcher.prepare()
            self.run_worker(self.searcher.process.start, thread=True, group="startup", exit_on_error=False)
        self.call_after_refresh(sys.setswitchinterval, SWITCH_INTERVAL)  # once the sidebar is drawn

    async def on_unmount(self) -> None:
        self._write_settings()  # applied, and the app ends well: drawn or not, kept
        if self.keeper is not None and self.return_code in (None, 0):  # quit: nothing left behind
            self.keeper.close()
        sys.setswitchinterval(SWITCH_INTERVAL)  # (the app may quit before its start is drawn)
        await self.game_screen.close()  # a search in progress stops when the app quits
        self.searcher.close()
        if self._archive is not None:
            self._archive.close()

    @cached_property
    def game_files(self) -> GameFiles:
        """Where the player's saved games go and come from: the browser for a visitor, else a folder."""
        from .transfer import Browser, Folder  # loaded when first saved or loaded: the first frame needs neither

        if self.visitor:
            return Browser()
        return Folder(Path.cwd() if self.paths is None else self.paths.saved_games)

    @property
    def archive(self) -> Archive:
        """The game archive, opened on first use (in memory without ``paths``)."""
        if self._archive is None:
            from ..store.archive import Archive

            self._archive = Archive(None) if self.paths is None else Archive.open(self.paths)
        return self._archive

    def action_help(self) -> None:
        """Show every key."""
        own = [binding for binding in GameScreen.BINDINGS if binding not in BOARD_BINDINGS]  # listed as the board's
        bindings = [*own, *self.BINDINGS, *BoardView.BINDINGS]
        from .screens.help import HelpScreen
        from .screens.replay import ReplayScreen

        replay = [binding for binding in ReplayScreen.BINDINGS if isinstance(binding, Binding)]
        self.push_screen(HelpScreen([b for b in bindings if isinstance(b, Binding)], replay))

    async def action_quit(self) -> None:
        """Quit; with a game half played, ask first (Ctrl+S saves it). Over a yes/no question
        (the one screen that leaves q to the app) q waits for its answer: in a burst such as
        "nq" the new game's question is up when q arrives."""
        from .screens.dialogs.confirm import ConfirmScreen

        await self.game_screen.whole()  # a q at once: the sidebar's parts finish mounting first
        if not await BoardView.settled(self.game_screen):
            return
        if not (self.game_screen.unfinished and isinstance(self.screen, ConfirmScreen)):
            self.game_screen.leave_unfinished("Quit", self.exit)

    def remember(self, settings: Settings) -> None:
        """Write the settings (and theme) the player changed once they have been applied and
        drawn (a choice that cannot be drawn is never saved, so the next start does not meet it),
        leaving alone what another copy of the app may have changed in the file since."""
        if self.paths is None or not self.is_running:
            return
        if self._unwritten is None:
            self.call_after_refresh(self._write_settings)
        self._unwritten = settings

    def _write_settings(self) -> None:
        settings, self._unwritten = self._unwritten, None
        if settings is None or self.paths is None or self.return_code not in (None, 0):  # not after a crash
            return
        if self.is_running:  # the board drawn as the choice left it, at once: what cannot be drawn raises here
            for view in self.game_screen.query(BoardView):
                for y in range(view.size.height):
                    view.render_line(y)
        current = settings_to_json(settings, self.theme)
        self._launch_only = {key: value for key, value in self._launch_only.items() if current[key] == value}
        changed = {
            key: value
            for key, value in current.items()
            if self._saved_settings.get(key) != value and key not in self._launch_only
        }
        if changed:
            self._saved_settings = current
            problem = update_json(self.paths.settings, changed)
            if problem:
                self.notify(problem, title="Not saved", severity="warning", timeout=10)

    def watch_theme(self) -> None:
        self.remember(self.game_screen.settings)

    def _handle_exception(self, error: Exception) -> None:
        """An unhandled error ends the app (non-zero exit) with one line naming a log of its
        traceback, instead of the traceback over the board (Textual's own hook for it)."""
        if self.crash is None:
            self.crash = crash_line(self.paths, error)
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if self.crash is None:
            super()._print_error_renderables()
            return
        self._exit_renderables.clear()
        print(self.crash, file=sys.stderr)


def run_app(
    load: SavedGame | None = None,
    online: OnlinePlan | None = None,
    choices: Mapping[str, Any] | None = None,
    puzzles: bool = False,
    visitor: bool = False,
) -> int:
    """Run the game with the user's settings (``choices`` override them, e.g.
    ``{"preset": Preset(15, 15, 5)}``), hosting or joining a match if asked, or on the puzzles;
    as a ``visitor`` (``serve``'s browsers), with nothing of this machine's; returns the exit status."""
    paths = None if visitor else Paths.default()  # a visitor's settings, archive and games live and end with the app
    app = TicTacToeApp(paths=paths, load=load, online=online, overrides=choices, puzzles=puzzles, visitor=visitor)
    app.run()
    return app.return_code or 0
