"""Worker processes, in one place: how many a run may start, what each does first, how a pool of
them is stopped, and what to say when one dies.

Every pool of the library (reading and judging records on several cores, the solvers' searches)
starts its workers with `start_worker`: Ctrl-C is the parent's alone (the terminal sends it to the
whole process group; the parent stops the workers), the signals that end a process act at once
(a handler inherited through fork would unwind a worker through code that belongs to the parent),
and a worker dies with its parent. For the last one Linux has `prctl(PR_SET_PDEATHSIG)`: the kernel
kills the worker the moment its parent is gone, however the parent ended (kill -9 included), at no
cost while it lives. Elsewhere a daemon thread in the worker looks for a change of parent once a
second.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.context import BaseContext

#: The signals whose default action ends the process and that a program can catch: the command line
#: turns them into an orderly stop (temporary files removed), and workers get the default back.
TERMINATING = tuple(
    getattr(signal, name)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU")
    if hasattr(signal, name)
)

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def capped(jobs: int) -> int:
    """`jobs` worker processes, at least one and at most one per available core: more only share
    the same cores and multiply the memory."""
    return max(1, min(jobs, available_cores()))


def start_worker(parent: int | None = None) -> None:
    """What a worker process does first (see the module docstring). `parent` is the process id of
    the parent that started it (default: the current parent), to catch a parent that died before
    the worker could ask to die with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in TERMINATING:
        signal.signal(number, signal.SIG_DFL)
    parent = os.getppid() if parent is None else parent
    if not _die_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent ends (Linux); whether it agreed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes, each started by `start_worker`."""
    from concurrent.futures import ProcessPoolExecutor  # imported only when used (start-up time)

    return ProcessPoolExecutor(max_workers=workers, initializer=start_worker, initargs=(os.getpid(),))


class WorkerLost(Exception):
    """A worker process of a `SolverPool` died; the message says how ("was killed by SIGKILL ...")."""


class SolverPool:
    """The worker processes of a parallel search, each started by `initializer(*initargs)` (which
    calls `start_worker` first). Tasks go in with `submit`; `as_they_come` gives them back as they
    are answered, and raises WorkerLost if a worker dies: its task would never be answered (the
    standard library's `multiprocessing.Pool` replaces such a worker and waits for ever, and may
    hang even when told to stop). `close` kills the workers at once: a search that stops has no use
    for what they are still doing."""

    def __init__(self, workers: int, context: BaseContext, initializer: Callable[..., None], initargs: tuple[Any, ...]):
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs)
        self.processes: list[Any] = []  # known once the first task has started them

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        future = self.pool.submit(function, *args)
        if not self.processes:
            self.processes.extend(worker_processes(self.pool))
        return future

    def as_they_come(
        self, futures: Iterable[Future[Any]], *, poll: float, waiting: Callable[[], None]
    ) -> Iterator[Future[Any]]:
        """`futures` as they are answered (each done: its `result()` is the answer or raises the
        task's exception), calling `waiting` every `poll` seconds between them."""
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        order = {future: i for i, future in enumerate(futures)}
        pending = set(order)
        watch = DeathWatch(self.processes)
        while pending:
            done, pending = wait(pending, timeout=poll, return_when=FIRST_COMPLETED)
            if not done:
                if watch.lost():
                    raise WorkerLost(lost_worker(self.processes))
                waiting()
            for future in sorted(done, key=order.__getitem__):
                if isinstance(future.exception(), BrokenProcessPool):
                    raise WorkerLost(lost_worker(self.processes))
                yield future

    def close(self) -> None:
        stop_pool(self.pool, finished=False)


def lost_worker(processes: list[Any]) -> str:
    """How one of `processes` ended, the pool they belonged to having broken (`how_it_ended`)."""
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(timeout=1.0)  # the exit code of a worker killed a moment ago
    # The pool's own thread may be reaping a worker at the same moment, and then its exit code shows
    # a moment later: wait a little for a code that tells more than the SIGTERM the pool sends the
    # survivors once one has died.
    deadline = time.monotonic() + 2.0
    while True:
        exitcodes = [getattr(process, "exitcode", None) for process in processes]
        told = any(code is not None and code != -signal.SIGTERM for code in exitcodes)
        if told or all(code is not None for code in exitcodes) or time.monotonic() > deadline:
            return how_it_ended(exitcodes)
        time.sleep(0.02)


def stop_pool(pool: ProcessPoolExecutor, *, finished: bool) -> None:
    """Stop a pool. A pool whose work is `finished` and whose workers are all alive is shut down in
    the usual way; any other (the run was interrupted, its reader left, a worker died) has its
    workers killed first, so that nothing waits on a worker still busy or blocked. A worker killed
    while it waited for work holds the pool's task queue's lock for ever, and a survivor waiting on
    that lock never hears that it is to stop: where one dies during the shutdown, or they are not
    gone within STOP_SECONDS of it, the workers are killed as well."""
    processes = worker_processes(pool)
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    manager = getattr(pool, "_executor_manager_thread", None)
    if not finished or any(process.exitcode is not None for process in processes):
        _end_workers(processes, writer)
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_SECONDS
    while any(process.exitcode is None for process in processes):
        if time.monotonic() > deadline or any(process.exitcode not in (None, 0) for process in processes):
            _end_workers(processes, writer)  # one was killed meanwhile, or they do not stop
            break
        time.sleep(0.01)
    if manager is not None:
        manager.join()


#: Seconds a pool's workers have to stop once told to before they are killed.
STOP_SECONDS = 10.0


def _end_workers(processes: list[Any], writer: Any) -> None:
    """Kill a pool's workers, then close this process's own end for writing to the pool's result
    pipe: with every worker gone that was the last one, so a pool left reading the rest of a result
    a killed worker had half sent reads its end and stops (else it would wait for it for ever, and
    so would its shutdown)."""
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError, AssertionError):
            process.join(timeout=5.0)
    with contextlib.suppress(OSError, AttributeError):
        writer.close()


