"""The Genius ORG notation: the seed's worked example turns, colours as players, diagnostics."""

import hypothesis.strategies as st
import pytest
from helpers import read_with, write_with
from hypothesis import given

from catchup_notation import formats
from catchup_notation.board import hexhex
from catchup_notation.formats.lg import cell_of
from catchup_notation.model import Record, Turn

# The seed's example: Red B4 B5; Blue D7 F8; Red B3, C1, D2; Blue F2, G7, H6.
SEED = "Red: B4 B5\nBlue: D7 F8\nRed: B3, C1, D2\nBlue: F2, G7, H6\n"


def cells(*names):
    return tuple(cell_of(n[0], int(n[1:]), hexhex(5)) for n in names)


def read(text, **kw):
    (item,) = read_with("genius", text, source="g.txt", **kw)
    return item


def test_seed_example_turns():
    record = read(SEED).record
    assert record.players == ("Red", "Blue")
    assert [(t.player, t.cells) for t in record.turns] == [
        (1, cells("B4", "B5")),
        (2, cells("D7", "F8")),
        (1, cells("B3", "C1", "D2")),
        (2, cells("F2", "G7", "H6")),
    ]
    assert record.turns[2].at.line == 3


def test_plain_lines_alternate():
    record = read("E5\nD4 F6\n\nC1, D2\n").record
    assert [t.player for t in record.turns] == [1, 2, 1] and record.players == (None, None)


def test_colour_decides_player_and_case_is_ignored():
    record = read("Blue: E5\nred: D4\nBLUE: C1\n").record
    assert record.players == ("Blue", "red")
    assert [t.player for t in record.turns] == [1, 2, 1]


def test_resign_line():
    record = read("Red: E5\nBlue resigns\n").record
    assert record.resigned == 2 and record.resigned_at.line == 2


def test_write_canonical():
    record = read(SEED).record
    text, warnings = write_with("genius", [record])
    assert text == SEED.replace(",", "") and warnings == []


def test_writer_reports_what_it_cannot_carry():
    record = Record("catchup(size=7)", (Turn(1, ((0, 0),)), Turn(1, ((1, 0),))), headers={"EV": "x"})
    text, warnings = write_with("genius", [record])
    assert {w.code for w in warnings} == {"size-dropped", "headers-dropped", "turn-order-dropped"}
    assert text == "G7\nG8\n"


@pytest.mark.parametrize(
    "text, code, line, column",
    [
        ("Red: B4 B5 Z\n", "syntax", 1, 12),
        ("Red: B4\nBlue: C1\nGreen: D2\n", "third-player", 3, 1),
        ("resign\nE5\n", "move-after-resign", 2, 1),
    ],
)
def test_errors_are_located(text, code, line, column):
    error = read(text).error
    assert (error.code, error.line, error.column) == (code, line, column)
    assert "__ANON" not in str(error)


def test_blank_text_is_a_game_without_turns():
    record = read("\n\n").record
    assert record.turns == () and record.resigned is None


def test_sniff():
    assert formats.get("genius").sniff(SEED) and not formats.get("genius").sniff("(;FF[4];W[E5])")


# --- the plain path (a regular expression per line) reads as the grammar ------------------------

_NAMES = st.sampled_from(["Red", "Blue", "dark blue", "O'Neil", "x-y"])
_CELLS = st.lists(st.from_regex(r"[A-Ia-i][1-9](=[rbRB])?", fullmatch=True), min_size=1, max_size=3)
_SEPARATORS = st.sampled_from([" ", ", ", ",", "", "\t", "  "])


@st.composite
def plain_texts(draw):
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        colour = draw(st.one_of(st.just(""), _NAMES.map(lambda n: n + draw(st.sampled_from([":", " :", ": "])))))
        cells = draw(_SEPARATORS).join(draw(_CELLS))
        lines.append(
            draw(st.sampled_from(["", " ", "\t"])) + colour + " " + cells + draw(st.sampled_from(["", " ", ","]))
        )
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "  "])))
    return "\n".join(lines)


def _tokens(lines):
    return [
        (
            [(str(t), t.line, t.column) for t in colour] if colour else None,
            [(str(t), t.line, t.column) for t in body],
        )
        for colour, body in lines
    ]


@given(plain_texts())
def test_the_plain_path_reads_every_plain_text_as_the_grammar_does(text):
    from catchup_notation.formats.genius import _parser, _plain_line

    plain = [_plain_line(line, number) for number, line in enumerate(text.split("\n"), 1) if line.strip(" \t")]
    assert None not in plain, text
    tree = _parser().parse(text)
    grammar = [
        (list(line.children[0].children) if line.children[0] is not None else None, list(line.children[1].children))
        for line in tree.children
        if line is not None and hasattr(line, "children")
    ]
    assert _tokens(plain) == _tokens(grammar)
