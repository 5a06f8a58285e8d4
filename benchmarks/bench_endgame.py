"""Endgame solver speed (run on demand: python benchmarks/bench_endgame.py [--max 16] [--positions 3]
[--variants catchup ketchup-3]).

Random side-5 games of each variant are stopped with a given number of empty cells and solved
exactly on one core; prints seconds and nodes per number of empty cells. A variant stops growing
once its slowest position exceeds --budget seconds (default 10)."""

from __future__ import annotations

import argparse
import random

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import hex_variants, parse_variant
from catchup_notation.solvers.endgame import solve_endgame


def position(variant: str, empty: int, seed: int, side: int = 5) -> HexGame:
    """A random unfinished game with exactly `empty` empty cells (reseeding until one is found)."""
    rng = random.Random(seed)
    while True:
        game = parse_variant(variant, size=side).new_game()
        assert isinstance(game, HexGame)
        while not game.over and game.empty > empty:
            game.play(game.random_turn(rng))
        if not game.over and game.empty == empty:
            return game


def row(variant: str, empty: int, positions: int) -> float:
    results = [solve_endgame(position(variant, empty, seed)) for seed in range(positions)]
    times = [r.seconds for r in results]
    nodes = [r.nodes for r in results]
    wins = "".join(str(r.winner or "=") for r in results)
    print(
        f"{variant:18} {empty:5} {sum(times) / len(times):9.3f} {max(times):9.3f} "
        f"{sum(nodes) // len(nodes):10} {max(nodes):10}  {wins}",
        flush=True,
    )
    return max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min", type=int, default=4, help="fewest empty cells for catchup")
    parser.add_argument("--max", type=int, default=16, help="most empty cells")
    parser.add_argument("--positions", type=int, default=3, help="random positions per row")
    parser.add_argument("--budget", type=float, default=10.0, help="stop a variant past this many seconds")
    parser.add_argument("--others-from", type=int, default=10, help="fewest empty cells for the other variants")
    parser.add_argument("--variants", nargs="*", help="variant names (default: every hex variant)")
    args = parser.parse_args()
    print(f"{'variant':18} {'empty':>5} {'mean s':>9} {'max s':>9} {'mean nodes':>10} {'max nodes':>10}  winners")
    for spec in hex_variants():
        if args.variants and spec.name not in args.variants:
            continue
        # A required parameter (brink's margin x) is set to 3; it changes only the scoring.
        required = ", ".join(f"{p.name}=3" for p in spec.parameters if p.required)
        variant = f"{spec.name}({required})" if required else spec.name
        start = parse_variant(variant).new_game()
        if isinstance(start, HexGame) and start.endless:
            print(f"{spec.name:18} has no value (both players may pass for ever)")
            continue
        for empty in range(args.min if spec.name == "catchup" else args.others_from, args.max + 1):
            if row(variant, empty, args.positions) > args.budget:
                break


if __name__ == "__main__":
    main()
