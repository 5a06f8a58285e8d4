"""A number-set solve that checkpoints and resumes: killed (SIGKILL) at a random moment and resumed
from its folder, it finds the value of an uninterrupted run and, resumed from checkpoints taken
between questions, the same positions count; checkpoints taken inside a question resume to the same
value; the core's table file round-trips and refuses other searches' files and damaged ones."""

import json
import random
import signal
import subprocess
import sys
import time

import pytest

from catchup_notation import compiled
from catchup_notation.solvers.limits import Budget
from catchup_notation.solvers.numberset.core import CoreSearch
from catchup_notation.solvers.numberset.resumable import TABLE_TAG, CheckpointError, ResumableSolve
from catchup_notation.solvers.numberset.solver import Packing, game_value, solve

core = compiled.core("_numcore")
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not in use (not built, or CATCHUP_PURE set)")

MEMORY_MB = 32

#: A child process that solves 1..N into a folder, checkpointing at every answer, and (given a third
#: argument) every so many seconds inside a question too.
CHILD = f"""
import sys
from pathlib import Path
from catchup_notation.solvers.numberset.resumable import ResumableSolve
n, folder = int(sys.argv[1]), Path(sys.argv[2])
every = float(sys.argv[3]) if len(sys.argv) > 3 else 1e9
ResumableSolve(range(1, n + 1), folder, "run", memory_mb={MEMORY_MB}, every=every).run()
"""


def uninterrupted(n, tmp_path):
    folder = tmp_path / "whole"
    folder.mkdir()
    run = ResumableSolve(range(1, n + 1), folder, "run", memory_mb=MEMORY_MB)
    return run.run(), run.nodes


def kill_and_resume(n, folder, rng, every=None):
    """Start the child, SIGKILL it once it has taken a checkpoint or a few (and a random while
    later), resume in this process; the resumed run's value, its positions, and its state."""
    folder.mkdir()
    args = [sys.executable, "-c", CHILD, str(n), str(folder)] + ([] if every is None else [str(every)])
    child = subprocess.Popen(args)
    state = folder / "run.json"
    wanted = rng.randint(1, 2)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if state.exists():
            try:
                if json.loads(state.read_text())["checkpoints"] >= wanted:
                    break
            except ValueError:  # never: the state is renamed into place whole
                raise
        time.sleep(0.005)
    time.sleep(rng.random() * 0.2)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert state.exists()
    killed_at = json.loads(state.read_text())
    run = ResumableSolve(range(1, n + 1), folder, "run", memory_mb=MEMORY_MB)
    assert not list(folder.glob("*.part"))
    if killed_at["table"]:  # a table no state names (killed before its state was written) is gone
        assert [path.name for path in folder.glob("*.table")] == [killed_at["table"]]
    value = run.run()
    return value, run.nodes, killed_at, run.state


@pytest.mark.parametrize("n", [24, 25])
def test_killed_between_questions_resumes_to_the_same_value_and_positions(n, tmp_path):
    value, nodes = uninterrupted(n, tmp_path)
    assert value == game_value(range(1, n + 1))
    if value == 0:  # a drawn set is searched by the proof search in `solve` too: the same count
        assert nodes == solve(range(1, n + 1), jobs=1).nodes
    rng = random.Random(n)
    for attempt in range(3):
        resumed_value, resumed_nodes, killed_at, state = kill_and_resume(n, tmp_path / f"kill{attempt}", rng)
        assert resumed_value == value
        assert killed_at["value"] is None or killed_at["value"] == value
        assert state["runs"] == 2
        # every checkpoint of this child is taken between questions: nothing is searched twice
        assert state["repeated_from"] == []
        assert resumed_nodes == nodes


def test_killed_inside_a_question_resumes_to_the_same_value(tmp_path):
    n = 24
    value, _ = uninterrupted(n, tmp_path)
    rng = random.Random(7)
    resumed_value, resumed_nodes, killed_at, state = kill_and_resume(n, tmp_path / "kill", rng, every=0.02)
    assert resumed_value == value
    if not killed_at["between_questions"]:
        assert state["repeated_from"] == [killed_at["checkpoints"]]
    assert resumed_nodes > 0


def test_a_finished_run_is_not_searched_again(tmp_path):
    first = ResumableSolve(range(1, 13), tmp_path, "run", memory_mb=MEMORY_MB)
    assert first.run() == 0
    again = ResumableSolve(range(1, 13), tmp_path, "run", memory_mb=MEMORY_MB)
    assert again.run() == 0
    assert again.search.nodes == 0 and again.nodes == first.nodes


def test_a_checkpoint_of_other_numbers_is_refused(tmp_path):
    ResumableSolve(range(1, 13), tmp_path, "run", memory_mb=MEMORY_MB).run()
    with pytest.raises(CheckpointError, match="another set"):
        ResumableSolve(range(1, 14), tmp_path, "run", memory_mb=MEMORY_MB)


def test_a_stray_table_and_half_written_files_are_removed(tmp_path):
    run = ResumableSolve(range(1, 13), tmp_path, "run", memory_mb=MEMORY_MB)
    run.run()
    (tmp_path / "run.999.table").write_bytes(b"newer than the state")
    (tmp_path / "run.json.part").write_text("{")
    ResumableSolve(range(1, 13), tmp_path, "run", memory_mb=MEMORY_MB)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([run.state["table"], "run.json"])


