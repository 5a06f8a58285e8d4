"""What `--memory` bounds in the pure-Python hex search: the table and every memo together, each
memo starting over when full. Counted entry by entry (deterministic), and once as the process's
peak memory against a run of the same search that stops at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.hexsolve.search import MEMO_SHARE, Searcher, memo_limit
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
from catchup_notation.solvers.limits import Budget, SearchStopped


def memos(searcher: Searcher) -> dict[str, int]:
    """Every memo of the search and its entries now."""
    geo, sizes = searcher.geo, {}
    for colour in (1, 2):
        sizes[f"parts {colour}"] = len(geo._parts[colour])
        sizes[f"groups {colour}"] = len(geo._groups[colour])
        sizes[f"units {colour}"] = len(searcher._units[colour])
        sizes[f"wins {colour}"] = len(searcher._wins[colour])
    sizes["counts"], sizes["allowed"] = len(searcher._counts), len(searcher._allowed)
    sizes["finals"] = len(searcher.bounds._finals)
    return sizes


@pytest.mark.parametrize("variant", ["catchup(size=4)", "ketchup-2(size=4)", "alternative(size=4)"])
def test_the_table_and_every_memo_stay_within_the_budget(variant):
    memory = 16 << 20
    game = parse_variant(variant).new_game()
    # 40,000 nodes: enough for the memos together to hold more than one memo's limit
    searcher = Searcher(game, capacity=memory // BYTES_PER_ENTRY, budget=Budget(None, 40_000))
    with pytest.raises(SearchStopped):
        searcher.value(searcher.state(game))
    limit = searcher.memo_limit
    assert limit == memo_limit(memory // MEMO_SHARE, searcher.geo.n) < 200_000  # the budget sets it
    assert searcher.geo.memo_limit == searcher.bounds.memo_limit == limit
    sizes = memos(searcher)
    assert max(sizes.values()) <= limit, sizes
    assert sum(sizes.values()) > limit  # the memos were used: some of them started over
    table = searcher.table
    assert len(table) <= table.capacity <= memory // BYTES_PER_ENTRY - limit
    assert table.capacity * BYTES_PER_ENTRY + memory // MEMO_SHARE <= memory + BYTES_PER_ENTRY


def _peak_kilobytes(*args: str) -> int:
    code = (
        "import resource, sys; sys.argv = ['catchup', *sys.argv[1:]];"
        "from catchup_notation.cli.main import main\n"
        "try: main()\n"
        "except SystemExit: pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, "solve", *args, "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "CATCHUP_PURE": "1"},
    )
    json.loads(run.stdout)  # the search said what it found
    return int(run.stderr.strip().splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in kilobytes")
def test_a_long_pure_search_holds_about_its_budget_in_memory():
    board = ["--variant", "catchup(size=4)", "--memory", "16", "--jobs", "1"]  # in this process
    start = _peak_kilobytes(*board, "--max-nodes", "1")
    full = _peak_kilobytes(*board, "--max-nodes", "400000")  # enough to fill the table and memos
    grown_mb = (full - start) / 1024
    # 16 MB of table and memos, the turns on the line searched, the allocator's slack; before the
    # memos were in the budget, this search grew by a hundred megabytes and more
    assert grown_mb < 2.5 * 16, f"grew {grown_mb:.0f} MB"
