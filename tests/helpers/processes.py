"""The processes a server started, followed through Linux's /proc: each game runs in a process
group of its own, and a process whose parent has gone keeps its group, so a game's helper left
behind is still found."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Running:
    """One process as /proc shows it."""

    pid: int
    parent: int
    group: int
    state: str
    command: str

    @property
    def alive(self) -> bool:
        """Whether it runs (a zombie has ended, and only waits for its parent to read its status)."""
        return self.state not in ("Z", "X", "x")


def every_process() -> list[Running]:
    """Every process on the machine now."""
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(errors="replace")
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone meanwhile
            continue
        state, parent, group = stat[stat.rfind(")") + 2 :].split()[:3]
        found.append(Running(int(entry.name), int(parent), int(group), state, command))
    return found


@dataclass
class ProcessTree:
    """What a server (the leader of its own process group) started: its descendants, and every
    process of any group one of them was seen in (the groups are remembered)."""

    server: int
    groups: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.groups.add(self.server)

    def running(self) -> list[Running]:
        """The server's processes that run now, the server itself left out."""
        table = every_process()
        children: dict[int, list[Running]] = {}
        for process in table:
            children.setdefault(process.parent, []).append(process)
        descendants, waiting = set(), [self.server]
        while waiting:
            for child in children.get(waiting.pop(), []):
                descendants.add(child.pid)
                self.groups.add(child.group)
                waiting.append(child.pid)
        return [
            process
            for process in table
            if process.pid != self.server
            and process.alive
            and (process.pid in descendants or process.group in self.groups)
        ]

    def games(self) -> list[Running]:
        """The games themselves (``python -m tictactoe_tui --visitor``, not their helpers)."""
        return [process for process in self.running() if process.command.endswith("-m tictactoe_tui --visitor")]
