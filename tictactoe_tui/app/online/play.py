"""Online play on the game screen: hosting or joining a match, the friend's moves and news,
and this keyboard's moves and rematches sent to the match (the link: :mod:`.link`). Loaded
when a match is first opened.

It decides and never assigns the screen's state: a match opened is posted (:class:`MatchOpened`),
the match's news and states come back as values (:class:`Followed`, :class:`MatchNews`) that
the screen applies; a move that continues the game shown is a :class:`SeatMoved` of the seat
to move, played by the screen's turn loop like any seat's move."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from textual.message import Message

from ...engine import Position
from ...game import GameState, Preset, Scoreboard, Settings
from ...table import Table
from ..game.messages import ChatHeard, ChatOpened, FriendMoved, FriendSaid
from ..game.play import PlayScreen
from ..seats import Seat, SeatMoved
from ..widgets.presence import MatchNews
from ..widgets.status import Cause, Notice, Told

if TYPE_CHECKING:
    from ...net import JoinPlan, MailboxJoinPlan, OnlinePlan
    from ...net.kept import KeptMatch
    from .link import OnlineLink


#: How the game asks for a mailbox code.
MAILBOX_QUESTION = "Your friend's code (like 7-guitarist-revenge)"


class MatchOpened(Message):
    """A match was opened: the game screen plays its next game through ``link``, this keyboard's
    side played by ``seat`` (which sends its moves to the match)."""

    def __init__(self, link: OnlineLink, seat: Seat) -> None:
        super().__init__()
        self.link, self.seat = link, seat


@dataclass(frozen=True)
class Followed:
    """What the game screen does with a new state of the match: apply ``settings`` (the host's
    board, chosen on both sides; None: unchanged), ``scores`` and ``news``; then play ``move``
    through its turn loop (the one move that continues the game shown, the friend's or this
    keyboard's own come back), or else show ``state`` whole (a join, a rematch, moves missed),
    or nothing more (None: the position shown is the match's)."""

    settings: Settings | None
    scores: Scoreboard
    news: MatchNews
    move: SeatMoved | None = None
    state: GameState | None = None


def next_code_question(refused: str, gone: bool, direct: bool) -> str:
    """What a guest turned away for ``refused`` is asked: the friend's new code where the one
    typed no longer works (``gone``: used up, or the host quit), never the same code again; on a
    direct host (whose code stays) a mistyped code is checked with the friend."""
    from .link import NEW_CODE, capitalized

    words = "three words" if direct else "like 7-guitarist-revenge"
    if "ask your friend" in refused:
        ask = f"Type it ({words})"
    elif gone or not direct:
        ask = f"{capitalized(NEW_CODE)} and type it ({words})"
    else:
        ask = f"Check the code with your friend and type it ({words})"
    return f"{capitalized(refused)}. {ask}, or Esc"


def resume_question(direct: bool) -> str:
    """What a guest taking up a match without its code is asked: a direct host's code stays while
    its game runs (a new one only if it was started again); a mailbox code is used up once used."""
    from .link import NEW_CODE, capitalized

    if direct:
        return "Your friend's code (three words: the same as before, unless their game was started again), or Esc"
    return f"{capitalized(NEW_CODE)} and type it (like 7-guitarist-revenge), or Esc"


class OnlinePlay:
    """The game screen's online part: the match it plays in, made when one is first opened."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen
        self.link: OnlineLink | None = None
        """The match the screen plays in, if any."""
        self._mailbox: str | None = None
        """The mailbox server this run went online through (``--mailbox``), kept for later matches."""
        self._requests: set[asyncio.Task[None]] = set()

    def go_online(self, plan: OnlinePlan, kept: KeptMatch | None = None, previous: OnlineLink | None = None) -> None:
        """Host a match or join one (asking for the code when the plan has none, or again when
        a mailbox code is not one); ``kept``: the match to take up again (kept from before a crash,
        or from ``previous``, a link of it lost, whose chat goes on)."""
        from ...net import JoinPlan, MailboxHostPlan, MailboxJoinPlan
        from ...net.address import mailbox_code
        from ...net.match import Match
        from .link import MatchSeat, OnlineLink

        if isinstance(plan, MailboxHostPlan | MailboxJoinPlan):
            self._mailbox = plan.url
        if isinstance(plan, JoinPlan) and not plan.code:
            self.ask_join_code(plan, f"Join code for {plan.host}:{plan.port} (three words)", kept, previous)
            return
        if isinstance(plan, MailboxJoinPlan):
            try:
                plan = replace(plan, code=mailbox_code(plan.code or ""))
            except ValueError as error:
                question = f"{error}. Type the code your friend was shown" if plan.code else MAILBOX_QUESTION
                self.ask_join_code(plan, question, kept, previous)
                return
        preset = self._screen.settings.preset
        match = kept.match if kept is not None else Match(Position(preset))
        link = OnlineLink(
            plan,
            match,
            lambda state, scores, news: self._post(FriendMoved(state, scores, news, link)),
            lambda news: self._post(FriendSaid(news, link)),
            kept.key if kept is not None else None,
            kept.asked if kept is not None else None,
            previous.talk if previous is not None else None,
        )
        link.hear = lambda line: self._post(ChatHeard(line, link))
        self.leave()  # the match shown until now (over, or left for another), if still open
        self._post(ChatOpened(link, previous))
        self.link = link
        self._post(MatchOpened(link, MatchSeat(lambda move: self.request(link.play(move)), link.waiting_move)))
        if kept is not None:
            link.take_up(kept.match)  # the match taken up, shown as it was until the other side is back

    def _post(self, message: Message) -> None:
        self._screen.post_message(message)

    def open_chat(self, online: bool = True) -> Notice | None:
        """Ask for a line of chat (``t``), then send it to the friend; say why not, if not
        (offline, that there is nobody to talk to)."""
        from .chat import ChatPrompt

        link = self.link
        if not online or link is None:
            return Notice("Nobody to talk to: chat (t) is for online games", Cause.KEY)
        if link.presence.ended:  # (the host closed it, or it could not start: nobody reads it)
            return Notice("Nobody to talk to: the match is over (n goes online again)", Cause.KEY)

        def send(text: str | None) -> None:
            refusal = link.chat(text) if text and link is self.link else None
            if refusal:
                self._screen.post_message(Told(Notice(refusal, Cause.KEY)))

        self._screen.app.push_screen(ChatPrompt(), send)
        return None

    def open_match(self, table: Table) -> None:
        """Host a match through the mailbox server, or ask for the friend's code (or a direct
        host's address) and join it, as ``table`` says."""
        from ...net import MailboxHostPlan
        from ..screens.dialogs.file_prompt import PathPrompt

        if table.hosts:
            self.go_online(MailboxHostPlan(self.mailbox))
        else:
            prompt = PathPrompt(f"{MAILBOX_QUESTION}, or a direct host's address[:port]", "")
            self._screen.app.push_screen(prompt, self.join_address_chosen)

    @property
    def mailbox(self) -> str:
        """The mailbox server to meet through: the one this run went online through, if it did."""
        from ...net import default_mailbox

        return self._mailbox or default_mailbox()

    def leave(self) -> None:
        """Hang up the match (the screen plays this keyboard's moves here again)."""
        if self.link is not None:
            self._screen.run_worker(self.link.close(), group="online-close", exit_on_error=False)
        self.link = None

    def new_code(self) -> Notice | None:
        """Host: retire the join code and show a new one (a friend already playing stays); why
        not, if not."""
        refusal = self.link.new_code() if self.link is not None else "Not hosting a game"
        return Notice(refusal, Cause.KEY) if refusal else None

    def ask_join_code(
        self,
        plan: JoinPlan | MailboxJoinPlan,
        question: str,
        kept: KeptMatch | None = None,
        previous: OnlineLink | None = None,
    ) -> None:
        """Ask for the join code, then join with it (Esc: stay where we are), taking ``kept`` on
        (and ``previous``'s chat: see :meth:`go_online`)."""
        from ..screens.dialogs.file_prompt import PathPrompt

        def typed(code: str | None) -> None:
            if code:
                self.go_online(replace(plan, code=code), kept, previous)

        self._screen.app.push_screen(PathPrompt(question, ""), typed)

    def next_game(self) -> Notice | None:
        """What ``n`` does in a match that goes on: a rematch asked for where the other side is
        there (or this side hosts); a guest waiting for its host, or for its answer to a move, is
        asked for the host's new code (a host started again has one), and the match goes on with
        it where it is; while the mailbox server is away, it is said that the game waits for it."""
        from ..widgets.presence import MAILBOX_SERVER

        link = self.link
        if link is None:
            return None
        if link.guest is None or (link.peer_here and not link.news.sent):  # (unanswered: the host may be gone)
            self.request(link.rematch())
        elif link.presence.missing == MAILBOX_SERVER:
            return Notice("Lost the mailbox server: the game goes on once it is back", Cause.KEY)
        else:
            self.ask_new_code(link)
        return None

    def ask_new_code(self, link: OnlineLink) -> None:
        """Ask a guest that waits for its host for the host's new code (Esc: wait on); the match
        goes on with it, where it is."""
        from ...net import JoinPlan, MailboxJoinPlan
        from ..screens.dialogs.file_prompt import PathPrompt

        plan = link.plan
        assert isinstance(plan, JoinPlan | MailboxJoinPlan)
        words = "three words" if isinstance(plan, JoinPlan) else "like 7-guitarist-revenge"
        question = f"Your friend's new code, if their game was started again ({words}), or Esc to wait"

        def typed(code: str | None) -> None:
            if code and link is self.link:
                kept = link.kept()
                self.leave()
                self.go_online(replace(plan, code=code), kept, link)

        self._screen.app.push_screen(PathPrompt(question, ""), typed)

    def resume(self, kept: KeptMatch, plan: OnlinePlan | None) -> None:
        """Take up the match ``kept`` (this side crashed) with ``plan`` (this start's) or the one
        kept: a host shows a new code; a direct guest joins again with the code it kept (which
        works while the host's game runs: a host started again refuses it signed, and the guest
        is asked for the new one); a mailbox guest is asked for the friend's new code."""
        from ...net import JoinPlan, MailboxJoinPlan

        plan = kept.resumed_with(plan)
        if isinstance(plan, JoinPlan | MailboxJoinPlan) and not plan.code:
            self.ask_join_code(plan, resume_question(isinstance(plan, JoinPlan)), kept)
            return
        self.go_online(plan, kept)

    def join_address_chosen(self, address: str | None) -> None:
        """Join by the code (through the mailbox server) or at the direct host's address."""
        from ...net import JoinPlan, MailboxJoinPlan
        from ...net.address import join_target

        if not address:
            return
        try:
            target = join_target(address)
        except ValueError as error:
            self._screen.post_message(Told(Notice(f"Cannot join: {error}", Cause.ANSWER)))
            return
        if isinstance(target, str):
            self.go_online(MailboxJoinPlan(self.mailbox, target))
        else:
            self.go_online(JoinPlan(*target))

    def request(self, request: Coroutine[Any, Any, str | None]) -> None:
        """Send a move or rematch to the match at once (a task, not a worker: this is on the
        critical path of every online move); say why it was refused, if it was."""
        screen = self._screen

        async def send() -> None:
            refusal = await request
            if refusal:
                screen.post_message(Told(Notice(refusal, Cause.KEY)))

        task = asyncio.create_task(send())
        self._requests.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._requests.discard)

    def friend_moved(self, message: FriendMoved) -> Followed | None:
        """What the screen does with the match's new state (None: it comes from a match left
        since): the host's board in the settings, the match's scores and news, and the move that
        continues the game shown (played by the seat to move), or else the state to show."""
        if message.link is not self.link:
            return None
        screen = self._screen
        shown, settings = screen.game, screen.settings
        game, board = message.state, message.state.board
        played = Preset.of(board)
        chosen = replace(settings, preset=played) if settings.preset != played else None  # the host's, on both sides
        followed = Followed(chosen, message.scores, message.news)
        same_game = game.number == shown.number and game.seating == shown.seating
        if same_game and board == shown.board:
            return followed  # (news of who is there, or the scores)
        ply = shown.ply
        if same_game and len(game.line) == ply + 1 and game.line[:ply] == shown.line[:ply]:
            seat = screen.seats.to_move(shown)
            return replace(followed, move=SeatMoved(seat, shown, game.line[ply]))
        return replace(followed, state=game)

    def friend_said(self, message: FriendSaid) -> MatchNews | None:
        """The match's news to show (None: from a match left since); a guest turned away for a
        wrong code is asked for the code again, one whose game is gone for the new game's."""
        if message.link is not self.link:
            return None  # a match left since (its hang-up says nothing over the game shown now)
        from ...net import JoinPlan, MailboxJoinPlan

        link = self.link
        if link is not None and link.refused and isinstance(link.plan, JoinPlan | MailboxJoinPlan):
            refused, link.refused = link.refused, ""
            question = next_code_question(refused, link.gone, isinstance(link.plan, JoinPlan))
            if link.gone:  # a new match
                self.ask_join_code(link.plan, question)
            else:
                self.ask_join_code(link.plan, question, link.kept(), link)
        return message.news
