"""A number-set solve of hours that checkpoints and resumes: the value of a set from 0-0, the first
player to move, on the compiled core's proof search (one thread, the table made at its full size at
once, so that its memory is known from the start).

The root's moves are valued one question at a time, in the order `solve` asks them (does some move
win? if none, does some move draw?), so that the value and the positions counted are `solve`'s. What
a run knows is two files in its folder, written at every checkpoint:

- NAME.CHECKPOINT.table: the core's table (every entry a proven bound on a position's value), and
- NAME.json: the numbers, the root's moves, the answers of the questions asked so far, the positions
  searched, the seconds, the runs, and the name of the table file that goes with it.

A checkpoint is taken when a question about a root move is answered (if the last one is at least
`between` seconds old), every `every` seconds inside a question (from the search's budget check),
and when a run is stopped (its time is up, SIGTERM, Ctrl-C). Each file is written beside its final
name and renamed into place (atomic on one file system); the state is renamed last and names its
own table, so that a run killed at any moment leaves the last complete checkpoint (and perhaps a
newer table no state names, removed on resuming).

A run given a folder that holds a checkpoint of the same numbers goes on from it: the table is
loaded (its bounds spare the search what was proved) and the questions answered are not asked
again. Everything loaded is a proven fact, so a resumed run finds the same value. Resumed from a
checkpoint taken between two questions, it also searches exactly the positions the run it resumes
would have searched (one thread is deterministic, the table loses nothing while it has room, and the
checkpoint keeps the order hints the search had), so the positions counted over all runs are an
uninterrupted run's. Resumed from one taken inside a question, the question's positions searched
before the checkpoint are searched again, partly off the table: the count then includes them
(`repeated_from` says from which checkpoints).

`check_move` proves a root move's value another way, for a check of `run`'s answer in a run of its
own (its own folder, table and budget): each of the opponent's replies to the move asked on its
own, checkpointed the same way.
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from catchup_notation.solvers.limits import Budget, Progress
from catchup_notation.solvers.numberset.core import CoreSearch
from catchup_notation.solvers.numberset.root import Root

#: The state file's format.
STATE_VERSION = 1
#: The tag the core writes into the table file and checks on loading (the numbers it checks itself).
TABLE_TAG = b"catchup-notation number-set proof search, one table of bounds"


class CheckpointError(Exception):
    """A folder's checkpoint that cannot be resumed (another set of numbers, or damaged)."""


