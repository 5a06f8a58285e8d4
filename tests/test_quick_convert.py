"""`catchup convert` command lines run without typer (`cli.quick`): every one it takes prints byte
for byte what the typer app prints (stdout, stderr, every file it writes) and exits with the same
code, on good, bad and mixed inputs; every other one it leaves to the app before doing anything."""

from __future__ import annotations

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
from tests.test_quick_cli import BROKEN, GAME, WARNED, Capture, Captured, make_inputs
from tests.test_startup import imported

ROOT = Path(__file__).resolve().parent.parent

#: Records of every kind a conversion tells apart: valid (with headers and a name that needs
#: escaping), broken, warned, resigned, cut short, two moves of one colour, unreadable.
RECORDS = (
    GAME,
    BROKEN,
    WARNED,
    "(;FF[4]SZ[5]PW[An\\]n]PB[Bo;b]EV[x]C[hi];W[E5];B[D4F6];W[C3G7];B[E4];W[E6F5];B[D5])\n",
    "(;FF[4]SZ[5]PW[Ann]PB[Bob];W[E5];B[D4F6];W[C3G7];B[resign])\n",
    "(;FF[4]SZ[5];W[E5])\n",
    "(;FF[4]SZ[5];W[E5];W[D4])\n",
    "(;FF[4]SZ[5];W[E5];B[Z9])\n",
    "(;FF[4]SZ[5];W[E5];B[D4\n",
)


def files(where: Path) -> dict[str, bytes]:
    """Every file under `where`, by its path there, with its bytes."""
    return {str(path.relative_to(where)): path.read_bytes() for path in sorted(where.rglob("*")) if path.is_file()}


