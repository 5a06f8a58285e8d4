"""Boards labelled in the notation the record came in (Abstract Play's rows count from `a` at the
bottom, Little Golem's from `A` at the top), or in the one asked for with --labels: the text board
of `show`, the SVG picture, and the viewer's board and move list agree with each other."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_records import run

import catchup_notation as cn
from catchup_notation.formats import get
from catchup_notation.pictures.names import parts_of
from catchup_notation.rules.registry import parse_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
AP = EXAMPLES / "abstractplay-size6.json"
LG = EXAMPLES / "littlegolem-collection.sgf"
SVG = "{http://www.w3.org/2000/svg}"


def _row_letters(board_text: str) -> list[str]:
    """The letter at the start of each row of a text board (the number lines left out)."""
    return [line.split()[0] for line in board_text.splitlines() if line.split() and line.split()[0].isalpha()]


def test_show_labels_an_abstract_play_record_as_abstract_play_does():
    result = run("show", str(AP))
    assert result.exit_code == 0, result.output
    rows = _row_letters(result.stdout)
    assert rows[:11] == list("kjihgfedcba")  # side 6: eleven rows, a at the bottom
    assert _row_letters(run("show", str(AP), "--labels", "lg").stdout)[:11] == list("ABCDEFGHIJK")
    assert _row_letters(run("show", str(LG)).stdout)[:9] == list("ABCDEFGHI")  # a Little Golem record as before
    assert _row_letters(run("show", str(LG), "--labels", "ap").stdout)[:9] == list("ihgfedcba")


def test_labels_that_name_no_rows_are_refused():
    result = run("show", str(AP), "--labels", "rga")
    assert result.exit_code == 2 and "lg or abstractplay" in result.stderr
    assert run("show", str(AP), "--labels", "pgn").exit_code == 2


def _stone_rows(svg_text: str) -> list[tuple[str, str]]:
    """(LG name of the cell, the row letter drawn at the left end of its row) for every stone."""
    root = ET.fromstring(svg_text)
    letters = [t for t in root.iter(f"{SVG}text") if t.get("class") == "coord" and (t.text or "").isalpha()]
    found = []
    for stone in root.iter(f"{SVG}circle"):
        if "stone" not in (stone.get("class") or "").split():
            continue
        y = float(stone.get("cy"))
        (letter,) = [t.text for t in letters if abs(float(t.get("y")) - y) < 0.01]
        found.append((stone.get("data-cell"), letter))
    return found


@pytest.mark.parametrize("labels", [None, "abstractplay", "lg"])
def test_the_svg_rows_are_those_the_moves_name(tmp_path, labels):
    (game,) = cn.read(AP)
    board = game.variant.board
    namer = get(labels or "abstractplay").cell_name
    picture = game.position(-1, labels=labels).svg()
    stones = _stone_rows(picture)
    assert stones
    for lg_name, letter in stones:
        cell = board.labelled(lg_name[0], int(lg_name[1:]))
        assert namer(cell, board).rstrip("0123456789") == letter, (lg_name, letter)
    # The command writes the same picture.
    out = tmp_path / "board.svg"
    args = ["--labels", labels] if labels else []
    assert run("show", str(AP), "--svg", str(out), *args).exit_code == 0
    assert out.read_text(encoding="utf-8") == picture


def _game_data(page: str) -> dict:
    (data,) = re.findall(r'<script type="application/json" id="game-0">(.*?)</script>', page, re.S)
    return json.loads(data)


@pytest.mark.parametrize(("labels", "rows"), [([], "kjihgfedcba"), (["--labels", "lg"], "ABCDEFGHIJK")])
def test_the_viewer_names_the_moves_and_the_board_alike(tmp_path, labels, rows):
    out = tmp_path / "game.html"
    assert run("view", str(AP), "-o", str(out), *labels).exit_code == 0
    page = out.read_text(encoding="utf-8")
    data = _game_data(page)
    (game,) = cn.read(AP)
    namer = game.cell_names(labels[1] if labels else None)
    assert [move["m"] for move in data["moves"]] == [" ".join(map(namer, t.cells)) for t in game.turns]
    assert all(move["m"][0] in rows for move in data["moves"])
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    drawn = {t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "coord"}
    assert set(rows) <= drawn and not set(rows.swapcase()) & drawn


def test_a_report_draws_each_notation_on_its_own_board(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "ap.json").write_bytes(AP.read_bytes())
    assert run("convert", str(AP), "--to", "lg", "-o", str(folder / "same.sgf")).exit_code == 0
    out = tmp_path / "report.html"
    assert run("view", str(folder), "-o", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    templates = re.findall(r'<template id="board-(\d+)">(.*?)</template>', page, re.S)
    assert len(templates) == 2  # one variant, two notations
    letters = [{t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.text.isalpha()} for _, svg in templates]
    assert {frozenset(found) for found in letters} == {frozenset("abcdefghijk"), frozenset("ABCDEFGHIJK")}


def test_names_of_another_form_leave_the_little_golem_labels():
    board = parse_variant("catchup").board
    rga = get("rga")
    parts = parts_of(board, lambda cell: rga.cell_name(cell, board))
    assert [parts(row[0])[0] for row in board.rows] == list("ABCDEFGHI")
    ap = parts_of(board, lambda cell: get("abstractplay").cell_name(cell, board))
    assert ap(board.rows[0][0]) == ("i", "1")


def _small_ap(tmp_path: Path) -> Path:
    """A finished side-3 game as Abstract Play writes it: small enough for the exact solver alone."""
    from cli_records import random_game

    from catchup_notation.formats import write_text

    text, _ = write_text([random_game(5, "catchup(size=3)")], "abstractplay")
    path = tmp_path / "small.apjson"
    path.write_text(text, encoding="utf-8")
    return path


def test_review_names_cells_in_the_labels_its_page_draws(tmp_path):
    path = _small_ap(tmp_path)
    (game,) = cn.read(path)
    said = {}
    for labels in (None, "lg"):
        args = ["--labels", labels] if labels else []
        page, written = tmp_path / f"{labels}.html", tmp_path / f"{labels}.json"
        files = ["--html", str(page), "--write", str(written)]
        result = run("review", str(path), "--exact-only", "--max-empty", "13", "--json", *files, *args)
        assert result.exit_code == 0, result.output
        (report,) = [json.loads(line) for line in result.stdout.splitlines()]
        namer = game.cell_names(labels)
        turns = report["reviewed_turns"]
        assert [entry["cells"] for entry in turns] == [[namer(c) for c in t.cells] for t in game.turns]
        names = {namer(c) for c in game.variant.board.cells}
        bests = [entry["best"] for entry in turns if entry["best"] is not None]
        assert bests and all(set(best["cells"]) <= names for best in bests)
        data = _game_data(page.read_text(encoding="utf-8"))
        assert data["labels"] == (labels or "abstractplay")
        shown = [step["m"] for line in data["review"]["lines"] for step in line]
        assert shown and all(name in names for m in shown for name in m.split())
        said[labels] = (turns, re.sub(r"[0-9.]+ s\b", "", written.read_text(encoding="utf-8")))  # but its time
    assert said["lg"][0] != said[None][0]  # the report follows --labels...
    assert said["lg"][1] == said[None][1]  # ...the record written keeps its own names in its comments


def test_solve_names_and_draws_cells_in_the_labels_asked_for(tmp_path):
    path = _small_ap(tmp_path)
    (game,) = cn.read(path)
    board = game.variant.board
    for labels, rows in ((None, "edcba"), ("lg", "ABCDE")):
        folder = tmp_path / f"svg-{labels}"
        args = ["--labels", labels] if labels else []
        result = run("solve", str(path), "--turn", "3", "--json", "--svg", str(folder), "--jobs", "1", *args)
        assert result.exit_code == 0, result.output
        (data,) = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
        namer = game.cell_names(labels)
        assert {cell for move in data["moves"] for cell in move["cells"]} <= {namer(c) for c in board.cells}
        pictures = sorted(folder.iterdir())
        assert pictures and any(p.name.startswith("best-") for p in pictures)
        for picture in pictures:
            drawn = {t.text for t in ET.parse(picture).getroot().iter(f"{SVG}text") if t.get("class") == "coord"}
            assert set(rows) <= drawn and not set(rows.swapcase()) & drawn, picture.name
    # The empty board is Little Golem's unless asked otherwise.
    result = run("solve", "--variant", "catchup(size=2)", "--moves", "--json", "--jobs", "1", "--labels", "ap")
    (data,) = [json.loads(line) for line in result.stdout.splitlines()]
    two = parse_variant("catchup(size=2)").board
    assert {move["cells"][0] for move in data["moves"]} == {get("abstractplay").cell_name(c, two) for c in two.cells}
