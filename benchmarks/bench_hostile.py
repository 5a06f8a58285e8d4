"""Memory and time on hostile inputs: each shape that once exhausted memory or took quadratic time,
read by `catchup verify` in a child process; its wall time and peak resident memory (os.wait4)
against the input's size, and, for the shapes that were quadratic, the time of 4n against n.

    python benchmarks/bench_hostile.py                  # every shape, default sizes
    python benchmarks/bench_hostile.py --shape json-document --scale 4
    python benchmarks/bench_hostile.py --catchup /other/venv/bin/catchup   # another installation

Figures that matter: peak memory as a multiple of the input (a small multiple of the largest
record, whatever the input), and t(4n)/t(n) (4 when linear, 16 when quadratic), best of --runs,
n and 4n interleaved, with the machine's load average (these machines are shared and noisy).
Inputs are made by a child process under a temporary folder and removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

GAME = "(;FF[4]PB[b]PW[w]SZ[5];W[E3];B[E4];W[C1H4];B[G1];W[B2E6];B[B6];W[F6I4];B[G4E5];W[G7A1F7];B[A4C6])"
GRAMMAR_GAME = "(;FF[4]SZ[5];W[E5];W[D4];B[C3])"  # consecutive W nodes: the grammar's path
RECORD = {"variant": "catchup", "turns": [{"player": 1 + i % 2, "cells": [[0, i % 3]]} for i in range(20)]}
AP_GAME = {
    "header": {"game": {"name": "Catchup", "variants": ["size-6"]}, "players": [{"name": "a"}, {"name": "b"}]},
    "moves": [["k2", "i3"], ["i8", "i4,i7"], ["h2,h3", "h4,j3"]] * 5,
}


def _write(path: Path, name: str, scale: int) -> Path:
    """Make the input in a child process: a child's peak memory as the kernel reports it includes
    its parent's peak at the fork, so this process must stay small."""
    subprocess.run([sys.executable, __file__, "--make", name, str(scale), str(path)], check=True)
    return path


def _make(name: str, scale: int, path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for piece in SHAPES[name][2](scale):  # type: ignore[attr-defined]
            out.write(piece)


# name -> (format, file ending, maker of the text for scale n: an iterable of strings)
SHAPES: dict[str, tuple[str, str, Callable[[int], object]]] = {
    "json-document": ("json", ".json", lambda n: [json.dumps([RECORD] * (20_000 * n), indent=2)]),
    "abstractplay-array": ("abstractplay", ".json", lambda n: [json.dumps([AP_GAME] * (10_000 * n), indent=2)]),
    "genius-20MB": ("genius", ".genius", lambda n: ["Red: B6\nBlue: G3\n" * (1_100_000 * n)]),
    "numbers-long-line": ("numbers", ".numbers", lambda n: ["S = {1..10}\n", "<1> " * (25_000_000 * n), "\n"]),
    "numbers-no-blank-line": ("numbers", ".numbers", lambda n: ["S = {1..10}\n", "<1>\n" * (6_000_000 * n)]),
    "rga-long-line": ("rga", ".rga", lambda n: ["1.  ", "e5 " * (30_000_000 * n), "\n\n1.  e5  f6\n"]),
    "lg-huge-board": ("lg", ".sgf", lambda n: ["(;FF[4]XB[", "x" * (40 << 20) * n, "];W[A1])\n", GAME, "\n"]),
    "lg-one-line-grammar": ("lg", ".sgf", lambda n: [GRAMMAR_GAME * (4_000 * n), "\n"]),
    "lg-open-games-one-line": ("lg", ".sgf", lambda n: ["(;W[E5]" * (20_000 * n), "\n"]),
    "lg-open-parenthesis-lines": ("lg", ".sgf", lambda n: ["(\n" * (250_000 * n)]),
}
#: The shapes that once took quadratic time: timed at n and 4n.
GROWTH = ("lg-one-line-grammar", "lg-open-games-one-line", "lg-open-parenthesis-lines", "json-document")


#: Bytes of address space a measured run may map (a version that exhausts memory stops there).
CAP = 8 << 30


def _capped() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def run(catchup: str, fmt: str, path: Path) -> tuple[float, int, int]:
    """(seconds, peak resident MB, exit code) of `catchup verify --json` on the file, under `CAP`."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [catchup, "verify", "--json", "--jobs", "1", "--format", fmt, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_capped,
    )
    _, status, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss // 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--catchup", action="append", help="a catchup command to measure (repeat to compare; default: this one's)"
    )
    parser.add_argument("--shape", action="append", choices=sorted(SHAPES))
    parser.add_argument("--scale", type=int, default=1, help="n: the size of every shape, in its own unit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--make", nargs=3, metavar=("SHAPE", "SCALE", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        _make(args.make[0], int(args.make[1]), args.make[2])
        return
    commands = args.catchup or [str(Path(sys.executable).with_name("catchup"))]
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    for number, command in enumerate(commands):
        print(f"  [{number}] {command}")
    folder = Path(tempfile.mkdtemp(prefix="catchup-hostile-"))
    try:
        for name in args.shape or list(SHAPES):
            fmt, ending, _ = SHAPES[name]
            path = _write(folder / f"{name}{ending}", name, args.scale)
            large = _write(folder / f"{name}-4n{ending}", name, 4 * args.scale) if name in GROWTH else None
            size = path.stat().st_size / 2**20
            results: list[list[tuple[float, int, int]]] = [[] for _ in commands]
            grown: list[list[float]] = [[] for _ in commands]
            for _ in range(args.runs):  # the installations interleaved, best of each
                for number, command in enumerate(commands):
                    results[number].append(run(command, fmt, path))
                    if large is not None:
                        grown[number].append(run(command, fmt, large)[0])
            for number in range(len(commands)):
                seconds, peak, code = min(results[number])
                line = f"{name:26} [{number}] {size:7.1f} MB in {seconds:7.2f} s {peak:6d} MB peak"
                line += f" ({peak / size:6.2f}x) exit {code}"
                if large is not None:
                    line += f"  t(4n)/t(n) {min(grown[number]) / seconds:5.2f}"
                print(line, flush=True)
            path.unlink()
            if large is not None:
                large.unlink()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