def peak_memory_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def write_atomically(path: Path, write: Callable[[Path], object]) -> None:
    """Have `write` write the file beside `path`, flush it to disk and rename it into place."""
    part = path.with_name(path.name + ".part")
    write(part)
    with open(part, "rb") as written:
        os.fsync(written.fileno())
    os.replace(part, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


class ResumableSolve:
    """The value of `numbers` from 0-0 (the first player to move), checkpointed in `folder` under
    `name`. `memory_mb` is the table's memory (made at once: the largest power of two of slots that
    fits); `every` the seconds between checkpoints inside a question, `between` the least seconds
    from one checkpoint to the next taken when a question is answered (writing a table of
    gigabytes takes a while); `time_limit` the seconds this
    run may take before it checkpoints and stops (SearchStopped); `log` takes progress lines (one a
    `log_every` seconds, and one at each checkpoint)."""

    def __init__(
        self,
        numbers: Iterable[int],
        folder: Path,
        name: str,
        *,
        memory_mb: int,
        every: float = 1200.0,
        between: float = 0.0,
        time_limit: float | None = None,
        log: Callable[[str], None] | None = None,
        log_every: float = 60.0,
    ) -> None:
        self.numbers = tuple(sorted(numbers))
        self.folder = Path(folder)
        self.name = name
        self.every = every
        self.between = between
        self.log = log or (lambda line: None)
        self.log_every = log_every
        self.state_path = self.folder / f"{name}.json"
        self.budget = Budget(time_limit, None, self._progress)
        self.root = Root(self.numbers, (0, 0), 1, self.budget, memory_mb, jobs=1, presize=True, subset_table=False)
        if not isinstance(self.root.search, CoreSearch):
            raise CheckpointError("a resumable solve needs the compiled core (built, and the set fits it)")
        self.search: CoreSearch = self.root.search
        self.moves = [list(move) for move in self.root.moves]
        self.state: dict[str, Any] = {
            "version": STATE_VERSION,
            "numbers": list(self.numbers),
            "moves": len(self.moves),
            "answers": {},  # "MOVE:NEED" -> does the move reach need
            "value": None,
            "nodes": 0,
            "seconds": 0.0,
            "runs": 0,
            "checkpoints": 0,
            "table": None,
            "repeated_from": [],
            "between_questions": True,
            "peak_memory_mb": 0.0,
            "memory_mb": memory_mb,
        }
        #: Positions searched by the runs before this one, up to the checkpoint this one resumed.
        self.nodes_before = 0
        self.seconds_before = 0.0
        self.sweeps_before = 0
        self.loaded_entries = 0
        self._resume()
        self.state["runs"] += 1
        self.last_checkpoint = self.last_line = time.perf_counter()
        self.last_nodes = 0
        self.asking = ""

    def close(self) -> None:
        """Let the table go now (the search's budget refers back to this object: without this, a
        cycle the garbage collector frees when it gets to it, gigabytes meanwhile)."""
        self.budget.progress = None
        del self.root, self.search

    # -- resuming --------------------------------------------------------------------------------

    def _resume(self) -> None:
        if not self.state_path.exists():
            self._remove_stray_tables(keep=None)
            return
        try:
            state = json.loads(self.state_path.read_text())
        except (OSError, ValueError) as exc:
            raise CheckpointError(f"{self.state_path}: not a checkpoint ({exc})") from None
        if state.get("version") != STATE_VERSION or state.get("numbers") != list(self.numbers):
            raise CheckpointError(f"{self.state_path}: a checkpoint of another set of numbers or format")
        if state.get("moves") != len(self.moves):
            raise CheckpointError(f"{self.state_path}: the root's moves differ ({state.get('moves')})")
        state["memory_mb"] = self.state["memory_mb"]
        self._remove_stray_tables(keep=state.get("table"))
        if state.get("table"):
            table = self.folder / state["table"]
            started = time.perf_counter()
            try:
                self.loaded_entries = self.search.load_table(str(table), TABLE_TAG)
            except (OSError, ValueError) as exc:
                raise CheckpointError(f"{table}: {exc}") from None
            self.log(
                f"resumed from {table.name}: {self.loaded_entries:,} entries loaded in "
                f"{time.perf_counter() - started:.0f} s; {len(state['answers'])} questions answered, "
                f"{state['nodes']:,} positions, {state['seconds']:.0f} s so far"
            )
        if not state.get("between_questions", True):
            state["repeated_from"].append(state["checkpoints"])
        self.state = state
        self.nodes_before = int(state["nodes"])
        self.seconds_before = float(state["seconds"])
        self.sweeps_before = int(state.get("sweeps", 0))

    def _remove_stray_tables(self, keep: str | None) -> None:
        """Tables of this name that no state names (a run killed between writing a table and its
        state), and half-written files."""
        for path in self.folder.glob(f"{self.name}.*"):
            stray_table = path.suffix == ".table" and path.name != keep
            if stray_table or path.suffix == ".part":
                path.unlink()

    # -- running ---------------------------------------------------------------------------------

    @property
    def nodes(self) -> int:
        """Positions searched over all runs (see the module notes)."""
        return self.nodes_before + self.search.nodes

    def seconds(self) -> float:
        """Seconds of search over all runs (loading tables included, writing checkpoints too)."""
        return self.seconds_before + self.budget.seconds()

    def run(self) -> int:
        """The value for the first player (1, 0, -1); SearchStopped (after a checkpoint) if the time
        runs out, and whatever stopped it (KeyboardInterrupt, a signal's exception) likewise."""
        if self.state["value"] is None:
            self.state["value"] = self._checkpointed(self._ask_all)
            self.checkpoint(between_questions=True)
        return int(self.state["value"])

    def check_move(self, index: int, need: int) -> bool:
        """Whether the root's move `index` reaches `need`, proved another way than `run` proves it:
        each of the opponent's replies asked on its own whether it reaches 1 - need (the move reaches
        need if none does; the first that does ends the check), checkpointed as `run` is (the
        answers under "MOVE:REPLY:NEED", the result in "checks")."""
        checks = self.state.setdefault("checks", {})
        key = f"{index}:{need}"
        if key not in checks:
            checks[key] = self._checkpointed(lambda: self._ask_replies(index, need))
            self.checkpoint(between_questions=True)
        return bool(checks[key])

    def _checkpointed(self, ask: Callable[[], Any]) -> Any:
        try:
            return ask()
        except BaseException:
            self.checkpoint(between_questions=False)
            raise

    def _answer(self, key: str, asking: str, move: tuple[int, int], gap: int, rest: int, need: int) -> bool:
        """Does the mover's `move` (what it leaves, what it takes), `gap` behind with `rest` left,
        reach `need`: the answer asked before under `key`, or asked now (a checkpoint after it)."""
        answers: dict[str, bool] = self.state["answers"]
        if key not in answers:
            self.asking = asking
            answers[key] = self.search.move_reaches(move[0], move[1], gap, rest, need)
            self.log(f"{asking} {'yes' if answers[key] else 'no'} ({self.nodes:,} positions)")
            if time.perf_counter() - self.last_checkpoint >= self.between:
                self.checkpoint(between_questions=True)
        return answers[key]

    def _ask_all(self) -> int:
        gap, total = self.root.gap, self.root.total
        for need in (1, 0):  # as Root.solve asks: does some move win? if none, does some move draw?
            for i, (after, taken) in enumerate(self.moves):
                asking = f"move {i + 1}/{len(self.moves)} (takes {taken}) reaches {need:+d}?"
                if self._answer(f"{i}:{need}", asking, (after, taken), gap, total, need):
                    return need
        return -1

    def _ask_replies(self, index: int, need: int) -> bool:
        after, taken = self.moves[index]
        if after == 0:
            return taken >= need
        rest = self.root.total - taken
        replies = self.search.moves(after, taken)
        self.state.setdefault("replies", {})[f"{index}:{need}"] = len(replies)
        for j, reply in enumerate(replies):
            asking = f"move {index + 1} (takes {taken}), reply {j + 1}/{len(replies)} (takes {reply[1]})"
            if self._answer(f"{index}:{j}:{need}", f"{asking} reaches {1 - need:+d}?", reply, taken, rest, 1 - need):
                return False
        return True

    def _progress(self, report: Progress) -> None:
        now = time.perf_counter()
        if now - self.last_line >= self.log_every:
            rate = (report.nodes - self.last_nodes) / (now - self.last_line)
            stats = self.search.table_stats()
            self.log(
                f"{self.asking}: {self.nodes_before + report.nodes:,} positions, {rate:,.0f}/s; table "
                f"{stats['entries']:,} of {stats['max_slots']:,} slots, {stats['sweeps']} sweeps; "
                f"peak {peak_memory_mb():,.0f} MB; load {os.getloadavg()[0]:.2f}"
            )
            self.last_line, self.last_nodes = now, report.nodes
        if now - self.last_checkpoint >= self.every:
            self.checkpoint(between_questions=False)

    def checkpoint(self, between_questions: bool) -> None:
        """Write the table and then the state that names it (see the module notes)."""
        started = time.perf_counter()
        number = self.state["checkpoints"] + 1
        table_name = f"{self.name}.{number}.table"
        entries = 0

        def write_table(path: Path) -> None:
            nonlocal entries
            entries = self.search.save_table(str(path), TABLE_TAG)

        write_atomically(self.folder / table_name, write_table)
        old_table = self.state["table"]
        stats = self.search.table_stats()
        self.state.update(
            checkpoints=number,
            table=table_name,
            nodes=self.nodes,
            seconds=self.seconds(),
            between_questions=between_questions,
            peak_memory_mb=max(self.state["peak_memory_mb"], peak_memory_mb()),
            table_entries=entries,
            table_slots=stats["max_slots"],
            sweeps=self.sweeps_before + stats["sweeps"],
            saved_at=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        )
        text = json.dumps(self.state, indent=1)
        write_atomically(self.state_path, lambda path: path.write_text(text))
        if old_table and old_table != table_name:
            (self.folder / old_table).unlink(missing_ok=True)
        self.last_checkpoint = time.perf_counter()
        self.log(f"checkpoint {number}: {entries:,} entries in {self.last_checkpoint - started:.1f} s")
