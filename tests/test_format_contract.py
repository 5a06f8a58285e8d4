"""The contract every registered format keeps, checked alike for all of them.

- it is what the protocol says (name, extensions, family, the features it carries, sniffing, cell names);
- what it writes it reads back: every feature it carries survives, through itself and through every
  other format of its family;
- what it cannot carry is never lost silently: a warning or a `WriteError`;
- text given in chunks of any size reads the same as the whole text, and a collection is read lazily;
- a syntax error names its line and column.
A new format is one module and one line in the registry; this file then checks it with no change.
"""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from attrs import evolve
from helpers import shapes
from hypothesis import given

from catchup_notation import formats
from catchup_notation.board import hexhex
from catchup_notation.errors import NotationError, WriteError
from catchup_notation.formats.base import FEATURES, ReadOptions
from catchup_notation.model import Annotations, Comment, Record, Turn, Variation
from catchup_notation.rules.registry import parse_variant

NAMES = formats.names()
HEX = [name for name in NAMES if formats.get(name).family in ("hex", "any")]
NUMBERS = [name for name in NAMES if formats.get(name).family in ("numbers", "any")]
NAME = st.from_regex(r"[A-Z][a-z]{1,6}", fullmatch=True)
HEADER_VALUE = st.text(
    st.one_of(st.sampled_from("]\\[;()\n ,"), st.characters(codec="utf-8", exclude_characters="\r\x00")), max_size=12
)


def fmt_of(name):
    return formats.get(name)


# ---------------------------------------------------------------------------------------------
# Records, and what of them a format carries


@st.composite
def hex_records(draw, variant="catchup", features=frozenset()):
    """A catchup-style record on sides 2-7 (or a board of another shape, with the feature "board")
    using only the `features` asked for (besides turns)."""
    side = draw(st.integers(2, 7))
    board = hexhex(side)
    if "board" in features:
        board = parse_variant("catchup", board=draw(shapes())).board
    cells = draw(st.permutations(board.cells))
    count = draw(st.integers(0, len(cells)))
    turns, player, i = [], 1, 0
    while i < count:
        k = draw(st.integers(1, 3))
        colours = ()
        if "colours" in features:
            colours = tuple(draw(st.sampled_from((1, 2))) for _ in cells[i : i + k])
        turns.append(Turn(player, tuple(cells[i : i + k]), colours=colours))
        i += k
        player = 3 - player
    if "passes" in features:
        turns.append(Turn(player))
        player = 3 - player
    if "turn-order" in features and turns:
        turns[-1] = evolve(turns[-1], player=3 - turns[-1].player, colours=())
    players = (None, None)
    if "players" in features:
        players = draw(st.tuples(NAME, NAME).filter(lambda p: p[0][0] != p[1][0]))
    headers = {}
    if "headers" in features:
        headers = draw(
            st.dictionaries(st.from_regex(r"[A-Z]{2,3}", fullmatch=True), HEADER_VALUE, min_size=1, max_size=3)
        )
        headers = {k: v for k, v in headers.items() if k not in ("FF", "SZ", "PB", "PW", "RE")} or {"EV": "x"}
    resigned = draw(st.sampled_from((None, player))) if "resignation" in features else None
    name = "catchup-2012" if "variant" in features else variant
    chosen = parse_variant(name, size=side) if board.side is not None else parse_variant(name, board=board)
    annotations = draw(annotations_of(turns, board.cells)) if "annotations" in features else None
    return Record(
        str(chosen), tuple(turns), resigned=resigned, players=players, headers=headers, annotations=annotations
    )


COMMENT = HEADER_VALUE.filter(lambda text: text.strip() == text and text)


@st.composite
def annotations_of(draw, turns, cells):
    """Comments on some turns (0: the game's), and lines of play branching off the game."""
    comments = tuple(
        Comment(turn, draw(COMMENT)) for turn in sorted(draw(st.sets(st.integers(0, len(turns)), max_size=4)))
    )
    variations = []
    for after in sorted(draw(st.sets(st.integers(0, len(turns) - 1), max_size=3)) if turns else ()):
        player = turns[after].player
        line = []
        for _ in range(draw(st.integers(1, 3))):
            line.append(
                Turn(player, tuple(draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True))))
            )
            player = 3 - player
        texts = tuple(draw(st.one_of(st.just(""), COMMENT)) for _ in line)
        variations.append(Variation(after, tuple(line), texts if any(texts) else ()))
    return Annotations(comments, tuple(variations)) if comments or variations else None


