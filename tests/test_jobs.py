"""Several worker processes say exactly what one says, in the same order: `verify`, `adjudicate`
and `convert` with `--jobs 2` against `--jobs 1`, on random archives that mix good records with
records broken, resigned, noted or unreadable (tests/test_plain_judge.py's), cut into many small
jobs so that every kind of record falls at a job's edge; a big input is cut by the reading process
into runs of plain games that the workers judge (the reading process judges none); the default
`--jobs` is one process for a small input; a worker killed during `convert` ends it with the
records not converted named, never a hang."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from catchup_notation import batch
from catchup_notation.cli.runs import judged_printer, printer
from catchup_notation.compiled import core
from catchup_notation.formats.lg import PlainRun, Taken
from catchup_notation.reading import Pieces, fastpath, make_request, split
from catchup_notation.reports import (
    ROW_FIELDS,
    adjudication_report,
    judged_adjudication_report,
    judged_verify_report,
    verify_report,
)
from catchup_notation.workers import available_cores
from tests.cli_records import run_output
from tests.test_plain_judge import archive, games

two_cores = pytest.mark.skipif(available_cores() < 2, reason="two worker processes need two cores")
compiled = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")


def printed(paths: list[str], command: str, mode: str, jobs: int) -> tuple:
    """What `command` writes of every record of `paths` (and counts), on `jobs` processes."""
    scores = command == "adjudicate"
    fields = ROW_FIELDS[command]
    report = printer(adjudication_report if scores else verify_report, mode, fields)  # type: ignore[arg-type]
    made = judged_adjudication_report if scores else judged_verify_report
    judging = judged_printer(made, mode, fields)  # type: ignore[arg-type]
    return run_output(batch.reports(paths, report, jobs=jobs, judged=judging, scores=scores), mode)


@two_cores
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    seed=st.integers(0, 2**32),
    command=st.sampled_from(["verify", "adjudicate"]),
    mode=st.sampled_from(["json", "csv", "text"]),
    records=st.sampled_from([1, 3, 7, 50]),
    part=st.sampled_from([1, 40, 700, 5000, 1 << 20]),
)
def test_two_workers_write_what_one_process_writes(tmp_path_factory, seed, command, mode, records, part):
    """Every input is cut (no file is small) into jobs of a few records, or parts of a few bytes
    to a few records, whose edges fall everywhere: in records broken, cut or noted, in text
    between records."""
    with (
        mock.patch.object(batch, "BIG_FILE", 1),
        mock.patch.object(batch, "BATCH_RECORDS", records),
        mock.patch.object(batch, "PLAIN_RUN_RECORDS", records),
        mock.patch.object(batch, "PART_BYTES", part),
        mock.patch.object(batch, "PART_REACH", part * 3),
    ):
        written_alike(tmp_path_factory, seed, command, mode)


def written_alike(tmp_path_factory, seed: int, command: str, mode: str) -> None:
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("jobs")
    text = archive(rng, 150)
    (folder / "big.sgf").write_text(text * 3, encoding="utf-8")
    for k in range(5):
        (folder / f"small-{k}.sgf").write_text(archive(rng, rng.randint(1, 9)), encoding="utf-8")
    (folder / "bad-bytes.sgf").write_bytes(archive(rng, 3).encode() + b"\xff\xfe(;SZ[5];W[E5])")
    paths = [str(folder)]
    one = printed(paths, command, mode, 1)
    assert printed(paths, command, mode, 2) == one
    assert sum(one[2].values()) > 400  # the records of every input (a broken one may hold several)


@compiled
def test_the_reading_process_only_cuts_the_runs_the_workers_judge(tmp_path):
    rng = random.Random(3)
    text = "".join(rng.choice(games(5)) + "\n" for _ in range(1000))
    path = tmp_path / "plain.sgf"
    path.write_text(text, encoding="utf-8")
    request = make_request(None, None, None)
    cutter = fastpath.cutter(request, 300)
    assert cutter is not None
    found = list(split(str(path), request, 300, 1 << 20, cutter))
    assert all(isinstance(pieces, Pieces) for pieces in found)
    runs = [piece.items for pieces in found for piece in pieces.pieces if isinstance(piece, Taken)]  # type: ignore[union-attr]
    assert all(isinstance(run, PlainRun) for run in runs)
    # The last game is followed by nothing yet, nor is the last of each chunk read: each goes alone.
    assert 990 <= sum(len(run) for run in runs) < 1000
    assert max(len(run) for run in runs) == 300
    judge = fastpath.judge(request)
    assert judge is not None
    judged = [found for pieces in found for found in pieces.judging(judge)]  # type: ignore[union-attr]
    assert all(isinstance(one, fastpath.Judged) for one in judged)
    assert [one.first for one in judged] == sorted(one.first for one in judged)
    assert sum(len(one.verdicts) for one in judged) == 1000  # type: ignore[union-attr]
    lines = [verdict[0] for one in judged for verdict in one.verdicts]  # type: ignore[union-attr]
    assert lines == list(range(1, 1001))  # each where it is in the file, whatever run it came in


def test_the_default_is_one_process_for_a_small_input_and_every_core_for_a_large_one(tmp_path):
    small = tmp_path / "small.sgf"
    small.write_text(games(5)[0] + "\n", encoding="utf-8")
    assert batch.worker_count(None, [str(small)] * 100, fast=True) == 1  # many files, little work
    big = tmp_path / "big.sgf"
    with big.open("w", encoding="utf-8") as out:
        out.write((games(5)[0] + "\n") * (batch.PARALLEL_BYTES // len(games(5)[0]) + 1))
    assert batch.worker_count(None, [str(big)], fast=True) == available_cores()
    assert batch.worker_count(None, ["-"], fast=True) == available_cores()  # its size is not known
    assert batch.worker_count(3, [str(small)], fast=True) == min(3, available_cores())
    # Records read the slow way (convert, --variant auto) are worth workers at a smaller size.
    medium = tmp_path / "medium.sgf"
    medium.write_text((games(5)[0] + "\n") * (batch.PARALLEL_SLOW_BYTES // len(games(5)[0]) + 1), encoding="utf-8")
    assert batch.worker_count(None, [str(medium)], fast=True) == 1
    assert batch.worker_count(None, [str(medium)], fast=False) == available_cores()
    # Verify on the core: the workers read a big file's parts themselves, but standard input, or
    # a big compressed file, is read by the main process, and handing its records out costs what
    # judging them does.
    assert batch.worker_count(None, [str(big)], fast=True, verdicts_only=True) == available_cores()
    assert batch.worker_count(None, ["-"], fast=True, verdicts_only=True) == 1
    packed = tmp_path / "big.sgf.gz"
    packed.write_bytes(b"\0" * batch.PARALLEL_BYTES)
    assert batch.worker_count(None, [str(packed)], fast=True, verdicts_only=True) == 1
    assert batch.worker_count(None, [str(packed)], fast=True) == available_cores()
    assert batch.worker_count(2, [str(big)], fast=True, verdicts_only=True) == min(2, available_cores())
    assert batch.worker_count(None, [str(medium)], fast=False, verdicts_only=True) == available_cores()


def _cli(*arguments: str, cwd: Path) -> tuple[int, bytes, bytes]:
    done = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", *arguments], capture_output=True, cwd=cwd, timeout=600
    )
    return done.returncode, done.stdout, done.stderr


@two_cores
@pytest.mark.parametrize("to", ["lg", "abstractplay", "json"])
def test_convert_on_two_workers_writes_what_one_process_writes(tmp_path, to):
    """Stdout, stderr (each record skipped, each warning) and the exit code, byte for byte, on a
    big file cut into jobs and a folder of small files read by the workers."""
    rng = random.Random(len(to))
    text = archive(rng, 200)
    (tmp_path / "big.sgf").write_text(text * (batch.BIG_FILE // len(text) + 1), encoding="utf-8")
    for k in range(40):
        (tmp_path / f"small-{k:02}.sgf").write_text(archive(rng, rng.randint(1, 4)), encoding="utf-8")
    one = _cli("convert", "--to", to, "--jobs", "1", ".", cwd=tmp_path)
    two = _cli("convert", "--to", to, "--jobs", "2", ".", cwd=tmp_path)
    assert one[0] == 3  # some records cannot be read
    assert two == one
    assert b"skipped" in one[2] and b"warning[" in one[2]


@two_cores
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")
def test_a_worker_killed_during_convert_ends_it_naming_the_records_not_converted(tmp_path):
    from tests.test_hostile_workers import HANG, alive, big_file, kill_mid_run, start, wait_for_workers

    path = big_file(tmp_path, games=20_000)
    out = tmp_path / "out.sgf"
    run = start("convert", "--jobs", "2", "-o", str(out), str(path))
    workers = wait_for_workers(run.pid, 2)
    kill_mid_run(workers)
    started = time.monotonic()
    _, err = run.communicate(timeout=HANG)
    assert time.monotonic() - started < HANG
    assert run.returncode == 3, err.decode()[-2000:]
    said = err.decode()
    lost = [line for line in said.splitlines() if "error[worker-lost]: a worker process was killed by SIGKILL" in line]
    assert len(lost) == 1 and "on were not judged" in lost[0], said[-2000:]
    assert "error[worker-lost]: record" in said and "skipped" in said  # named as any record not converted
    assert not any(alive(pid) for pid in workers)
    written = out.read_text(encoding="utf-8").count("(;") if out.exists() else 0
    assert written < 20_000  # what was converted before the worker died is kept, the rest is not
