"""Measure every level's rating on one scale, per game and board, and write the calibration the
app reads (``tictactoe_tui/engine/data/level_ratings.json``).

    nice python scripts/calibrate_levels.py [--seed 6900] [--think-time 0.1] [--games N] [--only "classic 3x3 k3"]

For each shape, every pair of levels plays a series from both seats (half the games each), and
so does each blend of two neighbouring levels (the stronger level's move half the time, as "match
me" plays) against both of its levels. The ratings are the Bradley–Terry (Elo) maximum-likelihood
fit over all those games, a draw counting half a win to each side, with one virtual draw added to
every pairing so that an unbeaten level gets a finite rating; ``easy`` is the anchor, at 800.
Each rating's 95% interval is ±1.96 standard errors from the fit's curvature (the anchor has none).
Neighbouring levels that drew every game they played each other, or whose fit came out in the
wrong order, are fitted as one player and share a rating.

Without ``--only`` every shape is played; with it, the named shapes are played again and the
others kept from the file. ``--add`` adds the new games to those the file records for the shape
(give it another ``--seed``) and fits all of them; ``--refit`` fits again from the games the file
records, playing none. ``--check-match RATING`` plays "match me" at RATING against every level of
the ``--only`` shapes and prints the rating its results measure, beside the one it was set to.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tictactoe_tui.engine import Board, get_strategy, play_game
from tictactoe_tui.engine.blended import BlendedLevel
from tictactoe_tui.engine.board import GameShape, Mark
from tictactoe_tui.engine.games import LEVEL_NAMES
from tictactoe_tui.engine.players import Strategy
from tictactoe_tui.engine.strength import CALIBRATION_FILE, Blend, calibration_key, level_blend, ratings_for

OUT = Path(__file__).resolve().parent.parent / "tictactoe_tui" / "engine" / "data" / CALIBRATION_FILE
#: The shapes calibrated, and the games each pairing plays there (fewer where games are slow).
SHAPES: dict[GameShape, int] = {
    GameShape(3, 3, 3, "classic"): 40,
    GameShape(4, 4, 4, "classic"): 40,
    GameShape(5, 5, 4, "classic"): 30,
    GameShape(6, 7, 4, "gravity"): 16,
    GameShape(3, 3, 3, "misere"): 40,
    GameShape(9, 9, 3, "ultimate"): 16,
    GameShape(15, 15, 5, "classic"): 20,
}
#: The anchor: ``easy``'s rating on every shape.
ANCHOR_LEVEL, ANCHOR_RATING = "easy", 800.0
#: A blend's share of the stronger level's moves.
BLEND_SHARE = 0.5
#: Elo's scale: 400 points is a factor of 10 in the odds.
SCALE = 400 / math.log(10)


@dataclass
class Pairing:
    """``first`` against ``second`` from both seats: ``first``'s wins and losses, the draws."""

    first: str
    second: str
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def blends() -> list[Blend]:
    """Every player calibrated: the levels, then a blend between each two neighbours."""
    levels = [level_blend(level) for level in LEVEL_NAMES]
    between = [Blend(weaker, stronger, BLEND_SHARE) for weaker, stronger in itertools.pairwise(LEVEL_NAMES)]
    return [*levels, *between]


def pairings() -> list[tuple[Blend, Blend]]:
    """Every two levels, then each blend against each of its two levels."""
    levels = [level_blend(level) for level in LEVEL_NAMES]
    level_pairs = list(itertools.combinations(levels, 2))
    blend_pairs = [
        (blend, level_blend(level)) for blend in blends()[len(levels) :] for level in (blend.weaker, blend.stronger)
    ]
    return level_pairs + blend_pairs


def strategy(blend: Blend) -> Strategy:
    return get_strategy(blend.weaker) if blend.weaker == blend.stronger else BlendedLevel(blend, get_strategy)


def play_pairing(start: Board, first: Blend, second: Blend, games: int, seed: int, think: float) -> Pairing:
    """``games`` games, half with ``first`` as X; each game's seed drawn from ``seed``."""
    series = random.Random(seed)
    result = Pairing(first.name, second.name)
    one, other = strategy(first), strategy(second)
    for game in range(games):
        first_is_x = game % 2 == 0
        x, o = (one, other) if first_is_x else (other, one)
        final = play_game(start, x, o, random.Random(series.getrandbits(64)), think)
        if final.winner is None:
            result.draws += 1
        elif (final.winner is Mark.X) == first_is_x:
            result.wins += 1
        else:
            result.losses += 1
    return result


