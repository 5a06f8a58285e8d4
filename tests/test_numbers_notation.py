"""The paper's notation for number-set Catch-Up (Isaksen et al. 2015, sections 2.1-2.6)."""

from __future__ import annotations

import importlib.util
import random

import pytest
from helpers import mutate, read_with, write_with
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
# The paper's Figure 1 (section 2.1): P2 wins 6-4
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
    assert formats.get("numbers").sniff(PAPER) and not formats.get("numbers").sniff("1. m5  a5 g3")


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


# --- the plain path (a regular expression per line of turns) reads as the grammar ---------------


def _both_ways(text):
    """What the reader makes of `text` with its plain path, and with the grammar alone: for each
    game its record with every turn's place, or its error with its place."""
    from unittest import mock

    def seen(items):
        return [
            (i.record, [t.at for t in i.record.turns], i.record.at)
            if i.error is None
            else (str(i.error), i.error.code, i.error.line, i.error.column)
            for i in items
        ]

    plain = seen(read_with("numbers", text, source="n.txt"))
    with mock.patch("catchup_notation.formats.numbers._plain_items", return_value=None):
        grammar = seen(read_with("numbers", text, source="n.txt"))
    return plain, grammar


_BLANKS = st.sampled_from(["", " ", "  ", "\t", " \t", "\f", "\r"])
_OPENS, _CLOSES = st.sampled_from(["⟨", "〈", "<"]), st.sampled_from(["⟩", "〉", ">"])


@st.composite
def turn_lines(draw):
    """A line of turns as writers and people write it: brackets of any kind, spaces anywhere a
    space may be, numbers of up to the digit limit, maybe a comment."""
    pieces = [draw(_BLANKS)]
    for _ in range(draw(st.integers(0, 5))):
        numbers = draw(st.lists(st.integers(0, 10**18 - 1), max_size=3))
        inside = ",".join(draw(_BLANKS) + str(n) + draw(_BLANKS) for n in numbers) or draw(_BLANKS)
        pieces += [draw(_OPENS), inside, draw(_CLOSES), draw(_BLANKS)]
    if draw(st.booleans()):
        pieces.append("# " + draw(st.sampled_from(["note", "⟨1⟩ in a comment", "", "S = {1}"])))
    return "".join(pieces)


_OTHER_LINES = st.sampled_from(
    ["S = {1, 2, 3, 4}", "S={1..5}", "set = {1, ..., 6}", "s = 1..3", "scores = 0:3", "Scores = 2-1 ⟨1⟩", "S = {}"]
)


@st.composite
def numbers_texts(draw):
    """Games of set, scores and turn lines (well formed, though not always valid records)."""
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            lines.append(draw(_OTHER_LINES))
        lines += draw(st.lists(st.one_of(turn_lines(), _OTHER_LINES), min_size=1, max_size=6))
        lines.append("")
    return "\n".join(lines)


@given(turn_lines())
def test_the_plain_path_takes_every_plain_line(line):
    from catchup_notation.formats.numbers import _plain_items

    if line.strip():
        items = _plain_items([line])
        assert items is not None and all(type(item) is tuple for item in items), line  # no grammar


@given(numbers_texts())
def test_the_plain_path_reads_plain_texts_as_the_grammar_does(text):
    plain, grammar = _both_ways(text)
    assert plain == grammar


_MUTATIONS = ["0", "9", "1234567890123456789", *"〈〉⟨⟩<>, \t\n#S={}…:x\u2329\u00a0", ".."]


@given(numbers_texts(), st.randoms(use_true_random=False))
def test_the_plain_path_reads_mutated_texts_as_the_grammar_does(text, rng):
    plain, grammar = _both_ways(mutate(text, rng, _MUTATIONS))
    assert plain == grammar


@given(from_lark(NUMBERS_GRAMMAR))
def test_the_plain_path_reads_grammar_texts_as_the_grammar_does(text):
    plain, grammar = _both_ways(text)
    assert plain == grammar


def test_the_plain_path_gives_the_grammars_errors():
    cases = [
        "S = {1..4}\n⟨1⟩ ⟨2⟩\n⟨3 4⟩\n",  # a syntax error on a line of turns
        "S = {1..4}\n⟨1⟩ ⟨1234567890123456789⟩\n",  # past the digit limit
        "⟨1⟩\nS = {1..4}\n",  # the set after the turns
        "S = {1..4}\nS = {1..4}\n⟨1⟩\n",
        "S = {1,\n2}\n⟨1⟩\n",  # a set across two lines: the grammar reads the game
        "⟨1⟩ ⟨2\n⟩\n",
    ]
    for text in cases:
        plain, grammar = _both_ways(text)
        assert plain == grammar, text
    plain, _ = _both_ways(cases[0])
    assert plain[0][1:] == ("syntax", 3, 4)
