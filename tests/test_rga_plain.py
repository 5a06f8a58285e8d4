"""The rga reader's plain path (regular expressions for lines that are only a move entry, diagram
rows numbered on the left with maybe an entry beside them, and the column letters with the players'
names: every line the writer writes) reads every line as the grammar does: the same tokens where
they stand, the same errors, the same records and warnings of whole posts."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from helpers import mutate, read_with
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation import formats
from catchup_notation.board import hexhex
from catchup_notation.formats.rga.lines import _plain_entry, _plain_line, parse
from catchup_notation.model import Record, Turn

QUIRKS = sorted((Path(__file__).parent / "quirks").glob("rga-*.rga"))
POSTS = sorted((Path(__file__).parent / "data" / "rga").glob("*.txt"))
GRAMMAR_ONLY = mock.patch("catchup_notation.formats.rga.lines._plain_line", return_value=None)


def _token(token):
    return (
        token.type,
        str(token),
        token.start_pos,
        token.line,
        token.column,
        token.end_line,
        token.end_column,
        token.end_pos,
    )


def _seen(line):
    """Everything a Line holds, its tokens spelled out."""
    error = line.error
    return (
        line.number,
        line.text,
        line.kind,
        None if line.columns is None else _token(line.columns),
        [_token(t) for t in line.names],
        None if line.rownum is None else _token(line.rownum),
        None if line.points is None else [_token(t) for t in line.points],
        None if line.entry is None else _token(line.entry),
        [[_token(t) for t in slot] for slot in line.slots],
        line.comment,
        line.comment_column,
        line.players,
        None if error is None else (str(error), error.code, error.line, error.column),
    )


def _both_ways(raw, number=7):
    plain = _seen(parse(raw, number, "p.rga"))
    with GRAMMAR_ONLY:
        grammar = _seen(parse(raw, number, "p.rga"))
    return plain, grammar


_LEADS = st.sampled_from(["", " ", "    ", "\t", "> ", ">", ": ", "| ", "!", "  >  "])
_GAPS = st.sampled_from([" ", "  ", "   ", "\t", " \t", "\t ", "      "])
_CELLS = st.from_regex(r"[a-s][1-9][0-9]?(=[wbrWB])?|[a-s]{2,3}[1-9]", fullmatch=True)
_PLACEHOLDERS = st.sampled_from(["...", "..", "--", "---"])


@st.composite
def entry_lines(draw):
    """A line that is only a move entry, as posts write them (cells and placeholders)."""
    line = draw(_LEADS) + str(draw(st.integers(0, 300))) + "."
    for _ in range(draw(st.integers(0, 5))):
        line += draw(_GAPS) + draw(st.one_of(_CELLS, _CELLS, _PLACEHOLDERS))
    return line


@given(entry_lines())
def test_the_plain_path_takes_every_plain_entry(line):
    assert _plain_entry(line, 1, line) is not None, line


@given(entry_lines())
def test_the_plain_path_reads_entries_as_the_grammar_does(line):
    plain, grammar = _both_ways(line)
    assert plain == grammar


_POINTS = st.sampled_from([*".....bwBWxoXOm", "C"])
_NAMES = st.from_regex(r"[A-Za-z][A-Za-z_'-]{0,6}", fullmatch=True)


@st.composite
def row_lines(draw):
    """A diagram row numbered on the left, maybe a move entry beside it, as the writer lays it out
    (and with other gaps and leads)."""
    line = draw(_LEADS) + str(draw(st.integers(0, 40))) + draw(_GAPS)
    line += " ".join(draw(st.lists(_POINTS, min_size=1, max_size=17)))
    if draw(st.booleans()):
        line += draw(_GAPS) + draw(entry_lines()).lstrip(" \t:>|!")
    return line


@st.composite
def header_lines(draw):
    """Column letters (from any letter, not always consecutive), maybe the players' names after them."""
    start = draw(st.integers(0, 20))
    letters = "abcdefghijklmnopqrstuvwxyz"[start : start + draw(st.integers(4, 25))]
    if draw(st.integers(0, 5)) == 0:
        letters = letters[::-1]
    line = draw(_LEADS) + letters
    for _ in range(draw(st.integers(0, 3))):
        line += draw(_GAPS) + draw(_NAMES)
    return line


@given(st.one_of(row_lines(), header_lines()))
def test_the_plain_path_reads_rows_and_headers_as_the_grammar_does(line):
    plain, grammar = _both_ways(line)
    assert plain == grammar


