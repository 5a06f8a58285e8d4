"""Worker processes under attack, one named test per case: a worker killed outright ends the run
with a clear error naming the records not judged (exit 3), never a hang; a parent killed outright
leaves no worker behind; workers take no handler of the parent; `--jobs` is capped by the cores;
every terminating signal leaves no temporary file. Real processes, real signals (Linux: the tests
read /proc). The timeouts are hang detectors, far above what a run takes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import cpu_seconds

from catchup_notation import batch
from catchup_notation.reading import make_request, split
from catchup_notation.workers import (
    TERMINATING,
    available_cores,
    capped,
    how_it_ended,
    process_pool,
    stop_pool,
    worker_processes,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")

#: A game of 40 turns: enough work per record that a run of many keeps each worker busy a while.
GAME = (
    "(;FF[4]PB[b]PW[w]SZ[5];W[E3];B[E4];W[C1H4];B[G1];W[B2E6];B[B6];W[F6I4];B[G4E5];W[G7A1F7];B[A4C6];W[H5A3]"
    ";B[E2];W[I1];B[H1D4];W[G6];B[G3D8];W[B5];B[F1];W[I5E8];B[E9G2];W[D3B3];B[D6];W[A2H2];B[C5B1];W[F2];B[F4]"
    ";W[D5E1];B[F3A5G5];W[C4H3];B[B4E7];W[C7];B[H6I2];W[D1D2];B[C2];W[F8];B[F5I3];W[C3];B[D7])"
)
HANG = 120  # seconds: a run that takes this long has hung
two_cores = pytest.mark.skipif(available_cores() < 2, reason="needs two cores for two workers")


def big_file(folder: Path, games: int = 120_000) -> Path:
    path = folder / "big.sgf"
    path.write_text((GAME + "\n") * games, encoding="utf-8")
    return path


def start(*args: str, **kwargs: object) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "catchup_notation.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kwargs,  # type: ignore[call-overload]
    )


def children(pid: int) -> list[int]:
    """The living child processes of `pid` (a zombie is not living)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _stat(int(entry))[1:] == (pid,):
            found.append(int(entry))
    return found


def _stat(pid: int) -> tuple[str, ...] | tuple[str, int]:
    """(state, parent pid) of a process, or () when it is gone or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return ()
    return () if fields[0] in "ZX" else (fields[0], int(fields[1]))


def alive(pid: int) -> bool:
    return bool(_stat(pid))


def drained(run: subprocess.Popen[bytes]) -> Callable[[], tuple[bytes, bytes]]:
    """Read the run's stdout and stderr as they come, and give what gives both once it ends: a
    run whose output fills its pipe stops there, and its workers with it, maybe before they have
    used the processor time `kill_mid_run` waits for."""
    got: dict[str, bytes] = {}

    def read(name: str, stream: object) -> None:
        got[name] = stream.read()  # type: ignore[attr-defined]

    threads = [
        threading.Thread(target=read, args=item, daemon=True) for item in (("out", run.stdout), ("err", run.stderr))
    ]
    for thread in threads:
        thread.start()

    def both() -> tuple[bytes, bytes]:
        run.wait(timeout=HANG)
        for thread in threads:
            thread.join(timeout=HANG)
        return got["out"], got["err"]

    return both


def kill_mid_run(workers: list[int], worked: float = 0.1, timeout: float = 60) -> int:
    """SIGKILL the first of the (forked) workers to have used `worked` seconds of processor time
    judging, and return its pid. A fixed sleep is not inside the run on a fast machine; this is,
    while each worker's share of the run takes well over `worked`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid in workers:
            if cpu_seconds(pid) >= worked:
                os.kill(pid, signal.SIGKILL)
                return pid
        time.sleep(0.002)
    raise AssertionError(f"no worker used {worked} s of processor time in {timeout} s")


def wait_for_workers(pid: int, count: int, timeout: float = 60) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = children(pid)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers started in {timeout} s")


@two_cores
@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_a_worker_killed_outright_ends_the_run_naming_the_records_not_judged(tmp_path, command):
    path = big_file(tmp_path)
    run = start(command, "--jobs", "2", str(path))
    output = drained(run)
    workers = wait_for_workers(run.pid, 2)
    kill_mid_run(workers)
    started = time.monotonic()
    out, err = output()
    assert time.monotonic() - started < HANG
    assert run.returncode == 3, err.decode()[-2000:]
    lost = [line for line in out.decode().splitlines() if "worker-lost" in line]
    assert len(lost) == 1, out.decode()[-2000:]
    assert "a worker process was killed by SIGKILL" in lost[0]
    assert "were not judged" in lost[0]
    assert f"{path}:" in lost[0]  # located at the first record not judged
    assert not any(alive(pid) for pid in workers)


