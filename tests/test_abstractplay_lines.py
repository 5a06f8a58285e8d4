"""Abstract Play records one a line (a `.jsonl` file, no format named) are read by each line's
shape, as Abstract Play's, beside the library's own JSON records in the same file; each line's
error costs that line alone."""

from __future__ import annotations

import json
from pathlib import Path

from cli_records import json_lines, run

import catchup_notation as cn

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def their_record(moves: list[list[str]], side: int = 5) -> dict:
    """A record in the shape of Abstract Play's (written here, not copied)."""
    return {
        "header": {
            "game": {"name": "Catchup", "variants": [f"size-{side}"]},
            "players": [{"name": "ana", "result": 1}, {"name": "ben", "result": 0}],
        },
        "moves": moves,
    }


def lines_file(path: Path, *values: object) -> Path:
    path.write_text("".join(json.dumps(value) + "\n" for value in values), encoding="utf-8")
    return path


def test_their_records_one_a_line_read_as_the_same_records_as_their_file(tmp_path):
    whole = EXAMPLES / "abstractplay-size6.json"
    value = json.loads(whole.read_text(encoding="utf-8"))
    expected = [game.record for game in cn.read(str(whole))]
    path = lines_file(tmp_path / "games.jsonl", value, value)
    games = list(cn.read(str(path)))
    assert [game.reading_error for game in games] == [None, None]
    for number, game in enumerate(games, 1):
        assert game.record.turns == expected[0].turns
        assert game.record.players == expected[0].players
        assert game.record.variant == expected[0].variant
        assert game.record.at is not None and game.record.at.line == number
        assert game.verify().valid


def test_verify_reads_their_lines_beside_the_librarys_own(tmp_path):
    own = (EXAMPLES / "library.jsonl").read_text(encoding="utf-8").splitlines()[0]
    path = tmp_path / "mixed.jsonl"
    theirs = json.dumps(their_record([["c3", "b2,d4"], ["a1"]]))
    path.write_text(f"{theirs}\n{own}\n{theirs}\n", encoding="utf-8")
    result = run("verify", str(path), "--json")
    assert result.exit_code == 0, result.output
    reports = json_lines(result.stdout)
    assert [report["valid"] for report in reports] == [True, True, True]
    assert [report["line"] for report in reports] == [1, 2, 3]
    assert reports[0]["players"] == ["ana", "ben"]
    assert reports[0]["turns"] == 3


def test_a_bad_line_of_theirs_is_their_error_and_costs_that_line_alone(tmp_path):
    good = their_record([["c3", "b2,d4"]])
    bad = their_record([["c3", "b2!"]])
    path = lines_file(tmp_path / "games.jsonl", good, bad, good)
    result = run("verify", str(path), "--json")
    assert result.exit_code == 3, result.output
    reports = json_lines(result.stdout)
    assert [report["error"] is None for report in reports] == [True, False, True]
    error = reports[1]["error"]
    assert (error["code"], error["line"]) == ("bad-cell", 2)
    assert "b2!" in error["message"]


def test_the_text_report_is_the_one_their_format_named_gives(tmp_path):
    path = lines_file(tmp_path / "games.jsonl", their_record([["c3", "b2!"]]), their_record([["c3", "b2,d4"], ["a1"]]))
    named = run("verify", str(path), "--format", "abstractplay")
    found = run("verify", str(path))
    assert found.exit_code == named.exit_code == 3
    assert found.stdout == named.stdout


def test_their_lines_under_a_number_set_variant_are_errors_not_a_crash(tmp_path):
    path = lines_file(tmp_path / "games.jsonl", their_record([["c3"]]), their_record([["c3"]]))
    games = list(cn.read(str(path), variant="numbers"))
    assert len(games) == 2
    for game in games:
        assert game.reading_error is not None
        assert "hex" in game.reading_error.message
