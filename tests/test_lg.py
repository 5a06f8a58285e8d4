"""Little Golem SGF dialect: cells, reading, writing, diagnostics and the quirk corpus."""

import re
from pathlib import Path
from unittest import mock

import attrs
import pytest
from helpers import read_file, read_with, write_with
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.board import hexhex
from catchup_notation.errors import NotationError
from catchup_notation.formats import lg, parse_text
from catchup_notation.formats.lg import _grammar_game, _plain_game, cell_name, cell_of, split_games

QUIRKS = Path(__file__).parent / "quirks"

CANONICAL = (
    "(;FF[4]EV[catchup.ch.12.1.1]PB[bob]PW[alice]SZ[5]RE[B]GC[ game #1654905]"
    "SO[https://www.littlegolem.net];W[E5];B[D4F6];W[C1D2E3];B[resign])\n"
)
E5, D4, F6, C1, D2, E3 = (0, 0), (0, -1), (1, 1), (-2, -2), (-2, -1), (-2, 0)


def only(items):
    items = list(items)
    assert len(items) == 1, items
    return items[0]


def test_row_lengths_and_centre_side_5():
    board = hexhex(5)
    names = {cell_name(c, hexhex(5)) for c in board.cells}
    for letter, count in zip("ABCDEFGHI", (5, 6, 7, 8, 9, 8, 7, 6, 5), strict=True):
        assert {n for n in names if n[0] == letter} == {f"{letter}{i}" for i in range(1, count + 1)}
    assert cell_of("E", 5, hexhex(5)) == (0, 0)
    assert cell_of("a", 1, hexhex(5)) == (0, -4)  # top-left corner
    assert cell_of("I", 5, hexhex(5)) == (0, 4)


@pytest.mark.parametrize("side", range(2, 9))
def test_cell_names_invert(side):
    for cell in hexhex(side).cells:
        name = cell_name(cell, hexhex(side))
        assert cell_of(name[0], int(name[1:]), hexhex(side)) == cell


def test_off_board_name_maps_to_off_board_cell():
    cell = cell_of("A", 9, hexhex(5))
    assert cell not in hexhex(5)
    assert cell_name(cell, hexhex(5)) == "A9"


def test_read_canonical_record():
    item = only(read_with("lg", CANONICAL, source="g.sgf"))
    record = item.record
    assert item.error is None
    assert record.variant == "catchup(size=5)"
    assert [(t.player, t.cells) for t in record.turns] == [(1, (E5,)), (2, (D4, F6)), (1, (C1, D2, E3))]
    assert record.resigned == 2
    assert record.players == ("alice", "bob")
    assert list(record.headers) == ["FF", "EV", "PB", "PW", "SZ", "RE", "GC", "SO"]
    assert record.headers["GC"] == " game #1654905"
    assert record.turns[1].at.line == 1 and record.turns[1].at.column > 1
    assert record.source == "g.sgf"


def test_write_is_canonical():
    record = only(read_with("lg", CANONICAL)).record
    text, warnings = write_with("lg", [record])
    assert text == CANONICAL
    assert warnings == []


def test_writer_orders_fields_and_runs_cells_together():
    from catchup_notation.model import Record, Turn

    record = Record(
        "catchup(size=7)",
        (Turn(1, ((0, 0),)), Turn(2, ((1, 0), (0, 1)))),
        players=("w", "b"),
        headers={"XX": "1", "GC": " game #5", "EV": "catchup.in.1"},
    )
    text, _ = write_with("lg", [record])
    assert text == "(;FF[4]EV[catchup.in.1]PB[b]PW[w]SZ[7]GC[ game #5]XX[1];W[G7];B[G8H7])\n"


def test_variant_argument_and_size():
    item = only(read_with("lg", "(;FF[4]SZ[7];W[G7])", variant="ketchup-3"))
    assert item.record.variant == "ketchup-3(size=7)"
    assert only(read_with("lg", "(;FF[4];W[E5])")).record.variant == "catchup(size=5)"


