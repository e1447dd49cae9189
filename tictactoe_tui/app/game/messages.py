"""What workers and the online link tell the game screen. Each is posted from wherever the
work ran (a worker thread, the link's task) and handled in one place: the game screen.

Every answer carries what it was asked about, so the screen drops one that comes too late.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from ..widgets.said import Cause

if TYPE_CHECKING:
    from ...engine.board import Move
    from ...engine.review import MoveReview
    from ...game import GameState, Scoreboard
    from ...net.chat import ChatLine
    from ...store.savefile import SavedGame
    from ..widgets.presence import MatchNews
    from ..work.jobs import AiJob, AnalysisResult


class AiFailed(Message):
    """The computer's search for ``job`` raised ``error``."""

    def __init__(self, job: AiJob, error: BaseException) -> None:
        super().__init__()
        self.job, self.error = job, error


class AnalysisReady(Message):
    """Every move's value for the position of ``result.state`` (for hints and the overlay);
    ``hint``: a hint was asked for; ``estimate``: the search's move for it, where the values
    are not complete, and ``chances``: the mover's chances with that move by the evaluation
    (the overlay's figure on its square)."""

    def __init__(
        self, result: AnalysisResult, hint: bool = False, estimate: Move | None = None, chances: float | None = None
    ) -> None:
        super().__init__()
        self.result, self.hint, self.estimate, self.chances = result, hint, estimate, chances

    @property
    def state(self) -> GameState:
        """The position it is about."""
        return self.result.state


class AnalysisFailed(Message):
    """The analysis of ``state`` raised ``error``."""

    def __init__(self, state: GameState, error: BaseException) -> None:
        super().__init__()
        self.state, self.error = state, error


class Coached(Message):
    """The coach judged the move that led to ``state`` (``judged``: None if it could not);
    ``error``: why the check failed, if it did."""

    def __init__(self, state: GameState, judged: MoveReview | None, error: BaseException | None = None) -> None:
        super().__init__()
        self.state, self.judged, self.error = state, judged, error


class FriendMoved(Message):
    """The online match changed (a move, a rematch, a join): ``state`` is how this player sees
    it, ``scores`` the match's own count (the same on both sides), ``news`` what the match says
    now; ``link``: the match's link, only as who sent it (one the screen has left is not heard)."""

    def __init__(self, state: GameState, scores: Scoreboard, news: MatchNews, link: object) -> None:
        super().__init__()
        self.state = state
        self.scores = scores
        self.news = news
        self.link = link


class FriendSaid(Message):
    """News of the online match for the status line (a join, a wrong code, a hang-up, who is
    there); ``link``: as :class:`FriendMoved`'s."""

    def __init__(self, news: MatchNews, link: object) -> None:
        super().__init__()
        self.news = news
        self.link = link


class ChatHeard(Message):
    """A line of the online chat for its log: ``line`` (yours, again once a kept one is sent;
    your friend's; a note); ``link``: as :class:`FriendMoved`'s."""

    def __init__(self, line: ChatLine, link: object) -> None:
        super().__init__()
        self.line = line
        self.link = link


class ChatOpened(Message):
    """A new link, ``link``, begins its chat log: empty for a new match (the last match's lines
    go), or the log of ``previous``, the link of the same match it takes over from."""

    def __init__(self, link: object, previous: object | None = None) -> None:
        super().__init__()
        self.link, self.previous = link, previous


class Saved(Message):
    """The game ``game`` is in a file as it stands: saved (to a file, or sent to the browser), or
    the command line loaded it; ``news`` says where, a notice with ``cause``."""

    def __init__(self, game: GameState, news: str, cause: Cause = Cause.ANSWER) -> None:
        super().__init__()
        self.game, self.news, self.cause = game, news, cause


class Loaded(Message):
    """The player chose a saved game: ``saved``, read from ``path`` (as typed)."""

    def __init__(self, saved: SavedGame, path: str) -> None:
        super().__init__()
        self.saved, self.path = saved, path


class PlayOn(Message):
    """The player chose to play on from ``position`` of an archived game, as a new game."""

    def __init__(self, position: SavedGame) -> None:
        super().__init__()
        self.position = position


class Archived(Message):
    """A finished game was written to the archive; ``problem`` says why not, if it was not."""

    def __init__(self, problem: str | None) -> None:
        super().__init__()
        self.problem = problem
