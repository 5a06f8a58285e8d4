"""Exact hex solving, this solver against another installation's, side by side (run on demand:
python benchmarks/bench_solve.py --baseline-python /work/baseline-venv/bin/python
--baseline-path /work/baseline [--empty 18] [--positions 3] [--repeat 3] [--variant catchup]).

Random side-5 games of the variant (seeded, played by this installation's engine) are stopped with
exactly --empty empty cells. Each position is solved by both solvers, each in a fresh process, one
after the other, --repeat rounds interleaved (old, new, old, new, ...), so that the load of the
shared machine falls on both alike; the best time of each is kept. Prints per position the values
(which must agree), seconds and nodes of each, and the ratio old/new, with the machine load.
Both solvers run on one core (--jobs 1 for this one; --jobs N adds a column with N processes).
--pure-baseline compares this installation with itself: the pure-Python reference (CATCHUP_PURE=1)
as the old solver, the compiled core as the new; --no-old times the new one alone (its median and
worst are printed).

The same script is the worker run in each process (`--worker old|new`): it reads the turns of a
position as JSON on stdin and prints {"value", "seconds", "nodes"}; it needs only the API the two
installations share (parse_variant, Turn, solve_endgame).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def position_turns(variant: str, empty: int, seed: int, side: int = 5) -> list[dict[str, Any]]:
    """The turns of a random unfinished game with exactly `empty` empty cells (reseeding until found)."""
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.rules.registry import parse_variant

    rng = random.Random(seed)
    while True:
        game = parse_variant(variant, size=side).new_game()
        assert isinstance(game, HexGame)
        turns = []
        while not game.over and game.empty > empty:
            turn = game.random_turn(rng)
            game.play(turn)
            turns.append({"player": turn.player, "cells": [list(c) for c in turn.cells], "colours": list(turn.colours)})
        if not game.over and game.empty == empty:
            return turns


def worker(kind: str, variant: str, side: int, jobs: int) -> None:
    """Solve the position whose turns come on stdin; print value, seconds and nodes as JSON."""
    turns = json.load(sys.stdin)
    from catchup_notation.model import Turn

    # The package is imported by name so that the baseline installation's own layout is used: the
    # layout since the restructure, or the one before it (no `jobs` option then).
    try:
        registry = importlib.import_module("catchup_notation.rules.registry")
        endgame = importlib.import_module("catchup_notation.solvers.endgame")
        options: dict[str, Any] = {"jobs": jobs}
    except ImportError:
        registry = importlib.import_module("catchup_notation.registry")
        endgame = importlib.import_module("catchup_notation.endgame")
        options = {}
    game = registry.parse_variant(variant, size=side).new_game()
    for t in turns:
        game.play(Turn(t["player"], tuple(tuple(c) for c in t["cells"]), colours=tuple(t["colours"])))
    started = time.process_time()
    result = endgame.solve_endgame(game, **options)
    cpu = time.process_time() - started
    print(json.dumps({"value": result.value, "seconds": result.seconds, "cpu": cpu, "nodes": result.nodes}))


def run(
    python: str, path: str, kind: str, variant: str, side: int, jobs: int, turns: list[Any], pure: bool = False
) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": path, "CATCHUP_PURE": "1" if pure else ""}
    command = [python, str(Path(__file__).resolve()), "--worker", kind, "--variant", variant, "--jobs", str(jobs)]
    done = subprocess.run(command, input=json.dumps(turns), capture_output=True, text=True, env=env, check=True)
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-python", default="/work/baseline-venv/bin/python")
    parser.add_argument("--baseline-path", default="/work/baseline")
    parser.add_argument("--variant", default="catchup")
    parser.add_argument("--side", type=int, default=5)
    parser.add_argument("--empty", type=int, default=18)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1, help="also time this solver with this many processes")
    parser.add_argument("--no-old", action="store_true", help="time this solver only")
    parser.add_argument(
        "--pure-baseline",
        action="store_true",
        help="the old solver is this installation's pure-Python reference (CATCHUP_PURE=1), the new its compiled core",
    )
    parser.add_argument("--worker", choices=["old", "new"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.variant, args.side, args.jobs)
        return
    print(f"{args.variant}, side {args.side}, {args.empty} empty cells, best of {args.repeat}, interleaved")
    print(
        f"{'seed':>5} {'value':>5} {'old s':>8} {'new s':>8} {'old/new':>7} {'old nodes':>10} {'new nodes':>10}", end=""
    )
    print(f" {'new -j' + str(args.jobs) + ' s':>10} {'load':>5}" if args.jobs > 1 else f" {'load':>5}")
    ratios = []
    times = []
    for seed in range(args.first_seed, args.first_seed + args.positions):
        turns = position_turns(args.variant, args.empty, seed, args.side)
        best: dict[str, dict[str, Any]] = {}
        kinds = (["new"] if args.no_old else ["old", "new"]) + (["par"] if args.jobs > 1 else [])
        for _ in range(args.repeat):
            for kind in kinds:
                if kind == "old" and args.pure_baseline:
                    found = run(sys.executable, str(HERE), "old", args.variant, args.side, 1, turns, pure=True)
                elif kind == "old":
                    found = run(args.baseline_python, args.baseline_path, "old", args.variant, args.side, 1, turns)
                else:
                    jobs = args.jobs if kind == "par" else 1
                    found = run(sys.executable, str(HERE), "new", args.variant, args.side, jobs, turns)
                if kind not in best or found["seconds"] < best[kind]["seconds"]:
                    best[kind] = found
        new = best["new"]
        old = best.get("old", {"value": new["value"], "seconds": float("nan"), "nodes": 0})
        assert old["value"] == new["value"], f"seed {seed}: the solvers disagree ({old['value']} vs {new['value']})"
        ratio = old["seconds"] / new["seconds"]
        ratios.append(ratio)
        times.append(new["seconds"])
        line = (
            f"{seed:5} {new['value']:5} {old['seconds']:8.2f} {new['seconds']:8.2f} {ratio:7.1f} "
            f"{old['nodes']:10} {new['nodes']:10}"
        )
        if "par" in best:
            line += f" {best['par']['seconds']:10.2f}"
        print(f"{line} {os.getloadavg()[0]:5.2f}", flush=True)
    if times:
        print(f"new: median {statistics.median(times):.3f} s, worst {max(times):.3f} s over {len(times)} positions")
    if not args.no_old and ratios:
        product = 1.0
        for r in ratios:
            product *= r
        print(f"geometric mean old/new: {product ** (1 / len(ratios)):.1f}x")


if __name__ == "__main__":
    main()
