"""Abstract Play records as their engine's record generator writes them: display names of the board
variants, rounds of two sorted move strings, end moves attributed by the players' results, kept
header keys. The fixtures are written here in the shape of their records (no real record copied)."""

import copy
import json
from pathlib import Path

import pytest
from helpers import read_with, write_with
from hypothesis import given
from hypothesis import strategies as st

import catchup_notation as cn
from catchup_notation.board import hexhex
from catchup_notation.formats.abstractplay import cell_name, cell_of, move_string
from catchup_notation.model import Ending, Record, Turn
from catchup_notation.rules.adjudicate import adjudicate

# the shape of a record their generator makes: game name and the board's display name, event and
# round left out (undefined), site, three dates, players with id, is_ai, score and result; `score`
# is their engine's own figure (here the loser's is higher) and `result` says who won
RECORD = {
    "header": {
        "game": {"name": "Catchup", "variants": ["Larger board (base 6)"]},
        "site": {"name": "Abstract Play", "gameid": "0a1b2c3d-4e5f"},
        "date-start": "2024-03-01T10:00:00.000Z",
        "date-end": "2024-03-02T11:30:00.000Z",
        "date-generated": "2024-03-02T11:30:05.000Z",
        "players": [
            {"name": "al", "userid": "u-1", "is_ai": False, "score": 2, "result": 1},
            {"name": "bo", "userid": "u-2", "is_ai": False, "score": 5, "result": 0},
        ],
        "numberish": "123",
        "unrated": True,
    },
    "moves": [["f6", "d4,e7"], [{"move": "a1,f5"}, "resign"]],
}


def read(data, **kw):
    (item,) = read_with("abstractplay", json.dumps(data, indent=2), source="ap.json", **kw)
    return item


def with_header(**changes):
    data = copy.deepcopy(RECORD)
    data["header"].update(changes)
    return data


def with_game(game):
    data = copy.deepcopy(RECORD)
    data["header"]["game"] = game
    return data


def with_moves(moves, results=(1, 0)):
    data = copy.deepcopy(RECORD)
    data["moves"] = moves
    for entry, result in zip(data["header"]["players"], results, strict=True):
        entry["result"] = result
    return data


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


def test_read_record_as_their_engine_writes_it():
    item = read(RECORD)
    record = item.record
    assert item.warnings == ()
    assert record.variant == "catchup(size=6)"
    assert record.players == ("al", "bo")
    assert [t.player for t in record.turns] == [1, 2, 1] and record.resigned == 2
    assert record.turns[2].cells == (cell_of("a", 1, hexhex(6)), cell_of("f", 5, hexhex(6)))
    assert "game" not in record.headers  # rebuilt from the variant when written
    assert record.headers["numberish"] == "123" and record.headers["date-start"] == "2024-03-01T10:00:00.000Z"
    assert record.headers["unrated"] is True  # JSON values are kept as the values they are
    assert record.headers["players"][1]["score"] == 5  # kept as it was, not read as a verdict


@pytest.mark.parametrize(
    ("variants", "side"),
    [
        (["Default board (base 5)"], 5),
        (["Larger board (base 6)"], 6),
        (["larger board (BASE 6)"], 6),
        (["#board"], 5),
        (["size-6"], 6),
        (["size-7"], 7),
        ([], 5),
    ],
)
def test_board_side_from_display_names_and_ids(variants, side):
    record = read(with_game({"name": "Catchup", "variants": variants})).record
    assert record.variant == f"catchup(size={side})"


def test_a_record_without_a_game_entry_is_side_5():
    data = copy.deepcopy(RECORD)
    del data["header"]["game"]
    assert read(data).record.variant == "catchup(size=5)"


