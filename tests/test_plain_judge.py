"""Plain Little Golem games judged on the compiled core in one pass (`reading.fastpath`) give exactly what
verify gives them the usual way, and exactly what the pure-Python reference gives, in every output
form: on random archives that mix good records with records broken, resigned, noted, oddly written
or unreadable in the ways an archive can be, whatever judges which record.

Three runs of each archive are compared, report by report (outcome, JSON line, CSV row, text
lines): `verify` with the one-pass judge, `verify` on the core without it (every record read into a
record and replayed), and `CATCHUP_PURE=1`. The command line is compared too, byte for byte
(stdout, stderr, the -o file, the exit code), with one process and with two, on a big archive that
the workers receive in pieces and on many small files.
"""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
from pathlib import Path
from unittest import mock

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from catchup_notation.batch import reports
from catchup_notation.board import Board, hexhex
from catchup_notation.cli.runs import judged_printer, printer
from catchup_notation.compiled import PURE_VARIABLE, core
from catchup_notation.formats.lg import write_record
from catchup_notation.reading import fastpath, make_request
from catchup_notation.reports import ROW_FIELDS, judged_verify_report, verify_report
from tests.cli_records import random_game, run_output
from tests.helpers import shapes

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")

FIELDS = ROW_FIELDS["verify"]


@functools.cache
def games(size: int) -> list[str]:
    """Legal games of catchup on a board of `size`, as the lg writer writes them (one line each)."""
    return [write_record(random_game(seed + 100 * size, f"catchup(size={size})"))[0].strip() for seed in range(12)]


def nodes(text: str) -> tuple[str, list[str]]:
    """A written game's root (from '(;' to its first move node) and its move nodes."""
    root, _, rest = text[:-1].partition(";W[")
    return root, [";W[" + node if i == 0 else ";" + node for i, node in enumerate(rest.split(";"))]


# Ways to write or break one game: each takes the game's root and move nodes and a random source.
def _plain(root: str, moves: list[str], rng: random.Random) -> str:
    return root + "".join(moves) + ")"


def _broken(root: str, moves: list[str], rng: random.Random) -> str:
    k = rng.randrange(len(moves))
    cell = moves[rng.randrange(len(moves))][3:-1][:2] or "E5"
    value = rng.choice([cell, cell + cell, "A9", "E5F6G7H8", "", "Z99"])
    moves = [*moves[:k], moves[k][:3] + value + "]", *moves[k + 1 :]]
    return root + "".join(moves) + ")"


def _resigned(root: str, moves: list[str], rng: random.Random) -> str:
    cut = moves[: rng.randrange(1, len(moves) + 1)]
    loser = rng.choice("WB")
    said = rng.choice(["", "RE[W]", "RE[B]", "RE[ w]", "RE[b+]", "RE[\x0bB]", "RE[\u00a0W]", "RE[]", "RE[?]"])
    return root + said + "".join(cut) + f";{loser}[resign])"


def _resigned_then_moved(root: str, moves: list[str], rng: random.Random) -> str:
    return root + "".join(moves[:2]) + ";B[resign]" + "".join(moves[2:4]) + ")"


def _spelt(root: str, moves: list[str], rng: random.Random) -> str:
    """Cells written otherwise (lower case, separated, leading zeros, three digits), blanks, lines."""
    k = rng.randrange(len(moves))
    value = moves[k][3:-1]
    cells = [value[i : i + 2] for i in range(0, len(value), 2)]
    other = rng.choice(
        [value.lower(), ",".join(cells), " ".join(cells), "".join(c[0] + "0" + c[1:] for c in cells), value + " "]
    )
    other = other if rng.random() < 0.8 else "".join(c[0] + "00" + c[1:] for c in cells)
    blank = rng.choice(["", " ", "\n", "\t", " \n "])
    node = rng.choice([f";{moves[k][1]}[{other}]", f";{blank}{moves[k][1]}{blank}[{value}]{blank}"])
    return root + "".join([*moves[:k], node, *moves[k + 1 :]]) + ")"


def _noted(root: str, moves: list[str], rng: random.Random) -> str:
    """What the plain path leaves to the grammar: comments, marks, a root it does not call simple."""
    k = rng.randrange(len(moves))
    changed = rng.choice(
        [
            (root + "C[a comment]", moves),
            (root.replace("SZ[", "SZ [", 1), moves),
            (root + "PB[again]", moves),
            (root + "XB[]", moves),
            (root + "W[E5]", moves),
            (root + "GC[a (note)]", moves),
            (root + "GC[x\\]y]", moves),
            (root, [*moves[:k], moves[k][:-1] + "]C[note]", *moves[k + 1 :]]),
            (root, [*moves[:k], moves[k][:-1] + "=w]", *moves[k + 1 :]]),
            (root, [*moves[:k], moves[k], moves[k], *moves[k + 1 :]]),  # one colour twice
            (root.replace("PW[", 'PW[\x01\u2028é"\\\\', 1), moves),
        ]
    )
    return changed[0] + "".join(changed[1]) + ")"