@two_cores
def test_a_worker_killed_outright_is_one_json_report_with_its_place(tmp_path):
    import json

    path = big_file(tmp_path)
    run = start("verify", "--json", "--jobs", "2", str(path))
    output = drained(run)
    workers = wait_for_workers(run.pid, 2)
    kill_mid_run(workers)
    out, _ = output()
    assert run.returncode == 3
    reports = [json.loads(line) for line in out.decode().splitlines()]
    lost = [r for r in reports if "worker-lost" in json.dumps(r)]
    assert len(lost) == 1 and reports[-1] is lost[0]  # the run ends there
    assert 0 < len(reports) - 1 < 120_000  # some were judged, not all


@two_cores
def test_a_parent_killed_outright_leaves_no_worker_behind(tmp_path):
    path = big_file(tmp_path)
    run = start("verify", "--jobs", "2", str(path))
    workers = wait_for_workers(run.pid, 2)
    os.kill(run.pid, signal.SIGKILL)
    run.communicate(timeout=HANG)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers)


def _signal_masks(pid: int) -> tuple[int, int]:
    """(caught, ignored) signal bit masks of a process, from /proc."""
    fields = dict(
        line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":\t" in line
    )
    return int(fields["SigCgt"], 16), int(fields["SigIgn"], 16)


@two_cores
def test_workers_inherit_no_signal_handler_and_leave_ctrl_c_to_the_parent(tmp_path):
    path = big_file(tmp_path)
    run = start("verify", "--jobs", "2", str(path))
    try:
        workers = wait_for_workers(run.pid, 2)
        caught, _ = _signal_masks(run.pid)
        assert caught >> (signal.SIGTERM - 1) & 1  # the parent turns SIGTERM into an orderly stop
        for pid in workers:
            caught, ignored = _started_worker_masks(pid)
            for number in TERMINATING:
                assert not caught >> (number - 1) & 1, signal.Signals(number).name
            assert ignored >> (signal.SIGINT - 1) & 1
    finally:
        run.kill()
        run.communicate(timeout=HANG)


def _started_worker_masks(pid: int, timeout: float = 30) -> tuple[int, int]:
    """A worker's signal masks once its start has set them: a worker seen just after the fork
    still holds the parent's handlers until its first lines run (on a loaded machine, a while)."""
    deadline = time.monotonic() + timeout
    while True:
        caught, ignored = _signal_masks(pid)
        settled = ignored >> (signal.SIGINT - 1) & 1 and not any(caught >> (n - 1) & 1 for n in TERMINATING)
        if settled or time.monotonic() > deadline:
            return caught, ignored
        time.sleep(0.01)


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_stopping_a_pool_does_not_wait_for_a_busy_worker():
    pool = process_pool(1)
    future = pool.submit(_sleep, 1000)
    while not worker_processes(pool):
        time.sleep(0.01)
    time.sleep(0.2)  # the job is running
    started = time.monotonic()
    stop_pool(pool, finished=False)
    assert time.monotonic() - started < 30
    assert future.done()


