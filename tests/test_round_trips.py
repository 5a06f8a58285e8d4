"""A -> B -> A for every pair of the hex formats lg, rga, genius, abstractplay, json over random records.

Cells always survive (as a set per turn: formats may reorder a turn's cells). Whatever B can carry
survives too; whatever B cannot carry is named in a writer warning, never silently dropped.
Records with stone colours (too, product) go round lg, rga, genius and json in
tests/test_colour_notation.py (Abstract Play refuses them).
"""

import hypothesis.strategies as st
from hypothesis import given

from catchup_notation.board import hexhex
from catchup_notation.formats import parse_text, write_text
from catchup_notation.model import Record, Turn

FORMATS = ("lg", "rga", "genius", "abstractplay", "json")
NAME = st.from_regex(r"[A-Z][a-z]{0,6}( [A-Z][a-z]{0,5})?", fullmatch=True)
HEADER_VALUE = st.text(
    st.one_of(st.sampled_from("]\\[;()\n ,"), st.characters(codec="utf-8", exclude_characters="\r\x00")), max_size=12
)


@st.composite
def records(draw):
    side = draw(st.integers(2, 7))
    cells = draw(st.permutations(hexhex(side).cells))
    count = draw(st.integers(0, len(cells)))
    turns, player, i = [], 1, 0
    while i < count:
        k = draw(st.integers(1, 3))
        turns.append(Turn(player, tuple(cells[i : i + k])))
        i += k
        player = 3 - player
    names = draw(
        st.one_of(st.tuples(st.none(), st.none()), st.tuples(NAME, NAME).filter(lambda p: p[0].lower() != p[1].lower()))
    )
    headers = draw(st.dictionaries(st.from_regex(r"[A-Z]{2,3}", fullmatch=True), HEADER_VALUE, max_size=3))
    headers = {k: v for k, v in headers.items() if k not in ("FF", "SZ", "PB", "PW")}
    resigned = draw(st.sampled_from((None, player)))
    return Record(f"catchup(size={side})", tuple(turns), resigned=resigned, players=names, headers=headers)


def convert(record, fmt):
    text, warnings = write_text([record], fmt)
    (item,) = parse_text(text, format=fmt, variant=record.variant)
    assert item.error is None, (text, item.error)
    return item.record, {w.code for w in warnings}


def cell_sets(record):
    return [(t.player, frozenset(t.cells)) for t in record.turns]


def carried_headers(original, result):
    """Headers that came back are unchanged (formats may add their own, e.g. LG's FF and SZ)."""
    return {k: v for k, v in result.headers.items() if k in original.headers}


@given(records(), st.sampled_from(FORMATS), st.sampled_from(FORMATS))
def test_a_to_b_to_a(record, a, b):
    first, _ = convert(record, a)
    middle, warnings = convert(first, b)
    last, _ = convert(middle, a)
    assert cell_sets(last) == cell_sets(record)
    assert last.variant == record.variant
    assert last.resigned == record.resigned
    if last.players != first.players and first.players != (None, None):
        # names were lost on the way (an rga diagram needs letters, so a nameless record comes
        # back with the letters as names: nothing lost, nothing to warn about)
        assert warnings & {"player-name-dropped", "players-dropped"}
    lost = {k for k in first.headers if carried_headers(first, last).get(k) != first.headers[k]}
    if lost:
        assert "headers-dropped" in warnings or "header-dropped" in warnings, lost


@given(records(), st.sampled_from(FORMATS))
def test_write_read_write_is_stable(record, fmt):
    once, _ = convert(record, fmt)
    text1, _ = write_text([once], fmt)
    text2, _ = write_text([convert(once, fmt)[0]], fmt)
    assert text1 == text2


@given(records())
def test_json_is_lossless(record):
    assert convert(record, "json")[0] == record
