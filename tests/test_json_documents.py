"""JSON documents read a record at a time (formats/jsondoc.py): the same values as `json.loads`
whatever the layout, each at its own line and column, a broken or oversized record costing that
record only, memory following the largest record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import catchup_notation as cn
from catchup_notation.formats import jsondoc
from catchup_notation.formats.jsondoc import elements

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-(10**9), 10**9), st.text(max_size=8))
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=12,
)


def values_of(text: str) -> list[object]:
    found = list(elements([text]))
    assert all(item.error is None for item in found), [item.error for item in found]
    return [item.value for item in found]


@given(st.lists(_VALUES, max_size=6), st.sampled_from([None, 0, 1, 2, 4]))
def test_an_array_reads_as_json_loads_reads_it_in_any_layout(values, indent):
    text = json.dumps(values, indent=indent)
    assert values_of(text) == json.loads(text)


@pytest.mark.parametrize("size", [1, 3, 7, 64])
def test_records_cut_across_chunks_and_the_read_ahead_read_whole(monkeypatch, size):
    monkeypatch.setattr(jsondoc, "READ_AHEAD", 7)
    values = [{"a": list(range(i)), "s": "x]}" * i} for i in range(40)]
    text = json.dumps(values, indent=1)
    found = list(elements(text[i : i + size] for i in range(0, len(text), size)))
    assert [e.value for e in found] == values
    assert [e.line for e in found] == [e.line for e in elements([text])]


def test_each_record_is_located_at_its_own_line_and_column():
    text = '[\n  {"a": 1},\n  {"b": 2}, {"c": 3}\n]\n'
    assert [(e.line, e.column) for e in elements([text])] == [(2, 3), (3, 3), (3, 13)]


def test_values_one_after_another_are_records_in_turn():
    text = '{\n  "a": 1\n}\n{\n  "b": 2\n}\n'
    assert values_of(text) == [{"a": 1}, {"b": 2}]


def test_a_broken_record_costs_that_record_only():
    text = '[\n  {"a": 1},\n  {"b": [1, 2,, 3]},\n  {"c": 3}\n]\n'
    found = list(elements([text]))
    assert [e.value for e in found] == [{"a": 1}, None, {"c": 3}]
    error = found[1].error
    assert error is not None and (error.code, error.line, error.column) == ("syntax", 3, 15)


def test_brackets_inside_strings_do_not_mislead_the_scan_past_a_broken_record():
    text = '[{"a": "]]}}[[", "b": ,}, {"c": 3}]'
    assert [e.value for e in elements([text])] == [None, {"c": 3}]


def test_an_array_never_closed_is_an_error_after_its_records():
    found = list(elements(['[\n{"a": 1},\n{"b": 2}\n']))
    assert [e.value for e in found[:2]] == [{"a": 1}, {"b": 2}]
    assert found[2].error is not None and "not closed" in found[2].error.message


def test_a_record_past_the_record_limit_is_a_limit_error_and_the_next_is_read(monkeypatch):
    monkeypatch.setattr(jsondoc, "MAX_RECORD_CHARS", 1000)
    text = json.dumps([{"a": 1}, {"big": "x" * 5000, "n": [1, 2]}, {"c": 3}], indent=2)
    found = list(elements([text]))
    assert [e.value for e in found] == [{"a": 1}, None, {"c": 3}]
    assert found[1].error is not None and found[1].error.code == "limit" and found[1].error.line == 5


def test_a_huge_integer_and_deep_nesting_are_limit_errors_of_their_record_only():
    text = "[\n" + '{"a": ' + "9" * 5000 + "},\n" + "[" * 100 + "]" * 100 + ',\n{"c": 3}\n]'
    found = list(elements([text]))
    assert [e.error.code if e.error else e.value for e in found] == ["limit", "limit", {"c": 3}]


def test_a_pretty_printed_json_document_gives_each_record_its_own_place():
    lines = (EXAMPLES / "library.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines[:3]]
    games = list(cn.read_text(json.dumps(records, indent=2), format="json", source="lib.json"))
    assert [g.source.line for g in games] == [2, *[g.source.line for g in games[1:]]]
    assert len({g.source.line for g in games}) == 3
    assert all(g.record is not None and g.record.at.line == g.source.line for g in games)


def test_a_json_lines_line_past_the_line_limit_is_a_limit_error_not_syntax(monkeypatch):
    from catchup_notation.formats import jsonformat

    real = jsonformat.lines_of
    monkeypatch.setattr(jsonformat, "lines_of", lambda chunks: real(chunks, 500))
    good = '{"variant": "catchup", "turns": []}'
    text = '{"variant": "catchup", "players": ["' + "x" * 1000 + '", null], "turns": []}\n' + good + "\n"
    codes = [g.reading_error.code if g.reading_error else "ok" for g in cn.read_text(text, format="json")]
    assert codes == ["limit", "ok"]


@pytest.mark.parametrize("layout", [None, 2])
def test_abstract_play_arrays_are_read_a_game_at_a_time_with_their_places(layout):
    game = json.loads((EXAMPLES / "abstractplay-size6.json").read_text(encoding="utf-8"))
    text = json.dumps([game, game, game], indent=layout)
    games = list(cn.read_text(text, format="abstractplay"))
    assert [g.reading_error for g in games] == [None, None, None]
    lines = [g.record.turns[0].at.line for g in games]
    assert lines == sorted(lines) and (layout is None or len(set(lines)) == 3)
