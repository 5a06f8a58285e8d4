"""The manual's browser page (docs/browser.md) in Chromium: the library itself runs in the page
(Pyodide, in a Web Worker) and says what the command line says.

The page is the built manual's (build/docs/browser.html: CI builds the manual before it runs the
tests), and it must have been built from these sources: its manifest's digest of the library's
sources says so, else the tests fail and say to build the manual again. A local server serves
it. The network is cut: the browser resolves no host but the local one, and every request is
checked on its way: one to any other address is refused and fails the test, and once the page is
loaded it may ask for nothing more at all.

Screenshots go to $CATCHUP_SCREENSHOTS when set (to look at them), else to the test's temporary
folder.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import json
import random
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from chromium import chromium, screenshots
from cli_records import occupied_game, random_game, write_lg
from playwright.sync_api import BrowserContext, Page, expect

import catchup_notation as cn
from catchup_notation.formats import write_text

ROOT = Path(__file__).resolve().parent.parent
BUILT = ROOT / "build" / "docs"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from catchup_docs.browser_site import SITE, source_digest  # noqa: E402

#: Long enough for Python to start on a loaded machine the first time (a cold cache).
START = 180_000
#: Long enough to read what the tests drop.
READ = 120_000


class Server(http.server.SimpleHTTPRequestHandler):
    """The built manual, as a static host serves it (WebAssembly with its own type)."""

    def log_message(self, format: str, *args: object) -> None:  # the tests' output stays theirs
        pass


@pytest.fixture(scope="module")
def site() -> str:
    if not (BUILT / "browser.html").exists():
        pytest.fail("no built manual: build it first (python -m sphinx -W --keep-going -q -b html docs build/docs)")
    manifest = json.loads((BUILT / SITE / "manifest.json").read_text(encoding="utf-8"))
    if manifest["sources"] != source_digest():
        pytest.fail("the built browser page holds other sources than these: build the manual again")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Server, directory=str(BUILT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser(tmp_path_factory, site) -> BrowserContext:
    # No host resolves but the local one: the page runs with the network cut.
    cut = ("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",)
    profile = tmp_path_factory.mktemp("chromium-profile")
    with chromium(profile, flags=cut, viewport={"width": 1280, "height": 1000}, accept_downloads=True) as context:
        context.set_default_timeout(20_000)
        context.elsewhere = []  # type: ignore[attr-defined]
        context.requested = []  # type: ignore[attr-defined]

        def guard(route) -> None:
            url = route.request.url
            context.requested.append(url)  # type: ignore[attr-defined]
            if url.startswith(site):
                route.continue_()
            else:
                context.elsewhere.append(url)  # type: ignore[attr-defined]
                route.abort()

        context.route("**/*", guard)  # the worker's requests too
        yield context


class App:
    """The page in a tab: loaded until Python is ready, its script errors kept."""

    def __init__(self, page: Page, site: str) -> None:
        self.page, self.site, self.errors = page, site, []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self._console(message))
        page.goto(site + "browser.html")
        expect(page.locator("#catchup-app")).to_have_attribute("data-state", "ready", timeout=START)

    def _console(self, message) -> None:
        # The browser asks for /favicon.ico by itself; the manual has none, and that is no error of the page.
        if message.type == "error" and not message.location.get("url", "").endswith("/favicon.ico"):
            self.errors.append(message.text)

    def drop(self, files: list[Path] | Path, *, folder: bool = False) -> None:
        self.page.set_input_files("#folder" if folder else "#files", files)

    def drag(self, files: list[Path]) -> None:
        """Drop `files` on the page as a person drags them there."""
        payload = [{"name": path.name, "data": base64.b64encode(path.read_bytes()).decode()} for path in files]
        transfer = self.page.evaluate_handle(
            """files => {
                const transfer = new DataTransfer();
                for (const {name, data} of files) {
                    transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name));
                }
                return transfer;
            }""",
            payload,
        )
        self.page.dispatch_event("#drop", "drop", {"dataTransfer": transfer})

    def read(self, records: int) -> None:
        """Wait until `records` records are read, and reading is over."""
        expect(self.page.locator("#counts")).to_contain_text(f"{records} record", timeout=READ)
        expect(self.page.locator("#progress-box")).to_be_hidden(timeout=READ)

    def rows(self) -> list[dict]:
        return self.page.eval_on_selector_all(
            "#records tbody tr",
            """rows => rows.map(row => ({
                n: Number(row.dataset.n),
                record: row.querySelector("button.open").textContent,
                outcome: row.querySelector("td.outcome").textContent,
                verify: Array.from(row.querySelectorAll('.line[data-command="verify"]'), e => e.textContent),
                adjudicate: Array.from(row.querySelectorAll('.line[data-command="adjudicate"]'), e => e.textContent),
            }))""",
        )

    def download(self, button: str) -> str:
        with self.page.expect_download() as caught:
            self.page.locator(button).click()
        return Path(caught.value.path()).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def opened(browser, site) -> App:
    """The page, loaded once: Python starts once, as for a person who drops one thing after another."""
    page = browser.new_page()
    yield App(page, site)
    page.close()


@pytest.fixture
def app(opened, browser):
    """The page with nothing read yet (its records forgotten, as its button does)."""
    opened.page.locator("#forget").dispatch_event("click")  # hidden until something is read
    expect(opened.page.locator("#results")).to_be_hidden()
    requested = len(browser.requested)  # type: ignore[attr-defined]
    browser.set_offline(True)  # loaded: from here on the page works with no network at all
    try:
        yield opened
    finally:
        browser.set_offline(False)
    assert opened.errors == []
    assert browser.elsewhere == []  # type: ignore[attr-defined]
    # Once loaded, the page asks for nothing more: what it does, it does offline.
    assert browser.requested[requested:] == []  # type: ignore[attr-defined]


@pytest.fixture
def shots(tmp_path) -> Path:
    return screenshots(tmp_path)


def command(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The command line, as a person runs it."""
    return subprocess.run(
        [sys.executable, "-m", "catchup_notation", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def lines(text: str) -> list[str]:
    """A text report's lines, but its summary (the last)."""
    return text.splitlines()[:-1]


def test_the_examples_get_the_command_lines_verdicts(app, browser, site, shots):
    page = app.page
    downloaded = {url.removeprefix(site).split("?")[0] for url in browser.requested if url.startswith(site + SITE)}
    manifest = json.loads((BUILT / SITE / "manifest.json").read_text(encoding="utf-8"))
    assert downloaded == {f"{SITE}/{name}" for name in manifest["files"]} - {f"{SITE}/manifest.json"}
    assert any(url.endswith(".wasm") for url in downloaded) and sum(url.endswith(".whl") for url in downloaded) == 5

    verified, judged = command("verify", "examples", "--json"), command("adjudicate", "examples", "--json")
    reports = [json.loads(line) for line in verified.stdout.splitlines()]
    app.drop(ROOT / "examples", folder=True)  # as `catchup verify examples` reads it
    app.read(len(reports))
    assert app.download("#download-verify") == verified.stdout  # byte for byte: the same fields, the same values
    assert app.download("#download-adjudicate") == judged.stdout

    rows = app.rows()
    verdicts = [json.loads(line) for line in judged.stdout.splitlines()]
    assert [row["record"] for row in rows] == [f"{r['source']} #{r['index']}" for r in reports]
    assert [row["outcome"] for row in rows] == [
        v["status"] if v["turns"] is not None else "unreadable" for v in verdicts
    ]
    said = lines(command("verify", "examples").stdout)
    assert [line for row in rows for text in row["verify"] for line in text.splitlines()] == said
    adjudicated = [line for row in rows for text in row["adjudicate"] for line in text.splitlines()]
    assert adjudicated == [line for line in lines(command("adjudicate", "examples").stdout) if line not in said]

    games = list(cn.read(ROOT / "examples"))
    long = next(n for n, g in enumerate(games) if g.readable and len(g.turns) == 75)
    page.locator(f'#records tr[data-n="{long}"] button.open').click()
    viewer = page.frame_locator("#viewer")
    final = games[long].position(-1)
    expect(viewer.locator("#turn-label")).to_have_text("Turn 75 of 75")
    expect(viewer.locator("#board .stone-c1")).to_have_count(len(final.state.stones[0]))
    expect(viewer.locator("#board .stone-c2")).to_have_count(len(final.state.stones[1]))
    viewer.locator("#first").click()
    expect(viewer.locator("#board .stone")).to_have_count(0)
    page.locator("#viewer").scroll_into_view_if_needed()
    page.screenshot(path=shots / "browser-page-viewer.png")

    page.select_option("#format", "json")
    assert app.download("#download-all") == command("convert", "examples", "--to", "json").stdout
    expect(page.locator("#export-note")).to_contain_text("Not converted: record 0 of examples/rga-post-as-typed.txt")
    page.select_option("#format", "abstractplay")
    assert app.download("#download-one") == games[long].export("abstractplay").text
    page.locator("#records").scroll_into_view_if_needed()
    page.screenshot(path=shots / "browser-page.png")


def test_a_broken_record_shows_where_it_breaks(app, tmp_path, shots):
    page = app.page
    text = (ROOT / "tests" / "quirks" / "broken-then-good.sgf").read_text(encoding="utf-8")
    page.fill("#paste", text)
    page.click("#read-paste")
    app.read(2)
    (tmp_path / "pasted").write_text(text, encoding="utf-8")  # what the page names a pasted text
    expected = command("verify", "pasted", cwd=tmp_path)
    unreadable, good = app.rows()
    assert [line for row in (unreadable, good) for text in row["verify"] for line in text.splitlines()] == lines(
        expected.stdout
    )
    error = next(text for text in unreadable["verify"] if "error[" in text)
    assert error.startswith("pasted:") and error.splitlines()[-1].strip() == "^"  # where: the line, the column
    judged = [json.loads(line) for line in command("adjudicate", "pasted", "--json", cwd=tmp_path).stdout.splitlines()]
    assert (unreadable["outcome"], good["outcome"]) == ("unreadable", judged[1]["status"])

    broken = write_lg(tmp_path / "occupied.sgf", occupied_game())
    archive = tmp_path / "minimal.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
        for path in sorted((ROOT / "examples" / "minimal").iterdir()):
            packed.write(path, path.name)
    app.drag([broken, archive])  # dragged onto the page: a record file and a zip archive
    app.read(2 + 1 + 6)
    rows = app.rows()
    said = lines(command("verify", "occupied.sgf", "minimal.zip", cwd=tmp_path).stdout)
    assert [line for row in rows[2:] for text in row["verify"] for line in text.splitlines()] == said
    row = rows[2]
    game = next(cn.read(broken))
    (problem,) = game.errors
    assert row["outcome"] == "invalid"
    page.locator('#records tr[data-n="2"] button.open').click()
    viewer = page.frame_locator("#viewer")
    expect(viewer.locator("#game-error")).to_contain_text(problem.message)
    expect(viewer.locator("#turn-label")).to_contain_text("(illegal)")
    expect(viewer.locator("#board .cell.offending")).to_have_count(len(problem.error.cells))
    page.locator("#viewer").scroll_into_view_if_needed()
    page.screenshot(path=shots / "browser-page-invalid.png")


def big_file(path: Path, records: int) -> Path:
    """Little Golem records with a long game comment each: more than the reader's first read
    (1 MB), so that how far it has got shows between records."""
    games = [random_game(seed) for seed in range(20)]
    words = [
        "the",
        "corner",
        "group",
        "held",
        "until",
        "the",
        "last",
        "turn",
        "and",
        "then",
        "it",
        "was",
        "too",
        "late",
    ]
    rng = random.Random(1)
    parts = []
    for k in range(records):
        note = " ".join(rng.choice(words) for _ in range(1200))
        parts.append(write_text([games[k % 20]], "lg")[0].replace("(;", f"(;GC[{note}]", 1))
    path.write_text("".join(parts), encoding="utf-8")
    return path


#: Every change the page makes to its progress line and to the viewer, noted as it happens (by the
#: page itself, so that none is missed between two looks from the test).
WATCH = """() => {
    window.seen = [];
    const note = () => window.seen.push({
        hidden: document.getElementById("progress-box").hidden,
        value: document.getElementById("progress").value,
        max: document.getElementById("progress").max,
        text: document.getElementById("progress-text").textContent,
        viewer: Boolean(document.getElementById("viewer").getAttribute("srcdoc")),
    });
    const watch = new MutationObserver(note);
    const all = {attributes: true, childList: true, characterData: true, subtree: true};
    for (const id of ["progress-box", "progress-text", "viewer"]) watch.observe(document.getElementById(id), all);
}"""


def test_a_large_file_shows_progress_and_the_page_answers_meanwhile(app, tmp_path, shots):
    page = app.page
    records = 300
    big = big_file(tmp_path / "big.sgf", records)
    size = big.stat().st_size
    assert size > 1_300_000
    page.evaluate(WATCH)
    app.drop([big])
    expect(page.locator("#progress-text")).to_contain_text("Reading big.sgf")
    page.screenshot(path=shots / "browser-page-progress.png")
    app.read(records)
    seen = page.evaluate("window.seen")
    reading = [s for s in seen if not s["hidden"] and s["text"].startswith("Reading big.sgf")]
    counted = [int(s["text"].split(": ")[1].split(" ")[0]) for s in reading]
    # Counts grow, and several of them fall strictly inside the file (on a slow machine the
    # last one shown may already be the whole file, just before the progress line hides).
    assert counted == sorted(counted) and counted[-1] <= records
    assert len({n for n in counted if 0 < n < records}) >= 2, counted
    assert [s for s in reading if s["max"] == size and 0 < s["value"] < size], "the bar never showed part of the file"
    # The first record is shown as soon as it is read: the worker answers between slices.
    assert any(s["viewer"] for s in reading), "the record opened was not shown before the rest was read"
    expect(page.frame_locator("#viewer").locator("#turn-label")).to_contain_text("Turn")
    assert len(app.rows()) == 100 and page.locator("#page-info").inner_text() == f"records 1-100 of {records}"


def test_the_site_serves_pinned_files_and_a_pure_python_wheel():
    """What the page loads is what the manual's build pinned: Pyodide as package-lock.json says,
    the wheels requirements.txt pins (by hash), and the library's own wheel without the core."""
    site = BUILT / SITE
    if not (site / "manifest.json").exists():
        pytest.fail("no built manual: build it first (python -m sphinx -W --keep-going -q -b html docs build/docs)")
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    npm = json.loads((ROOT / "docs" / "_browser" / "package-lock.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == npm["packages"]["node_modules/pyodide"]["version"]
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    assert set(packages) == {"catchup-notation", "lark", "attrs", "cattrs", "typing-extensions"}
    for package in packages.values():
        served = site / "pyodide" / package["file_name"]
        assert hashlib.sha256(served.read_bytes()).hexdigest() == package["sha256"]
    assert packages["catchup-notation"]["depends"] == ["attrs", "cattrs", "lark"]  # not typer
    pins = (ROOT / "docs" / "_browser" / "requirements.txt").read_text(encoding="utf-8")
    for name in ("lark", "attrs", "cattrs", "typing-extensions"):
        assert f"{name}=={packages[name]['version']} --hash=sha256:{packages[name]['sha256']}" in pins
    wheel = packages["catchup-notation"]["file_name"]
    assert wheel == f"catchup_notation-{cn.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(site / "pyodide" / wheel) as archive:
        names = archive.namelist()
    assert not [name for name in names if name.endswith((".so", ".c", ".h", ".pyd"))]
    assert "catchup_notation/browser.py" in names and "catchup_notation/grammars/lg.lark" in names


#: The review's notes on the page, noted as they change (see WATCH).
WATCH_REVIEW = """() => {
    window.noted = [];
    const note = document.getElementById("review-note");
    new MutationObserver(() => window.noted.push(note.textContent)).observe(
        note, {childList: true, characterData: true, subtree: true});
}"""


def test_a_review_with_its_graph_on_the_pages_budget(app, tmp_path, shots):
    """A record reviewed in the page: the pure-Python engine on the budget the page states, its
    progress said position by position, its proofs the command line's, its graph in the viewer."""
    page = app.page
    collection = ROOT / "examples" / "littlegolem-collection.sgf"
    games = list(cn.read(collection))
    app.drop([collection])
    app.read(len(games))
    page.evaluate(WATCH_REVIEW)
    page.locator('#records tr[data-n="0"] button.open').click()
    page.locator("#review").click()
    expect(page.locator("#review-note")).to_have_text("Reviewed: the graph is under the board.", timeout=READ)

    told = page.evaluate("window.noted")
    valued = [
        tuple(map(int, text.split("position ")[1].split(" valued")[0].split(" of ")))
        for text in told
        if "position" in text
    ]
    assert len(valued) > len(games[0].turns) and valued == sorted(valued)  # each position said as it was valued
    settings = {"time": 0.2, "max_empty": 14, "solver_nodes": 100_000, "threads": 1}
    said = page.locator("#review-lines .line").all_text_contents()
    assert "0.2 s" in said[-1], said[-1]

    report = json.loads(app.download("#download-review"))
    cli = json.loads(command("review", str(collection), "--record", "0", "--exact-only", "--json").stdout)
    assert list(report) == list(cli) and list(report["settings"]) == list(cli["settings"])  # the same fields
    assert {key: report["settings"][key] for key in settings} == settings
    positions = report["positions"]
    assert len(positions) == len(games[0].turns) + 1 and all(p["value"] is not None for p in positions)
    # What the page proves, the command line proves the same (its solver reaches further).
    proven = command("review", str(collection), "--record", "0", "--exact-only", "--max-empty", "14", "--json")
    exact = json.loads(proven.stdout)["positions"]
    mine = [(p["number"], p["value"]["proven"]) for p in positions if p["how"] == "solver"]
    assert mine and mine == [(p["number"], p["value"]["proven"]) for p in exact if p["number"] in dict(mine)]
    assert all(exact[n]["how"] == "solver" for n, _ in mine)
    # Its words are the command line's: the record and how it ended, then the table of turns.
    text = command("review", str(collection), "--record", "0", "--exact-only").stdout.splitlines()
    table = text.index(next(line for line in text if line.lstrip().startswith("turn  player")))
    assert said[:table] == [line.replace(str(collection), "littlegolem-collection.sgf") for line in text[:table]]
    assert said[table].split() == text[table].split()  # the columns' widths are the values'

    viewer = page.frame_locator("#viewer")
    points = viewer.locator("#win-chart polyline").get_attribute("points")
    assert len(points.split()) == len(positions)
    assert viewer.locator("#win-chart rect.proven").count() == sum(p["value"]["proven"] is not None for p in positions)
    page.locator("#viewer").scroll_into_view_if_needed()
    page.screenshot(path=shots / "browser-page-review.png")
