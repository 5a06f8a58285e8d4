"""Solver budgets that hold on hostile questions, one named test per case: a time or node budget
is kept within a second or so even where one position has millions of turns, memory stays bounded
(each run here under a 2 GB address-space cap: past it the run would die of MemoryError, exit 4),
and a search too deep for Python's stack stops with a message instead of a RecursionError. The
time bounds are hang detectors, far above what a run takes."""

from __future__ import annotations

import resource
import subprocess
import sys
import time

import pytest

from catchup_notation.solvers.endgame import EndgameTimeout, solve_variant

CAP = 2 << 30  # bytes of address space a run may map


def capped_run(*args: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
        check=False,
    )
    return result, time.monotonic() - started


@pytest.mark.parametrize("budget", [{"time_limit": 2.0}, {"max_nodes": 1}, {"max_nodes": 10}])
def test_an_empty_side_50_board_stops_at_its_budget(budget):
    started = time.monotonic()
    with pytest.raises(EndgameTimeout) as stopped:
        solve_variant("catchup(size=50)", jobs=1, **budget)
    assert time.monotonic() - started < 2.0 + 10  # listed and ordered under the budget too
    assert stopped.value.partial is not None and not stopped.value.partial.complete


def test_solve_on_an_empty_side_50_board_is_a_stop_not_a_crash():
    result, seconds = capped_run("solve", "--variant", "catchup(size=50)", "--timeout", "3")
    assert result.returncode == 1, result.stderr[-2000:]
    assert "stopped after 3 s (--timeout)" in result.stderr
    assert seconds < 60


@pytest.mark.parametrize("side", [6, 50])
def test_a_node_limit_bounds_the_listing_of_a_large_opening(side):
    # listing the second player's turns on these boards took minutes, counted as no node at all
    result, seconds = capped_run("solve", "--variant", f"catchup(size={side})", "--max-nodes", "10", "--jobs", "1")
    assert result.returncode == 1 and "(--max-nodes 10)" in result.stderr, result.stderr[-2000:]
    assert seconds < 30


def test_a_position_with_millions_of_turns_stops_the_search_saying_why(tmp_path):
    record = tmp_path / "side50.jsonl"
    record.write_text(
        '{"variant": "catchup(size=50)", "turns": [{"player": 1, "cells": [[0, 0]]}, '
        '{"player": 2, "cells": [[1, 0]]}]}\n',
        encoding="utf-8",
    )
    result, _ = capped_run("adjudicate", "--solve-endgame", "--max-empty", "8000", str(record))
    assert result.returncode == 0, result.stderr[-2000:]
    assert "endgame not solved: a position has" in result.stdout
    assert "turns, more than the search lists in one position" in result.stdout


def test_stats_of_a_set_of_500_stops_at_its_time_not_on_the_stack():
    result, seconds = capped_run("stats", "--set", "1..500", "--timeout", "2")
    assert result.returncode == 1, result.stderr[-2000:]
    assert "stopped after 2 s (--timeout)" in result.stderr
    assert "RecursionError" not in result.stderr
    assert seconds < 60


def test_a_tournament_of_a_thousand_numbers_stays_in_bounded_memory():
    result, _ = capped_run("tournament", "--set", "1..1000", "--timeout", "40")
    assert result.returncode == 1, result.stderr[-2000:]
    assert "0 of 1000 games played" in result.stderr
