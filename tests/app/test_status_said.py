"""What the status line says is one value made by one function from the game and what happened
(issue 65 item 2): it never tells two stories at once, and online it names exactly what is
missing, the mailbox server, the host or your friend."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

from tictactoe_tui.app.online.link import OnlineLink
from tictactoe_tui.app.widgets.presence import FRIEND, HOST, MAILBOX_SERVER, MatchNews, Presence
from tictactoe_tui.app.widgets.said import Cause, Notice, Said, status_said
from tictactoe_tui.engine import Board, Mark, Position
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.game import GameState, Settings
from tictactoe_tui.net import JoinPlan, MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.net.match import Match
from tictactoe_tui.table import ONLINE_HOST, ONLINE_JOIN

#: The host's game before anyone joined (nobody has sat down: you at both sides).
HOSTING = GameState.start(Settings(mode=ONLINE_HOST.name), random.Random(0))
#: A guest's game with the host (X) to move first, and the same with the guest (O) to move.
GUESTING = GameState.seated(Board.empty(), ONLINE_JOIN.in_match(Mark.O, Symbols.AS_PLAYED))
GUEST_TO_MOVE = GameState.seated(Board.empty().play((1, 1)), ONLINE_JOIN.in_match(Mark.O, Symbols.AS_PLAYED))


def words(said: Said) -> str:
    """Everything ``said`` shows, as one text."""
    return " | ".join(part for part in (said.headline, said.banner, str(said.notice or ""), said.news) if part)


def test_a_host_that_cannot_go_online_is_not_said_to_wait_for_the_friend() -> None:
    cannot = "Cannot go online: cannot reach the mailbox server relay.example.org:4000 (DNS lookup failed)"
    said = status_said(HOSTING, match=MatchNews("code: 7-a-b", cannot, Presence(FRIEND, ended=True)))
    assert "Waiting for your friend" not in words(said), words(said)
    assert said.news == cannot
    assert said.headline.startswith("Not connected")
    assert not said.banner  # a code that lets nobody in is not shown


def test_a_closed_game_is_not_waited_for() -> None:
    """A key pressed while the host was away said "Waiting for the host to be back"; then the
    host closed the game: the key's refusal goes with the absence it was about."""
    away = Presence(HOST, met=True)
    refusal = away.refusal()
    assert refusal == "Waiting for the host to be back (n: their new code)"
    closed = MatchNews("", "The host closed the game: ask your friend for their new code", Presence(HOST, True, True))
    said = status_said(GUESTING, notice=Notice(refusal, Cause.AWAY), match=closed)
    assert "Waiting for the host" not in words(said), words(said)
    assert "The host closed the game" in said.news


def test_with_the_mailbox_server_down_a_move_key_says_so_not_that_the_host_is_away() -> None:
    lost = Presence(MAILBOX_SERVER, met=True)
    refusal = lost.refusal()
    assert refusal is not None
    assert "mailbox server" in refusal
    assert "host" not in refusal
    news = MatchNews("playing the host through ws://x:4000/v1", "Lost the mailbox server: reconnecting…", lost)
    said = status_said(GUESTING, notice=Notice(refusal, Cause.AWAY), match=news)
    assert "mailbox server" in said.headline
    assert "host to be back" not in words(said), words(said)


def test_a_refusal_about_an_absence_ends_with_it_and_changes_with_it() -> None:
    refusal = Presence(FRIEND, met=True).refusal()
    assert refusal == "Waiting for your friend to be back"
    back = status_said(GUESTING, notice=Notice(refusal, Cause.AWAY), match=MatchNews(presence=Presence(met=True)))
    assert back.notice is None  # they are back: it is not said any more
    lost = MatchNews(presence=Presence(MAILBOX_SERVER, met=True))
    now = status_said(GUESTING, notice=Notice(refusal, Cause.AWAY), match=lost)
    assert now.notice is not None
    assert "mailbox server" in now.notice.text  # what is missing now, not what was


