"""The paper's notation for number-set Catch-Up (seed 002, sections 2.1-2.6)."""

from __future__ import annotations

import importlib.util
import random

import pytest
from helpers import read_with, write_with
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from catchup_notation import formats
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.numbers import NumbersFormat
from catchup_notation.model import Record, Turn
from catchup_notation.resources import data_dir

PAPER = """\
# Seed 002, Figure 1 (section 2.1): P2 wins 6-4
S = {1, 2, 3, 4}
⟨3⟩ ⟨2, 4⟩ ⟨1⟩

# section 2.1: the same set, drawn 5-5
S = {1, ..., 4}
<2> <1, 4> <3>

# section 2.3: greedy P1 loses 7-8
S = {1..5}
⟨5⟩ ⟨1, 3, 4⟩ ⟨2⟩

# section 2.6: repeated numbers; P2 starts 3 ahead (our extension)
S = {2, 2, 2, 3, 3}
scores = 0:3
⟨2, 2⟩ ⟨2, 3⟩ ⟨3⟩
"""


def records(text, **kw):
    items = list(read_with("numbers", text, **kw))
    assert all(i.error is None for i in items), [i.error for i in items]
    return [i.record for i in items]


def turns(*groups):
    return tuple(Turn(i % 2 + 1, numbers=tuple(g)) for i, g in enumerate(groups))


def test_paper_games_read():
    figure1, draw, greedy, repeats = records(PAPER, source="paper.txt")
    assert figure1.variant == "catch-up(set=1..4)"
    assert figure1.turns == turns([3], [2, 4], [1])
    assert figure1.turns[1].at.line == 3 and figure1.turns[1].at.column == 5
    assert draw.variant == figure1.variant and draw.turns == turns([2], [1, 4], [3])
    assert greedy.variant == "catch-up(set=1..5)" and greedy.turns == turns([5], [1, 3, 4], [2])
    assert repeats.variant == "catch-up(set={2,2,2,3,3}, scores=0:3)"
    assert repeats.turns == turns([2, 2], [2, 3], [3])


@pytest.mark.skipif(importlib.util.find_spec("catchup_notation.rules.adjudicate") is None, reason="no rules engine yet")
def test_paper_results():
    from catchup_notation.rules.adjudicate import adjudicate

    figure1, draw, greedy, _ = records(PAPER)
    assert (adjudicate(figure1).winner, adjudicate(figure1).scores) == (2, (4, 6))
    assert adjudicate(draw).draw and adjudicate(draw).scores == (5, 5)
    assert (adjudicate(greedy).winner, adjudicate(greedy).scores) == (2, (7, 8))


def test_order_inside_a_turn_is_kept():
    (record,) = records("S = {1..7}\n⟨2, 1, 7⟩")
    assert record.turns[0].numbers == (2, 1, 7)


def test_set_and_scores_from_the_variant_when_not_written():
    (record,) = records("⟨3⟩", variant="catch-up(set=1..4, scores=1:0)")
    assert record.variant == "catch-up(set=1..4, scores=1:0)"
    (record,) = records("S={1,2}\n<1>")
    assert record.variant == "catch-up(set={1,2})"


def test_unicode_and_ascii_read_the_same():
    assert records("S = {1, 2, 3, 4}\n⟨3⟩ ⟨2, 4⟩ ⟨1⟩") == records("set = 1..4\n<3> <2,4> <1>")


def test_writer_matches_the_paper():
    figure1, *_, repeats = records(PAPER)
    text, warnings = write_with("numbers", [figure1])
    assert text == "S = {1, 2, 3, 4}\n⟨3⟩ ⟨2, 4⟩ ⟨1⟩\n" and warnings == []
    assert write_with("numbers", [figure1], ascii=True)[0] == "S = {1, 2, 3, 4}\n<3> <2, 4> <1>\n"
    assert write_with("numbers", [repeats])[0] == "S = {2, 2, 2, 3, 3}\nscores = 0:3\n⟨2, 2⟩ ⟨2, 3⟩ ⟨3⟩\n"
    assert write_with("numbers", [figure1], ascii=True)[0].count("<") == 3


