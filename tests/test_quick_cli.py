"""The common `catchup verify` and `catchup adjudicate` command lines run without typer
(`cli.quick`): every command line it
takes prints byte for byte what the typer app prints (stdout, stderr, the report file) and exits
with the same code; every other one it leaves to the app before printing anything."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.cli import quick
from catchup_notation.cli.typer_app import app
from tests.test_startup import imported

ROOT = Path(__file__).resolve().parent.parent
GAME = "(;FF[4]SZ[5]PW[Ann]PB[Bob];W[E5];B[D4F6];W[C3G7];B[E4];W[E6F5];B[D5])\n"
#: Black places three stones: a broken rule.
BROKEN = "(;FF[4]SZ[5]PW[Ann]PB[Bob];W[E5];B[D4F6G7])\n"
#: A valid game with a warning (a property given twice).
WARNED = GAME.replace("PB[Bob]", "PW[Bob]")
#: Files each run may write (-o), compared after it and removed before the next.
WRITTEN = ("out.txt", "out.jsonl", "out.csv", "--json", "report")


def make_inputs(tmp_path: Path) -> None:
    """Inputs of every kind a report tells apart, in `tmp_path`."""
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    (tmp_path / "bad.sgf").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "two.sgf").write_text(GAME + BROKEN + GAME, encoding="utf-8")
    (tmp_path / "warned.sgf").write_text(WARNED, encoding="utf-8")
    (tmp_path / "empty.sgf").write_text("", encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("comma-separated.sgf", "trailing-garbage.sgf", "undecodable.sgf", "rga-slip.rga"):
        shutil.copy(ROOT / "tests" / "quirks" / name, folder / name)
    shutil.copy(ROOT / "examples" / "rga-post-as-typed.txt", tmp_path / "typed.txt")
    shutil.copy(ROOT / "examples" / "library.jsonl", tmp_path / "library.jsonl")


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The inputs' folder, the current directory."""
    make_inputs(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CATCHUP_DEBUG", raising=False)
    return tmp_path


class Captured:
    """Standard output and error captured (as capsys does, for a test hypothesis runs many times)."""

    def __enter__(self) -> Captured:
        self.saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self.saved

    def readouterr(self) -> tuple[str, str]:
        out, err = sys.stdout.getvalue(), sys.stderr.getvalue()  # type: ignore[attr-defined]
        sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
        return out, err


Capture = pytest.CaptureFixture[str] | Captured


def outcome(code: object, capsys: Capture, where: Path) -> tuple[object, str, str, dict[str, str]]:
    """What a run printed, wrote and exited with; the files it wrote are removed."""
    out, err = capsys.readouterr()
    written = {}
    for name in WRITTEN:
        if (where / name).exists():
            written[name] = (where / name).read_text(encoding="utf-8", errors="replace")
            (where / name).unlink()
    return code, out, err, written


def by_app(args: list[str], capsys: Capture, where: Path) -> tuple[object, str, str, dict[str, str]]:
    try:
        app(args, prog_name="catchup")
    except SystemExit as exc:
        return outcome(exc.code, capsys, where)
    raise AssertionError("the app always exits")


def by_quick(args: list[str], capsys: Capture, where: Path) -> tuple[object, str, str, dict[str, str]]:
    return outcome(quick.run(args), capsys, where)


#: Command lines the quick path takes, with the exit code they give.
TAKEN = [
    (["verify", "one.sgf"], 0),
    (["verify", "one.sgf", "--json"], 0),
    (["verify", "--csv", "one.sgf", "bad.sgf"], 1),
    (["verify", "two.sgf", "-q"], 1),
    (["verify", "two.sgf", "--quiet", "--statistics"], 1),
    (["verify", "folder", "--statistics", "--json"], 3),
    (["verify", "warned.sgf", "--strict"], 1),
    (["verify", "warned.sgf", "--json"], 0),
    (["verify", "warned.sgf", "one.sgf", "-q", "--statistics"], 0),
    (["verify", "missing.sgf"], 2),
    (["verify", "one.sgf", "missing.sgf", "--json"], 2),
    (["verify", "one.sgf", "-o", "one.sgf"], 2),
    (["verify", "two.sgf", "--output=two.sgf", "--csv"], 2),
    (["verify", "two.sgf", "-o", "out.txt"], 1),
    (["verify", "two.sgf", "--output=out.jsonl"], 1),
    (["verify", "two.sgf", "-oout.csv", "--statistics"], 1),
    (["verify", "one.sgf", "-o", "--json"], 0),
    (["verify", "one.sgf", "-o", "-"], 0),
    (["verify", "-j", "1", "one.sgf", "two.sgf"], 1),
    (["verify", "-j2", "two.sgf", "--json"], 1),
    (["verify", "--jobs=1", "one.sgf"], 0),
    (["verify", "--jobs", "01", "one.sgf"], 0),
    (["verify", "--variant", "catchup-2012", "two.sgf"], 1),
    (["verify", "--variant=auto", "one.sgf", "--json"], 0),
    (["verify", "--variant", " AUTO ", "bad.sgf"], 0),
    (["verify", "--variant", "catchup", "--variant", "catchup(size=5)", "one.sgf"], 0),
    (["verify", "--format", "sgf", "one.sgf"], 0),
    (["verify", "-f", "lg", "two.sgf", "--csv"], 1),
    (["verify", "-fjsonl", "library.jsonl"], 0),
    (["verify", "--format=rga", "one.sgf"], 5),
    (["verify", "typed.txt"], 3),
    (["verify", "empty.sgf"], 5),
    (["verify", "empty.sgf", "one.sgf"], 0),
    (["verify", "one.sgf", "empty.sgf", "folder", "bad.sgf", "--no-progress"], 3),
    (["verify", "--progress", "one.sgf", "--strict", "--quiet"], 0),
    (["verify", "one.sgf", "one.sgf"], 0),
    (["verify", "", "one.sgf"], 2),
    (["adjudicate", "one.sgf"], 0),
    (["adjudicate", "two.sgf", "--json"], 1),
    (["adjudicate", "--csv", "one.sgf", "bad.sgf", "warned.sgf"], 1),
    (["adjudicate", "warned.sgf", "--strict", "--no-progress"], 1),
    (["adjudicate", "folder", "--json"], 3),
    (["adjudicate", "two.sgf", "-o", "out.txt", "--progress"], 1),
    (["adjudicate", "two.sgf", "--output=out.jsonl", "-j2"], 1),
    (["adjudicate", "one.sgf", "-o", "one.sgf"], 2),
    (["adjudicate", "--variant", "catchup-2012", "-f", "sgf", "two.sgf"], 1),
    (["adjudicate", "--variant=auto", "one.sgf", "--csv"], 0),
    (["adjudicate", "-fjsonl", "library.jsonl", "--jobs=1"], 0),
    (["adjudicate", "typed.txt", "empty.sgf"], 3),
    (["adjudicate", "empty.sgf"], 5),
    (["adjudicate", "missing.sgf", "one.sgf"], 2),
]

#: Command lines left to the typer app: help, usage errors, options and forms the quick path does
#: not take, other commands.
LEFT = [
    [],
    ["--debug", "verify", "one.sgf"],
    ["--version", "verify", "one.sgf"],
    ["Verify", "one.sgf"],
    ["adjudicate"],
    ["adjudicate", "one.sgf", "-q"],
    ["adjudicate", "one.sgf", "--quiet"],
    ["adjudicate", "one.sgf", "--statistics"],
    ["adjudicate", "one.sgf", "--solve-endgame"],
    ["adjudicate", "one.sgf", "--estimate", "--time", "0.1"],
    ["adjudicate", "one.sgf", "--max-empty", "3"],
    ["adjudicate", "one.sgf", "--json", "--csv"],
    ["adjudicate", "one.sgf", "--help"],
    ["adjudicate", "--board", "triangle6", "one.sgf"],
    ["adjudicate", "-j", "0", "one.sgf"],
    ["review", "one.sgf"],
    ["verify"],
    ["verify", "--json"],
    ["verify", "--help"],
    ["verify", "one.sgf", "-h"],
    ["verify", "one.sgf", "--jsonx"],
    ["verify", "one.sgf", "--json=1"],
    ["verify", "one.sgf", "--json", "--csv"],
    ["verify", "-v", "ketchup", "one.sgf"],
    ["verify", "-j", "0", "one.sgf"],
    ["verify", "-j", "x", "one.sgf"],
    ["verify", "--jobs", " 2", "one.sgf"],
    ["verify", "--jobs=", "one.sgf"],
    ["verify", "--variant", "nonsense", "one.sgf"],
    ["verify", "--format", "nope", "one.sgf"],
    ["verify", "--board", "triangle6", "one.sgf"],
    ["verify", "--", "one.sgf"],
    ["verify", "one.sgf", "-o"],
    ["verify", "-qj1", "one.sgf"],
    ["verify", "-x", "one.sgf"],
    ["verify", "-1", "one.sgf"],
]


@pytest.mark.parametrize(("args", "code"), TAKEN, ids=[" ".join(args) for args, _ in TAKEN])
def test_the_quick_path_prints_what_the_app_prints(
    inputs: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: int
) -> None:
    quick_run = by_quick(args, capsys, inputs)
    assert quick_run[0] == code, quick_run  # taken (not None), with the code the case expects
    assert quick_run == by_app(args, capsys, inputs)


@pytest.mark.parametrize("args", LEFT, ids=[" ".join(args) or "(none)" for args in LEFT])
def test_what_the_quick_path_does_not_take_is_left_to_the_app_untouched(
    inputs: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert by_quick(args, capsys, inputs) == (None, "", "", {})


def test_completion_and_debugging_are_left_to_the_app(
    inputs: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("_CATCHUP_COMPLETE", "CATCHUP_DEBUG"):
        with monkeypatch.context() as patch:
            patch.setenv(variable, "1")
            assert by_quick(["verify", "one.sgf"], capsys, inputs) == (None, "", "", {})


#: The words command lines are drawn from (the forms left to the app are in LEFT: few of them here,
#: for most lines drawn to be taken).
WORDS = st.sampled_from(
    [
        *("one.sgf", "two.sgf", "bad.sgf", "warned.sgf", "empty.sgf", "folder", "missing.sgf", "-", "--json", "--csv"),
        *(
            "-q",
            "--quiet",
            "--strict",
            "--statistics",
            "--progress",
            "--no-progress",
            "-o",
            "out.txt",
            "--output=out.csv",
        ),
        *("-j", "1", "-j1", "--jobs=0", "--variant", "catchup-2012", "auto", "--format=lg", "-f", "genius", "-qq", ""),
    ]
)


@given(st.sampled_from(["verify", "adjudicate"]), st.lists(WORDS, max_size=6))
def test_any_command_line_is_taken_as_the_app_takes_it_or_left_to_it(command: str, words: list[str]) -> None:
    # Standard input ("-") is left out of the runs compared: each run would read it (a test's is empty).
    args = [command, *(word for word in words if word != "-")]
    with pytest.MonkeyPatch.context() as patch, Captured() as capsys, tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        make_inputs(where)
        patch.chdir(where)
        patch.delenv("CATCHUP_DEBUG", raising=False)
        quick_run = by_quick(args, capsys, where)
        if quick_run[0] is None:
            assert quick_run == (None, "", "", {})
        else:
            assert quick_run == by_app(args, capsys, where)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["verify", "one.sgf", "-q"], "1 record read: 1 valid, 0 invalid, 0 unreadable\n"),
        (["adjudicate", "one.sgf", "--csv"], "1 record read: 0 finished, 0 resigned, 1 unfinished, 0 invalid"),
    ],
)
def test_the_command_takes_the_quick_path(tmp_path: Path, args: list[str], said: str) -> None:
    """The console script's `main` runs a plain verify or adjudicate without importing typer, and
    says the same."""
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, *args)
    assert run.returncode == 0 and said in run.stderr + run.stdout
    assert "catchup_notation.cli.quick" in names and "typer" not in names


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "-", "--json"],
        ["verify", "-", "two.sgf", "-q", "--statistics"],
        ["verify", "missing.sgf", "-"],
        ["adjudicate", "-", "two.sgf", "--csv"],
    ],
)
def test_the_command_says_the_same_either_way(inputs: Path, args: list[str]) -> None:
    """Whole runs of the command, standard input read: the quick path, and the app (which --debug
    asks for) print the same and exit with the same code."""

    def command(*words: str) -> tuple[int, str, str]:
        run = subprocess.run(
            [sys.executable, "-m", "catchup_notation", *words],
            input=GAME + BROKEN,
            capture_output=True,
            text=True,
            cwd=inputs,
            check=False,
        )
        return run.returncode, run.stdout, run.stderr

    quick_run = command(*args)
    assert quick_run[1] or quick_run[2]
    assert quick_run == command("--debug", *args)
