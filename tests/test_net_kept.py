"""An online match kept on disk beside its board: read back as it was written, and anything else
refused (the file is read as untrusted)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.net import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.net.kept import KeptMatch
from tictactoe_tui.net.listening import HostNews, Listener, take_news
from tictactoe_tui.net.match import Match
from tictactoe_tui.store import savefile

PLAYED = Position(GameShape(3, 3, 3, "classic"), ((1, 1), (0, 0)))


@pytest.mark.parametrize(
    "plan",
    [
        HostPlan("0.0.0.0", 7717),
        JoinPlan("::1", 9000),
        JoinPlan("127.0.0.1", 7717, "maple-otter-comet"),  # a direct guest's code works again
        MailboxHostPlan("ws://127.0.0.1:4000/v1"),
        MailboxJoinPlan("wss://m.example/v1"),
    ],
)
def test_a_kept_match_reads_back_as_it_was_kept_in_a_game_in_progress(plan: object) -> None:
    match = Match(PLAYED, number=3, symbols=Symbols.SWAPPED, host_wins=1, guest_wins=0, draws=1)
    kept = KeptMatch(plan, match, b"k" * 16)  # type: ignore[arg-type]
    text = savefile.dump(match.board, None, kept.to_text())
    saved = savefile.parse_game(text)
    assert saved.online is not None
    again = KeptMatch.from_text(saved.online, Position.of(saved.board))
    assert again == kept
    assert again.hosting == isinstance(plan, HostPlan | MailboxHostPlan)


@pytest.mark.parametrize(
    ("kept", "started", "resumed"),
    [
        # a plain `join` or `host` (a mailbox plan that names no code) takes up a direct match as played:
        # the direct guest killed and started with a plain `join` was asked a code and lost its match
        (JoinPlan("127.0.0.1", 7717, "maple-otter-comet"), MailboxJoinPlan(), None),
        (HostPlan("0.0.0.0", 7717), MailboxHostPlan(), None),
        (JoinPlan("127.0.0.1", 7717, "maple-otter-comet"), JoinPlan("127.0.0.1", 7717), None),
        # a start that says where, or gives a code, goes there
        (JoinPlan("127.0.0.1", 7717, "maple-otter-comet"), JoinPlan("10.0.0.2", 7717), "started"),
        (JoinPlan("127.0.0.1", 7717), MailboxJoinPlan(code="7-guitarist-revenge"), "started"),
        (MailboxJoinPlan("ws://127.0.0.1:4000/v1"), MailboxJoinPlan(), "started"),
    ],
)
def test_a_start_takes_up_a_kept_match_where_it_was_played_unless_it_says_otherwise(
    kept: object, started: object, resumed: str | None
) -> None:
    match = KeptMatch(kept, Match(PLAYED, number=1), b"k" * 16)  # type: ignore[arg-type]
    assert match.resumed_with(started) == (started if resumed else kept)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        "{",
        '{"plan":{"kind":"host","bind":"x","port":99999},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"mailbox join","url":"http://x"},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"join","host":"h","port":1},"number":0,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"join","host":"h","port":1},"number":1,"host_first":1,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"join","host":"h","port":1},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0},"key":"x"}',
        '{"plan":{"kind":"join","host":"h","port":1,"code":7},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"join","host":"h","port":1,"code":"a\\u001b[2J"},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        '{"plan":{"kind":"other"},"number":1,"host_first":true,"score":{"host":0,"guest":0,"draws":0}}',
        "[" * 5000,
    ],
)
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"kept match|state"):
        KeptMatch.from_text(text, PLAYED)


class KeptListener(Listener):
    """A guest with no link of its own: what it is told and the state it takes."""

    def __init__(self) -> None:
        self.said: list[str] = []
        super().__init__(lambda match: None, self.said.append)


AT_PLY_3 = Match(Position(GameShape(3, 3, 3, "classic"), ((1, 1), (0, 0), (0, 1))))


@pytest.mark.parametrize(
    ("host_state", "asked", "told"),
    [
        (AT_PLY_3, "a2", "Joined: Classic on a 3×3 board, you play O"),
        (AT_PLY_3.play("guest", (1, 0)), None, "Your move a2 was not played: the game had moved on"),
        (replace(AT_PLY_3, number=2), None, "Your move a2 was not played: the game had moved on"),
    ],
)
def test_a_move_kept_from_an_earlier_link_is_asked_again_only_where_it_was_made(
    host_state: Match, asked: str | None, told: str
) -> None:
    guest = KeptListener()
    guest.keep_asked(AT_PLY_3, "a2")
    take_news(guest, HostNews(host_state))
    assert (guest.asked["move"] if guest.asked is not None else None) == asked
    assert guest.said == [told]
