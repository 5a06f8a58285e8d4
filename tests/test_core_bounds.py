"""Cells past the board, negative, huge or of odd types reach every entry point of the compiled
core as cells off the board, never as memory read or written out of bounds: the core's own
`Game.play` (cell indices), `replay` of Turn objects, a whole record verified on the core and on
the pure-Python reference (the same verdict, `off-board`), and the Little Golem scanner given a
cell number of many digits. (The whole core also runs under the sanitizers: tests/sanitize.sh.)"""

from __future__ import annotations

import pytest

import catchup_notation as cn
from catchup_notation.compiled import core
from catchup_notation.model import Record, Turn
from catchup_notation.rules.corerules import core_game, rules_of

hexcore = core("_hexcore")
needs_core = pytest.mark.skipif(hexcore is None, reason="the compiled core is not built (or CATCHUP_PURE)")

#: Indices off a side-5 board (61 cells), as the core's Game.play takes cell indices.
OFF_INDICES = [61, 62, 70, 100_000, 10_000_000, 2**31 - 1, 2**31, 2**63 - 1, 2**64, 10**30, -1, -(2**63)]
#: Cells no board has, as a Turn may carry them (a Turn does not check its cells' shape).
ODD_CELLS = [70, 10_000_000, -1, 10**30, (99, 99), (0, 0, 0), "E5", None, 1.5, [1, 2], (2**70, 0)]


@needs_core
@pytest.mark.parametrize("index", OFF_INDICES)
def test_core_game_play_refuses_indices_off_the_board(index):
    game = cn.new_game("catchup")
    position = core_game(game, rules_of(game))
    assert position.play(1, [index]) == "off-board"
    assert position.play(1, [30, index]) == "off-board"
    assert position.turns_played == 0 and position.empty == 61
    assert position.play(1, [30]) is None  # the position is unharmed


@needs_core
@pytest.mark.parametrize("colour", [0, 3, -1, 2**40])
def test_core_game_play_refuses_colours_that_are_none_of_the_two(colour):
    game = cn.new_game("too")
    position = core_game(game, rules_of(game))
    assert position.play(1, [30], [colour]) == "wrong-colour"
    assert position.turns_played == 0


@needs_core
@pytest.mark.parametrize("cell", ODD_CELLS, ids=repr)
def test_core_replay_of_turns_with_cells_no_board_has(cell):
    game = cn.new_game("catchup")
    position = core_game(game, rules_of(game))
    turns = [Turn(1, (cell,))]
    assert hexcore.replay(position, turns, game.board.index) == (0, "off-board")


@pytest.mark.parametrize("pure", ["0", "1"])
@pytest.mark.parametrize("cell", ODD_CELLS, ids=repr)
def test_a_record_with_such_a_cell_is_invalid_off_board(monkeypatch, pure, cell):
    monkeypatch.setenv("CATCHUP_PURE", pure)
    game = cn.Game(Record("catchup(size=5)", (Turn(1, (cell,)),)))
    verdict = game.verify()
    assert not verdict.valid and verdict.error is not None and verdict.error.code == "off-board"
    assert f"{cell!r} is not a cell" in verdict.error.message or "is not a cell" in verdict.error.message


@pytest.mark.parametrize("digits", [3, 10, 12, 40])
def test_little_golem_cells_of_many_digits_are_not_cells(digits):
    text = f"(;FF[4]SZ[5];W[A{'9' * digits}];B[D4F6])"
    (game,) = cn.read_text(text)
    verdict = game.verify()
    assert not verdict.valid


def _searcher():
    """The compiled search of a catchup position with 10 empty cells, and its state."""
    import random

    from catchup_notation.solvers.hexsolve.core import CoreSearcher, compiled_rules

    game, rng = cn.new_game("catchup(size=3)"), random.Random(7)
    while game.empty > 10:
        game.play(game.random_turn(rng))
    rules = compiled_rules(game)
    assert rules is not None
    searcher = CoreSearcher(game, rules, capacity=1 << 10)
    return searcher, searcher.state(game), searcher.geo.n


#: Values a mask or a placed turn can take that no position has: a bit past the searched cells, a
#: negative number, one past 64 bits, odd types.
BAD_MASKS = ["past", -1, 2**64, 2**200, "x", None, 1.5]


@needs_core
@pytest.mark.parametrize("bad", BAD_MASKS, ids=repr)
def test_the_search_refuses_masks_no_position_has(bad):
    searcher, state, n = _searcher()
    search = searcher.core
    value = 1 << n if bad == "past" else bad
    m1, m2 = state[0], state[1]
    calls = [
        lambda: search.counts((value, *state[1:])),
        lambda: search.children((m1, value, *state[2:]), [1, 2]),
        lambda: search.value((value, *state[1:])),
        lambda: search.line((value, *state[1:]), 0),
        lambda: search.key((value, *state[1:]), [1]),
        lambda: search.wins_now(1, value),
        lambda: search.groups(2, value),
        lambda: search.outcome(value, m2, 1),
        lambda: search.outcome(m1, value, 1),
    ]
    if bad != "past":  # a placed turn's bits past the board are cut off (the low half) or refused
        calls += [
            lambda: search.turn_orbit_key(value),
            lambda: search.ordered([(value, state)], 1, 0, 0),
            lambda: search.ordered([], 1, value, 0),
        ]
    for call in calls:
        with pytest.raises((ValueError, OverflowError, TypeError)):
            call()
    assert search.value(state) in (-1, 0, 1)  # the search is unharmed


@needs_core
@pytest.mark.parametrize(
    "field, bad",
    [(2, 0), (2, 3), (3, -1), (4, 2**40), (5, -1), (6, 2**31), (5, 2**40), (8, -1), (8, 3)],
)
def test_the_search_refuses_a_state_out_of_range(field, bad):
    searcher, state, _ = _searcher()
    broken = (*state[:field], bad, *state[field + 1 :])
    with pytest.raises((ValueError, OverflowError)):
        searcher.core.value(broken)


@needs_core
@pytest.mark.parametrize("colour", [0, 3, -1, 2**40])
def test_core_game_groups_of_no_colour(colour):
    game = cn.new_game("catchup")
    position = core_game(game, rules_of(game))
    with pytest.raises((ValueError, OverflowError)):
        position.groups(colour)
