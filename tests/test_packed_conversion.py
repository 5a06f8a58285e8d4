"""Converting plain Little Golem games the compiled core judged valid straight from the judge's
reading (`converting.checked_packed`): the judge hands each game on packed, the notation writes it
from its packed turns (`Format.write_packed`) and reads its writing back packed
(`Format.read_packed`). What `catchup convert` writes and says is what the usual path (a record,
`converting.checked`) writes and says; a writer that gets a game wrong is caught, the game then
going the usual way."""

from __future__ import annotations

import functools
import json
from array import array

import attrs
import pytest
from cli_records import random_game, run
from hypothesis import given, settings
from hypothesis import strategies as st

from catchup_notation import formats
from catchup_notation.cli import convert_run as convert
from catchup_notation.compiled import core
from catchup_notation.formats import jsonpacked
from catchup_notation.formats.lg import format as lg_format
from catchup_notation.formats.lg import writer
from catchup_notation.model import Record, Turn
from catchup_notation.reading import make_request, read_text
from catchup_notation.reading.fastpath import judge
from catchup_notation.reading.judged import JudgedGame
from catchup_notation.rules.registry import parse_variant

hexcore = core("_hexcore")
pytestmark = pytest.mark.skipif(hexcore is None, reason="the compiled core judges and packs plain games")

VARIANTS = ["catchup", "catchup(size=4)", "catchup(size=6)"]
NAMES = st.text(alphabet="ab ]\\[()é#;:{}\n", max_size=6)


@st.composite
def collections(draw: st.DrawFn) -> list[Record]:
    """Legal games of a few sizes, some cut short, some resigned, with headers and players that
    need escaping or cannot be written plainly (a comment, a bracket, a parenthesis, a brace)."""
    games = []
    for _ in range(draw(st.integers(1, 4))):
        variant = draw(st.sampled_from(VARIANTS))
        seed = draw(st.integers(0, 10_000))
        cut = draw(st.one_of(st.none(), st.integers(1, 12)))
        game = random_game(seed, variant, turns=cut)
        players = (draw(st.one_of(st.none(), NAMES)), draw(st.one_of(st.none(), NAMES)))
        keys = draw(st.lists(st.sampled_from(["EV", "GC", "SO", "C", "RE", "DT", "XY"]), unique=True, max_size=3))
        headers = {key: draw(NAMES) for key in keys}
        resigned = draw(st.sampled_from([None, 1, 2])) if cut is not None else None
        games.append(attrs.evolve(game, players=players, headers=headers, resigned=resigned))
    return games


def packed_verdicts(text: str) -> list[tuple]:
    """The verdicts of the games of `text` a packed judge judges valid, from its start on."""
    found = judge(make_request("lg", None, None), packed=True)
    assert found is not None
    verdicts, _ = found.take(text, 0, 1, 1)
    return verdicts


def usual(text: str, target: str) -> list[convert.Converted]:
    """`convert`'s items of each game of `text`, each read into a record and checked (`checked`)."""
    return [convert.converted(target, False, game) for game in read_text(text, format="lg", source="in.sgf")]


def through_the_judge(text: str, target: str) -> tuple[list[convert.Converted], int]:
    """`convert`'s items of the games of `text` a packed judge takes (the others are not here), and
    how many went without a record (`checked_packed`)."""
    from catchup_notation.reading.fastpath import Judged

    verdicts = packed_verdicts(text)
    packed = sum(convert._packed(target, "in.sgf", n, v) is not None for n, v in enumerate(verdicts))
    run = Judged("in.sgf", "lg", 0, verdicts)
    return convert.converted_run(target, make_request("lg", None, None), run), packed


PACKED = ["lg", "json"]


@pytest.mark.parametrize("target", PACKED)
@settings(deadline=None)
@given(games=collections())
def test_games_converted_from_the_judge_are_those_of_the_usual_path(target, games):
    text, _ = formats.write_text(games, "lg")
    text += "(;FF[4]SZ[5];W[E5])\n"  # the judge takes a game only where the next one follows it
    items, _ = through_the_judge(text, target)
    assert items == usual(text, target)[: len(items)]


