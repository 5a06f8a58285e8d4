"""Progress bars: on a terminal's stderr while a run lasts, with records/s (or nodes/s) and, for
files, the time left; never in pipes; the parallel hex solver reports its workers' nodes and
tables while it waits for them."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest
from cli_records import random_game

from catchup_notation.formats import write_text

COMMAND = [sys.executable, "-m", "catchup_notation"]


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """Enough records that reading them takes a few seconds."""
    folder = tmp_path_factory.mktemp("archive")
    text, _ = write_text([random_game(seed % 97) for seed in range(600)], "lg")
    for part in range(5):
        (folder / f"part{part}.sgf").write_text(text, encoding="utf-8")
    return folder


def on_a_terminal(args, *, stdout=subprocess.DEVNULL, timeout=120, delay=None):
    """Run the command with stderr on a pseudo-terminal; everything it drew there, and its exit.
    `delay`: seconds before a bar appears (the default when None)."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "160"}
    env.pop("CATCHUP_PROGRESS_DELAY", None)
    if delay is not None:
        env["CATCHUP_PROGRESS_DELAY"] = str(delay)
    env.pop("NO_COLOR", None)
    process = subprocess.Popen([*COMMAND, *args], stdout=stdout, stderr=follower, env=env)
    os.close(follower)
    drawn = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.2)
        if ready:
            try:
                piece = os.read(leader, 65536)
            except OSError:  # the other end closed
                break
            if not piece:
                break
            drawn += piece
        elif process.poll() is not None:
            break
    process.wait(timeout=10)
    os.close(leader)
    return drawn.decode("utf-8", errors="replace"), process.returncode


def test_a_run_over_files_shows_a_bar_with_its_rate_and_time_left_on_a_terminal(archive, tmp_path):
    out = tmp_path / "report.csv"
    # at once: with the compiled core the whole archive can take less than the usual delay
    drawn, code = on_a_terminal(["adjudicate", str(archive), "--jobs", "1", "-o", str(out)], delay=0)
    assert code == 0
    assert "adjudicating" in drawn and "records," in drawn and "/s," in drawn and "left" in drawn
    assert "3000 records read" in drawn  # the summary, after the bar is cleared
    report = out.read_text(encoding="utf-8")
    assert "records," not in report and "\x1b" not in report  # nothing of the bar in the file


def test_no_bar_in_pipes_nor_beside_json(archive, tmp_path):
    piped = subprocess.run([*COMMAND, "verify", str(archive), "--jobs", "1"], capture_output=True, text=True)
    assert piped.returncode == 0 and piped.stderr == "" and "\x1b" not in piped.stdout
    assert piped.stdout.splitlines()[-1] == "3000 records read: 3000 valid, 0 invalid, 0 unreadable"
    drawn, code = on_a_terminal(["verify", str(archive), "--jobs", "1", "--json"], stdout=subprocess.DEVNULL, delay=0)
    said = re.sub(r"\x1b\[[0-9;]*m", "", drawn).strip()  # the summary, in bold: no bar, only it
    assert code == 0 and said == "3000 records read: 3000 valid, 0 invalid, 0 unreadable"
    quiet, code = on_a_terminal(
        ["verify", str(archive), "--jobs", "1", "--no-progress", "-o", str(tmp_path / "r")], delay=0
    )
    assert code == 0 and "verifying" not in quiet


@pytest.mark.parametrize(
    ("value", "seconds"),
    [(None, 0.5), ("0", 0.0), ("2.5", 2.5), ("soon", 0.5), ("-1", 0.5), ("inf", 0.5), ("nan", 0.5)],
)
def test_the_delay_before_a_bar_comes_from_the_environment_when_a_number_of_seconds(monkeypatch, value, seconds):
    from catchup_notation.cli.progress import progress_delay

    monkeypatch.delenv("CATCHUP_PROGRESS_DELAY", raising=False)
    if value is not None:
        monkeypatch.setenv("CATCHUP_PROGRESS_DELAY", value)
    assert progress_delay() == seconds


def test_a_parallel_hex_solve_shows_its_workers_progress_and_tables():
    # side 4: hours of search with the compiled core as in Python (side 3 takes the core a second)
    args = ["solve", "--variant", "ketchup-4(size=4)", "--jobs", "2", "--timeout", "3"]
    drawn, code = on_a_terminal(args)
    assert code == 1  # stopped by its budget, before any first turn is valued
    assert "solving:" in drawn and "nodes," in drawn and "0/6 first turns valued" in drawn
    stopped = subprocess.run([*COMMAND, *args, "--json"], capture_output=True, text=True)
    data = json.loads(stopped.stdout)
    assert not data["complete"] and data["jobs"] == 2
    assert data["table_entries"] > 0 and data["nodes"] > 0  # the workers' tables, though no turn was answered
    assert f"{data['nodes']} nodes" in data["stopped"]  # every worker's nodes, not the stopping one's
