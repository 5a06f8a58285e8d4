"""Reading time against record length, in every format: a reader is linear when doubling the
turns doubles the time. Each format reads one record of N turns, written by its own writer (a
reader applies no rules, so the turns need not be legal), for N and 2N, interleaved, best of
several; the figure that matters is the ratio t(2N)/t(N) (2 for linear, 4 for quadratic).

    python benchmarks/bench_readers.py                 # N = 100,000 and 200,000
    python benchmarks/bench_readers.py --turns 500000  # and 1,000,000
"""

from __future__ import annotations

import argparse
import os
import time

from catchup_notation import formats
from catchup_notation.formats import parse_text
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import parse_variant

HEX = "catchup(size=5)"
NUMBERS = "catch-up(set=1..100)"


def record(fmt: str, turns: int) -> Record:
    """A record of `turns` turns that `fmt` can write (cells or numbers cycling through a few)."""
    family = formats.get(fmt).family
    if family == "numbers":
        return Record(NUMBERS, tuple(Turn(1 + i % 2, numbers=(1 + i % 100,)) for i in range(turns)))
    board = parse_variant(HEX).board
    cells = board.cells
    return Record(HEX, tuple(Turn(1 + i % 2, (cells[i % len(cells)],)) for i in range(turns)))


def read_seconds(fmt: str, text: str) -> float:
    start = time.perf_counter()
    for item in parse_text(text, format=fmt):
        assert item.error is None, item.error
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", action="append", help="only these formats (repeat)")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f}")
    for fmt in args.format or formats.names():
        texts = {n: formats.write_text([record(fmt, n)], fmt)[0] for n in (args.turns, 2 * args.turns)}
        best = {n: float("inf") for n in texts}
        for _ in range(args.runs):  # interleaved
            for n, text in texts.items():
                best[n] = min(best[n], read_seconds(fmt, text))
        small, large = best[args.turns], best[2 * args.turns]
        print(
            f"{fmt:13} {args.turns:>9,} turns {small:7.2f} s   {2 * args.turns:>9,} turns {large:7.2f} s"
            f"   ratio {large / small:4.2f} (2 is linear)   {2 * args.turns / large:9,.0f} turns/s"
        )
    print(f"load after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
