"""Reading time against record length, in every format: a reader is linear when doubling the
turns doubles the time. Each format reads one record of N turns, written by its own writer (a
reader applies no rules, so the turns need not be legal), for N and 2N, interleaved, best of
several; the figure that matters is the ratio t(2N)/t(N) (2 for linear, 4 for quadratic).

    python benchmarks/bench_readers.py                 # N = 100,000 and 200,000
    python benchmarks/bench_readers.py --turns 500000  # and 1,000,000

With --baseline REF (a git commit or branch of this repository) each format's N-turn text is also
read by the package as it was at REF and as it is in this working tree, side by side: each reading
in a fresh process (the same text file, one small warm-up reading first, so that no grammar build
is counted), the two versions interleaved, best of --runs; the figure that matters is the
speed-up, baseline time / time now.

    python benchmarks/bench_readers.py --baseline restructure --format numbers --format rga
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

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


REPOSITORY = Path(__file__).resolve().parent.parent


def child_seconds(package: Path, fmt: str, path: Path) -> float:
    """The seconds the package in `package` takes to read the file, in a fresh process, after
    reading the warm-up file beside it."""
    env = {**os.environ, "PYTHONPATH": str(package)}
    command = [sys.executable, __file__, "--child", fmt, str(path)]
    out = subprocess.run(command, env=env, cwd=package, check=True, capture_output=True, text=True).stdout
    return float(out)


def child(fmt: str, path: str) -> None:
    """Print the seconds one reading of `path` takes (the --baseline comparison's child)."""
    read_seconds(fmt, Path(path + ".warm").read_text(encoding="utf-8"))
    print(read_seconds(fmt, Path(path).read_text(encoding="utf-8")))


def compare(ref: str, names: list[str], turns: int, runs: int) -> None:
    """Each format's reader now against the one at `ref`, interleaved, best of `runs`."""
    with tempfile.TemporaryDirectory() as tmp:
        base, now = Path(tmp, "baseline"), REPOSITORY  # now: this working tree, as it is
        archive = Path(tmp, "tree.tar")
        tree = ["git", "-C", str(REPOSITORY), "archive", "-o", str(archive), ref]
        subprocess.run([*tree, "catchup_notation", "grammars", "variants"], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(base, filter="data")
        for fmt in names:
            path = Path(tmp, f"text.{fmt}")
            path.write_text(formats.write_text([record(fmt, turns)], fmt)[0], encoding="utf-8")
            Path(f"{path}.warm").write_text(formats.write_text([record(fmt, 10)], fmt)[0], encoding="utf-8")
            best = {base: float("inf"), now: float("inf")}
            for _ in range(runs):  # interleaved
                for package in best:
                    best[package] = min(best[package], child_seconds(package, fmt, path))
            print(
                f"{fmt:13} {turns:>9,} turns   {ref} {best[base]:7.2f} s   now {best[now]:7.2f} s"
                f"   speed-up {best[base] / best[now]:5.2f}   now {turns / best[now]:9,.0f} turns/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", action="append", help="only these formats (repeat)")
    parser.add_argument("--baseline", metavar="REF", help="compare with the package at this git commit")
    parser.add_argument("--child", nargs=2, metavar=("FORMAT", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    print(f"load {os.getloadavg()[0]:.2f}")
    if args.baseline:
        compare(args.baseline, args.format or formats.names(), args.turns, args.runs)
        print(f"load after {os.getloadavg()[0]:.2f}")
        return
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
