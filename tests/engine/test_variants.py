"""The games beside the classic one: the registry, Gravity, Misère and Ultimate.

Each game's rules are checked by properties over random play (legal moves, results, the text
form), its exact values against the independent reference solver, its known results, and
every player that plays it against illegal moves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, BoardError, Budget, Mark, analyze, get_strategy, run_arena, strategy_names
from tictactoe_tui.engine.games import GAMES as REGISTERED
from tictactoe_tui.engine.games import game_of
from tictactoe_tui.engine.rules import RULES as GAMES
from tictactoe_tui.engine.rules import rules_named
from tictactoe_tui.engine.rules.ultimate import BLOCK_MASKS
from tictactoe_tui.engine.search import rules_mcts
from tictactoe_tui.game import KeyLayout

from ..helpers.engine import random_play
from ..helpers.reference import make_solver

SHAPES = [(game, *shape) for game, rules in GAMES.items() for shape in rules.presets]


def test_the_registry_names_each_game_once_and_refuses_unknown_ones() -> None:
    assert list(GAMES) == ["classic", "gravity", "misere", "ultimate"]
    assert rules_named(" Gravity ") is GAMES["gravity"]
    with pytest.raises(BoardError, match="unknown game 'chess': choose from classic, gravity"):
        rules_named("chess")
    for rules in GAMES.values():
        assert rules.presets, rules.name
        assert set(REGISTERED[rules.name].levels) == {"easy", "medium", "hard", "impossible"}


@pytest.mark.parametrize(("game", "rows", "cols", "k"), SHAPES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 81))
def test_random_play_keeps_every_rule(game: str, rows: int, cols: int, k: int, seed: int, plies: int) -> None:
    board = random_play(Board.empty(rows, cols, k, game), seed, plies)
    legal = board.legal_moves()
    assert all(board.at(move) is None for move in legal)
    assert bool(legal) != board.is_over
    assert board.is_draw == (board.is_over and board.winner is None)
    # The text form (with the last move where the game keeps it) reads back to the same position.
    assert Board.parse(str(board), k, game) == board
    # Every free square that is not legal is refused with a one-line reason.
    for cell in range(rows * cols):
        move = board.move_at(cell)
        if board.at(move) is None and move not in legal and not board.is_over:
            with pytest.raises(BoardError) as refused:
                board.play(move)
            assert "\n" not in str(refused.value)


@pytest.mark.parametrize("game", ["gravity", "misere", "ultimate"])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 40))
def test_no_player_ever_plays_an_illegal_move(game: str, seed: int, plies: int) -> None:
    rules = GAMES[game]
    rows, cols, k = rules.presets[-1] if game != "ultimate" else rules.presets[0]
    board = random_play(Board.empty(rows, cols, k, game), seed, plies)
    if board.is_over:
        return
    for name in strategy_names():
        player = get_strategy(name)
        if player.supports(board):
            move = player.choose(board, random.Random(seed), Budget.seconds(0.05))
            assert move in board.legal_moves(), (name, str(board))


@pytest.mark.parametrize(
    ("game", "rows", "cols", "k"),
    [("gravity", 4, 4, 4), ("gravity", 3, 5, 3), ("gravity", 3, 4, 3), ("misere", 3, 3, 3), ("misere", 3, 4, 3)],
)
def test_exact_values_agree_with_the_reference_from_the_empty_board(game: str, rows: int, cols: int, k: int) -> None:
    _, move_values = make_solver(rows, cols, k, gravity=game == "gravity", misere=game == "misere")
    board = Board.empty(rows, cols, k, game)
    expected = {divmod(i, cols): outcome for i, outcome in move_values(tuple("." * rows * cols)).items()}
    analysis = analyze(board)
    assert analysis.complete
    assert {mv.move: (mv.value, mv.plies) for mv in analysis.moves} == expected


@pytest.mark.parametrize(
    ("game", "rows", "cols", "k"), [("gravity", 4, 4, 4), ("misere", 3, 4, 3), ("misere", 3, 3, 3)]
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(1, 10))
def test_exact_values_agree_with_the_reference_on_random_positions(
    game: str, rows: int, cols: int, k: int, seed: int, plies: int
) -> None:
    board = random_play(Board.empty(rows, cols, k, game), seed, plies)
    if board.is_over:
        return
    _, move_values = make_solver(rows, cols, k, gravity=game == "gravity", misere=game == "misere")
    expected = {divmod(i, cols): v for i, v in move_values(tuple(str(board).replace("/", ""))).items()}
    assert {mv.move: (mv.value, mv.plies) for mv in analyze(board).moves} == expected, str(board)


# -- Gravity ----------------------------------------------------------------------------


def test_marks_fall_to_the_lowest_free_square_and_full_columns_are_refused() -> None:
    board = Board.empty(3, 3, 3, "gravity")
    assert board.legal_moves() == [(2, 0), (2, 1), (2, 2)]
    assert game_of(board).presentation.aim(board, (0, 1)) == (2, 1)
    board = board.play_all([(2, 1), (1, 1), (0, 1)])
    assert game_of(board).presentation.aim(board, (2, 1)) == (0, 1)
    with pytest.raises(BoardError, match="column 2 is full"):
        board.play((0, 1))
    with pytest.raises(BoardError, match="a mark in column 1 drops to 1-1"):
        board.play((0, 0))
    with pytest.raises(BoardError, match="floats"):
        Board.parse("x../.../..o", game="gravity")


def test_connect_four_names_a_square_by_the_key_that_plays_its_column_and_its_height() -> None:
    """Each column's number is the key that plays it; rows count from the floor: the first mark
    in the middle column is 4-1, the top of the last column 7-6 (before, "d6" and "g1": letters
    the keys did not type, rows counted from the top)."""
    board = Board.empty(6, 7, 4, "gravity")
    presentation = game_of(board).presentation
    rules = board.rules
    for key in range(1, board.cols + 1):
        landing = presentation.digit_square(board, (key,), KeyLayout.PHONE.square).square
        assert landing is not None
        assert board.name(landing) == f"{key}-1"
        assert rules.column_label(landing[1]) == str(key)
        assert board.square(f"{key}-1") == landing
    assert board.name((0, 6)) == "7-6"
    for row in range(board.rows):
        for col in range(board.cols):
            assert board.square(board.name((row, col))) == (row, col)


def test_connect_four_still_reads_the_names_older_files_wrote() -> None:
    """A game saved before columns were numbered wrote ``d6`` (column letter, row from the top)."""
    board = Board.empty(6, 7, 4, "gravity")
    assert board.square("d6") == (5, 3) == board.square("4-1")
    with pytest.raises(BoardError, match="off the 6x7 board"):
        board.square("8-1")
    with pytest.raises(BoardError, match="like 4-1"):
        board.square("4:1")


def test_number_keys_pick_columns_on_gravity_boards() -> None:
    board = Board.empty(6, 7, 4, "gravity").play((5, 3))
    assert game_of(board).presentation.digit_square(board, (4,), KeyLayout.PHONE.square).square == (4, 3)
    beyond = game_of(board).presentation.digit_square(board, (8,), KeyLayout.PHONE.square)
    assert (beyond.square, beyond.cursor, beyond.prompt) == (None, None, "Number keys 1–7 pick a column here")


def test_number_keys_in_ultimate_pick_the_board_then_its_square_where_you_may_play_in_any() -> None:
    presentation = game_of(Board.empty(9, 9, 3, "ultimate")).presentation
    board = Board.empty(9, 9, 3, "ultimate")
    first = presentation.digit_square(board, (7,), KeyLayout.KEYPAD.square)  # keypad: 7 is the top left
    assert (first.square, first.cursor, first.awaits_digit) == (None, (1, 1), True)
    assert first.prompt == "The top-left board: now a digit for its square"
    assert presentation.digit_square(board, (7, 3), KeyLayout.KEYPAD.square).square == (2, 2)
    assert presentation.digit_square(board, (7, 3), KeyLayout.PHONE.square).square == (6, 2)  # phone: 7 bottom left
    sent = board.play((4, 4))  # O is sent to the centre board: one digit names its square
    assert presentation.digit_square(sent, (1,), KeyLayout.PHONE.square).square == (3, 3)
    # O claims the centre board, then X sends O there: O may play in any open board but that one
    anywhere = board.play_all([(4, 4), (3, 3), (1, 1), (3, 4), (1, 4), (3, 5), (1, 7)])
    decided = presentation.digit_square(anywhere, (5,), KeyLayout.PHONE.square)
    assert (decided.square, decided.awaits_digit) == (None, False)
    assert decided.prompt == "The centre board is decided: pick an open board"


def test_connect_four_impossible_opens_in_the_centre_column() -> None:
    board = Board.empty(6, 7, 4, "gravity")
    for seed in range(3):
        assert get_strategy("impossible").choose(board, random.Random(seed)) == (5, 3)


def test_connect_four_impossible_beats_the_reference_bot_as_x() -> None:
    # A seeded sample of the 100-game series in docs/games/gravity.md (arena --game gravity --seed 1).
    result = run_arena("impossible", "mcts-1000", games=3, start=Board.empty(6, 7, 4, "gravity"), seed=11)
    assert result.x_wins == 3


def test_gravity_alphabeta_takes_a_win_and_blocks_a_threat() -> None:
    player = get_strategy("gravity-alphabeta")
    wins = Board.parse("......./......./......./......./......./xxx.ooo", game="gravity")
    assert player.choose(wins, random.Random(0)) == (5, 3)
    blocks = Board.parse("......./......./......./o....../o....../o.xx..x", game="gravity")
    assert player.choose(blocks, random.Random(0)) == (2, 0)


# -- Misère -----------------------------------------------------------------------------


def test_misere_3x3_is_a_draw_held_by_the_centre_and_the_opposite_square() -> None:
    analysis = analyze(Board.empty(3, 3, 3, "misere"))
    assert analysis.value == 0
    assert [mv.move for mv in analysis.best_moves] == [(1, 1)]

    def symmetric_player(board: Board) -> tuple[int, int]:
        if board.move_count == 0:
            return (1, 1)
        row, col = board.history[-1] if board.history else (0, 0)
        return (2 - row, 2 - col)

    # Against every line of O's, the centre and the point-symmetric answers never complete a line.
    def never_loses(board: Board) -> bool:
        if board.is_over:
            return board.winner is not Mark.O
        if board.to_move is Mark.X:
            return never_loses(board.play(symmetric_player(board)))
        return all(never_loses(board.play(move)) for move in board.legal_moves())

    assert never_loses(Board.empty(3, 3, 3, "misere"))


def test_completing_a_line_loses_in_misere() -> None:
    board = Board.parse("xx./oo./...", game="misere").play((0, 2))
    assert board.winner is Mark.O
    assert board.winning_line == ((0, 0), (0, 1), (0, 2))
    with pytest.raises(BoardError, match="X has lost, but the game went on"):
        Board.parse("xxx/oo./o..", game="misere")


@pytest.mark.parametrize("seat", [Mark.X, Mark.O])
def test_impossible_never_loses_misere_3x3_against_any_line(seat: Mark) -> None:
    player = get_strategy("impossible")
    seen: set[tuple[int, int]] = set()

    def holds(board: Board) -> bool:
        if board.is_over:
            return board.winner in (seat, None)
        if (board.x_bits, board.o_bits) in seen:
            return True
        seen.add((board.x_bits, board.o_bits))
        if board.to_move is seat:
            return holds(board.play(player.choose(board, random.Random(board.move_count))))
        return all(holds(board.play(move)) for move in board.legal_moves())

    assert holds(Board.empty(3, 3, 3, "misere"))


def test_the_five_rules_refuse_misere_and_ultimate_but_play_gravity() -> None:
    rules = get_strategy("rules")
    assert not rules.supports(Board.empty(3, 3, 3, "misere"))
    assert not rules.supports(Board.empty(9, 9, 3, "ultimate"))
    assert rules.supports(Board.empty(6, 7, 4, "gravity"))
    assert not get_strategy("opening-table").supports(Board.empty(3, 3, 3, "misere"))


# -- Ultimate ---------------------------------------------------------------------------


def test_a_move_sends_the_opponent_to_the_matching_small_board() -> None:
    board = Board.empty(9, 9, 3, "ultimate")
    assert len(board.legal_moves()) == 81
    board = board.play((0, 2))  # the top-right square of the top-left board
    assert {board.index(m) for m in board.legal_moves()} == {c for c in range(81) if BLOCK_MASKS[2] >> c & 1}
    with pytest.raises(BoardError, match="sent to the top-right board"):
        board.play((4, 4))
    assert str(board).endswith("@c1")


def test_a_claimed_board_is_closed_and_sending_there_frees_the_choice() -> None:
    # X has claimed the top-left board (a1 b1 c1); O's last move, a4, is the top-left square of
    # its board, so it sends X to the claimed board: X may play in any of the other eight.
    rows = ["xxx......", ".........", ".........", "o..o.....", ".........", ".........", "o........"] + ["." * 9] * 2
    board = Board.parse("/".join(rows) + "@a4", game="ultimate")
    assert board.to_move is Mark.X
    legal = {board.index(m) for m in board.legal_moves()}
    assert not legal & {c for c in range(81) if BLOCK_MASKS[0] >> c & 1}
    assert legal == {c for c in range(81) if board.at(board.move_at(c)) is None and not BLOCK_MASKS[0] >> c & 1}
    with pytest.raises(BoardError, match="the top-left board is already decided"):
        board.play((1, 1))


def test_three_claimed_boards_in_a_line_win() -> None:
    rows = ["xxxxxxxxx", ".........", ".........", "oo.oo.oo.", ".........", ".........", "o..o....."] + ["." * 9] * 2
    board = Board.parse("/".join(rows) + "@c1", game="ultimate")
    assert board.winner is Mark.X
    assert board.is_over
    assert len(board.winning_line) == 27


def test_ultimate_mcts_reuses_its_tree_after_the_opponents_reply() -> None:
    board = Board.empty(9, 9, 3, "ultimate").play((4, 4))
    tree = rules_mcts.SearchTree()
    rng = random.Random(1)
    first = rules_mcts.search(board, rng, 600, Budget(), tree=tree)
    assert first.reused == 0
    after = board.play(board.move_at(first.cell))
    reply = after.legal_moves()[0]
    second = rules_mcts.search(after.play(reply), rng, 600, Budget(), tree=tree)
    assert second.reused > 0


def test_books_and_solvers_are_kept_apart_by_game() -> None:
    classic, misere = Board.empty(5, 5, 4), Board.empty(5, 5, 4, "misere")
    assert game_of(classic).searches.ships_book(classic.geometry)
    assert not game_of(misere).searches.ships_book(misere.geometry)
    assert classic.geometry is not misere.geometry
    assert game_of(classic).searches.solver(classic.geometry) is not game_of(misere).searches.solver(misere.geometry)
    position = misere.play((0, 0)).play((4, 4)).play((0, 4)).play((4, 0))
    analysis = analyze(position, Budget(max_nodes=1))
    assert analysis.source == "search"
