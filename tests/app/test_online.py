"""Two real copies of the app playing each other over loopback, as host and guest."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from textual.widgets import Input

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.net import HostPlan, JoinPlan
from tictactoe_tui.net.host import Host
from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import ONLINE_HOST, ONLINE_JOIN

from ..helpers.app import marks, status
from ..helpers.online import app_for, hosted_app, lines_said, press
from ..helpers.waiting import until


async def test_two_apps_play_a_game_and_a_rematch_over_loopback(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        assert f"code: {code}" in status(host)
        assert f"· 127.0.0.1:{port}" in status(host)
        assert "Waiting for your friend" in status(host)
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            assert host.game_screen.game.seating.table == ONLINE_HOST.name
            assert guest.game_screen.game.seating.table == ONLINE_JOIN.name
            assert "Your turn (X)" in status(host)
            assert "Your friend's turn (X)" in status(guest)
            await press(guest, "1")  # not the guest's turn: refused at once
            assert "your friend's turn" in status(guest)
            for app, digit in ((host, "5"), (guest, "1"), (host, "3"), (guest, "2"), (host, "7")):
                before = len(host.game_screen.game.line)
                await press(app, digit)
                await until(lambda: len(host.game_screen.game.line) == len(guest.game_screen.game.line) == before + 1)  # noqa: B023
            assert marks(host) == marks(guest) == "oox/.x./x.."
            assert status(host).startswith("You win")
            assert status(guest).startswith("Your friend wins")
            # both count the host's win, each by player
            assert (host.game_screen.scores.wins_of("You"), guest.game_screen.scores.wins_of("Friend")) == (1, 1)
            await press(guest, "n")  # a rematch: the guest moves first now
            await until(lambda: host.game_screen.game.number == guest.game_screen.game.number == 2)
            assert "Your turn (O)" in status(guest)
            assert "Your friend's turn (O)" in status(host)
            await press(guest, "5")
            await until(lambda: marks(host) == ".../.x./...")
            await press(host, "u")
            assert "cannot be taken back" in status(host)
        await until(lambda: "Your friend left" in status(host))  # the guest quit
        await host.workers.wait_for_complete()
    for home in ("host", "guest"):  # each side keeps the game, with the friend as the opponent
        [summary] = Archive(tmp_path / home / "data" / "games.sqlite3").page()
        assert {summary.x_player, summary.o_player} == {"you", "friend"}
    assert summary.result == "You lost"  # the guest's archive


async def test_a_guest_who_drops_out_joins_again_with_the_code_and_finds_the_game(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        first = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with first.run_test():
            await until(lambda: host.game_screen.game.joined and first.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(first) == ".../.x./...")
            await press(first, "1")
            await until(lambda: marks(host) == "o../.x./...")
        await until(lambda: "Your friend left" in status(host))
        assert f"code: {code}" in status(host)  # still on screen for the friend's return
        await press(host, "9")  # a move while the friend is away: refused, and the code stays
        assert "Waiting for your friend" in status(host)
        assert f"code: {code}" in status(host)
        again = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with again.run_test():
            await until(lambda: marks(again) == "o../.x./...")
            assert "back" in status(host)
            await press(host, "9")
            await until(lambda: marks(again) == "o../.x./..x")


async def test_the_sidebar_join_takes_a_direct_hosts_address_then_its_code(tmp_path: Path) -> None:
    """Online: join, then n, asks for a code or an address: an address asks for the direct host's code."""
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = TicTacToeApp(Settings(), searcher=ThreadSearcher(get_strategy), seed=2)
        async with guest.run_test() as guest_pilot:
            await guest_pilot.pause()
            guest.game_screen.change_setting("mode", ONLINE_JOIN.name)
            await guest_pilot.press("n")
            assert isinstance(guest.screen, PathPrompt)
            guest.screen.query_one(Input).value = f"{address}:{port}"
            await guest_pilot.press("enter")
            assert isinstance(guest.screen, PathPrompt)  # the code, asked for
            guest.screen.query_one(Input).value = code.upper().replace("-", " ")  # as typed by a person
            await guest_pilot.press("enter")
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            assert guest.game_screen.game.seating.table == ONLINE_JOIN.name
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")


