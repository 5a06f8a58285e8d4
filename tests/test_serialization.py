"""cattrs round trips of every model class, with Hypothesis."""

import json

from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.model import Allowance, HexState, Location, NumbersState, Record, Result, RuleError, Turn
from catchup_notation.serialization import from_data, to_data

cells = st.tuples(st.integers(-8, 8), st.integers(-8, 8))
players = st.sampled_from([1, 2])
texts = st.text(max_size=12)
sizes = st.lists(st.integers(1, 60), max_size=6).map(lambda xs: tuple(sorted(xs, reverse=True)))

turns = st.builds(
    Turn,
    player=players,
    cells=st.lists(cells, max_size=3).map(tuple),
    numbers=st.lists(st.integers(1, 30), max_size=4).map(tuple),
    at=st.none() | st.builds(Location, st.integers(1, 99), st.integers(1, 99)),
)
records = st.builds(
    Record,
    variant=st.sampled_from(["catchup(size=5)", "ketchup-3(size=7)", "catch-up(set=1..4)"]),
    turns=st.lists(turns, max_size=6).map(tuple),
    resigned=st.none() | players,
    players=st.tuples(st.none() | texts, st.none() | texts),
    headers=st.dictionaries(st.text(min_size=1, max_size=4), texts, max_size=4),
)
hex_states = st.builds(
    HexState,
    variant=texts,
    turns_played=st.integers(0, 99),
    to_move=st.none() | players,
    stones=st.tuples(st.lists(cells, max_size=4).map(tuple), st.lists(cells, max_size=4).map(tuple)),
    groups=st.tuples(sizes, sizes),
    scores=st.tuples(st.integers(0, 60), st.integers(0, 60)),
    allowance=st.none() | st.builds(Allowance, st.lists(st.integers(0, 3), max_size=3).map(tuple), texts),
    over=st.booleans(),
    end_reason=st.none() | st.sampled_from(["board-full", "no-legal-turn"]),
)
numbers_states = st.builds(
    NumbersState,
    variant=texts,
    turns_played=st.integers(0, 99),
    to_move=st.none() | players,
    remaining=st.lists(st.integers(1, 30), max_size=6).map(lambda xs: tuple(sorted(xs))),
    scores=st.tuples(st.integers(0, 99), st.integers(0, 99)),
    over=st.booleans(),
)
results = st.builds(
    Result,
    status=st.sampled_from(["finished", "resigned", "unfinished", "invalid"]),
    winner=st.none() | players,
    draw=st.booleans(),
    reason=texts,
    scores=st.tuples(st.integers(0, 99), st.integers(0, 99)),
    groups=st.tuples(sizes, sizes),
    decided_at=st.none() | st.integers(0, 9),
    explanation=texts,
)
errors = st.builds(
    RuleError,
    code=texts,
    turn=st.integers(1, 99),
    player=players,
    message=texts,
    cells=st.lists(cells, max_size=3).map(tuple),
    numbers=st.lists(st.integers(1, 9), max_size=3).map(tuple),
)


def through_json(value, cls):
    return from_data(json.loads(json.dumps(to_data(value))), cls)


@given(records)
def test_records(record):
    assert through_json(record, Record) == record


@given(hex_states | numbers_states)
def test_states_as_the_tagged_union(state):
    from catchup_notation.model import GameState

    assert through_json(state, GameState) == state


@given(results)
def test_results(result):
    assert through_json(result, Result) == result


@given(errors)
def test_rule_errors(error):
    assert through_json(error, RuleError) == error


def test_positions_are_not_part_of_the_json():
    turn = Turn(1, ((0, 0),), at=Location(3, 4))
    assert json.loads(json.dumps(to_data(turn))) == {"player": 1, "cells": [[0, 0]], "numbers": []}