def _wchan(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/wchan", encoding="ascii") as handle:
            return handle.read()
    except OSError:
        return ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/PID/wchan")
def test_a_worker_killed_while_the_pool_stops_does_not_hang_the_stop():
    # Idle workers wait for the next task: one reads the task pipe holding the queue's lock, the
    # other waits for that lock. The reader killed once the pool is stopping (paused until then,
    # so that it reads no word to stop), the lock is held for ever: a stop that waits for the
    # survivor to hear it is to stop waits for ever.
    pool = process_pool(2)
    assert list(pool.map(_sleep, [0.0, 0.0, 0.0, 0.0])) == [0.0] * 4
    deadline = time.monotonic() + HANG
    while True:
        processes = worker_processes(pool)
        readers = [p for p in processes if "pipe" in _wchan(p.pid)]
        if (len(processes) == 2 and readers) or time.monotonic() > deadline:
            break
        time.sleep(0.01)
    assert readers, [_wchan(p.pid) for p in processes]
    os.kill(readers[0].pid, signal.SIGSTOP)
    stopper = threading.Thread(target=stop_pool, args=(pool,), kwargs={"finished": True}, daemon=True)
    stopper.start()
    time.sleep(0.5)  # the pool told to stop meanwhile
    os.kill(readers[0].pid, signal.SIGKILL)
    stopper.join(timeout=HANG)
    stuck = stopper.is_alive()
    for process in processes:  # so that nothing outlives the test, whatever it found
        process.kill()
    assert not stuck


def test_jobs_are_capped_by_the_cores():
    cores = available_cores()
    assert capped(100) == cores
    assert capped(0) == 1
    assert batch.worker_count(100, ["-"]) == cores
    assert batch.worker_count(None, ["-"]) == cores


def test_a_solver_asked_for_100_jobs_runs_on_the_cores_alone():
    from catchup_notation.solvers.endgame import solve_variant

    assert solve_variant("catchup(size=2)", jobs=100).jobs == available_cores()


def test_a_job_of_big_records_holds_one_record_not_two_hundred(tmp_path):
    record = "(;FF[4]SZ[5]GC[" + "x" * 600_000 + "];W[E5])\n"
    path = tmp_path / "big-records.sgf"
    path.write_text(record * 5, encoding="utf-8")
    found = list(split(str(path), make_request(None, None, None), batch.BATCH_RECORDS, batch.BATCH_CHARS))
    assert [len(pieces.pieces) for pieces in found] == [1, 1, 1, 1, 1]  # type: ignore[union-attr]
    small = "(;FF[4]SZ[5];W[E5])\n"
    path.write_text(small * 500, encoding="utf-8")
    found = list(split(str(path), make_request(None, None, None), batch.BATCH_RECORDS, batch.BATCH_CHARS))
    assert [len(pieces.pieces) for pieces in found] == [200, 200, 100]  # type: ignore[union-attr]


@pytest.mark.parametrize("name", [signal.Signals(n).name for n in TERMINATING])
def test_every_terminating_signal_leaves_no_temporary_file(tmp_path, name):
    number = signal.Signals[name]
    path = big_file(tmp_path)
    target = tmp_path / "out[1].jsonl"  # a glob character in the name too

    def default_signals() -> None:  # a shell's background job may ignore some; a user's run does not
        signal.signal(number, signal.SIG_DFL)

    def writing() -> bool:
        return any(".tmp" in p.name for p in tmp_path.iterdir())

    run = start("convert", str(path), "--to", "json", "-o", str(target), preexec_fn=default_signals)
    deadline = time.monotonic() + HANG
    while not writing() and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    run.send_signal(signal.SIGSTOP)  # held still: the signal comes while the temporary file is there
    assert writing(), "the run ended before it could be stopped while writing"
    run.send_signal(number)
    run.send_signal(signal.SIGCONT)
    run.communicate(timeout=HANG)
    assert run.returncode == 128 + number
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.sgf"]


def test_the_worker_that_died_is_told_before_the_survivors_the_pool_ended():
    assert how_it_ended([-signal.SIGTERM, -signal.SIGKILL]).startswith("was killed by SIGKILL")
    assert how_it_ended([-signal.SIGTERM, 1]) == "ended with exit code 1"
    assert how_it_ended([-signal.SIGTERM, -signal.SIGTERM]).startswith("was killed by SIGTERM")
    assert how_it_ended([None]) == "ended abruptly"


#: A post of prose and a move list (rga has no cheap scan to cut a file by): a megabyte holds few.
RGA_GAME = "A game from the club's last meeting, " * 150 + "\n\n1.  e5  f6\n2.  d4  g3\n\n\n"


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", *args],
        input=stdin,
        capture_output=True,
        timeout=HANG,
        check=False,
    )


@pytest.mark.parametrize("where", ["a big file", "standard input", "a folder beside good records"])
def test_rga_on_several_workers_judges_every_record_as_one_process_does(tmp_path, where):
    text = RGA_GAME * (batch.BIG_FILE // len(RGA_GAME) + 10)  # a file the batch machinery calls big
    path = tmp_path / "posts.rga"
    path.write_text(text, encoding="utf-8")
    if where == "a folder beside good records":
        for number in range(40):
            (tmp_path / f"g{number:02}.sgf").write_text(GAME + "\n", encoding="utf-8")
        args: tuple[str, ...] = (str(tmp_path),)
    else:
        args = ("--format", "rga", "-") if where == "standard input" else (str(path),)
    stdin = text.encode() if where == "standard input" else None
    one = _run("verify", "--json", "--jobs", "1", *args, stdin=stdin)
    two = _run("verify", "--json", "--jobs", "2", *args, stdin=stdin)
    assert two.returncode == one.returncode == 0, two.stderr.decode()[-2000:]
    assert two.stdout == one.stdout
    records = text.count("1.  e5") + (40 if where.startswith("a folder") else 0)
    assert len(two.stdout.splitlines()) == records