def test_unknown_variant_name_is_an_error_naming_it():
    error = read(with_game({"name": "Catchup", "variants": ["Huge board (base 9)"]})).error
    assert error.code == "variant" and "'Huge board (base 9)'" in error.message
    assert "Larger board (base 6)" in error.message  # what would have been understood
    assert error.line == 6 and '"Huge board (base 9)"' in error.text


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ({"name": "Catchup", "variants": 5}, '"variants" must be a list of variant names, not 5'),
        ({"name": "Catchup", "variants": [5]}, "a variant name is a string, not 5"),
        ({"name": "Catchup", "variants": ["size-5", "size-6"]}, "sides [5, 6]"),
        ({"name": "Blooms", "variants": []}, "a record of 'Blooms', not of Catchup"),
        ("Catchup", '"game" must be an object'),
    ],
)
def test_malformed_game_entries_are_clear_errors(game, words):
    error = read(with_game(game)).error
    assert error is not None and words in error.message and error.code in ("variant", "shape")


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        ({"name": "Catchup", "variants": ["size-" + "9" * 30]}, [["e5"]]),
        ({"name": "Catchup", "variants": []}, [["e" + "5" * 30]]),
    ],
)
def test_integers_past_the_limit_are_limit_errors(game, moves):
    data = with_game(game)
    data["moves"] = moves
    error = read(data).error
    assert error.code == "limit" and "digits" in error.message


def test_a_side_past_the_board_limit_is_refused_quickly():
    error = read(with_game({"name": "Catchup", "variants": ["size-100000"]})).error
    assert error.code == "variant" and "100000" in error.message


def test_a_long_integer_in_a_header_is_a_limit_error():
    (item,) = read_with("abstractplay", json.dumps(with_header(round=10**40)), source="ap.json")
    assert item.error.code == "limit" and item.error.line == 1


def test_resign_out_of_turn_is_attributed_by_the_results():
    # player 1 resigned while it was player 2's turn: "resign" stands in player 2's slot
    item = read(with_moves([["e5", "d4,f6"], ["c3,g2", "resign"]], results=(0, 1)))
    assert item.record.resigned == 1
    (warning,) = item.warnings
    assert warning.code == "end-slot-disagrees" and "player 2's slot" in warning.message
    assert warning.line == 42 and warning.column == 7
    result = adjudicate(item.record)
    assert result.status == "resigned" and result.winner == 2


def test_resign_without_results_is_the_slot_players():
    data = with_moves([["e5", "resign"]])
    for entry in data["header"]["players"]:
        entry["result"] = None  # their generator's -Infinity becomes null in JSON
    item = read(data)
    assert item.record.resigned == 2 and item.warnings == ()


@pytest.mark.parametrize(
    ("moves", "results", "ending", "status", "winner"),
    [
        ([["e5", "d4,f6"], ["timeout"]], (0, 1), Ending("timeout", 1), "timeout", 2),
        ([["e5", "timeout"]], (0, 1), Ending("timeout", 1), "timeout", 2),  # out of turn, by the results
        ([["e5", "draw"]], (1, 1), Ending("draw"), "draw", None),
        ([["e5", "d4,f6"], ["abandoned"]], (0, 0), Ending("abandoned"), "abandoned", None),
    ],
)
def test_timeout_draw_and_abandoned_are_endings(moves, results, ending, status, winner):
    record = read(with_moves(moves, results)).record
    assert record.ending == ending and record.resigned is None
    result = adjudicate(record)
    assert result.status == status and result.winner == winner


@pytest.mark.parametrize("end", ["resign", "timeout", "draw", "abandoned"])
def test_a_move_after_the_end_is_an_error(end):
    error = read(with_moves([["e5", end], ["d4"]])).error
    assert error.code in ("move-after-resign", "move-after-end") and "d4" in error.message
    assert error.line is not None


