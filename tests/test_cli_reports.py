"""verify and adjudicate as tables and files: CSV rows that say what the JSON says, reports written to
files by their ending, the summary line, --strict, and the exits of runs that read nothing."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter

import pytest
from cli_records import json_lines, occupied_game, random_game, run, write_lg

from catchup_notation.reports import ROW_FIELDS

POST = "examples/rga-post-as-typed.txt"


@pytest.fixture
def folder(tmp_path):
    from attrs import evolve

    games = tmp_path / "games"
    games.mkdir()
    named = evolve(random_game(1), players=("=cmd|x", "bob"))  # a name a spreadsheet would run
    write_lg(games / "a.sgf", named, random_game(2, turns=9))
    write_lg(games / "b.sgf", occupied_game())
    (games / "c.sgf").write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    return games


def csv_rows(text):
    return list(csv.DictReader(io.StringIO(text)))


def _flat(value):
    """What a JSON value is in a CSV cell, as text."""
    if value is None:
        return ""
    return str(value)


@pytest.mark.parametrize(("command", "fields"), [("verify", "verify"), ("adjudicate", "adjudicate")])
def test_csv_rows_say_what_the_json_says(folder, command, fields):
    as_json = json_lines(run(command, str(folder), "--json").stdout)
    result = run(command, str(folder), "--csv")
    rows = csv_rows(result.stdout)
    assert list(rows[0]) == list(ROW_FIELDS[fields]) and len(rows) == len(as_json) == 4
    for row, data in zip(rows, as_json, strict=True):
        for key in ("source", "index", "line", "format", "variant", "turns"):
            assert row[key] == _flat(data[key]), key
        name = data["players"][0]
        assert row["player_1"] == ("'" + name if name and name.startswith("=") else _flat(name))
        assert row["player_2"] == _flat(data["players"][1])
        error = data["error"] or {}
        for key in ("code", "turn", "player", "line", "column", "message"):
            assert row[f"error_{key}"] == _flat(error.get(key)), key
        assert row["warning_count"] == str(len(data["warnings"]))
        assert row["status"] == data["status"]
        if command == "verify":
            assert row["valid"] == str(data["valid"])
        else:
            for key in ("status", "winner", "draw", "reason", "decided_by", "decided_at", "explanation"):
                assert row[key] == _flat(data[key]), key
            assert row["valid"] == str(data["status"] not in ("invalid", "unreadable"))
    assert result.stderr.strip().splitlines()[-1].startswith("4 records read:")  # the summary, on stderr


@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_every_form_counts_each_record_as_the_summary_line_does(folder, command):
    """The words of the summary line are the `status` of the JSON object and of the CSV row, for
    a valid, an invalid and an unreadable record alike."""
    as_json = run(command, str(folder), "--json")
    statuses = [data["status"] for data in json_lines(as_json.stdout)]
    rows = csv_rows(run(command, str(folder), "--csv").stdout)
    assert [row["status"] for row in rows] == statuses
    assert {"invalid", "unreadable"} <= set(statuses)
    summary = as_json.stderr.strip().splitlines()[-1]
    counted = dict((word, int(n)) for n, word in re.findall(r"(\d+) (\w+)", summary.split(":", 1)[1]))
    assert {word: n for word, n in counted.items() if n} == dict(Counter(statuses))
    text = run(command, str(folder)).stdout.strip().splitlines()[-1]
    assert text == summary


def test_a_report_file_takes_its_form_from_its_ending(folder, tmp_path):
    for name, check in (
        ("report.csv", lambda text: csv_rows(text)[0]["format"] == "lg"),
        ("report.jsonl", lambda text: json.loads(text.splitlines()[0])["format"] == "lg"),
        ("report.txt", lambda text: ": ok: " in text and "records read" not in text),
    ):
        target = tmp_path / name
        result = run("verify", str(folder), "-o", str(target))
        assert result.exit_code == 3 and result.stdout == ""
        assert check(target.read_text(encoding="utf-8")), name
        assert "4 records read: 2 valid, 1 invalid, 1 unreadable" in result.stderr
    assert run("verify", str(folder), "--json", "--csv").exit_code == 2


def test_both_commands_end_a_text_report_with_a_summary_line(folder):
    verified = run("verify", str(folder)).stdout.splitlines()
    assert verified[-1] == "4 records read: 2 valid, 1 invalid, 1 unreadable"
    adjudicated = run("adjudicate", str(folder)).stdout.splitlines()
    assert adjudicated[-1] == "4 records read: 1 finished, 0 resigned, 1 unfinished, 1 invalid, 1 unreadable"


def test_strict_makes_a_warning_fail_the_run(tmp_path):
    path = tmp_path / "g.sgf"
    path.write_text("(;FF[4]SZ[5]PB[b]PW[w];W[E5];B[D4F6]RE[B])\n", encoding="utf-8")  # a doubtful RE
    for command in ("verify", "adjudicate"):
        plain = run(command, str(path))
        assert plain.exit_code == 0 and "warning[" in plain.stdout and "1 with warnings" in plain.stdout
        assert run(command, str(path), "--strict").exit_code == 1


def test_reading_nothing_is_a_warning_and_exit_5(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("verify", str(empty))
    assert result.exit_code == 5 and f"warning: no record file in {empty}" in result.stderr
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "notes.md").write_text("# notes\n", encoding="utf-8")
    (odd / ".hidden.sgf").write_text("(;SZ[5];W[E5])\n", encoding="utf-8")  # hidden: passed over unsaid
    result = run("adjudicate", str(odd), "--json")
    assert result.exit_code == 5 and result.stdout == ""
    assert f"skipped {odd / 'notes.md'}: no notation reads .md" in result.stderr and ".hidden" not in result.stderr
    assert run("verify", "-", input="").exit_code == 5
    assert run("convert", str(empty), "--to", "json").exit_code == 5
    good = write_lg(tmp_path / "g.sgf", random_game(1))
    mixed = run("verify", str(empty), str(good))  # something was read: the run is judged by it
    assert mixed.exit_code == 0 and f"no record file in {empty}" in mixed.stderr


def test_warnings_come_in_file_order_and_each_once():
    lines = run("verify", POST).stdout.splitlines()
    places = [tuple(int(n) for n in line.split(":")[1:3]) for line in lines if line.startswith(POST + ":")]
    assert places == sorted(places)
    said = [line for line in lines if ":4:23: " in line]
    assert len(said) == 1 and "error[not-a-cell]" in said[0]  # the warning at the error's place is the error's
