"""The package's layers, as pyproject.toml's import-linter contracts write them: they hold, they
fail on a wrong import, no module imports itself round a circle (imports for the type checker
included) but the ones the contracts name with a reason, and reading goes one way down."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

import catchup_notation as cn

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "catchup_notation"
LINT = [
    sys.executable,
    "-c",
    "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
]
#: The imports that close a circle and stay, each for a reason written beside its ignore in
#: pyproject.toml: without them the module graph has no circle.
KNOWN_CYCLE_IMPORTS = [
    ("catchup_notation.rules.engine", "catchup_notation.rules.registry"),
    ("catchup_notation.game", "catchup_notation.render.html"),
]


def lint(cwd: Path, package_parent: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(package_parent), "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
    return subprocess.run([*LINT, "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_contracts_hold() -> None:
    run = lint(ROOT, ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


@pytest.mark.parametrize(
    ("module", "wrong", "contract"),
    [
        ("rules/registry.py", "from catchup_notation import reading", "Each layer imports only the layers below it"),
        ("formats/base.py", "import catchup_notation.rules.replay", "they never replay them"),
        ("engine/levels.py", "import lark", "never import the parser"),
        ("board.py", "from catchup_notation import model", "No package or module imports its siblings in a circle"),
    ],
)
def test_a_wrong_import_breaks_a_contract(tmp_path: Path, module: str, wrong: str, contract: str) -> None:
    copy = tmp_path / "catchup_notation"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("*.so", "__pycache__", "_core"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{wrong}  # noqa\n", encoding="utf-8")
    run = lint(tmp_path, tmp_path)
    assert run.returncode != 0, run.stdout
    broken = run.stdout.split("Broken contracts", 1)[1]
    assert contract in broken


def test_no_import_cycles_but_the_known_ones() -> None:
    graph = grimp.build_graph("catchup_notation", exclude_type_checking_imports=False)
    circles = [cycle for cycle in strongly_connected(graph) if len(cycle) > 1]
    for importer, imported in KNOWN_CYCLE_IMPORTS:
        assert any({importer, imported} <= circle for circle in circles)  # each still closes one
        graph.remove_import(importer=importer, imported=imported)
    assert [cycle for cycle in strongly_connected(graph) if len(cycle) > 1] == []


def strongly_connected(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected components of the module graph (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    found.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


#: The reading stages, top to bottom: a call goes from a stage to the same stage or one below.
STAGES = (
    "catchup_notation.reading.records",
    "catchup_notation.reading.sources",
    "catchup_notation.reading.opening",
    "catchup_notation.reading.detection",
    "catchup_notation.formats",
)


def stage_of(module: str) -> int | None:
    for rank, stage in enumerate(STAGES):
        if module == stage or module.startswith(stage + "."):
            return rank
    return None


@pytest.mark.parametrize("name", ["one.sgf", "many.zip"])
def test_reading_goes_one_way_down(tmp_path: Path, name: str) -> None:
    """Every call between the stages of reading, on a record's way from `cn.read` to its verdict,
    goes down (a stage calls its own module or one below, never one above)."""
    text = "(;FF[4]PB[north]PW[south]SZ[5];W[E5];B[D4D6];W[C3])\n"
    path = tmp_path / name
    if name.endswith(".zip"):
        import zipfile

        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("first.sgf", text)
            archive.writestr("second.txt", text)
    else:
        path.write_text(text, encoding="utf-8")
    upward: set[tuple[str, str]] = set()
    entered: list[int] = []

    def watch(frame, event, arg):  # type: ignore[no-untyped-def]
        if event != "call" or frame.f_back is None:
            return
        callee = stage_of(frame.f_globals.get("__name__", ""))
        caller = stage_of(frame.f_back.f_globals.get("__name__", ""))
        if callee is not None and caller is not None and callee < caller:
            upward.add((frame.f_back.f_globals["__name__"], frame.f_globals["__name__"]))
        if callee is not None and (not entered or entered[-1] != callee):
            entered.append(callee)

    sys.setprofile(watch)
    try:
        games = list(cn.read(path))
        verdicts = [game.verify().valid for game in games]
    finally:
        sys.setprofile(None)
    assert verdicts == [True] * (2 if name.endswith(".zip") else 1)
    assert not upward
    assert set(entered) == set(range(len(STAGES)))  # through every stage


def test_the_manuals_drawing_is_the_contract() -> None:
    """docs/architecture.md draws the layers: the same layers, in the same order, as the contract."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = page.split("## The layers", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert drawing.splitlines() == [layer.replace("catchup_notation.", "") for layer in layers]


def test_the_contributors_page_names_files_that_exist() -> None:
    """Every file or folder docs/contributing.md tells a contributor to copy or edit is there."""
    import re

    page = (ROOT / "docs" / "contributing.md").read_text(encoding="utf-8")
    named = {
        path.split(" ")[0]
        for path in re.findall(r"`([^`\s]+(?:\.py|\.toml|\.md|\.lark|\.sh|/))`", page)
        if "NAME" not in path and "NN" not in path
    }
    missing = [p for p in sorted(named) if not any((base / p).exists() for base in (ROOT, PACKAGE))]
    assert len(named) > 20 and not missing
