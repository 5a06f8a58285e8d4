"""A terminating signal ends a run with exit code 128 + its number, wherever it lands: also inside
code run by exec() of a string (as a lazily imported module's namedtuple does), which CPython would
otherwise turn into an exit by SIGINT for a `python -m` run."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

PROBE = """
import os, signal, sys
from catchup_notation.cli import main as command

def signalled_inside_exec():
    try:
        exec("os.kill(os.getpid(), signal.SIG{name})\\nfor _ in range(10 ** 9): pass", {{"os": os, "signal": signal}})
    except KeyboardInterrupt:  # the command line's commands stop as they stop on Ctrl-C
        return 1
    return 0

command._run_app = signalled_inside_exec
sys.argv = ["catchup", "verify"]
command.main()
"""


@pytest.mark.parametrize("name", ["TERM", "HUP"])
def test_a_signal_inside_exec_still_exits_with_128_plus_its_number(tmp_path, name):
    (tmp_path / "probe.py").write_text(textwrap.dedent(PROBE.format(name=name)), encoding="utf-8")
    number = getattr(signal, f"SIG{name}")

    def default_signal() -> None:  # `nohup` ignores SIGHUP, and a run leaves an ignored signal ignored
        signal.signal(number, signal.SIG_DFL)

    run = subprocess.run(
        [sys.executable, "-m", "probe"], cwd=tmp_path, capture_output=True, timeout=120, preexec_fn=default_signal
    )
    assert run.returncode == 128 + number, run.stderr.decode()