def test_each_turn_is_located_at_its_move_string():
    text = json.dumps([RECORD, with_moves([["e5", "d4,f6"], ["c3,g2"]])], indent=1)
    lines = text.split("\n")
    items = read_with("abstractplay", text)
    for item, moves in zip(items, (["f6", "d4,e7", "a1,f5"], ["e5", "d4,f6", "c3,g2"]), strict=True):
        for turn, move in zip(item.record.turns, moves, strict=True):
            line = lines[turn.at.line - 1]
            assert line[turn.at.column - 1 :].startswith(json.dumps(move)), (turn.at, move)
    assert items[1].record.turns[0].at.line > items[0].record.turns[-1].at.line


def test_bad_cell_is_located():
    error = read({"header": {}, "moves": [["e5", "d4,zz"]]}).error
    assert error.code == "bad-cell" and error.line == 6 and "zz" in error.message and '"d4,zz"' in error.text


def test_not_json_is_located():
    (item,) = read_with("abstractplay", '{"header": {},\n "moves": [[}', source="x.json")
    assert item.error.line == 2 and item.error.column == 13 and item.error.text == ' "moves": [[}'


def test_several_records_in_an_array():
    text = json.dumps([RECORD, RECORD])
    assert [i.index for i in read_with("abstractplay", text)] == [0, 1]


# --- writing as their engine does ----------------------------------------------------------------


def test_round_trip_keeps_every_header_key_and_value():
    record = read(RECORD).record
    text, warnings = write_with("abstractplay", [record])
    assert warnings == []
    data = json.loads(text)
    assert data["header"] == RECORD["header"]
    assert data["moves"] == [["f6", "d4,e7"], ["a1,f5", "resign"]]


def test_an_id_is_written_back_as_the_display_name():
    record = read(with_game({"name": "Catchup", "variants": ["size-6"]})).record
    data = json.loads(write_with("abstractplay", [record])[0])
    assert data["header"]["game"] == {"name": "Catchup", "variants": ["Larger board (base 6)"]}


def test_written_as_their_engine_writes_rounds_of_two_sorted_cells_and_the_display_name():
    board = hexhex(5)
    turns = (
        Turn(1, ((0, 0),)),
        Turn(2, (cell_of("f", 6, board), cell_of("d", 4, board))),
        Turn(1, (cell_of("c", 3, board), cell_of("a", 1, board))),
    )
    data = json.loads(write_with("abstractplay", [Record("catchup(size=5)", turns)])[0])
    assert data["moves"] == [["e5", "d4,f6"], ["a1,c3"]]
    assert data["header"]["game"] == {"name": "Catchup", "variants": ["Default board (base 5)"]}
    assert list(data) == ["header", "moves"] and list(data["header"]) == ["game"]


@pytest.mark.parametrize(
    ("resigned", "ending", "last", "results"),
    [
        (1, None, "resign", [0, 1]),  # out of turn: after player 1's turn, in player 2's slot
        (2, None, "resign", [1, 0]),
        (None, Ending("timeout", 2), "timeout", [1, 0]),
        (None, Ending("draw"), "draw", [1, 1]),
        (None, Ending("abandoned"), "abandoned", [0, 0]),
    ],
)
def test_endings_are_written_as_end_moves_with_results_and_read_back(resigned, ending, last, results):
    record = Record("catchup(size=6)", (Turn(1, ((0, 0),)),), resigned=resigned, ending=ending, players=("al", "bo"))
    text, warnings = write_with("abstractplay", [record])
    data = json.loads(text)
    assert warnings == [] and data["moves"] == [["f6", last]]
    assert [p["result"] for p in data["header"]["players"]] == results
    (item,) = read_with("abstractplay", text)
    assert item.record.resigned == resigned and item.record.ending == ending
    assert item.record.turns == record.turns


def test_a_side_they_do_not_offer_is_written_as_size_n_and_reads_back():
    record = Record("catchup(size=7)", (Turn(1, ((0, 0),)),))
    text, warnings = write_with("abstractplay", [record])
    assert warnings == []
    assert json.loads(text)["header"]["game"]["variants"] == ["size-7"]
    (item,) = read_with("abstractplay", text)
    assert item.record.variant == "catchup(size=7)" and item.record.turns == record.turns


