"""The compiled core's replay (catchup_notation._hexcore.Game) against the Python engines, the
reference: on random playouts of every hex variant, on hexhex boards of sides 2-7 and irregular
boards, the two agree at every step on the allowed counts, the group sizes of both colours, scores,
largest groups, the facts of the last turn and how the game ends; and on random candidate turns,
mostly illegal, on the rule each breaks. replay() through the core gives what the engine gives,
and so does the core's word on whether a record is legal under each variant (accepts)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.compiled import core
from catchup_notation.model import Record, Turn
from catchup_notation.rules.corerules import core_game, replay_on_core, rules_of
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.replay import accepts, replay
from catchup_notation.shapes import random_board
from tests.helpers import HEX_VARIANTS, broken_turn

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")


def chosen_variant(name: str, board: int | str, seed: int):
    if board == "blob":
        return parse_variant(name, board=random_board(seed, random.Random(seed).randint(7, 80)))
    return parse_variant(name, size=board)


boards = st.sampled_from([2, 3, 4, 5, 7, "blob"])

#: The variants whose rules the core knows (a variant it does not, sabotage-malthus, runs in Python).
KNOWN = [v for v in HEX_VARIANTS if rules_of(parse_variant(v).new_game()) is not None]


def indices(game, turn: Turn) -> list[int]:
    return [game.board.index.get(cell, -1) for cell in turn.cells]


def assert_same_position(game, position) -> None:
    assert position.over == game.over and position.end_reason == game.end_reason
    assert position.to_move == game.to_move and position.turns_played == game.turns_played
    assert position.counts() == (() if game.over else game.allowed_counts())
    assert (position.groups(1), position.groups(2)) == (game.groups(1), game.groups(2))
    assert position.scores == tuple(game.scores[1:]) and position.largest == tuple(game.largest[1:])
    assert position.empty == game.empty
    assert position.last == (tuple(game.history[-1]) if game.history else None)


@given(st.sampled_from(KNOWN), boards, st.integers(0, 2**32 - 1))
def test_the_core_plays_every_turn_as_the_engine_does(name, board, seed):
    rng = random.Random(seed)
    game = chosen_variant(name, board, seed).new_game()
    position = core_game(game, rules_of(game))
    for _ in range(400):  # sauce may pass for ever
        assert_same_position(game, position)
        if game.over:
            break
        for _ in range(2):
            probe = broken_turn(rng, game, game.to_move)
            error = game.check(probe)
            if error is not None:  # refused alike, and the position left alone
                assert position.play(probe.player, indices(game, probe), probe.colours) == error.code
        turn = game.random_turn(rng)
        assert position.play(turn.player, indices(game, turn), turn.colours) is None
        game.play(turn)
    if game.over:
        assert position.play(1 + game.turns_played % 2, [], ()) == "game-over"


@pytest.mark.parametrize("name", ["catchup", "sauce", "brink(x=2)"])
def test_many_groups_are_sorted_and_compared_as_the_engine_does(name):
    """A side-12 board holds more groups of a colour than the core sorts one by one (it hands a
    long list to qsort): the sizes and sauce's leader (in its counts) agree all the same."""
    rng = random.Random(12)
    game = parse_variant(name, size=12).new_game()
    position = core_game(game, rules_of(game))
    most = 0
    while not game.over and game.turns_played < 600:
        turn = game.random_turn(rng)
        assert position.play(turn.player, indices(game, turn), turn.colours) is None
        game.play(turn)
        assert_same_position(game, position)
        most = max(most, len(game.groups(1)), len(game.groups(2)))
    assert most > 32


def random_turns(variant, rng: random.Random) -> list[Turn]:
    """The turns of a random game of `variant` (at most 300: sauce may pass for ever)."""
    game = variant.new_game()
    turns: list[Turn] = []
    while not game.over and len(turns) < 300:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    return turns


@given(st.sampled_from(KNOWN), boards, st.integers(0, 2**32 - 1), st.booleans())
def test_replay_through_the_core_is_the_engines(name, board, seed, corrupt):
    rng = random.Random(seed)
    variant = chosen_variant(name, board, seed)
    turns = random_turns(variant, rng)
    if corrupt and turns:
        k = rng.randrange(len(turns))
        scratch = variant.new_game()
        for turn in turns[:k]:
            scratch.play(turn)
        turns[k] = broken_turn(rng, scratch, turns[k].player)
    record = Record(str(variant), tuple(turns))
    compiled = replay(record)
    fresh = variant.new_game()
    assert replay_on_core(fresh, record) == (compiled.error is None and bool(turns))
    python = _python_replay(record)
    assert compiled.error == python.error
    assert compiled.game.state() == python.game.state()
    assert compiled.game.score() == python.game.score()
    assert compiled.game.history == python.game.history


