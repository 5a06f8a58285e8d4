"""`catchup review` and `adjudicate --estimate` on the command line, with the real engine (short
searches: a playout limit, one thread and a seed, so that a run is repeatable), checked against
the exact solver, the rules and the published JSON Schemas."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from cli_records import json_lines, random_game, run, write_lg
from review_games import blunder_game
from schema_check import validate

from catchup_notation import formats
from catchup_notation.model import Record
from catchup_notation.reports import schema_path
from catchup_notation.review_report import REVIEW_FIELDS
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Short, repeatable engine searches.
QUICK = ("--playouts", "300", "--threads", "1", "--seed", "7")


def schema(name):
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A side-4 game with a known blunder (beyond 13 empty cells the engine values it), and two
    side-5 games cut short (after twelve turns, and after two: a few searches at the default time)."""
    folder = tmp_path_factory.mktemp("review")
    known = blunder_game(3)
    assert known is not None
    blunder = Record(known.variant, known.turns, players=("ann", "bo"))
    write_lg(folder / "blunder.sgf", blunder)
    write_lg(folder / "short.sgf", random_game(4, turns=12))
    write_lg(folder / "opening.sgf", random_game(4, turns=2))
    return folder, known


def positions_of(record):
    game = parse_variant(record.variant).new_game()
    out = [game.copy()]
    for turn in record.turns:
        game.play(turn)
        out.append(game.copy())
    return out


def test_the_json_review_agrees_with_the_solver_and_its_schema(games):
    folder, known = games
    result = run("review", str(folder / "blunder.sgf"), "--json", "--max-empty", "13", *QUICK)
    assert result.exit_code == 0, result.output
    (report,) = json_lines(result.stdout)
    validate(report, schema("review"))
    assert report["status"] == "reviewed" and report["turns"] == len(known.turns)
    (record,) = (item.record for item in formats.parse_text((folder / "blunder.sgf").read_text(), format="lg"))
    for game, position in zip(positions_of(record), report["positions"], strict=True):
        if game.over:
            assert position["how"] == "end"
        elif game.empty <= 13:  # the solver's: a proof that agrees with a fresh solve
            solved = solve_endgame(game)
            mine = position["value"]["proven"]
            assert position["how"] == "solver" and mine == (solved.value if game.to_move == 1 else -solved.value)
        else:  # the engine's: an estimate with its interval, or a proof of its own search
            value = position["value"]
            assert position["how"] == "engine" and 0 <= value["low"] <= value["win"] <= value["high"] <= 1
            if value["proven"] is not None:
                solved = solve_endgame(game)
                assert value["proven"] == (solved.value if game.to_move == 1 else -solved.value)
    assert report["losing_turn"] == report["decided_at"] == known.blunder
    assert report["reviewed_turns"][known.blunder - 1]["judgement"] == "blunder"
    assert report["settings"]["playouts"] == 300 and report["settings"]["threads"] == 1


def test_a_review_is_repeatable_whatever_the_jobs(games):
    folder, _ = games
    files = [str(folder / "blunder.sgf"), str(folder / "short.sgf")]
    one = run("review", *files, "--json", *QUICK)
    two = run("review", *files, "--json", "--jobs", "2", *QUICK)
    assert one.exit_code == two.exit_code == 0, one.output + two.output

    def without_times(report):
        report = dict(report, seconds=0)
        report["positions"] = [dict(p, seconds=0) for p in report["positions"]]
        return report

    assert [without_times(r) for r in json_lines(one.stdout)] == [without_times(r) for r in json_lines(two.stdout)]


def test_the_text_report(games):
    folder, known = games
    result = run("review", str(folder / "blunder.sgf"), "--max-empty", "13", *QUICK)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "review of ann (White) vs bo (Black)" in text
    assert f"decided at turn {known.blunder}" in text and f"the losing turn: {known.blunder}, " in text
    assert "proven by the solver (at most 13 empty cells)" in text
    assert "estimated by the engine (300 playouts each" in text
    assert text.rstrip().endswith("1 record read: 1 reviewed, 0 invalid, 0 unreadable")


