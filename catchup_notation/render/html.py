"""Self-contained HTML pages that replay games: one game (`game_page`) or a whole archive
(`write_report`), and the same viewer inline in Jupyter (`notebook_html`).

A page needs nothing but itself: the stylesheet, the script (`viewer/`), the board drawings and
the data are all inside it, and its Content-Security-Policy forbids every request, so it opens
from disk, mails as one attachment and never calls out.

What the page shows is computed here, by the library (`viewdata.game_view`): the script only
draws it. The board is the library's own SVG drawing (`svg.state_svg`): a game page carries the
drawing of the position it opens at, a report one empty board per variant in a `<template>`; the
script then places stones built from the library's own drawing of a stone (`board_look`), so every
position looks exactly like `Position.svg()`.

A report streams: each game's data is written to a spool as it is read, grouped in blocks of
`BLOCK` games that are gzip-compressed and base64-encoded (a browser unpacks one block when one
of its games is opened). The table of games is plain HTML inside `<noscript>`: the whole table
without the script; with it, the script parses the rows and shows `PAGE_ROWS` at a time.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import shutil
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import IO, TYPE_CHECKING, Any

import attrs

from catchup_notation.escaping import printable, printable_lines
from catchup_notation.game import Game, cell_namer
from catchup_notation.model import HexState
from catchup_notation.pictures.svg import state_svg
from catchup_notation.pictures.text import player_symbols
from catchup_notation.render.viewdata import JSON, game_view
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.limits import EndgameLimits
from catchup_notation.version import __version__

if TYPE_CHECKING:
    from catchup_notation.engine.review import Review
    from catchup_notation.review_report import ReviewReport

#: Games per compressed block of a report: one block is unpacked when one of its games is opened.
BLOCK = 64
#: Rows of a report's table shown at a time.
PAGE_ROWS = 200
#: Games in a report up to which each also gets its static list of positions (for reading
#: without JavaScript); larger reports keep only the table, so that they stay small.
STATIC_GAMES = 20
#: Below this contrast of the two stone fills the viewer writes the colour's letter on each stone.
LETTER_CONTRAST = 3.0

_SVG_NS = "{http://www.w3.org/2000/svg}"
_OUTCOMES = ("valid", "invalid", "unreadable")


@attrs.frozen
class ReportCounts:
    """How many records a report holds, by outcome (valid, invalid, unreadable)."""

    #: Records whose every turn is legal.
    valid: int = 0
    #: Records with a turn that breaks the rules.
    invalid: int = 0
    #: Records that could not be read.
    unreadable: int = 0

    @property
    def total(self) -> int:
        return self.valid + self.invalid + self.unreadable


# ---------------------------------------------------------------------------------------------
# Public entry points


def game_page(
    game: Game,
    *,
    endgame: EndgameLimits | None = None,
    title: str | None = None,
    review: Reviewed | None = None,
    labels: str | None = None,
) -> str:
    """One game as a self-contained HTML page that opens at its final position (or at the turn
    that broke the rules); `endgame` (how far to search) adds the perfect-play line of an
    unfinished game; `review` (a review and its report) the win-chance graph under the board, the
    classes in the move list and the best line of every position, steppable on the board; the
    board and the moves name cells in notation `labels` (default: the record's own)."""
    data = game_view(game, endgame=endgame, texts=True, labels=labels)
    _add_review(game, data, review, labels)
    texts = data.pop("texts", [])
    looks = _Looks()
    board = _opening_board(game, data, labels) if looks.add(data) is not None else ""
    body = _viewer_section(data, texts, board=board, report=False) + _json_script("game-0", data)
    body += looks.scripts(templates=False)
    page = {"mode": "game", "count": 1}
    return _page(title or _game_title(data), _game_header(), body, page)


def write_report(
    games: Iterable[Game],
    out: IO[str],
    *,
    title: str = "Catchup records",
    endgame: EndgameLimits | None = None,
    reviews: Callable[[int], Reviewed | None] | None = None,
    labels: str | None = None,
) -> ReportCounts:
    """Write a report page of `games` to `out`: the counts, a sortable table linking to each
    game's viewer (`#game=N&turn=T`), and every game's data, compressed. Memory stays flat: the
    games are read one at a time and spooled to temporary files until the counts are known.
    `reviews(n)` gives the review of game n (and its report) to show with it, if any; each game's
    board and moves name cells in notation `labels` (default: each record's own)."""
    counts: Counter[str] = Counter()
    looks = _Looks()
    with (
        tempfile.TemporaryFile("w+", encoding="utf-8") as rows,
        tempfile.TemporaryFile("w+", encoding="utf-8") as blocks,
        tempfile.TemporaryFile("w+", encoding="utf-8") as statics,
    ):
        block: list[JSON] = []
        for number, game in enumerate(games):
            static = number < STATIC_GAMES
            data = game_view(game, number=number, endgame=endgame, texts=static, labels=labels)
            _add_review(game, data, reviews(number) if reviews is not None else None, labels)
            texts = data.pop("texts", [])
            counts[data["outcome"]] += 1
            looks.add(data)
            rows.write(_table_row(data))
            if static:
                statics.write(_static_game(data, texts, heading=True))
            block.append(data)
            if len(block) == BLOCK:
                blocks.write(_block_script(block))
                block = []
        if block:
            blocks.write(_block_script(block))
        total = counts.total()
        result = ReportCounts(**{k: counts[k] for k in _OUTCOMES})
        header = _report_header(title, result)
        page = {"mode": "report", "count": total, "block": BLOCK, "title": title, "pageRows": PAGE_ROWS}
        out.write(_page_head(title, header, page))
        out.write(_LIST_START)
        rows.seek(0)
        shutil.copyfileobj(rows, out)
        out.write(_LIST_END)
        out.write(_viewer_section(None, [], board="", report=True))
        out.write("<noscript><section class='static'>")
        if total > STATIC_GAMES:
            out.write(
                f"<p>The positions of the first {STATIC_GAMES} games are listed below; the viewer needs "
                "JavaScript, or make a page of one game with <code>catchup view FILE --record N</code>.</p>"
            )
        statics.seek(0)
        shutil.copyfileobj(statics, out)
        out.write("</section></noscript>")
        out.write(looks.scripts(templates=True))
        blocks.seek(0)
        shutil.copyfileobj(blocks, out)
        out.write(_page_tail())
    return result


#: A game's review and its report, as the viewer takes them.
Reviewed = tuple["Review", "ReviewReport"]


def _add_review(game: Game, data: JSON, review: Reviewed | None, labels: str | None) -> None:
    if review is not None and data.get("family") == "hex" and data.get("pos"):
        from catchup_notation.render.reviewview import review_view

        data["review"] = review_view(game, *review, labels=labels)


def report_page(games: Iterable[Game], **options: Any) -> str:
    """`write_report` into a string."""
    import io

    out = io.StringIO()
    write_report(games, out, **options)
    return out.getvalue()


def notebook_html(game: Game, *, height: int = 760) -> str:
    """The game page in an isolated frame, for Jupyter's `_repr_html_` (its styles and keys stay
    inside the frame, and the frame runs the viewer whether or not the notebook is trusted)."""
    page = game_page(game)
    label = _safe(" vs ".join(game.players) if game.readable else str(game.source), quote=True)
    return (
        f'<iframe title="{label}" srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'style="width: 100%; height: {height}px; border: 1px solid #ccc; border-radius: 4px;"></iframe>'
    )


# ---------------------------------------------------------------------------------------------
# The look of a board: what the script needs to draw stones exactly as `state_svg` does


@cache
def board_look(variant: str) -> JSON:
    """The cell names and centres of `variant`'s board and the attributes of its stones and
    last-turn mark, read off the library's own drawing of a board covered in stones."""
    chosen = parse_variant(variant)
    board = chosen.board
    cells = board.cells
    state = HexState(
        variant=str(chosen),
        turns_played=0,
        to_move=None,
        stones=(cells[1:], cells[:1]),
        groups=((), ()),
        scores=(0, 0),
        allowance=None,
        over=False,
    )
    drawing = ET.fromstring(state_svg(state, last_turn_cells=cells))
    centres: dict[str, list[str]] = {}
    stone: list[dict[str, str]] = [{}, {}]
    mark: dict[str, str] = {}
    for circle in drawing.iter(f"{_SVG_NS}circle"):
        classes = circle.get("class", "").split()
        attributes = {k: v for k, v in circle.attrib.items() if k not in ("class", "cx", "cy", "data-cell")}
        if "stone" in classes:
            centres[circle.get("data-cell", "")] = [circle.get("cx", "0"), circle.get("cy", "0")]
            colour = 1 if "stone-c1" in classes else 2
            stone[colour - 1] = attributes
        elif "last-mark" in classes:
            mark = attributes
    labels = [board.label(cell) for cell in cells]
    fills = (stone[0].get("fill", "#fff"), stone[1].get("fill", "#000"))
    return {
        "variant": str(chosen),
        "cells": labels,
        "xy": [centres[label] for label in labels],
        "stone": stone,
        "mark": mark,
        "letters": [s.upper() for s in player_symbols(chosen.spec.colours)],
        "useLetters": contrast(*fills) < LETTER_CONTRAST,
        # A letter reads best in white on a dark stone and in black on a light one.
        "ink": ["on-light" if _luminance(fill) > 0.18 else "on-dark" for fill in fills],
    }


def _luminance(colour: str) -> float:
    """The WCAG relative luminance of a `#rrggbb` colour (0 black to 1 white)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two `#rrggbb` colours (1 to 21)."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class _Looks:
    """The boards a page draws (a variant's, labelled in a notation), each given a number once."""

    def __init__(self) -> None:
        self.keys: dict[tuple[str, str], int] = {}

    def add(self, data: JSON) -> int | None:
        variant = data.get("variant")
        if variant is None or data.get("family") != "hex":
            return None
        key = self.keys.setdefault((variant, data.get("labels") or "lg"), len(self.keys))
        data["look"] = key
        return key

    def scripts(self, *, templates: bool) -> str:
        out = []
        for (variant, labels), key in self.keys.items():
            out.append(_json_script(f"look-{key}", board_look(variant)))
            if templates:  # a report draws each game on a fresh copy of its variant's empty board
                chosen = parse_variant(variant)
                start = chosen.new_game().state()
                assert isinstance(start, HexState)
                names = cell_namer(labels, chosen.board)
                out.append(f'<template id="board-{key}">{state_svg(start, cell_names=names)}</template>')
        return "".join(out)


def _opening_board(game: Game, data: JSON, labels: str | None) -> str:
    """The drawing of the position a game page opens at: the last one, with the cells of the
    broken rule marked when a turn broke one (the script takes this drawing over)."""
    positions = list(game.positions(labels))
    final = positions[-1] if positions else None
    if final is None or not isinstance(final.state, HexState):
        return ""
    error = data.get("error") or {}
    marked = [final.variant.board.cells[i] for i in error.get("mark", [])]
    last, names = final.last_cells, final.names
    return state_svg(final.state, last_turn_cells=last, names=names, marked_cells=marked, cell_names=final.cell_names)


# ---------------------------------------------------------------------------------------------
# Page parts


@cache
def _asset(name: str) -> str:
    return (resources.files("catchup_notation.render") / "viewer" / name).read_text(encoding="utf-8")


def _script_hash(script: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")


def _page_head(title: str, header: str, page: JSON) -> str:
    script = _asset("viewer.js")
    policy = f"default-src 'none'; script-src '{_script_hash(script)}'; style-src 'unsafe-inline'"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f'<meta name="generator" content="catchup-notation {html.escape(__version__)}">\n'
        f"<title>{_safe(title)}</title>\n"
        f"<style>\n{_asset('viewer.css')}</style>\n</head>\n"
        f'<body class="mode-{page["mode"]}">\n'
        f"{header}\n<main>\n" + _json_script("page-data", page)
    )


def _page_tail() -> str:
    return f"</main>\n<script>{_asset('viewer.js')}</script>\n</body>\n</html>\n"


def _page(title: str, header: str, body: str, page: JSON) -> str:
    return _page_head(title, header, page) + body + _page_tail()


def _safe(text: str, quote: bool = True) -> str:
    """Text of a record for the page: control characters escaped (`escaping`), then HTML's own."""
    return html.escape(printable(text), quote=quote)


def _safe_lines(text: str) -> str:
    """`_safe` for a block whose line breaks are its own (a board, a message with its caret)."""
    return html.escape(printable_lines(text))


def _json_script(element_id: str, data: Any) -> str:
    # "<" is escaped so that no string in the data can end the script element early.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{element_id}">{text}</script>\n'


def _block_script(games: list[JSON]) -> str:
    """Games n..n+BLOCK-1 (n a multiple of BLOCK) as block n // BLOCK: gzip, then base64."""
    number = games[0]["n"] // BLOCK
    text = json.dumps(games, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.b64encode(gzip.compress(text, compresslevel=9, mtime=0)).decode("ascii")
    return f'<script type="application/gzip" id="block-{number}">{packed}</script>\n'


def _game_title(data: JSON) -> str:
    first, second = data.get("players") or ("?", "?")
    return f"{first} vs {second}" if data.get("variant") else str(data.get("source"))


def _game_meta(data: JSON) -> str:
    parts = [data.get("source") or "", data.get("format") or "", data.get("brief") or data.get("variant") or ""]
    if data.get("turns") is not None:
        parts.append(f"{data['turns']} turn{'s' if data['turns'] != 1 else ''}")
    return " · ".join(p for p in parts if p)


def _game_header() -> str:
    return '<header><p class="brand">catchup-notation viewer</p></header>'


def _report_header(title: str, counts: ReportCounts) -> str:
    spans = " ".join(
        f'<span class="count {name}" data-count="{name}">{getattr(counts, name)} {name}</span>' for name in _OUTCOMES
    )
    records = f"{counts.total} record{'s' if counts.total != 1 else ''}"
    return (
        f'<header><p class="brand">catchup-notation viewer</p><h1>{_safe(title)}</h1>'
        f'<p class="counts" id="counts"><span class="count total">{records}</span>: {spans}</p></header>'
    )


_ICONS = {
    "first": "M5 4h2v16H5zM19 4v16L8 12z",
    "prev": "M17 4v16L6 12z",
    "next": "M7 4v16l11-8z",
    "last": "M17 4h2v16h-2zM5 4v16l11-8z",
}
_BUTTONS = (
    ("first", "First position (Home)"),
    ("prev", "Previous turn (Left arrow)"),
    ("next", "Next turn (Right arrow)"),
    ("last", "Last position (End)"),
)


def _button(name: str, label: str) -> str:
    icon = f'<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="{_ICONS[name]}"/></svg>'
    return f'<button type="button" id="{name}" class="step" aria-label="{label}" title="{label}">{icon}</button>'


def _viewer_section(data: JSON | None, texts: list[str], *, board: str, report: bool) -> str:
    """The viewer's frame: filled in by the script; a game page also fills it for reading without."""
    title = _safe(_game_title(data)) if data else ""
    meta = _safe(_game_meta(data)) if data else ""
    buttons = [_button(name, label) for name, label in _BUTTONS]
    nav = (
        '<nav class="game-nav" aria-label="Games"><a href="#" id="to-list">All games</a> '
        '<a href="#" id="prev-game">Previous game</a> <a href="#" id="next-game">Next game</a></nav>'
        if report
        else ""
    )
    static = _static_game(data, texts, heading=False) if data else ""
    return (
        f'<section id="game" aria-labelledby="game-title"{" hidden" if report else ""}>{nav}'
        f'<h2 id="game-title" tabindex="-1">{title}</h2><p id="game-meta" class="meta">{meta}</p>'
        '<div id="game-error" class="problem" role="alert" hidden></div>'
        '<div class="viewer">'
        f'<figure id="board-area"><div id="board">{board}</div><div id="numbers" hidden></div>'
        '<div id="controls" class="controls" hidden>'
        f"{buttons[0]}{buttons[1]}"
        '<input type="range" id="slider" min="0" max="0" value="0" aria-label="Turn">'
        f"{buttons[2]}{buttons[3]}"
        '<output id="turn-label" for="slider"></output></div>'
        '<label class="letters" hidden><input type="checkbox" id="letters"> letters on stones</label>'
        '<div id="win-box" class="win" hidden><h3>Chance of winning</h3><div id="win-chart"></div>'
        '<p id="win-legend" class="legend"></p></div>'
        "</figure>"
        '<div class="panels">'
        '<section id="position" class="panel" aria-live="polite" hidden></section>'
        '<section id="line-box" class="panel" hidden><h3>Best line</h3><p id="line-from" class="why"></p>'
        '<ol id="line"></ol><button type="button" id="line-back">Back to the game</button></section>'
        '<section id="chart-box" class="panel" hidden><h3>Score track</h3><div id="chart"></div>'
        '<p id="chart-legend" class="legend"></p></section>'
        '<section id="verdict" class="panel" hidden></section>'
        '<section id="moves-box" class="panel" hidden><h3>Moves</h3><ol id="moves"></ol></section>'
        "</div></div>"
        f"<noscript>{static}</noscript>"
        "</section>\n"
    )


_COLUMNS = (
    ("n", "#"),
    ("source", "Source"),
    ("players", "Players"),
    ("variant", "Variant"),
    ("turns", "Turns"),
    ("status", "Status"),
    ("winner", "Winner"),
)
# The rows are written once, inside <noscript>: without a script they are a plain table; with one,
# the script parses them off the page (a browser lays out 10,000 table rows slowly, but parses them
# fast) and shows them a page at a time, sorted and filtered.
_LIST_START = (
    '<section id="list" aria-label="Records">'
    '<div class="filters" hidden><label>Filter <input type="search" id="filter" '
    'placeholder="player, file, variant..."></label> '
    '<label>Status <select id="status-filter"><option value="">all</option>'
    '<option value="valid">valid</option><option value="invalid">invalid</option>'
    '<option value="unreadable">unreadable</option></select></label></div>'
    '<table id="games" hidden><thead><tr>'
    + "".join(f'<th scope="col" data-key="{k}"><button type="button">{label}</button></th>' for k, label in _COLUMNS)
    + "</tr></thead><tbody></tbody></table>"
    '<nav id="pager" class="pager" aria-label="Pages of records" hidden>'
    '<button type="button" id="page-prev">Previous page</button> <span id="page-info" aria-live="polite"></span> '
    '<button type="button" id="page-next">Next page</button></nav>'
    '<noscript id="rows"><table class="games"><thead><tr>'
    + "".join(f'<th scope="col">{label}</th>' for _, label in _COLUMNS)
    + "</tr></thead><tbody>\n"
)
_LIST_END = "</tbody></table></noscript></section>\n"


def _table_row(data: JSON) -> str:
    n = data["n"]
    players = " vs ".join(data.get("players") or ())
    status = data.get("status") or data["outcome"]
    error = data.get("error") or {}
    shown = status
    if status == "invalid" and error.get("turn"):
        shown = f"invalid at turn {error['turn']}"
    winner = data.get("winner") or ("draw" if (data.get("verdict") or {}).get("draw") else "")
    note = f' title="{_safe(error["message"], quote=True)}"' if error.get("message") else ""
    turns = data.get("turns")
    cells = [
        f"<td>{n}</td>",
        f'<td><a href="#game={n}">{_safe(data["source"])}</a></td>',
        f"<td>{_safe(players)}</td>",
        f"<td>{_safe(data.get('brief') or data.get('variant') or '')}</td>",
        f'<td data-v="{turns if turns is not None else -1}">{turns if turns is not None else ""}</td>',
        f'<td data-v="{_safe(status)}"{note}>{_safe(shown)}</td>',
        f"<td>{_safe(winner)}</td>",
    ]
    return f'<tr data-n="{n}" data-outcome="{data["outcome"]}">{"".join(cells)}</tr>\n'


# ---------------------------------------------------------------------------------------------
# Reading without JavaScript: the verdict, the moves and every position as a text board


def _static_game(data: JSON, texts: list[str], *, heading: bool) -> str:
    parts = []
    if heading:
        parts.append(f'<h2 id="static-{data["n"]}">{_safe(_game_title(data))}</h2>')
        parts.append(f'<p class="meta">{_safe(_game_meta(data))}</p>')
    error = data.get("error")
    if error:
        parts.append(f'<pre class="problem">{_safe_lines(error.get("text") or error["message"])}</pre>')
    verdict = data.get("verdict")
    if verdict:
        parts.append(f"<p><strong>Verdict:</strong> {_safe(verdict['explanation'])}</p>")
    if data.get("endgame"):
        parts.append(f"<p><strong>Endgame:</strong> {_safe(data['endgame']['explanation'])}</p>")
    positions = data.get("pos") or []
    if not positions:
        return f'<div class="static">{"".join(parts)}</div>'
    rows = []
    for number, move in enumerate(data.get("moves") or (), start=1):
        before = positions[number - 1] if number - 1 < len(positions) else None
        after = positions[number] if number < len(positions) else None
        allowed = _safe(f"{before['allow']}: {before['why']}") if before and before.get("allow") else ""
        scores = "-".join(map(str, after["s"])) if after else "not replayed"
        rows.append(
            f"<tr><td>{number}</td><td>{_safe(data['players'][move['p'] - 1])}</td>"
            f"<td>{_safe(move['m'])}</td><td>{allowed}</td><td>{scores}</td></tr>"
        )
    parts.append(
        '<table class="static-moves"><caption>Moves</caption><thead><tr><th scope="col">Turn</th>'
        '<th scope="col">Player</th><th scope="col">Move</th><th scope="col">Allowed, and why</th>'
        f'<th scope="col">Scores after</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
    for number, text in enumerate(texts):
        parts.append(
            f'<h3 id="position-{data["n"]}-{number}">After turn {number}</h3><pre class="text-board">'
            f"{_safe_lines(text)}</pre>"
        )
    return f'<div class="static">{"".join(parts)}</div>'
