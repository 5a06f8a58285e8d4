"""The manual's browser page against the command line, side by side: what the page downloads the
first time, how long Python takes to start in it (a cold cache, then a warm one), and how long it
takes to read and judge a collection against `catchup verify --json` and `catchup adjudicate
--json` of the same file (with the compiled core, and on the pure-Python reference).

    python -m sphinx -q -b html docs build/docs      # the page is the built manual's
    python benchmarks/bench_browser.py                # 1,000 records, best of 3
    python benchmarks/bench_browser.py --records 5000 --runs 5

The page runs in Debian's Chromium (headless, through Playwright), served from a local server with
every other address refused. Times in the page are from the file given to the verdicts shown
(every record read and judged by `verify` and `adjudicate`, as the page does); the command line's
are the two commands run one after the other in fresh processes. Runs are interleaved, best of
`--runs`, with the machine's load average beside them.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench_cli import legal_game  # the same random legal games as the command line's benchmark

from catchup_notation.formats import write_text

ROOT = Path(__file__).resolve().parent.parent
BUILT = ROOT / "build" / "docs"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


class Server(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def collection(path: Path, records: int) -> Path:
    rng = random.Random(2024)
    games = [legal_game(rng) for _ in range(min(records, 500))]
    path.write_text(write_text([games[i % len(games)] for i in range(records)], "lg")[0], encoding="utf-8")
    return path


def start(page: Any, url: str) -> float:
    """Seconds from opening the page to Python ready in it."""
    begun = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#catchup-app[data-state=ready]", timeout=600_000)
    return time.perf_counter() - begun


def in_page(page: Any, url: str, path: Path, records: int) -> tuple[float, float]:
    """(seconds to start Python, seconds to read and judge `path`) in a freshly opened page."""
    started = start(page, url)
    begun = time.perf_counter()
    page.set_input_files("#files", [path])
    page.wait_for_function(
        f"document.getElementById('counts').textContent.startsWith('{records} records')"
        " && document.getElementById('progress-box').hidden",
        timeout=3_600_000,
        polling=50,
    )
    return started, time.perf_counter() - begun


def command_line(path: Path, pure: bool) -> float:
    environment = {**os.environ, "CATCHUP_PURE": "1" if pure else "0"}
    begun = time.perf_counter()
    for command in ("verify", "adjudicate"):
        subprocess.run(
            [sys.executable, "-m", "catchup_notation", command, path.name, "--json", "--jobs", "1"],
            cwd=path.parent,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
    return time.perf_counter() - begun


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browser", default=os.environ.get("CATCHUP_CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    manifest = json.loads((BUILT / "_static" / "browser" / "manifest.json").read_text(encoding="utf-8"))
    size = sum(f["bytes"] for f in manifest["files"].values())
    packed = sum(f["gzip"] for f in manifest["files"].values())
    print(f"first visit: {size / 1e6:.2f} MB ({packed / 1e6:.2f} MB compressed), Pyodide {manifest['pyodide']}")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Server, directory=str(BUILT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/browser.html"
    times: dict[str, list[float]] = {"cold start": [], "warm start": [], "page": [], "core": [], "pure": []}
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        folder = Path(scratch)
        path = collection(folder / "games.sgf", args.records)
        for run in range(args.runs):
            profile = folder / f"profile-{run}"  # a cold cache each run, then the same profile warm
            context = playwright.chromium.launch_persistent_context(
                str(profile), executable_path=args.browser, headless=True, args=FLAGS
            )
            times["cold start"].append(start(context.new_page(), url))
            started, read = in_page(context.new_page(), url, path, args.records)
            times["warm start"].append(started)
            times["page"].append(read)
            context.close()
            times["core"].append(command_line(path, pure=False))
            times["pure"].append(command_line(path, pure=True))
    best = {name: min(values) for name, values in times.items()}
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores; best of {args.runs}")
    print(f"starting Python in the page: {best['cold start']:.1f} s on a cold cache, {best['warm start']:.1f} s warm")
    print(f"{args.records:,} records, verify + adjudicate:")
    print(f"  page                         {best['page']:7.2f} s")
    print(f"  command line, compiled core  {best['core']:7.2f} s   page / this: {best['page'] / best['core']:.1f}")
    print(f"  command line, pure Python    {best['pure']:7.2f} s   page / this: {best['page'] / best['pure']:.1f}")


if __name__ == "__main__":
    main()
