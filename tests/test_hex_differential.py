"""The engine against the independent reference implementation of the rules (tests/reference_rules.py), on
random playouts of every hex variant at sides 2..7, with random (mostly illegal) candidate turns
checked at every step and single-turn corruptions of finished games."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from reference_rules import HEX_VARIANTS, Reference

from catchup_notation.model import HexState, Record, Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import replay
from catchup_notation.serialization import from_data, to_data

variants = st.sampled_from(HEX_VARIANTS)
sides = st.integers(min_value=2, max_value=7)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def candidate_turn(rng: random.Random, game, player: int) -> Turn:
    """A turn that is often illegal in exactly one way: wrong count, occupied, off-board, ..."""
    board = game.board
    empties = game.empty_cells()
    taken = [c for c in board.cells if c not in set(empties)]
    kind = rng.randrange(8)
    count = rng.randint(0, min(4, len(empties)))
    cells = rng.sample(empties, count)
    if kind == 0 and taken:
        cells[rng.randrange(len(cells)) if cells else 0 : 1] = [rng.choice(taken)]
    elif kind == 1:
        cells.append(off_board(rng, board))
    elif kind == 2 and cells:
        cells.append(cells[0])
    elif kind == 3:
        player = 3 - player
    elif kind == 4:  # stones of random colours (legal only where either colour is allowed)
        return Turn(player, tuple(cells), colours=tuple(rng.choice((1, 2)) for _ in cells))
    return Turn(player, tuple(cells))


def off_board(rng: random.Random, board) -> tuple[int, int]:
    """A cell next to the board but not on it: beyond the rim, or in a hole."""
    q, r = rng.choice(board.cells)
    dq, dr = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))
    while (q, r) in board:
        q, r = q + dq, r + dr
    return q, r


@given(variants, sides, seeds)
def test_engine_agrees_with_reference_at_every_step(name, side, seed):
    result = play_against_reference(parse_variant(name, size=side), Reference(name, side), random.Random(seed))
    if result.reason == "board-full" and name != "plur":
        assert result.winner is not None  # odd cell count: a full board has a winner (plur may draw)


def play_against_reference(variant, ref: Reference, rng: random.Random):
    """Random playout of `variant` checked against `ref` at every step (random candidate turns
    included); returns the final result."""
    game = variant.new_game()
    while True:
        assert game.over == ref.over()
        state = game.state()
        # invariants of the snapshot
        assert sum(state.groups[0]) == len(state.stones[0])
        assert sum(state.groups[1]) == len(state.stones[1])
        assert from_data(to_data(state), HexState) == state
        assert game.copy().state() == state
        if game.over:
            break
        assert game.allowed_counts() == ref.allowed_counts()
        for _ in range(3):
            probe = candidate_turn(rng, game, game.to_move)
            error = game.check(probe)
            assert (error.code if error else None) == ref.verdict(probe.player, probe.cells, probe.stone_colours), probe
        turn = game.random_turn(rng)
        assert ref.verdict(turn.player, turn.cells, turn.stone_colours) is None
        game.play(turn)
        ref.play(turn.player, turn.cells, turn.stone_colours)
    # a finished game: the board is full, the mover has no legal turn or both passed; a turn after is game-over
    assert game.end_reason == ref.end_reason()
    assert game.check(Turn(1 + game.turns_played % 2, ())).code == "game-over"
    first, second = ref.groups()
    result = game.score()
    assert result.winner == ref.winner()
    assert result.draw == (result.winner is None)
    assert result.groups == (tuple(first), tuple(second))
    return result


@given(variants, sides, seeds)
def test_single_corruption_is_reported_at_its_turn(name, side, seed):
    rng = random.Random(seed)
    variant = parse_variant(name, size=side)
    game = variant.new_game()
    turns = []
    while not game.over:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    k = rng.randrange(len(turns))
    ref = Reference(name, side)
    for turn in turns[:k]:
        ref.play(turn.player, turn.cells, turn.stone_colours)
    probe = game.board  # geometry only
    scratch = variant.new_game()
    for turn in turns[:k]:
        scratch.play(turn)
    bad = candidate_turn(rng, scratch, turns[k].player)
    expected = ref.verdict(bad.player, bad.cells, bad.stone_colours)
    record = Record(str(variant), (*tuple(turns[:k]), bad, *tuple(turns[k + 1 :])))
    played = replay(record)
    if expected is None:
        assert played.error is None or played.error.turn > k + 1
    else:
        assert played.error is not None and played.error.turn == k + 1
        assert played.error.code == expected
        assert played.error.player == bad.player
        assert played.game.turns_played == k  # nothing applied past the illegal turn
    assert probe.side == side


@given(st.lists(st.integers(0, 30), max_size=8), st.lists(st.integers(0, 30), max_size=8))
def test_cascading_comparison_is_antisymmetric(a, b):
    from catchup_notation.rules.scoring import compare_groups

    a, b = tuple(sorted(a, reverse=True)), tuple(sorted(b, reverse=True))
    w1, p1 = compare_groups(a, b)
    w2, p2 = compare_groups(b, a)
    assert p1 == p2
    assert (w1 is None) == (w2 is None)
    if w1 is not None:
        assert w1 == 3 - w2