def outcome(code: object, capsys: Capture, where: Path, before: dict[str, bytes]) -> tuple[object, str, str, dict]:
    """What a run printed, wrote (every file new or changed) and exited with; what it made is removed."""
    out, err = capsys.readouterr()
    now = files(where)
    written = {name: data for name, data in now.items() if before.get(name) != data}
    for name in written:
        (where / name).unlink()
    for folder in sorted((p for p in where.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()) and not any(name.startswith(str(folder.relative_to(where))) for name in before):
            folder.rmdir()
    return code, out, err, written


def by_app(args: list[str], capsys: Capture, where: Path) -> tuple[object, str, str, dict]:
    before = files(where)
    try:
        app(args, prog_name="catchup")
    except SystemExit as exc:
        return outcome(exc.code, capsys, where, before)
    raise AssertionError("the app always exits")


def by_quick(args: list[str], capsys: Capture, where: Path) -> tuple[object, str, str, dict]:
    before = files(where)
    return outcome(quick.run(args), capsys, where, before)


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The inputs' folder (those of the verify tests, and a file of every kind of record), the
    current directory."""
    make_inputs(tmp_path)
    (tmp_path / "mixed.sgf").write_text("".join(RECORDS), encoding="utf-8")
    shutil.copy(ROOT / "examples" / "littlegolem-collection.sgf", tmp_path / "collection.sgf")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CATCHUP_DEBUG", raising=False)
    return tmp_path


#: Command lines the quick path takes, with the exit code they give.
TAKEN = [
    (["convert", "one.sgf", "--to", "lg"], 0),
    (["convert", "mixed.sgf", "--to", "json"], 3),
    (["convert", "two.sgf", "-tabstractplay"], 0),
    (["convert", "collection.sgf", "--to=rga"], 1),
    (["convert", "mixed.sgf", "--to", "rga", "--strict"], 3),
    (["convert", "two.sgf", "--to", "genius"], 1),
    (["convert", "one.sgf", "--to", "genius"], 0),
    (["convert", "two.sgf", "one.sgf", "--to", "genius", "-o", "tree/"], 0),
    (["convert", "folder", "mixed.sgf", "--to", "json", "-o", "tree/", "--json"], 3),
    (["convert", "two.sgf", "-o", "out.sgf"], 0),
    (["convert", "mixed.sgf", "--output=out.apjson", "--json"], 3),
    (["convert", "mixed.sgf", "-o", "out.jsonl", "--all-or-nothing"], 3),
    (["convert", "warned.sgf", "one.sgf", "-o", "out.sgf.gz", "--strict", "--json"], 1),
    (["convert", "one.sgf", "-o", "-", "--to", "lg"], 0),
    (["convert", "one.sgf", "-o", "one.sgf"], 2),
    (["convert", "one.sgf", "--to", "json", "-o", "tree/", "--output", "one.sgf"], 2),
    (["convert", "missing.sgf", "--to", "lg"], 2),
    (["convert", "empty.sgf", "--to", "lg"], 5),
    (["convert", "empty.sgf", "one.sgf", "--to", "lg", "--no-progress"], 0),
    (["convert", "typed.txt", "--to", "lg"], 3),
    (["convert", "typed.txt", "--corrections", "diagram", "-t", "lg"], 0),
    (["convert", "typed.txt", "--corrections=diagram", "--to", "rga", "--progress"], 0),
    (["convert", "folder", "--to", "lg", "--corrections", "h3=h4"], 3),
    (["convert", "-j2", "mixed.sgf", "collection.sgf", "--to", "json"], 3),
    (["convert", "--jobs=1", "two.sgf", "--to", "lg"], 0),
    (["convert", "--variant", "catchup-2012", "two.sgf", "--to", "lg"], 0),
    (["convert", "--variant", "catchup-2012", "two.sgf", "--to", "lg", "--strict"], 1),
    (["convert", "-f", "lg", "two.sgf", "--to", "sgf"], 0),
    (["convert", "--format=rga", "one.sgf", "--to", "lg"], 5),
    (["convert", "-fjsonl", "library.jsonl", "--to", "json"], 0),
    (["convert", "library.jsonl", "--to", "lg"], 0),
    (["verify", "--corrections", "diagram", "typed.txt"], 0),
    (["adjudicate", "typed.txt", "--corrections=diagram", "--json"], 0),
]

#: Command lines left to the typer app: usage errors (the app words them), options the quick path
#: does not take, options of the other commands.
LEFT = [
    ["convert"],
    ["convert", "--help"],
    ["convert", "one.sgf"],
    ["convert", "one.sgf", "-o", "-"],
    ["convert", "one.sgf", "-o", "out.txt"],
    ["convert", "one.sgf", "-o", "tree/"],
    ["convert", "one.sgf", "--to", "lg", "--json"],
    ["convert", "one.sgf", "--to", "lg", "-o", "-", "--json"],
    ["convert", "one.sgf", "--to", "lg", "--variant", "auto"],
    ["convert", "one.sgf", "--to", "lg", "--variant", "nonsense"],
    ["convert", "one.sgf", "--to", "nope"],
    ["convert", "one.sgf", "--to", "lg", "--corrections", "h3"],
    ["convert", "one.sgf", "--to", "lg", "--board", "triangle6"],
    ["convert", "one.sgf", "--to", "lg", "--csv"],
    ["convert", "one.sgf", "--to", "lg", "-q"],
    ["convert", "one.sgf", "--to", "lg", "--statistics"],
    ["convert", "one.sgf", "--to", "lg", "-j", "0"],
    ["convert", "one.sgf", "--to"],
    ["verify", "one.sgf", "--to", "lg"],
    ["adjudicate", "one.sgf", "--all-or-nothing"],
    ["verify", "--corrections", "h3", "typed.txt"],
]


@pytest.mark.parametrize(("args", "code"), TAKEN, ids=[" ".join(args) for args, _ in TAKEN])
def test_the_quick_path_converts_as_the_app_does(
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


#: Options drawn for a command line (each a group of words; the forms left to the app are in LEFT:
#: few of them here, for most lines drawn to be taken).
OPTIONS = st.sampled_from(
    [
        *(["--to", to] for to in ("lg", "json", "abstractplay", "rga", "genius", "numbers", "sgf", "ap")),
        *(["-o", name] for name in ("out.sgf", "out.jsonl", "out.apjson", "out.rga", "out.genius", "tree/", "-")),
        *(["--strict"], ["--all-or-nothing"], ["--json"], ["--no-progress"], ["-j1"], ["--jobs", "1"]),
        *(["--corrections", "diagram"], ["--variant", "catchup-2012"], ["-f", "lg"], ["--to", "auto"]),
    ]
)


@given(
    st.lists(st.lists(st.sampled_from(RECORDS), max_size=4), min_size=1, max_size=3),
    st.lists(OPTIONS, max_size=4),
)
def test_any_conversion_is_run_as_the_app_runs_it_or_left_to_it(records: list[list[str]], options: list) -> None:
    """Files of good, bad and mixed records, converted by a command line drawn from the options."""
    args = ["convert", *(f"in{number}.sgf" for number in range(len(records)))]
    args += [word for option in options for word in option]
    with pytest.MonkeyPatch.context() as patch, Captured() as capsys, tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for number, texts in enumerate(records):
            (where / f"in{number}.sgf").write_text("".join(texts), encoding="utf-8")
        patch.chdir(where)
        patch.delenv("CATCHUP_DEBUG", raising=False)
        quick_run = by_quick(args, capsys, where)
        if quick_run[0] is None:
            assert quick_run == (None, "", "", {})
        else:
            assert quick_run == by_app(args, capsys, where)


def test_the_command_converts_without_typer(tmp_path: Path) -> None:
    """The console script's `main` runs a plain convert without importing typer, and converts."""
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, "convert", "one.sgf", "--to", "json")
    assert run.returncode == 0 and "wrote 1 of 1 record as json to stdout" in run.stderr
    assert "catchup_notation.cli.quick" in names and "typer" not in names
    assert "catchup_notation.cli.convert_run" in names and "catchup_notation.cli.convert" not in names


@pytest.mark.parametrize(
    "args",
    [
        ["convert", "-", "--to", "json", "--format", "lg"],
        ["convert", "-", "two.sgf", "mixed.sgf", "--to", "lg"],
        ["convert", "-", "--to", "abstractplay", "-o", "out.apjson", "--json", "--format", "lg"],
        ["convert", "missing.sgf", "-", "--to", "lg"],
    ],
)
def test_the_command_converts_the_same_either_way(inputs: Path, args: list[str]) -> None:
    """Whole runs of the command, standard input read: the quick path, and the app (which --debug
    asks for) print the same, write the same and exit with the same code."""

    def command(*words: str) -> tuple[int, str, str, bytes | None]:
        run = subprocess.run(
            [sys.executable, "-m", "catchup_notation", *words],
            input=GAME + BROKEN + RECORDS[3],
            capture_output=True,
            text=True,
            cwd=inputs,
            check=False,
        )
        written = inputs / "out.apjson"
        data = written.read_bytes() if written.exists() else None
        written.unlink(missing_ok=True)
        return run.returncode, run.stdout, run.stderr, data

    quick_run = command(*args)
    assert quick_run[1] or quick_run[2]
    assert quick_run == command("--debug", *args)
