"""Start-up: a command imports what it needs when it needs it. What `python -X importtime` lists
for a run, checked without timing anything: the heavy modules a plain `catchup verify` of one
Little Golem game has no use for are not imported at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

#: What a plain verify of a valid Little Golem game does not need: the grammars' parser (the game is
#: read without it), JSON and its structuring (text report), Rich (no terminal), worker processes
#: (one file of one game), the other notations, the engine and solvers, pictures and pages, the
#: protocol and every other command.
NOT_FOR_VERIFY = (
    "typer",
    "lark",
    "cattrs",
    "rich",
    "json",
    "csv",
    "gzip",
    "multiprocessing",
    "concurrent",
    "catchup_notation.engine",
    "catchup_notation.solvers.endgame",
    "catchup_notation.solvers.numberset",
    "catchup_notation._numcore",
    "catchup_notation.render",
    "catchup_notation.pictures",
    "catchup_notation.converting",
    "catchup_notation.serialization",
    "catchup_notation.protocol",
    "catchup_notation.browser",
    "catchup_notation.formats.rga",
    "catchup_notation.formats.abstractplay",
    "catchup_notation.formats.genius",
    "catchup_notation.formats.json",
    "catchup_notation.formats.numbers",
    "catchup_notation.cli.convert",
    "catchup_notation.cli.adjudicate",
    "catchup_notation.cli.review",
    "catchup_notation.cli.solve",
    "catchup_notation.cli.view",
    "catchup_notation.cli.typer_app",
    "catchup_notation.cli.options",
    "catchup_notation.cli.verify",
    "catchup_notation.solvers",
)

#: Every module of the library a plain verify of one Little Golem game imports, and no other: a
#: module added to this path costs every run its import (a new one belongs here only when the run
#: needs it; see docs/benchmarks.md for what each costs).
VERIFY_MODULES = {
    *("catchup_notation", "catchup_notation.batch", "catchup_notation.board", "catchup_notation.compiled"),
    *("catchup_notation.compression", "catchup_notation.errors", "catchup_notation.escaping"),
    *("catchup_notation.game", "catchup_notation.hints", "catchup_notation.limits", "catchup_notation.model"),
    *("catchup_notation.reports", "catchup_notation.report_lines", "catchup_notation.resources"),
    *("catchup_notation.shapes",),
    *("catchup_notation.version", "catchup_notation.workers", "catchup_notation.writing"),
    *("catchup_notation.cli", "catchup_notation.cli.main", "catchup_notation.cli.output"),
    *("catchup_notation.cli.progress", "catchup_notation.cli.quick", "catchup_notation.cli.runs"),
    *("catchup_notation.cli.verifying", "catchup_notation.cli.version"),
    *("catchup_notation.formats.base", "catchup_notation.formats.colours", "catchup_notation.formats.decoding"),
    *("catchup_notation.formats.diagnostics", "catchup_notation.formats.lg.building"),
    *("catchup_notation.formats.lg.cells", "catchup_notation.formats.lg.dialect", "catchup_notation.formats.lg.format"),
    *("catchup_notation.formats.lg.plain", "catchup_notation.formats.lg.sgf", "catchup_notation.formats.lg.splitting"),
    *("catchup_notation.formats.lg.writer",),
    *("catchup_notation.reading", "catchup_notation.reading.detection", "catchup_notation.reading.fastpath"),
    *("catchup_notation.reading.judged", "catchup_notation.reading.opening", "catchup_notation.reading.records"),
    *("catchup_notation.reading.request", "catchup_notation.reading.sources"),
    *("catchup_notation.rules", "catchup_notation.rules.adjudicate", "catchup_notation.rules.corerules"),
    *("catchup_notation.rules.engine", "catchup_notation.rules.hexgame", "catchup_notation.rules.inference"),
    *("catchup_notation.rules.ketchup", "catchup_notation.rules.marks", "catchup_notation.rules.predecessors"),
    *("catchup_notation.rules.registry", "catchup_notation.rules.replay", "catchup_notation.rules.sauce"),
    *("catchup_notation.rules.scoring",),
}

GAME = "(;FF[4]SZ[5]PW[Ann]PB[Bob];W[E5];B[D4F6];W[C3G7];B[E4];W[E6F5];B[D5])\n"


def imported(tmp_path: Path, *args: str) -> tuple[set[str], subprocess.CompletedProcess[str]]:
    """The modules `python -X importtime -m catchup_notation ARGS` imports, and the run."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "catchup_notation", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    names = {line.rsplit("|", 1)[1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")}
    names.discard("imported package")
    assert "catchup_notation" in names  # the listing was read
    return names, run


