"""A Little Golem (SGF) file cut off in the middle is called truncated, at its end, whether it stops
inside a value or before the game's closing parenthesis; the games before it still read."""

from __future__ import annotations

import pytest

from catchup_notation.reading import read

WHOLE = "(;FF[4]SZ[5];W[E5];B[D4])\n"


@pytest.mark.parametrize(
    ("tail", "said"),
    [
        ("(;FF[4]SZ[5];W[E5];B[D4", "inside the value opened by '[' on line 2"),
        ("(;FF[4]SZ[5];W[E5];B[", "inside the value opened by '[' on line 2"),
        ("(;FF[4]SZ[5];W[E5];B[D4]", "before the game's closing ')'"),
        ("(;FF[4]SZ[5];W[E5]\n;B[D4]C[a \\] b", "inside the value opened by '[' on line 3"),
    ],
)
def test_a_cut_off_game_is_called_truncated(tmp_path, tail, said):
    path = tmp_path / "cut.sgf"
    path.write_text(WHOLE + tail, encoding="utf-8")
    first, cut = read(str(path))
    assert first.reading_error is None
    error = cut.reading_error
    assert error is not None and error.message.startswith("the game is truncated: ") and said in error.message
    assert error.line == len((WHOLE + tail).split("\n"))
    assert error.column == len(tail.split("\n")[-1]) + 1


def test_a_broken_game_that_is_whole_is_not_called_truncated(tmp_path):
    path = tmp_path / "bad.sgf"
    path.write_text("(;FF[4]SZ[5];W[E5];B[D4]])\n", encoding="utf-8")
    (game,) = read(str(path))
    assert game.reading_error is not None and "truncated" not in game.reading_error.message
