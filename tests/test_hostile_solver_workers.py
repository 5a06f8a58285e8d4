"""The solvers' worker processes under attack: a worker killed outright stops the search with a
clear error (exit 3), what was found before it printed, never a hang, and no worker left behind.
A dead worker's task is never answered, and a worker killed while it held one of the pool's locks
leaves the standard library's `multiprocessing.Pool` hanging even when told to stop: the solvers'
pool must notice, and stop without waiting on anything. Real processes, real signals (Linux: the tests
read /proc). The timeouts are hang detectors, far above what a run takes."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_hostile_workers import HANG, _sleep, alive, children, two_cores

from catchup_notation.solvers.limits import WORKER_LOST, Budget, SearchStopped
from catchup_notation.workers import SolverPool, WorkerLost, start_worker

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")


def workers_of(pid: int, count: int, timeout: float = 60) -> list[int]:
    """The first `count` child processes of `pid` that run what it runs (forked workers share its
    command line; a helper process the standard library may start does not)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        own = Path(f"/proc/{pid}/cmdline").read_bytes()  # read each time: at first, the child may not have run exec yet
        found = []
        for child in children(pid):
            try:
                if Path(f"/proc/{child}/cmdline").read_bytes() == own:
                    found.append(child)
            except OSError:
                continue
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers started in {timeout} s")


def solve_and_kill_a_worker(args: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess[str], list[int]]:
    """Run `catchup solve ARGS --json`, kill one of its two workers once they are searching, and
    wait for the end; the run's outcome and the workers' process ids."""
    run = subprocess.Popen(
        [sys.executable, "-m", "catchup_notation", "solve", *args, "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
    )
    try:
        workers = workers_of(run.pid, 2)
        time.sleep(1.0)  # inside the search: it would take far longer than the test's timeouts
        os.kill(workers[0], signal.SIGKILL)
        started = time.monotonic()
        out, err = run.communicate(timeout=HANG)
    finally:
        if run.poll() is None:  # the test failed: leave nothing running
            run.kill()
            run.wait()
    assert time.monotonic() - started < HANG
    return subprocess.CompletedProcess(run.args, run.returncode, out, err), workers


def no_worker_left(workers: list[int]) -> bool:
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(alive(pid) for pid in workers)


@two_cores
def test_a_hex_solve_whose_worker_is_killed_stops_with_what_it_found():
    # the empty side-4 board: hours of search, so the workers are busy when one is killed
    done, workers = solve_and_kill_a_worker(["--variant", "ketchup-4(size=4)", "--timeout", "600"], {})
    assert done.returncode == 3, done.stderr[-2000:]
    assert "a worker process was killed by SIGKILL" in done.stderr and "the search stopped" in done.stderr
    data = json.loads(done.stdout)  # what was known, as a stopped search prints it
    assert data["complete"] is False and data["nodes"] > 0
    assert no_worker_left(workers)


@two_cores
def test_a_number_set_solve_on_worker_processes_whose_worker_is_killed_stops_with_what_it_found():
    # the pure-Python reference searches a set on two processes (the core, on threads)
    done, workers = solve_and_kill_a_worker(["--set", "1..40", "--timeout", "600"], {"CATCHUP_PURE": "1"})
    assert done.returncode == 3, done.stderr[-2000:]
    assert "a worker process was killed by SIGKILL" in done.stderr and "the search stopped" in done.stderr
    data = json.loads(done.stdout)
    assert data["complete"] is False and data["value"] is None
    assert no_worker_left(workers)


@pytest.mark.parametrize("busy", [True, False], ids=["busy", "idle"])
def test_a_solver_pool_tells_how_its_worker_ended_and_stops_without_waiting(busy):
    # an idle worker waits for tasks holding the task queue's lock: killed then, it never lets go
    pool = SolverPool(2, multiprocessing.get_context("fork"), start_worker, (os.getpid(),))
    asked = [pool.submit(_sleep, 0.01)]
    for done in pool.as_they_come(asked, poll=0.1, waiting=lambda: None):
        assert done.result() == 0.01
    workers = [process.pid for process in pool.processes]
    assert len(workers) == 2
    asked = [pool.submit(_sleep, 30.0) for _ in range(2 if busy else 1)]
    time.sleep(0.5)
    os.kill(workers[-1] if busy else _idle_one(workers), signal.SIGKILL)
    started = time.monotonic()
    with pytest.raises(WorkerLost, match=r"^was killed by SIGKILL"):
        for _ in pool.as_they_come(asked, poll=0.1, waiting=lambda: None):
            pass
    pool.close()
    assert time.monotonic() - started < 20  # not the 30 s the other task would take
    assert no_worker_left(workers)


def _idle_one(workers: list[int]) -> int:
    """The worker that is not in the sleeping task (the kernel says where each waits)."""
    idle = [pid for pid in workers if "sleep" not in Path(f"/proc/{pid}/wchan").read_text()]
    return idle[0] if len(idle) == 1 else workers[0]


def test_a_worker_lost_is_told_as_it_is_and_a_workers_budget_in_the_callers_terms():
    budget = Budget(time_limit=10.0, max_nodes=1000)
    lost = SearchStopped("a worker process was killed by SIGKILL; the search stopped", nodes=7, reason=WORKER_LOST)
    assert budget.restated(lost, 99) is lost
    share = SearchStopped("stopped after 500 nodes (--max-nodes 500)", nodes=500, reason="nodes")
    assert str(budget.restated(share, 1000)) == "stopped after 1000 nodes (--max-nodes 1000)"


def _bytes(size: int) -> bytes:
    return b"x" * size


def _kill_while_sending(processes: list) -> None:
    """Kill the worker that is writing its result to the pipe, halfway through (the kernel says
    where a process waits: `pipe_write` while the pipe is full)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for process in processes:
            try:
                waits = Path(f"/proc/{process.pid}/wchan").read_text()
            except OSError:
                continue
            if "pipe_write" in waits:
                os.kill(process.pid, signal.SIGKILL)
                return
    raise AssertionError("no worker was seen writing its result")


@pytest.mark.parametrize("pool_kind", ["records", "solver"])
def test_a_worker_killed_halfway_through_sending_its_result_ends_the_wait(pool_kind):
    # the pool itself would wait for the rest of the message for ever, and so would its shutdown
    from concurrent.futures.process import BrokenProcessPool

    from catchup_notation.workers import DeathWatch, process_pool, stop_pool

    big = 256 << 20
    started = time.monotonic()
    if pool_kind == "records":
        pool = process_pool(2)
        pool.submit(_bytes, 1).result()
        from catchup_notation.workers import worker_processes

        processes = worker_processes(pool)
        sending = pool.submit(_bytes, big)
        _kill_while_sending(processes)
        with pytest.raises(BrokenProcessPool):
            DeathWatch(processes).result(sending)
        stop_pool(pool, finished=False)
    else:
        solver = SolverPool(2, multiprocessing.get_context("fork"), start_worker, (os.getpid(),))
        solver.submit(_bytes, 1).result()
        processes = solver.processes
        sending = solver.submit(_bytes, big)
        _kill_while_sending(processes)
        with pytest.raises(WorkerLost, match=r"^was killed by SIGKILL"):
            for _ in solver.as_they_come([sending], poll=0.1, waiting=lambda: None):
                pass
        solver.close()
    assert time.monotonic() - started < HANG
    assert no_worker_left([process.pid for process in processes])