@pytest.mark.parametrize("target", PACKED)
def test_most_plain_games_go_without_a_record(target):
    games = [random_game(seed, variant) for seed in range(4) for variant in VARIANTS]
    games.append(attrs.evolve(random_game(9, turns=5), players=("ann", None), resigned=2))
    games.append(attrs.evolve(random_game(10), players=("a {b}", "x"), headers={"GC": "é", "XY": "1"}))
    games.append(attrs.evolve(random_game(11), players=("a]b", "x")))  # escaped: the judge leaves it to the reader
    text = formats.write_text(games, "lg")[0] + "(;FF[4]SZ[5];W[E5])\n"
    items, packed = through_the_judge(text, target)
    assert len(items) == len(games) - 1 and items == usual(text, target)[: len(items)]
    assert packed == len(items)


def test_the_judge_packs_each_game_as_read():
    games = [random_game(1), attrs.evolve(random_game(2, "catchup(size=4)", turns=5), resigned=1)]
    text = formats.write_text(games, "lg")[0] + "(;FF[4]SZ[5];W[E5])\n"
    plain = judge(make_request("lg", None, None))
    assert plain is not None
    verdicts = packed_verdicts(text)
    assert [v[:8] for v in verdicts] == plain.take(text, 0, 1, 1)[0]
    for verdict, one in zip(verdicts, games, strict=True):
        game, first, turns, resigned = verdict[8]
        (read,) = [item.record for item in formats.parse_text(game, format="lg")]
        assert read is not None and game.startswith("(;") and game.endswith(")")
        board = read.compact.board  # type: ignore[attr-defined]
        cells = (n for t in one.turns for n in (len(t.cells), *map(board.index.get, t.cells)))
        assert turns == array("i", cells).tobytes()
        assert (first, resigned) == (one.turns[0].player, one.resigned or 0)


@pytest.mark.parametrize("target", PACKED)
def test_written_from_packed_turns_as_written_from_the_record(target):
    notation = formats.get(target)
    for one in [random_game(3), attrs.evolve(random_game(4, "catchup(size=6)", turns=3), resigned=2)]:
        one = attrs.evolve(one, players=('{"a"}', None), headers={"GC": "\x01 é\t", "EV": "{0}"})
        text = formats.write_text([one], "lg")[0]
        (verdict,) = packed_verdicts(text + "(;SZ[5];W[E5])")
        game = (verdict[5], *verdict[8][1:])
        record = next(iter(formats.parse_text(text, format="lg"))).record
        assert record is not None
        written = notation.write_packed(game, record.headers)
        assert written == formats.write_text([record], target)
        assert written is not None and notation.read_packed(written[0], read_under(target, game[0])) == game


def read_under(target: str, variant: str) -> str | None:
    return None if "variant" in formats.get(target).carries else variant


def test_packed_writing_leaves_what_only_the_record_says_to_the_usual_path():
    lg = formats.get("lg")
    game = ("catchup(size=5)", 1, array("i", [1, 0]).tobytes(), 0)
    assert lg.write_packed(game, {"C": "a comment"}) is None  # the game's comment
    assert lg.write_packed(game, {"XB": "x"}) is None  # a board of another shape
    assert lg.write_packed(("catchup(size=5)", 1, array("i", [0]).tobytes(), 0), {}) is None  # a pass
    assert lg.write_packed(("catchup(size=5)", 1, array("i", [1, 999]).tobytes(), 0), {}) is None  # off the board
    headers = {"GC": "a]b\\c", "PW": "{x}", "SZ": "5"}  # escaped; a brace kept as it is
    board = parse_variant("catchup(size=5)").board
    one = Record("catchup(size=5)", (Turn(1, (board.cells[0],)),), players=("{x}", None), headers=headers)
    assert lg.write_packed(game, headers) == formats.write_text([one], "lg")


