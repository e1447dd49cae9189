"""The one registry type every catalogue of names uses."""

from __future__ import annotations

import pytest

from tictactoe_tui.registry import Registry


def test_entries_keep_the_order_they_were_registered_in_and_a_taken_name_is_refused() -> None:
    colours: Registry[int] = Registry("colour")
    colours.register("red", 1)
    colours.register("blue", 2)
    assert list(colours) == ["red", "blue"]
    assert dict(colours) == {"red": 1, "blue": 2}
    with pytest.raises(ValueError, match="a colour called 'red' is already registered"):
        colours.register("red", 3)
    assert colours["red"] == 1


def test_unregister_takes_an_entry_out_and_a_name_never_registered_is_a_key_error() -> None:
    colours: Registry[int] = Registry("colour")
    colours.register("red", 1)
    colours.unregister("red")
    assert "red" not in colours
    assert len(colours) == 0
    with pytest.raises(KeyError):
        colours.unregister("red")
    colours.register("red", 5)  # the name is free again
    assert colours["red"] == 5


def test_registered_holds_an_entry_for_a_with_block_only_even_when_it_raises() -> None:
    colours: Registry[int] = Registry("colour")
    with colours.registered("green", 3) as entry:
        assert entry == 3
        assert colours["green"] == 3
    assert "green" not in colours
    with pytest.raises(RuntimeError), colours.registered("green", 4):
        raise RuntimeError("the test failed")
    assert "green" not in colours


def test_a_loader_runs_on_the_first_look_up_only_and_membership_does_not_run_it() -> None:
    made: list[str] = []
    colours: Registry[int] = Registry("colour")

    def load() -> int:
        made.append("violet")
        return 7

    colours.register_loader("violet", load)
    assert "violet" in colours
    assert list(colours) == ["violet"]
    assert made == []
    assert colours["violet"] == 7
    assert colours["violet"] == 7
    assert made == ["violet"]


def test_named_says_in_one_line_which_names_there_are() -> None:
    colours: Registry[int] = Registry("colour")
    colours.register("red", 1)
    colours.register("blue", 2)
    assert colours.named("blue") == 2
    with pytest.raises(ValueError, match=r"^no colour is called 'pink': choose from red, blue$"):
        colours.named("pink")


def test_the_same_entry_again_is_a_no_op_but_not_for_a_with_block() -> None:
    """A process that meets a plug-in twice registers it twice: the same entry again is kept as
    it is; a with block refuses a taken name (leaving it, it would take out what it did not add)."""
    colours: Registry[tuple[int, int]] = Registry("colour")
    red = colours.register("red", (255, 0))
    assert colours.register("red", (255, 0)) is red  # equal: a no-op, the first kept
    assert list(colours) == ["red"]
    with pytest.raises(ValueError, match="a colour called 'red' is already registered"), colours.registered("red", red):
        pass
    assert colours["red"] is red