@st.composite
def number_records(draw, features=frozenset()):
    numbers = draw(st.lists(st.integers(1, 9), min_size=1, max_size=8))
    game = parse_variant("catch-up", set=numbers).new_game()
    turns = []
    while not game.over and draw(st.booleans()):
        turn = game.random_turn(__import__("random").Random(draw(st.integers(0, 10**6))))
        game.play(turn)
        turns.append(turn)
    players = draw(st.tuples(NAME, NAME)) if "players" in features else (None, None)
    return Record(str(game.variant), tuple(turns), players=players)


def facts(record):
    """What a record says, facet by facet (the features of `FEATURES` and its turns)."""
    variant = parse_variant(record.variant)
    hexes = variant.family == "hex"
    return {
        "variant": variant.name,
        "size": variant.board if hexes else (variant.params.get("set"), variant.params.get("scores")),
        "players": record.players,
        "headers": dict(record.headers),
        "resignation": record.resigned,
        "turns": tuple(_turn_facts(t, hexes) for t in record.turns),
        "annotations": _annotation_facts(record.annotations, hexes),
    }


def _turn_facts(turn, hexes):
    return turn.player, frozenset(zip(turn.cells, turn.stone_colours, strict=True)) if hexes else turn.numbers


def _annotation_facts(annotations, hexes):
    """What comments and variations say (the comments of one turn joined, none empty)."""
    if not annotations:
        return ((), ())
    turns = sorted({c.turn for c in annotations.comments})
    comments = tuple((t, annotations.comment(t)) for t in turns if annotations.comment(t))
    variations = tuple(
        (
            v.after,
            tuple(_turn_facts(t, hexes) for t in v.turns),
            tuple(c for c in v.comments) if any(v.comments) else (),
        )
        for v in sorted(annotations.variations, key=lambda v: v.after)
    )
    return comments, variations


#: The warning codes that may explain a difference in each facet.
EXPLAINED_BY = {
    "annotations": {
        "annotations-dropped",
        "passes-dropped",
        "colours-dropped",
        "turn-order-dropped",
        "variant-dropped",
        "size-dropped",
        "board-dropped",
    },
    "variant": {"variant-dropped"},
    "size": {"size-dropped", "variant-dropped", "board-dropped"},
    "players": {"players-dropped"},
    "headers": {"headers-dropped"},
    "resignation": {"resignation-dropped", "turn-order-dropped"},
    "turns": {
        "passes-dropped",
        "colours-dropped",
        "turn-order-dropped",
        "variant-dropped",
        "size-dropped",
        "board-dropped",
    },
}


def changed(original, back):
    """The facets in which `back` differs from `original`. A reader may add to what it was given
    (names an rga diagram needs, headers of its own), never change or drop it."""
    before, after = facts(original), facts(back)
    out = set()
    for facet, value in before.items():
        if facet == "players":
            if any(value) and after[facet] != value:
                out.add(facet)
        elif facet == "headers":
            if any(after[facet].get(k) != v for k, v in value.items()):
                out.add(facet)
        elif after[facet] != value:
            out.add(facet)
    return out


def assert_nothing_lost_silently(original, back, warnings):
    codes = {w.code for w in warnings}
    for facet in changed(original, back):
        assert codes & EXPLAINED_BY[facet], f"{facet} changed without a warning: {codes}"


def write(record, name):
    text, warnings = formats.write_text([record], name)
    return text, warnings


def read_back(text, name, record=None):
    """Read `text` written from `record`; with `record`, the reader is told the rules the format
    cannot carry (as a user reading such a file must be)."""
    variant = None if record is None or "variant" in fmt_of(name).carries else record.variant
    (item,) = formats.parse_text(text, format=name, variant=variant)
    assert item.error is None, (name, text, str(item.error))
    return item.record


def unwritable_empty(exc, record):
    """A game of no turns, which a notation of turns only (Genius) cannot tell from no game."""
    return exc.code == "unwritable-record" and not record.turns and record.resigned is None


def records_for(name, features=frozenset()):
    if fmt_of(name).family == "numbers":
        return number_records(features=features)
    variant = "too" if "colours" in features else "catchup"
    return hex_records(variant=variant, features=features)


# ---------------------------------------------------------------------------------------------
# The protocol


@pytest.mark.parametrize("name", NAMES)
def test_a_format_is_what_the_protocol_says(name):
    fmt = fmt_of(name)
    assert fmt.name == name and fmt.title
    assert fmt.extensions and all(e.startswith(".") and e == e.lower() for e in fmt.extensions)
    assert formats.EXTENSIONS[fmt.name] == fmt.extensions  # the registry's copy, for start-up time
    assert fmt.family in ("hex", "numbers", "any")
    assert fmt.carries <= set(FEATURES)
    assert isinstance(fmt.streaming, bool)
    assert fmt.__doc__


