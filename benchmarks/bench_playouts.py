"""Playouts per processor second of the compiled search, builds side by side (run on demand).

    python benchmarks/bench_playouts.py --playouts 200000 --runs 3 \\
        --python /work/wt/base/.venv/bin/python --python .venv/bin/python

Each `--python` is an interpreter whose installed catchup_notation is measured (default: this
one). Every run searches each position once with each build in turn (interleaved), one thread,
level 9's tree settings, the exact solver off (its share of a turn is not a playout); the figure
is playouts per processor second of the search alone (the process's CPU time around `run`), best
and median of `--runs`. The positions: the empty board (the first player's first turn) and
positions some uniformly random turns in, the same for every build (drawn by the library's own
`random_turn` from `--seed`). Load is printed beside the figures: compare builds of one run only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

#: Run inside each interpreter: one search of each position, its playouts and CPU seconds.
CHILD = r"""
import json, random, sys, time
from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.levels import level_settings
from catchup_notation.rules.registry import parse_variant

variant, depths, playouts, seed = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
settings = level_settings(9)[0]
out = []
for depth in depths:
    rng = random.Random(seed + depth)
    game = parse_variant(variant).new_game()
    for _ in range(depth):
        game.play(game.random_turn(rng))
    tree = core_tree(game, seed, settings)
    start = time.process_time()
    done = tree.run(playouts)
    out.append([depth, game.empty if hasattr(game, "empty") else None, done, time.process_time() - start])
print(json.dumps(out))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", action="append", metavar="PATH", help="an interpreter to measure (repeatable)")
    parser.add_argument("--variant", default="catchup(size=5)")
    parser.add_argument("--depths", default="0,16", help="random turns before each position (default 0,16)")
    parser.add_argument("--playouts", type=int, default=200_000, metavar="N", help="playouts a search")
    parser.add_argument("--runs", type=int, default=3, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    pythons = args.python or [sys.executable]
    depths = [int(d) for d in args.depths.split(",")]
    rates: dict[tuple[str, int], list[float]] = {}
    empties: dict[int, int] = {}
    loads = [os.getloadavg()[0]]
    for _ in range(args.runs):
        for python in pythons:
            command = [python, "-c", CHILD, args.variant, json.dumps(depths), str(args.playouts), str(args.seed)]
            # from the root folder, so that an interpreter imports its own installed package
            child = subprocess.run(command, check=True, capture_output=True, text=True, cwd="/")
            for depth, empty, done, seconds in json.loads(child.stdout):
                rates.setdefault((python, depth), []).append(done / seconds)
                empties[depth] = empty
        loads.append(os.getloadavg()[0])
    print(f"playouts per CPU second, {args.variant}, {args.playouts:,} playouts a search, best (median) of {args.runs}")
    print(f"load {min(loads):.2f} to {max(loads):.2f}")
    first = pythons[0]
    for depth in depths:
        print(f"position {depth} random turns in ({empties[depth]} empty cells):")
        for python in pythons:
            found = rates[(python, depth)]
            ratio = max(found) / max(rates[(first, depth)])
            print(f"  {max(found):>10,.0f} ({statistics.median(found):>10,.0f})  {ratio:5.2f}x  {python}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
