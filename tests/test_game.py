"""The game session model: turns, undo/redo along the line, time travel, texts."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.engine.players import Decision
from tictactoe_tui.game import AiMove, FirstPlayer, GameState, MarkChoice, Settings
from tictactoe_tui.table import TWO_PLAYERS

TWO = Settings(mode=TWO_PLAYERS.name)


def played(settings: Settings, *moves: tuple[int, int]) -> GameState:
    state = GameState.start(settings, random.Random(0))
    for move in moves:
        state = state.play(move)
    return state


def test_two_players_undo_and_redo_one_move_at_a_time() -> None:
    state = played(TWO, (1, 1), (0, 0), (2, 2))
    assert state.undo_target() == 2
    back = state.at_ply(2)
    assert str(back.board) == "o../.x./..."
    assert back.redo_target() == 3
    assert back.at_ply(3).board == state.board


def test_against_the_computer_undo_takes_back_your_move_and_its_reply() -> None:
    state = played(Settings(), (1, 1), (0, 0), (2, 2), (0, 2))  # you are X
    assert state.undo_target() == 2
    assert state.at_ply(2).undo_target() == 0
    assert state.at_ply(0).undo_target() is None
    assert state.at_ply(0).redo_target() == 2
    # While the computer is still to move, undo takes back just your move.
    assert played(Settings(), (1, 1)).undo_target() == 0


def test_when_the_computer_moved_first_there_is_nothing_before_your_first_turn() -> None:
    state = played(Settings(first=FirstPlayer.COMPUTER), (1, 1))
    assert state.undo_target() is None
    assert played(Settings(first=FirstPlayer.COMPUTER), (1, 1), (0, 0), (2, 2)).undo_target() == 1


def test_playing_after_going_back_forgets_the_undone_moves() -> None:
    state = played(TWO, (1, 1), (0, 0), (2, 2)).at_ply(1).play((0, 1))
    assert state.line == ((1, 1), (0, 1))
    assert state.redo_target() is None


def test_each_move_is_kept_once_the_board_its_moves_and_the_state_only_the_undone() -> None:
    state = played(TWO, (1, 1), (0, 0), (2, 2))
    assert "line" not in {field.name for field in fields(GameState)}
    back = state.at_ply(1)
    assert back.board.history == ((1, 1),)
    assert back.undone == ((0, 0), (2, 2))
    assert back.line == state.line == ((1, 1), (0, 0), (2, 2))
    assert back.at_ply(3).undone == ()


def test_a_line_shown_part_of_the_way_must_begin_with_the_boards_moves() -> None:
    start = played(TWO, (1, 1))
    whole = start.with_line(((1, 1), (0, 0)), (0.0, 1.5))
    assert (whole.board, whole.line, whole.times) == (start.board, ((1, 1), (0, 0)), (0.0, 1.5))
    with pytest.raises(ValueError, match="begin with the board's moves"):
        start.with_line(((0, 0), (1, 1)), (0.0, 1.5))


def test_the_computers_last_move_is_news_until_your_move_ends_the_game() -> None:
    state = GameState.start(Settings(), random.Random(0))  # you are X
    for move in [(1, 1), (0, 0), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (0, 1)]:
        ai = None if state.board.to_move is Mark.X else AiMove("O", move, 0.001, Decision(move, value=0), "impossible")
        state = state.play(move, ai)
    assert state.last_ai is not None
    state = state.play((2, 2))
    assert state.board.is_over
    assert state.board.winner is None
    assert state.last_ai is None


def test_the_archive_records_the_levels_that_played_not_the_one_set_at_the_end() -> None:
    """A win against ``easy`` with the level switched to ``impossible`` before the last move was
    recorded as a win against ``impossible``."""
    from tictactoe_tui.store.record import GameRecord

    def computer(move: tuple[int, int], level: str) -> AiMove:
        return AiMove("O", move, 0.001, Decision(move, value=0), level)

    start = GameState.start(Settings(level="easy"), random.Random(0))  # you are X
    against_easy = start.play((1, 1)).play((2, 0), computer((2, 0), "easy")).play((0, 0))
    won = against_easy.play((1, 0), computer((1, 0), "easy")).play((2, 2))
    assert won.board.winner is Mark.X
    record = GameRecord.of(won, "impossible")  # the level set when the game ended
    assert (record.level, record.seating.players[1], record.players_by_symbol) == ("easy", "computer", ("you", "easy"))
    mixed = against_easy.play((1, 0), computer((1, 0), "impossible")).play((2, 2))
    record = GameRecord.of(mixed, "impossible")
    assert (record.level, record.players_by_symbol) == ("easy+impossible", ("you", "easy+impossible"))
    assert GameRecord.of(start, "hard").level == "hard"  # the computer never moved: the level set


def test_the_computers_winning_move_is_news_without_its_outlook() -> None:
    """Under "The computer wins", "O played c1 — O wins with best play (1.0 ms)" said it again,
    as a prediction, what the result had made a fact."""
    state = GameState.start(Settings(), random.Random(0))  # you are X
    for move in [(1, 1), (0, 0), (2, 2), (0, 1)]:
        ai = None if state.board.to_move is Mark.X else AiMove("O", move, 0.001, Decision(move, value=1), "impossible")
        state = state.play(move, ai)
    assert state.move_news() == "O played b1 — O wins with best play (1.0 ms)"
    state = state.play((2, 0)).play((0, 2), AiMove("O", (0, 2), 0.001, Decision((0, 2), value=1), "impossible"))
    assert state.board.winner is Mark.O
    assert state.move_news() == "O played c1 (1.0 ms)"
    assert GameState.start(Settings(), random.Random(0)).move_news() == ""


def test_time_travel_refuses_plies_outside_the_game() -> None:
    with pytest.raises(ValueError, match="outside"):
        played(TWO, (1, 1)).at_ply(2)


def test_move_list_numbers_moves_and_shows_the_chosen_symbols() -> None:
    assert played(TWO, (1, 1), (0, 0), (2, 2)).move_list() == ["1. X b2", "2. O a1", "3. X c3"]
    swapped = played(Settings(first=FirstPlayer.COMPUTER, mark=MarkChoice.X), (1, 1), (0, 0))
    assert swapped.move_list() == ["1. O b2", "2. X a1"]


def test_turn_texts() -> None:
    assert played(Settings()).turn_text() == "Your turn (X)"
    assert played(Settings(), (1, 1)).turn_text() == "Computer's turn"
    assert played(TWO, (0, 0), (1, 0), (0, 1), (1, 1), (0, 2)).turn_text() == "X wins"
    you_lose = played(Settings(), (1, 0), (0, 0), (2, 1), (0, 1), (2, 2), (0, 2))
    assert you_lose.board.winner is Mark.O
    assert you_lose.turn_text() == "The computer wins"


ACTIONS = st.tuples(st.sampled_from(["play", "undo", "redo", "jump"]), st.integers(0, 99))


@given(st.lists(ACTIONS, max_size=40))
def test_the_board_always_shows_the_first_ply_moves_of_the_line(actions: list[tuple[str, int]]) -> None:
    state = GameState.start(TWO, random.Random(0))
    for action, number in actions:
        if action == "play" and not state.board.is_over:
            moves = state.board.legal_moves()
            state = state.play(moves[number % len(moves)])
        elif action == "undo" and state.undo_target() is not None:
            state = state.at_ply(state.undo_target() or 0)
        elif action == "redo" and state.redo_target() is not None:
            state = state.at_ply(state.redo_target() or 0)
        elif action == "jump":
            state = state.at_ply(number % (len(state.line) + 1))
        replayed = Board.empty()
        for move in state.line[: state.ply]:
            replayed = replayed.play(move)
        assert replayed == state.board
        assert state.board.history == state.line[: state.ply]


def test_a_level_is_kept_without_asking_its_players_as_every_level_plays_every_board() -> None:
    """A start keeps a level as set without loading the players (the first frame shows none):
    that holds because every level plays every board a game offers; another strategy is
    still asked, and replaced where it does not play."""
    from tictactoe_tui.engine.games import GAMES, LEVEL_NAMES, LEVELS
    from tictactoe_tui.game import presets_for

    for name in GAMES:
        for preset in presets_for(name):
            for level in LEVEL_NAMES:
                assert LEVELS[level].supports(Board.empty_of(preset)), (name, preset.label, level)
                chosen = Settings(preset=preset, level=level)
                assert chosen.with_playable_level() == (chosen, None)
    misere = Settings(preset=presets_for("misere")[0], level="rules")
    assert misere.with_playable_level()[0].level == "impossible"