def test_csv_has_one_row_per_record(games):
    folder, _ = games
    result = run("review", str(folder / "blunder.sgf"), str(folder / "short.sgf"), "--csv", "--exact-only")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert tuple(rows[0]) == REVIEW_FIELDS and len(rows) == 2
    assert {row["status"] for row in rows} == {"reviewed"}
    assert int(rows[0]["exact_positions"]) > 0 and rows[0]["estimated_positions"] == "0"


def test_records_that_cannot_be_reviewed(tmp_path):
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]SZ[5];W[E5];B[E5])\n(;FF[4]SZ[5];W[E5]\n", encoding="utf-8")
    result = run("review", str(broken), str(EXAMPLES / "isaksen-2015.numbers"), "--json", "--exact-only")
    assert result.exit_code == 3, result.output  # unreadable wins over invalid
    reports = json_lines(result.stdout)
    for report in reports:
        validate(report, schema("review"))
    statuses = [r["status"] for r in reports]
    assert statuses[:2] == ["invalid", "unreadable"] and set(statuses[2:]) == {"invalid"}
    assert reports[0]["error"]["code"] == "occupied"
    assert "hex games" in reports[2]["error"]["message"]


def test_the_records_written_back(games, tmp_path):
    folder, known = games
    out = tmp_path / "reviewed.sgf"
    result = run("review", str(folder / "blunder.sgf"), "--write", str(out), "--max-empty", "13", *QUICK)
    assert result.exit_code == 0, result.output
    (item,) = formats.parse_text(out.read_text(encoding="utf-8"), format="lg", variant=known.variant)
    assert item.error is None and not item.warnings
    record = item.record
    assert record.turns == known.turns  # the game is the main line
    notes = record.annotations
    assert notes.comment(0).startswith("Review:")
    assert all(notes.comment(k) for k in range(1, len(known.turns) + 1))
    assert "blunder" in notes.comment(known.blunder)
    assert notes.variations
    positions = positions_of(record)
    for variation in notes.variations:  # each best line is legal play from where it branches off
        game = positions[variation.after].copy()
        assert variation.turns[0].player == record.turns[variation.after].player
        for turn in variation.turns:
            game.play(turn)
    # The library's JSON keeps the same, exactly.
    as_json = tmp_path / "reviewed.json"
    run("review", str(folder / "blunder.sgf"), "--write", str(as_json), "--max-empty", "13", *QUICK)
    (back,) = formats.parse_text(as_json.read_text(encoding="utf-8"), format="json")
    kept = back.record.annotations
    assert kept.variations == notes.variations
    assert kept.comments[1:] == notes.comments[1:]  # the game's comment ends with the time the review took


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--thresholds", "0.3,0.2,0.1"), "rising"),
        (("--thresholds", "0.1,0.2"), "three"),
        (("--write", "{input}"), "one of the inputs"),
        (("--html", "{input}"), "one of the inputs"),
    ],
)
def test_usage_errors(games, args, words):
    folder, _ = games
    game = str(folder / "short.sgf")
    result = run("review", game, "--exact-only", *(a.replace("{input}", game) for a in args))
    assert result.exit_code == 2 and words in result.output
    assert (folder / "short.sgf").read_text().startswith("(;")


def test_adjudicate_estimates_an_unfinished_game(games):
    folder, _ = games
    result = run("adjudicate", str(folder / "short.sgf"), "--estimate", "--json", *QUICK)
    assert result.exit_code == 0, result.output
    (report,) = json_lines(result.stdout)
    validate(report, schema("adjudication"))
    estimate = report["estimate"]
    assert report["status"] == "unfinished" and not estimate["exact"]
    assert estimate["explanation"].startswith("estimate, not a proof: ")
    assert estimate["searches"] == 2 and estimate["playouts"] == 300 and estimate["seed"] == 7
    assert estimate["low"] <= estimate["chance"] <= estimate["high"]
    assert estimate["winner"] == (1 if estimate["chance"] > 0.5 else 2)
    # The same again: a seed and a playout limit make it repeatable.
    again = json_lines(run("adjudicate", str(folder / "short.sgf"), "--estimate", "--json", *QUICK).stdout)[0]
    assert {k: v for k, v in again["estimate"].items() if k != "seconds"} == {
        k: v for k, v in estimate.items() if k != "seconds"
    }


