"""The game screen's online side: a match opened, and the match's states and news applied as
:class:`~.play.OnlinePlay` decided them. A move that continues the game shown is played by the
screen's turn loop as any seat's move is (a :class:`~..seats.SeatMoved` through
:meth:`~..game.play.PlayScreen.on_seat_moved` and ``advance``), so counting, archiving and the
status follow from one place. Part of the screen's own class (:class:`~..game.game_screen.GameScreen`
is a :class:`MatchScreen`): it assigns the screen's state."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...game import GameState
from ...table import YOU
from ..game.aiming import centre
from ..game.play import PlayScreen
from ..widgets.chat_log import Chat

if TYPE_CHECKING:  # (the messages load when first posted, after the first frame)
    from ..game.messages import ChatHeard, ChatOpened, FriendMoved, FriendSaid
    from ..game.parts import ScreenParts
    from ..widgets.presence import MatchNews
    from .play import Followed, MatchOpened


class MatchScreen(PlayScreen):
    """The game screen's part that plays through an online match."""

    parts: ScreenParts

    def on_match_opened(self, message: MatchOpened) -> None:
        """Play the next game through the match just opened, this keyboard's side by its seat, at
        the match's table (a match taken up at a plain start came in another mode: the sidebar
        named it, and n left the match for a game of it)."""
        if self.settings.table is not message.link.table:
            self.settings = replace(self.settings, mode=message.link.table.name)
        self._seats = self.local_seats.seating(YOU.name, message.seat)
        self.match = message.link.news
        self.new_game(GameState.start(self.settings, self.host.rng, number=self.game.number + 1))
        self.refresh_bindings()  # t chats now
        self.run_worker(message.link.run(), name="online", group="online", exclusive=True, exit_on_error=False)

    def leave_match(self) -> None:
        """Hang up the match: this keyboard's moves are played here again."""
        self.parts.online.leave()
        self._seats, self.match = None, None
        self.refresh_bindings()  # t no longer chats

    def follow_match(self, followed: Followed) -> None:
        """Show the online match as :class:`~.play.Followed` says: the host's board in the
        settings, the match's scores and news; then the one move that continues the game shown,
        played by the turn loop, or else the match's state whole (a join, a rematch, moves
        missed). A game that ends here is counted once, as every game is (``advance``)."""
        if followed.settings is not None:
            self.settings = followed.settings
        self.scores, self.match = followed.scores, followed.news
        if followed.move is not None:
            self.on_seat_moved(followed.move)
        state = followed.state
        if state is None:
            return
        previous = self.game
        if state.number == previous.number and previous.board.is_over:
            self.game = state  # (over already, and counted when it ended)
        else:
            self.advance(state)
        if state.number != previous.number:  # (watch_game centres it on a new board)
            self.cursor = centre(state.board)
        self.take_turns()

    def hear_match(self, news: MatchNews) -> None:
        """Show the match's ``news``; a line that is news (not the one already shown, said again
        as a guest retries) replaces an older notice."""
        if news.text != (self.match.text if self.match is not None else ""):
            self.notice = None
        self.match = news

    def action_chat(self, online: bool = True) -> None:
        """Online, type a line to your friend; offline, say there is nobody to talk to."""
        self.notice = self.parts.online.open_chat(online) or self.notice

    def action_new_code(self) -> None:
        """Host: retire the join code and show a new one (a friend already playing stays)."""
        self.notice = self.parts.online.new_code() or self.notice

    def on_friend_moved(self, message: FriendMoved) -> None:
        """The match's new state: a move that continues the game goes through the turn loop."""
        followed = self.parts.online.friend_moved(message)
        if followed is not None:
            self.follow_match(followed)

    def on_friend_said(self, message: FriendSaid) -> None:
        news = self.parts.online.friend_said(message)
        if news is not None:
            self.hear_match(news)

    def on_chat_heard(self, message: ChatHeard) -> None:
        """A line of the online chat joins its log (a line of another match starts a new one)."""
        self.chat = self.chat.with_line(message.line, message.link)

    def on_chat_opened(self, message: ChatOpened) -> None:
        kept = message.previous is not None and message.previous is self.chat.link  # (the same match)
        self.chat = Chat(self.chat.lines if kept else (), link=message.link)