def core_search(numbers, memory_mb=MEMORY_MB, budget=None, presize=False):
    numbers = tuple(numbers)
    packing = Packing.for_multiset(numbers)
    return CoreSearch(
        core, numbers, packing, sum(numbers) + 1, memory_mb=memory_mb, budget=budget, presize=presize
    ), packing


def test_a_table_saved_mid_question_loads_into_another_size(tmp_path):
    """Saved from the budget's check in the middle of a search, the table loads into a table of
    another size (where it has to drop entries as it fills) and the value found there is the same."""
    numbers = tuple(range(1, 21))
    path = tmp_path / "t.table"
    saved = []

    def progress(report):
        if report.nodes > 5000 and not saved:
            saved.append(search.save_table(str(path), b"tag"))

    search, packing = core_search(numbers, budget=Budget(progress=progress))
    assert not search.can_reach(packing.pack(numbers), 0, 1, sum(numbers))
    assert saved and saved[0] > 0
    for memory_mb in (1, 64):
        other, _ = core_search(numbers, memory_mb=memory_mb, presize=memory_mb == 64)
        assert other.load_table(str(path), b"tag") == saved[0]
        assert not other.can_reach(packing.pack(numbers), 0, 1, sum(numbers))
        assert other.can_reach(packing.pack(numbers), 0, 0, sum(numbers))
        assert other.nodes < search.nodes


def test_damaged_and_foreign_table_files_are_refused(tmp_path):
    numbers = tuple(range(1, 15))
    search, packing = core_search(numbers)
    search.can_reach(packing.pack(numbers), 0, 0, sum(numbers))
    path = tmp_path / "t.table"
    entries = search.save_table(str(path), TABLE_TAG)
    data = path.read_bytes()
    assert entries > 100

    def refused(content, tag=TABLE_TAG, other=numbers, match=""):
        path.write_bytes(content)
        fresh, _ = core_search(other)
        with pytest.raises(ValueError, match=match):
            fresh.load_table(str(path), tag)

    refused(data, tag=b"another search", match="tag differs")
    refused(data, other=tuple(range(1, 16)), match="another set of numbers")
    refused(data[:-9], match="cut short")
    refused(data[:100], match="too short")
    refused(data + b"\0", match="damaged")
    flipped = bytearray(data)
    flipped[len(data) - 40] ^= 0x10
    refused(bytes(flipped), match="damaged")
    refused(b"x" * len(data), match="not a table")
    with pytest.raises(OSError):
        search.load_table(str(tmp_path / "missing.table"), TABLE_TAG)
    with pytest.raises(ValueError, match="256 bytes"):
        search.save_table(str(path), b"x" * 257)


def test_a_table_is_not_loaded_during_a_search(tmp_path):
    numbers = tuple(range(1, 21))
    path = tmp_path / "t.table"
    seen = []

    def progress(report):
        if not seen:
            with pytest.raises(RuntimeError):
                search.load_table(str(path), b"")
            seen.append(True)

    search, packing = core_search(numbers, budget=Budget(progress=progress))
    search.save_table(str(path), b"")
    search.can_reach(packing.pack(numbers), 0, 1, sum(numbers))
    assert seen


def test_presize_takes_the_table_at_once():
    numbers = tuple(range(1, 13))
    grown, _ = core_search(numbers, memory_mb=64)
    presized, _ = core_search(numbers, memory_mb=64, presize=True)
    assert grown.table_stats()["slots"] < presized.table_stats()["slots"] == presized.table_stats()["max_slots"]
    # all of the bound where the table never doubles, half of it where it does
    assert presized.table_stats()["max_slots"] * 8 == 64 * 2**20 == 2 * grown.table_stats()["max_slots"] * 8


@pytest.mark.parametrize("n", [16, 17, 18, 20, 21])
def test_a_move_checked_reply_by_reply_agrees_with_the_solve(n, tmp_path):
    """The check proves the move the solve found against each reply, in a table of its own; and each
    move found not to reach the value, or (below a win) every move, not to reach more."""
    solved = ResumableSolve(range(1, n + 1), tmp_path, "run", memory_mb=MEMORY_MB)
    value = solved.run()
    assert value == game_value(range(1, n + 1))
    answers, moves = solved.state["answers"], range(len(solved.moves))
    expected = {}  # (move, need) -> does the move reach need
    if value >= 0:
        expected[next(i for i in moves if answers.get(f"{i}:{value}")), value] = True
        expected.update({(i, value): False for i in moves if answers.get(f"{i}:{value}") is False})
    if value < 1:
        expected.update({(i, value + 1): False for i in moves})
    check = ResumableSolve(range(1, n + 1), tmp_path, "check", memory_mb=MEMORY_MB)
    assert {question: check.check_move(*question) for question in expected} == expected
    assert check.nodes > 0
    # what the check found is kept: resumed, it searches nothing again
    again = ResumableSolve(range(1, n + 1), tmp_path, "check", memory_mb=MEMORY_MB)
    assert {question: again.check_move(*question) for question in expected} == expected
    assert again.search.nodes == 0
