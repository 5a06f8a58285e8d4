"""The JSON contracts: every command's --json output matches its published JSON Schema, and the
three reports share their first fields."""

from __future__ import annotations

import json

import pytest
from cli_records import json_lines, occupied_game, random_game, run, write_lg
from schema_check import unknown_keywords, validate

from catchup_notation.reports import schema_path

EXAMPLES = "examples"
QUIRKS = "tests/quirks"
SHARED = ["source", "index", "line", "format", "variant", "players", "turns", "warnings", "error"]


def schema(name):
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["verify", "adjudication", "solve", "convert", "review"])
def test_schemas_use_only_what_the_validator_checks(name):
    assert unknown_keywords(schema(name)) == []


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    write_lg(folder / "games.sgf", random_game(1), random_game(2, turns=9))
    write_lg(folder / "broken.sgf", occupied_game())
    (folder / "unreadable.sgf").write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    write_lg(folder / "late.sgf", random_game(11, turns=34))  # unfinished, 5 empty cells
    return folder


def outputs(*args):
    result = run(*args)
    assert result.exit_code in (0, 1, 3), result.output
    return json_lines(result.stdout)


def test_verify_output_matches_its_schema(records):
    found = outputs("verify", EXAMPLES, QUIRKS, str(records), "--json", "--corrections", "diagram")
    found += outputs("verify", EXAMPLES, str(records), "--json")  # the posts unread: not-a-cell errors
    found += outputs("verify", EXAMPLES, "--json", "--variant", "auto", "--corrections", "diagram")
    codes = {r["error"]["code"] for r in found if r["error"]}
    assert {"occupied", "not-a-cell", "bad-cell"} <= codes and any("accepted_by" in r for r in found)
    assert any(r["warnings"] for r in found) and any(r["players"] != [None, None] for r in found)
    for report in found:
        validate(report, schema("verify"))
        assert list(report)[: len(SHARED)] == SHARED


def test_adjudication_output_matches_its_schema(records):
    found = outputs("adjudicate", EXAMPLES, QUIRKS, str(records), "--json", "--corrections", "diagram")
    found += outputs("adjudicate", str(records), "--json", "--solve-endgame", "--max-empty", "8")
    statuses = {r["status"] for r in found}
    assert {"finished", "resigned", "unfinished", "invalid"} <= statuses
    assert any(r.get("endgame", {}).get("principal_line") for r in found)
    for report in found:
        validate(report, schema("adjudication"))
        assert list(report)[: len(SHARED)] == SHARED


def test_solve_output_matches_its_schema(records):
    found = outputs("solve", "--variant", "catchup(size=2)", "--moves", "--json", "--jobs", "1")
    found += outputs("solve", "--variant", "too(size=2)", "--moves", "--json", "--jobs", "1")
    found += outputs("solve", str(records / "late.sgf"), "--json", "--jobs", "1")
    found += outputs("solve", "--set", "1..7", "--moves", "--json")
    found += outputs("solve", f"{EXAMPLES}/isaksen-2015.numbers", "--record", "3", "--json")
    found += outputs("solve", "--variant", "catchup(size=4)", "--max-nodes", "2000", "--json", "--jobs", "1")
    assert any(not r["complete"] for r in found) and any(r["source"] for r in found)
    for report in found:
        validate(report, schema("solve"))
        assert list(report)[: len(SHARED)] == SHARED


def test_convert_summary_matches_its_schema(records, tmp_path):
    found = outputs("convert", EXAMPLES, str(records), "-o", str(tmp_path / "all.sgf"), "--json")
    found += outputs("convert", str(records), "--to", "json", "-o", str(tmp_path / "all.jsonl"), "--json")
    found += outputs("convert", str(records), "--to", "json", "-o", f"{tmp_path / 'folder'}/", "--json")
    assert any(summary["skipped"] for summary in found) and any(summary["warnings"] for summary in found)
    assert found[-1]["files"]
    for summary in found:
        validate(summary, schema("convert"))


def test_the_validator_catches_a_report_off_its_contract(records):
    (report,) = outputs("verify", str(records / "broken.sgf"), "--json")
    for broken in ({**report, "extra": 1}, {**report, "players": ["a"]}, {**report, "error": {"code": "x"}}):
        with pytest.raises(AssertionError):
            validate(broken, schema("verify"))
    (solved,) = outputs("solve", "--set", "1..5", "--json")
    with pytest.raises(AssertionError):
        validate({**solved, "empty": 3}, schema("solve"))  # neither a hex nor a number-set object