def groups_of(results: list[Pairing]) -> dict[str, str]:
    """Each player's group: a level joins the level below it when the two drew every game
    between them (nothing tells them apart); a blend is its own."""
    group = {blend.name: blend.name for blend in blends()}
    for weaker, stronger in itertools.pairwise(LEVEL_NAMES):
        head_to_head = [row for row in results if {row.first, row.second} == {weaker, stronger}]
        if head_to_head and all(row.wins == row.losses == 0 for row in head_to_head):
            for name, owner in group.items():
                if owner == stronger:
                    group[name] = group[weaker]
    return group


def fit(results: list[Pairing], group: dict[str, str]) -> tuple[dict[str, float], dict[str, float]]:
    """Maximum-likelihood ratings of the groups (the anchor's fixed) and their standard errors,
    by Newton's method on the Bradley–Terry log-likelihood with one virtual draw a pairing."""
    names = sorted(set(group.values()), key=list(group.values()).index)
    free = [name for name in names if name != group[ANCHOR_LEVEL]]
    index = {name: position for position, name in enumerate(free)}
    theta = np.zeros(len(free))
    rows = [(group[row.first], group[row.second], row.wins + row.draws / 2 + 0.5, row.games + 1) for row in results]
    hessian = np.eye(len(free))
    for _ in range(100):
        gradient = np.zeros(len(free))
        hessian = np.zeros((len(free), len(free)))
        for first, second, points, games in rows:
            if first == second:
                continue
            strength_first = theta[index[first]] if first in index else 0.0
            strength_second = theta[index[second]] if second in index else 0.0
            expected = 1 / (1 + math.exp(strength_second - strength_first))
            weight = games * expected * (1 - expected)
            for name, sign in ((first, 1.0), (second, -1.0)):
                if name in index:
                    gradient[index[name]] += sign * (points - games * expected)
                    hessian[index[name], index[name]] -= weight
            if first in index and second in index:
                hessian[index[first], index[second]] += weight
                hessian[index[second], index[first]] += weight
        step = np.linalg.solve(hessian, -gradient)
        theta += step
        if np.max(np.abs(step)) < 1e-9:
            break
    covariance = np.linalg.inv(-hessian)
    ratings = {group[ANCHOR_LEVEL]: ANCHOR_RATING}
    errors = {group[ANCHOR_LEVEL]: 0.0}
    for name, position in index.items():
        ratings[name] = ANCHOR_RATING + SCALE * float(theta[position])
        errors[name] = SCALE * math.sqrt(float(covariance[position, position]))
    return ratings, errors


def rate(results: list[Pairing]) -> list[dict[str, object]]:
    """Each player's rating and 95% interval; levels that came out in the wrong order are
    joined with the one below them and fitted again, until the levels never fall."""
    group = groups_of(results)
    while True:
        ratings, errors = fit(results, group)
        wrong = [
            (weaker, stronger)
            for weaker, stronger in itertools.pairwise(LEVEL_NAMES)
            if ratings[group[stronger]] < ratings[group[weaker]]
        ]
        if not wrong:
            break
        weaker, stronger = wrong[0]
        for name, owner in list(group.items()):
            if owner == group[stronger]:
                group[name] = group[weaker]
    rows: list[dict[str, object]] = []
    for blend in blends():
        owner = group[blend.name]
        rating, error = ratings[owner], errors[owner]
        rows.append(
            {
                "weaker": blend.weaker,
                "stronger": blend.stronger,
                "share": blend.share,
                "rating": round(rating, 1),
                "low": round(rating - 1.96 * error, 1),
                "high": round(rating + 1.96 * error, 1),
                "shares_rating_with": sorted(
                    name for name, other in group.items() if other == owner and name != blend.name
                ),
            }
        )
    return rows


