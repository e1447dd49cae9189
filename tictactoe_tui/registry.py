"""A registry: entries by name that can be added, taken out again, or added for a while.

Every catalogue the package keeps by name (games, rules, strategies, tables, kinds of player,
seats) is one :class:`Registry`, so each is read, extended and left the same way, and a test
that adds an entry takes it out with :meth:`Registry.registered`. The lowest layer of the
package: it imports nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

Entry = TypeVar("Entry")


class Registry(Mapping[str, Entry]):
    """Entries by name, in the order they were registered. ``kind`` says what an entry is
    ("game", "kind of table") in the one-line errors a wrong name gets; ``entries`` are its first
    ones. An entry may be registered as a loader, made on its first look-up (a start need not
    build what it never shows); ``fill`` gives entries made when the registry is first read or
    added to (a catalogue whose first entries cost a load: the strategies, which load every game)."""

    def __init__(
        self,
        kind: str,
        entries: Mapping[str, Entry] | None = None,
        *,
        fill: Callable[[], Iterable[tuple[str, Entry]]] | None = None,
    ) -> None:
        self.kind = kind
        self._made: dict[str, Entry] = {}
        self._loaders: dict[str, Callable[[], Entry]] = {}
        self._order: list[str] = []
        self._fill = fill
        for name, entry in (entries or {}).items():
            self.register(name, entry)

    def _filled(self) -> None:
        """Make the entries ``fill`` gives, once, before the first read or addition."""
        if self._fill is not None:
            fill, self._fill = self._fill, None
            for name, entry in fill():
                self.register(name, entry)

    def register(self, name: str, entry: Entry) -> Entry:
        """Add ``entry`` as ``name``; returns it. The same entry again (equal to the one there) is
        a no-op that returns the one there; a different one under a name already taken is
        refused (ValueError)."""
        self._filled()
        if name in self._made and self._made[name] == entry:
            return self._made[name]
        self._claim(name)
        self._made[name] = entry
        return entry

    def register_loader(self, name: str, load: Callable[[], Entry]) -> None:
        """Add ``name``, whose entry ``load`` makes on its first look-up."""
        self._filled()
        self._claim(name)
        self._loaders[name] = load

    def unregister(self, name: str) -> None:
        """Take ``name`` out (KeyError if it is not registered)."""
        if name not in self:
            raise KeyError(name)
        self._order.remove(name)
        self._made.pop(name, None)
        self._loaders.pop(name, None)

    @contextmanager
    def registered(self, name: str, entry: Entry) -> Iterator[Entry]:
        """Add ``entry`` as ``name`` for the ``with`` block, then take it out again. A name already
        taken is refused, even by an equal entry (the block would take out what it did not add)."""
        self._check_free(name)
        self.register(name, entry)
        try:
            yield entry
        finally:
            self.unregister(name)

    def named(self, name: str) -> Entry:
        """The entry called ``name``; a ValueError in one line names the choices."""
        if name not in self:
            raise ValueError(f"no {self.kind} is called {name!r}: choose from {', '.join(self._order)}")
        return self[name]

    def _claim(self, name: str) -> None:
        self._check_free(name)
        self._order.append(name)

    def _check_free(self, name: str) -> None:
        if name in self:
            raise ValueError(f"a {self.kind} called {name!r} is already registered")

    def __getitem__(self, name: str) -> Entry:
        self._filled()
        if name not in self._made:
            if name not in self._loaders:
                raise KeyError(name)
            made = self._loaders[name]()  # the name stays registered while its entry is made
            self._made[name] = made
            self._loaders.pop(name, None)
        return self._made[name]

    def __contains__(self, name: object) -> bool:
        self._filled()
        return name in self._made or name in self._loaders

    def __iter__(self) -> Iterator[str]:
        self._filled()
        return iter(list(self._order))

    def __len__(self) -> int:
        self._filled()
        return len(self._order)

    def __repr__(self) -> str:
        return f"Registry({self.kind!r}, {self._order!r})"
