"""Nodes and CPU seconds of the hex search on fixed side-3 positions (run on demand: python
benchmarks/bench_side3_positions.py [too product alternative] [--empty 10 11 12] [--seeds 1 2 3]).

Each position is a seeded random game of the variant on side 3 stopped with the given number of
empty cells; it is solved by the searcher alone (`Searcher.value`, one process, no principal line),
so the figures are the search's own. Node counts do not depend on the machine's load: compare
them between versions of the search (run this script under each, e.g. with PYTHONPATH pointing at
another checkout); CPU seconds (time.process_time) still rise with the load of a shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.hexsolve.search import Searcher


def position(variant: str, empty: int, seed: int) -> HexGame | None:
    """A seeded random side-3 game of the variant with `empty` empty cells (None if it ended)."""
    rng = random.Random(seed)
    game = parse_variant(variant, size=3).new_game()
    assert isinstance(game, HexGame)
    while not game.over and game.empty > empty:
        game.play(game.random_turn(rng))
    return None if game.over else game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["too", "product", "alternative"])
    parser.add_argument("--empty", type=int, nargs="*", default=[10, 11, 12])
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3])
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    for variant in args.variants:
        nodes = 0
        seconds = 0.0
        cells = []
        for empty in args.empty:
            for seed in args.seeds:
                game = position(variant, empty, seed)
                if game is None:
                    continue
                searcher = Searcher(game, capacity=1 << 22)
                started = time.process_time()
                value = searcher.value(searcher.state(game))
                seconds += time.process_time() - started
                nodes += searcher.nodes
                cells.append(f"{game.empty}e/{seed}:{value:+d} {searcher.nodes}")
        print(f"{variant:12} nodes {nodes:>10} cpu {seconds:7.2f} s  " + " ".join(cells), flush=True)


if __name__ == "__main__":
    main()
