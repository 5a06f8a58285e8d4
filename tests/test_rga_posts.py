"""rga posts as people published them (tests/quirks/rga-*.rga, described in tests/quirks/README.md):
prose around the diagrams, web-archive spaces, quote prefixes, player columns by position, shifted
column letters, one turn a line, several diagrams of one game, slips the diagram explains."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import read_with
from hypothesis import given
from hypothesis import strategies as st

import catchup_notation as cn
from catchup_notation import formats
from catchup_notation.formats.rga import read_diagram
from catchup_notation.formats.rga.board import cell_of
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant

QUIRKS = Path(__file__).parent / "quirks"

# The two games the posts show (each written by hand in several forms).
SMALL = ["k4", "j5 j1", "i2 h5", "a4 h1", "e4 c2 d3", "f1 j7 c6", "k6 g6", "i6 m4", "j3 e2"]  # side 4
LARGE = ["e5", "g5", "c3 j8", "c7", "f2 k5", "n2", "l6 k9", "i7 i5"]  # side 5


def post(name: str) -> str:
    return (QUIRKS / name).read_text(encoding="utf-8")


def only(items):
    items = list(items)
    assert len(items) == 1, [(i.record, i.error) for i in items]
    return items[0]


def turns_of(record, side):
    return [sorted(t.cells) for t in record.turns]


def expected(game, side):
    return [sorted(cell_of(name, side) for name in turn.split()) for turn in game]


def codes(item, code):
    return [w for w in item.warnings if w.code == code]


def test_every_rga_quirk_is_described():
    readme = (QUIRKS / "README.md").read_text(encoding="utf-8")
    for path in QUIRKS.glob("rga-*.rga"):
        assert f"`{path.name}`" in readme


@pytest.mark.parametrize(
    "name, game, side",
    [
        ("rga-web-archive.rga", SMALL, 4),
        ("rga-several-diagrams.rga", SMALL, 4),
        ("rga-player-columns.rga", SMALL, 4),
        ("rga-shifted-letters.rga", LARGE, 5),
        ("rga-one-player-per-line.rga", LARGE, 5),
        ("rga-letters-below.rga", SMALL, 4),
    ],
)
def test_a_post_reads_as_one_valid_record(name, game, side):
    item = only(read_with("rga", post(name), variant="catchup"))
    assert item.error is None
    record = item.record
    assert record.variant == f"catchup(size={side})"
    assert turns_of(record, side) == expected(game, side)
    assert [t.player for t in record.turns] == [1, 2] * (len(game) // 2) + [1] * (len(game) % 2)
    assert not codes(item, "diagram-mismatch") and not codes(item, "last-move-mark")
    (game_,) = cn.read_text(post(name), format="rga", variant="catchup")
    assert game_.verify().valid


def test_web_archive_prose_and_comments_are_kept():
    text = post("rga-web-archive.rga")
    assert "\u00a0" in text and "\n|" in text
    item = only(read_with("rga", text))
    record = item.record
    assert record.players == ("Ann", "Tom") and record.resigned == 2
    comments = record.headers["comments"].split("\n")
    assert comments[:3] == ["Catchup on the small board", "Ann Example", "Posted on Mar 3, 2011, 9:12:40 PM"]
    assert "Final position:" in comments and comments[-1] == "-- Ann"
    assert "after move 3: (greedy, but it works)" in comments
    (comment,) = codes(item, "move-comment")
    line = text.split("\n")[comment.line - 1]
    assert line[comment.column - 1 :].startswith("(greedy")
    assert record.at.line == 9  # the record starts at the diagram, not at the prose before it


def test_several_diagrams_are_one_record_checked_against_each():
    text = post("rga-several-diagrams.rga")
    item = only(read_with("rga", text))
    (same,) = codes(item, "same-game")
    assert (same.line, same.column) == (15, 6)
    # the first diagram is checked against the first two moves: spoil it and it says so
    spoiled = text.replace(">4   T . . . . a .", ">4   T . . . . . .")
    item = only(read_with("rga", spoiled))
    (mismatch,) = codes(item, "diagram-mismatch")
    assert "diagram on line 4 (after 4 turns)" in mismatch.message and mismatch.line == 8
    assert mismatch.message.endswith("k4: the move list implies a stone of Ann, the diagram shows an empty cell")


def test_different_games_in_one_post_stay_apart():
    text = post("rga-several-diagrams.rga").replace("1.  k4      j5 j1", "1.  k4      j5 j3")
    items = list(read_with("rga", text))
    assert len(items) == 2 and not any(codes(i, "same-game") for i in items)


def test_player_columns_decide_the_turns():
    text = post("rga-player-columns.rga")
    item = only(read_with("rga", text))
    assert item.record.players == ("A", "T")
    (split,) = codes(item, "columns-by-position")
    assert split.line == 4 and "e4 c2 d3 | f1 j7 c6" in split.message
    (shared,) = codes(item, "shared-row-number")
    assert shared.line == 5 and text.split("\n")[4][shared.column - 1 :].startswith("gk6")
    assert "g6 and k6" in shared.message


@pytest.mark.parametrize(
    "header, second",
    [("___o_______x__", 16), ("____Jo______  ______Bx______", 20), ("___OOO________XXX___", 18)],
)
def test_player_column_headers_in_other_hands(header, second):
    """The second player's turns start under their mark (or its group); the first player's turn
    holds a double space that the gaps alone would read as two turns."""
    lines = [("1.", "e3 d2  d4", "f2"), ("2.", "c3", "e1 e5")]
    text = f"    {header}\n" + "".join(f"{n}  {a}".ljust(second - 1) + f"{b}\n" for n, a, b in lines)
    item = only(read_with("rga", text, variant="catchup(size=3)"))
    turns = [tuple(cell_of(n, 3) for n in t.split()) for t in ["e3 d2 d4", "f2", "c3", "e1 e5"]]
    assert [t.cells for t in item.record.turns] == turns
    assert [w.line for w in codes(item, "columns-by-position")] == [2]


def test_shifted_letters_and_right_hand_row_numbers():
    text = post("rga-shifted-letters.rga")
    assert text.startswith("Kim") and "\n!  bcdefghijklmnopqr" in text
    item = only(read_with("rga", text))
    (shift,) = codes(item, "shifted-columns")
    assert (shift.line, shift.column) == (3, 4) and "'b'" in shift.message
    assert not codes(item, "row-number")


def test_one_turn_a_line_is_a_guess_said_once():
    item = only(read_with("rga", post("rga-one-player-per-line.rga")))
    (guess,) = codes(item, "one-player-lines")
    assert (guess.line, guess.column) == (13, 5)


def test_a_slip_the_diagram_explains():
    text = post("rga-slip.rga")
    item = only(read_with("rga", text))
    (explained,) = codes(item, "diagram-explains")
    assert (explained.line, explained.column) == (5, 24)
    assert "turn 7 (Ann) places k4, which turn 1 already took" in explained.message
    assert "probably k6" in explained.message and "corrections='diagram'" in explained.message
    (game,) = cn.read_text(text, format="rga", variant="catchup")
    assert game.verify().error.code == "occupied"
    fixed = only(read_with("rga", text, corrections="diagram"))
    assert turns_of(fixed.record, 4) == expected(SMALL, 4)
    assert not codes(fixed, "diagram-mismatch") and not codes(fixed, "diagram-explains")
    (game,) = cn.read_text(text, format="rga", variant="catchup", corrections="diagram")
    assert game.verify().valid


def test_a_slip_is_fixed_only_where_one_stone_explains_it():
    # turn 7 written "k4 i2": both taken before; Ann's unlisted stones are k6 and g6. k6 shares
    # k4's letter (the one explanation); nothing singles out one of them for i2
    text = post("rga-slip.rga").replace("4.  k4 g6", "4.  k4 i2")
    item = only(read_with("rga", text))
    k4, i2 = codes(item, "diagram-explains")
    assert "probably k6" in k4.message and "g6, k6: one of them, perhaps" in i2.message
    fixed = only(read_with("rga", text, corrections="diagram")).record
    assert sorted(fixed.turns[6].cells) == sorted(cell_of(n, 4) for n in ("k6", "i2"))


def test_a_slip_onto_the_opponents_stone():
    text = post("rga-slip.rga").replace("4.  k4 g6      i6 m4", "4.  k6 g6      i6 j5")
    item = only(read_with("rga", text))
    (explained,) = codes(item, "diagram-explains")
    assert (
        "turn 8 (Tom) places j5, which turn 2 already took" in explained.message and "probably m4" in explained.message
    )


@pytest.mark.parametrize("placeholder", ["..", "...", "--", "---"])
def test_placeholders(placeholder):
    item = only(read_with("rga", f"1.  {placeholder} e3  d2 d4\n2.  {placeholder}  c3\n", variant="catchup(size=3)"))
    turns = item.record.turns
    assert [t.cells for t in turns] == [
        (cell_of("e3", 3),),
        (cell_of("d2", 3), cell_of("d4", 3)),
        (),
        (cell_of("c3", 3),),
    ]
    (warning,) = codes(item, "placeholder-turn")
    assert warning.line == 2 and warning.column == 5


def test_a_pass():
    item = only(read_with("rga", "1.  e3  d2 d4\n2.  . . .  c3\n", variant="catchup(size=3)"))
    assert item.record.turns[2].is_pass and not codes(item, "placeholder-turn")


def test_prose_inside_a_diagram_is_still_an_error():
    text = "    abcdefghi\n1     . . .\n2    . . . .\nwhat a game\n4    . . . .\n"
    item = only(formats.parse_text(text, format="rga"))
    assert item.error is not None and item.error.line == 4


def test_comments_beside_the_rows_of_a_diagram():
    """Move numbers run down beside the rows; some carry a remark instead of moves."""
    text = (
        "                   ______A______  ______T______\n"
        "    abcdefghi\n"
        "1     . . .       1.   e3              d2 d4\n"
        "2    . t . .      2. >> a quiet start\n"
        "3   . a a . .     3.   c3 e5           NHOC!\n"
        "4    . t . .\n"
        "5     . a .\n"
        "    abcdefghi\n"
    )
    item = only(read_with("rga", text))
    record = item.record
    assert [len(t.cells) for t in record.turns] == [1, 2, 2]
    assert record.headers["comments"].split("\n") == ["after move 2: >> a quiet start", "after move 3: NHOC!"]
    assert [(w.line, w.column) for w in codes(item, "move-comment")] == [(4, 22), (5, 40)]
    assert not codes(item, "diagram-mismatch") and not codes(item, "move-number")


@pytest.mark.parametrize("head", ["Posted on a Monday\n\n:  bcdefghijklmnopqr\n", "|\u00a0abcdefghi  A  B\n"])
def test_posts_are_sniffed_past_prose_and_shifted_letters(head):
    assert formats.detect(None, head + "1 . . .\n") == "rga"


def test_names_aligned_over_the_columns_split_a_turn_with_a_double_space():
    """Without a player-column header, a move the gaps would cut into three turns is split where
    the header's names stand."""
    text = (
        "    abcdefghi      Ann          Tom\n"
        "1     . . .      1.  e3           d2  d4\n"
        "2    . . . .     2.  c3 e5  f4    b2\n"
    )
    item = only(read_with("rga", text, variant="catchup(size=3)"))
    written = ["e3", "d2 d4", "c3 e5 f4", "b2"]
    assert [t.cells for t in item.record.turns] == [tuple(cell_of(n, 3) for n in t.split()) for t in written]
    assert [w.line for w in codes(item, "columns-by-position")] == [2, 3]
    tabbed = text.replace("      1.  e3           d2  d4", "\t1.\te3\td2  d4")
    assert only(read_with("rga", tabbed, variant="catchup(size=3)")).error.code == "move-list"