def test_bad_size_is_a_located_error():
    error = only(read_with("lg", "(;FF[4]SZ[x];W[E5])", source="s.sgf")).error
    assert error.code == "bad-size" and error.line == 1 and error.column == 8


def test_syntax_error_names_place_and_words():
    error = only(read_with("lg", "(;FF[4]\n;W[E5];B[D4]\n;W E5])", source="bad.sgf")).error
    assert isinstance(error, NotationError)
    assert (error.source, error.line) == ("bad.sgf", 3)
    assert "__ANON" not in str(error) and "a move such as" in str(error)
    assert "^" in str(error)


def test_bad_cell_points_into_the_value():
    error = only(read_with("lg", "(;FF[4];W[E5];B[D4?6])")).error
    assert error.code == "bad-cell" and error.column == 19


def test_move_after_resign_is_an_error():
    assert only(read_with("lg", "(;FF[4];W[E5];B[resign];W[D4])")).error.code == "move-after-resign"


def test_scanner_keeps_escaped_brackets_and_positions():
    text = "(;C[a\\]b)(c];W[E5])\n  (;W[E5])"
    parts = list(split_games([text[i : i + 3] for i in range(0, len(text), 3)]))
    assert [(k, line, col) for k, _, line, col in parts] == [("game", 1, 1), ("game", 2, 3)]
    assert parts[0][1] == "(;C[a\\]b)(c];W[E5])"


# Texts made of what the scan treats specially, and of game text: whole games, broken ones,
# escapes, values never closed, a "(;" at the start of a line inside a value, junk between games.
_SCAN_PIECES = st.sampled_from(
    ["(;", "(", ")", "[", "]", "\\", "\n", " ", ";", "W[E5]", "B[d4]", "C[a(b]", "SZ[5]", "x", "(;FF[4];W[E5])\n"]
)


@given(st.lists(_SCAN_PIECES, max_size=40).map("".join), st.integers(1, 7))
def test_the_scan_finds_the_same_games_whatever_the_chunks_with_or_without_its_shortcut(text, size):
    quick = list(split_games([text]))
    with mock.patch.object(lg.splitting, "_WHOLE_GAME", re.compile("(?!)")):  # never jump over a game
        assert list(split_games([text])) == quick
        assert list(split_games([text[i : i + size] for i in range(0, len(text), size)])) == quick


def test_no_game_is_an_error():
    item = only(read_with("lg", "hello"))
    assert item.error.code == "no-record"


# --- the quirk corpus: one test per file ---------------------------------------------------------


def read(name, **kw):
    return read_file(QUIRKS / name, **kw)


def expected_turns(record):
    return [(t.player, t.cells) for t in record.turns]


CANON_TURNS = [(1, (E5,)), (2, (D4, F6)), (1, (C1, D2, E3))]


def test_quirk_bom():
    item = only(read("bom.sgf"))
    assert item.error is None and expected_turns(item.record) == CANON_TURNS


def test_quirk_crlf():
    item = only(read("crlf.sgf"))
    assert expected_turns(item.record) == CANON_TURNS
    assert item.record.turns[1].at.line == 2 and item.record.turns[2].at.line == 3


def test_quirk_lowercase_cells():
    item = only(read("lowercase-cells.sgf"))
    assert expected_turns(item.record) == CANON_TURNS
    assert write_with("lg", [item.record])[0] == CANONICAL


def test_quirk_comma_separated():
    assert expected_turns(only(read("comma-separated.sgf")).record) == CANON_TURNS


def test_quirk_split_nodes():
    item = only(read("split-nodes.sgf"))
    assert expected_turns(item.record) == CANON_TURNS
    assert [w.code for w in item.warnings] == ["merged-nodes", "re-names-resigner"]


def test_quirk_resign_re_letter():
    item = only(read("resign-re-letter.sgf"))
    assert item.record.resigned == 2 and item.record.headers["RE"] == "B"
    (warning,) = item.warnings  # every corpus file has LG's RE quirk: RE[B] and B resigns
    assert warning.code == "re-names-resigner"
    assert "RE[B] names the player who resigned, not the winner" in warning.message


