"""Catch-Up({1..N}) for large N in runs of hours that checkpoint and resume (run on demand):

    python benchmarks/conjecture.py 37 38 --dir /work/conjecture --memory-mb 9216 --hours 6
    python benchmarks/conjecture.py 37 --check --dir /work/conjecture --memory-mb 4608

Each N is solved by `catchup_notation.solvers.numberset.resumable` on one thread of the compiled
core, its table made at once at the largest power of two of 8-byte slots within --memory-mb. Its
checkpoints go to DIR (1..N.K.table and 1..N.json) when a root question is answered (at most one
every --between minutes), every --every minutes inside one, and when the run stops (--hours up,
SIGTERM, Ctrl-C); the same command again goes on from the last one. A line of progress goes to
standard output every minute, and a summary of each N when it is solved: its value, positions,
seconds (over all runs) and peak memory.

With --check, an N solved before is checked another way, in a run of its own (its own table, of
--memory-mb, and checkpoints, 1..N-check.*): the first move found to reach the value is proved to
reach it against each of the opponent's replies, asked one at a time; for a draw or a loss, every
first move is also proved not to reach more, each by its replies (the first reply that holds it
below is enough).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from catchup_notation.solvers.limits import SearchStopped
from catchup_notation.solvers.numberset.resumable import ResumableSolve


class Stop(Exception):
    """SIGTERM: checkpoint and stop."""


def stop(signum: int, frame: object) -> None:
    raise Stop(f"signal {signum}")


def say(text: str) -> None:
    print(f"{time.strftime('%H:%M:%S', time.gmtime())} {text}", flush=True)


def said(name: str, line: str) -> None:
    say(f"{name}: {line}")


def solve(run: ResumableSolve, n: int) -> None:
    value = run.run()
    summary = {key: run.state[key] for key in ("value", "nodes", "seconds", "runs", "peak_memory_mb", "sweeps")}
    say(f"1..{n}: solved, {value:+d}: {json.dumps(summary)}")


def check(run: ResumableSolve, n: int, solved: dict[str, Any]) -> None:
    value, answers = solved["value"], solved["answers"]
    if value is None:
        raise SystemExit(f"1..{n} is not solved yet: solve it first")
    best = next(i for i in range(solved["moves"]) if answers.get(f"{i}:{value}"))
    ok = value < 0 or run.check_move(best, value)
    say(f"1..{n}: check: move {best + 1} reaches {value:+d} against every reply: {ok}")
    if value < 1:
        for i in range(solved["moves"]):
            more = run.check_move(i, value + 1)
            say(f"1..{n}: check: move {i + 1} reaches {value + 1:+d}: {more}")
            ok = ok and not more
    summary = {key: run.state[key] for key in ("nodes", "seconds", "runs", "peak_memory_mb", "sweeps")}
    say(f"1..{n}: check {'agrees' if ok else 'DISAGREES'} ({value:+d}): {json.dumps(summary)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", type=int, nargs="+", help="the N of 1..N to solve, in turn")
    parser.add_argument("--dir", type=Path, default=Path("conjecture"))
    parser.add_argument("--memory-mb", type=int, default=9216)
    parser.add_argument("--hours", type=float, default=None, help="stop (after a checkpoint) past this")
    parser.add_argument("--every", type=float, default=20.0, help="minutes between checkpoints inside a question")
    parser.add_argument("--between", type=float, default=5.0, help="least minutes between checkpoints at answers")
    parser.add_argument("--check", action="store_true", help="check each N solved before, another way")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, stop)
    started = time.perf_counter()
    for n in args.sizes:
        limit = None if args.hours is None else args.hours * 3600 - (time.perf_counter() - started)
        one_size(n, args, limit)


def one_size(n: int, args: argparse.Namespace, limit: float | None) -> None:
    """Solve or check 1..n (a function of its own, so that its table is freed before the next)."""
    name = f"1..{n}-check" if args.check else f"1..{n}"
    say(f"{name}: starting (table within {args.memory_mb} MB, one thread; load {os.getloadavg()[0]:.2f})")
    solved = json.loads((args.dir / f"1..{n}.json").read_text()) if args.check else {}
    run = ResumableSolve(
        range(1, n + 1), args.dir, name, memory_mb=args.memory_mb, every=args.every * 60,
        between=args.between * 60, time_limit=limit, log=functools.partial(said, name),
    )  # fmt: skip
    try:
        if args.check:
            check(run, n, solved)
        else:
            solve(run, n)
    except (SearchStopped, Stop, KeyboardInterrupt) as why:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        say(f"{name}: stopped ({why}); checkpointed, run the same command to go on")
        sys.exit(0)
    finally:
        run.close()


if __name__ == "__main__":
    main()
