"""Replay and adjudication speed of the hex engine (run on demand: python benchmarks/bench_engine.py).

Generates random complete games of each variant on one core and prints games and turns per
second for replay + adjudication of ready-made records (no parsing)."""

from __future__ import annotations

import random
import sys
import time

from catchup_notation.model import Record
from catchup_notation.rules.adjudicate import adjudicate
from catchup_notation.rules.registry import parse_variant


def random_records(variant: str, count: int, seed: int = 1) -> list[Record]:
    rng = random.Random(seed)
    chosen = parse_variant(variant)
    records = []
    for _ in range(count):
        game = chosen.new_game()
        turns = []
        while not game.over:
            turns.append(game.random_turn(rng))
            game.play(turns[-1])
        records.append(Record(str(chosen), tuple(turns)))
    return records


def main(count: int = 2000) -> None:
    print(f"{'variant':28} {'games/s':>9} {'turns/s':>10}   ({count} random complete games each, one core)")
    for variant in (
        "catchup(size=5)",
        "catchup(size=7)",
        "catchup-2012(size=5)",
        "ketchup-4(size=5)",
        "ketchup-3(size=5)",
        "ketchup-2(size=5)",
        "alternative(size=5)",
        "plur(size=5)",
        "too(size=5)",
        "brink(size=5, x=3)",
        "product(size=5)",
    ):
        records = random_records(variant, count)
        turns = sum(len(r.turns) for r in records)
        start = time.perf_counter()
        for record in records:
            adjudicate(record)
        elapsed = time.perf_counter() - start
        print(f"{variant:28} {count / elapsed:9.0f} {turns / elapsed:10.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