def test_writer_warns_and_refuses():
    record = Record("catch-up(set=1..4)", turns([3]), resigned=2, players=("Ann", "Bob"))
    _, warnings = write_with("numbers", [record])
    assert [w.code for w in warnings] == ["players-dropped", "resignation-dropped"]
    with pytest.raises(WriteError):
        write_with("numbers", [Record("catchup(size=5)", (Turn(1, ((0, 0),)),))])


def test_a_bad_game_does_not_stop_the_next():
    text = "S = {1..4}\n⟨3⟩ ⟨2, 4\n\nS = {5..1}\n\nS = {1, 2}\n⟨2⟩ ⟨1⟩\n\nS = {}\n\nS = {1, ..., 1}\n"
    items = list(read_with("numbers", text, source="g.txt"))
    assert [i.error is None for i in items] == [False, False, True, False, False]
    eof, backwards, _, empty, dots = (i.error for i in items)
    assert (eof.line, eof.code, eof.source) == (2, "syntax", "g.txt")
    assert "'⟩' (the end of the turn)" in eof.message and "__" not in str(eof)
    assert (backwards.line, backwards.column, backwards.code) == (4, 6, "set")
    assert (empty.line, empty.code) == (9, "set")
    assert dots.code == "set" and "'...'" in dots.message


def test_huge_ranges_are_refused():
    (item,) = read_with("numbers", "S = {1..1000000000}")
    assert item.error.code == "limit" and "past the limit of 1000" in item.error.message


def test_syntax_error_shows_the_line():
    (item,) = read_with("numbers", "# c\nS = {1, 2}\n⟨1⟩ ⟨2; 3⟩\n")
    assert (item.error.line, item.error.column) == (3, 7)
    assert item.error.text == "⟨1⟩ ⟨2; 3⟩" and "expected" in item.error.message


def test_hex_variant_is_refused():
    with pytest.raises(VariantError):
        list(read_with("numbers", "⟨1⟩", variant="catchup"))


def test_registered_and_sniffs():
    assert isinstance(formats.get("numbers"), NumbersFormat)
    assert formats.get("numbers").sniff(PAPER) and not formats.get("numbers").sniff("1. i5  g3 f6")


@st.composite
def number_records(draw):
    values = draw(st.lists(st.integers(1, 30), min_size=1, max_size=14))
    order = draw(st.permutations(values))
    groups, i = [], 0
    while i < len(order):
        size = draw(st.integers(1, 4))
        groups.append(order[i : i + size])
        i += size
    scores = draw(st.tuples(st.integers(0, 5), st.integers(0, 5)))
    variant = f"catch-up(set={{{','.join(map(str, sorted(values)))}}}, scores={scores[0]}:{scores[1]})"
    from catchup_notation.rules.registry import parse_variant

    return Record(str(parse_variant(variant)), turns(*groups))


@given(st.lists(number_records(), min_size=1, max_size=3), st.booleans())
def test_round_trip(recs, ascii):
    text, warnings = write_with("numbers", recs, ascii=ascii)
    assert warnings == []
    assert records(text) == recs


NUMBERS_GRAMMAR = Lark((data_dir("grammars") / "numbers.lark").read_text(encoding="utf-8"), parser="lalr")


@given(from_lark(NUMBERS_GRAMMAR))
def test_fuzz_grammar(text):
    for item in read_with("numbers", text):
        assert item.error is None or isinstance(item.error, NotationError)
        str(item.error)


@given(st.randoms(use_true_random=False))
def test_fuzz_mutations(rng: random.Random):
    chars = list(PAPER)
    for _ in range(rng.randint(1, 6)):
        pos = rng.randrange(len(chars))
        if rng.random() < 0.5:
            del chars[pos]
        else:
            chars.insert(pos, rng.choice("0123456789{}<>⟨⟩,.…=:#\n Ss-"))
    for item in read_with("numbers", "".join(chars)):
        assert item.error is None or isinstance(item.error, NotationError)
        str(item.error)