def test_packed_reading_leaves_other_texts_to_the_reader():
    back = formats.get("lg").read_packed
    two = back("(;SZ[5];W[E5];B[D4])\n", None)
    assert two is not None and back("(;FF[4]SZ[5];W[E5];B[D4])\n", None) == ("catchup(size=5)", 1, two[2], 0)
    assert back("(;FF[4]SZ[5];W[E5];W[D4])\n", None) is None  # two nodes of one colour: merged by the reader
    assert back("(;FF[4]GC[a\\]b]SZ[5];W[E5])\n", None) is None  # an escape: the reader's
    assert back("(;FF[4]SZ[5];W[E5])", None) is None  # not as written alone: no newline
    assert back("(;FF[4]SZ[5];W[E5])(;SZ[5];W[E5])\n", None) is None  # two games
    assert back("(;FF[4]SZ[x];W[E5])\n", None) is None  # no such board
    assert back("(;FF[4]SZ[5];W[E5];B[resign])\n", None) == ("catchup(size=5)", 1, back("(;SZ[5];W[E5])\n", None)[2], 2)  # type: ignore[index]


def test_json_packed_reading_leaves_other_texts_to_the_reader():
    back = formats.get("json").read_packed
    one = '{"player": 1, "cells": [[0, 0]], "numbers": []}'
    two = '{"player": 2, "cells": [[1, 0], [0, 1]], "numbers": []}'
    rest = ', "resigned": null, "players": [null, "x"], "headers": {"SZ": "5"}}\n'
    line = '{"variant": "catchup", "turns": [' + one + ", " + two + "]" + rest
    read = back(line, None)
    assert read is not None and read[:2] == ("catchup(size=5)", 1) and read[3] == 0
    assert back(line, "catchup") is None  # the record names its variant
    assert back(line.replace(", {", ", {", 1).replace(one + ", ", one + ","), None) is None  # not as written
    assert back(line.replace(two, one), None) is None  # not alternating
    assert back(line.replace("[[0, 0]]", "[]"), None) is None  # a pass
    assert back(line.replace("[0, 0]", "[00, 0]"), None) is None  # not JSON
    assert back(line.replace("null,", "1.0,", 1), None) is None  # resigned, but not as written
    assert back(line.replace("null,", "true,", 1), None) is None
    assert back(line.replace('"x"', "3"), None) is None  # a player who is no name
    assert back(line.replace('"5"}', '"5", "turns": []}'), None) is None  # a key twice: the last counts
    assert back(line.replace('"headers"', '"headers_"'), None) is None  # not a record's key
    assert back(line[:-1], None) is None and back(line + "\n", None) is None
    assert back(line.replace('"catchup"', '"nonsense"'), None) is None
    assert back(line.replace("null,", "2,", 1), None) == (*read[:3], 2)
    far = back(line.replace("[1, 0]", "[99, 0]"), None)  # off the board: the rules say so, as read
    assert far is not None and array("i", far[2])[3] == -1


def test_json_skeleton_keeps_the_keys_and_leaves_out_the_values():
    line = '{"a": "x\\"y", "b": [1, "z"], "t": [{"q": 1}, 2], "c\\u0041": {"k" : "é\\n"}, "n": null}\n'
    start = line.index('"t": [') + 6
    end = line.index("2]") + 2
    skeleton = '{"a": "", "b": [1, ""], "t": [], "c\\u0041": {"k" : ""}, "n": null}\n'
    assert hexcore.json_skeleton(line, start, end) == skeleton
    assert hexcore.json_skeleton(skeleton, skeleton.index("[]") + 1, skeleton.index("[]") + 2) == skeleton
    for bad in ('"x\ny"', '"x\\q"', '"x\\u12g4"', '"x\ty"', '"\\', '"x'):  # not as JSON reads a string
        changed = line.replace('"x\\"y"', bad)
        assert hexcore.json_skeleton(changed, start + len(changed) - len(line), end + len(changed) - len(line)) is None
    assert hexcore.json_skeleton('{"a": 1}\n{"b": 2}\n', 1, 2) is None  # two lines
    assert hexcore.json_skeleton('{"a": "x\ry"}\n', 1, 2) is None
    with pytest.raises(ValueError):
        hexcore.json_skeleton(line, 5, 5)


