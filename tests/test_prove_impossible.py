"""``scripts/prove_impossible.py``: the proof runs in full on 3×3 (classic and Misère), on sampled lines on 4×4 and 5×5
(the full runs are in docs/engine.md), and fails when ``impossible`` would play a losing move."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.engine.players import Choices, PerfectStrategy

from .helpers.scripts import load_script


@pytest.fixture(scope="module")
def script() -> Iterator[ModuleType]:
    """The script, with the recursion limit it sets for itself, put back after (other tests in
    the same worker rely on the usual limit: a JSON file nested 1,000 deep parsed under it)."""
    module = load_script("prove_impossible")
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)
    yield module
    sys.setrecursionlimit(before)


@pytest.mark.parametrize("seat", [Mark.X, Mark.O])
def test_every_line_on_3x3(script: ModuleType, seat: Mark) -> None:
    proof = script.prove(Board.empty(), seat, 9, None, 0)
    assert proof.lines > 50
    assert proof.wins > proof.draws  # the traps pay off against every reply


@pytest.mark.parametrize("seat", [Mark.X, Mark.O])
def test_every_line_of_misere_3x3_and_sampled_lines_on_4x4(script: ModuleType, seat: Mark) -> None:
    proof = script.prove(Board.empty(3, 3, 3, "misere"), seat, 9, None, 0)
    assert proof.lines >= 16
    assert script.prove(Board.empty(4, 4, 4, "misere"), seat, 6, 2, 1).lines >= 2


@pytest.mark.parametrize(("shape", "plies"), [((4, 4, 4), 8), ((5, 5, 4), 6)])
@pytest.mark.parametrize("seat", [Mark.X, Mark.O])
def test_sampled_lines_on_bigger_boards(
    script: ModuleType, shape: tuple[int, int, int], plies: int, seat: Mark
) -> None:
    proof = script.prove(Board.empty(*shape), seat, plies, 2, 1)
    assert proof.lines >= 2


@pytest.mark.slow
@pytest.mark.parametrize("seat", [Mark.X, Mark.O])
def test_every_line_on_5x5(script: ModuleType, seat: Mark) -> None:
    script.prove(Board.empty(5, 5, 4), seat, 6, None, 0)


def test_a_player_that_gives_the_game_away_is_caught(script: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    honest = PerfectStrategy.choices

    def careless(self: PerfectStrategy, board: Board, budget: object = None) -> Choices | None:
        found = honest(self, board)
        if found is None or board.move_count != 1:
            return found
        worst = script.solver_of(board).analyze(board).moves[-1]
        return Choices((worst,))

    monkeypatch.setattr(PerfectStrategy, "choices", careless)
    with pytest.raises(script.NotProven, match="worth less than the best"):
        script.prove(Board.empty(), Mark.O, 9, None, 0)
