"""SVG pictures of hex positions, built with `xml.etree` (no dependencies).

`state_svg` returns an `SvgBoard`, a `str` whose `_repr_svg_` lets Jupyter show it inline (the
python-chess way); `catchup show --svg OUT` writes the same text to a file.

Layout: pointy-top hexagons, row A (axial r = -N) at the top, as Little Golem draws the board.
Every cell is a `<polygon class="cell" data-cell="E5">`; every stone a `<circle>` of class
`stone stone-c1` or `stone stone-c2` (its colour, which in too and product need not be the colour
of the player who placed it) with `data-colour` naming the colour and a fill to match, and `last`
added (and a small `last-mark` dot drawn on it) for the stones of the last turn. Cells given as
`marked_cells` (the cells a broken rule names) get the class `offending` and a thick dashed
outline. Row letters sit at the left end of each row, cell numbers at both ends of the lines along
which a number stays the same, and a caption gives scores and groups. The row letters and numbers
are Little Golem's unless `cell_names` gives a notation's own (Abstract Play's rows count from `a`
at the bottom; see `pictures.names`); `data-cell` is always the Little Golem name.

A board of another shape than hexhex is drawn cell by cell just the same, so its ragged edge and
its holes show as gaps; its rows carry their letters at both ends, and as a cell's number counts
from its own row's leftmost cell (not along a line of the grid), each cell shows its number,
small, under where a stone would go (`<text class="coord cell-number">`).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from catchup_notation.board import Board, Cell
from catchup_notation.escaping import printable
from catchup_notation.model import HexState
from catchup_notation.pictures.caption import caption_lines
from catchup_notation.pictures.names import CellNames, Parts, parts_of
from catchup_notation.rules.registry import parse_variant

DEFAULT_COLOURS = ("#fbfbf8", "#1f1f1f")  # colour 1's stones, colour 2's, when not named below
#: Fills for the stone colours the variants name; Black and White stay the board game's own.
NAMED_COLOURS = {"white": "#fbfbf8", "black": "#1f1f1f", "red": "#c8312b", "green": "#2f8f4e", "blue": "#2b5fb4"}
_EDGE_COLOURS = ("#555555", "#000000")
_CELL_FILL = "#e8c98f"
_CELL_STROKE = "#8a6a33"
_LAST_MARK = "#d62728"
#: The outline of `marked_cells`; a style rule, so that a page can mark cells by class alone.
OFFENDING_STYLE = ".cell.offending { stroke: #d62728; stroke-width: 3.5; stroke-dasharray: 5 3; }"

_R = 20.0  # hexagon circumradius, px
_W = math.sqrt(3) * _R  # width of a pointy-top hexagon
_MARGIN = 2 * _R
_CAPTION_LINE = 18.0
_CAPTION_CHAR = 7.2  # a generous width of one 13 px sans-serif character


class SvgBoard(str):
    """SVG text that Jupyter (and anything else that looks for `_repr_svg_`) renders as a picture."""

    def _repr_svg_(self) -> str:
        return self


def state_svg(
    state: HexState,
    *,
    last_turn_cells: Iterable[Cell] = (),
    names: tuple[str, str] | None = None,
    colours: tuple[str, str] | None = None,
    marked_cells: Iterable[Cell] = (),
    cell_fills: Mapping[Cell, str] | None = None,
    caption: bool | Sequence[str] = True,
    cell_names: CellNames | None = None,
) -> SvgBoard:
    """The position as SVG; `names` default to the variant's player names (White/Black, Red/Green),
    `colours` (SVG fills of colour 1 and 2) to the variant's stone colours; `marked_cells` (the
    cells a broken rule names) are outlined as offending; `cell_fills` paints chosen cells in other
    colours (a map of winning and losing moves, say); `caption` False leaves out the words under
    the board, and lines of text replace the position's own (scores and groups); `cell_names`
    (a notation's names of the cells, such as `Game.cell_names("abstractplay")`) label the rows
    and numbers where they are a row's letters and a number, Little Golem's by default."""
    variant = parse_variant(state.variant)
    spec, board = variant.spec, variant.board
    parts = parts_of(board, cell_names)
    names = names or spec.players
    if colours is None:
        colours = (
            NAMED_COLOURS.get(spec.colours[0].lower(), DEFAULT_COLOURS[0]),
            NAMED_COLOURS.get(spec.colours[1].lower(), DEFAULT_COLOURS[1]),
        )
    last = set(last_turn_cells)
    offending = set(marked_cells)

    # Pixel centres relative to the cell (0, 0); the viewBox fits the cells with room for labels.
    xs, ys = zip(*(_centre(cell) for cell in board.cells), strict=True)
    left, right = min(xs) - 1.5 * _W - _MARGIN / 2, max(xs) + 1.5 * _W + _MARGIN / 2
    top_edge, bottom = min(ys) - 1.5 * _R - _MARGIN / 2, max(ys) + 1.5 * _R + _MARGIN / 2
    if isinstance(caption, bool):
        words, given = (caption_lines(state, names) if caption else []), False
    else:  # lines of text instead of the position's own words
        words, given = list(caption), True
    words = [printable(line) for line in words]  # a control character in a name: XML has no place for one
    # A caption longer than the board is wide widens the picture (centred), or it would be clipped.
    spare = max((len(line) * _CAPTION_CHAR for line in words), default=0.0) + _R - (right - left)
    if spare > 0:
        left, right = left - spare / 2, right + spare / 2
    width = right - left
    height = bottom - top_edge + len(words) * _CAPTION_LINE + _R / 2

    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": f"{width:.0f}",
            "height": f"{height:.0f}",
            "viewBox": f"{left:.2f} {top_edge:.2f} {width:.2f} {height:.2f}",
            "class": "catchup-board",
        },
    )
    title = words[0] if words and given else f"{state.variant} after turn {state.turns_played}"
    ET.SubElement(svg, "title").text = title
    style = "text { font-family: sans-serif; fill: #333; } .coord { font-size: 11px; } .caption { font-size: 13px; }"
    ET.SubElement(svg, "style").text = style + (" " + OFFENDING_STYLE if offending else "")

    cells = ET.SubElement(svg, "g", {"class": "cells"})
    for cell in board.cells:
        x, y = _centre(cell)
        ET.SubElement(
            cells,
            "polygon",
            {
                "class": "cell offending" if cell in offending else "cell",
                "data-cell": board.label(cell),
                "points": _hexagon_points(x, y),
                "fill": (cell_fills or {}).get(cell, _CELL_FILL),
                "stroke": _CELL_STROKE,
                "stroke-width": "1",
            },
        )

    if board.side is None:  # numbers under the stones: they count along each row, not a grid line
        numbers = ET.SubElement(svg, "g", {"class": "cell-numbers"})
        for cell in board.cells:
            x, y = _centre(cell)
            attributes = {"class": "coord cell-number", "x": f"{x:.2f}", "y": f"{y:.2f}", "text-anchor": "middle"}
            attributes.update({"dominant-baseline": "central", "fill-opacity": "0.55"})
            ET.SubElement(numbers, "text", attributes).text = parts(cell)[1]

    stones = ET.SubElement(svg, "g", {"class": "stones"})
    for colour, placed in enumerate(state.stones, start=1):
        for cell in placed:
            x, y = _centre(cell)
            marked = cell in last
            ET.SubElement(
                stones,
                "circle",
                {
                    "class": f"stone stone-c{colour}" + (" last" if marked else ""),
                    "data-cell": board.label(cell),
                    "data-colour": spec.colours[colour - 1],
                    "cx": f"{x:.2f}",
                    "cy": f"{y:.2f}",
                    "r": f"{_R * 0.72:.2f}",
                    "fill": colours[colour - 1],
                    "stroke": _EDGE_COLOURS[colour - 1],
                    "stroke-width": "1.5",
                },
            )
            if marked:
                ET.SubElement(
                    stones,
                    "circle",
                    {
                        "class": "last-mark",
                        "cx": f"{x:.2f}",
                        "cy": f"{y:.2f}",
                        "r": f"{_R * 0.22:.2f}",
                        "fill": _LAST_MARK,
                    },
                )

    coords = ET.SubElement(svg, "g", {"class": "coordinates"})
    for text, (x, y) in _edge_labels(board, parts):
        label = ET.SubElement(
            coords,
            "text",
            {
                "class": "coord",
                "x": f"{x:.2f}",
                "y": f"{y:.2f}",
                "text-anchor": "middle",
                "dominant-baseline": "central",
            },
        )
        label.text = text

    captions = ET.SubElement(svg, "g", {"class": "caption"})
    top = bottom - _MARGIN / 4 + _R / 2
    middle = (left + right) / 2
    for i, line in enumerate(words):
        caption_line = ET.SubElement(
            captions,
            "text",
            {"class": "caption", "x": f"{middle:.2f}", "y": f"{top + i * _CAPTION_LINE:.2f}", "text-anchor": "middle"},
        )
        caption_line.text = line

    return SvgBoard(ET.tostring(svg, encoding="unicode"))


def board_svg(board: Board) -> SvgBoard:
    """A picture of an empty board, with no caption."""
    start = parse_variant("catchup", board=board).new_game().state()
    assert isinstance(start, HexState)
    return state_svg(start, caption=False)


def _centre(cell: Cell) -> tuple[float, float]:
    q, r = cell
    return _W * (q + r / 2), 1.5 * _R * r


def _hexagon_points(x: float, y: float) -> str:
    corners = (math.radians(60 * i - 30) for i in range(6))
    return " ".join(f"{x + _R * math.cos(a):.2f},{y + _R * math.sin(a):.2f}" for a in corners)


def _edge_labels(board: Board, parts: Parts) -> list[tuple[str, tuple[float, float]]]:
    """Row letters at the left end of each row; each cell number at both ends of its line.

    In LG names a number stays the same along a line that runs down-left in the top half of the
    board and down-right in the bottom half, so a number's label goes just past the board where
    such a line leaves it (above/right in the top half, below/right in the bottom half).
    """
    labels = []
    for row in board.rows:
        q0, r = row[0]
        labels.append((parts(row[0])[0], _shrink_towards(_centre((q0 - 1, r)), _centre(row[0]))))
        if board.side is None:  # the letter at the right end too; the numbers are in the cells
            q1 = row[-1][0]
            labels.append((parts(row[-1])[0], _shrink_towards(_centre((q1 + 1, r)), _centre(row[-1]))))
    if board.side is None:
        return labels
    for cell in board.cells:
        q, r = cell
        number = parts(cell)[1]
        if r <= 0 and (q + 1, r - 1) not in board:
            labels.append((number, _shrink_towards(_centre((q + 1, r - 1)), _centre(cell))))
        if r >= 0 and (q, r + 1) not in board:
            labels.append((number, _shrink_towards(_centre((q, r + 1)), _centre(cell))))
    return labels


def _shrink_towards(point: tuple[float, float], anchor: tuple[float, float], keep: float = 0.75) -> tuple[float, float]:
    """A label a little closer to its cell than a whole cell away, so it reads as belonging to it."""
    return anchor[0] + keep * (point[0] - anchor[0]), anchor[1] + keep * (point[1] - anchor[1])
