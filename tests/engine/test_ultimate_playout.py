"""Ultimate's fast playouts follow the same rules as the rules module (issue 28): random games
played through both agree on every legal move and on the result."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.rules.ultimate import BLOCK_MASKS, SLOT_OF
from tictactoe_tui.engine.search.ultimate.playout import FREE, HAS_LINE, WINNING_SLOTS, Guide, split

from ..helpers.engine import random_play

#: The cell (reading order on 9×9) of each small board's slot.
CELL = {(block, SLOT_OF[cell]): cell for block in range(9) for cell in range(81) if BLOCK_MASKS[block] >> cell & 1}


def fast_legal(board: Board) -> set[int]:
    """The legal cells as the fast engine sees them: the free slots of the boards it may play."""
    me, opp = board.sides()
    occupied = [a | b for a, b in zip(split(me), split(opp), strict=True)]
    last, closed = (board.state & 127) - 1, board.state >> 25 & 511
    target = SLOT_OF[last] if last >= 0 else -1
    boards = [target] if target >= 0 and not closed >> target & 1 else [b for b in range(9) if not closed >> b & 1]
    return {CELL[block, slot] for block in boards for slot in FREE[occupied[block]]}


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("guide", [Guide(), Guide(take_wins=True), Guide(avoid_gifts=True), Guide(True, True)])
@pytest.mark.parametrize("finish", [False, True])
def test_a_traced_playout_replays_move_for_move_through_the_rules(seed: int, guide: Guide, finish: bool) -> None:
    from tictactoe_tui.engine.search.ultimate.playout import playout

    start = random_play(Board.empty(9, 9, 3, "ultimate"), seed, seed % 30)
    if start.is_over:
        return
    me, opp = start.sides()
    last = (start.state & 127) - 1
    trace: list[tuple[int, int]] = []
    rng = random.Random(seed)
    won = playout(split(me), split(opp), start.state >> 7 & 511, start.state >> 16 & 511, start.state >> 25 & 511,
                  SLOT_OF[last] if last >= 0 else -1, rng.random, trace, take_wins=guide.take_wins,
                  avoid_gifts=guide.avoid_gifts, finish=finish)  # fmt: skip
    board = start
    for block, slot in trace:
        assert {board.index(move) for move in board.legal_moves()} == fast_legal(board), str(board)
        board = board.play(board.move_at(CELL[block, slot]))
    if finish and not board.is_over:  # it stopped where the side to move wins the game at once
        assert any(board.play(move).winner is board.to_move for move in board.legal_moves())
        board = next(after for move in board.legal_moves() if (after := board.play(move)).winner is board.to_move)
    assert board.is_over
    expected = 0 if board.winner is None else (1 if board.winner is start.to_move else -1)
    assert won == expected


def test_a_guided_playout_claims_the_board_it_is_sent_to_when_it_can() -> None:
    from tictactoe_tui.engine.search.ultimate.playout import playout

    mine, theirs = [0] * 9, [0] * 9
    mine[4] = 0b000_000_011  # two in the top row of the centre board: slot 2 claims it
    trace: list[tuple[int, int]] = []
    playout(mine, theirs, 0, 0, 0, 4, random.Random(1).random, trace, take_wins=True)
    assert trace[0] == (4, 2)


def test_a_guided_playout_does_not_send_the_opponent_to_a_board_they_claim_at_once() -> None:
    from tictactoe_tui.engine.search.ultimate.playout import playout

    for seed in range(30):
        mine, theirs = [0] * 9, [0] * 9
        theirs[0] = 0b011  # the opponent claims board 0 with slot 2 if sent there
        trace: list[tuple[int, int]] = []
        playout(mine, theirs, 0, 0, 0, 4, random.Random(seed).random, trace, avoid_gifts=True)
        assert trace[0][0] == 4
        assert trace[0][1] != 0


def test_winning_slots_are_the_squares_that_complete_a_line() -> None:
    for mask in range(512):
        if HAS_LINE[mask]:
            continue
        for slot in range(9):
            completes = bool(HAS_LINE[mask | 1 << slot]) and not mask >> slot & 1
            assert bool(WINNING_SLOTS[mask] >> slot & 1) == completes or mask >> slot & 1, (bin(mask), slot)