@pytest.mark.parametrize("name", HEX)
def test_cell_names_are_distinct_and_appear_in_what_is_written(name):
    board = hexhex(3)
    names = [fmt_of(name).cell_name(cell, board) for cell in board.cells]
    assert len(set(names)) == len(names)
    record = Record("catchup(size=3)", tuple(Turn(1 + i % 2, (cell,)) for i, cell in enumerate(board.cells)))
    text, _ = write(record, name)
    by_name = all(cell_name in text for cell_name in names)
    axially = all(f"[{q}, {r}]" in text for q, r in board.cells)  # the lossless JSON form
    assert by_name or axially


@pytest.mark.parametrize("name", NAMES)
def test_sniffing_knows_its_own_text(name):
    record = Record("catchup(size=4)", (Turn(1, ((0, 0),)), Turn(2, ((1, 0), (0, 1)))))
    if fmt_of(name).family == "numbers":
        record = Record("catch-up(set=1..4)", (Turn(1, numbers=(3,)),))
    text, _ = write(record, name)
    assert fmt_of(name).sniff(text[:8192])
    assert formats.detect(None, text) in (name, "json") or name != "json"


# ---------------------------------------------------------------------------------------------
# What it carries survives; what it cannot carry is said


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_what_a_format_carries_comes_back_whole(name, data):
    carries = fmt_of(name).carries
    record = data.draw(records_for(name, carries - {"several"}))
    try:
        text, warnings = write(record, name)
    except WriteError as exc:
        assert unwritable_empty(exc, record), str(exc)
        return
    back = read_back(text, name, record)
    assert not changed(record, back) or {w.code for w in warnings}, "lost without a word"
    assert_nothing_lost_silently(record, back, warnings)


ALL_FEATURES = frozenset(FEATURES) - {"several"}


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_nothing_is_lost_silently_even_when_read_back_blind(name, data):
    """Records using any features, read back without being told their variant: every facet that
    comes back different was named in a warning, or the writer refused the record."""
    features = data.draw(st.frozensets(st.sampled_from(sorted(ALL_FEATURES))))
    record = data.draw(records_for(name, features))
    try:
        text, warnings = write(record, name)
    except WriteError as exc:
        assert exc.code and exc.message
        if not unwritable_empty(exc, record):
            assert features - fmt_of(name).carries, f"{name} refused a record it carries: {exc}"
        return
    (item,) = formats.parse_text(text, format=name)
    if item.error is not None:  # unreadable without the rules it did not record: it said so
        assert {w.code for w in warnings} & {"variant-dropped", "size-dropped", "board-dropped"}, str(item.error)
        return
    assert_nothing_lost_silently(record, item.record, warnings)


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_a_to_b_to_a_loses_nothing_silently(name, data):
    family = HEX if fmt_of(name).family in ("hex", "any") else NUMBERS
    other = data.draw(st.sampled_from(family))
    features = data.draw(st.frozensets(st.sampled_from(sorted(ALL_FEATURES))))
    record = data.draw(records_for(other if name == "json" else name, features))
    said = []
    try:
        text, warnings = write(record, name)
        said += warnings
        first = read_back(text, name, record)
        text, warnings = write(first, other)
        said += warnings
        middle = read_back(text, other, record)
        text, warnings = write(middle, name)
        said += warnings
        last = read_back(text, name, record)
    except WriteError as exc:
        if not unwritable_empty(exc, record):
            assert features - (fmt_of(name).carries & fmt_of(other).carries), str(exc)
        return
    assert_nothing_lost_silently(record, last, said)  # even where both carry a feature, a writer may warn


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_what_was_read_is_written_back_to_the_same_text(name, data):
    record = data.draw(records_for(name, data.draw(st.frozensets(st.sampled_from(sorted(ALL_FEATURES))))))
    try:
        once = read_back(write(record, name)[0], name, record)
    except WriteError:
        return
    text = write(once, name)[0]
    assert write(read_back(text, name, record), name)[0] == text


@given(data=st.data())
def test_json_is_lossless(data):
    record = data.draw(st.one_of(hex_records(features=ALL_FEATURES), number_records(features=ALL_FEATURES)))
    assert read_back(write(record, "json")[0], "json") == record


@pytest.mark.parametrize("name", [n for n in NAMES if "several" not in formats.get(n).carries])
def test_a_format_of_one_record_a_text_says_so_when_given_several(name):
    """It refuses the second record (a text of several would read back as one unreadable record)."""
    record = Record("catchup(size=3)", (Turn(1, ((0, 0),)),))
    if fmt_of(name).family == "numbers":
        record = Record("catch-up(set=1..4)", (Turn(1, numbers=(3,)),))
    assert formats.write_text([record], name)[0]
    with pytest.raises(WriteError) as refused:
        formats.write_text([record, record], name)
    assert refused.value.code == "several"