def calibrate(shape: GameShape, games: int, seed: int, think: float) -> dict[str, object]:
    start = Board.empty(shape.rows, shape.cols, shape.k, shape.game)
    results = []
    began = time.perf_counter()
    for number, (first, second) in enumerate(pairings()):
        row = play_pairing(start, first, second, games, seed + number, think)
        results.append(row)
        print(
            f"{calibration_key(shape)}: {row.first} vs {row.second}: +{row.wins} -{row.losses} ={row.draws}", flush=True
        )
    return {
        "game": shape.game,
        "rows": shape.rows,
        "cols": shape.cols,
        "k": shape.k,
        "seeds": [seed],
        "games_a_pairing": games,
        "think_seconds": think,
        "seconds": round(time.perf_counter() - began, 1),
        "pairings": [vars(row) for row in results],
        "players": rate(results),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=6900, help="the first shape's seed (each shape adds 100)")
    parser.add_argument("--think-time", type=float, default=0.1, help="seconds a move (default 0.1)")
    parser.add_argument("--games", type=int, help="games a pairing (default: per shape, see SHAPES)")
    parser.add_argument("--only", action="append", help='a shape to play, e.g. "classic 3x3 k3" (repeatable)')
    parser.add_argument("--add", action="store_true", help="add the games to those the file records")
    parser.add_argument("--refit", action="store_true", help="fit again from the games the file records")
    parser.add_argument("--check-match", type=float, metavar="RATING", help='measure "match me" set to RATING')
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.check_match is not None:
        for number, (shape, games) in enumerate(SHAPES.items()):
            if args.only is None or calibration_key(shape) in args.only:
                seed = args.seed + 100 * number
                check_match(shape, args.check_match, args.games or games, seed, args.think_time)
        return
    kept = json.loads(args.out.read_text()) if args.out.exists() else {"shapes": []}
    by_key = {calibration_key(GameShape(e["rows"], e["cols"], e["k"], e["game"])): e for e in kept["shapes"]}
    for number, (shape, games) in enumerate(SHAPES.items()):
        if args.refit and calibration_key(shape) in by_key:
            entry = by_key[calibration_key(shape)]
            entry["players"] = rate([Pairing(**row) for row in entry["pairings"]])
        elif not args.refit and (args.only is None or calibration_key(shape) in args.only):
            played = calibrate(shape, args.games or games, args.seed + 100 * number, args.think_time)
            by_key[calibration_key(shape)] = (
                added(by_key[calibration_key(shape)], played)
                if args.add and calibration_key(shape) in by_key
                else played
            )
        else:
            continue
        args.out.write_text(json.dumps(document(by_key), indent=1) + "\n")
    args.out.write_text(json.dumps(document(by_key), indent=1) + "\n")


def added(kept: dict[str, Any], played: dict[str, Any]) -> dict[str, Any]:
    """The games ``kept`` records for a shape and those just ``played`` there, fitted together."""
    pairings = [Pairing(**row) for row in kept["pairings"]]
    for row, new in zip(pairings, played["pairings"], strict=True):
        assert (row.first, row.second) == (new["first"], new["second"])
        row.wins, row.losses, row.draws = row.wins + new["wins"], row.losses + new["losses"], row.draws + new["draws"]
    return {
        **kept,
        "seeds": [*kept["seeds"], *played["seeds"]],
        "games_a_pairing": kept["games_a_pairing"] + played["games_a_pairing"],
        "seconds": round(kept["seconds"] + played["seconds"], 1),
        "pairings": [vars(row) for row in pairings],
        "players": rate(pairings),
    }


def check_match(shape: GameShape, rating: float, games: int, seed: int, think: float) -> float:
    """Play "match me" set to ``rating`` against each level of ``shape`` (both seats), and return
    the rating that fits its results with the levels at their calibrated ratings (one virtual
    draw a pairing, as the calibration)."""
    ratings = ratings_for(shape)
    assert ratings is not None, f"{calibration_key(shape)} has no calibration"
    blend, plays_at = ratings.match(rating)
    start = Board.empty(shape.rows, shape.cols, shape.k, shape.game)
    rows = []
    for number, level in enumerate(ratings.names):
        row = play_pairing(start, blend, level_blend(level), games, seed + number, think)
        rows.append((ratings.level_rating(level), row.wins + row.draws / 2 + 0.5, row.games + 1))
        print(f"{calibration_key(shape)}: {row.first} vs {level}: +{row.wins} -{row.losses} ={row.draws}", flush=True)
    theta = plays_at / SCALE
    for _ in range(100):
        expected = [(games_, 1 / (1 + math.exp(other / SCALE - theta))) for other, _, games_ in rows]
        gradient = sum(points - games_ * e for (_, points, games_), (_, e) in zip(rows, expected, strict=True))
        curvature = sum(games_ * e * (1 - e) for games_, e in expected)
        theta += gradient / curvature
        if abs(gradient / curvature) < 1e-9:
            break
    measured, error = SCALE * theta, SCALE / math.sqrt(curvature)
    names = ratings.names
    widths = [ratings.level_rating(b) - ratings.level_rating(a) for a, b in itertools.pairwise(names)]
    print(f"{calibration_key(shape)}: match me set to {rating:.0f} plays {blend.name} at {plays_at:.0f}; measured"
          f" {measured:.0f} (95%: {measured - 1.96 * error:.0f} to {measured + 1.96 * error:.0f});"
          f" the levels' widths: {', '.join(f'{width:.0f}' for width in widths)}")  # fmt: skip
    return measured


def document(by_key: dict[str, dict[str, object]]) -> dict[str, object]:
    order = [calibration_key(shape) for shape in SHAPES]
    return {
        "made_by": "scripts/calibrate_levels.py",
        "anchor": {"level": ANCHOR_LEVEL, "rating": ANCHOR_RATING},
        "method": "Bradley-Terry (Elo) maximum likelihood, draws half a win, one virtual draw a pairing",
        "shapes": [by_key[key] for key in sorted(by_key, key=lambda key: order.index(key) if key in order else 99)],
    }


if __name__ == "__main__":
    main()
