"""Who wins with perfect play on small boards (run on demand: python benchmarks/bench_small_boards.py
[--sides 2 3] [--variants catchup too] [--moves-up-to 2] [--timeout 600] [--jobs 2] [--json out.jsonl]).

Solves every hex variant from its empty board with the library's solver (`solve_variant`) and
prints one row per variant and side: the value for the first player, the winning first moves up to
symmetry (where the opening map was asked for), nodes, seconds and table size. Brink's margin x is
set by --brink-x. A variant that passes --timeout is reported as not solved, with what was known.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable

from catchup_notation.board import Cell
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import VariantSpec, hex_variants, parse_variant
from catchup_notation.solvers.endgame import EndgameResult, EndgameTimeout, solve_variant

WORDS = {1: "first player wins", 0: "draw", -1: "second player wins", None: "not solved"}


def best_turns(
    result: EndgameResult, label: Callable[[Cell], str], colours: tuple[str, ...]
) -> list[dict[str, object]]:
    """The best first turns, one per symmetry orbit: cells in Little Golem naming and, where the
    mover may place either colour (too, product), each stone's colour by name."""
    if not result.moves or result.value is None:
        return []
    seen: set[int] = set()
    out: list[dict[str, object]] = []
    for move in result.moves:
        if move.value == result.value and move.orbit not in seen:
            seen.add(move.orbit)
            turn: dict[str, object] = {"cells": [label(c) for c in move.turn.cells]}
            if move.turn.colours:
                turn["colours"] = [colours[c - 1] for c in move.turn.colours]
            out.append(turn)
    return out


def openings(result: EndgameResult, label: Callable[[Cell], str], colours: tuple[str, ...]) -> str:
    """The best first turns, one per symmetry orbit, as text ("B2 (White)" where colour is chosen)."""
    turns = best_turns(result, label, colours)
    if not turns:
        return ""
    names = []
    for turn in turns:
        cells, chosen = turn["cells"], turn.get("colours")
        assert isinstance(cells, list)
        if isinstance(chosen, list):
            cells = [f"{cell} ({colour})" for cell, colour in zip(cells, chosen, strict=True)]
        names.append(" ".join(cells) or "pass")
    orbits = len({m.orbit for m in result.moves})
    return f"{', '.join(names)} ({len(turns)} of {orbits} orbits)"


def playable(spec: VariantSpec, x: int) -> str:
    """The variant's name with its required parameters (brink's margin) set to `x`."""
    required = [f"{p.name}={x}" for p in spec.parameters if p.required]
    return f"{spec.name}({', '.join(required)})" if required else spec.name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="*", default=[2, 3])
    parser.add_argument("--variants", nargs="*", help="variant names (default: every hex variant)")
    parser.add_argument("--moves-up-to", type=int, default=2, help="value every first move up to this side")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per variant and side")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--brink-x", type=int, default=2)
    parser.add_argument("--json", help="append one JSON line per result to this file")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), jobs {args.jobs}", flush=True)
    print(f"{'variant':20} {'side':>4} {'value':>5}  {'result':20} {'nodes':>11} {'s':>8} {'table':>9}  best openings")
    for spec in hex_variants():
        if args.variants and spec.name not in args.variants:
            continue
        game = parse_variant(playable(spec, args.brink_x)).new_game()
        if isinstance(game, HexGame) and game.endless:
            print(f"{spec.name:20} has no value (both players may pass for ever)")
            continue
        for side in args.sides:
            params = [f"size={side}"] + [f"{p.name}={args.brink_x}" for p in spec.parameters if p.required]
            variant = f"{spec.name}({', '.join(params)})"
            try:
                result = solve_variant(variant, moves=side <= args.moves_up_to, jobs=args.jobs, time_limit=args.timeout)
            except EndgameTimeout as exc:
                assert isinstance(exc.partial, EndgameResult)
                result = exc.partial
            chosen = parse_variant(variant)
            label, colours = chosen.board.label, tuple(chosen.spec.colours)
            print(
                f"{variant:20} {side:4} {result.value if result.value is not None else '?':>5}  "
                f"{WORDS[result.value] if result.complete else 'not solved':20} {result.nodes:11} "
                f"{result.seconds:8.1f} {result.table_entries:9}  {openings(result, label, colours)}",
                flush=True,
            )
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    line = {
                        "variant": variant,
                        "side": side,
                        "value": result.value,
                        "complete": result.complete,
                        "stopped": result.stopped,
                        "nodes": result.nodes,
                        "seconds": round(result.seconds, 2),
                        "openings": openings(result, label, colours),
                        "best_turns": best_turns(result, label, colours),
                        "jobs": args.jobs,
                        "load": os.getloadavg()[0],
                    }
                    out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
