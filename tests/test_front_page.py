"""The manual's front page opens with the library at work (commands, what they print, a board
drawn by the library when the manual is made), and no page a user reads speaks of the project's
own workings (module docstrings, how pages are made, the registry's ratings)."""

from __future__ import annotations

import html
import re
import sys

import pytest
from cli_records import run
from docblocks import ROOT, blocks

sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from catchup_docs.generate import FRONT_RECORD, front_board

BUILT = ROOT / "build" / "docs"
#: What a user of the manual has no use for: words about the project's own sources and build.
INTERNAL = re.compile(
    r"(?i)module docstring|package's docstring|when the (?:html )?manual is built|written from the "
    r"(?:variant registry|program itself)|confidence:|\bHigh:|\bMedium(?:-high)?:|\bLow:"
)
#: Pages about the project's own making (for contributors), where such words are its subject.
PROJECT_PAGES = {"design", "architecture", "contributing", "core", "core-numbers", "benchmarks", "changelog"}


def test_the_front_page_opens_with_commands_and_a_board():
    page = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    first = blocks("docs/index.md")[0]
    assert first.language == "console" and "$ catchup verify" in first.text
    assert page.index("```console") < page.index("```{toctree}")
    picture = page.index("](_generated/front-board.svg)")
    assert picture < page.index("```{toctree}")
    assert "--svg board.svg" in first.text


def test_the_front_board_is_what_the_command_draws(tmp_path):
    name, index = FRONT_RECORD
    out = tmp_path / "board.svg"
    assert run("show", str(ROOT / "examples" / name), "--record", str(index), "--svg", str(out)).exit_code == 0
    drawn = front_board(ROOT / "examples")
    assert drawn.startswith("<svg") and out.read_text(encoding="utf-8") == drawn


def test_the_variants_command_speaks_to_readers():
    result = run("variants")
    assert result.exit_code == 0
    assert not INTERNAL.findall(result.stdout)
    assert "Certain: Little Golem's rules page" in result.stdout


def _text(path) -> str:
    raw = path.read_text(encoding="utf-8")
    raw = re.sub(r"<(script|style)\b.*?</\1>", " ", raw, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def test_no_page_a_user_reads_speaks_of_the_project_s_workings():
    if not (BUILT / "index.html").exists():
        pytest.fail("no built manual: build it first (python -m sphinx -W --keep-going -q -b html docs build/docs)")
    assert (BUILT / "_images").exists() or "front-board.svg" in (BUILT / "index.html").read_text(encoding="utf-8")
    found = []
    for path in sorted(BUILT.rglob("*.html")):
        name = str(path.relative_to(BUILT).with_suffix(""))
        if name in PROJECT_PAGES or name.startswith(("_", "genindex", "search", "py-modindex")):
            continue
        found += [(name, m.group(0)) for m in INTERNAL.finditer(_text(path))]
    assert not found
