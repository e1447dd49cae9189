"""Online play on the game screen: hosting or joining a match, the friend's moves and news,
and this keyboard's moves and rematches sent to the match (the link: :mod:`.link`). Loaded
when a match is first opened."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...engine import Position
from ...game import GameState, Preset
from ...table import YOU, Table
from ..game.aiming import centre
from ..game.messages import ChatHeard, ChatOpened, FriendMoved, FriendSaid
from ..game.play import PlayScreen
from ..widgets.status import Cause, Notice, Told

if TYPE_CHECKING:
    from ...net import JoinPlan, MailboxJoinPlan, OnlinePlan
    from ...net.kept import KeptMatch
    from .link import OnlineLink


#: How the game asks for a mailbox code.
MAILBOX_QUESTION = "Your friend's code (like 7-guitarist-revenge)"


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


class OnlinePlay:
    """The game screen's online part: the match it plays in, made when one is first opened."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen
        self.link: OnlineLink | None = None
        """The match the screen plays in, if any."""
        self._mailbox: str | None = None
        """The mailbox server this run went online through (``--mailbox``), kept for later matches."""
        self._requests: set[asyncio.Task[None]] = set()

    def go_online(self, plan: OnlinePlan, kept: KeptMatch | None = None) -> None:
        """Host a match or join one (asking for the code when the plan has none, or again when
        a mailbox code is not one); ``kept``: the match to take up again (kept from before a crash)."""
        from ...net import JoinPlan, MailboxHostPlan, MailboxJoinPlan
        from ...net.address import mailbox_code
        from ...net.match import Match
        from .link import MatchSeat, OnlineLink

        if isinstance(plan, MailboxHostPlan | MailboxJoinPlan):
            self._mailbox = plan.url
        if isinstance(plan, JoinPlan) and not plan.code:
            self.ask_join_code(plan, f"Join code for {plan.host}:{plan.port} (three words)", kept)
            return
        if isinstance(plan, MailboxJoinPlan):
            try:
                plan = replace(plan, code=mailbox_code(plan.code or ""))
            except ValueError as error:
                question = f"{error}. Type the code your friend was shown" if plan.code else MAILBOX_QUESTION
                self.ask_join_code(plan, question, kept)
                return
        screen = self._screen
        preset = screen.settings.preset
        match = kept.match if kept is not None else Match(Position(preset.game, preset.rows, preset.cols, preset.k))
        link = OnlineLink(
            plan,
            match,
            lambda state, scores: self._post(FriendMoved(state, scores, link)),
            lambda banner, text: self._post(FriendSaid(banner, text, link)),
            kept.key if kept is not None else None,
        )
        link.hear = lambda line: self._post(ChatHeard(line, link))
        self._post(ChatOpened(link))
        self.link = link
        screen.seats = screen.local_seats.seating(
            YOU.name, MatchSeat(lambda move: self.request(link.play(move)), link.waiting_move)
        )
        screen.new_game(GameState.start(screen.settings, screen.host.rng, number=screen.game.number + 1))
        screen.refresh_bindings()  # t chats now
        if kept is not None:
            link.changed(kept.match)  # the match taken up, shown as it was until the other side is back
        screen.run_worker(link.run(), name="online", group="online", exclusive=True, exit_on_error=False)

    def _post(self, message: FriendMoved | FriendSaid | ChatHeard | ChatOpened) -> None:
        self._screen.post_message(message)

    def open_chat(self, online: bool = True) -> Notice | None:
        """Ask for a line of chat (``t``), then send it to the friend; say why not, if not
        (offline, that there is nobody to talk to)."""
        from .chat import ChatPrompt

        link = self.link
        if not online or link is None:
            return Notice("Nobody to talk to: chat (t) is for online games", Cause.KEY)

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
        """Hang up the match; this keyboard's moves are played here again."""
        screen = self._screen
        if self.link is not None:
            screen.run_worker(self.link.close(), group="online-close", exit_on_error=False)
        self.link, screen.online_status, screen.online_banner = None, "", ""
        screen.seats = screen.local_seats

    def new_code(self) -> Notice | None:
        """Host: retire the join code and show a new one (a friend already playing stays); why
        not, if not."""
        refusal = self.link.new_code() if self.link is not None else "Not hosting a game"
        return Notice(refusal, Cause.KEY) if refusal else None

    def ask_join_code(self, plan: JoinPlan | MailboxJoinPlan, question: str, kept: KeptMatch | None = None) -> None:
        """Ask for the join code, then join with it (Esc: stay where we are), taking ``kept`` on."""
        from ..screens.dialogs.file_prompt import PathPrompt

        self._screen.app.push_screen(
            PathPrompt(question, ""), lambda code: self.go_online(replace(plan, code=code), kept) if code else None
        )

    def resume(self, kept: KeptMatch, plan: OnlinePlan | None) -> None:
        """Take up the match ``kept`` (this side crashed) with ``plan`` (this start's) or the one
        kept: a host shows a new code, a guest is asked for the friend's new code."""
        from ...net import JoinPlan, MailboxJoinPlan
        from .link import NEW_CODE, capitalized

        plan = kept.resumed_with(plan)
        if isinstance(plan, JoinPlan | MailboxJoinPlan) and not plan.code:
            words = "three words" if isinstance(plan, JoinPlan) else "like 7-guitarist-revenge"
            self.ask_join_code(plan, f"{capitalized(NEW_CODE)} and type it ({words}), or Esc", kept)
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

    def friend_moved(self, message: FriendMoved) -> None:
        """Show the match's new state, its scores, and its game and board in the sidebar; a game
        that ends here is archived once."""
        if message.link is not self.link:
            return  # a match left since
        screen = self._screen
        game, previous = message.state, screen.game
        ended_before = previous.table is game.table and previous.number == game.number and previous.board.is_over
        board = game.board
        played = Preset.of(board)
        if screen.settings.preset != played:  # the host's choice, on both sides
            screen.settings = replace(screen.settings, preset=played)
        screen.scores = message.scores
        if game.number != previous.number or board.move_count != previous.board.move_count:
            screen.online_status = ""  # news of the match (a join, a return, a refusal) was about the position before
        screen.game = game
        if game.number != previous.number:  # (watch_game centres it on a new board)
            screen.cursor = centre(game.board)
        if game.board.is_over and not ended_before:
            screen.game_finished(game)

    def friend_said(self, message: FriendSaid) -> bool:
        """Show news of the match; a guest turned away for a wrong code is asked for the code
        again, one whose game is gone for the new game's. Whether it is news (not the line
        already shown, said again as a guest retries): news replaces an older notice."""
        if message.link is not self.link:
            return False  # a match left since (its hang-up says nothing over the game shown now)
        screen = self._screen
        news = message.text != screen.online_status
        screen.online_banner, screen.online_status = message.banner, message.text
        from ...net import JoinPlan, MailboxJoinPlan

        link = self.link
        if link is not None and link.refused and isinstance(link.plan, JoinPlan | MailboxJoinPlan):
            refused, link.refused = link.refused, ""
            question = next_code_question(refused, link.gone, isinstance(link.plan, JoinPlan))
            self.ask_join_code(link.plan, question, None if link.gone else link.kept())  # (gone: a new match)
        return news