#: JSON values whose strings are the values a skeleton leaves out (keys are kept).
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


def _blank(value: object) -> object:
    """`value` with every string that is not a key made empty."""
    if isinstance(value, str):
        return ""
    if isinstance(value, list):
        return [_blank(item) for item in value]
    if isinstance(value, dict):
        return {key: _blank(item) for key, item in value.items()}
    return value


@given(st.dictionaries(st.text(max_size=3), JSON_VALUES, max_size=4), st.booleans(), st.text(max_size=4))
def test_lines_of_one_skeleton_read_alike(value, ascii_only, inserted):
    """A line's skeleton is its JSON with every value string empty; a line changed inside a string
    that keeps its skeleton reads as JSON into the same shape."""
    line = json.dumps({"t": [], **value}, ensure_ascii=ascii_only) + "\n"
    start = line.index("[") + 1
    skeleton = hexcore.json_skeleton(line, start, start + 1)
    assert skeleton == json.dumps({"t": [], **_blank(value)}, ensure_ascii=ascii_only) + "\n"
    strings = [at for at, c in enumerate(line) if c == '"' and at > start]
    if not strings:
        return
    at = strings[len(strings) // 2]
    changed = line[:at] + inserted + line[at:]
    if hexcore.json_skeleton(changed, start, start + 1) == skeleton:
        assert _blank(json.loads(changed)) == json.loads(skeleton)


MUTATING = "[]();WBE5\\\n resign"
JSON_MUTATING = '[]{},:"\\ 0123-.nule\n'


@pytest.mark.parametrize("target", PACKED)
@given(data=st.data())
def test_packed_reading_of_a_changed_text_is_the_readers_or_none(target, data):
    one = data.draw(st.sampled_from([random_game(5), attrs.evolve(random_game(6, turns=4), resigned=1)]))
    text = formats.write_text([one], target)[0]
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text) - 1))
        text = text[:at] + data.draw(st.sampled_from(MUTATING if target == "lg" else JSON_MUTATING)) + text[at + 1 :]
    back = formats.get(target).read_packed(text, None)
    if back is None:
        return
    items = list(formats.parse_text(text, format=target))
    assert len(items) == 1 and items[0].record is not None and not items[0].warnings
    read = items[0].record
    index = parse_variant(read.variant).board.index
    turns = array("i", (n for t in read.turns for n in (len(t.cells), *(index.get(c, -1) for c in t.cells))))
    assert back == (read.variant, read.turns[0].player, turns.tobytes(), read.resigned or 0)


def test_write_turns_puts_the_writers_pieces_together():
    packed = array("i", [1, 0, 2, 1, 2]).tobytes()
    assert hexcore.write_turns(packed, 1, ("<", "{"), ("a", "b", "c"), ",", ">", "|") == "<a>|{b,c>"
    assert hexcore.write_turns(packed, 2, ("<", "é"), ("a", "b", "€"), "", ")", "") == "éa)<b€)"
    assert hexcore.write_turns(b"", 1, ("<", "{"), (), ",", ">", "|") == ""
    assert hexcore.write_turns(array("i", [1, 3]).tobytes(), 1, ("<", "{"), ("a", "b", "c"), "", "", "") is None
    assert hexcore.write_turns(array("i", [0]).tobytes(), 1, ("<", "{"), ("a",), "", "", "") is None  # a pass
    assert hexcore.write_turns(array("i", [2, 0]).tobytes(), 1, ("<", "{"), ("a",), "", "", "") is None  # cut short
    with pytest.raises(ValueError):
        hexcore.write_turns(b"abc", 1, ("<", "{"), ("a",), "", "", "")