def test_quirk_re_naming_the_winner_is_quiet():
    text = CANONICAL.replace("RE[B]", "RE[W]")
    assert only(read_with("lg", text)).warnings == ()


def test_quirk_trailing_garbage():
    item = only(read("trailing-garbage.sgf"))
    assert item.record is not None
    (warning,) = [w for w in item.warnings if w.code == "ignored-text"]
    assert warning.line == 2 and "exported by some tool" in warning.message


def test_quirk_undecodable():
    items = read("undecodable.sgf")
    assert items[0].record is not None
    assert items[1].error.code == "encoding"
    assert items[1].error.byte_offset == len(CANONICAL) - 1 + 1 + CANONICAL.index("alice") + 2
    assert "undecodable.sgf" in str(items[1].error)


def test_quirk_collection():
    items = read("collection.sgf")
    assert [i.index for i in items] == [0, 1]
    assert items[1].record.headers["GC"] == " game #2" and items[1].record.at.line == 2


def test_quirk_games_on_one_line():
    items = read("games-on-one-line.sgf")
    assert len(items) == 2 and items[1].record.at.column == len(CANONICAL)
    assert items[1].record.turns[0].at.column > len(CANONICAL)


def test_quirk_broken_then_good():
    first, second = read("broken-then-good.sgf")
    assert first.error is not None and first.error.line == 1
    assert second.record is not None and second.record.at.line == 2


def test_quirk_off_board_name():
    record = only(read("off-board-name.sgf")).record
    assert record.turns[2].cells == (cell_of("A", 9, hexhex(5)),)
    assert record.turns[2].cells[0] not in hexhex(5)


def test_quirk_side_7():
    record = only(read("side-7.sgf")).record
    assert record.variant == "catchup(size=7)" and record.turns[0].cells == ((0, 0),)


def test_quirk_move_properties():
    # A comment on a move is the record's comment on that turn; another property is said and dropped.
    item = only(read("move-properties.sgf"))
    assert expected_turns(item.record) == CANON_TURNS
    assert [w.code for w in item.warnings] == ["re-names-resigner"]
    assert item.record.annotations.comment(2) == "nice move"
    (marked,) = parse_text("(;FF[4]SZ[5];W[E5]LB[E5:a];B[D4])", format="lg")
    assert [w.code for w in marked.warnings] == ["ignored-property"] and marked.record.annotations is None


def test_quirk_real_havannah_record_swap_is_reported():
    # Little Golem's real Havannah record (W first, hexhex cells): B[swap] is not a Catchup move.
    item = only(read("havannah-1541446.hsgf", format="lg"))
    assert item.error.code == "bad-cell" and "swap" in item.error.message
    assert (
        item.error.column
        == len(
            "(;FF[4]EV[havannah.in.size4.4]PB[mickgraham]PW[kiwibill]SZ[4]RU[LG]RE[B]GC[ game #1541446]SO[http://www.littlegolem.com];W[E1];B["
        )
        + 1
    )


def test_real_havannah_record_without_swap_reads():
    text = (QUIRKS / "havannah-1541446.hsgf").read_text().replace(";B[swap]", "")
    item = only(parse_text(text, format="lg"))
    assert item.record.variant == "catchup(size=4)"
    assert item.record.turns[0].cells[0] == cell_of("E", 1, hexhex(4))  # W[E1] and, swap removed, W[F2]
    assert item.record.resigned == 2
    assert {w.code for w in item.warnings} == {"merged-nodes", "re-names-resigner"}


# --- the plain path (regular expressions) reads exactly as the grammar --------------------------


def both_paths(text, line=1, column=1):
    options = {"index": 0, "source": "x.sgf", "variant": "catchup"}
    plain = _plain_game(text, line, column, **options)
    grammar = _grammar_game(text, line=line, column=column, **options)
    return plain, grammar