_MUTATIONS = [*"0123456789. -=\t:>|!abxyzABW_#", "...", ". . .", "resign", "\u00a0", "__o___x__"]


@given(st.one_of(row_lines(), header_lines()), st.randoms(use_true_random=False))
def test_the_plain_path_reads_mutated_rows_and_headers_as_the_grammar_does(line, rng):
    raw = mutate(line, rng, _MUTATIONS, most=3).rstrip(" \t\u00a0")
    plain, grammar = _both_ways(raw)
    assert plain == grammar


@given(entry_lines(), st.randoms(use_true_random=False))
def test_the_plain_path_reads_mutated_entries_as_the_grammar_does(line, rng):
    raw = mutate(line, rng, _MUTATIONS, most=3).rstrip(" \t\u00a0")  # as the reader hands lines over
    plain, grammar = _both_ways(raw)
    assert plain == grammar


@pytest.mark.parametrize(
    "raw",
    [
        "1.  m5   a5 g3",
        "12. ... i5",
        "3.\ti5\tg3",
        "3. i5 . . .   g3",  # a pass: the grammar's
        "4.  i5   resign",  # a resignation: the grammar's
        "5.  i5   g3  that was a mistake",  # a comment: the grammar's
        "6.  i5x",
        "7.i5",
        "8.  abcd5",
        "9.  i5=",
        "10. ....",
        "11. ----",
        "1       m C C . m      1.  ... m5    a5 g3",
        "5   b b b b w w b b B  5.   f4 l6      n6",
        "5   b b b b w w b b B 5.   f4 l6",  # one space before the entry: the grammar's
        "5   b b    b b",  # a hole: the grammar's
        "    b b b b  5",  # numbered on the right: the grammar's
        "12 . . .",
        "12  . . .",
        "12  . . .  3. . . .",
        "3  b b  4.",
        "    abcdefghijklmnopq       W          B",
        "    abcdefghijklmnopq",
        "    abcdefghijklmnopq  W  B  1.  i5",  # a move on the header line: the grammar's
        "    abcdeg  Ann",  # not consecutive: prose
        "  abcde Ann O'Neil",
        "hello world",
    ],
)
def test_the_plain_path_on_the_edges(raw):
    plain, grammar = _both_ways(raw)
    assert plain == grammar


def _post(items):
    return [
        (
            None if i.record is None else (i.record, [t.at for t in i.record.turns]),
            [(w.code, w.message, w.line, w.column) for w in i.warnings],
            None if i.error is None else (str(i.error), i.error.code, i.error.line, i.error.column),
        )
        for i in items
    ]


def _both_posts(text, source="p.rga"):
    """The post read with the plain path (and how many lines took it), and with the grammar alone."""
    taken = []

    def spy(*args):
        line = _plain_line(*args)
        taken.append(line is not None)
        return line

    with mock.patch("catchup_notation.formats.rga.lines._plain_line", spy):
        plain = _post(read_with("rga", text, source=source))
    with GRAMMAR_ONLY:
        grammar = _post(read_with("rga", text, source=source))
    return plain, grammar, sum(taken)


@pytest.mark.parametrize("path", QUIRKS + POSTS, ids=lambda p: p.name)
def test_posts_read_the_same_either_way(path):
    plain, grammar, _ = _both_posts(path.read_text(encoding="utf-8"), path.name)
    assert plain == grammar


def test_a_written_post_takes_the_plain_path():
    board = hexhex(5).cells
    record = Record("catchup", tuple(Turn(i % 2 + 1, (board[i],)) for i in range(40)))
    plain, grammar, taken = _both_posts(formats.write_text([record], "rga")[0])
    assert taken == 1 + 9 + 1 + 20 - 9 and plain == grammar  # every line: header, rows, letters, entries


_BOARD = hexhex(5).cells


@given(st.lists(st.lists(st.sampled_from(_BOARD), min_size=1, max_size=2, unique=True), min_size=1, max_size=40))
def test_written_posts_read_the_same_either_way(cells):
    record = Record("catchup", tuple(Turn(i % 2 + 1, tuple(c)) for i, c in enumerate(cells)))
    text = formats.write_text([record], "rga")[0]
    plain, grammar, taken = _both_posts(text)
    assert plain == grammar and (taken or len(cells) <= 18)
