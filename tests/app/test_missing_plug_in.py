"""A plug-in's game, the plug-in gone: the archive lists its games and says what they need
instead of replaying them, the statistics count them, and a game in progress of it is kept
and offered again once the plug-in is back."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.archive import ArchiveScreen
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.games import Game, game_named, registered_game
from tictactoe_tui.engine.rules.misere import Misere
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.store.archive import Archive, GameRecord
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.in_progress import folder_of, left_behind
from tictactoe_tui.store.savefile import save

from ..helpers.app import TWO_PLAYERS


class Vanishing(Misere):
    """A plug-in's game (Misère's rules under another name), installed for a while."""

    name = "vanishing"
    title = "Vanishing"


def vanishing() -> Game:
    misere = game_named("misere")
    return Game(Vanishing(), misere.levels, misere.heuristic)


async def test_a_missing_plug_in_s_games_are_listed_counted_and_kept(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    with registered_game(vanishing()):
        settings = Settings(mode=TWO_PLAYERS.mode, preset=Preset(3, 3, 3, "vanishing"))
        game = GameState.start(settings, random.Random(1))
        for move in ((0, 0), (1, 1), (0, 1), (2, 2), (0, 2)):  # X completes the top row: X loses
            game = game.play(move)
        assert game.board.is_over
        archive = Archive.open(paths)
        archive.record(GameRecord.of(game, "impossible"))
        archive.close()
        folder_of(paths).mkdir(parents=True)
        unfinished = folder_of(paths) / "1-dead.ttt"
        save(unfinished, game.at_ply(2).board)  # a copy that crashed left it behind
    assert left_behind(paths) is None  # not offered: its game is not installed
    assert unfinished.exists()  # before: deleted without a word
    app = TicTacToeApp(
        Settings(mode=TWO_PLAYERS.mode), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0
    )
    async with app.run_test(notifications=True) as pilot:
        assert app.archive.statistics().archived == 1  # counted
        await pilot.press("g")
        assert isinstance(app.screen, ArchiveScreen)
        await pilot.press("enter")  # before: BoardError, unknown game 'vanishing', and the app ended
        await pilot.pause()
        assert isinstance(app.screen, ArchiveScreen)
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "needs the game 'vanishing', from a plug-in not installed now" in toasts
    with registered_game(vanishing()):  # the plug-in is back: so is the game left behind
        back = left_behind(paths)
        assert back is not None
        assert back.game.board.history == ((0, 0), (1, 1))


def test_a_game_at_a_table_whose_plug_in_is_gone_says_what_it_needs() -> None:
    game = GameState.start(Settings(mode=TWO_PLAYERS.mode), random.Random(1))
    for move in ((0, 0), (1, 1), (0, 1), (2, 2), (0, 2)):
        game = game.play(move)
    record = GameRecord.of(game, "impossible")
    assert record.missing is None
    gone = replace(record, id=7, seating=replace(record.seating, table="you vs lister", players=("you", "lister")))
    assert gone.missing == "Game #7 needs the table 'you vs lister', from a plug-in not installed now"
    assert gone.result_text == "X won"  # listed as it was


def test_a_game_in_progress_against_a_plug_in_s_player_is_kept_until_it_is_back(tmp_path: Path) -> None:
    from tictactoe_tui.table import PLAYERS, Player, Seating

    paths = Paths(tmp_path / "config", tmp_path / "data")
    folder_of(paths).mkdir(parents=True)
    lister = Player("lister", "Lister", "The lister's turn", "The lister wins")
    unfinished = folder_of(paths) / "1-dead.ttt"
    save(unfinished, Board.empty().play((1, 1)), Seating("you vs lister", ("you", lister.name)))
    assert left_behind(paths) is None
    assert unfinished.exists()  # before: "players must be two of ..." and the file deleted
    with PLAYERS.registered(lister.name, lister):
        back = left_behind(paths)
        assert back is not None
        assert back.game.seating is not None
        assert back.game.seating.players == ("you", "lister")
