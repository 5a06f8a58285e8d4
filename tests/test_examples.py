"""The README stays true: its first command on every bundled example, and its Python example."""

from __future__ import annotations

from pathlib import Path

from cli_records import json_lines, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_every_example_verifies():
    result = run("verify", "--corrections", "diagram", "--json", str(EXAMPLES))
    rows = json_lines(result.output)
    assert result.exit_code == 0, result.output
    assert rows and all(row["valid"] for row in rows)
    assert {Path(row["source"]).name for row in rows} == {p.name for p in EXAMPLES.iterdir() if p.is_file()}


def test_every_example_adjudicates():
    result = run("adjudicate", "--corrections", "diagram", "--json", str(EXAMPLES))
    rows = json_lines(result.output)
    assert result.exit_code == 0, result.output
    assert all(row["status"] in ("finished", "resigned", "unfinished") for row in rows)
    by_rule = {row["decided_by"] for row in rows if row["status"] == "finished"}
    assert {"plurality", "no-cut", "second-largest", "product", "margin"} <= by_rule


def test_readme_python_example_runs(monkeypatch):
    root = EXAMPLES.parent
    text = (root / "README.md").read_text(encoding="utf-8")
    block = text.split("## Python API", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(root)  # the example reads examples/ by a relative path
    namespace: dict = {}
    exec(compile(block, "README.md (Python API)", "exec"), namespace)
    assert namespace["verdict"].valid and namespace["verdict"].variant == "catchup(size=5)"
    assert namespace["final"].over and "<svg" in namespace["picture"]
    assert namespace["after_12"].allowance.counts
    assert set(namespace["exported"]) == {"lg", "rga", "genius", "abstractplay", "json"}
    assert namespace["broken"].errors and not namespace["broken"].readable
    assert namespace["engine"].state().stones == ((), ((0, 0),))  # the stone is White's, player 1 placed it
