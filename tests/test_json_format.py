"""Our own JSON form: lossless round trips, JSON Lines, errors, and the published schema."""

import json

import attrs
import pytest
from helpers import read_with, write_with
from schema_check import unknown_keywords, validate

from catchup_notation.formats.jsonformat import schema_path
from catchup_notation.model import Ending, Record, Turn

RECORD = Record(
    "catchup(size=7)",
    (Turn(1, ((0, 0),)), Turn(2, ((1, 0), (0, 1))), Turn(1, ())),
    resigned=2,
    players=("al", None),
    headers={"EV": "catchup.ch.1", "x": "y"},
)
NUMBERS = Record("catch-up(set=1..4)", (Turn(1, numbers=(3,)), Turn(2, numbers=(2, 4))))


def test_round_trip_one_and_many():
    text, warnings = write_with("json", [RECORD])
    assert warnings == [] and [i.record for i in read_with("json", text)] == [RECORD]
    text, _ = write_with("json", [RECORD, NUMBERS, RECORD])
    assert len(text.splitlines()) == 3
    assert [i.record for i in read_with("json", text)] == [RECORD, NUMBERS, RECORD]


def test_pretty_single_object_and_array():
    data = json.loads(write_with("json", [RECORD])[0])
    assert [i.record for i in read_with("json", json.dumps(data, indent=2))] == [RECORD]
    assert [i.record for i in read_with("json", json.dumps([data, data]))] == [RECORD, RECORD]


def test_bad_line_does_not_stop_the_next():
    good = write_with("json", [RECORD])[0].strip()
    items = list(read_with("json", good + "\n{oops\n" + good + "\n", source="r.jsonl"))
    assert items[0].record == RECORD and items[2].record == RECORD
    assert items[1].error.line == 2 and items[1].error.source == "r.jsonl"


def test_shape_errors_name_the_path():
    (item,) = read_with("json", '{"variant": "catchup", "turns": [{"player": "x"}], "extra": 1}')
    assert item.error.code == "shape" and "$.turns[0].player" in item.error.message


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("player", '"1"', "$.turns[0].player"),  # a number in a string
        ("player", "true", "$.turns[0].player"),  # a boolean is not a player
        ("cells", "[[0.7, 0]]", "$.turns[0].cells[0]"),  # nor is 0.7 the cell 0
        ("colours", "[true]", "$.turns[0].colours[0]"),
    ],
)
def test_values_are_taken_only_as_they_are(field, value, path):
    # cattrs would call int() on these and read a different game than the file holds.
    turn = {"player": 1, "cells": [[0, 0]], "numbers": [], field: json.loads(value)}
    text = json.dumps({"variant": "too", "turns": [turn]})
    (item,) = read_with("json", text)
    assert item.error is not None and item.error.code == "shape" and path in item.error.message, (text, item.error)
    (names,) = read_with("json", '{"variant": "catchup", "turns": [], "players": [5, null]}')
    assert names.error.code == "shape" and "$.players[0]" in names.error.message


def test_cells_by_name_are_read_on_the_records_board():
    turns = '[{"player": 1, "cells": ["E5"]}, {"player": 2, "cells": ["d4", [1, 1]]}]'
    text = '{"variant": "catchup(size=5)", "turns": ' + turns + "}"
    (item,) = read_with("json", text)
    assert [t.cells for t in item.record.turns] == [((0, 0),), ((0, -1), (1, 1))]
    (seven,) = read_with("json", text.replace("size=5", "size=7"))
    assert seven.record.turns[0].cells == ((0, -2),)  # E5 on side 7: two rows above the centre
    (bad,) = read_with("json", '{"variant": "catchup", "turns": [{"player": 1, "cells": [5, 0]}]}')
    assert bad.error.code == "shape" and 'like "E5"' in bad.error.message  # one message, with the hint
    (wrong,) = read_with("json", '{"variant": "catchup", "turns": [{"player": 1, "cells": ["E 5"]}]}')
    assert wrong.error.code == "shape" and "'E 5' is not a cell name" in wrong.error.message


def test_unknown_variant_in_record():
    (item,) = read_with(
        "json", '{"variant": "nope", "turns": [], "resigned": null, "players": [null, null], "headers": {}}'
    )
    assert item.error.code == "variant"


def test_variant_argument_overrides_with_warning():
    (item,) = read_with("json", write_with("json", [RECORD])[0], variant="ketchup-3")
    assert item.record.variant == "ketchup-3(size=7)" and item.warnings[0].code == "variant-overridden"


def test_the_schema_uses_only_what_the_validator_checks():
    assert unknown_keywords(json.loads(schema_path().read_text(encoding="utf-8"))) == []


def test_output_matches_published_schema():
    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    for record in (RECORD, NUMBERS, Record("catchup")):
        validate(json.loads(write_with("json", [record])[0]), schema)


def test_validator_rejects_bad_data():
    import pytest

    schema = json.loads(schema_path().read_text(encoding="utf-8"))
    bad = json.loads(write_with("json", [RECORD])[0])
    bad["turns"][0]["cells"][0].append(3)
    with pytest.raises(AssertionError):
        validate(bad, schema)


@pytest.mark.parametrize("ending", [Ending("timeout", 2), Ending("draw"), Ending("abandoned")])
def test_endings_round_trip_and_match_the_schema(ending):
    record = attrs.evolve(RECORD, resigned=None, ending=ending)
    text, warnings = write_with("json", [record])
    assert warnings == [] and [i.record for i in read_with("json", text)] == [record]
    validate(json.loads(text), json.loads(schema_path().read_text(encoding="utf-8")))
    assert '"ending"' not in write_with("json", [RECORD])[0]  # left out when there is none


@pytest.mark.parametrize("ending", ['{"kind": "forfeit"}', '{"kind": "timeout"}', '{"kind": "draw", "player": 1}'])
def test_an_ending_the_model_cannot_hold_is_a_shape_error(ending):
    (item,) = read_with("json", '{"variant": "catchup", "turns": [], "ending": ' + ending + "}")
    assert item.error is not None and item.error.code == "shape"
