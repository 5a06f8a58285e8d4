"""Reviews of records (engine/review.py): values, losses, classes, the decided-at and losing turns,
checked against the exact solver on games whose values it knows."""

from __future__ import annotations

import pytest
from review_games import CountingDouble, LeaningDouble, blunder_game

from catchup_notation.engine.analysis import Candidate, Limit, Value
from catchup_notation.engine.review import ReviewSettings, Thresholds, review_game, same_turn
from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame

GAMES = [g for g in (blunder_game(seed) for seed in range(8)) if g is not None]


def start(variant: str):
    return parse_variant(variant).new_game()


def positions_of(variant: str, turns):
    game = start(variant)
    out = [game.copy()]
    for turn in turns:
        game.play(turn)
        out.append(game.copy())
    return out


@pytest.mark.parametrize("known", GAMES, ids=lambda g: f"blunder-at-{g.blunder}")
def test_exact_review_agrees_with_the_solver(known):
    settings = ReviewSettings(max_empty=13)
    review = review_game(start(known.variant), known.turns, analyser=None, settings=settings)
    assert len(review.positions) == len(known.turns) + 1 and len(review.turns) == len(known.turns)
    for game, position in zip(positions_of(known.variant, known.turns), review.positions, strict=True):
        if game.over:
            assert position.how == "end"
            winner = game.score().winner
            assert position.value.proven == (0 if winner is None else (1 if winner == 1 else -1))
        elif game.empty <= 13:
            solved = solve_endgame(game)
            assert position.how == "solver" and position.exact
            assert position.value_for(game.to_move).proven == solved.value
            assert position.best is not None and position.line[0] == position.best
        else:
            assert position.how == "none" and position.value is None


@pytest.mark.parametrize("known", GAMES, ids=lambda g: f"blunder-at-{g.blunder}")
def test_the_losing_turn_and_the_decision(known):
    review = review_game(start(known.variant), known.turns, analyser=None, settings=ReviewSettings(max_empty=13))
    blunder = review.turns[known.blunder - 1]
    assert blunder.before.proven == 1 and blunder.after.proven == -1
    assert blunder.loss == 1.0 and blunder.judgement == "blunder" and not blunder.best_played
    assert review.losing_turn == known.blunder
    # Perfect play after the blunder: the result is forced from it, and no later turn loses anything.
    assert review.decided_at == known.blunder
    assert all(t.loss == 0.0 and t.judgement is None for t in review.turns[known.blunder :])
    winner = 3 - blunder.player
    assert review.winner == winner
    assert review.series(winner)[known.blunder :] == [1.0] * (len(known.turns) - known.blunder + 1)
    assert review.counts(blunder.player)["blunder"] >= 1


def test_decided_at_the_latest_when_the_position_before_is_out_of_reach():
    known = GAMES[0]
    # The solver reaches only the positions after the blunder: the decision is shown at the first
    # of them, and said to be "at the latest" (the position before it was not searched).
    settings = ReviewSettings(max_empty=known.empty - 1)
    review = review_game(start(known.variant), known.turns, analyser=None, settings=settings)
    first_exact = next(p.number for p in review.positions if p.exact)
    assert review.decided_at == first_exact and review.decided_at_latest
    assert review.losing_turn is None  # the turn before it was not proven won


def test_the_engine_values_what_the_solver_does_not_reach():
    known = GAMES[1]
    double = CountingDouble()
    limit = Limit(playouts=50)
    review = review_game(
        start(known.variant), known.turns, analyser=double, settings=ReviewSettings(limit=limit, max_empty=10)
    )
    estimated = [p for p in review.positions if p.how == "engine"]
    assert double.calls >= len(estimated) > 0 and set(double.limits) == {limit}
    for position in estimated:
        # Every estimate is the mean of the position's own search and the search after its best turn.
        assert position.best is not None and position.via == position.best
    for turn in review.turns:
        if turn.best_played and not turn.exact:
            assert turn.loss == 0.0
        elif turn.loss is not None:
            assert turn.loss == pytest.approx(max(0.0, turn.before.win - turn.after.win))
            assert turn.judgement == review.settings.thresholds.judge(turn.loss)