def test_corrections_from_the_diagram_repeat_no_warning():
    # "gk4": g4 (a slip the diagram cannot explain: g6 is not a stone placed twice) and k4 again,
    # where the diagram has A's k6
    text = post("rga-player-columns.rga").replace("4.  gk6 ", "4.  gk4 ")
    plain = only(read_with("rga", text))
    fixed = only(read_with("rga", text, corrections="diagram"))
    assert [w.code for w in codes(plain, "diagram-explains")] == ["diagram-explains"]
    assert len(set(fixed.warnings)) == len(fixed.warnings) and not codes(fixed, "diagram-explains")
    assert [w.code for w in fixed.warnings if w.code != "diagram-mismatch"] == [
        "columns-by-position",
        "shared-row-number",
        "corrected",
    ]
    assert [w.message.split(":")[0] for w in codes(fixed, "diagram-mismatch")] == ["g4", "g6"]


def test_letters_only_below_the_diagram():
    text = post("rga-letters-below.rga")
    item = only(read_with("rga", text))
    assert item.record.players == ("A", "B")
    (below,) = codes(item, "letters-below")
    assert (below.line, below.column) == (11, 5) and "7 rows" in below.message
    comments = item.record.headers["comments"].split("\n")
    assert comments[0].startswith("Ann (x) and Bob (o)") and comments[-1] == "-- Ann"
    assert comments[-4:-1] == [". x .", ". o x .", ". . ."]  # the illustration, kept, in place