def test_adjudicate_estimate_is_exact_within_the_solvers_reach(tmp_path):
    late = write_lg(tmp_path / "late.sgf", random_game(9, turns=1000))  # finished: no estimate
    record = random_game(11)
    cut = Record(record.variant, record.turns[:-6])
    position = positions_of(cut)[-1]
    assert not position.over and position.empty <= 16
    write_lg(tmp_path / "cut.sgf", cut)
    result = run("adjudicate", str(late), str(tmp_path / "cut.sgf"), "--estimate", "--json", *QUICK)
    finished, unfinished = json_lines(result.stdout)
    assert "estimate" not in finished
    estimate = unfinished["estimate"]
    solved = solve_endgame(position)
    assert estimate["exact"] and estimate["searches"] == 0 and estimate["winner"] == solved.winner
    assert estimate["explanation"].startswith("with perfect play")


def test_engine_options_need_estimate(games):
    folder, _ = games
    result = run("adjudicate", str(folder / "short.sgf"), "--time", "2")
    assert result.exit_code == 2 and "--estimate" in result.output


@pytest.mark.parametrize(
    ("name", "args", "limit"),
    [
        ("short.sgf", ("--level", "1"), {"time": None, "playouts": None, "level": 1}),
        ("short.sgf", ("--time", "0.05"), {"time": 0.05, "playouts": None, "level": None}),
        ("opening.sgf", (), {"time": 0.8, "playouts": None, "level": None}),
    ],
)
def test_time_and_level_limit_the_searches(games, name, args, limit):
    folder, _ = games
    game = str(folder / name)
    result = run("review", game, "--json", "--threads", "1", "--seed", "7", *args)
    assert result.exit_code == 0, result.output
    (report,) = json_lines(result.stdout)
    assert {k: report["settings"][k] for k in limit} == limit
    estimated = [p for p in report["positions"] if p["how"] == "engine"]
    assert estimated and all(p["playouts"] > 0 for p in estimated)
    if limit["level"] == 1:  # level 1 caps a search at 32 playouts; a value is the mean of two searches
        assert all(p["playouts"] <= 2 * 32 for p in estimated)


def test_estimates_are_shown_with_their_intervals(games):
    folder, _ = games
    result = run("review", str(folder / "short.sgf"), *QUICK)
    assert result.exit_code == 0, result.output
    (report,) = json_lines(run("review", str(folder / "short.sgf"), "--json", *QUICK).stdout)
    first = report["reviewed_turns"][0]
    before = first["before"]
    assert before["proven"] is None  # 12 turns into a side-5 game: an estimate
    shown = f"{before['win']:.0%} ({before['low'] * 100:.0f}-{before['high'] * 100:.0f})"
    row = next(line for line in result.stdout.splitlines() if line.split()[:1] == ["1"])
    assert shown in row


def test_progress_on_a_terminal_says_which_position(games, terminal):
    folder, _ = games
    result = run("review", str(folder / "short.sgf"), *QUICK)
    assert result.exit_code == 0, result.output
    said = [(int(a), int(b)) for a, b in re.findall(r"short\.sgf#0: position (\d+) of (\d+)", terminal.getvalue())]
    assert said and all(0 < done <= total for done, total in said) and max(t for _, t in said) >= 13  # 13 positions
    assert "#0: position" not in result.stderr + result.stdout
    terminal.seek(0)
    terminal.truncate()
    quiet = run("review", str(folder / "short.sgf"), "--no-progress", *QUICK)
    assert quiet.exit_code == 0 and "#0: position" not in terminal.getvalue()