def loaded(names: set[str], package: str) -> list[str]:
    return sorted(name for name in names if name == package or name.startswith(package + "."))


def test_a_plain_verify_imports_nothing_heavy(tmp_path: Path) -> None:
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, "verify", "one.sgf")
    assert run.returncode == 0 and "ok: 6 turns" in run.stdout
    assert "catchup_notation.reading.fastpath" in names  # what it needs is there
    for package in NOT_FOR_VERIFY:
        assert not loaded(names, package), f"{package} imported by a plain verify"


def test_a_plain_verify_imports_exactly_what_it_imported_before(tmp_path: Path) -> None:
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, "verify", "one.sgf")
    assert run.returncode == 0 and "ok: 6 turns" in run.stdout
    library = set(loaded(names, "catchup_notation"))
    assert not library - VERIFY_MODULES, "imported now, not before: keep it off this path, or add it here"
    assert not VERIFY_MODULES - library, "no longer imported: take it off the list"
    others = {name.split(".")[0] for name in names} - set(sys.stdlib_module_names) - {"catchup_notation"}
    assert {"attr", "attrs"} <= others  # the one package beside the library this run needs
    assert not {name for name in others if not name.startswith("_")} - {"attr", "attrs", "org", "sitecustomize"}


def test_the_grammar_is_loaded_when_a_record_needs_it(tmp_path: Path) -> None:
    # A comment on a move: the plain path leaves the game to the grammar's parser, loaded then.
    (tmp_path / "one.sgf").write_text(GAME.replace("W[E5]", "W[E5]C[a comment]"), encoding="utf-8")
    names, run = imported(tmp_path, "verify", "one.sgf")
    assert run.returncode == 0 and "ok: 6 turns" in run.stdout
    assert loaded(names, "lark")


@pytest.mark.parametrize("option", ["--json", "--csv"])
def test_report_forms_import_what_they_write_with(tmp_path: Path, option: str) -> None:
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, "verify", "one.sgf", option)
    assert run.returncode == 0
    assert bool(loaded(names, "json")) == (option == "--json")
    assert not loaded(names, "lark")
    # A game the core judged has its JSON line written from its verdict (`report_lines`), not by
    # the converter of objects to JSON: cattrs is not imported.
    assert not loaded(names, "cattrs") and "catchup_notation.serialization" not in names


def test_version_imports_neither_typer_nor_the_library(tmp_path: Path) -> None:
    names, run = imported(tmp_path, "--version")
    assert run.returncode == 0 and run.stdout.strip()
    for package in ("typer", "attrs", "catchup_notation.reading", "catchup_notation.rules", "catchup_notation.game"):
        assert not loaded(names, package), f"{package} imported by --version"


def test_a_plain_adjudicate_makes_its_lines_without_the_report_objects(tmp_path: Path) -> None:
    """A game the core judges and scores has its line written from the core's numbers
    (`report_lines`): the report objects (`reports`) and the JSON of objects (cattrs) are not
    imported for it; a game read the usual way still gets its report."""
    (tmp_path / "one.sgf").write_text(GAME, encoding="utf-8")
    names, run = imported(tmp_path, "adjudicate", "one.sgf", "--json")
    assert run.returncode == 0 and '"status": "unfinished"' in run.stdout
    assert "catchup_notation.report_lines" in names
    assert "catchup_notation.reports" not in names and not loaded(names, "cattrs")
    (tmp_path / "two.sgf").write_text(GAME.replace("E5", "E5E5"), encoding="utf-8")  # a broken rule
    names, run = imported(tmp_path, "adjudicate", "two.sgf", "--json")
    assert run.returncode == 1 and '"status": "invalid"' in run.stdout
    assert "catchup_notation.reports" in names
