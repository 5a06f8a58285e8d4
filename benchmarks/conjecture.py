"""Catch-Up({1..N}) for large N in runs of hours that checkpoint and resume (run on demand):

    python benchmarks/conjecture.py 37 38 --dir /work/conjecture --memory-mb 9216 --hours 6

Each N is solved by `catchup_notation.solvers.numberset.resumable` on one thread of the compiled
core, its table made at once at the largest power of two of 8-byte slots within --memory-mb. Its
checkpoints go to DIR (1..N.K.table and 1..N.json) when a root question is answered (at most one
every --between minutes), every --every minutes inside one, and when the run stops (--hours up, SIGTERM, Ctrl-C); the same command again
goes on from the last one. A line of progress goes to standard output every minute, and a summary
of each N when it is solved: its value, positions, seconds (over all runs) and peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

from catchup_notation.solvers.limits import SearchStopped
from catchup_notation.solvers.numberset.resumable import ResumableSolve


class Stop(Exception):
    """SIGTERM: checkpoint and stop."""


def stop(signum: int, frame: object) -> None:
    raise Stop(f"signal {signum}")


def say(text: str) -> None:
    print(f"{time.strftime('%H:%M:%S', time.gmtime())} {text}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", type=int, nargs="+", help="the N of 1..N to solve, in turn")
    parser.add_argument("--dir", type=Path, default=Path("conjecture"))
    parser.add_argument("--memory-mb", type=int, default=9216)
    parser.add_argument("--hours", type=float, default=None, help="stop (after a checkpoint) past this")
    parser.add_argument("--every", type=float, default=20.0, help="minutes between checkpoints inside a question")
    parser.add_argument("--between", type=float, default=5.0, help="least minutes between checkpoints at answers")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, stop)
    started = time.perf_counter()
    for n in args.sizes:
        limit = None if args.hours is None else args.hours * 3600 - (time.perf_counter() - started)
        say(f"1..{n}: starting (table within {args.memory_mb} MB, one thread; load {os.getloadavg()[0]:.2f})")
        run = ResumableSolve(
            range(1, n + 1), args.dir, f"1..{n}", memory_mb=args.memory_mb, every=args.every * 60, between=args.between * 60,
            time_limit=limit, log=lambda line, n=n: say(f"1..{n}: {line}"),
        )  # fmt: skip
        try:
            value = run.run()
        except (SearchStopped, Stop, KeyboardInterrupt) as why:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            say(f"1..{n}: stopped ({why}); checkpointed, run the same command to go on")
            sys.exit(0)
        summary = {key: run.state[key] for key in ("value", "nodes", "seconds", "runs", "peak_memory_mb", "sweeps")}
        say(f"1..{n}: solved: {json.dumps(summary)}")


if __name__ == "__main__":
    main()
