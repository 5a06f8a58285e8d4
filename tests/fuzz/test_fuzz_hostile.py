"""The fuzz harness, second part: the sizes and shapes that once broke the readers, and processes
killed at random.

Shapes: a line past the line limit, a board spelt in megabytes, one token repeated thousands of
times on one line (an open game, a parenthesis, a node), lines holding only `(`, thousands of tiny
records, a pretty-printed document of many records; each in every notation it can hurt, with good
records around it. Whatever the shape, reading ends in games in order, every error is located and
short (no message repeats the input), and the good record after the hostile part is still read.

Kills: `verify`/`adjudicate --jobs 2` on a file of many records, one worker killed at a random
moment: the run ends (never hangs) with exit 3 and one `worker-lost` record last, or, when the
run was over first, as it would have anyway; no worker outlives it.

Budget: FUZZ_EXAMPLES as in test_fuzz.py (the shapes take a quarter of it, the kills a tenth: each
example is a big input or a real run).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

import catchup_notation as cn
from catchup_notation.limits import MAX_TEXT_LINE_CHARS
from catchup_notation.workers import available_cores

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0")) or settings().max_examples


def _settings(share: int) -> settings:
    return settings(
        max_examples=max(3, EXAMPLES // share),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


GOOD = {
    "lg": "(;FF[4]SZ[5];W[E5];B[D4F6])\n",
    "genius": "",  # one record per text: nothing after the hostile part
    "numbers": "\n\nS = {1, 2, 3, 4}\n<3> <2, 4> <1>\n",
    "rga": "\n\n1.  e5  f6\n2.  d4  g3\n",
    "json": '\n{"variant": "catchup", "turns": [{"player": 1, "cells": [[0, 0]]}]}\n',
}
LONG = MAX_TEXT_LINE_CHARS + 1000


@st.composite
def hostile(draw: st.DrawFn) -> tuple[str, str]:
    """(format, text): a hostile shape in a notation it can hurt, good records around it."""
    shape = draw(
        st.sampled_from(["long line", "huge board", "repeated on a line", "open lines", "tiny records", "document"])
    )
    fmt = draw(st.sampled_from(sorted(GOOD)))
    repeat = draw(st.integers(1, 3000))
    if shape == "long line":
        token = draw(st.sampled_from(["<1> ", "e5 ", "B6 ", "W[E5]", "x", "\u27e8", '"a",']))
        text = token * (LONG // len(token) + draw(st.integers(0, 100)))
    elif shape == "huge board":
        fmt = "lg"
        spelling = draw(st.sampled_from(["x", ".", "(0,0),", " "]))
        text = "(;FF[4]XB[" + spelling * (1_000_000 // len(spelling) + 10) + "];W[A1])"
    elif shape == "repeated on a line":
        fmt = draw(st.sampled_from(["lg", "lg", "rga", "numbers", "json"]))
        text = draw(st.sampled_from(["(;W[E5]", "(;FF[4]SZ[5];W[E5];W[D4])", "(", ";W[E5]", "<1> ", "{"])) * repeat
    elif shape == "open lines":
        opener = draw(st.sampled_from(["(", "(;", "[", "{", "<"]))
        if fmt == "json" and opener in "[{":  # JSON itself says what follows an open bracket is inside it
            opener = "("
        text = (opener + "\n") * repeat
    elif shape == "tiny records":
        text = {"lg": "(;W[E5])", "numbers": "S={1}\n<1>\n", "json": '{"variant":"catchup","turns":[]}'}.get(
            fmt, "(;W[E5])"
        )
        text = (text + "\n") * repeat
        fmt = fmt if fmt in ("lg", "numbers", "json") else "lg"
    else:
        fmt = "json"
        record = {"variant": "catchup", "turns": [{"player": 1, "cells": [[0, 0]]}]}
        text = json.dumps([record] * min(repeat, 500), indent=draw(st.sampled_from([None, 1, 4])))
    return fmt, text + GOOD[fmt]


@_settings(4)
@given(hostile())
def test_every_hostile_shape_ends_in_games_with_short_located_errors_and_reads_on(case):
    fmt, text = case
    games = list(cn.read_text(text, format=fmt))
    assert games
    assert [g.source.index for g in games] == sorted(g.source.index for g in games)
    for game in games:
        error = game.reading_error
        if error is not None:
            assert len(str(error)) < 2000, str(error)[:300]
            assert error.line is not None or error.byte_offset is not None
        else:
            game.verify()
    if GOOD[fmt]:
        last = games[-1]
        assert last.readable, (fmt, str(last.reading_error)[:300])


GAME = (
    "(;FF[4]PB[b]PW[w]SZ[5];W[E3];B[E4];W[C1H4];B[G1];W[B2E6];B[B6];W[F6I4];B[G4E5];W[G7A1F7];B[A4C6];W[H5A3]"
    ";B[E2];W[I1];B[H1D4];W[G6];B[G3D8];W[B5];B[F1];W[I5E8];B[E9G2];W[D3B3];B[D6];W[A2H2];B[C5B1];W[F2];B[F4])"
)


def _state(pid: int) -> tuple[str, int] | None:
    """(state, parent) of a living process, None when it is gone (or a zombie)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in "ZX" else (fields[0], int(fields[1]))


def _children(pid: int) -> list[int]:
    return [int(e) for e in os.listdir("/proc") if e.isdigit() and (_state(int(e)) or ("", 0))[1] == pid]


@pytest.mark.skipif(not sys.platform.startswith("linux") or available_cores() < 2, reason="two workers, /proc")
@_settings(10)
@given(
    st.sampled_from(["verify", "adjudicate"]),
    st.booleans(),
    st.integers(0, 1),
    st.floats(0.0, 2.0),
    st.sampled_from([signal.SIGKILL, signal.SIGTERM, signal.SIGSEGV]),
)
def test_a_worker_killed_at_any_moment_never_hangs_the_run(tmp_path_factory, command, as_json, which, delay, how):
    path = tmp_path_factory.mktemp("kill") / "many.sgf"
    path.write_text((GAME + "\n") * 40_000, encoding="utf-8")
    args = [command, "--jobs", "2", *(["--json"] if as_json else []), str(path)]
    run = subprocess.Popen(
        [sys.executable, "-m", "catchup_notation.cli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and run.poll() is None and time.monotonic() < deadline:
        workers = _children(run.pid)
        time.sleep(0.02)
    time.sleep(delay)
    if len(workers) > which:
        with contextlib.suppress(ProcessLookupError):
            os.kill(workers[which], how)
    out, err = run.communicate(timeout=120)  # a hang fails here
    lines = out.decode().splitlines()
    lost = [number for number, line in enumerate(lines) if "worker-lost" in line]
    if run.returncode == 3:
        assert len(lost) == 1, err.decode()[-1000:]
        assert all(" read: " in line for line in lines[lost[0] + 1 :]), lines[lost[0] :][:5]  # it ended there
    else:
        assert run.returncode in (0, 1) and not lost, err.decode()[-1000:]
    if as_json:
        for line in lines:
            json.loads(line)
    deadline = time.monotonic() + 30
    while any(_state(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_state(pid) for pid in workers)  # no worker outlives the run