# ---------------------------------------------------------------------------------------------
# Streaming and diagnostics


def collection(name):
    if fmt_of(name).family == "numbers":
        records = [Record(f"catch-up(set=1..{n})", (Turn(1, numbers=(1,)),)) for n in range(2, 7)]
    else:
        records = [Record("catchup(size=3)", (Turn(1, ((0, 0),)), Turn(2, ((1, 0), (0, i - 1))))) for i in range(3)]
    return formats.write_text(records, name)[0], len(records)


@pytest.mark.parametrize("name", [n for n in NAMES if "several" in formats.get(n).carries])
@pytest.mark.parametrize("size", [1, 2, 3, 7, 64])
def test_chunks_of_any_size_read_as_the_whole_text(name, size):
    text, count = collection(name)
    whole = [(i.record, i.error) for i in fmt_of(name).read([text], ReadOptions(source="x"))]
    pieces = [text[i : i + size] for i in range(0, len(text), size)]
    chunked = [(i.record, i.error) for i in fmt_of(name).read(pieces, ReadOptions(source="x"))]
    assert chunked == whole and len(whole) == count and all(error is None for _, error in whole)


@pytest.mark.parametrize("name", [n for n in NAMES if formats.get(n).streaming])
def test_a_streaming_format_yields_a_record_before_reading_the_rest(name):
    text, _ = collection(name)
    first_record_ends = len(text) // 3
    consumed = []

    def chunks():
        for i in range(0, len(text), 8):
            consumed.append(i)
            yield text[i : i + 8]

    items = fmt_of(name).read(chunks(), ReadOptions())
    next(items)
    assert consumed[-1] < len(text) - first_record_ends  # the last records were not needed yet


BROKEN = {
    "lg": ("(;FF[4]SZ[5]\n;W[E5];B[D4F6;W[C1])", 2, 14),
    "rga": ("    abcdefghijklmnopq\n1       . . . . .\n2      . . # . . .\n", 3, 12),
    "genius": ("Red: E5\nBlue: D4 F6\nRed: C1 ##\n", 3, 9),
    "abstractplay": ('{"header": {},\n "moves": [[}', 2, 13),
    "numbers": ("S = {1, 2, 3}\n⟨1⟩ ⟨2, 3⟩ ⟨x⟩\n", 2, 13),
    "json": ('{"variant": "catchup(size=5)", "turns": []}\n{"variant": oops}\n', 2, 13),
}


@pytest.mark.parametrize("name", NAMES)
def test_a_syntax_error_names_its_line_and_column(name):
    text, line, column = BROKEN[name]
    errors = [i.error for i in formats.parse_text(text, format=name) if i.error is not None]
    assert errors, f"{name} read broken text without an error"
    error = errors[0]
    assert isinstance(error, NotationError)
    assert (error.line, error.column) == (line, column), str(error)
    assert error.code and str(error).count("\n") == 2  # the line and its caret follow the message


def test_every_format_has_a_broken_sample():
    assert set(BROKEN) == set(NAMES)


# Lines that close or continue a broken record in each format without being a record themselves.
AFTER_BROKEN = {
    "lg": [")", ";B[A1])", "\n)"],
    "rga": ["    abcdefghijklmnopq", "\n    abcdefghijklmnopq", "\n\n:   abcdefghijklmnopq\n\nFinal position", "9."],
    "genius": ["Blue:", "1 2 3 4 5"],
    "abstractplay": ["]}", '"moves": []}'],
    "numbers": ["⟩", "⟨3⟩"],
    "json": [],  # JSON Lines: every line is a record of its own, and a stray line is an error of its own
}


@pytest.mark.parametrize(
    "name, tail", [(name, tail) for name, tails in AFTER_BROKEN.items() for tail in tails], ids=repr
)
def test_no_phantom_record_after_a_syntax_error(name, tail):
    """A line that is not a record is part of the error before it: never a record of its own (with
    no turns, valid under every variant)."""
    text, line, _ = BROKEN[name]
    items = list(formats.parse_text(text.rstrip("\n") + "\n" + tail + "\n", format=name))
    assert [(i.record, i.error is not None) for i in items] == [(None, True)], items
    assert items[0].error.line == line


def test_every_format_says_what_follows_a_broken_record():
    assert set(AFTER_BROKEN) == set(NAMES)
