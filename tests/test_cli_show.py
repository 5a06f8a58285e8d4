"""`catchup show` (text and SVG) and the SVG structure of `svg.state_svg`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from cli_records import occupied_game, random_game, run, write_lg

from catchup_notation.board import hexhex
from catchup_notation.game import Game
from catchup_notation.pictures.svg import SvgBoard, state_svg
from catchup_notation.rules.replay import positions

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_svg_structure_cells_stones_and_last_turn():
    record = random_game(5, turns=15)
    state = list(positions(record))[-1]
    last = record.turns[-1].cells
    svg = state_svg(state, last_turn_cells=last)
    assert isinstance(svg, SvgBoard) and svg._repr_svg_() == svg
    root = _parsed(svg)
    cells = root.findall(".//svg:polygon", NS)
    assert len(cells) == 61
    assert {c.get("data-cell") for c in cells} == {hexhex(5).label(c) for c in hexhex(5).cells}
    circles = root.findall(".//svg:circle", NS)
    p1 = [c for c in circles if "stone-c1" in c.get("class", "").split()]
    p2 = [c for c in circles if "stone-c2" in c.get("class", "").split()]
    assert len(p1) == len(state.stones[0]) and len(p2) == len(state.stones[1])
    assert p1[0].get("fill") != p2[0].get("fill")
    marked = {c.get("data-cell") for c in circles if "last" in c.get("class", "").split()}
    assert marked == {hexhex(5).label(c) for c in last} and marked
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"A", "I", "1", "9"} <= set(texts)  # coordinates along the edges
    caption = " ".join(t for t in texts if t and "score" in t)
    assert f"score {state.scores[0]}" in caption and f"score {state.scores[1]}" in caption


def test_position_repr_svg_and_side_7():
    position = Game(random_game(6, "catchup(size=7)", turns=4)).position(-1)
    assert len(_parsed(position._repr_svg_()).findall(".//svg:polygon", NS)) == 127


def test_show_text_board(tmp_path):
    record = random_game(7, turns=7)
    path = write_lg(tmp_path / "g.sgf", record)
    result = run("show", str(path), "--turn", "3")
    assert result.exit_code == 0
    board = result.output.splitlines()
    assert board[1].strip().startswith("A ") and board[9].strip().startswith("I ")
    placed = sum(len(t.cells) for t in record.turns[:3])
    rows = [line.replace("(", " ").replace(")", " ") for line in board[1:10]]  # the last turn, in brackets
    cells = [token for line in rows for token in line.split()[1:-1]]  # without the row letters
    assert len(cells) == 61
    assert sum(token in "wb" for token in cells) == placed
    bracketed = "".join(re.findall(r"\(([wb ]+)\)", "\n".join(board[1:10])))
    assert len(bracketed.replace(" ", "")) == len(record.turns[2].cells)
    assert not any(token in "WB" for token in cells)  # no capitals beside the row letters
    assert "after turn 3" in result.output


def test_show_svg_file_and_errors(tmp_path):
    path = write_lg(tmp_path / "g.sgf", random_game(8, turns=5))
    out = tmp_path / "b.svg"
    result = run("show", str(path), "--svg", str(out))
    assert result.exit_code == 0
    assert len(_parsed(out.read_text()).findall(".//svg:polygon", NS)) == 61
    assert run("show", str(path), "--turn", "99").exit_code == 2
    bad = write_lg(tmp_path / "bad.sgf", occupied_game())
    assert run("show", str(bad), "--turn", "4").exit_code == 0
    result = run("show", str(bad))
    assert result.exit_code == 1 and "error[occupied]" in result.stderr
    assert run("show", str(bad), "--turn", "5").exit_code == 1
