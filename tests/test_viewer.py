"""The HTML viewer without a browser: its data is the library's, its pages are self-contained,
reports stream and compress, and `catchup view` writes them (the browser tests drive the pages)."""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_records import occupied_game, random_game, run, write_lg

import catchup_notation as cn
from catchup_notation.game import Game
from catchup_notation.pictures.svg import state_svg
from catchup_notation.render import html as viewer
from catchup_notation.render.viewdata import allowed_words, game_view
from catchup_notation.reports import endgame_report
from catchup_notation.rules.scoring import format_groups
from catchup_notation.solvers.limits import EndgameLimits

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
QUIRKS = Path(__file__).resolve().parent / "quirks"


def scripts(page: str) -> dict[str, str]:
    """The text of every script element with an id, by id."""
    return dict(re.findall(r'<script type="application/[a-z]+" id="([^"]+)">(.*?)</script>', page, re.S))


def game_data(page: str) -> dict:
    return json.loads(scripts(page)["game-0"])


def report_games(page: str) -> list[dict]:
    found = []
    for key, text in sorted(scripts(page).items()):
        if key.startswith("block-"):
            found.extend(json.loads(gzip.decompress(base64.b64decode(text))))
    return sorted(found, key=lambda data: data["n"])


# ---------------------------------------------------------------------------------------------
# The data is what the library computed


@pytest.mark.parametrize("source", ["littlegolem-collection.sgf", "predecessors.jsonl", "library.jsonl"])
def test_view_data_replays_the_library_positions(source):
    for game in cn.read(EXAMPLES / source):
        data = game_view(game)
        positions = list(game.positions())
        assert len(data["pos"]) == len(positions)
        assert [move["m"] for move in data["moves"]] == [game.turn_text(turn) for turn in game.turns]
        board = positions[0].variant.board
        placed: list[set[str]] = [set(), set()]
        for item, position in zip(data["pos"], positions, strict=True):
            state = position.state
            for colour in (0, 1):
                placed[colour] |= {board.label(board.cells[i]) for i in item["add"][colour]}
                assert placed[colour] == {board.label(cell) for cell in state.stones[colour]}
            assert item["s"] == list(state.scores)
            assert item["g"] == [format_groups(state.groups[0]), format_groups(state.groups[1])]
            assert item["to"] == state.to_move and item["over"] == state.over
            if state.allowance is not None:
                assert item["why"] == state.allowance.reason
                assert item["allow"] == allowed_words(state.allowance.counts)
        result = game.result()
        assert data["verdict"]["explanation"] == result.explanation
        assert data["verdict"]["decidedAt"] == result.decided_at


def test_number_set_games_carry_what_remains():
    game = next(cn.read(EXAMPLES / "isaksen-2015.numbers"))
    data = game_view(game)
    assert data["family"] == "numbers"
    assert [item["rem"] for item in data["pos"]] == [list(p.state.remaining) for p in game.positions()]
    assert [move["m"] for move in data["moves"]] == [" ".join(map(str, t.numbers)) for t in game.turns]


def test_allowed_words():
    assert allowed_words((1,)) == "1 stone"
    assert allowed_words((1, 2, 3)) == "1, 2 or 3 stones"
    assert allowed_words((0, 1)) == "pass or 1 stone"
    assert allowed_words((0,)) == "pass"


def test_a_broken_rule_marks_its_cells_on_the_last_legal_position():
    game = Game(occupied_game())
    data = game_view(game)
    (problem,) = game.errors
    error = data["error"]
    assert error["turn"] == problem.error.turn == len(data["pos"])  # the viewer opens at that turn
    board = game.variant.board
    assert [board.cells[i] for i in error["mark"]] == sorted(problem.error.cells, key=board.index.get)
    assert error["message"] == problem.message


def test_an_unreadable_record_keeps_its_caret():
    game = next(cn.read(QUIRKS / "broken-then-good.sgf"))
    data = game_view(game)
    assert data["outcome"] == data["status"] == "unreadable"
    assert data["error"]["text"] == str(game.reading_error) and "^" in data["error"]["text"]
    assert data["pos"] == [] and data["variant"] is None


# ---------------------------------------------------------------------------------------------
# Pages are self-contained


