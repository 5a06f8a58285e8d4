"""Abstract Play records: cells with `a` the bottom row, sorted move strings, kept header keys."""

import json

from helpers import read_with, write_with

from catchup_notation.board import hexhex
from catchup_notation.formats.abstractplay import cell_name, cell_of, move_string
from catchup_notation.model import Record, Turn

RECORD = {
    "header": {
        "game": {"name": "Catchup", "variants": ["size-6"]},
        "event": "Championship",
        "site": {"name": "Abstract Play", "gameid": "a1b2"},
        "players": [
            {"name": "al", "userid": "u1", "score": 3, "result": 1},
            {"name": "bo", "userid": "u2", "result": 0},
        ],
        "date-start": "2024-01-01T00:00:00Z",
        "numberish": "123",
        "unrated": True,
    },
    "moves": [["f6", "d4,e7"], [{"move": "f5,a1"}, "resign"]],
}


def read(data, **kw):
    (item,) = read_with("abstractplay", json.dumps(data), source="ap.json", **kw)
    return item


def test_cells_side_5():
    assert cell_of("e", 5, hexhex(5)) == (0, 0)
    assert cell_of("a", 1, hexhex(5)) == (-4, 4)
    assert cell_of("i", 5, hexhex(5)) == (4, -4)
    for side in (2, 5, 6, 7):
        for cell in hexhex(side).cells:
            name = cell_name(cell, hexhex(side))
            assert cell_of(name[0], int(name[1:]), hexhex(side)) == cell


def test_move_strings_are_sorted():
    assert move_string([cell_of("f", 6, hexhex(5)), cell_of("d", 4, hexhex(5))], hexhex(5)) == "d4,f6"
    assert move_string([cell_of("d", 10, hexhex(7)), cell_of("d", 9, hexhex(7))], hexhex(7)) == "d9,d10"


def test_read_record():
    item = read(RECORD)
    record = item.record
    assert record.variant == "catchup(size=6)"
    assert record.players == ("al", "bo")
    assert [t.player for t in record.turns] == [1, 2, 1] and record.resigned == 2
    assert record.turns[2].cells == (cell_of("f", 5, hexhex(6)), cell_of("a", 1, hexhex(6)))
    assert "game" not in record.headers  # rebuilt from the variant when written
    assert record.headers["numberish"] == '"123"' and record.headers["date-start"] == "2024-01-01T00:00:00Z"


def test_round_trip_keeps_every_header_key_and_value():
    record = read(RECORD).record
    text, warnings = write_with("abstractplay", [record])
    assert warnings == []
    data = json.loads(text)
    assert data["header"] == RECORD["header"]
    assert data["moves"] == [["f6", "d4,e7"], ["a1,f5", "resign"]]


def test_written_order_is_sorted_and_any_order_is_read():
    record = Record(
        "catchup(size=5)", (Turn(1, ((0, 0),)), Turn(2, (cell_of("f", 6, hexhex(5)), cell_of("d", 4, hexhex(5)))))
    )
    data = json.loads(write_with("abstractplay", [record])[0])
    assert data["moves"] == [["e5", "d4,f6"]] and data["header"]["game"] == {"name": "Catchup", "variants": []}


def test_bad_cell_is_located():
    error = read({"header": {}, "moves": [["e5", "d4,zz"]]}).error
    assert error.code == "bad-cell" and error.line == 1 and "zz" in error.message


def test_not_json_is_located():
    (item,) = read_with("abstractplay", '{"header": {},\n "moves": [[}', source="x.json")
    assert item.error.line == 2 and item.error.column == 13


def test_several_records_in_an_array():
    text = json.dumps([RECORD, RECORD])
    assert [i.index for i in read_with("abstractplay", text)] == [0, 1]