def test_the_headline_names_exactly_what_is_missing() -> None:
    cases = {
        Presence(FRIEND): "Waiting for your friend to join",
        Presence(FRIEND, met=True): "Waiting for your friend to be back",
        Presence(HOST): "Waiting for the host to answer",
        Presence(HOST, met=True): "Waiting for the host to be back (n: their new code)",
        Presence(MAILBOX_SERVER, met=True): "Waiting for the mailbox server",
    }
    for presence, headline in cases.items():
        said = status_said(GUESTING, match=MatchNews(presence=presence))
        assert said.headline == headline
        assert presence.refusal() is not None


def test_a_guest_on_its_turn_moves_while_the_host_is_away_and_reads_whose_turn() -> None:
    """Its move is kept and sent when the link is back: the headline is the game's, the news
    says why the host cannot see it yet."""
    presence = Presence(MAILBOX_SERVER, met=True, moves_away=True)
    said = status_said(GUEST_TO_MOVE, match=MatchNews("", "Lost the mailbox server: reconnecting…", presence))
    assert said.headline == GUEST_TO_MOVE.turn_text()
    assert presence.refusal() is None


def test_offline_the_value_is_the_game_and_the_notice() -> None:
    game = GameState.start(Settings(), random.Random(0))
    notice = Notice("Undone", Cause.ANSWER)
    said = status_said(game, notice=notice, thinking=True)
    assert said == Said(f"{game.turn_text()}  ·  [b]thinking…[/b]", "", notice, "", True, False)


def test_the_link_reports_what_is_missing() -> None:
    """The link's presence, from its side's peer: the mailbox server when it is lost, else the
    other side; the seating is left as the match has it."""
    match = Match(Position(GameShape(3, 3, 3)))
    guest = OnlineLink(MailboxJoinPlan("ws://x:4000/v1", "7-a-b"), match, lambda *_: None, lambda _: None)
    peer = SimpleNamespace(connected=False, reachable=True, match=match, asked=None)
    guest.guest = peer  # type: ignore[assignment]
    assert guest.presence == Presence(HOST, moves_away=False)  # the host moves first
    peer.reachable = False
    assert guest.presence.missing == MAILBOX_SERVER
    peer.connected = peer.reachable = True
    assert guest.presence.here
    host = OnlineLink(MailboxHostPlan("ws://x:4000/v1"), match, lambda *_: None, lambda _: None)
    assert host.presence == Presence(FRIEND)


def test_a_guest_says_whom_it_plays_only_while_the_host_is_there() -> None:
    """A play-test read "Waiting for the host to be back" over "playing the host through ws://…"
    (and "Connecting…" under "playing the host at …"): two stories at once."""
    match = Match(Position(GameShape(3, 3, 3)))
    for plan, where in ((MailboxJoinPlan("ws://x:4000/v1", "7-a-b"), "through ws://x:4000/v1"), (None, "at h:7717")):
        link = OnlineLink(plan or JoinPlan("h", 7717, "a-b-c"), match, lambda *_: None, lambda _: None)
        link._address = where.split(" ")[1]
        peer = SimpleNamespace(connected=False, reachable=True, match=match, asked=None)
        link.guest = peer  # type: ignore[assignment]
        assert link.banner == ""
        peer.reachable = False
        assert link.banner == ""
        peer.connected = peer.reachable = True
        assert link.banner == f"playing the host {where}"


def test_a_guest_whose_move_is_not_answered_is_not_told_it_is_its_turn() -> None:
    """My own play: "Your turn (O)" for 21 s over "Your move b3 is on its way to the host…" (the
    host killed); and once it was silent, nothing said that n takes the host's new code."""
    on_its_way = MatchNews("", "Your move b3 is on its way to the host…", Presence(met=True), sent="b3")
    said = status_said(GUEST_TO_MOVE, match=on_its_way)
    assert "Your turn" not in said.headline
    assert said.headline == "Your move b3 waits for the host's answer"
    silent = MatchNews("", "Your move b3 waits for the host: nothing from them for a while…", Presence(HOST, True))
    said = status_said(GUEST_TO_MOVE, match=replace(silent, sent="b3"))
    assert said.headline == "Waiting for the host to be back (n: their new code)"
    assert status_said(GUEST_TO_MOVE, match=MatchNews(presence=Presence(met=True))).headline.startswith("Your turn")
