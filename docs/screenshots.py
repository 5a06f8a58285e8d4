"""The manual's pictures of the viewer, taken by the browser the viewer's tests drive (Debian's
Chromium, headless, through Playwright: tests/chromium.py). Run it when the viewer's
looks change, and commit the pictures:

    python docs/screenshots.py            # writes docs/images/viewer-*.png

It needs the test dependencies (`pip install -e '.[test]'`) and /usr/bin/chromium (or
$CATCHUP_CHROMIUM).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
sys.path.insert(0, str(ROOT / "tests"))

import catchup_notation as cn  # noqa: E402
from catchup_notation.render.html import game_page, write_report  # noqa: E402


def main() -> None:
    from chromium import chromium

    IMAGES.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        with chromium(folder / "profile", viewport={"width": 1200, "height": 820}) as browser:
            _take(browser.new_page(), folder)
    for picture in sorted(IMAGES.glob("viewer-*.png")):
        print(picture.relative_to(ROOT), picture.stat().st_size, "bytes")


def _take(page: Any, folder: Path) -> None:
    """The viewer's pictures: a game, a broken game, a report, a review."""
    game = next(cn.read(str(ROOT / "examples" / "littlegolem-collection.sgf")))
    game_file = folder / "game.html"
    game_file.write_text(game_page(game), encoding="utf-8")
    page.goto(game_file.as_uri() + "#turn=24")
    page.locator("#board svg").wait_for()
    page.screenshot(path=IMAGES / "viewer-game.png")

    broken = next(
        g
        for g in cn.read(str(ROOT / "docs" / "tutorial" / "archive" / "club.sgf"))
        if g.readable and not g.verify().valid
    )
    broken_file = folder / "broken.html"
    broken_file.write_text(game_page(broken), encoding="utf-8")
    page.goto(broken_file.as_uri())
    page.locator("#board svg").wait_for()
    page.screenshot(path=IMAGES / "viewer-invalid.png")

    report_file = folder / "report.html"
    with report_file.open("w", encoding="utf-8") as out:
        games = cn.read(str(ROOT / "docs" / "tutorial" / "archive"), corrections="diagram")
        write_report(games, out, title="The club's archive")
    page.set_viewport_size({"width": 1200, "height": 460})
    page.goto(report_file.as_uri())
    page.locator("table").first.wait_for()
    page.screenshot(path=IMAGES / "viewer-report.png")
    review_picture(page, folder)


def review_picture(page: Any, folder: Path) -> None:
    """A game's review (0.8 s a search, as by default), at the turn before the
    losing turn, two steps into the best line."""
    from catchup_notation.engine import Engine
    from catchup_notation.review_report import report_of_review

    game = list(cn.read(str(ROOT / "examples" / "littlegolem-collection.sgf")))[3]
    with Engine(seed=1) as engine:
        review = game.review(engine=engine)
    review_file = folder / "review.html"
    review_file.write_text(game_page(game, review=(review, report_of_review(game, review))), encoding="utf-8")
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(review_file.as_uri() + "#turn=27")
    page.locator("#board svg").wait_for()
    page.locator("#line button[data-step='2']").click()
    page.screenshot(path=IMAGES / "viewer-review.png")


if __name__ == "__main__":
    main()
