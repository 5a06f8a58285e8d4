"""A review's chance of winning as an SVG picture (`win_chart`), drawn like the viewer's graph: the
first player's chance turn by turn, the engine's intervals as a band, proven positions as
squares, the turn the game was decided, and the classed turns as marks under the axis. It draws
itself in a notebook (`_repr_svg_`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from catchup_notation.pictures.svg import SvgBoard

if TYPE_CHECKING:
    from catchup_notation.engine.review import Review

WIDTH, HEIGHT = 640, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 26
#: The colours of the marks of each class (the viewer's).
CLASS_COLOURS = {"inaccuracy": "#7a5a00", "mistake": "#b84a00", "blunder": "#b3261e"}
LINE = "#0072b2"


def win_chart(review: Review, *, player: int = 1, title: str | None = None) -> SvgBoard:
    """`player`'s chance of winning over the game as SVG."""
    series = review.series(player)
    intervals = review.intervals(player)
    n = max(1, len(series) - 1)

    def x(t: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * t / n

    def y(v: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (1 - v)

    svg = ET.Element(
        "svg",
        {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {WIDTH} {HEIGHT}", "width": str(WIDTH), "role": "img"},
    )
    ET.SubElement(svg, "title").text = title or f"player {player}'s chance of winning over {n} turns"
    grey = {"stroke": "#b8b5aa", "stroke-width": "1"}
    ET.SubElement(svg, "line", {"x1": str(LEFT), "y1": str(y(0)), "x2": str(WIDTH - RIGHT), "y2": str(y(0)), **grey})
    ET.SubElement(svg, "line", {"x1": str(LEFT), "y1": str(y(1)), "x2": str(LEFT), "y2": str(y(0)), **grey})
    half = {"x1": str(LEFT), "y1": str(y(0.5)), "x2": str(WIDTH - RIGHT), "y2": str(y(0.5))}
    ET.SubElement(svg, "line", {**half, **grey, "stroke-dasharray": "4 4"})
    for level, words in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        _text(svg, LEFT - 4, y(level) + 4, words, "end")
    _text(svg, x(0), HEIGHT - 8, "0", "middle")
    _text(svg, x(n), HEIGHT - 8, str(n), "middle")
    if review.decided_at is not None:
        at = x(review.decided_at)
        line = {"x1": str(at), "y1": str(y(1)), "x2": str(at), "y2": str(y(0))}
        ET.SubElement(svg, "line", {**line, "stroke": "#226b35", "stroke-dasharray": "5 3"})
    run: list[int] = []  # a run of estimated positions: their intervals make one piece of the band
    for t in range(len(series) + 1):
        found = intervals[t] if t < len(series) else None
        if found is not None and not review.positions[t].exact:
            run.append(t)
            continue
        if len(run) > 1:
            upper = [f"{x(k):.1f},{y(intervals[k][1]):.1f}" for k in run]  # type: ignore[index]
            lower = [f"{x(k):.1f},{y(intervals[k][0]):.1f}" for k in reversed(run)]  # type: ignore[index]
            ET.SubElement(svg, "polygon", {"points": " ".join(upper + lower), "fill": LINE, "fill-opacity": "0.18"})
        run = []
    points: list[str] = []
    for t, value in enumerate([*series, None]):
        if value is not None:
            points.append(f"{x(t):.1f},{y(value):.1f}")
            continue
        if len(points) > 1:
            ET.SubElement(
                svg, "polyline", {"points": " ".join(points), "fill": "none", "stroke": LINE, "stroke-width": "2"}
            )
        points = []
    for t, value in enumerate(series):
        if value is not None and review.positions[t].exact:
            ET.SubElement(
                svg, "rect", {"x": f"{x(t) - 2.5:.1f}", "y": f"{y(value) - 2.5:.1f}", "width": "5", "height": "5"}
            )
    for turn in review.turns:
        if turn.judgement is not None:
            at, base = x(turn.number), y(0)
            mark = ET.SubElement(
                svg,
                "path",
                {
                    "d": f"M{at - 4:.1f},{base + 8:.1f} L{at + 4:.1f},{base + 8:.1f} L{at:.1f},{base + 1:.1f} Z",
                    "fill": CLASS_COLOURS[turn.judgement],
                },
            )
            ET.SubElement(mark, "title").text = f"turn {turn.number}: {turn.judgement}"
    return SvgBoard(ET.tostring(svg, encoding="unicode"))


def _text(parent: ET.Element, x: float, y: float, words: str, anchor: str) -> None:
    ET.SubElement(
        parent, "text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "text-anchor": anchor, "font-size": "10", "fill": "#5b5b55"}
    ).text = words