def test_json_nested_past_the_limit_is_a_limit_error_and_not_a_crash():
    (item,) = read_with("abstractplay", '{"header": {"x": ' + "[" * 100_000 + "]" * 100_000 + '}, "moves": []}')
    assert item.error.code == "limit" and "nest" in item.error.message


def test_a_bad_record_of_an_array_costs_that_record_only():
    items = read_with("abstractplay", json.dumps([with_game({"variants": 5}), RECORD]))
    assert items[0].error.code == "variant" and items[1].record.variant == "catchup(size=6)"


# --- the quirk files (tests/quirks/abstractplay.md says what each imitates) ----------------------

QUIRKS = Path(__file__).parent / "quirks"


def games(name):
    return list(cn.read(QUIRKS / name))


def test_quirk_side6_game_finished_by_the_rules():
    (game,) = games("abstractplay-side6-finished.apjson")
    assert game.record.variant == "catchup(size=6)" and game.verify().valid
    result = game.result()
    assert result.status == "finished" and result.reason == "board-full"
    scores = [p["score"] for p in game.record.headers["players"]]
    assert scores[result.winner - 1] < scores[2 - result.winner]  # their score does not follow the winner


def test_quirk_resignation_out_of_turn():
    (game,) = games("abstractplay-resign-out-of-turn.apjson")
    assert [w.code for w in game.warnings] == ["end-slot-disagrees"]
    assert game.record.resigned == 1 and game.result().winner == 2


def test_quirk_timeout_draw_abandoned():
    timeout, draw, abandoned = games("abstractplay-endings.apjson")
    assert [g.result().status for g in (timeout, draw, abandoned)] == ["timeout", "draw", "abandoned"]
    assert timeout.result().winner == 1 and abandoned.record.variant == "catchup(size=6)"


def test_quirk_unknown_variant_name():
    (game,) = games("abstractplay-unknown-variant.apjson")
    (error,) = game.errors
    assert error.code == "variant" and "Huge board (base 9)" in str(error)


json_values = st.recursive(  # integers within the reader's limit of 18 digits
    st.none() | st.booleans() | st.integers(-(10**18) + 1, 10**18 - 1) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
quoted_texts = st.sampled_from(['""', '"abc"', '"123"', '"\\"\\""', "123", "[1,2]", "[1, 2]", "null", " 1"])


@given(json_values | st.text(max_size=12) | quoted_texts)
def test_a_header_value_comes_back_as_it_was(value):
    # Any JSON value of a header of theirs, written as an Abstract Play record and read back, is the
    # same value, of the same type (a text that merely looks like JSON stays text).
    record = cn.Record("catchup(size=5)", headers={"notes": value, "players": [{"name": "al"}, {"name": "bo"}]})
    (back,) = cn.read_text(write_with("abstractplay", [record])[0], format="abstractplay")
    assert back.record.headers["notes"] == value and type(back.record.headers["notes"]) is type(value)
    assert back.record.headers["players"] == [{"name": "al"}, {"name": "bo"}]


def test_a_little_golem_record_brings_no_sgf_keys_into_the_header():
    (game,) = cn.read_text("(;FF[4]EV[cup.1]PB[bo]PW[al]SZ[5]GC[ game #7];W[E5];B[D4F6])", source="g.sgf")
    exported = game.export("ap")
    header = json.loads(exported.text)["header"]
    assert set(header) == {"game", "players"}
    assert [p["name"] for p in header["players"]] == ["al", "bo"]
    (dropped,) = exported.warnings  # EV and GC are SGF's own; PB, PW, SZ are written the Abstract Play way
    assert dropped.code == "headers-dropped" and "EV, GC not written" in dropped.message
    (back,) = cn.read_text(exported.text, format="abstractplay")
    assert back.record.players == ("al", "bo") and isinstance(back.record.headers["players"], list)
    assert "headers" not in {w.code.split("-")[0] for w in back.export("lg").warnings}