def test_a_writer_bug_is_caught_and_the_game_goes_the_usual_way(monkeypatch):
    """A packed writer that names a cell wrongly (lg, json), or leaves out the last turn: its text
    reads back otherwise, so it is not written; the usual path writes the game."""
    games = [random_game(seed) for seed in range(3)]
    text = formats.write_text(games, "lg")[0] + "(;FF[4]SZ[5];W[E5])\n"
    expected = usual(text, "lg")[:3]
    names = writer._cell_names("catchup(size=5)")
    assert names is not None
    swapped = (names[1], names[0], *names[2:])
    monkeypatch.setattr(writer, "_cell_names", lambda variant: swapped)
    assert through_the_judge(text, "lg") == (expected, 0)
    monkeypatch.undo()
    write = writer.write_packed
    monkeypatch.setattr(lg_format, "write_packed", lambda game, headers: write((*game[:2], game[2][:-8], 0), headers))
    items, packed = through_the_judge(text, "lg")
    assert (items, packed) == (expected, 0)
    monkeypatch.undo()
    cells = jsonpacked._cell_texts("catchup(size=5)")
    assert cells is not None
    monkeypatch.setattr(jsonpacked, "_cell_texts", lambda variant: (cells[1], cells[0], *cells[2:]))
    assert through_the_judge(text, "json") == (usual(text, "json")[:3], 0)


def test_a_bug_in_both_writers_is_caught_by_the_conversion_check(monkeypatch):
    """Both ways of writing a game broken alike (every turn's first stone written as the board's
    first cell): the usual path's check finds the verdict changed and refuses the game. (The nodes
    it writes go to a table of their own, not the writer's.)"""
    text = formats.write_text([random_game(7)], "lg")[0] + "(;FF[4]SZ[5];W[E5])\n"
    names = writer._cell_names("catchup(size=5)")
    assert names is not None
    monkeypatch.setattr(writer, "_cell_names", lambda variant: (names[0],) * len(names))
    monkeypatch.setattr(writer, "cell_name", lambda cell, board: names[0])
    monkeypatch.setattr(writer, "_nodes", functools.lru_cache(maxsize=32)(lambda board, letter: {(): letter}))
    items, packed = through_the_judge(text, "lg")
    assert packed == 0 and items[0].skipped is not None and items[0].skipped[0].code == "changes-verdict"


@pytest.mark.parametrize("target", PACKED)
def test_convert_writes_what_it_wrote_without_the_packed_path(tmp_path, monkeypatch, target):
    games = [random_game(seed, variant) for seed in range(3) for variant in VARIANTS]
    games.append(attrs.evolve(random_game(9, turns=5), players=("ann", "b]b"), resigned=2, headers={"C": "hi"}))
    path = tmp_path / "in.sgf"
    path.write_text(formats.write_text(games, "lg")[0] + "(;FF[4]SZ[5];W[E5];W[D4])\n(;SZ[5];W[E5])", encoding="utf-8")
    taken: list[int] = []
    packed = convert._packed
    monkeypatch.setattr(convert, "_packed", lambda *a: taken.append(1) or packed(*a))
    fast = run("convert", "--to", target, "--jobs", "1", str(path))
    monkeypatch.setattr(type(formats.get(target)), "writes_packed", False)
    slow = run("convert", "--to", target, "--jobs", "1", str(path))
    assert (fast.exit_code, fast.stdout, fast.stderr) == (slow.exit_code, slow.stdout, slow.stderr)
    assert len(taken) == len(games)  # the plain games and the last; not the one escaped, nor two moves of W
    assert fast.exit_code == 0


def test_packed_games_stand_in_for_judged_games():
    """A game the packed path leaves to a record is the one `read` gives."""
    text = formats.write_text([random_game(2)], "lg")[0] + "(;FF[4]SZ[5];W[E5])\n"
    (verdict,) = packed_verdicts(text)
    from catchup_notation.reading.judged import packed_game

    game = packed_game(make_request("lg", None, None), "in.sgf", "lg", 4, verdict)
    (expected, _) = list(read_text(text, format="lg", source="in.sgf"))
    assert isinstance(game, JudgedGame) and game.verify() == expected.verify()
    assert game.record == attrs.evolve(expected.record, index=4) and game.source.index == 4
