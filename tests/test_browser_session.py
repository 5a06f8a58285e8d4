"""The library's side of the browser page (`catchup_notation.browser`), here in CPython: what a
session says of each record is what the command line says, read a slice at a time. The page
itself, running it in Pyodide, is tests/test_browser_page.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_records import json_lines, occupied_game, random_game, run, write_lg

import catchup_notation as cn
from catchup_notation.browser import Session, formats
from catchup_notation.formats import decoding

ROOT = Path(__file__).resolve().parent.parent


def read_all(session: Session, seconds: float = 0.1) -> list[dict]:
    """Every record's summary, as the page is given it (in JSON)."""
    records, steps = [], 0
    while True:
        step = json.loads(json.dumps(session.step(seconds)))
        records += step["records"]
        steps += 1
        if step["done"]:
            return records
        assert steps < 10_000


def formats_ending(name: str) -> str:
    return next(f["extension"] for f in formats() if f["name"] == name)


def text_lines(output: str) -> list[str]:
    """A text report's lines, but its summary (the last)."""
    return output.splitlines()[:-1]


def test_every_record_of_the_examples_is_judged_as_the_command_line_judges_it(monkeypatch):
    monkeypatch.chdir(ROOT)
    session = Session()
    session.add("examples", str(ROOT))
    records = read_all(session)
    verified, judged = run("verify", "examples", "--json"), run("adjudicate", "examples", "--json")
    assert [r["verify"] for r in records] == json_lines(verified.stdout)
    assert [r["adjudicate"] for r in records] == json_lines(judged.stdout)
    assert session.reports("verify") == verified.stdout and session.reports("adjudicate") == judged.stdout
    assert [r["n"] for r in records] == list(range(len(records))) and len(records) > 20
    # the words: verify's lines, then adjudicate's but for those verify said already
    verify_text, adjudicate_text = (
        text_lines(run("verify", "examples").stdout),
        text_lines(run("adjudicate", "examples").stdout),
    )
    assert [line for r in records for _, text in r["lines"] for line in text.splitlines()] == verify_text
    said = [line for r in records for _, text in r["verdict"] for line in text.splitlines()]
    assert said == [line for line in adjudicate_text if line not in verify_text]
    assert {r["outcome"]["verify"] for r in records} == {"valid", "unreadable"}  # the two rga posts, uncorrected


def test_options_are_the_command_lines(monkeypatch):
    monkeypatch.chdir(ROOT)
    session = Session()
    session.corrections = "diagram"
    session.add("examples/rga-post-as-typed.txt", str(ROOT))
    session.variant = "auto"
    session.add("examples/library.jsonl", str(ROOT))
    records = read_all(session)
    expected = json_lines(run("verify", "examples/rga-post-as-typed.txt", "--corrections", "diagram", "--json").stdout)
    expected += json_lines(run("verify", "examples/library.jsonl", "--variant", "auto", "--json").stdout)
    assert [r["verify"] for r in records] == expected
    assert records[0]["outcome"]["verify"] == "valid" and records[-1]["verify"]["accepted_by"]
    session.variant = "no-such-rules"
    with pytest.raises(cn.VariantError):
        session.add("examples/library.jsonl", str(ROOT))


def test_reading_goes_a_slice_at_a_time_and_says_how_far(tmp_path, monkeypatch):
    monkeypatch.setattr(decoding, "CHUNK", 4096)  # the reader reads 1 MB at a time: less, to see it go
    games = [random_game(seed) for seed in range(5)]
    write_lg(tmp_path / "many.sgf", *(games[k % 5] for k in range(300)))  # more than one read of the file
    write_lg(tmp_path / "two.sgf", random_game(50), random_game(51))
    session = Session()
    session.add("many.sgf", str(tmp_path))
    session.add("two.sgf", str(tmp_path))
    size = (tmp_path / "many.sgf").stat().st_size
    steps = []
    while not (steps and steps[-1]["done"]):
        steps.append(session.step(0))  # one record a step
    assert [len(step["records"]) for step in steps] == [1] * 302 + [0]
    many = [step for step in steps if step["input"] == "many.sgf"]
    assert len(many) == 300 and all(step["size"] == size for step in many)
    read = [step["bytes"] for step in many]
    assert read == sorted(read) and 0 < read[0] < size and read[-1] == size and len(set(read)) > 2
    assert [r["source"] for step in steps for r in step["records"]] == ["many.sgf"] * 300 + ["two.sgf"] * 2
    assert steps[-1] == {"records": [], "done": True, "input": None, "bytes": 0, "size": 0}


def test_the_same_name_dropped_twice_is_read_twice(tmp_path):
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        write_lg(tmp_path / folder / "games.sgf", random_game(len(folder)), random_game(7))
    session = Session()
    session.add("games.sgf", str(tmp_path / "one"))
    session.add("games.sgf", str(tmp_path / "two"))
    records = read_all(session, 0)
    assert [r["source"] for r in records] == ["games.sgf"] * 4
    assert [r["verify"]["turns"] for r in records[2:]] == [len(random_game(3).turns), len(random_game(7).turns)]


def test_conversions_are_the_command_lines(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    session = Session()
    session.add("examples", str(ROOT))
    records = read_all(session)
    for name in ("json", "lg", "numbers"):
        converted = run("convert", "examples", "--to", name)
        every = session.export(None, name)
        assert every["text"] == converted.stdout and every["name"] == f"examples{formats_ending(name)}"
        written, read = map(int, re.search(r"wrote (\d+) of (\d+) records", converted.stderr).groups())
        assert (every["written"], every["written"] + len(every["skipped"])) == (written, read)
        assert len(every["skipped"]) == converted.stderr.count(" skipped, ") > 0
    lg = next(r for r in records if r["source"] == "examples/abstractplay-size6.json")
    one = session.export(lg["n"], "lg")
    assert one["name"] == "abstractplay-size6-0.sgf" and one["written"] == 1 and not one["skipped"]
    assert one["text"] == run("convert", "examples/abstractplay-size6.json", "--to", "lg").stdout
    numbers = next(r for r in records if r["source"] == "examples/isaksen-2015.numbers")
    refused = session.export(numbers["n"], "lg")
    assert refused["text"] is None and refused["written"] == 0
    (why,) = refused["skipped"]
    assert why.startswith(f"record {numbers['index']} of examples/isaksen-2015.numbers: lg cannot hold it: ")


def test_a_broken_record_keeps_its_place_and_the_viewer_shows_it(tmp_path):
    broken = write_lg(tmp_path / "occupied.sgf", occupied_game(), random_game(3))
    session = Session()
    session.add(broken.name, str(tmp_path))
    first, second = read_all(session)
    assert first["outcome"] == {"verify": "invalid", "adjudicate": "invalid"} and second["outcome"]["verify"] == "valid"
    error = first["verify"]["error"]
    assert error["turn"] == 5 and error["code"] == "occupied" and error["line"] is not None
    assert any(kind == "error" and f"error[{error['code']}]" in text for kind, text in first["lines"])
    page = session.page(0)
    assert "catchup-notation viewer" in page and json.dumps(error["message"])[1:-1].split(":")[0] in page


def test_the_notations_offered_are_every_notation_with_an_ending_of_its_own():
    offered = formats()
    assert [f["name"] for f in offered] == cn.formats.names()
    for f in offered:
        assert cn.formats.detect_output("game" + f["extension"]) == f["name"]
