"""The viewer in a real browser: Debian's Chromium, headless, driven by Playwright (which is told
where the browser is and never downloads one). Pages are opened from file:// and every request
they make is recorded: only the page itself may be loaded.

Waits go through locators, never `wait_for_function`: the pages' Content-Security-Policy forbids
the eval that Playwright's polling needs, as it forbids every script but the page's own.

Screenshots go to $CATCHUP_SCREENSHOTS when set (to look at them), else to the test's temporary
folder.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from chromium import chromium, screenshots
from cli_records import occupied_game, random_game, write_lg
from playwright.sync_api import Page, expect

import catchup_notation as cn
from catchup_notation.game import Game
from catchup_notation.pictures.caption import caption_lines
from catchup_notation.render import html as viewer

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
QUIRKS = Path(__file__).resolve().parent / "quirks"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with chromium(tmp_path_factory.mktemp("chromium-profile"), viewport={"width": 1200, "height": 900}) as context:
        context.set_default_timeout(5000)  # a page that does not do what a test waits for fails fast
        yield context


class Visit:
    """A page of the browser, with what it requested and every script error it raised."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))

    def check_clean(self, path: Path) -> None:
        assert self.errors == []
        assert {url.split("#")[0] for url in self.requests} == {path.as_uri()}


@pytest.fixture
def visit(browser):
    page = browser.new_page()
    seen = Visit(page)
    yield seen
    page.close()


@pytest.fixture
def shots(tmp_path) -> Path:
    return screenshots(tmp_path)


# ---------------------------------------------------------------------------------------------
# What the page shows


SHOWN = """() => {
    const cells = (selector) => Array.from(document.querySelectorAll(selector), (e) => e.dataset.cell).sort();
    return {
        c1: cells("#board .stone-c1"),
        c2: cells("#board .stone-c2"),
        last: cells("#board .stone.last"),
        captions: Array.from(document.querySelectorAll("#board g.caption text"), (e) => e.textContent),
        hash: location.hash,
    };
}"""


def shown(page: Page) -> dict:
    """The board's stones by colour, the last turn's stones, the caption lines and the fragment."""
    return page.evaluate(SHOWN)


def expected(position: cn.Position) -> dict:
    board = position.variant.board
    labels = lambda cells: sorted(board.label(cell) for cell in cells)  # noqa: E731
    return {
        "c1": labels(position.state.stones[0]),
        "c2": labels(position.state.stones[1]),
        "last": labels(position.last_cells),
        "captions": caption_lines(position.state, position.names),  # scores and groups, as drawn
    }


def assert_shows(page: Page, position: cn.Position) -> dict:
    seen = shown(page)
    assert {key: value for key, value in seen.items() if key != "hash"} == expected(position)
    return seen


def turn_in_hash(page: Page) -> int:
    return int(re.search(r"turn=(\d+)", page.url).group(1))


