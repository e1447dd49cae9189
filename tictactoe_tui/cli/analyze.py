"""``tictactoe-tui analyze BOARD``: every move's exact value, or estimates when too big to solve."""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Analysis, Board, BoardError, Budget, analyze
from ..engine.games import game_of
from ..engine.rules import CLASSIC
from ..engine.search import alphabeta
from ..words import counted
from .parser import UsageError

if TYPE_CHECKING:  # Rich loads only to draw a table: --json answers without it
    from rich.table import Table

OUTCOME_WORDS = {1: "win", 0: "draw", -1: "loss"}
#: Playouts at most for an estimate (the time limit usually ends it first).
PLAYOUT_LIMIT = 1_000_000
#: A board's text longer than this is named by its size in the heading (whole lines at 80 columns).
ECHO_WIDTH = 60


#: Swaps the marks in a board's text form (its cells; the last move after ``@`` stays).
_OTHER_MARKS = str.maketrans("xoXO", "oxOX")
#: A mark named in a sentence.
_MARK_WORD = re.compile(r"\b[XO]\b")


def swap_marks(text: str) -> str:
    """``text``, a board's text form, with every X an O and every O an X."""
    grid, at, last = text.partition("@")
    return grid.translate(_OTHER_MARKS) + at + last


@dataclass(frozen=True)
class GivenPosition:
    """A board as ``analyze`` was given it. The engine's X always moves first, so a game O
    opened (O has one more mark than X: X is to move) is analyzed with the marks swapped; what
    is printed names the marks as given."""

    board: Board
    """The board the engine analyzes."""
    swapped: bool
    """Whether its marks are the given ones swapped."""

    @classmethod
    def read(cls, text: str, k: int | None, game: str) -> GivenPosition:
        """Parse ``text``, swapping the marks of a game O opened."""
        grid = text.partition("@")[0].lower()
        if grid.count("o") != grid.count("x") + 1:
            return cls(Board.parse(text, k=k, game=game), swapped=False)
        try:
            return cls(Board.parse(swap_marks(text), k=k, game=game), swapped=True)
        except BoardError as error:  # it names the swapped marks: name the given ones
            raise BoardError(_MARK_WORD.sub(lambda word: "O" if word[0] == "X" else "X", str(error))) from None

    @property
    def text(self) -> str:
        """The board's text form, in the marks given."""
        return swap_marks(str(self.board)) if self.swapped else str(self.board)

    @property
    def mover(self) -> str:
        """The side to move, as given: ``X`` or ``O``."""
        return (self.board.to_move.other if self.swapped else self.board.to_move).upper()


def run(args: argparse.Namespace) -> int:
    """``analyze``: print every move's exact value (or estimates, saying from what)."""
    position = GivenPosition.read(args.board, args.k, args.game)
    board = position.board
    if board.is_over:
        raise UsageError("game is over")
    budget = Budget.seconds(args.time)
    result = analyze(board, budget.share(exact_share(board)))
    if not result.complete and 2 * len(result.moves) >= len(board.legal_moves()):
        result = analyze(board, budget)  # close to done: the exact solver gets the rest
    if result.complete:
        if args.json:
            print(json.dumps(analysis_json(position, result)))
        else:
            print_table(analysis_heading(position, result), analysis_table(position, result))
        return 0
    attempt = exact_attempt(result, board)
    search = game_of(board).searches.alphabeta
    if search is None:
        return print_playout_estimates(position, budget, args, attempt)
    outcome = search(board, budget, every_score=True)
    if args.json:
        print(json.dumps(estimate_json(position, outcome)))
    else:
        print_table(estimate_heading(position, outcome, attempt), estimate_table(position, outcome))
    return 0


def exact_share(board: Board) -> float:
    """The share of the time the exact solver gets first: nearly all of it on a shape whose
    positions it answers throughout (one its game ships a book for: 5×5 with 4 in a row, Connect Four),
    half elsewhere, so that the estimates have time when it cannot finish."""
    return 0.9 if game_of(board).searches.ships_book(board.geometry) else 0.5


def exact_attempt(result: Analysis, board: Board) -> str:
    """What the exact solver managed before the estimates took over, for the heading."""
    return (
        f"the exact solver solved {len(result.moves)} of {counted(len(board.legal_moves()), 'move')}"
        f" in {result.seconds:.1f} s and was stopped"
    )


def print_playout_estimates(position: GivenPosition, budget: Budget, args: argparse.Namespace, attempt: str) -> int:
    """Estimates from games played out at random (the games whose searches have no alpha-beta),
    as JSON or a table."""
    board = position.board
    found = game_of(board).searches.estimate(board, random.Random(0), PLAYOUT_LIMIT, budget)
    basis = f"estimates from the computer's search ({counted(found.playouts, 'game')} played out), not exact values"
    if args.json:
        moves = [
            {"row": cell // board.cols, "col": cell % board.cols, "win_rate": round(rate, 4), "playouts": visits}
            for cell, rate, visits in found.moves
        ]
        print(json.dumps({**position_json(position), "value": None, "complete": False, "source": "estimate",
                          "basis": basis, "moves": moves}))  # fmt: skip
        return 0
    from rich.table import Table

    mover = position.mover
    heading = (position_line(position), f"{mover} to move: {attempt}", basis)
    table = Table()
    table.add_column("move")
    table.add_column("row, col", justify="right")
    table.add_column(f"{mover} won (draws half)", justify="right")
    table.add_column("games played out", justify="right")
    for cell, rate, visits in found.moves:
        row, col = divmod(cell, board.cols)
        table.add_row(board.name((row, col)), f"{row}, {col}", f"{rate:.0%}", f"{visits:,}")
    print_table(heading, table)
    return 0


def position_json(position: GivenPosition) -> dict[str, object]:
    """The fields every ``--json`` answer starts with."""
    board = position.board
    return {"game": board.rules.name, "board": position.text, "k": board.k, "to_move": position.mover.lower()}


def print_table(heading: tuple[str, ...], table: Table) -> None:
    """Print ``heading``, a line for each sentence (wrapped at the terminal's width, not the
    table's), then ``table``."""
    from .console import command_console

    console = command_console()
    for line in heading:
        console.print(line, highlight=False)
    console.print(table)


def moves_of_both_sides(count: int) -> str:
    """``count`` moves as a player counts them: the moves of both sides (the engine's plies)."""
    return f"{counted(count, 'move')} of both sides"


def estimate_json(position: GivenPosition, outcome: alphabeta.SearchOutcome) -> dict[str, object]:
    """The ``--json`` form of a heuristic estimate: scores, not values, and the depth searched."""
    board = position.board
    ranked = sorted(outcome.scores.items(), key=lambda item: -item[1])
    return {
        **position_json(position),
        "value": None,
        "complete": False,
        "source": "estimate",
        "estimate_depth": outcome.depth,
        "moves": [
            {"row": cell // board.cols, "col": cell % board.cols, "score": score, "outlook": outlook(score)}
            for cell, score in ranked
        ],
    }


def outlook(score: int) -> str:
    """``win`` / ``loss`` when the search found a forced line, else ``better`` / ``even`` / ``worse``."""
    if score >= alphabeta.WIN - alphabeta.MAX_DEPTH:
        return "win"
    if score <= -alphabeta.WIN + alphabeta.MAX_DEPTH:
        return "loss"
    return "better" if score > 0 else ("worse" if score < 0 else "even")


def estimate_heading(position: GivenPosition, outcome: alphabeta.SearchOutcome, attempt: str) -> tuple[str, ...]:
    """What a table of estimates is about, a line for each sentence."""
    board = position.board
    return (
        position_line(position),
        f"{position.mover} to move: {attempt}",
        f"estimates, not exact values, from a search {moves_of_both_sides(outcome.depth)} deep",
        f"the {len(outcome.scores)} most promising of {counted(len(board.legal_moves()), 'move')}, best first",
    )


def estimate_table(position: GivenPosition, outcome: alphabeta.SearchOutcome) -> Table:
    """A Rich table of estimates for a board too big to solve in time."""
    from rich.table import Table

    board, mover = position.board, position.mover
    table = Table()
    table.add_column("move")
    table.add_column("row, col", justify="right")
    table.add_column(f"outlook for {mover}")
    table.add_column("score", justify="right")
    for cell, score in sorted(outcome.scores.items(), key=lambda item: -item[1]):
        row, col = divmod(cell, board.cols)
        table.add_row(board.name((row, col)), f"{row}, {col}", outlook(score), str(score))
    return table


def analysis_json(position: GivenPosition, analysis: Analysis) -> dict[str, object]:
    """The ``--json`` form of an analysis of ``position``."""
    return {
        **position_json(position),
        "value": analysis.value,
        "complete": analysis.complete,
        "source": analysis.source,
        "moves": [
            {"row": mv.move[0], "col": mv.move[1], "value": mv.value, "plies": mv.plies} for mv in analysis.moves
        ],
    }


def analysis_heading(position: GivenPosition, analysis: Analysis) -> tuple[str, ...]:
    """What an analysis of ``position`` found, a line for each sentence."""
    mover = position.mover
    value, plies = analysis.value, analysis.plies
    if value is None or plies is None:
        verdict = f"not solved within the time limit; {counted(len(analysis.moves), 'move')} solved"
    else:
        verdict = f"{OUTCOME_WORDS[value]} for {mover} in {moves_of_both_sides(plies)} with best play"
    if analysis.source == "book":
        basis = "exact values from the opening book"
    else:
        basis = f"exact values solved in {analysis.seconds:.2f} s ({counted(analysis.nodes, 'position')} searched)"
    return position_line(position), f"{mover} to move: {verdict}", basis


def position_line(position: GivenPosition) -> str:
    """The heading's first line: the board as given (or, too long for a line, its size), the
    game unless classic, and k."""
    board = position.board
    shown = position.text if len(position.text) <= ECHO_WIDTH else f"the {board.rows}×{board.cols} board given"
    game = "" if board.rules is CLASSIC else f"{board.rules.title}, "
    return f"{shown}  ({game}k={board.k})"


def analysis_table(position: GivenPosition, analysis: Analysis) -> Table:
    """A Rich table of an analysis of ``position``, best move first."""
    from rich.table import Table

    mover = position.mover
    table = Table()
    table.add_column("move")
    table.add_column("row, col", justify="right")
    table.add_column(f"result for {mover}")
    table.add_column("moves to the end (both sides)", justify="right")
    styles = {1: "green", 0: "yellow", -1: "red"}
    for mv in analysis.moves:
        word = OUTCOME_WORDS[mv.value]
        table.add_row(
            position.board.name(mv.move),
            f"{mv.move[0]}, {mv.move[1]}",
            f"[{styles[mv.value]}]{word}[/]",
            str(mv.plies),
        )
    return table
