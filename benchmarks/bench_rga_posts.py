"""Reading rga posts as published stays linear in the post's length.

    python benchmarks/bench_rga_posts.py [--copies 200] [--rounds 5]

Builds an archive of N and 2N posts from the files tests/quirks/rga-*.rga (prose, web-archive
spaces, player columns, shifted letters, several diagrams of one game, one turn a line, a slip),
plus one post with a single move list of 4N lines (one long game, the worst case for deciding
whether a diagram continues the game before it), and times reading each, interleaved, best of
`--rounds`. Prints seconds and the 2N/N ratio (2.0 = linear). One process, one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from catchup_notation.formats import parse_text

QUIRKS = Path(__file__).resolve().parent.parent / "tests" / "quirks"


def archive(copies: int) -> str:
    posts = [path.read_text(encoding="utf-8") for path in sorted(QUIRKS.glob("rga-*.rga"))]
    return "\n\n".join(posts * copies)


def long_list(lines: int) -> str:
    """One post: a side-7 diagram, then a move list of `lines` entries (not a legal game: reading
    only), then the same diagram again (the game continued, as a follower)."""
    rows = [" " * (7 - min(r, 14 - r)) + " ".join("." for _ in range(7 + min(r, 12 - r))) for r in range(13)]
    diagram = ["    abcdefghijklmnopqrstuvwxy"] + [f"{i + 1:<3}{row}" for i, row in enumerate(rows)]
    diagram.append(diagram[0])
    entries = [f"{n}.  a7 c7  e7 g7" for n in range(1, lines + 1)]
    return "\n".join(diagram + entries + [""] + diagram + entries[: lines // 2]) + "\n"


def best(text: str, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _item in parse_text(text, format="rga"):
            pass
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cases = {
        "posts": (archive(args.copies), archive(2 * args.copies)),
        "one long list": (long_list(4 * args.copies), long_list(8 * args.copies)),
    }
    for name, (small, large) in cases.items():
        times: dict[int, list[float]] = {0: [], 1: []}
        for _ in range(args.rounds):  # interleaved, so that load on the machine hits both alike
            times[0].append(best(small, 1))
            times[1].append(best(large, 1))
        a, b = min(times[0]), min(times[1])
        print(
            f"{name}: {len(small) / 1e3:.0f} kB in {a:.3f} s, {len(large) / 1e3:.0f} kB in {b:.3f} s; "
            f"ratio {b / a:.2f} (2.00 = linear)"
        )


if __name__ == "__main__":
    main()