async def test_the_hosts_game_is_the_one_played(tmp_path: Path) -> None:
    """A host playing Gravity: the guest's app plays Gravity too, and marks drop on both."""
    paths = Paths(tmp_path / "host" / "config", tmp_path / "host" / "data")
    gravity = Settings(preset=Preset(6, 7, 4, "gravity"))
    host = TicTacToeApp(gravity, paths=paths, searcher=ThreadSearcher(get_strategy), online=HostPlan("127.0.0.1", 0))
    async with host.run_test():
        await until(
            lambda: (
                host.game_screen.online is not None
                and isinstance(host.game_screen.online.host, Host)
                and bool(host.game_screen.online.host.address)
            )
        )
        assert host.game_screen.online is not None
        assert isinstance(host.game_screen.online.host, Host)
        assert host.game_screen.online.host.address is not None
        address, port = host.game_screen.online.host.address
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, host.game_screen.online.host.code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            assert guest.game_screen.game.board.rules.name == "gravity"
            await press(host, "4")  # column d: the mark lands at its foot
            await until(lambda: guest.game_screen.game.board.move_count == 1)
            assert marks(guest).split("/")[-1] == "...x..."


async def test_the_guest_follows_the_hosts_game_and_both_keep_the_same_score(tmp_path: Path) -> None:
    """A host on Misère: the guest's sidebar and status say Misère; after a game and a rejoin
    both score lines count the same games."""
    paths = Paths(tmp_path / "host" / "config", tmp_path / "host" / "data")
    misere = Settings(preset=Preset(3, 3, 3, "misere"))
    host = TicTacToeApp(misere, paths=paths, searcher=ThreadSearcher(get_strategy), online=HostPlan("127.0.0.1", 0))
    async with host.run_test():
        await until(lambda: host.game_screen.online is not None and "code: " in host.game_screen.online.banner)
        link = host.game_screen.online
        assert link is not None
        assert isinstance(link.host, Host)
        assert link.host.address is not None
        address, port = link.host.address
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, link.host.code))
        async with guest.run_test():
            # joined: the host's first state has reached the guest (its own state before that is not)
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            assert guest.game_screen.settings.preset == Preset(3, 3, 3, "misere")
            assert guest.game_screen.settings.game == "misere"
            assert "Joined: Misère" in status(guest)
            for app, digit in ((host, "1"), (guest, "5"), (host, "2"), (guest, "9"), (host, "3")):  # a1 b1 c1
                before = len(host.game_screen.game.line)
                await press(app, digit)
                await until(lambda: len(guest.game_screen.game.line) == before + 1)  # noqa: B023
            assert status(host).startswith("Your friend wins")  # the host made the line: Misère
            assert status(guest).startswith("You win")
        async with app_for(tmp_path / "guest", JoinPlan(address, port, link.host.code)).run_test() as again:
            back = again.app
            assert isinstance(back, TicTacToeApp)
            await until(lambda: back.game_screen.game.joined and back.game_screen.game.board.is_over)
            for app in (host, back):
                assert app.game_screen.scores.wins_of("Friend" if app is host else "You") == 1
                assert app.game_screen.scores.wins_of("You" if app is host else "Friend") == 0
            assert str(back.game_screen.scores) in ("Friend 0 · You 1 · draws 0", "You 1 · Friend 0 · draws 0")


async def test_a_mistyped_code_asks_again_and_the_right_one_joins(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, "maple-maple-maple"))
        async with guest.run_test() as pilot:
            await until(lambda: isinstance(guest.screen, PathPrompt))
            assert isinstance(guest.screen, PathPrompt)
            assert "refused the code" in guest.screen.title_text
            assert "Someone tried a wrong code (1)" in status(host)
            assert f"code: {code}" in status(host)
            await pilot.pause()
            guest.screen.query_one(Input).value = code
            await pilot.press("enter")
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)


