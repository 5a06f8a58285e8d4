"""The protocol's pieces on their own: framing (any line is read or refused, a reply never holds
an empty line before its end), the clock's budgets, cell spellings, analysis lines both ways."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import catchup_notation as cn
from catchup_notation.engine.analysis import Analysis, Candidate, Limit, Value
from catchup_notation.protocol import framing
from catchup_notation.protocol.clock import FLOOR, SHARE, Clock
from catchup_notation.protocol.info import InfoError, format_line, parse_line
from catchup_notation.protocol.session import Session, split_cells


def test_commands_are_read_as_gtp_reads_them():
    assert framing.parse("  7 play w E5  # a note") == framing.Command(7, "play", ("w", "E5"))
    assert framing.parse("genmove\tb") == framing.Command(None, "genmove", ("b",))
    assert framing.parse("# only a comment") is None
    assert framing.parse("   ") is None
    assert framing.parse("12") == framing.Command(12, "")
    assert framing.parse("na\x07me") == framing.Command(None, "name")


@given(st.text())
def test_any_line_is_a_command_or_nothing(line):
    command = framing.parse(line)
    if command is not None:
        assert command.name == "" or command.name.strip() == command.name
        assert "#" not in command.name and all("\n" not in a for a in command.args)


@given(st.text(), st.one_of(st.none(), st.integers(0, 10**6)))
def test_a_reply_ends_with_one_empty_line_and_holds_none_before(text, ident):
    for reply in (framing.success(ident, text), framing.failure(ident, text)):
        assert reply.endswith("\n\n")
        body = reply[:-2]
        assert "\n\n" not in body
        assert body.startswith(("=", "?"))
        if ident is not None:
            assert body[1:].startswith(str(ident))


def test_a_multi_line_result_starts_on_the_line_after_the_mark():
    assert framing.success(3, "\nA\n\nB") == "=3\nA\n \nB\n\n"
    assert framing.success(None) == "=\n\n"
    assert framing.failure(4, "no") == "?4 no\n\n"


def test_cells_in_every_spelling():
    assert split_cells(("D4F6",)) == ["D4", "F6"]
    assert split_cells(("d4,f6",)) == ["d4", "f6"]
    assert split_cells(("D4", ",", "F6")) == ["D4", "F6"]
    assert split_cells(("E5=w", "A10")) == ["E5=w", "A10"]
    assert split_cells(("pass",)) == ["pass"]


def test_colour_words_follow_the_variant():
    catchup, ketchup, plur = Session("catchup"), Session("ketchup-3"), Session("plur")
    assert [catchup.player(w) for w in ("w", "White", "b", "BLACK")] == [1, 1, 2, 2]
    assert [ketchup.player(w) for w in ("r", "red", "g", "Green", "w", "b")] == [1, 1, 2, 2, 1, 2]
    assert [plur.player(w) for w in ("b", "black", "w", "white")] == [1, 1, 2, 2]  # Black moves first
    with pytest.raises(framing.Refused, match="colours are Red"):
        ketchup.player("purple")


def test_without_settings_there_is_no_limit():
    clock = Clock()
    assert clock.budget(1, 10) is None
    clock.settings(0, 5, 0)  # byo-yomi time with no stones: no limit
    assert clock.budget(1, 10) is None


def test_byo_yomi_of_one_stone_leaves_a_margin_below_t():
    clock = Clock()
    clock.settings(0, 2.0, 1)
    clock.time_left(1, 2.0, 1)
    assert clock.budget(1, 20) == pytest.approx(2.0 * SHARE)
    clock.spent(1.6, 1.9)  # the answer took 0.3 s beyond its budget
    assert clock.budget(1, 20) == pytest.approx(2.0 * SHARE - 0.3)
    clock.time_left(1, 1.0, 2)  # two turns to play in the second left
    assert clock.budget(1, 20) < 0.5


def test_main_time_is_shared_over_the_turns_to_come():
    clock = Clock()
    clock.settings(60, 0, 0)
    assert clock.budget(1, 10) == pytest.approx(60 / 10 * SHARE)
    assert clock.budget(1, 1) == pytest.approx(60 / 6 * SHARE)  # never all of it on one turn
    clock.time_left(2, 0.001, 0)
    assert clock.budget(2, 10) == FLOOR
    clock.settings(10, 3, 1)  # main time, then byo-yomi: the period adds its share
    assert clock.budget(1, 10) == pytest.approx((1 + 3) * SHARE)
    clock.time_left(1, 0, 0)  # main time used up: the period's time
    assert clock.budget(1, 10) == pytest.approx(3 * SHARE)


@pytest.mark.parametrize("variant", ["catchup", "too", "sauce", "ketchup-3(size=4)"])
def test_analysis_lines_read_back_as_written(variant):
    import random

    session = Session(variant)
    rng = random.Random(3)
    first = session.game.random_turn(rng)
    session.play(first)
    after = session.game.copy()
    reply = after.random_turn(rng)
    after.play(reply)
    third = after.random_turn(rng) if not after.over else None
    line = (reply, third) if third is not None else (reply,)
    to_move = session.game.mover
    value = Value(0.61, 0.55, 0.67, None, 120)
    analysis = Analysis(
        to_move=to_move,
        value=value,
        best=reply,
        line=line,
        candidates=(Candidate(reply, value, line), Candidate(reply, Value.proof(-1, 3), (reply,))),
        playouts=120,
        nodes=400,
        seconds=0.25,
        threads=2,
        seed=None,
        limit=Limit(time=0.25),
        stopped="time",
    )
    colour = session.colour_word(to_move).lower()
    text = format_line(analysis, session.turn_text, colour, final=True)
    assert "\n" not in text
    back = parse_line(text, cn.parse_variant(variant), to_move, Limit(time=0.25))
    assert back == analysis
    running_text = format_line(analysis, session.turn_text, colour, final=False)
    running = parse_line(running_text, session.variant, to_move, Limit())
    assert running.stopped == ""


@pytest.mark.parametrize(
    "text",
    [
        "",
        "info move E5",
        "root visits 1 win 0.5 low 0.4 high 0.6 proven maybe playouts 1 nodes 1 seconds 0 threads 1 seed - stopped -",
        "root visits x win 0.5 low 0.4 high 0.6 proven - playouts 1 nodes 1 seconds 0 threads 1 seed - stopped -",
        "root visits 1 win 0.5 low 0.4 high 0.6 proven - playouts 1 nodes 1 seconds 0 threads 1 seed - stopped - pv Z9",
        "hello world",
    ],
)
def test_lines_that_say_something_else_are_info_errors(text):
    with pytest.raises(InfoError):
        parse_line(text, cn.parse_variant("catchup"), 1, Limit())
