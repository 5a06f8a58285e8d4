"""Parse speed of a 10,000-record Little Golem collection of full side-5 Catchup games.

    python benchmarks/bench_parse.py [--records 10000] [--unique 1000]

Games are random legal catchup games played out by the rules engine (random empty cells, a random
allowed stone count each turn) until the board is full. `--unique` games are generated and repeated to
make up the collection. Prints records/second for parsing alone and for parse + replay +
adjudicate. One process, one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from catchup_notation.formats import parse_text, write_text
from catchup_notation.model import Record
from catchup_notation.rules.adjudicate import result_of
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay


def legal_game(rng: random.Random) -> Record:
    game = parse_variant("catchup(size=5)").new_game()
    turns = []
    while not game.over:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    return Record("catchup(size=5)", tuple(turns))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--unique", type=int, default=1_000)
    args = parser.parse_args()
    rng = random.Random(2024)
    games = [legal_game(rng) for _ in range(args.unique)]
    kind = "legal games played by the rules engine"
    records = [
        Record(
            g.variant,
            g.turns,
            players=(f"white{i}", f"black{i}"),
            headers={"EV": "catchup.ch.12.1.1", "GC": f" game #{i}", "SO": "https://www.littlegolem.net"},
        )
        for i, g in zip(range(args.records), (games[i % len(games)] for i in range(args.records)), strict=True)
    ]
    text, _ = write_text(records, "lg")
    turns = sum(len(r.turns) for r in records) / len(records)
    print(f"{len(records)} records ({kind}), {len(text) / 1e6:.1f} MB, {turns:.1f} turns a record")

    start = time.perf_counter()
    parsed = [item.record for item in parse_text(text, format="lg")]
    elapsed = time.perf_counter() - start
    assert all(r is not None for r in parsed)
    print(f"parse:                       {len(parsed) / elapsed:8.0f} records/s ({elapsed:.2f} s)")

    start = time.perf_counter()
    finished = 0
    for item in parse_text(text, format="lg"):
        if item.record is None:
            raise RuntimeError(f"record {item.index}: {item.error}")
        outcome = replay(item.record)  # one replay serves both the verdict and the score
        if outcome.error is not None:
            raise RuntimeError(f"record {item.index}: {outcome.error}")
        finished += result_of(outcome).status == "finished"
    elapsed = time.perf_counter() - start
    print(f"parse + replay + adjudicate: {len(parsed) / elapsed:8.0f} records/s ({elapsed:.2f} s; {finished} finished)")


if __name__ == "__main__":
    main()
