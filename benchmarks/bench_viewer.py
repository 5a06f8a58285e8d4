"""The HTML viewer on a large archive: generation time, memory and file size of a report, and how
fast Chromium opens it and one of its games.

    python benchmarks/bench_viewer.py [--records 10000] [--unique 500] [--browser /usr/bin/chromium]

The archive is a folder of Little Golem files of random legal side-5 Catchup games played out by
the rules engine (`--unique` games repeated under new player names), 100 records a file. Prints
the report's generation time (ms a record), the process's peak RSS, its size, and, when the browser
exists, the time until the table is ready and until a game of the last block is drawn. Also the
size of the 75-turn side-7 example game's page. One process, one core.
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_parse import legal_game  # the same random legal games as the parse benchmark

import catchup_notation as cn
from catchup_notation.formats import write_text
from catchup_notation.model import Record
from catchup_notation.render.html import BLOCK, game_page, write_report
from catchup_notation.reports import adjudication_report, verify_report

ROOT = Path(__file__).resolve().parent.parent
PER_FILE = 100


def write_archive(folder: Path, records: int, unique: int) -> None:
    rng = random.Random(2024)
    games = [legal_game(rng) for _ in range(unique)]
    for start in range(0, records, PER_FILE):
        batch = [
            Record(games[i % unique].variant, games[i % unique].turns, players=(f"white{i}", f"black{i}"))
            for i in range(start, min(records, start + PER_FILE))
        ]
        text, _ = write_text(batch, "lg")
        (folder / f"games-{start // PER_FILE:04d}.sgf").write_text(text, encoding="utf-8")


def open_in_browser(browser: str, report: Path, records: int) -> tuple[float, float]:
    from playwright.sync_api import sync_playwright

    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=browser, headless=True, args=flags
        )
        page = context.new_page()
        start = time.perf_counter()
        page.goto(report.as_uri())
        page.locator(".filters").wait_for(state="visible")  # the script has taken the table over
        table = time.perf_counter() - start
        last = records - 1
        start = time.perf_counter()
        page.evaluate(f"location.hash = '#game={last}&turn=10'")
        page.locator("#board .stone").first.wait_for()
        game = time.perf_counter() - start
        context.close()
    return table, game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--unique", type=int, default=500)
    parser.add_argument("--browser", default="/usr/bin/chromium")
    parser.add_argument("--compare", type=int, default=1000, help="records timed side by side with verify")
    args = parser.parse_args()
    print(f"machine load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")

    example = list(cn.read(ROOT / "examples" / "littlegolem-collection.sgf"))[2]
    page = game_page(example).encode("utf-8")
    assert example.variant is not None  # the bundled example names its variant
    print(
        f"game page, {len(example.turns)} turns on side {example.variant.board.side}: "
        f"{len(page) / 1024:.0f} kB ({len(gzip.compress(page)) / 1024:.0f} kB gzipped)"
    )

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "archive"
        folder.mkdir()
        write_archive(folder, args.records, args.unique)
        report = Path(tmp) / "report.html"
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        start = time.perf_counter()
        with open(report, "w", encoding="utf-8") as out:
            counts = write_report(cn.read(folder), out, title="benchmark")
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        size = report.stat().st_size
        print(
            f"report of {counts.total} records ({counts.valid} valid): {elapsed:.1f} s, "
            f"{elapsed / counts.total * 1000:.2f} ms a record; peak RSS {after / 1024:.0f} MB "
            f"({before / 1024:.0f} MB before); {size / 1e6:.1f} MB ({size / counts.total:.0f} bytes a record; "
            f"blocks of {BLOCK} games)"
        )
        # Side by side on the first files: what the viewer costs over reading and judging alone.
        subset = sorted(folder.glob("*.sgf"))[: max(1, args.compare // PER_FILE)]
        best = {"verify + adjudicate": float("inf"), "report": float("inf")}
        for _ in range(3):
            start = time.perf_counter()
            for path in subset:
                for game in cn.read(path):
                    verify_report(game)
                    adjudication_report(game)
            best["verify + adjudicate"] = min(best["verify + adjudicate"], time.perf_counter() - start)
            start = time.perf_counter()
            with open(Path(tmp) / "subset.html", "w", encoding="utf-8") as out:
                write_report((game for path in subset for game in cn.read(path)), out)
            best["report"] = min(best["report"], time.perf_counter() - start)
        ratio = best["report"] / best["verify + adjudicate"]
        records = len(subset) * PER_FILE
        print(
            f"side by side, {records} records, best of 3: verify + adjudicate {best['verify + adjudicate']:.2f} s, "
            f"report {best['report']:.2f} s: the report takes {ratio:.1f} times as long"
        )
        if Path(args.browser).exists():
            table, drawn = open_in_browser(args.browser, report, counts.total)
            print(f"chromium: table ready in {table:.2f} s; game {counts.total - 1} drawn in {drawn:.2f} s")
        else:
            print(f"no browser at {args.browser}: load times not measured")


if __name__ == "__main__":
    main()
