"""The names people may give a computer player (a level or a strategy), as a collection that knows
a level's name without loading a player: what a settings file names, read before the first frame,
is most often a level, and the players load with the first search."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .base import LEVEL_NAMES


class StrategyNames(Collection[str]):
    """The names :func:`~.levels.strategy_names` lists. A level's name is known from
    :data:`~.base.LEVEL_NAMES`; any other name loads the levels and the strategies to look."""

    def __contains__(self, name: object) -> bool:
        if name in LEVEL_NAMES:
            return True
        from .levels import LEVELS, STRATEGIES

        return name in LEVELS or name in STRATEGIES

    def __iter__(self) -> Iterator[str]:
        from .levels import strategy_names

        return iter(strategy_names())

    def __len__(self) -> int:
        from .levels import LEVELS, STRATEGIES

        return len(LEVELS) + len(STRATEGIES)


#: Every name :func:`~.levels.get_strategy` accepts.
STRATEGY_NAMES = StrategyNames()
