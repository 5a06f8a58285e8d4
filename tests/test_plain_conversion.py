"""Converting records of plain turns (Little Golem's plain path keeps them compactly, `plain_of`)
without making their Turn objects: each writer writes them as it writes the same turns made, and
each notation's direct reader of its own writing (`Format.plain_turns`) reads a text as the
notation's reader does, or leaves it to that reader. A writer bug still changes the verdict and is
still caught, the direct reader taking the text."""

from __future__ import annotations

import attrs
import pytest
from cli_records import random_game
from helpers import record
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation import converting, formats
from catchup_notation.errors import WriteError
from catchup_notation.formats.base import plain_of
from catchup_notation.model import Record

pytestmark = pytest.mark.skipif(
    formats.get("lg").plain_turns("(;FF[4]SZ[5];W[E5])\n", None) is None, reason="the compiled core reads plain games"
)

DIRECT = ["lg", "json", "abstractplay"]
WRITERS = ["lg", "json", "abstractplay", "rga", "genius", "numbers"]
BROKEN_AT_THE_END = record("catchup", "E5", "D4 F6", "E5")  # invalid at turn 3 (occupied)


def read_plain(*records: Record) -> list[Record]:
    """The records as Little Golem's plain reader gives them back: compactly (`plain_of`)."""
    text, _ = formats.write_text(records, "lg")
    read = [item.record for item in formats.parse_text(text, format="lg")]
    assert all(one is not None and plain_of(one) is not None for one in read)
    return read  # type: ignore[return-value]


def made(one: Record) -> Record:
    """The same record with its Turn objects made: written the usual way."""
    return Record(**{field.name: getattr(one, field.name) for field in attrs.fields(Record)})


def records() -> list[Record]:
    games = [random_game(seed) for seed in range(4)]
    games.append(random_game(4, "catchup(size=6)"))
    games.append(random_game(5, "catchup(size=4)", turns=7))
    games.append(attrs.evolve(random_game(6, turns=5), players=("ann", "bob"), resigned=2))
    games.append(attrs.evolve(random_game(7), players=("a]b", "c(d)e"), headers={"EV": "x\\y", "GC": "é #1"}))
    games.append(attrs.evolve(random_game(8, turns=4), players=("Ann", "al"), headers={"XY": "kept"}))
    games.append(Record("catchup", ()))
    games.append(BROKEN_AT_THE_END)
    return read_plain(*games)


RECORDS = records()


def as_read(text: str, target: str, variant: str | None) -> tuple[str, int, list[tuple]] | None:
    """What the notation's reader gives the rules of `text`, as `plain_turns` says it (None where
    its turns are not plain); an error where it does not read one record."""
    items = list(formats.parse_text(text, format=target, variant=variant))
    assert len(items) == 1 and items[0].record is not None, items
    back = items[0].record
    turns = back.turns
    first = turns[0].player if turns else 0
    plain = all(
        t.player == (first if i % 2 == 0 else 3 - first) and t.cells and not t.colours for i, t in enumerate(turns)
    )
    if not plain or any(t.numbers for t in turns):
        return None
    return back.variant, first, [t.cells for t in turns]


def read_under(target: str, one: Record) -> str | None:
    return None if "variant" in formats.get(target).carries else one.variant


def written(records: list[Record], target: str) -> object:
    """What writing `records` gives: the text and warnings, or the error's code and message."""
    try:
        return formats.write_text(records, target)
    except WriteError as exc:
        return exc.code, exc.message


@pytest.mark.parametrize("target", WRITERS)
def test_writers_write_plain_turns_as_they_write_the_turns_made(target):
    for one in RECORDS:
        assert written([one], target) == written([made(one)], target)
    several = [one for one in RECORDS if one.variant == "catchup(size=5)"]
    assert len(several) > 3
    assert written(several, target) == written([made(one) for one in several], target)


@pytest.mark.parametrize("target", DIRECT)
def test_direct_readers_read_what_their_writer_writes_as_the_reader_does(target):
    reader = formats.get(target).plain_turns
    taken = 0
    for one in RECORDS:
        text, _ = formats.write_text([one], target)
        variant = read_under(target, one)
        back = reader(text, variant)
        if back is None:  # left to the reader: a parenthesis in a value (the splitter's say), an end move
            assert (target == "lg" and "c(d)e" in text) or (target == "abstractplay" and one.resigned)
            continue
        taken += 1
        assert back == as_read(text, target, variant)
        first, cells = plain_of(one)  # type: ignore[misc]
        assert back[0] == one.variant and back[1] == first
        assert [sorted(turn) for turn in back[2]] == [sorted(turn) for turn in cells]
    assert taken >= len(RECORDS) - 2


MUTATING = '[]{}(),;:"\\\n \t0123456789abcdefWBresign-.'


@pytest.mark.parametrize("target", DIRECT)
@given(data=st.data())
def test_direct_readers_take_a_changed_text_only_as_the_reader_reads_it(target, data):
    one = data.draw(st.sampled_from(RECORDS))
    text, _ = formats.write_text([one], target)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        put = data.draw(st.sampled_from(MUTATING))
        if how == "insert":
            text = text[:at] + put + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + put + text[at + 1 :]
    variant = read_under(target, one)
    back = formats.get(target).plain_turns(text, variant)
    if back is not None:
        assert back == as_read(text, target, variant)


