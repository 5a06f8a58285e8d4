"""The value of the empty side-4 board (37 cells) by the compiled search, in a run of hours that can
stop and resume (run on demand:
python benchmarks/side4.py --variant catchup-2012 --dir /work/side4 --memory-mb 4096 --hours 4).

The first player's turns (one stone; one per symmetry orbit, in the search's order) are searched
one after the other, each by a null-window test (does it win?): on 37 cells a full board always has
a winner, so the first winning turn decides the board, and if none wins the second player wins.
The transposition table, which holds nearly all the work, is written to DIR/VARIANT.table every
--every minutes and when the run stops (its --hours are up, SIGTERM, Ctrl-C), and what is known to
DIR/VARIANT.json (turns valued, nodes, seconds, the table's figures); a run with the same DIR goes
on from there: it loads the table (a turn stopped half way is searched again, mostly off the
table) and values the turns not valued yet. Progress lines go to standard output every minute.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.hexsolve.core import CoreSearcher, compiled_rules
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
from catchup_notation.solvers.limits import Budget, Progress, SearchStopped


class Stop(Exception):
    """SIGTERM: save and stop."""


def stop(signum: int, frame: object) -> None:
    raise Stop(f"signal {signum}")


class Run:
    def __init__(self, variant: str, folder: Path, memory_mb: int, hours: float, every: float) -> None:
        self.variant = variant
        game = parse_variant(variant, size=4).new_game()
        assert isinstance(game, HexGame)
        self.game = game
        rules = compiled_rules(self.game)
        if rules is None:
            raise SystemExit("the compiled core is not built (or CATCHUP_PURE is set)")
        self.budget = Budget(hours * 3600, None, self.progress)
        self.searcher = CoreSearcher(
            self.game, rules, capacity=memory_mb * 2**20 // BYTES_PER_ENTRY, budget=self.budget
        )
        self.tag = f"{variant}(size=4) empty board".encode()
        self.table_path = folder / f"{variant}.table"
        self.state_path = folder / f"{variant}.json"
        self.known: dict[str, Any] = {"variant": variant, "values": {}, "nodes": 0, "seconds": 0.0, "runs": 0}
        if self.state_path.exists() and self.table_path.exists():
            self.known = json.loads(self.state_path.read_text())
            started = time.perf_counter()
            self.searcher.load_table(str(self.table_path), self.tag)
            self.say(f"resumed: {self.table_path} loaded in {time.perf_counter() - started:.0f} s; {self.known}")
        self.every = every * 60
        self.last_save = self.last_line = time.perf_counter()
        self.last_nodes = 0
        self.started_nodes = self.searcher.nodes
        self.current = ""

    def say(self, text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)

    def progress(self, report: Progress) -> None:
        now = time.perf_counter()
        if now - self.last_line >= 60:
            rate = (report.nodes - self.last_nodes) / (now - self.last_line)
            stats = self.searcher.table.stats
            self.say(
                f"{self.current}: {report.nodes:,} nodes, {rate:,.0f} nodes/s; table {stats['entries']:,} entries "
                f"of {stats['capacity']:,} ({stats['bytes'] / 2**20:.0f} MB), {stats['replaced']:,} replaced; "
                f"load {os.getloadavg()[0]:.2f}"
            )
            self.last_line, self.last_nodes = now, report.nodes
        if now - self.last_save >= self.every:
            self.save()

    def save(self) -> None:
        started = time.perf_counter()
        temporary = self.table_path.with_suffix(".table.part")
        self.searcher.save_table(str(temporary), self.tag)
        os.replace(temporary, self.table_path)
        self.known["table"] = self.searcher.table.stats
        known = {
            **self.known,
            "nodes": self.known["nodes"] + self.searcher.nodes - self.started_nodes,
            "seconds": self.known["seconds"] + self.budget.seconds(),
        }
        self.state_path.write_text(json.dumps(known, indent=1))
        self.last_save = time.perf_counter()
        self.say(f"saved {self.table_path} in {self.last_save - started:.0f} s")

    def run(self) -> int | None:
        searcher, game = self.searcher, self.game
        root = searcher.state(game)
        children = searcher.children(root, searcher.counts(root))
        order = [placed for placed, _ in searcher.ordered(children, 1, 0, 0)]
        states = dict(children)
        seen: set[int] = set()
        values: dict[str, int] = self.known["values"]
        for placed in order:
            orbit = searcher.turn_orbit_key(placed)
            if orbit in seen:
                continue
            seen.add(orbit)
            cell = game.board.label(searcher.geo.cells_of(placed)[0])
            if cell in values:
                if values[cell] == 1:
                    return 1
                continue
            self.current = cell
            self.say(f"first turn {cell}: searching")
            found = -searcher.value(states[placed], -1, 0)  # the child's mover loses: the turn wins
            values[cell] = 1 if found == 1 else -1
            self.say(f"first turn {cell}: {'wins' if found == 1 else 'loses'} ({searcher.nodes:,} nodes)")
            self.save()
            if found == 1:
                return 1
        return -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="catchup-2012")
    parser.add_argument("--dir", type=Path, default=Path("/work/side4"))
    parser.add_argument("--memory-mb", type=int, default=4096)
    parser.add_argument("--hours", type=float, default=4.0)
    parser.add_argument("--every", type=float, default=30.0, help="minutes between checkpoints")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, stop)
    run = Run(args.variant, args.dir, args.memory_mb, args.hours, args.every)
    run.known["runs"] += 1
    try:
        value = run.run()
    except (SearchStopped, Stop, KeyboardInterrupt) as why:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second signal must not cut the save short
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        run.say(f"stopped ({why}); saving")
        run.save()
        sys.exit(0)
    run.known["value"] = value
    run.save()
    run.say(f"the empty side-4 board of {args.variant}: the {'first' if value == 1 else 'second'} player wins")


if __name__ == "__main__":
    main()
