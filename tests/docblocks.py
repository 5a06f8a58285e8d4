"""The code blocks of the front page and the manual, found and run as a reader would run them.

The convention (docs/design.md, "Examples that run"):
- a shell block (`console`, `shell`, `sh`, `bash`) holds commands after `$ `; the lines after a
  command, up to the next one, are what it prints (stdout and stderr as a terminal shows them);
  a last line `[exit N]` says the command exits with N (else it must exit 0);
- a `pycon` block is a doctest: `>>> ` lines and what they print;
- a `python` block runs and must print nothing (a block that shows output is a `pycon` block);
- in shown output, a line `...` stands for any lines and `...` within a line for any text;
- every block of a page runs in order in one scratch folder (a copy of the repository's
  `examples/`, `docs/tutorial/` and `tests/quirks/`), Python blocks in one namespace, so a page
  reads like a session;
- `<!-- not-run: why -->` just before a block keeps it from running; tests/test_docs.py lists
  every such block, so that none is added unseen.
Other blocks (`text`, `json`, a record in a notation, ...) are shown, not run.
"""

from __future__ import annotations

import doctest
import io
import os
import re
import shutil
import subprocess
import sys
from contextlib import chdir, redirect_stdout
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
SHELL = {"console", "shell", "sh", "bash"}
PYTHON = {"python", "py"}
RUN = SHELL | PYTHON | {"pycon"}
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
_NOT_RUN = re.compile(r"^<!--\s*not-run:\s*(?P<why>.*?)\s*-->\s*$")
_EXIT = re.compile(r"^\[exit (\d+)\]$")
#: Pages the manual writes when it is built (docs/.gitignore): not sources of their own.
GENERATED = ("docs/cli.md", "docs/notebook.md", "docs/_generated/")


@attrs.frozen
class Block:
    """One fenced block of a page: its language, text, first line, and why it must not run."""

    path: str
    line: int
    language: str
    text: str
    not_run: str | None = None

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def pages() -> list[str]:
    """The front page and every page of the manual, as paths relative to the repository."""
    found = ["README.md", *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "docs").rglob("*.md")))]
    return [page for page in found if not generated(page)]


def generated(page: str) -> bool:
    """Whether a page is written when the manual is built (not a source of its own)."""
    if page.startswith("docs/rules/") and page != "docs/rules/index.md":
        return True
    return page.startswith(GENERATED)


def blocks(page: str) -> list[Block]:
    """The fenced blocks of a page, in order (MyST directives, ```{name}, are not code)."""
    lines = (ROOT / page).read_text(encoding="utf-8").split("\n")
    found: list[Block] = []
    i = 0
    marker: str | None = None
    while i < len(lines):
        match = _FENCE.match(lines[i])
        note = _NOT_RUN.match(lines[i].strip())
        if note:
            marker = note["why"]
        elif match:
            fence, info = match["fence"], match["info"].strip()
            end = i + 1
            while end < len(lines) and not re.match(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$", lines[end]):
                end += 1
            language = info.split()[0] if info else ""
            if not language.startswith("{"):
                found.append(Block(page, i + 1, language, "\n".join(lines[i + 1 : end]), marker))
            marker = None
            i = end
        elif lines[i].strip():
            marker = None  # a marker belongs to the block right after it
        i += 1
    return found


def matches(expected: str, got: str) -> bool:
    """Whether output `got` is what `expected` shows (`...` lines and `...` in a line match anything)."""
    if not expected.strip() or not got.strip():
        return not expected.strip() and not got.strip()
    parts = []
    for line in expected.rstrip("\n").split("\n"):
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*?".join(re.escape(piece) for piece in line.rstrip().split("...")) + "\n")
    normal = "".join(line.rstrip() + "\n" for line in got.rstrip("\n").split("\n"))
    return re.fullmatch("".join(parts), normal) is not None


@attrs.define
class Session:
    """A page being run: its scratch folder, its Python namespace, and what went wrong."""

    folder: Path
    namespace: dict[str, object] = attrs.Factory(lambda: {"__name__": "__main__"})
    failures: list[str] = attrs.Factory(list)

    @classmethod
    def start(cls, folder: Path) -> Session:
        shutil.copytree(ROOT / "examples", folder / "examples")
        for more in ("docs/tutorial", "tests/quirks"):  # the tutorial's archive; the forms posts take
            if (ROOT / more).exists():
                shutil.copytree(ROOT / more, folder / more)
        return cls(folder)

    def run(self, block: Block) -> None:
        if block.language in SHELL:
            self._shell(block)
        elif block.language == "pycon":
            self._doctest(block)
        elif block.language in PYTHON:
            self._python(block)

    def _shell(self, block: Block) -> None:
        commands = _commands(block.text)
        if not commands:
            self.failures.append(f"{block.where}: a shell block with no `$ ` command (nor a not-run marker)")
        for number, (command, shown) in enumerate(commands):
            status = 0
            if shown and _EXIT.match(shown[-1]):
                status = int(_EXIT.match(shown[-1])[1])  # type: ignore[index]
                shown = shown[:-1]
            out = self._execute(command)
            if out.returncode != status or not matches("\n".join(shown), out.stdout):
                self.failures.append(
                    f"{block.where} (command {number + 1}): $ {command}\n"
                    f"--- shown (exit {status}):\n" + "\n".join(shown) + "\n"
                    f"--- got (exit {out.returncode}):\n{out.stdout}"
                )

    def _execute(self, command: str) -> subprocess.CompletedProcess[str]:
        env = {
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "COLUMNS": "100",
            "NO_COLOR": "1",
            "TERM": "dumb",
            "PYTHONUNBUFFERED": "1",  # stdout and stderr in the order they were written
        }
        try:
            return subprocess.run(
                ["bash", "-c", command],
                cwd=self.folder,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=300,
            )
        except subprocess.TimeoutExpired as exc:
            return subprocess.CompletedProcess(command, -1, f"timed out after {exc.timeout} s\n")

    def _doctest(self, block: Block) -> None:
        test = doctest.DocTestParser().get_doctest(block.text, self.namespace, block.where, block.path, block.line)
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        with chdir(self.folder):
            result = runner.run(test, out=out.write, clear_globs=False)
        self.namespace.update(test.globs)  # a doctest runs in a copy of the namespace it is given
        if result.failed:
            self.failures.append(f"{block.where}:\n{out.getvalue()}")

    def _python(self, block: Block) -> None:
        printed = io.StringIO()
        try:
            with chdir(self.folder), redirect_stdout(printed):
                exec(compile(block.text, block.where, "exec"), self.namespace)
        except Exception as exc:
            self.failures.append(f"{block.where}: {type(exc).__name__}: {exc}")
            return
        if printed.getvalue():
            self.failures.append(
                f"{block.where}: a python block printed {printed.getvalue()[:200]!r}; "
                "show output as a pycon (>>>) block, where it is checked"
            )


def _commands(text: str) -> list[tuple[str, list[str]]]:
    """Each `$ command` of a shell block (a line ending in `\\` goes on) with the lines it shows."""
    commands: list[tuple[str, list[str]]] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1] + "\n" + lines[i]
            commands.append((command, []))
        elif commands:
            commands[-1][1].append(line)
        i += 1
    return [(command, _trimmed(shown)) for command, shown in commands]


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines
