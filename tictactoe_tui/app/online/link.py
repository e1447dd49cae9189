"""Online play in the app: a host or a guest, direct or through a mailbox server, running in the
app's own event loop.

The link turns each match it hears of into the :class:`GameState` the app shows (each player
keeps their symbol: the host's marks show as X, the guest's as O, whoever moves first) and
passes the player's moves and rematches on. Whether the other side is there is a fact of its
own, :attr:`OnlineLink.presence` (never a rewritten seating). It touches no widget: it hands
states and the match's news (:class:`MatchNews`: the banner, the latest line, the presence) to
the callbacks the app gives it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.board import Move
from ...game import GameState, Scoreboard
from ...net import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan, OnlinePlan
from ...net.chat import ChatLine, Talk
from ...net.guest import GameGone, Guest, GuestError, HostClosed
from ...net.host import Host
from ...net.match import Match, MoveRefused
from ...table import FRIEND, ONLINE_HOST, ONLINE_JOIN, YOU
from ..seats import Seat
from ..widgets.presence import FRIEND as FRIEND_MISSING
from ..widgets.presence import HOST as HOST_MISSING
from ..widgets.presence import MAILBOX_SERVER, MatchNews, Presence

if TYPE_CHECKING:
    from ...net.kept import KeptMatch
    from ...net.mailbox.guest import MailboxGuest
    from ...net.mailbox.host import MailboxHost


#: What a guest whose code no longer works does next (a host started again has a new one).
NEW_CODE = "ask your friend for their new code"


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


class MatchSeat(Seat):
    """You, online: your moves go to the match (``send``), which sends the new state back."""

    def __init__(self, send: Callable[[Move], None], waiting: Callable[[], str | None]) -> None:
        """``waiting``: why not to move yet (the last move is not answered), or None."""
        self.send, self.waiting = send, waiting

    def refusal(self, state: GameState) -> str | None:
        return self.waiting()

    def play(self, state: GameState, move: Move) -> GameState | None:
        self.send(move)
        return None


class OnlineLink:
    """The app's side of an online match, as host or as guest."""

    def __init__(
        self,
        plan: OnlinePlan,
        match: Match,
        show: Callable[[GameState, Scoreboard, MatchNews], None],
        say: Callable[[MatchNews], None],
        key: bytes | None = None,
        asked: str | None = None,
        talk: Talk | None = None,
    ) -> None:
        """``show`` receives each new game state with the match's scores and news, ``say`` the
        news of each status line (joins, wrong codes) or change of presence; ``key``: the match's
        key, kept from before a crash (direct play); ``asked``: a guest's move in ``match`` that
        the host had not answered when the match's earlier link was lost (sent once this one
        joins, if the host's game is still there); ``talk``: the chat of that earlier link (its
        lines kept while the link was down go once this one joins)."""
        self.plan = plan
        self.table = ONLINE_HOST if isinstance(plan, HostPlan | MailboxHostPlan) else ONLINE_JOIN
        """The kind of table this side of the match sits at."""
        self.side = self.table.side
        self.show, self.say = show, say
        self._shown: GameState | None = None
        self._match = match
        self.refused = ""
        """Why the host turned the guest away for good (a wrong code, a game gone), once it has."""
        self.gone = False
        """The guest's code no longer works (the host quit, a new game runs there, the code was
        used up): the friend has a new one."""
        self.ended = False
        """The match is over for good (the guest's attempts to join are over, or this side could
        not go online): ``n`` goes online anew instead of asking for a rematch."""
        self._met = False
        """The other side has been here in this match (it is waited for "to be back")."""
        self._text = ""
        """The match's latest news ("" once a move or a new game made it old)."""
        self.host: Host | MailboxHost | None = None
        self.guest: Guest | MailboxGuest | None = None
        self.hear: Callable[[ChatLine], None] = lambda line: None
        """Told each line of the chat: yours (again once a kept one is sent), your friend's, notes."""
        if isinstance(plan, HostPlan):
            self.host = Host(match, self.changed, self.status, key=key)
            self.host.talk.on_line = self._heard
        elif isinstance(plan, JoinPlan):
            self.guest = Guest(plan.host, plan.port, plan.code or "", self.changed, self.status, key=key)
        self._asked, self._talk = asked, talk
        if self.guest is not None:
            self._take_on(self.guest)
        self._address = ""
        self._dropped = False
        """The guest lost the host after the match began (its news goes once it hears again)."""
        self._taken_up = False
        """The match was kept from before (a crash, or a link of it lost): it is kept again as it is."""

    @property
    def banner(self) -> str:
        """The line that stays on screen: the host's code and address, direct (the code lets the
        friend back in after a drop, for as long as it is not changed); through the mailbox, the
        code until the friend is in (it is used up then); or whom the guest plays."""
        if isinstance(self.host, Host):
            return f"code: {self.host.code} · {self._address}" if self._address else ""
        if self.host is not None:
            return f"code: {self.host.code}" if self.host.code else ""
        if not self._address or not self.peer_here:  # (a server reached, a socket open: no host yet)
            return ""
        return f"playing the host {'through' if isinstance(self.plan, MailboxJoinPlan) else 'at'} {self._address}"

    async def run(self) -> None:
        """Listen (host) or stay joined (guest) until closed; problems end up in the status."""
        if isinstance(self.plan, MailboxHostPlan | MailboxJoinPlan):
            await self._run_mailbox(self.plan)
            return
        if isinstance(self.host, Host):
            assert isinstance(self.plan, HostPlan)
            try:
                bind, port = await self.host.start(self.plan.bind, self.plan.port)
            except OSError as error:
                self.ended = True
                self.status(f"Cannot host on {self.plan.bind}:{self.plan.port}: {error.strerror or error}")
                return
            self._address = f"{bind}:{port}"
            self.status("Give your friend the code and the address above")  # the headline says you wait
            return
        assert isinstance(self.guest, Guest)
        self._address = f"{self.guest.host}:{self.guest.port}"
        self.status("Connecting…")
        try:
            await self.guest.run()
        except GuestError as error:
            self._address = ""
            self.refused, self.ended = str(error), True
            self.gone = isinstance(error, GameGone | HostClosed)
            self.status(f"{capitalized(str(error))}: {NEW_CODE}" if self.gone else f"Could not join: {error}")

    async def _run_mailbox(self, plan: MailboxHostPlan | MailboxJoinPlan) -> None:
        """Host or join through the mailbox server (Twisted and magic-wormhole load here)."""
        from ...net.mailbox.guest import MailboxGuest, MailboxGuestError
        from ...net.mailbox.host import MailboxError, MailboxHost

        self.status(f"Reaching the mailbox server at {plan.url}…")
        try:
            if isinstance(plan, MailboxHostPlan):
                self.host = MailboxHost(self._match, self.changed, self.status, url=plan.url)
                self.host.talk.on_line = self._heard
                await self.host.run()
            else:
                self.guest = MailboxGuest(plan.code or "", self.changed, self.status, url=plan.url)
                self._take_on(self.guest)
                self._address = plan.url
                await self.guest.run()
        except MailboxGuestError as error:
            self._address = ""
            self.refused, self.ended, self.gone = str(error), True, True  # (a code is used up either way)
            joined = self.guest is not None and self.guest.match is not None
            self.status(f"{capitalized(str(error))}: {NEW_CODE}" if joined else f"Could not join: {error}")
        except MailboxError as error:
            self._address = ""
            self.ended = True
            self.status(f"Cannot go online: {error}")

    def _take_on(self, guest: Guest | MailboxGuest) -> None:
        """Give a new guest link what the match keeps across its links: the chat, and the move
        the host had not answered."""
        if self._talk is not None:
            guest.talk = self._talk
        guest.talk.on_line = self._heard
        if self._asked:
            guest.keep_asked(self._match, self._asked)

    @property
    def talk(self) -> Talk | None:
        """The match's chat on this side (None before a mailbox side is made)."""
        peer = self.host if self.host is not None else self.guest
        return peer.talk if peer is not None else None

    async def close(self) -> None:
        """Hang up."""
        if self.host is not None:
            await self.host.close()
        if self.guest is not None:
            await self.guest.close()

    def status(self, text: str) -> None:
        """Say ``text`` as the match's latest news (led, until the host's first state, by a move
        taken over from the match's earlier link: it waits to be sent)."""
        self._dropped = self.guest is not None and self._shown is not None and bool(text)
        kept = self.guest.asked if self.guest is not None and self.guest.match is None else None
        if kept is not None and text:
            text = f"Your move {kept['move']} waits to be sent: {text[:1].lower()}{text[1:]}"
        self._text = text
        self.say(self.news)

    @property
    def news(self) -> MatchNews:
        """What the match has to say now: the banner, its latest line, who is there."""
        asked = self.guest.asked if self.guest is not None else None
        return MatchNews(self.banner, self._text, self.presence, str(asked["move"]) if asked is not None else "")

    @property
    def presence(self) -> Presence:
        """Whether the other side is there; if not, what is missing: the mailbox server (its
        side reports it lost), else the host or the friend; or that the match is over for good."""
        if self.ended:
            return Presence(met=self._met, ended=True)
        if self.peer_here:
            return Presence(met=True)
        peer = self.host if self.host is not None else self.guest
        if peer is not None and not isinstance(peer, Host | Guest) and not peer.reachable:
            missing = MAILBOX_SERVER
        else:
            missing = FRIEND_MISSING if self.table.hosts else HOST_MISSING
        return Presence(missing, self._met, moves_away=self._may_move_away())

    def new_code(self) -> str | None:
        """Host: retire the code and show a new one (a friend already playing stays); why not, or None."""
        if self.host is None:
            return "Only the host has a join code"
        if isinstance(self.host, Host):
            self.host.new_code()
        else:
            refusal = self.host.new_code()
            if refusal:
                return refusal
        self.status("A new code: the old one no longer lets anyone in")
        return None

    def kept(self) -> KeptMatch | None:
        """The match as it is to be kept on disk, so that this side takes it up again after a
        crash (None for a guest before the host's first state: there is nothing to take up)."""
        from ...net.kept import KeptMatch

        plan = replace(self.plan, code=None) if isinstance(self.plan, MailboxJoinPlan) else self.plan  # (used up)
        if self.host is not None:
            return KeptMatch(plan, self.host.match, self.host.key if isinstance(self.host, Host) else None)
        key = self.guest.key if isinstance(self.guest, Guest) else None
        asked = self.guest.asked if self.guest is not None else None
        move = str(asked["move"]) if asked is not None else None
        if self.guest is None or self.guest.match is None:  # a guest's match taken up is kept until the host is back
            return KeptMatch(plan, self._match, key, move) if self.side == "host" or self._taken_up else None
        return KeptMatch(plan, self.guest.match, key, move)

    # -- states ------------------------------------------------------------------------

    def take_up(self, match: Match) -> None:
        """Show ``match``, kept from before a crash, as it was until the other side is back
        (both sides have been in it)."""
        self._met = self._taken_up = True
        self.changed(match)

    def changed(self, match: Match) -> None:
        """Show ``match`` as this player sees it (a guest that hears from the host again is
        joined again: news of the drop goes)."""
        if self.guest is not None and self._dropped and self.peer_here:
            self._dropped = False
            if self.guest.asked is None:  # (else the guest said where its move is)
                self.status("")
        self._met = self._met or self.peer_here or self.guest is not None  # (a guest hears only the host's match)
        if not self._met:  # nobody has sat down yet: only who is (not) there is news
            self.say(self.news)
            return
        previous = self._shown
        if previous is None or previous.number != match.number or previous.ply != len(match.moves):
            self._text = ""  # news of the match (a join, a return, a refusal) was about the position before
        same_game = previous is not None and previous.number == match.number
        started = previous.started if same_game and previous is not None else time.time()
        times = previous.times if same_game and previous is not None else ()
        times = (*times, *((time.time() - started,) * (len(match.moves) - len(times))))[: len(match.moves)]
        state = GameState.seated(match.board, match.seating(self.table), match.number, started, times)
        self._shown = state
        mine_won, theirs_won = (
            (match.host_wins, match.guest_wins) if self.side == "host" else (match.guest_wins, match.host_wins)
        )
        wins = {YOU.label: mine_won, FRIEND.label: theirs_won}
        players = Scoreboard.for_game(state).wins
        scores = Scoreboard(self.table.name, tuple((who, wins.get(who, 0)) for who, _ in players), match.draws)
        self.show(state, scores, self.news)

    def _may_move_away(self) -> bool:
        """Whether this side may move while the other cannot be reached: a guest on its turn in
        the match it knows, with no move waiting (the move is kept and sent when the link is back)."""
        guest = self.guest
        if guest is None or guest.match is None or guest.asked is not None or self.ended:
            return False
        match = guest.match
        return not match.board.is_over and match.board.to_move is match.mark(self.side)

    def waiting_move(self) -> str | None:
        """Why this side may not move now because its last move is not answered yet, or None."""
        asked = self.guest.asked if self.guest is not None else None
        return f"Your move {asked['move']} is not answered yet" if asked is not None else None

    @property
    def peer_here(self) -> bool:
        """Whether the other side is connected now."""
        peer = self.host if self.host is not None else self.guest
        return peer is not None and peer.connected

    # -- the player's requests -----------------------------------------------------------

    def chat(self, text: str) -> str | None:
        """Send a line of chat to the other side (kept while the link is down); why not, or None."""
        peer = self.host if self.host is not None else self.guest
        if peer is None:
            return "Not connected yet: nobody to talk to"
        return peer.talk.say(text, peer.send_now)

    def _heard(self, line: ChatLine) -> None:
        self.hear(line)

    async def play(self, move: Move) -> str | None:
        """Play ``move`` for this player; why not, or None."""
        if self.host is not None:
            if not self.host.connected:
                return "Wait for your friend to join (again)"
            try:
                self.host.play(move)
            except MoveRefused as refusal:
                return str(refusal).capitalize()
            return None
        guest = self.guest
        assert guest is not None
        if not await guest.play(move):
            return "Not connected to your friend's game"
        if not self.peer_here:
            self.say(self.news)  # kept: this side may not move again until the host has it
        return None

    async def rematch(self) -> str | None:
        """Start the next game (the other player first); why not, or None."""
        if self.host is not None:
            try:
                self.host.rematch()
            except MoveRefused as refusal:
                return str(refusal).capitalize()
            return None
        assert self.guest is not None
        match = self.guest.match
        if match is not None and not match.board.is_over:
            return "Finish this game first"
        return None if await self.guest.rematch() else "Not connected to your friend's game"
