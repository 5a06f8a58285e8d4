"""Limits that hold on every format and every path, one named test per case: past a limit a
record is a `limit` error naming the limit and where it was met, and reading goes on with the next
record; nothing is read whole that could be endless. The limits are lowered here where a real
one would make the test slow (the code reads them from `limits` at each use)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import catchup_notation as cn
from catchup_notation.formats import genius, lg, numbers
from catchup_notation.limits import MAX_TEXT_LINE_CHARS

GOOD_LG = "(;FF[4]SZ[5];W[E5];B[D4F6])"
GOOD_NUMBERS = "S = {1, 2, 3, 4}\n<3> <2, 4> <1>\n"


def codes(text: str, fmt: str) -> list[str]:
    return [g.reading_error.code if g.reading_error else "ok" for g in cn.read_text(text, format=fmt)]


def test_genius_on_an_endless_input_ends_with_a_limit_error():
    result = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", "verify", "--json", "--format", "genius", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 3
    assert '"code": "limit"' in result.stdout and "a Genius text is one record" in result.stdout


def test_genius_past_the_turn_limit_is_a_limit_error_at_the_line_met(monkeypatch):
    monkeypatch.setattr(genius, "MAX_TURNS", 50)
    (game,) = cn.read_text("Red: B6\nBlue: G3\n" * 40, format="genius")
    error = game.reading_error
    assert error is not None and error.code == "limit" and error.line == 51


def test_numbers_honours_the_line_limit_and_reads_the_next_game():
    text = "S = {1..10}\n" + "<1> " * (MAX_TEXT_LINE_CHARS // 4 + 10) + "\n\n" + GOOD_NUMBERS
    games = list(cn.read_text(text, format="numbers"))
    assert [g.reading_error.code if g.reading_error else "ok" for g in games] == ["limit", "ok"]
    error = games[0].reading_error
    assert error is not None and error.line == 2 and "characters of a line" in error.message
    assert games[1].source.line == 4


def test_numbers_lines_without_a_blank_line_past_the_turns_are_a_limit_error(monkeypatch):
    monkeypatch.setattr(numbers, "MAX_TURNS", 100)
    text = "S = {1..10}\n" + "<1>\n" * 500 + "\n" + GOOD_NUMBERS
    assert codes(text, "numbers") == ["limit", "ok"]


def test_numbers_a_game_too_big_for_the_grammar_is_told_by_its_refused_line(monkeypatch):
    monkeypatch.setattr(numbers, "GRAMMAR_CHARS", 1000)
    text = "S = {1..10}\n" + "<1> <2>\n" * 400 + "<1> ;; <2>\n\n" + GOOD_NUMBERS
    games = list(cn.read_text(text, format="numbers"))
    assert [g.reading_error.code if g.reading_error else "ok" for g in games] == ["syntax", "ok"]
    assert games[0].reading_error is not None and games[0].reading_error.line == 402


def test_rga_honours_the_line_limit_and_reads_the_next_record():
    post = "1.  e5  f6\n2.  d4  g3\n"
    text = "1.  " + "e5 " * (MAX_TEXT_LINE_CHARS // 3 + 10) + "\n\n" + post
    games = list(cn.read_text(text, format="rga"))
    assert games[0].reading_error is not None and games[0].reading_error.code == "limit"
    assert "characters of a line" in games[0].reading_error.message
    assert any(g.record is not None and len(g.record.turns) == 4 for g in games[1:])


def test_a_huge_xb_board_is_a_limit_error_and_the_next_game_is_read():
    text = "(;FF[4]XB[" + "x" * 2_000_000 + "];W[A1])\n" + GOOD_LG + "\n"
    games = list(cn.read_text(text, format="lg"))
    assert [g.reading_error.code if g.reading_error else "ok" for g in games] == ["limit", "ok"]
    error = games[0].reading_error
    assert error is not None and (error.line, error.column) == (1, 8) and "XB" in error.message


def test_a_huge_lg_value_is_matched_without_backtracking_stack():
    comment = "(;FF[4]GC[" + "a\\]b" * 1_000_000 + "]SZ[5];W[E5])\n"
    assert codes(comment + GOOD_LG, "lg") == ["ok", "ok"]


def test_an_lg_game_past_the_turn_limit_is_a_limit_error_on_both_paths(monkeypatch):
    monkeypatch.setattr(lg.plain, "MAX_TURNS", 100)  # the plain reader's limit
    monkeypatch.setattr(lg.building, "MAX_TURNS", 100)  # and the grammar's
    plain = "(;FF[4]SZ[5]" + ";W[E5];B[D4]" * 60 + ")"
    assert codes(plain + "\n" + GOOD_LG, "lg") == ["limit", "ok"]


def test_a_variant_board_spelt_in_megabytes_is_refused_at_once():
    with pytest.raises(cn.VariantError):
        cn.parse_variant("catchup(board=" + "." * 2_000_000 + ")")