#: Seconds a pool has to report the death of one of its workers itself before the death is acted
#: on: a worker killed while it sent a result leaves the pool waiting for the rest for ever.
GRACE_SECONDS = 2.0


class DeathWatch:
    """Tells, while a run waits for a pool's answers, whether one of its workers has died and the
    pool has not said so within GRACE_SECONDS. The pool's workers end only when the pool is
    stopped, so any that ended before was lost."""

    def __init__(self, processes: list[Any]) -> None:
        self.processes = processes  # may be filled later: a pool starts its workers with its first task
        self._since: float | None = None

    def lost(self) -> bool:
        if not any(process.exitcode is not None for process in self.processes):
            return False
        if self._since is None:
            self._since = time.monotonic()
        return time.monotonic() - self._since >= GRACE_SECONDS

    def result(self, future: Future[Any], poll: float = 0.5) -> Any:
        """`future.result()`; BrokenProcessPool if a worker died and the pool does not answer."""
        from concurrent.futures import TimeoutError as FutureTimeout
        from concurrent.futures.process import BrokenProcessPool

        while True:
            try:
                return future.result(timeout=poll)
            except FutureTimeout:
                if self.lost():
                    raise BrokenProcessPool("a worker process died while its pool waited for it") from None


def worker_processes(pool: ProcessPoolExecutor) -> list[Any]:
    """The pool's worker processes (`multiprocessing.Process` objects). The standard library keeps
    them in a private attribute, stable since Python 3.2; without it, none are known."""
    processes = getattr(pool, "_processes", None)
    return list(processes.values()) if isinstance(processes, dict) else []


def how_it_ended(exitcodes: list[int | None]) -> str:
    """Words for how a worker ended, from the exit codes of the workers that are gone (a negative
    code is the signal that killed it). The pool ends the survivors with SIGTERM once one died, so
    any other ending tells more and is told first."""
    exitcodes = sorted(exitcodes, key=lambda code: code == -signal.SIGTERM)
    for code in exitcodes:
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            cause = " (by hand, or by the out-of-memory killer)" if -code == signal.SIGKILL else ""
            return f"was killed by {name}{cause}"
        if code:
            return f"ended with exit code {code}"
    return "ended abruptly"
