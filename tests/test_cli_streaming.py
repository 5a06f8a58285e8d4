"""Reports stream: each record's line is printed as soon as it is known, before the input ends.

A Little Golem record is known once the next one starts (text after a game is reported with that
game), so the first report is due once two games have arrived.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from cli_records import random_game

from catchup_notation.formats import write_text

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")


@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_the_first_report_comes_before_the_input_ends(tmp_path, command):
    fifo = tmp_path / "games.sgf"
    os.mkfifo(fifo)
    first, _ = write_text([random_game(1), random_game(2)], "lg")
    rest, _ = write_text([random_game(seed) for seed in range(3, 6)], "lg")
    process = subprocess.Popen(
        [sys.executable, "-m", "catchup_notation.cli", command, "--json", str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen = threading.Event()
    waited_in_vain = []

    def write_slowly() -> None:
        with open(fifo, "w", encoding="utf-8") as pipe:
            pipe.write(first)
            pipe.flush()
            if not seen.wait(timeout=30):  # the rest only once the first report has been seen
                waited_in_vain.append(True)
            pipe.write(rest)

    writer = threading.Thread(target=write_slowly)
    writer.start()
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the first report, which must not need the rest
        seen.set()
        assert json.loads(line)["index"] == 0
    finally:
        seen.set()
        writer.join(timeout=60)
    out, _ = process.communicate(timeout=60)
    assert not waited_in_vain, "the first report waited for the whole input"
    assert len(out.splitlines()) == 4 and process.returncode == 0
