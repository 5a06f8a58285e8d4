"""Every command's --help: its examples run on the bundled files and exit as they say, its lines fit a
terminal, its options say what they take, and no text speaks of figures of the day."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_records import app, run
from typer.testing import CliRunner

from catchup_notation.cli import COMMANDS
from catchup_notation.cli.typer_app import load_command

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Wider lines are wrapped by the help's renderer in an 80-column terminal, examples with them.
WIDTH = 76


def epilog(name):
    return load_command(name).epilog or ""


def example_lines(text):
    """The example commands of a help text: lines starting with `catchup` or `cat FILE | catchup`,
    a trailing backslash joining the next line."""
    lines, joined = [], ""
    for line in text.splitlines():
        stripped = line.strip()
        if joined:
            joined += " " + stripped
        elif stripped.startswith(("catchup ", "cat ")):
            joined = stripped
        else:
            continue
        if joined.endswith("\\"):
            joined = joined[:-1].rstrip()
            continue
        lines.append(joined)
        joined = ""
    return lines


def test_every_command_has_examples():
    for name in COMMANDS:
        assert example_lines(epilog(name)), name


CASES = [(name, line) for name in COMMANDS for line in example_lines(epilog(name))]


@pytest.mark.parametrize(("name", "line"), CASES, ids=[f"{n}:{i}" for i, (n, _) in enumerate(CASES)])
def test_every_example_runs_on_the_bundled_files(name, line, tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    command, _, comment = line.partition("#")
    said = re.search(r"exits (\d)", comment)
    expected = int(said.group(1)) if said else 0
    words = shlex.split(command)
    given = None
    if words[0] == "cat":
        given = Path(words[1]).read_bytes()
        assert words[2] == "|", line
        words = words[3:]
    target = None
    if ">" in words:
        at = words.index(">")
        words, target = words[:at], words[at + 1]
    assert words[0] == "catchup" and words[1] == name, line
    result = run(*words[1:], input=given)
    assert result.exit_code == expected, (line, result.output)
    if target is not None:
        Path(target).write_text(result.stdout, encoding="utf-8")
        assert Path(target).stat().st_size > 0
    for word in words:  # a file or folder the example writes is there
        if word.endswith((".html", ".csv", ".apjson", ".sgf.gz", ".jsonl.gz", ".svg")) and not word.startswith("ex"):
            assert Path(word).exists(), (line, word)
    for word in words:
        if word.endswith(".gz"):  # the ending says compressed, and it is
            assert Path(word).read_bytes()[:2] == b"\x1f\x8b", (line, word)
    if "openings/" in words:
        assert list(Path("openings").glob("*.svg")), line


@pytest.mark.parametrize("name", COMMANDS)
def test_help_texts_fit_a_terminal_and_say_nothing_of_figures_of_the_day(name):
    result = run(name, "--help")
    assert result.exit_code == 0
    text = epilog(name)
    wide = [line for line in text.splitlines() if len(line) > WIDTH]
    assert not wide, wide
    for pattern in (r"\d\.\d+ times", r"wall time", r"idle cores?", r"\bissue \d", r"README", r"<str>", r"\{PATH"):
        assert not re.search(pattern, result.output), (name, pattern)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_says_what_it_takes(name):
    command = load_command(name)
    for param in command.params:
        if getattr(param, "is_flag", False) or param.name == "help":
            continue
        assert param.metavar and re.fullmatch(r"\[?[A-Z][A-Z0-9:|.]*(\.\.\.)?\]?|diagram\|FIXES", param.metavar), (
            name,
            param.name,
            param.metavar,
        )
        assert param.help, (name, param.name)


def complete(**env: str):
    # What a shell's completion script asks; the variable names the shell, so no detection of the
    # parent process is involved (`--show-completion` alone guesses it and fails without a shell).
    return CliRunner().invoke(app, [], prog_name="catchup", env=env)


def test_shell_completion_is_available():
    script = complete(_CATCHUP_COMPLETE="source_bash")
    assert script.exit_code == 0 and "_CATCHUP_COMPLETE=complete_bash" in script.output, script.output
    words = complete(_CATCHUP_COMPLETE="complete_bash", COMP_WORDS="catchup ver", COMP_CWORD="1")
    assert words.exit_code == 0 and words.output.split() == ["verify"], words.output
    assert "--install-completion" in run("--help").output


def test_python_dash_m_runs_the_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "catchup_notation", "formats", "--json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and '"name": "lg"' in done.stdout and '"sgf"' in done.stdout
