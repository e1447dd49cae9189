"""The evaluation as the player sees it: the overlay's label on each free square (exact, or the
search's estimate where the solver did not finish) and the evaluation bar above the board,
which fills with the first player's chances and says them in words beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.games import presentation_of
from ...engine.marks import Mark
from ...game import GameState
from ...words import counted

if TYPE_CHECKING:  # the searches load when the first one runs
    from ...engine import Analysis, Board, Move, MoveValue
    from ...engine.evaluation import Evaluation

#: What the overlay's and the hint's labels mean, said beside them.
VALUE_LEGEND = "D: draw · W5: win in 5 moves of both sides, this one too · L2: loss in 2"
#: Chances at or beyond these (from ½) colour an estimated square as good or bad.
LEANS = 0.05
#: Drawn across the bar: the first player's share, and the other's.
FILLED, EMPTY = "█", "░"
#: The bar's least width, in cells: narrower, only its words are shown.
LEAST_BAR = 6


def value_words(value: MoveValue) -> str:
    """What :func:`overlay_label` says, in words: ``W5, a win in 5 moves of both sides``."""
    label = overlay_label(value)
    if value.value == 0:
        return f"{label}, a draw with best play"
    outcome = "win" if value.value > 0 else "loss"
    when = "with this move" if value.plies == 1 else f"in {counted(value.plies, 'move')} of both sides"
    return f"{label}, a {outcome} {when}"


def overlay_label(value: MoveValue) -> str:
    """``W5`` (wins in 5 moves of both sides, this one counted: the engine's plies), ``D``
    (draw) or ``L4`` (loses in 4), for the side to move."""
    if value.value == 0:
        return "D"
    return f"{'W' if value.value > 0 else 'L'}{value.plies}"


def chance_label(chance: float) -> str:
    """An estimated square's label: the mover's chances in percent (``54``), ``W`` or ``L``
    where the search proved the result; two characters at most, so it fits the smallest square."""
    if chance in (0.0, 1.0):
        return "W" if chance else "L"
    return str(min(max(round(chance * 100), 1), 99))


def lean(chance: float) -> int:
    """+1 where a chance favours the mover, -1 where it favours the other side, 0 near even."""
    return 1 if chance >= 0.5 + LEANS else -1 if chance <= 0.5 - LEANS else 0


def overlay_values(evaluation: Evaluation | None) -> dict[Move, tuple[str, int]]:
    """Each free square's overlay label and which way it leans for the mover (+1, 0, -1): the
    exact value where the solver gave one, the search's estimate elsewhere."""
    if evaluation is None:
        return {}
    values = {
        estimate.move: (chance_label(estimate.chance), lean(estimate.chance)) for estimate in evaluation.estimates
    }
    values.update({value.move: (overlay_label(value), value.value) for value in evaluation.analysis.moves})
    return values


def legend(game: GameState, evaluation: Evaluation, seconds: float) -> str:
    """What the overlay's labels mean (exact or estimated), or, where the search had no time for
    any, that the position is too big."""
    if evaluation.exact:
        return VALUE_LEGEND
    if evaluation.estimates:
        return estimate_legend(game, evaluation)
    return too_big(evaluation.analysis, seconds)


def too_big(analysis: Analysis, seconds: float) -> str:
    """What the player is told when the solver did not finish in time and no estimate came: how
    many of the moves it solved (their values are shown) and that the rest are too big."""
    board = analysis.board
    solved, legal = len(analysis.moves), counted(len(board.legal_moves()), presentation_of(board).choice)
    if not solved:
        return f"Too big to solve within {seconds:g} s: none of the {legal} solved yet"
    return f"Too big to solve within {seconds:g} s: values for the {solved} of {legal} solved"


def estimate_legend(game: GameState, evaluation: Evaluation) -> str:
    """What an estimated overlay's numbers mean, said beside them (short: whole in two lines of
    the status at 80×24, "(game unrated)" added, under Ultimate's two-line headline)."""
    mover = game.symbol(evaluation.board.to_move)
    solved = len(evaluation.analysis.moves)
    exact = f" · W5/D/L2: solved ({solved})" if solved else ""
    return f"{mover}'s estimated chances in % if {mover} plays there · W, L: forced{exact}"


def first_players_chances(evaluation: Evaluation) -> float | None:
    """The first player's (X's) chance in ``evaluation``'s position, draws half."""
    chance = evaluation.chance
    if chance is None:
        return None
    return chance if evaluation.board.to_move is Mark.X else 1 - chance


def verdict(game: GameState, evaluation: Evaluation | None) -> tuple[float | None, str]:
    """The first player's share of the bar and the words beside it: the result once the game is
    over, the exact outcome with best play, or each side's chances, labelled an estimate."""
    board = game.board
    if board.is_over:
        winner = board.winner
        return (0.5, "a draw") if winner is None else (float(winner is Mark.X), f"{game.symbol(winner)} won")
    if evaluation is None or evaluation.board != board:
        return None, "working it out…"
    value, plies = evaluation.analysis.value, evaluation.analysis.plies
    if value is not None and plies is not None:
        return exact_verdict(game, board, value, plies)
    chance = first_players_chances(evaluation)
    if chance is None:
        return None, "no time for an estimate"
    leader = Mark.X if chance >= 0.5 else Mark.O
    share = chance if leader is Mark.X else 1 - chance
    return chance, f"{game.symbol(leader)}'s chances {share:.0%} (estimate)"


def exact_verdict(game: GameState, board: Board, value: int, plies: int) -> tuple[float, str]:
    """The bar's share and words for an exact value of the side to move."""
    if value == 0:
        return 0.5, "a draw with best play"
    winner = board.to_move if value > 0 else board.to_move.other
    return float(winner is Mark.X), f"{game.symbol(winner)} wins in {counted(plies, 'move')} of both sides"


class EvaluationBar(Widget):
    """One line over the board's top margin: a bar filled from the left with the first player's chances,
    the second player's symbol at its right end, and the words that say it (no colour needed)."""

    # Over the board's top margin (its padding), which it takes no room from: a board that fits
    # without the bar fits with it (Ultimate at 80x24).
    DEFAULT_CSS = """
    EvaluationBar {
        overlay: screen;
        width: 100%;
        height: 1;
        padding: 0 2;
    }
    """

    game: reactive[GameState | None] = reactive(None)
    evaluation: reactive[Evaluation | None] = reactive(None)
    overlay: reactive[bool] = reactive(False)
    """Shown with the analysis overlay (``a``): like it, help that leaves the game unrated."""
    past: reactive[int | None] = reactive(None)
    """The ply the board shows while looking back (the screen's; None: the game as it stands): the
    bar, which evaluates the game as it stands, is hidden meanwhile, as the overlay's values are."""

    def watch_overlay(self) -> None:
        self.display = self.overlay and self.past is None

    watch_past = watch_overlay

    @property
    def words(self) -> str:
        """What the bar says beside it ('' before a game is bound)."""
        return "" if self.game is None else verdict(self.game, self.evaluation)[1]

    def render(self) -> Text:
        game = self.game
        if game is None:
            return Text()
        share, words = verdict(game, self.evaluation)
        first, second = game.symbol(Mark.X), game.symbol(Mark.O)
        room = self.content_size.width - len(words) - len(first) - len(second) - 5
        if room < LEAST_BAR:
            return Text(words)
        filled = 0 if share is None else round(share * room)
        bar = Text(f"{first} ")
        bar.append(FILLED * filled, style="bold")
        bar.append(EMPTY * (room - filled), style="dim")
        bar.append(f" {second}  {words}")
        return bar
