"""The library's loop against the command, side by side: records/s of

    for game in cn.read(path):
        game.verify()

and of `catchup verify --jobs 1 --json` on the same collection of side-5 Little Golem records,
each a whole process (start-up included), interleaved, best of several runs, with the machine's
load before and after (these machines are shared and noisy: compare the ratio, not the rates).

    python benchmarks/bench_api.py                      # 10,000 records, 5 runs
    python benchmarks/bench_api.py --records 100000 --runs 3
    python benchmarks/bench_api.py --file games.sgf --catchup .venv/bin/catchup

The loop is also timed inside its process, without the interpreter's start-up and imports
(`loop only`): the rate a long-running program sees. The collection is the one `bench_cli.py`
makes (random legal games, written as Little Golem writes them), made once under /tmp.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from bench_cli import collection, run


def loop(path: str) -> None:
    """The library's loop over `path`; prints its own records/s and how many verdicts were valid."""
    import catchup_notation as cn

    start = time.process_time()
    records = valid = 0
    for game in cn.read(path):
        valid += game.verify().valid
        records += 1
    used = time.process_time() - start
    print(f"{records} {valid} {used:.6f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--file", type=Path, help="a collection to read instead of the generated one")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--catchup", default=str(Path(sys.executable).with_name("catchup")), help="the executable")
    parser.add_argument("--loop", help=argparse.SUPPRESS)  # the child process: run the loop on this file
    args = parser.parse_args()
    if args.loop:
        loop(args.loop)
        return
    path = args.file or Path(f"/tmp/catchup-bench-{args.records}.sgf")
    if not path.exists():
        path.write_text(collection(args.records), encoding="utf-8")
    import subprocess

    counted = subprocess.run(
        [sys.executable, __file__, "--loop", str(path)], capture_output=True, text=True, check=True
    )
    records = int(counted.stdout.split()[0])
    contestants = [
        ("catchup verify --jobs 1 --json", [args.catchup, "verify", "--jobs", "1", "--json", str(path)]),
        ("cn.read + game.verify()", [sys.executable, __file__, "--loop", str(path)]),
    ]
    print(f"{path}: {records} records, {path.stat().st_size / 1e6:.1f} MB; load {os.getloadavg()[0]:.2f}")
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    loop_only = float("inf")
    for _ in range(args.runs):  # interleaved: each contestant once per round
        for label, command in contestants:
            elapsed, used, _ = run(command)
            wall[label] = min(elapsed, wall.get(label, elapsed))
            cpu[label] = min(used, cpu.get(label, used))
        inside = subprocess.run(contestants[1][1], capture_output=True, text=True, check=True)
        loop_only = min(loop_only, float(inside.stdout.split()[2]))
    base = cpu[contestants[0][0]]
    for label, _ in contestants:
        print(
            f"{label:32} {records / wall[label]:8.0f}/s wall {records / cpu[label]:8.0f}/s CPU"
            f"   CPU time {cpu[label] / base:5.2f}x the command's"
        )
    print(f"{'the loop only (no start-up)':32} {'':14} {records / loop_only:8.0f}/s CPU")
    print(f"load after: {os.getloadavg()[0]:.2f}; best of {args.runs} runs, interleaved")


if __name__ == "__main__":
    main()
