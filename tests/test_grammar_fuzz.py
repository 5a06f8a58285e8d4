"""Grammar fuzzing: strings generated from our grammars and random mutations of valid files end
in a record or a NotationError, never a Lark exception or an IndexError."""

import json

import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings
from hypothesis.extra.lark import from_lark
from lark import Lark

from catchup_notation.errors import NotationError
from catchup_notation.formats import parse_text
from catchup_notation.resources import data_dir

SAMPLES = {
    "lg": "(;FF[4]EV[catchup.ch.12.1.1]PB[b]PW[w]SZ[5]RE[B]GC[ game #1];W[E5];B[D4F6];W[c1,d2 e3];W[A1];B[resign])\n"
    "(;FF[4]SZ[7];W[G7])",
    "genius": "Red: B4 B5\nBlue: D7 F8\nRed: B3, C1, D2\nBlue resigns\n",
    "abstractplay": json.dumps(
        {
            "header": {"game": {"name": "Catchup", "variants": ["size-6"]}, "players": [{"name": "a"}, {"name": "b"}]},
            "moves": [["f6", "d4,e7"], ["resign"]],
        }
    ),
    "json": '{"variant": "catchup(size=5)", "turns": [{"player": 1, "cells": [[0, 0]], "numbers": []}], '
    '"resigned": null, "players": ["a", null], "headers": {"EV": "x"}}\n',
}


def read_all(text, fmt):
    for item in parse_text(text, format=fmt, source="fuzz"):
        assert (item.record is None) != (item.error is None)
        if item.error is not None:
            assert isinstance(item.error, NotationError)
            str(item.error)  # the message renders
            assert "__ANON" not in str(item.error)


def grammar(name):
    return Lark((data_dir("grammars") / f"{name}.lark").read_text(encoding="utf-8"), parser="lalr")


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(from_lark(grammar("lg")))
def test_lg_grammar_strings(text):
    read_all(text, "lg")


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(from_lark(grammar("genius")))
def test_genius_grammar_strings(text):
    read_all(text, "genius")


@st.composite
def mutations(draw, fmt):
    text = SAMPLES[fmt]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(("delete", "insert", "replace", "truncate")))
        at = draw(st.integers(0, len(text)))
        if kind == "truncate":
            text = text[:at]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)) :]
        else:
            piece = draw(st.text(st.sampled_from('()[];:,\\"{}WBabcE59 \n\t\u00e9x-'), min_size=1, max_size=4))
            text = text[:at] + piece + text[at + (1 if kind == "replace" else 0) :]
    return text


@given(st.sampled_from(sorted(SAMPLES)).flatmap(lambda fmt: st.tuples(st.just(fmt), mutations(fmt))))
def test_mutated_files(case):
    fmt, text = case
    read_all(text, fmt)
