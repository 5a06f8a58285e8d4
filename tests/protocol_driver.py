"""A controller for the protocol tests: a server in a real subprocess, one command at a time."""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOUBLE = str(ROOT / "tests" / "engine_double.py")


def double_command(longest: float = 0.05, overrun: float = 0.0) -> list[str]:
    """A protocol server whose engine is the test double (tests/engine_double.py)."""
    return [sys.executable, DOUBLE, str(longest), str(overrun)]


def engine_command(*options: str) -> list[str]:
    """`catchup engine` with these options, as the installed package runs it."""
    return [sys.executable, "-m", "catchup_notation", "engine", *options]


class Driver:
    """Send commands, read replies (a list of lines each, the empty line that ends it dropped)."""

    def __init__(self, command: list[str]) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            self.errors.append(raw.decode("utf-8").rstrip("\n"))

    def write(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode("utf-8"))
        self.process.stdin.flush()

    def line(self, timeout: float = 30.0) -> str:
        item = self.lines.get(timeout=timeout)
        assert item is not None, f"the server ended; its stderr: {self.errors[-5:]}"
        return item

    def reply(self, timeout: float = 30.0) -> list[str]:
        """The next reply's lines (the first with its mark)."""
        lines = []
        while (line := self.line(timeout)) != "":
            lines.append(line)
        return lines

    def ask(self, command: str, timeout: float = 30.0) -> list[str]:
        self.write(command + "\n")
        return self.reply(timeout)

    def ok(self, command: str, timeout: float = 30.0) -> str:
        """The result of a command that must succeed (its lines joined), without the `= `."""
        lines = self.ask(command, timeout)
        assert lines and lines[0].startswith("="), (command, lines)
        return "\n".join([lines[0][1:].lstrip(), *lines[1:]]).strip("\n")

    def refused(self, command: str) -> str:
        lines = self.ask(command)
        assert len(lines) == 1 and lines[0].startswith("?"), (command, lines)
        return lines[0][1:].strip()

    def timed(self, command: str, timeout: float = 30.0) -> tuple[list[str], float]:
        started = time.monotonic()
        lines = self.ask(command, timeout)
        return lines, time.monotonic() - started

    def close(self) -> int:
        if self.process.poll() is None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self.write("quit\n")
        try:
            return self.process.wait(timeout=30)
        finally:
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()