class _Refs(HTMLParser):
    """Every attribute that could load something, and every element name."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("src", "srcset", "data", "poster", "action") or (name == "href" and tag != "a"):
                self.loads.append(f"{tag} {name}={value}")
            if name == "href" and tag == "a" and value and not value.startswith("#"):
                self.loads.append(f"a href={value}")


def test_a_game_page_loads_nothing_and_allows_only_its_own_script():
    game = list(cn.read(EXAMPLES / "littlegolem-collection.sgf"))[2]
    page = viewer.game_page(game)
    refs = _Refs()
    refs.feed(page)
    assert refs.loads == []
    assert not {"link", "img", "iframe", "object", "embed"} & refs.tags
    names_only = page.replace("http://www.w3.org/2000/svg", "")  # the SVG namespace is a name, not a request
    assert "@import" not in page and "url(" not in page
    assert "http://" not in names_only and "https://" not in names_only
    (script,) = re.findall(r"<script>(.*?)</script>", page, re.S)
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src 'none'" in policy
    assert f"'{viewer._script_hash(script)}'" in policy  # the page's script, and no other, may run


def test_data_cannot_end_its_script_element():
    record = random_game(3, turns=4)
    sneaky = "</script><script>alert(1)</script>"
    game = Game(cn.Record(record.variant, record.turns, players=(sneaky, "b&b")))
    page = viewer.game_page(game)
    assert "<script>alert(1)" not in page
    assert game_data(page)["players"][0].startswith(sneaky)


def test_the_opening_board_is_the_library_drawing_of_the_opening_position():
    game = Game(occupied_game())
    page = viewer.game_page(game)
    drawn = re.search(r'<div id="board">(<svg.*?</svg>)</div>', page, re.S).group(1)
    final = game.position(-1)
    (problem,) = game.errors
    expected = state_svg(
        final.state, last_turn_cells=final.last_cells, names=final.names, marked_cells=problem.error.cells
    )
    assert drawn == expected


def test_the_board_look_is_read_off_the_library_drawing():
    look = viewer.board_look("ketchup-3(size=5)")
    drawing = ET.fromstring(Game(random_game(2, "ketchup-3", turns=6)).position(-1).svg())
    ns = "{http://www.w3.org/2000/svg}"
    for circle in drawing.iter(f"{ns}circle"):
        classes = circle.get("class").split()
        if "stone" in classes:
            colour = 1 if "stone-c1" in classes else 2
            for key, value in look["stone"][colour - 1].items():
                assert circle.get(key) == value
            index = look["cells"].index(circle.get("data-cell"))
            assert look["xy"][index] == [circle.get("cx"), circle.get("cy")]
    assert look["useLetters"]  # red and green stones differ by hue only
    assert not viewer.board_look("catchup")["useLetters"]  # white and black differ by lightness


def test_svg_marks_offending_cells_only_when_asked():
    state = Game(random_game(4, turns=5)).position(-1).state
    plain = state_svg(state)
    assert "offending" not in plain
    marked = ET.fromstring(state_svg(state, marked_cells=[(0, 0), (1, -1)]))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    outlined = [p.get("data-cell") for p in marked.findall(".//svg:polygon", ns) if "offending" in p.get("class")]
    assert sorted(outlined) == ["D5", "E5"]


def test_a_75_turn_side_7_game_page_stays_small():
    game = list(cn.read(EXAMPLES / "littlegolem-collection.sgf"))[2]
    assert len(game.turns) == 75 and game.variant.board.side == 7
    size = len(viewer.game_page(game).encode("utf-8"))
    assert size < 200_000  # about 170 kB, a third of it the positions as text for reading without a script


def test_repr_html_is_the_game_page_in_a_frame():
    game = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    frame = game._repr_html_()
    assert frame.startswith("<iframe") and 'sandbox="allow-scripts"' in frame
    srcdoc = re.search(r'srcdoc="([^"]*)"', frame).group(1)
    assert html.unescape(srcdoc) == viewer.game_page(game)


# ---------------------------------------------------------------------------------------------
# Reports


def test_a_report_counts_and_lists_every_record(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    for name in ("littlegolem-collection.sgf", "isaksen-2015.numbers"):
        (folder / name).write_bytes((EXAMPLES / name).read_bytes())
    (folder / "broken.sgf").write_bytes((QUIRKS / "broken-then-good.sgf").read_bytes())
    games = list(cn.read(folder))
    page = viewer.report_page(cn.read(folder), title="Archive")
    outcomes = [game_view(game)["outcome"] for game in games]
    counts = re.search(r'<p class="counts" id="counts">(.*?)</p>', page).group(1)
    for outcome in ("valid", "invalid", "unreadable"):
        assert f"{outcomes.count(outcome)} {outcome}" in counts
    assert f"{len(games)} records" in counts
    rows = re.findall(r'<tr data-n="(\d+)" data-outcome="(\w+)">', page)
    assert rows == [(str(n), outcome) for n, outcome in enumerate(outcomes)]
    assert "invalid at turn 3" in page
    unpacked = report_games(page)
    assert [data["source"] for data in unpacked] == [str(game.source) for game in games]
    for n in (1, 3, 7):  # invalid, number-set, hex: what the page carries is the library's view
        carried = {key: value for key, value in unpacked[n].items() if key != "look"}
        assert carried == game_view(games[n], number=n)


def test_a_report_packs_games_in_blocks_and_streams_them(tmp_path):
    records = [random_game(seed, turns=3 + seed % 5) for seed in range(viewer.BLOCK + 6)]
    path = write_lg(tmp_path / "many.sgf", *records)
    consumed = []

    def streamed():
        for game in cn.read(path):
            consumed.append(game.source.index)
            yield game

    page = viewer.report_page(streamed())
    blocks = sorted(key for key in scripts(page) if key.startswith("block-"))
    assert blocks == ["block-0", "block-1"]
    unpacked = report_games(page)
    assert [data["n"] for data in unpacked] == list(range(len(records)))
    assert consumed == list(range(len(records)))
    # Only the first few games get their positions as text boards (for reading without a script).
    assert page.count('class="text-board"') == sum(len(r.turns) + 1 for r in records[: viewer.STATIC_GAMES])


def test_write_report_counts(tmp_path):
    path = write_lg(tmp_path / "two.sgf", random_game(1, turns=5), occupied_game())
    with open(tmp_path / "out.html", "w", encoding="utf-8") as out:
        counts = viewer.write_report(cn.read(path), out)
    assert (counts.valid, counts.invalid, counts.unreadable, counts.total) == (1, 1, 0, 2)


# ---------------------------------------------------------------------------------------------
# The command


def test_view_writes_a_game_page_for_one_record(tmp_path):
    path = write_lg(tmp_path / "one.sgf", random_game(5, turns=9))
    out = tmp_path / "game.html"
    result = run("view", str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert '<body class="mode-game">' in page and len(game_data(page)["pos"]) == 10
    assert "1 record (1 valid, 0 invalid, 0 unreadable)" in result.stderr


def test_view_writes_a_report_for_many_and_exits_as_verify_does(tmp_path):
    path = write_lg(tmp_path / "two.sgf", random_game(1, turns=5), occupied_game())
    out = tmp_path / "report.html"
    result = run("view", str(path), "-o", str(out), "--title", "Two games")
    assert result.exit_code == 1  # written, but a record breaks a rule
    page = out.read_text(encoding="utf-8")
    assert '<body class="mode-report">' in page and "<h1>Two games</h1>" in page
    result = run("view", str(path), "--record", "1", "-o", "-")
    assert result.exit_code == 1
    assert game_data(result.stdout)["error"]["turn"] == 5


def test_view_of_an_unreadable_record_writes_its_error(tmp_path):
    out = tmp_path / "bad.html"
    result = run("view", str(QUIRKS / "broken-then-good.sgf"), "--record", "0", "-o", str(out))
    assert result.exit_code == 3
    assert game_data(out.read_text(encoding="utf-8"))["outcome"] == "unreadable"


def test_view_usage_errors(tmp_path):
    assert run("view", str(EXAMPLES), "--record", "0", "-o", str(tmp_path / "x.html")).exit_code == 2
    result = run("view", str(EXAMPLES / "littlegolem-collection.sgf"), "--record", "9", "-o", str(tmp_path / "x.html"))
    assert result.exit_code == 2 and "has no record 9" in result.output
    assert not (tmp_path / "x.html").exists()


def test_view_solve_endgame_adds_the_line(tmp_path):
    path = write_lg(tmp_path / "late.sgf", random_game(11, turns=34))  # 5 empty cells left
    game = next(cn.read(path))
    assert game.result().status == "unfinished"
    out = tmp_path / "late.html"
    run("view", str(path), "-o", str(out), "--solve-endgame", "--max-empty", "8")
    endgame = game_data(out.read_text(encoding="utf-8"))["endgame"]
    solved = endgame_report(game, EndgameLimits(max_empty=8))
    assert solved.solved and endgame["explanation"] == solved.explanation
    assert endgame["line"] == [turn.text for turn in solved.principal_line]