def test_rows_with_no_letters_at_all_are_an_illustration():
    text = "Like this:\n   . x .\n  . o x .\n   . . .\nand then\n1.  e3  d2 d4\n"
    item = only(read_with("rga", text, variant="catchup(size=3)"))
    assert len(item.record.turns) == 2
    assert item.record.headers["comments"].split("\n") == ["Like this:", ". x .", ". o x .", ". . .", "and then"]


def test_a_header_that_numbers_turns_makes_each_line_one_turn():
    """ "A plays odd moves": each numbered line is one player's turn, however its cells are spaced."""
    text = (
        "    abcdefghi  ** Ann plays the odd moves **\n"
        "1     . . .      1.  e3\n"
        "2    . t . .     2.  d2  d4\n"
        "3   . a a . .    3.  c3  e5\n"
        "4    . t . .\n"
        "5     . a .\n"
        "    abcdefghi\n"
    )
    item = only(read_with("rga", text))
    assert [(t.player, len(t.cells)) for t in item.record.turns] == [(1, 1), (2, 2), (1, 2)]
    (guess,) = codes(item, "one-player-lines")
    assert (guess.line, guess.column) == (2, 22) and "'plays the odd moves'" in guess.message
    assert not codes(item, "diagram-mismatch")


def test_letters_sharing_a_row_number_only_when_each_makes_a_cell():
    item = only(read_with("rga", "1.  ce3\n", variant="catchup(size=3)"))  # c3 and e3: both cells
    assert item.record.turns[0].cells == (cell_of("c3", 3), cell_of("e3", 3))
    error = only(read_with("rga", "1.  xe3\n", variant="catchup(size=3)")).error  # x3: no cell
    assert error.code == "not-a-cell" and "xe3" in error.message


@pytest.mark.parametrize("text", ["   ___o_____x__\n", "hello\n   ___o_____x__\nbye\n"])
def test_player_columns_alone_are_not_a_record(text):
    item = only(formats.parse_text(text, format="rga"))
    assert item.record is None and item.error.code == "diagram"
    assert (item.error.line, item.error.column) == (text.split("\n").index("   ___o_____x__") + 1, 7)


# ---------------------------------------------------------------------------------------------
# Any game, published in any hand


@st.composite
def published(draw):
    """A random legal game as write_rga lays it out, then dressed as a post: a quote prefix on every
    line, some spaces turned into no-break spaces, prose before and after."""
    side = draw(st.sampled_from([3, 4]))
    rng = draw(st.randoms(use_true_random=False))
    game = parse_variant(f"catchup(size={side})").new_game()
    turns = []
    for _ in range(draw(st.integers(1, 8))):
        if game.over:
            break
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    record = Record(f"catchup(size={side})", tuple(turns), players=("Ann", "Tom"))
    text, _ = formats.write_text([record], "rga")
    prefix = draw(st.sampled_from(["", ": ", "> ", "| ", "! ", "|"]))
    spaces = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    text = "".join("\u00a0" if c == " " and nb else c for c, nb in zip(text, spaces, strict=True))
    lines = [prefix + line for line in text.rstrip("\n").split("\n")]
    before = draw(
        st.lists(st.sampled_from(["Posted on Mar 3, 2011", "Here is the game:", "Final position:"]), max_size=2)
    )
    after = draw(st.lists(st.sampled_from(["-- Ann", "Group sizes: see above.", "A fine game"]), max_size=2))
    return record, "\n".join([*before, "", *lines, "", *after]) + "\n", before + after


@given(published())
def test_any_game_published_in_any_hand_reads_back(case):
    record, text, prose = case
    item = only(read_with("rga", text))
    assert item.error is None, str(item.error)
    assert [(t.player, set(t.cells)) for t in item.record.turns] == [(t.player, set(t.cells)) for t in record.turns]
    assert item.record.players == record.players
    assert not codes(item, "diagram-mismatch") and not codes(item, "last-move-mark")
    assert item.record.headers.get("comments", "").split("\n") == (prose or [""])


def test_a_diagram_without_its_own_list_shows_the_game_at_another_move():
    """The end first, with the moves; then "the position after move 2" as a diagram alone: it is
    checked against the turns that place as many stones as it shows, and the record keeps the end."""
    text = post("rga-several-diagrams.rga")
    end = text[text.index("> Tom's a4") :]
    early = text[text.index("> The position after move 2:") : text.index("> Tom's a4")]
    early = "\n".join(line[:19].rstrip() for line in early.split("\n"))  # its move list cut away
    item = only(read_with("rga", end + "\n" + early))
    (where,) = codes(item, "diagram-position")
    assert "shows 7 stones: read as the position after turn 4" in where.message and where.line == 13
    assert not codes(item, "diagram-mismatch") and len(item.record.turns) == 9
    assert len(read_diagram(item.record.headers["diagram"]).stones) == 19  # the end, not move 2


def test_letters_below_too_many_rows():
    text = post("rga-letters-below.rga").replace("     . . . o\n", "     . . . o\n     . . . o\n")
    item = only(read_with("rga", text))
    assert item.error.code == "diagram" and item.error.line == 11 and "8 rows" in item.error.message