def write_page(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# Tests


def test_stepping_through_a_game_with_keys_and_slider(visit, tmp_path, shots):
    game = list(cn.read(EXAMPLES / "littlegolem-collection.sgf"))[2]  # 75 turns on the side-7 board
    positions = list(game.positions())
    path = write_page(tmp_path / "game.html", viewer.game_page(game))
    page = visit.page
    page.goto(path.as_uri() + "#turn=0")
    assert_shows(page, positions[0])
    for number in (1, 2, 3):  # the keyboard, key by key
        page.keyboard.press("ArrowRight")
        assert assert_shows(page, positions[number])["hash"] == f"#turn={number}"
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert assert_shows(page, positions[75])["hash"] == "#turn=75"
    page.keyboard.press("ArrowLeft")
    assert_shows(page, positions[74])
    page.keyboard.press("Home")
    assert_shows(page, positions[0])
    # Every position, stepping with the right arrow inside the page (one round trip, not 75).
    sweep = page.evaluate(
        f"""() => Array.from({{length: {len(positions) - 1}}}, () => {{
            document.dispatchEvent(new KeyboardEvent("keydown", {{key: "ArrowRight", bubbles: true}}));
            return ({SHOWN})();
        }})"""
    )
    for number, seen in enumerate(sweep, start=1):
        assert seen == {**expected(positions[number]), "hash": f"#turn={number}"}

    page.locator("#slider").fill("31")
    assert_shows(page, positions[31])
    assert page.locator("#turn-label").inner_text() == "Turn 31 of 75"
    page.locator("#slider").focus()
    page.keyboard.press("ArrowLeft")  # the slider's own keys step once, not twice
    assert_shows(page, positions[30])

    page.locator('#moves button[data-turn="12"]').click()
    assert_shows(page, positions[12])
    assert page.locator('#moves button[aria-current="step"]').get_attribute("data-turn") == "12"
    position_text = page.locator("#position").inner_text()
    allowance = positions[12].allowance
    assert allowance is not None and allowance.reason in position_text

    page.evaluate("location.hash = '#turn=44'")
    expect(page.locator("#slider")).to_have_value("44")
    assert_shows(page, positions[44])
    page.screenshot(path=shots / "game-turn-44.png", full_page=True)
    visit.check_clean(path)


def test_opening_at_a_turn_and_the_score_track(visit, tmp_path):
    game = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    positions = list(game.positions())
    path = write_page(tmp_path / "game.html", viewer.game_page(game))
    page = visit.page
    page.goto(path.as_uri() + "#turn=12")
    assert_shows(page, positions[12])
    points = page.eval_on_selector_all(
        "#chart polyline", "els => els.map(e => e.getAttribute('points').trim().split(' ').length)"
    )
    assert points == [len(positions), len(positions)]  # one point per position for each player
    page.goto(path.as_uri())  # no fragment: the final position, and the fragment says so
    assert_shows(page, positions[-1])
    assert turn_in_hash(page) == len(positions) - 1
    visit.check_clean(path)


def test_an_invalid_record_opens_at_the_turn_that_broke_the_rules(visit, tmp_path, shots):
    game = Game(occupied_game())
    (problem,) = game.errors
    failing = problem.error.turn
    positions = list(game.positions())
    path = write_page(tmp_path / "invalid.html", viewer.game_page(game))
    page = visit.page
    page.goto(path.as_uri())
    assert turn_in_hash(page) == failing
    assert_shows(page, positions[failing - 1])  # the board as it was when the illegal turn was tried
    board = game.variant.board
    marked = page.eval_on_selector_all("#board .cell.offending", "els => els.map(e => e.dataset.cell)")
    assert sorted(marked) == sorted(board.label(cell) for cell in problem.error.cells)
    assert problem.message in page.locator("#game-error").inner_text()
    assert "(illegal)" in page.locator("#turn-label").inner_text()
    page.screenshot(path=shots / "invalid.png", full_page=True)
    page.keyboard.press("ArrowLeft")  # before it, nothing is marked
    assert page.locator("#board .cell.offending").count() == 0
    assert_shows(page, positions[failing - 1])
    visit.check_clean(path)


def test_an_unreadable_record_shows_its_syntax_error(visit, tmp_path):
    game = next(cn.read(QUIRKS / "broken-then-good.sgf"))
    path = write_page(tmp_path / "unreadable.html", viewer.game_page(game))
    page = visit.page
    page.goto(path.as_uri())
    shown = page.locator("#game-error pre").inner_text()
    assert shown == str(game.reading_error)
    assert shown.splitlines()[-1].strip() == "^"
    assert page.locator("#board-area").is_hidden()
    visit.check_clean(path)


@pytest.fixture
def archive(tmp_path, monkeypatch) -> tuple[list[cn.Game], Path, viewer.ReportCounts]:
    """A report of the examples, a broken file and more games than one block (or page) holds."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for name in ("littlegolem-collection.sgf", "predecessors.jsonl", "isaksen-2015.numbers"):
        shutil.copy(EXAMPLES / name, folder)
    shutil.copy(QUIRKS / "broken-then-good.sgf", folder)
    write_lg(folder / "many.sgf", *(random_game(seed, turns=2 + seed % 9) for seed in range(viewer.BLOCK)))
    monkeypatch.setattr(viewer, "PAGE_ROWS", 30)  # three pages of rows
    path = tmp_path / "report.html"
    with open(path, "w", encoding="utf-8") as out:
        counts = viewer.write_report(cn.read(folder), out, title="Archive")
    return list(cn.read(folder)), path, counts


def rows_shown(page: Page) -> list[int]:
    return page.eval_on_selector_all("#games tbody tr", "els => els.map(e => Number(e.dataset.n))")


def test_a_report_of_an_archive(visit, archive, shots):
    games, path, counts = archive
    page = visit.page
    page.goto(path.as_uri())
    assert page.locator("#counts").inner_text() == (
        f"{counts.total} records: {counts.valid} valid {counts.invalid} invalid {counts.unreadable} unreadable"
    )
    assert rows_shown(page) == list(range(30))
    assert page.locator("#page-info").inner_text() == f"records 1-30 of {len(games)}"
    page.locator("#page-next").click()
    assert rows_shown(page) == list(range(30, 60))

    page.locator('th[data-key="turns"] button').click()  # sort by turns: every page, shortest first
    turns = []
    for number in range(3):
        if number:
            page.locator("#page-next").click()
        turns += page.eval_on_selector_all(
            "#games tbody tr td:nth-child(5)", "els => els.map(e => Number(e.dataset.v))"
        )
    assert page.locator("#page-next").is_disabled()
    assert len(turns) == len(games) and turns == sorted(turns)
    page.screenshot(path=shots / "report.png")

    page.locator("#filter").fill("unfinished")
    unfinished = sum(g.readable and g.result().status == "unfinished" for g in games)
    assert page.locator("#page-info").inner_text() == f"records 1-30 of {unfinished} (filtered from {len(games)})"
    page.locator("#filter").fill("")
    page.locator("#status-filter").select_option("invalid")
    assert rows_shown(page) == [n for n, g in enumerate(games) if g.readable and g.errors]
    page.locator("#status-filter").select_option("")

    page.locator('th[data-key="n"] button').click()  # back to reading order
    page.locator("#page-next").click()
    target = next(n for n, g in enumerate(games) if n >= 30 and g.format == "lg" and len(g.turns) > 5)
    page.locator(f'#games a[href="#game={target}"]').click()
    positions = list(games[target].positions())
    page.locator("#game").wait_for(state="visible")
    assert_shows(page, positions[-1])
    assert re.search(rf"#game={target}&turn={len(positions) - 1}$", page.url)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert_shows(page, positions[1])
    page.keyboard.press("Escape")  # back to the list, on the page of that game, its link focused
    page.locator("#list").wait_for(state="visible")
    assert target in rows_shown(page)
    assert page.evaluate("document.activeElement.getAttribute('href')") == f"#game={target}"

    late = len(games) - 3  # in the second block of data
    assert late >= viewer.BLOCK
    page.goto(path.as_uri() + f"#game={late}&turn=2")
    page.locator("#board .stone").first.wait_for()
    assert_shows(page, list(games[late].positions())[2])

    numbers = next(n for n, g in enumerate(games) if g.format == "numbers")
    page.goto(path.as_uri() + f"#game={numbers}&turn=1")
    page.locator("#numbers").wait_for(state="visible")
    remaining = list(games[numbers].positions())[1].state.remaining
    assert "{" + ", ".join(map(str, remaining)) + "}" in page.locator("#numbers").inner_text()
    page.screenshot(path=shots / "report-numbers.png", full_page=True)
    visit.check_clean(path)


def test_without_javascript_a_report_is_its_table(browser, archive):
    games, path, _ = archive
    page = browser.new_page()
    browser.new_cdp_session(page).send("Emulation.setScriptExecutionDisabled", {"value": True})
    page.goto(path.as_uri())
    assert page.locator("table.games tbody tr").count() == len(games)
    assert page.locator("#games").is_hidden()  # the script's own table, with sorting, stays hidden
    assert page.locator("pre.text-board").count() == sum(len(list(g.positions())) for g in games[: viewer.STATIC_GAMES])
    page.close()


def test_without_javascript_the_positions_are_listed(browser, tmp_path):
    game = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    path = write_page(tmp_path / "game.html", viewer.game_page(game))
    page = browser.new_page()
    # The profile's context keeps scripts on; DevTools' switch turns them off for this page alone.
    browser.new_cdp_session(page).send("Emulation.setScriptExecutionDisabled", {"value": True})
    page.goto(path.as_uri())
    boards = page.locator("pre.text-board")
    assert boards.count() == len(game.turns) + 1
    assert boards.nth(5).inner_text() == str(game.position(5))
    assert page.locator("#board svg.catchup-board").is_visible()  # the final position, drawn
    assert page.locator("#controls").is_hidden()  # no buttons that would do nothing
    page.close()


def test_dark_mode_keeps_the_words_readable(visit, tmp_path, shots):
    game = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    path = write_page(tmp_path / "game.html", viewer.game_page(game))
    page = visit.page
    page.emulate_media(color_scheme="dark")
    page.goto(path.as_uri())
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    caption = page.evaluate("getComputedStyle(document.querySelector('#board g.caption text')).fill")
    assert brightness(background) < 60 and brightness(caption) > 180
    page.screenshot(path=shots / "dark.png", full_page=True)
    visit.check_clean(path)


def brightness(css: str) -> float:
    red, green, blue = (int(v) for v in re.findall(r"\d+", css)[:3])
    return (red + green + blue) / 3


def test_jupyter_frame_runs_the_viewer(visit):
    game = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    page = visit.page
    page.set_content(game._repr_html_())
    frame = page.frame_locator("iframe")
    final = game.position(-1)
    frame.locator("#board .stone").first.wait_for()
    assert frame.locator("#board .stone-c1").count() == len(final.state.stones[0])
    frame.locator("#first").click()
    assert frame.locator("#board .stone").count() == 0
    assert visit.errors == []
    assert all(url.startswith(("about:", "data:")) for url in visit.requests)


# ---------------------------------------------------------------------------------------------
# A review in the viewer


@pytest.fixture(scope="module")
def reviewed():
    """The unfinished example game reviewed by the engine (short, repeatable searches)."""
    from catchup_notation.engine import Engine, Limit
    from catchup_notation.review_report import report_of_review

    game = list(cn.read(EXAMPLES / "littlegolem-collection.sgf"))[3]
    review = game.review(Limit(playouts=2000), engine=Engine(seed=3, threads=1))
    return game, review, report_of_review(game, review)


def test_a_review_graph_classes_and_best_lines(visit, tmp_path, shots, reviewed):
    game, review, report = reviewed
    positions = list(game.positions())
    path = write_page(tmp_path / "review.html", viewer.game_page(game, review=(review, report)))
    page = visit.page
    page.goto(path.as_uri() + "#turn=5")
    assert_shows(page, positions[5])
    # The graph: one point per valued position, a square per proven one, a mark per classed turn.
    line = page.locator("#win-chart polyline").get_attribute("points")
    assert len(line.split()) == sum(v is not None for v in review.series())
    assert page.locator("#win-chart rect.proven").count() == sum(p.exact for p in review.positions)
    classed = [t.number for t in review.turns if t.judgement]
    assert classed and page.locator("#win-chart path.judged").count() == len(classed)
    assert page.locator("#win-chart line.decided").count() == (review.decided_at is not None)
    # The move list says each class, and only there.
    judged = page.eval_on_selector_all(
        "#moves button[data-turn]",
        "els => els.map(e => [Number(e.dataset.turn), e.querySelector('.judgement')?.textContent ?? null])",
    )
    assert [(n, text.split()[-1]) for n, text in judged if text] == [
        (t.number, t.judgement) for t in review.turns if t.judgement
    ]
    # Clicking the graph goes to the turn under the click.
    chart = page.locator("#win-chart svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    x = box["width"] * (34 + (640 - 34 - 10) * 20 / 30) / 640  # the graph's margins, in its own units
    chart.click(position={"x": x, "y": box["height"] / 2})
    assert turn_in_hash(page) == 20
    assert_shows(page, positions[20])

    # The best line from the position shown, step by step on the board; the game's stones stay.
    line_turns = review.positions[20].line
    steps = page.locator("#line button[data-step]")
    assert steps.count() == len(line_turns) > 1
    board = game.variant.board
    page.locator("#line button[data-step='2']").click()
    placed = page.eval_on_selector_all("#board .stone.variation", "els => els.map(e => e.dataset.cell)")
    expected_cells = [board.label(cell) for turn in line_turns[:2] for cell in turn.cells]
    assert sorted(placed) == sorted(expected_cells)
    game_stones = page.eval_on_selector_all("#board .stone:not(.variation)", "els => els.map(e => e.dataset.cell)")
    assert sorted(game_stones) == sorted(
        board.label(c) for c in (*positions[20].state.stones[0], *positions[20].state.stones[1])
    )
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board .stone.variation").count() == len(line_turns[0].cells)
    assert f"step 1 of {len(line_turns)}" in page.locator("#turn-label").inner_text()
    page.screenshot(path=shots / "review-line.png", full_page=True)
    page.keyboard.press("Escape")  # back to the game
    assert page.locator("#board .stone.variation").count() == 0
    assert_shows(page, positions[20])
    page.keyboard.press("ArrowRight")
    assert_shows(page, positions[21])
    # The review's words for the turn shown.
    from catchup_notation.review_report import value_words

    text = " ".join(page.locator("#position").inner_text().split())
    entry = report.reviewed_turns[20]
    before, after = value_words(entry.before, interval=True), value_words(entry.after, interval=True)
    assert f"For {report.names[entry.player - 1]}: {before} before, {after} after" in text
    visit.check_clean(path)


def test_a_report_of_reviews(visit, tmp_path, reviewed):
    game, review, report = reviewed
    other = next(cn.read(EXAMPLES / "littlegolem-collection.sgf"))
    path = tmp_path / "reviews.html"
    with open(path, "w", encoding="utf-8") as out:
        viewer.write_report([other, game], out, title="Reviews", reviews=lambda n: (review, report) if n == 1 else None)
    page = visit.page
    page.goto(path.as_uri() + "#game=1&turn=3")
    expect(page.locator("#win-box")).to_be_visible()
    page.goto(path.as_uri() + "#game=0&turn=3")
    expect(page.locator("#win-box")).to_be_hidden()
    assert page.locator("#line-box").is_hidden()
    visit.check_clean(path)
