"""Boards of other shapes against hexhex, side by side: replaying random complete catchup games on
a 60-cell random board and on the 61-cell side-5 board, and reading them as JSON (whose variant
string spells the random board out), interleaved, best of several runs.

    python benchmarks/bench_boards.py [--games 300] [--runs 5]

Prints seconds per game and the ratio random board / side 5, with the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from catchup_notation.formats import parse_text, write_text
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.shapes import random_board


def games(variant: str, count: int, seed: int) -> list[Record]:
    """Random complete games under `variant`."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game = parse_variant(variant).new_game()
        turns = []
        while not game.over:
            turns.append(game.random_turn(rng))
            game.play(turns[-1])
        out.append(Record(str(game.variant), tuple(turns)))
    return out


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    boards = {
        "side 5 (61 cells)": "catchup(size=5)",
        "random board (60 cells)": str(parse_variant("catchup", board=random_board(16))),
    }
    sets = {name: games(variant, args.games, 1) for name, variant in boards.items()}
    texts = {name: write_text(records, "json")[0] for name, records in sets.items()}
    best: dict[tuple[str, str], float] = {}
    for _ in range(args.runs):
        for name, records in sets.items():  # interleaved: every run measures both
            start = time.perf_counter()
            for record in records:
                replay(record)
            best[name, "replay"] = min(best.get((name, "replay"), 1e9), time.perf_counter() - start)
            start = time.perf_counter()
            for item in parse_text(texts[name], format="json"):
                assert item.record is not None  # these texts are written here, never broken
                replay(item.record)
            best[name, "read+replay"] = min(best.get((name, "read+replay"), 1e9), time.perf_counter() - start)
    print(f"load average {os.getloadavg()[0]:.2f}, {args.games} games, best of {args.runs}")
    for task in ("replay", "read+replay"):
        base = best["side 5 (61 cells)", task]
        for name in boards:
            took = best[name, task]
            print(f"{task:12} {name:24} {1e3 * took / args.games:7.3f} ms/game  ratio {took / base:.2f}")


if __name__ == "__main__":
    main()