@given(st.sampled_from(KNOWN), st.integers(0, 2**32 - 1), st.booleans())
def test_a_record_is_accepted_by_the_variants_whose_engines_play_it(name, seed, corrupt):
    # a game of one variant, perhaps with a broken turn, asked of every hex variant (as --variant
    # auto asks): the core's yes or no is the Python engine's
    rng = random.Random(seed)
    variant = parse_variant(name, size=4)
    turns = random_turns(variant, rng)
    if corrupt and turns:
        turns[rng.randrange(len(turns))] = broken_turn(rng, variant.new_game(), turns[0].player)
    record = Record(str(variant), tuple(turns))
    for other in HEX_VARIANTS:
        candidate = parse_variant(other, size=4)
        assert accepts(record, candidate) == _python_replay(Record(str(candidate), record.turns)).valid, other


def _python_replay(record: Record):
    from catchup_notation.rules import replay as module

    original = module.replay_on_core
    module.replay_on_core = lambda game, record: False
    try:
        return replay(record)
    finally:
        module.replay_on_core = original


def test_an_engine_the_core_does_not_know_runs_in_python():
    from catchup_notation.rules.catchup import CatchupGame

    class Changed(CatchupGame):  # a subclass may change any rule
        pass

    assert rules_of(Changed(parse_variant("catchup(size=3)"))) is None
    assert rules_of(parse_variant("catchup(size=3)").new_game()) is not None
    assert rules_of(parse_variant("catch-up").new_game()) is None  # number sets: not a hex engine
    assert len(KNOWN) >= 13 and rules_of(parse_variant("sabotage-malthus").new_game()) is None


# -- Little Golem's plain records on the core ------------------------------------------------------


@given(
    st.lists(
        st.sampled_from(["(", ";", ")", "[", "]", "\\", "=", " ", "\n", "\r", "\t", "W", "B", "SZ", "a", "E5", "5"]),
        max_size=30,
    )
)
def test_the_core_sees_a_plain_game_where_the_pattern_does(pieces):
    from catchup_notation.formats.lg import _PLAIN_GAME, _ROOT_PROPERTY, _root_headers

    for text in ("".join(pieces), "(;" + "".join(pieces) + ")", "(;SZ[5]" + "".join(pieces) + ";W[E5])"):
        match = _PLAIN_GAME.fullmatch(text)
        found = core("_hexcore").scan_plain(text)
        assert (found is None) == (match is None), text
        if match is not None:
            headers, *spans = found
            assert spans == [match.start("root"), match.end("root"), match.start("moves"), match.end("moves")]
            expected = _ROOT_PROPERTY.findall(match.group("root"))
            if isinstance(headers, dict):
                assert headers == _root_headers(expected)
            else:
                assert [tuple(p) for p in headers] == expected


def test_a_plain_record_makes_its_turns_only_when_asked(tmp_path, monkeypatch):
    import catchup_notation as cn
    from catchup_notation.model import DeferredRecord

    text = "(;SZ[5]PW[a]PB[b]RE[B];W[E5];B[D4F6];W[resign])\n(;SZ[5];W[E5];B[D4F6]\n;W[A1 A2]\n;B[E5])\n"
    path = tmp_path / "games.sgf"
    path.write_text(text, encoding="utf-8")
    first, second = cn.read(str(path))
    assert isinstance(first.record, DeferredRecord) and not first.record.turns_made
    assert first.verify().valid and first.record.turn_count() == 2 and not first.record.turns_made
    assert second.verify().error.code == "occupied"  # found on the core, worded by the engine
    monkeypatch.setenv("CATCHUP_PURE", "1")
    pure = [g.record for g in cn.read(str(path))]
    assert not isinstance(pure[0], DeferredRecord)
    for deferred, made in zip((first.record, second.record), pure, strict=True):
        assert deferred == made and made == deferred and hash(deferred) == hash(made)
        assert [t.at for t in deferred.turns] == [t.at for t in made.turns]  # the same locations
        assert (deferred.resigned, deferred.resigned_at) == (made.resigned, made.resigned_at)