async def test_the_host_gives_a_new_code_and_the_old_one_no_longer_works(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), old):
        await press(host, "c")
        link = host.game_screen.online
        assert link is not None
        assert link.host is not None
        new = link.host.code
        assert new != old
        assert f"code: {new}" in status(host)
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, old))
        async with guest.run_test():
            await until(lambda: isinstance(guest.screen, PathPrompt))
            assert not host.game_screen.game.joined


async def test_a_new_host_on_the_same_port_asks_the_old_guest_for_its_code_and_does_not_loop(tmp_path: Path) -> None:
    """The host's terminal closed (no goodbye), and `host --direct` again on the port: the guest says
    once that a new game runs there and asks for its code; it did not loop between "busy" and "new
    game" with n answering "Finish this game first"."""
    async with hosted_app(tmp_path / "host") as (first, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            told = lines_said(guest)
            await until(lambda: first.game_screen.game.joined and guest.game_screen.game.joined)
            await press(first, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            hosting = first.game_screen.online
            assert hosting is not None
            assert isinstance(hosting.host, Host)
            server, friend = hosting.host._server, hosting.host._guest  # killed: no goodbye is sent
            assert server is not None
            assert friend is not None
            server.close()
            friend.writer.transport.abort()
            await until(lambda: "the connection dropped" in status(guest))
            second = app_for(tmp_path / "again", HostPlan(address, port))
            async with second.run_test():
                await until(
                    lambda: second.game_screen.online is not None and second.game_screen.online.host is not None
                )
                again = second.game_screen.online
                assert again is not None
                assert isinstance(again.host, Host)
                again.host.refusal_seconds = 0.05  # its answer to a game it does not know comes after 5-10 s
                await until(lambda: isinstance(guest.screen, PathPrompt), "the new game's code, asked for")
                assert isinstance(guest.screen, PathPrompt)
                assert f"a new game runs at {address}:{port}" in guest.screen.title_text
                assert f"a new game runs at {address}:{port}: ask your friend for their new code" in status(guest)
                assert not any("busy" in line or "trying again" in line for line in told), told
                assert "guessing" not in status(second)
                await until(lambda: bool(guest.screen.query(Input)), "the prompt's input, mounted")
                guest.screen.query_one(Input).value = again.host.code
                await pilot.press("enter")
                await until(lambda: guest.game_screen.game.joined and second.game_screen.game.joined)
                await press(second, "1")
                await until(lambda: marks(guest) == "x../.../...")


async def test_n_leaves_a_guest_s_dead_game_for_a_new_join(tmp_path: Path) -> None:
    """A guest turned away (Esc to the code's question): n asks for a code or an address anew
    instead of "Finish this game first"."""
    async with hosted_app(tmp_path / "host") as (_host, (address, port), _code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, "maple-maple-maple"))
        async with guest.run_test() as pilot:
            await until(lambda: isinstance(guest.screen, PathPrompt))
            await pilot.press("escape")
            await pilot.press("n")
            await until(lambda: isinstance(guest.screen, PathPrompt), "the join's question")
            assert isinstance(guest.screen, PathPrompt)
            assert "direct host's address" in guest.screen.title_text


async def test_a_guest_is_told_the_direct_host_quit_and_asked_for_its_new_code(tmp_path: Path) -> None:
    """Host q, y: 35 s later the guest still read "Waiting for your friend: the connection
    dropped, joining again…" (its goodbye was said for 2 s, then each try to join again said a
    drop); and a refused guest was asked to "Type the code again", which could never work."""
    async with AsyncExitStack() as hosting:
        host, (address, port), code = await hosting.enter_async_context(hosted_app(tmp_path / "host"))
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            said = lines_said(guest)
            await hosting.aclose()  # the host quits
            await until(lambda: isinstance(guest.screen, PathPrompt), "the friend's new code, asked for")
            assert isinstance(guest.screen, PathPrompt)
            assert guest.screen.title_text.startswith("The host closed the game. Ask your friend for their new code")
            assert said == ["The host closed the game: ask your friend for their new code"]
            assert "The host closed the game" in status(guest)
            assert "Waiting for the host" not in status(guest)  # (it said so under the goodbye)


async def test_esc_to_a_new_join_after_the_host_quit_stays_in_the_match_that_ended(tmp_path: Path) -> None:
    """Host q, y; the guest Esc to the new code's question, then n, y, Esc to the join's: the
    headline read "Your friend's turn (X)" though nobody was there, with t Chat in the footer
    and no match to chat in (the match was left before the new one was chosen)."""
    async with AsyncExitStack() as hosting:
        host, (address, port), code = await hosting.enter_async_context(hosted_app(tmp_path / "host"))
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            await hosting.aclose()  # the host quits
            await until(lambda: isinstance(guest.screen, PathPrompt), "the friend's new code, asked for")
            await pilot.press("escape")
            ended = status(guest)
            assert "Not connected: n goes online again" in ended
            await pilot.press("n")
            await until(lambda: isinstance(guest.screen, ConfirmScreen), "leave the game unfinished?")
            await pilot.press("y")
            await until(lambda: isinstance(guest.screen, PathPrompt), "the join's question")
            await pilot.press("escape")
            await until(lambda: guest.screen is guest.game_screen)
            assert "Your friend's turn" not in status(guest)
            assert status(guest) == ended  # still the match that ended, as before n
            assert guest.game_screen.online is not None


async def test_a_match_the_host_closed_offers_no_chat_and_no_end_to_quit(tmp_path: Path) -> None:
    """After the host quit, the guest's t still opened the chat (its lines waited for nobody) and q
    asked "Quit and end the online game with your friend?" of a game already ended."""
    from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen

    async with AsyncExitStack() as hosting:
        host, (address, port), code = await hosting.enter_async_context(hosted_app(tmp_path / "host"))
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            await press(guest, "1")
            await until(lambda: marks(host) == "o../.x./...")
            await hosting.aclose()  # the host quits
            await until(lambda: isinstance(guest.screen, PathPrompt), "the friend's new code, asked for")
            await pilot.press("escape", "t")
            assert "Nobody to talk to: the match is over" in status(guest)
            await pilot.press("q")
            await until(lambda: isinstance(guest.screen, ConfirmScreen), "the question")
            assert isinstance(guest.screen, ConfirmScreen)
            assert guest.screen.question.startswith("Quit and leave this game unfinished?")
            await pilot.press("n")


async def test_quitting_a_match_half_played_asks_whether_to_end_the_online_game(tmp_path: Path) -> None:
    """q asked "Quit and leave this game unfinished?", not saying the friend's game ends too."""
    from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen

    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            await press(host, "q")
            await until(lambda: isinstance(host.screen, ConfirmScreen), "the question")
            assert isinstance(host.screen, ConfirmScreen)
            assert host.screen.question.startswith("Quit and end the online game with your friend?")
            await press(host, "n")


async def test_a_direct_guest_s_move_made_while_the_connection_is_down_reaches_the_host(tmp_path: Path) -> None:
    """A move key while the guest joins again: kept, said to wait, and sent once it is back in."""
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
            hosting = host.game_screen.online
            assert hosting is not None
            assert isinstance(hosting.host, Host)
            friend = hosting.host._guest
            assert friend is not None
            said = lines_said(guest)
            friend.writer.transport.abort()  # the guest's network changed
            await until(lambda: "the connection dropped" in status(guest))
            await press(guest, "1")  # (the guest tries again 2 s after the drop)
            assert "Your move a1 waits to be sent: the host has not seen it yet (joining again)" in said
            await until(lambda: marks(host) == "o../.x./...", "the kept move at the host")
            await until(lambda: marks(guest) == "o../.x./...")
