"""`catchup adjudicate`: the JSON contract, text verdicts and exit codes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from cli_records import json_lines, occupied_game, random_game, run, write_lg

from catchup_notation.formats import write_text
from catchup_notation.model import Record
from catchup_notation.rules.adjudicate import adjudicate
from catchup_notation.rules.registry import parse_variant

FIELDS = {"source", "index", "variant", "status", "winner", "draw", "reason", "groups", "decided_at", "scores"}


def test_finished_game_json_matches_the_library(tmp_path):
    record = random_game(1)
    path = write_lg(tmp_path / "g.sgf", record)
    result = run("adjudicate", str(path), "--json")
    assert result.exit_code == 0
    (data,) = json_lines(result.stdout)
    assert set(data) >= FIELDS
    expected = adjudicate(record)
    assert data["status"] == "finished" == expected.status
    assert data["winner"] == expected.winner and data["winner"] in (1, 2)
    assert data["draw"] is False and data["reason"] == "board-full"
    assert data["groups"] == [list(expected.groups[0]), list(expected.groups[1])]
    assert data["scores"] == list(expected.scores)
    assert data["decided_at"] == expected.decided_at
    assert data["variant"] == "catchup(size=5)" and data["source"] == str(path) and data["index"] == 0


def test_text_verdict_is_the_explanation(tmp_path):
    record = random_game(1)
    path = write_lg(tmp_path / "g.sgf", record)
    result = run("adjudicate", str(path))
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        f"{path}:1:1: {adjudicate(record).explanation}",
        "1 record read: 1 finished, 0 resigned, 0 unfinished, 0 invalid, 0 unreadable",
    ]
    assert " wins " in result.output and "decided by" in result.output


def test_unfinished_game_exits_0_and_invalid_exits_1(tmp_path):
    short = write_lg(tmp_path / "short.sgf", random_game(2, turns=8))
    (data,) = json_lines(run("adjudicate", str(short), "--json").stdout)
    assert data["status"] == "unfinished" and data["winner"] is None and data["decided_at"] is None
    assert run("adjudicate", str(short)).exit_code == 0

    bad = write_lg(tmp_path / "bad.sgf", occupied_game())
    result = run("adjudicate", str(bad), "--json")
    assert result.exit_code == 1
    (data,) = json_lines(result.stdout)
    assert data["status"] == "invalid" and data["reason"] == "rule-error" and data["winner"] is None
    assert data["error"]["code"] == "occupied" and data["error"]["turn"] == 5


def test_unreadable_record_exits_3_with_status_unreadable(tmp_path):
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    result = run("adjudicate", str(broken), "--json")
    assert result.exit_code == 3
    (data,) = json_lines(result.stdout)
    assert data["status"] == "unreadable" and data["reason"] == "unreadable" and data["error"]["line"] == 1


def test_resignation(tmp_path):
    record = random_game(3, turns=10)
    from attrs import evolve

    path = write_lg(tmp_path / "r.sgf", evolve(record, resigned=2))
    (data,) = json_lines(run("adjudicate", str(path), "--json").stdout)
    assert data["status"] == "resigned" and data["winner"] == 1 and data["reason"] == "resignation"


def _stopped_game(tmp_path, variant: str, empty: int, seed: int) -> tuple[Path, Record]:
    """A random game of `variant` stopped with `empty` empty cells, written as a Little Golem file."""
    rng = random.Random(seed)
    game = parse_variant(variant).new_game()
    turns = []
    while game.empty > empty:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    record = Record(str(game.variant), tuple(turns))
    path = tmp_path / f"{variant}.sgf"
    path.write_text(write_text([record], "lg")[0], encoding="utf-8")
    return path, record


def test_solve_endgame_gives_the_perfect_play_winner_of_an_unfinished_game(tmp_path):
    from catchup_notation.solvers.endgame import EndgameTimeout, solve_record

    path, record = _stopped_game(tmp_path, "catchup(size=3)", 6, 5)
    (data,) = json_lines(run("adjudicate", str(path), "--json", "--solve-endgame").stdout)
    assert data["status"] == "unfinished" and data["winner"] is None  # the rules alone give no winner
    expected = solve_record(record)
    assert data["endgame"]["solved"] and data["endgame"]["winner"] == expected.winner
    line = data["endgame"]["principal_line"]
    assert len(line) == len(expected.principal_line) > 0
    assert [turn["player"] for turn in line] == [turn.player for turn in expected.principal_line]
    (data,) = json_lines(run("adjudicate", str(path), "--json", "--solve-endgame", "--max-empty", "2").stdout)
    assert data["endgame"]["solved"] is False and "more than --max-empty 2" in data["endgame"]["explanation"]
    (data,) = json_lines(run("adjudicate", str(path), "--json").stdout)
    assert "endgame" not in data
    # a deterministic backstop: a search past --endgame-nodes is left unsolved, and says so (the
    # budget is looked at every few hundred nodes: this position takes thousands)
    path, record = _stopped_game(tmp_path, "catchup(size=4)", 17, 3)
    with pytest.raises(EndgameTimeout):
        solve_record(record, max_nodes=2000)
    (data,) = json_lines(run("adjudicate", str(path), "--json", "--solve-endgame", "--endgame-nodes", "1").stdout)
    explanation = data["endgame"]["explanation"]
    assert data["endgame"]["solved"] is False and "stopped after 1 nodes (--endgame-nodes)" in explanation


def test_solve_endgame_default_depth_follows_the_variant(tmp_path):
    from catchup_notation.solvers.limits import ENDGAME_EMPTY

    # too places a stone of either colour: by default it stops at fewer empty cells than catchup
    too = ENDGAME_EMPTY["either colour"]
    assert too < ENDGAME_EMPTY["several stones"]
    path, _ = _stopped_game(tmp_path, "too(size=4)", too + 1, 3)
    (data,) = json_lines(run("adjudicate", str(path), "--variant", "too", "--json", "--solve-endgame").stdout)
    explanation = data["endgame"]["explanation"]
    assert data["endgame"]["solved"] is False and f"more than {too}, the default for too" in explanation
    path, _ = _stopped_game(tmp_path, "catchup(size=4)", too + 1, 3)
    (data,) = json_lines(run("adjudicate", str(path), "--json", "--solve-endgame").stdout)
    assert data["status"] == "unfinished" and data["endgame"]["solved"] is True


def test_default_endgame_depths_stay_inside_what_solve_starts_without_a_budget():
    from catchup_notation.solvers.estimate import FEASIBLE_EMPTY, variant_kind
    from catchup_notation.solvers.limits import ENDGAME_EMPTY
    from tests.helpers import HEX_VARIANTS

    assert set(ENDGAME_EMPTY) == set(FEASIBLE_EMPTY)
    assert all(ENDGAME_EMPTY[kind] <= FEASIBLE_EMPTY[kind] for kind in ENDGAME_EMPTY)
    kinds = {variant_kind(parse_variant(v).new_game()) for v in HEX_VARIANTS}
    assert kinds == set(ENDGAME_EMPTY)  # every kind is some variant's, every variant has one
