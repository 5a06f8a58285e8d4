"""Reading time of Abstract Play records with many moves: linear in the number of moves.

    python benchmarks/bench_abstractplay.py [--moves 10000 100000 1000000] [--against restructure]
        [--against-moves 10000 20000] [--repeat 3]

A record of N move strings (cells of a side-6 board, two or three a move, seldom the same string
twice; no rules are applied when reading) is read with the abstractplay reader; best of `--repeat`
runs. Seconds per million moves should stay flat as N grows. With `--against REV`, the reader of
that git revision is timed on the same texts, interleaved with this one (best of `--repeat` each),
and the ratio printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from catchup_notation.formats.abstractplay import FORMAT  # noqa: E402
from catchup_notation.formats.base import ReadOptions  # noqa: E402

CELLS = [f"{row}{n}" for row in "abcdefghijk" for n in range(1, 7)]


def record_text(moves: int) -> str:
    # two or three cells a move, so that move strings seldom repeat (as in a real game, where
    # every cell is named once): a reader that searches the text from its start for each one is slow
    n = len(CELLS)
    flat = [
        f"{CELLS[i % n]},{CELLS[i // n % n]}" + (f",{CELLS[i // n // n % n]}" if i % 2 else "") for i in range(moves)
    ]
    game = {
        "header": {
            "game": {"name": "Catchup", "variants": ["Larger board (base 6)"]},
            "site": {"name": "Abstract Play", "gameid": "bench"},
            "players": [{"name": "al", "result": 1}, {"name": "bo", "result": 0}],
        },
        "moves": [flat[i : i + 2] for i in range(0, len(flat), 2)],
    }
    return json.dumps(game)


def old_reader(revision: str) -> ModuleType:
    """The abstractplay module as it was at `revision` (read from git, loaded under another name)."""
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{revision}:catchup_notation/formats/abstractplay.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = Path(tempfile.mkdtemp()) / "abstractplay_old.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("abstractplay_old", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def seconds(reader: object, text: str) -> float:
    start = time.perf_counter()
    (item,) = reader.read([text], ReadOptions())  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    assert item.record is not None, item.error
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--against", help="a git revision whose reader to time side by side")
    parser.add_argument("--against-moves", type=int, nargs="+", default=[10_000, 20_000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for moves in args.moves:
        text = record_text(moves)
        best = min(seconds(FORMAT, text) for _ in range(args.repeat))
        print(
            f"{moves:>9,} moves ({len(text) / 1e6:5.1f} MB): {best:7.3f} s, "
            f"{best / moves * 1e6:6.2f} s per million moves"
        )
    if args.against:
        old = old_reader(args.against).FORMAT
        for moves in args.against_moves:
            text = record_text(moves)
            new_times, old_times = [], []
            for _ in range(args.repeat):  # interleaved, so that both see the same machine load
                new_times.append(seconds(FORMAT, text))
                old_times.append(seconds(old, text))
            print(
                f"{moves:>9,} moves: this reader {min(new_times):.3f} s, {args.against}'s {min(old_times):.3f} s, "
                f"ratio {min(old_times) / min(new_times):.0f}x"
            )


if __name__ == "__main__":
    main()
