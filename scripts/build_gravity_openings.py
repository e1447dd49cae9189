"""Build Connect Four's table of openings: every position up to seven plies in (one of each
mirror pair) with its exact score, backed up from BitBully's 12-ply database.

    python scripts/build_gravity_openings.py [--out PATH]

Plays every line from the empty board to the twelfth ply with numpy, a ply at a time (one of
each mirror pair kept), looks the positions 12 plies in up in the `bitbully-databases` package,
and backs the values up to the first ply. Deterministic. Writes ``PATH`` and ``PATH.sha256``
(format: ``engine/search/gravity/openings.py``); by default the shipped file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tictactoe_tui.engine.search.book import write_data
from tictactoe_tui.engine.search.gravity import openings as gravity_openings

SHIPPED = Path(gravity_openings.__file__).with_name("data") / gravity_openings.TABLE_NAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SHIPPED, help="the file to write")
    args = parser.parse_args(argv)
    values = gravity_openings.load(with_table=False)
    if values is None:
        print("the bitbully-databases package is not installed", file=sys.stderr)
        return 1
    started = time.perf_counter()
    keys, scores = gravity_openings.every_opening(values)
    digest = write_data(args.out, gravity_openings.table_bytes(keys, scores))
    print(f"{len(keys):,} positions in {time.perf_counter() - started:.0f} s: {args.out} ({digest[:12]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
