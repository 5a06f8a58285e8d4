"""A stand-in for the playing engine in the front ends' tests: the `Engine` interface, random
legal turns and made-up values, a search that lasts as long as its limit says (so that time is
spent as a real search would spend it), and a log of the limits it was given.

Run as a script, it is a protocol server on standard input and output with this engine, for tests
that drive the server through a real process: `python tests/engine_double.py [LONGEST [OVERRUN]]`
(LONGEST: how long a search lasts at most, default 0.05 s; OVERRUN: seconds every search takes
beyond its limit, as a stuck engine would, default 0)."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from anywhere

from catchup_notation.engine.analysis import Analysis, Candidate, Limit, PlayResult, Value


class DoubleEngine:
    """Plays uniformly random legal turns; a search sleeps its time limit (at most `longest`)."""

    def __init__(self, threads=None, seed=None, memory_mb=None, pure=None, longest=0.05, resign=False, overrun=0.0):
        self.threads = threads or 1
        self.seed = seed
        self.rng = random.Random(seed)
        self.longest = longest
        self.resign = resign
        self.overrun = overrun
        self.limits: list[Limit] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        pass

    def _seconds(self, limit: Limit) -> float:
        return min(limit.time if limit.time is not None else self.longest, self.longest) + self.overrun

    def _analysis(self, position, limit: Limit, candidates: int, seconds: float, stopped: str) -> Analysis:
        game = position.copy()
        turns = []
        for _ in range(max(1, candidates)):
            turns.append(game.random_turn(self.rng))
        unique = list(dict.fromkeys(turns))
        listed = []
        for k, turn in enumerate(unique):
            after = position.copy()
            after.play(turn)
            line = (turn, after.random_turn(self.rng)) if not after.over else (turn,)
            win = 0.6 - 0.05 * k
            listed.append(Candidate(turn, Value(win, win - 0.05, win + 0.05, None, 10 - k), line))
        best = listed[0]
        return Analysis(
            to_move=position.to_move,
            value=best.value,
            best=best.turn,
            line=best.line,
            candidates=tuple(listed),
            playouts=100,
            nodes=250,
            seconds=seconds,
            threads=self.threads,
            seed=self.seed,
            limit=limit,
            stopped=stopped,
        )

    def analyse(self, position, limit: Limit, candidates: int = 1) -> Analysis:
        self.limits.append(limit)
        seconds = self._seconds(limit)
        time.sleep(seconds)
        return self._analysis(position, limit, candidates, seconds, "time")

    def play(self, position, limit: Limit) -> PlayResult:
        analysis = self.analyse(position, limit)
        if self.resign:
            return PlayResult(None, True, analysis)
        return PlayResult(analysis.best, False, analysis)

    def analysis(self, position, limit: Limit, interval: float = 0.5, candidates: int = 1) -> Iterator[Analysis]:
        self.limits.append(limit)
        started = time.monotonic()
        total = (limit.time if limit.time is not None else self.longest) + self.overrun
        while True:
            elapsed = time.monotonic() - started
            if elapsed >= total:
                yield self._analysis(position, limit, candidates, elapsed, "time")
                return
            time.sleep(min(interval, total - elapsed))
            if time.monotonic() - started < total:
                yield self._analysis(position, limit, candidates, time.monotonic() - started, "")


def main() -> int:
    from catchup_notation.protocol.server import serve
    from catchup_notation.protocol.settings import Settings

    longest = float(sys.argv[1]) if len(sys.argv) > 1 else 0.05
    overrun = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    engine = DoubleEngine(seed=1, longest=longest, overrun=overrun)
    return serve(engine, Settings(), sys.stdin.buffer, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
