"""`catchup solve`, `stats` and `tournament` on number-set Catch-Up."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from cli_records import json_lines, run

from catchup_notation import compiled
from catchup_notation.solvers.hexsolve.parallel import available_cores

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "isaksen-2015.numbers"


def test_solve_a_set_matches_table_2():
    for n, value in ((5, 1), (9, -1), (12, 0)):
        result = run("solve", "--set", f"1..{n}", "--moves", "--json")
        assert result.exit_code == 0, result.output
        (data,) = json_lines(result.stdout)
        assert data["value"] == value and data["variant"] == f"catch-up(set=1..{n})"
        assert data["nodes"] > 0 and data["best_moves"]
        assert all(v == value for m, v in data["move_values"] if m in data["best_moves"])


def test_solve_a_multiset_and_a_recorded_position():
    (data,) = json_lines(run("solve", "--set", "{2,2,2,3,3}", "--moves", "--json").stdout)
    assert data["value"] == 1 and data["best_moves"] == [[2]]  # the paper's Figure 5 (Isaksen et al. 2015)
    # section 2.5: after <1> <2> <5> <6> every move of P1 loses
    (data,) = json_lines(run("solve", str(EXAMPLES), "--record", "3", "--moves", "--json").stdout)
    assert data["scores"] == [6, 8] and data["numbers"] == [3, 4, 7] and data["value"] == -1
    assert sorted(map(tuple, data["best_moves"])) == [(3,), (4,), (7,)]
    (data,) = json_lines(run("solve", str(EXAMPLES), "--record", "0", "--turn", "1", "--json").stdout)
    assert data["to_move"] == 2 and data["scores"] == [3, 0]


def test_solve_usage_errors():
    assert run("solve").exit_code == 2
    assert run("solve", "--set", "0..3").exit_code == 2
    assert run("solve", str(EXAMPLES), "--record", "9").exit_code == 2


def test_stats_reproduce_table_5_row_for_n_8():
    (data,) = json_lines(run("stats", "--set", "1..8", "--json").stdout)
    assert (data["game_tree_size"], data["state_space_size"], data["max_branching"], data["min_depth"]) == (
        40320,
        1453,
        150,
        4,
    )
    assert (data["win_percent"], data["tie_percent"], data["loss_percent"]) == (38.93, 22.14, 38.93)


def test_tournament_is_repeatable_with_a_seed():
    args = ("tournament", "--set", "1..10", "--games", "200", "--p1", "MinScore", "--p2", "MinScore", "--json")
    first, again = json_lines(run(*args, "--seed", "3").output), json_lines(run(*args, "--seed", "3").stdout)
    assert first == again
    assert first[0]["p1_wins"] == 0  # Table 3: MinScore against MinScore, P1 never wins
    assert len(json_lines(run("tournament", "--set", "1..6", "--games", "5", "--json").stdout)) == 16
    assert run("tournament", "--set", "1..6", "--p1", "Cleverest").exit_code == 2


MAX_VS_MIN = ("--p1", "MaxScore", "--p2", "MinScore")


def test_stats_refuse_a_large_set_and_stop_at_a_budget():
    refused = run("stats", "--set", "1..20")
    assert refused.exit_code == 1 and "--timeout" in refused.output
    stopped = run("stats", "--set", "1..16", "--max-nodes", "2000")
    assert stopped.exit_code == 1 and "stopped after" in stopped.output


def test_a_tournament_too_large_is_refused_unless_given_a_time_limit():
    # Turns grow exponentially with the set: one game on 1..200 never ends in reasonable time.
    pairing = ("--p1", "Random", "--p2", "Random")
    refused = run("tournament", "--set", "1..200", "--games", "1", *pairing)
    assert refused.exit_code == 1
    assert "give --timeout" in refused.output
    stopped = run(
        "tournament",
        "--set",
        "1..200",
        "--games",
        "3",
        "--p1",
        "Random",
        "--p2",
        "Random",
        "--timeout",
        "0.5",
        "--json",
    )
    assert stopped.exit_code == 1
    (row,) = json_lines(stopped.stdout)
    assert row["complete"] is False and row["games"] < 3
    assert "stopped after 0.5 s" in stopped.stderr


def test_a_tournament_of_many_small_games_stops_at_its_time_limit():
    # Each game on 1..5 is over long before its turns are listed CHECK_EVERY times: the clock is
    # looked at between games too.
    started = time.monotonic()
    stopped = run("tournament", "--set", "1..5", "--games", "100000000", *MAX_VS_MIN, "--timeout", "0.5", "--json")
    assert time.monotonic() - started < 30
    assert stopped.exit_code == 1 and "stopped after 0.5 s" in stopped.stderr
    row = json_lines(stopped.stdout)[0]
    assert row["complete"] is False and 0 < row["games"] < 100000000
    at_once = run("tournament", "--set", "1..6", "--games", "3", *MAX_VS_MIN, "--timeout", "0", "--json")
    assert at_once.exit_code == 1 and json_lines(at_once.stdout)[0]["complete"] is False


def test_a_tournament_that_fits_says_it_is_complete():
    (row,) = json_lines(
        run("tournament", "--set", "1..6", "--games", "5", "--p1", "Random", "--p2", "Random", "--json").output
    )
    assert row["complete"] is True and row["games"] == 5


# --- the progress line: on a terminal's stderr only ------------------------------------------


def test_stats_show_progress_on_a_terminal(terminal):
    result = run("stats", "--set", "1..8")
    assert result.exit_code == 0 and "game tree size: 40320" in result.stdout
    assert "counting the game tree" in terminal.getvalue()
    assert "counting the branching of each turn" in terminal.getvalue()
    assert "counting" not in result.stdout + result.stderr


def test_a_tournament_shows_its_pairings_on_a_terminal(terminal):
    result = run("tournament", "--set", "1..6", "--games", "20", "--p2", "MinScore")
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 1 + 4  # the heading, a row a pairing
    for number, first in enumerate(("Random", "MaxScore", "MinScore", "UseMostNums"), 1):
        assert f"playing {first} vs MinScore: pairing {number} of 4, 20 games" in terminal.getvalue()
    assert "playing" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("stats", "--set", "1..8", "--json"),
        ("tournament", "--set", "1..6", "--games", "20", "--p1", "MaxScore", "--p2", "MinScore", "--json"),
        ("solve", "--set", "1..8", "--json"),
    ],
)
def test_no_progress_in_json_output(terminal, args):
    result = run(*args)
    assert result.exit_code == 0 and json_lines(result.stdout)
    assert terminal.getvalue() == ""


@pytest.mark.parametrize(
    "args", [("stats", "--set", "1..8"), ("tournament", "--set", "1..6", "--games", "20"), ("solve", "--set", "1..8")]
)
def test_no_progress_where_stderr_is_no_terminal(args):
    result = run(*args)  # the test runner's stderr is no terminal
    assert result.exit_code == 0 and result.stderr == ""


def test_the_progress_line_waits_for_its_delay(monkeypatch):
    """A short run says nothing: the line appears only once the work has run PROGRESS_DELAY."""
    from rich.console import Console

    from catchup_notation.cli import output, progress

    shown = io.StringIO()
    monkeypatch.setattr(output, "stderr_console", lambda: Console(file=shown, force_terminal=True, width=200))
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    result = run("tournament", "--set", "1..6", "--games", "2", "--p1", "MaxScore", "--p2", "MinScore")
    assert result.exit_code == 0 and shown.getvalue() == ""


def test_one_timeout_option_for_every_search():
    """solve, stats and tournament take the same --timeout (0 stops at once and reports what is known)."""
    for command in ("solve", "stats", "tournament"):
        assert run(command, "--set", "1..6", "--timeout", "-1").exit_code == 2
    stopped = run("stats", "--set", "1..16", "--timeout", "0")
    assert stopped.exit_code == 1 and "stopped after 0 s" in stopped.output
    pairing = ("--p1", "Random", "--p2", "Random")
    played = run("tournament", "--set", "1..200", "--games", "1", *pairing, "--timeout", "0", "--json")
    assert played.exit_code == 1 and "stopped after 0 s" in played.stderr
    assert json_lines(played.stdout)[0]["complete"] is False


def test_a_stopped_parallel_solve_reports_every_workers_nodes(monkeypatch):
    # Regression: the workers' nodes were not carried back when one of them stopped ("nodes": 0).
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")  # the reference's processes (the core searches on one)
    stopped = run("solve", "--set", "1..22", "--jobs", "2", "--max-nodes", "20000", "--json")
    assert stopped.exit_code == 1
    (data,) = json_lines(stopped.stdout)
    assert data["complete"] is False and data["jobs"] == 2
    # each worker may search max-nodes / jobs; the one that stopped had reached its share
    assert data["nodes"] >= 10000
    assert f"{data['nodes']} nodes on 2 processes" in data["stopped"] and data["stopped"] in stopped.stderr
    assert "(--max-nodes 20000)" in data["stopped"]  # the limit asked for, not a worker's share of it


def test_the_reference_solves_a_set_on_two_cores_unless_told(monkeypatch):
    # two processes where the machine has two cores (DEFAULT_NUMBER_JOBS), one where it has one
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    (data,) = json_lines(run("solve", "--set", "1..20", "--json").stdout)
    assert data["jobs"] == min(2, available_cores()) and data["value"] == 0
    (data,) = json_lines(run("solve", "--set", "1..20", "--jobs", "1", "--json").stdout)
    assert data["jobs"] == 1 and data["value"] == 0


def test_the_core_solves_a_set_on_one_thread_unless_told():
    if compiled.core("_numcore") is None:
        pytest.skip("the compiled core is not in use (not built, or CATCHUP_PURE set)")
    (data,) = json_lines(run("solve", "--set", "1..20", "--json").stdout)
    assert data["jobs"] == 1 and data["value"] == 0
    (data,) = json_lines(run("solve", "--set", "1..20", "--jobs", "2", "--json").stdout)
    assert data["jobs"] == 2 and data["value"] == 0