def _sized(root: str, moves: list[str], rng: random.Random) -> str:
    size = rng.choice(["", "SZ[x]", "SZ[3]", "SZ[99]", "SZ[ 5]", "SZ[05]", "SZ[51]"])
    return root.replace("SZ[5]", size) + "".join(moves) + ")"


def _cut(root: str, moves: list[str], rng: random.Random) -> str:
    return root + "".join(moves[: len(moves) // 2]) + rng.choice(["", ";W[E5", ";B["])


def _empty(root: str, moves: list[str], rng: random.Random) -> str:
    return root + rng.choice(["", ";W[]", ";B[E5]"]) + ")"


def _blanks(root: str, moves: list[str], rng: random.Random) -> str:
    blank = rng.choice([" ", "\n", "\t", " \n\t"])
    return root.replace("(;", f"({blank};", 1) + "".join(moves) + f"{blank})"


WAYS = [_plain] * 8 + [_broken, _resigned, _resigned_then_moved, _spelt, _noted, _sized, _cut, _empty, _blanks]
#: Players' names: unusual characters the JSON, CSV and text reports each write their own way.
NAMES = ["amsterdam", "", "Ünïcødé", "名前", "smile 😀", 'say "hi"', "tab\there", "\x7f\x85", "\u2028", "a;b", "x[y"]
NAMES += ["=1+2", "-dash", "new\nline"]
BETWEEN = ["\n"] * 6 + ["", " ", "\n\n", "\r\n", "\t", "\n  junk  \n", "\x0c", ")\n"]


def archive(rng: random.Random, count: int) -> str:
    """An archive of `count` games, each written or broken in a random way, random text between."""
    parts = []
    for _ in range(count):
        size = rng.choice([5, 5, 5, 4, 3])
        root, moves = nodes(rng.choice(games(size)))
        if rng.random() < 0.7:
            root += "".join(f"{key}[{rng.choice(NAMES)}]" for key in rng.sample(["PW", "PB"], rng.randint(1, 2)))
        parts.append(rng.choice(WAYS)(root, moves, rng) + rng.choice(BETWEEN))
    return rng.choice(["", "", "  \n", "junk\n"]) + "".join(parts)


def printed(paths: list[str], mode: str, variant: str | None, *, judged: bool, pure: bool) -> tuple:
    """What verify prints of each record of `paths` (one process), as the run writes it."""
    report = printer(verify_report, mode, FIELDS)  # type: ignore[arg-type]
    judging = judged_printer(judged_verify_report, mode, FIELDS) if judged else None  # type: ignore[arg-type]
    with mock.patch.dict(os.environ, {PURE_VARIABLE: "1" if pure else ""}):
        return run_output(reports(paths, report, jobs=1, variant=variant, judged=judging), mode)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(1, 60),
    mode=st.sampled_from(["json", "json", "csv", "text"]),
    variant=st.sampled_from([None, None, None, "catchup", "catchup-2012", "ketchup-4", "catchup(size=4)", "sauce"]),
)
def test_judged_in_one_pass_as_read_and_as_in_python(tmp_path_factory, seed, count, mode, variant):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("plain") / "archive.sgf"
    text = archive(rng, count)
    if rng.random() < 0.2:  # past the first chunk read (8 KiB): games around the chunk's end
        text = text * (8192 // max(len(text), 1) + 2)
    path.write_text(text, encoding="utf-8")
    paths = [str(path)]
    fast = printed(paths, mode, variant, judged=True, pure=False)
    assert fast == printed(paths, mode, variant, judged=False, pure=False)
    assert fast == printed(paths, mode, variant, judged=True, pure=True)


def test_most_of_a_good_archive_is_judged_in_one_pass(tmp_path):
    """The judge does take plain games (the comparison above would hold if it took none)."""
    rng = random.Random(5)
    text = "\n".join(_plain(*nodes(rng.choice(games(5))), rng) for _ in range(50)) + "\n"
    request = make_request(None, None, None)
    judge = fastpath.judge(request)
    assert judge is not None
    verdicts, end = judge.take(text, 0, 1, 1)
    assert len(verdicts) == 49  # the last is followed by nothing yet: the reader notes what follows
    assert text[end] == "("
    line, column, white, black, turns, variant, final, accepted = verdicts[3]
    assert (line, column, white, black, variant, final, accepted) == (4, 1, None, None, "catchup(size=5)", None, None)
    assert turns == text.split("\n")[3].count(";") - 1  # the root is a node too


def test_a_game_alone_is_judged_too(tmp_path):
    """The last game of an input (here the only one) is judged alone, once nothing follows it."""
    from catchup_notation.reading import read_judging

    rng = random.Random(6)
    path = tmp_path / "one.sgf"
    path.write_text(_plain(*nodes(rng.choice(games(4))), rng) + "\n", encoding="utf-8")
    request = make_request(None, None, None)
    judge = fastpath.judge(request)
    assert judge is not None
    (found,) = read_judging(str(path), request, judge)
    assert isinstance(found, fastpath.Judged)
    assert (found.source, found.format, found.first, len(found.verdicts)) == (str(path), "lg", 0, 1)
    path.write_text(path.read_text(encoding="utf-8") + "a note after the game\n", encoding="utf-8")
    (found,) = read_judging(str(path), request, judge)
    assert not isinstance(found, fastpath.Judged)  # the note is a warning: the usual way
    assert [w.code for w in found.warnings] == ["ignored-text"]


def test_no_judge_for_the_pure_reference():
    with mock.patch.dict(os.environ, {PURE_VARIABLE: "1"}):
        assert fastpath.judge(make_request(None, None, None)) is None


# ---------------------------------------------------------------------------------------------
# The command line, byte for byte


def cli(arguments: list[str], pure: bool, cwd: Path) -> tuple[int, bytes, bytes]:
    env = {**os.environ, PURE_VARIABLE: "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", *arguments], capture_output=True, env=env, cwd=cwd, timeout=600
    )
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """A big archive (over a megabyte: the workers get it in pieces), a folder of small files (the
    workers read them) and a zip archive, mixing good, broken and unreadable records."""
    folder = tmp_path_factory.mktemp("plain-cli")
    rng = random.Random(28)
    big = archive(rng, 300)
    (folder / "big.sgf").write_text(big * (1_100_000 // len(big) + 1), encoding="utf-8")
    small = folder / "small"
    small.mkdir()
    for k in range(40):
        (small / f"{k:02}.sgf").write_text(archive(rng, rng.randint(1, 6)), encoding="utf-8")
    (small / "bad-bytes.sgf").write_bytes(archive(rng, 3).encode() + b"\xff\xfe(;SZ[5];W[E5])")
    import zipfile

    with zipfile.ZipFile(folder / "some.zip", "w") as packed:
        packed.writestr("in-zip.sgf", archive(rng, 20))
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    "form", [["--json"], ["--csv"], [], ["-o", "out.csv"], ["-o", "out.jsonl"], ["-o", "out.txt"]], ids=" ".join
)
def test_the_command_line_says_the_same_with_and_without_the_core(inputs, form, jobs):
    same_with_and_without_the_core(inputs, ["verify", *form, "--jobs", jobs, "big.sgf", "small", "some.zip"], form)


#: The pure-Python runs made so far: (folder, command line) -> exit code, stdout, stderr, -o file.
_PYTHON_RUNS: dict[tuple[Path, tuple[str, ...]], tuple[int, bytes, bytes, bytes]] = {}


def same_with_and_without_the_core(folder: Path, arguments: list[str], form: list[str]) -> None:
    """The command run in `folder` says the same, byte for byte, on the core and with
    `CATCHUP_PURE=1`: exit code (3: some input is unreadable), stdout, stderr, the -o file.

    The slow pure-Python side runs on workers for `--json` alone; for the other forms the core's
    run with any `--jobs` is held to the pure-Python run in one process (every `--jobs` says the
    same), made once for both."""
    out = folder / form[1] if form[:1] == ["-o"] else None
    compiled = cli(arguments, pure=False, cwd=folder)
    written = out.read_bytes() if out is not None else b""
    python_arguments = list(arguments)
    if form != ["--json"]:
        python_arguments[arguments.index("--jobs") + 1] = "1"
    key = (folder, tuple(python_arguments))
    if key not in _PYTHON_RUNS:
        code, stdout, stderr = cli(python_arguments, pure=True, cwd=folder)
        _PYTHON_RUNS[key] = (code, stdout, stderr, out.read_bytes() if out is not None else b"")
    python = _PYTHON_RUNS[key]
    assert compiled[0] == python[0] == 3
    assert compiled[1:] == python[1:3]
    assert written == python[3]


@pytest.mark.parametrize("side", range(2, 16))
def test_the_cores_label_table_is_every_label_read_as_the_reader_reads_it(side):
    _every_label_read_alike(hexhex(side))


@given(shapes())
def test_the_cores_label_table_of_any_board_is_every_label_read_as_the_reader_reads_it(cells):
    _every_label_read_alike(Board(cells))


def _every_label_read_alike(board):
    # The table lists each cell under its own label only: no other label of the 2,600 names one.
    from array import array

    from catchup_notation.formats.lg import cell_of
    from catchup_notation.formats.lg.cells import label_table
    from catchup_notation.reading.fastpath import _labels

    every = [board.index.get(cell_of(chr(65 + row), n, board), -1) for row in range(26) for n in range(100)]
    assert array("i", label_table.__wrapped__(board)).tolist() == every
    assert _labels(board) == label_table(board)