def test_direct_readers_leave_other_texts_to_the_reader():
    lg, json, ap = (formats.get(name).plain_turns for name in DIRECT)
    assert lg("(;FF[4]SZ[5];W[E5];W[D4])\n", None) is None  # two nodes of one colour: merged by the reader
    assert lg("(;FF[4]SZ[5]C[a comment];W[E5])\n", None) is None
    assert lg("(;FF[4]SZ[5];W[E5]\n;B[D4])\n", None) is None  # not one line
    assert json('{"variant": "catchup", "turns": [], "turns": []}\n', None) is None  # a key twice
    one = '{"player": 1, "cells": [[0, 0]], "numbers": []}'
    assert json('{"variant": "catchup", "turns": [' + one + ", " + one + "]}\n", None) is None  # not alternating
    assert json('{"variant": "catchup", "turns": [' + one + "]}\n", None) == ("catchup(size=5)", 1, [((0, 0),)])
    two = '{"player": 2, "cells": [[1, 0]], "numbers": []}'
    assert json('{"variant": "catchup", "turns": [' + one + ", " + two + "]}\n", None) is not None
    assert json('{"variant": "catchup", "turns": [' + one + two + "]}\n", None) is None  # not JSON: no comma
    assert json('{"variant": "catchup", "turns": [' + one + ", " + two + ", ]}\n", None) is None
    assert lg("(;FF[4]SZ[5];W[E5];B[])\n", None) is None  # an empty move: a pass
    written, _ = formats.write_text([attrs.evolve(made(RECORDS[6]), resigned=1)], "abstractplay")
    assert '"resign"' in written and ap(written, "catchup") is None  # an end move: the reader's


def with_a_bug(monkeypatch: pytest.MonkeyPatch, target: str) -> list[object]:
    """The target's writer of plain turns with a bug (it leaves out the last turn), and what the
    target's direct reader gives, from now on."""
    from catchup_notation.formats import abstractplay, jsonformat
    from catchup_notation.formats.lg import writer

    if target == "lg":
        nodes = writer._plain_nodes
        monkeypatch.setattr(writer, "_plain_nodes", lambda first, cells, board: nodes(first, cells[:-1], board))
    elif target == "json":
        line = jsonformat._plain_line
        monkeypatch.setattr(jsonformat, "_plain_line", lambda one, first, cells: line(one, first, cells[:-1]))
    else:
        moves = abstractplay._move_strings
        monkeypatch.setattr(abstractplay, "_move_strings", lambda cells, board: moves(cells[:-1], board))
    format = formats.get(target)
    read = format.plain_turns
    given: list[object] = []

    def spy(text: str, variant: str | None):
        given.append(read(text, variant))
        return given[-1]

    monkeypatch.setattr(format, "plain_turns", spy, raising=False)
    return given


@pytest.mark.parametrize("target", DIRECT)
def test_a_writer_bug_in_plain_turns_is_caught_by_the_direct_reader(monkeypatch, target):
    broken = RECORDS[-1]
    assert plain_of(broken) is not None and converting.verdict(broken) == ("occupied", 3)
    given = with_a_bug(monkeypatch, target)
    with pytest.raises(WriteError) as caught:
        converting.faithfully(broken, target)
    assert caught.value.code == "changes-verdict" and "it would be valid" in caught.value.message
    assert given and given[0] is not None and len(given[0][2]) == 2  # type: ignore[index]  # read directly, short


@pytest.mark.parametrize("target", DIRECT)
def test_plain_records_that_read_back_alike_are_written_unreplayed_or_replayed_once(monkeypatch, target):
    replayed: list[Record] = []
    replay = converting.replay
    monkeypatch.setattr(converting, "replay", lambda one, *a, **k: replayed.append(one) or replay(one, *a, **k))
    for one in RECORDS[:4]:
        converting.faithfully(one, target)
    if target == "abstractplay":  # its stones sorted: the record itself judged, valid, never the copy
        assert all(any(one is r for r in RECORDS[:4]) for one in replayed)
    else:
        assert replayed == []


PLAIN_WRITERS = {
    "lg": ("catchup_notation.formats.lg.writer", "_plain_nodes"),
    "json": ("catchup_notation.formats.jsonformat", "_plain_line"),
    "abstractplay": ("catchup_notation.formats.abstractplay", "_move_strings"),
    "rga": ("catchup_notation.formats.rga.writer", "_plain_slots"),
}


class Taken(Exception):
    """The plain path was taken."""


@pytest.mark.parametrize("target", sorted(PLAIN_WRITERS))
def test_writers_write_plain_turns_without_the_turns_and_others_with_them(monkeypatch, target):
    module, name = PLAIN_WRITERS[target]

    def taken(*args):
        raise Taken

    (one,) = read_plain(random_game(11))
    assert formats.write_text([one], target)[0] and not one.turns_made  # type: ignore[attr-defined]
    monkeypatch.setattr(module + "." + name, taken)
    with pytest.raises(Taken):
        formats.write_text([one], target)
    formats.write_text([made(one)], target)  # turns made: the usual way


@pytest.mark.parametrize("count", [0, 1, 2, 3, 7])
def test_abstract_play_collections_of_the_texts_are_what_its_writer_writes(count):
    """`convert` writes an Abstract Play collection from the texts it checked, each record's alone:
    the same text as the writer's of the records together."""
    import io

    ap = formats.get("abstractplay")
    chosen = [made(one) if n % 2 else one for n, one in enumerate(RECORDS[:count])]
    texts = [formats.write_text([one], "abstractplay")[0] for one in chosen]
    out = io.StringIO()
    ap.write_texts(texts, out)
    assert ap.writes_texts and out.getvalue() == formats.write_text(chosen, "abstractplay")[0]