def assert_same(plain, grammar):
    assert plain == grammar
    assert [t.at for t in plain.record.turns] == [t.at for t in grammar.record.turns]
    assert (plain.record.at, plain.record.resigned_at) == (grammar.record.at, grammar.record.resigned_at)


SPACE = st.sampled_from(["", " ", "\n", "\t ", "\n\n  "])


@st.composite
def lg_games(draw):
    """Games as Little Golem writes them, and with white space and headers where the grammar allows them."""
    from catchup_notation.model import Record
    from catchup_notation.rules.registry import parse_variant

    side = draw(st.integers(2, 7))
    game = parse_variant("catchup", size=side).new_game()
    rng = __import__("random").Random(draw(st.integers(0, 10**6)))
    turns = []
    for _ in range(draw(st.integers(0, 40))):
        if game.over:
            break
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    record = Record(
        f"catchup(size={side})",
        tuple(turns),
        resigned=draw(st.sampled_from([None, game.to_move or 1])),
        players=("al", "bo"),
        headers=draw(
            st.dictionaries(st.sampled_from(["EV", "RE", "GC", "DT"]), st.sampled_from(["W", "B", "x]y", " a\\b"]))
        ),
    )
    text, _ = write_with("lg", [record])
    text = text.strip()
    pieces = text.split(";")
    return pieces[0] + "".join(draw(SPACE) + ";" + draw(SPACE) + piece for piece in pieces[1:])


@given(lg_games(), st.integers(1, 5), st.integers(1, 30))
def test_the_plain_path_reads_every_plain_game_as_the_grammar_does(text, line, column):
    plain, grammar = both_paths(text, line, column)
    assert plain is not None, text  # Little Golem's own form never needs the grammar
    assert_same(plain, grammar)


@pytest.mark.parametrize("name", sorted(p.name for p in QUIRKS.iterdir() if p.suffix in (".sgf", ".hsgf")))
def test_the_plain_path_agrees_with_the_grammar_on_every_quirk_file(name):
    from catchup_notation.formats.lg import split_games

    data = (QUIRKS / name).read_bytes()
    try:
        text = data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError:
        return  # the undecodable file: no game text to compare
    for kind, game, line, column in split_games([text]):
        if kind == "game":
            plain, grammar = both_paths(game, line, column)
            if plain is not None:
                assert_same(plain, grammar)


_HEADER_KEYS = st.sampled_from(
    ["FF", "EV", "PB", "PW", "SZ", "RE", "GC", "SO", "DT", "C", "ev", "game", "diagram", "X1"]
)
_HEADER_VALUES = st.text(alphabet="ab ]\\[\n\x00é", max_size=6) | st.integers(0, 9).map(lambda n: {"n": n})


@given(
    headers=st.dictionaries(_HEADER_KEYS, _HEADER_VALUES, max_size=6),
    players=st.tuples(
        st.none() | st.text(alphabet="wb]\\", max_size=3), st.none() | st.text(alphabet="wb]\\", max_size=3)
    ),
    variant=st.sampled_from(["catchup(size=5)", "catchup(size=7)", "too(size=5)", "catchup-2012(size=4)"]),
    resigned=st.sampled_from([None, 1, 2]),
)
def test_the_root_written_from_a_template_is_the_root_written_afresh(headers, players, variant, resigned):
    """A record with no annotations has its root node written from the template of its variant,
    header keys and named players: the same text and warnings as the root written property by
    property (as a record with annotations, here empty ones, has it written)."""
    from catchup_notation.formats.lg import writer
    from catchup_notation.model import Annotations, Record, own_stones_turn

    record = Record(
        variant, (own_stones_turn(1, ((0, 0),), None),), resigned=resigned, players=players, headers=headers
    )
    templates = writer._root_template.cache_info().currsize
    written = writer.write_record(record)
    assert writer._root_template.cache_info().currsize >= max(templates, 1)  # the template path was taken
    assert written == writer.write_record(attrs.evolve(record, annotations=Annotations()))