def test_a_lean_toward_the_player_to_move_cancels_out():
    # An engine that gives whoever is to move 0.75 of every even position: compared naively, each
    # turn would lose twice the lean (0.5); the mean of two searches with opposite movers is 0.5.
    known = GAMES[3]
    settings = ReviewSettings(max_empty=0)
    review = review_game(start(known.variant), known.turns, analyser=LeaningDouble(0.25), settings=settings)
    assert set(review.series()[:-1]) == {0.5}
    assert all(t.loss == 0.0 and t.judgement is None for t in review.turns[:-1])


def test_a_proof_the_engine_found_for_the_turn_played_is_its_value_after():
    known = GAMES[2]
    turn = known.turns[0]
    proven = Candidate(turn, Value.proof(1), (turn,))
    review = review_game(
        start(known.variant), known.turns[:1], analyser=CountingDouble(candidates=(proven,)), settings=ReviewSettings()
    )
    assert review.turns[0].after == Value.proof(1)


def test_thresholds():
    t = Thresholds(0.1, 0.2, 0.3)
    assert [t.judge(x) for x in (None, 0.0, 0.099, 0.1, 0.2, 0.31, 1.0)] == [
        None,
        None,
        None,
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    with pytest.raises(ValueError, match="must rise"):
        Thresholds(0.3, 0.2, 0.1)


def test_same_turn_ignores_the_order_of_stones():
    assert same_turn(Turn(1, ((0, 0), (1, 0))), Turn(1, ((1, 0), (0, 0))))
    assert not same_turn(Turn(1, ((0, 0),)), Turn(2, ((0, 0),)))
    assert not same_turn(None, Turn(1, ()))


def test_what_a_notebook_plots_follows_the_review():
    # The review's series, rows and chart, from a review whose values the solver gives from turn
    # to turn past its reach (the positions before are not valued: gaps in the series and line).
    import xml.etree.ElementTree as ET

    import catchup_notation as cn

    known = GAMES[0]
    review = review_game(start(known.variant), known.turns, analyser=None, settings=ReviewSettings(max_empty=13))
    first, second = review.series(1), review.series(2)
    assert len(first) == len(known.turns) + 1
    for mine, theirs, position in zip(first, second, review.positions, strict=True):
        assert (mine is None) == (position.value is None)
        if mine is not None and position.value.proven != 0:
            assert mine + theirs == 1.0 and mine in (0.0, 1.0)
    assert None in first  # positions beyond the solver's reach, not valued without an engine
    assert review.intervals(1) == [None if v is None else (v, v) for v in first]
    rows = review.rows()
    assert [(r["turn"], r["player"], r["loss"], r["class"]) for r in rows] == [
        (t.number, t.player, t.loss, t.judgement) for t in review.turns
    ]
    assert rows[known.blunder - 1]["before"] == 1.0 and rows[known.blunder - 1]["after"] == 0.0

    chart = cn.win_chart(review, title="the game")
    assert chart._repr_svg_() == chart
    svg = ET.fromstring(chart)
    tag = "{http://www.w3.org/2000/svg}"
    assert svg.find(f"{tag}title").text == "the game"
    assert len(svg.findall(f"{tag}rect")) == sum(1 for p in review.positions if p.exact)
    marks = [m.find(f"{tag}title").text for m in svg.findall(f"{tag}path")]
    assert marks == [f"turn {t.number}: {t.judgement}" for t in review.turns if t.judgement is not None]
    assert f"turn {known.blunder}: blunder" in marks
    lines = svg.findall(f"{tag}polyline")
    assert lines and all(len(p.get("points").split()) > 1 for p in lines)
    # No engine: nothing estimated, so no band of intervals.
    assert svg.findall(f"{tag}polygon") == []
