"""Time linear in the input, on the shapes that once took quadratic time: games on one line that
take the grammar path, `(;W[E5]` repeated on one line, lines holding only `(`, a pretty-printed
JSON document. Where the work can be counted (characters handed to the grammar, characters of the
messages), the count is checked; elsewhere the processor time of n and of 4n is compared in one
run, interleaved, best of three, against a generous factor (8 where linear is 4 and quadratic 16),
so that a loaded machine does not fail it."""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable

import catchup_notation as cn
from catchup_notation.formats import lg

GRAMMAR_GAME = "(;FF[4]SZ[5];W[E5];W[D4];B[C3])"  # consecutive W nodes: the grammar's path


def read_all(text: str, fmt: str) -> list[cn.Game]:
    return list(cn.read_text(text, format=fmt))


def cpu_seconds(run: Callable[[], object]) -> float:
    """The processor time `run` takes in this process (other processes' load does not count)."""
    gc.collect()
    start = time.process_time()
    run()
    return time.process_time() - start


def assert_linear(make: Callable[[int], str], fmt: str, n: int) -> None:
    small, large = make(n), make(4 * n)
    read_all(small, fmt)  # warm up: grammars built, caches filled
    small_times, large_times = [], []
    for _ in range(3):  # interleaved, so that a slow spell of the machine touches both
        small_times.append(cpu_seconds(lambda: read_all(small, fmt)))
        large_times.append(cpu_seconds(lambda: read_all(large, fmt)))
    ratio = min(large_times) / max(min(small_times), 1e-9)
    assert ratio < 8, f"4x the input took {ratio:.1f}x the time"


def test_games_on_one_line_hand_the_grammar_each_character_once(monkeypatch):
    parser = lg._parser()
    handed = []
    real = parser.parse

    def counting(text: str, *args: object, **kwargs: object) -> object:
        handed.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(parser, "parse", counting)
    text = GRAMMAR_GAME * 2000
    games = read_all(text, "lg")
    assert len(games) == 2000 and all(g.record is not None for g in games)
    assert sum(handed) == len(text)  # not padded by their columns
    last = games[-1].record
    assert last is not None and last.at.column == len(text) - len(GRAMMAR_GAME) + 1
    assert last.turns[1].at.column == last.at.column + GRAMMAR_GAME.index(";B[")


def test_an_open_game_repeated_on_one_line_costs_each_message_its_own_size():
    games = read_all("(;FF[4];W[E5]" * 5000, "lg")  # each `(;` starts a game (`(;W[` would be a variation)
    assert len(games) == 5000
    sizes = [len(str(g.reading_error)) for g in games]
    assert max(sizes) < 400  # a message never repeats the line up to its column
    last = games[-1].reading_error
    assert last is not None and last.column is not None and last.column > 30_000
    assert "...(;FF[4];W[E5]" in str(last)


def test_an_open_game_repeated_on_one_line_reads_in_linear_time():
    assert_linear(lambda n: "(;FF[4];W[E5]" * n, "lg", 4000)


def test_lines_holding_only_an_open_parenthesis_read_in_linear_time():
    assert_linear(lambda n: "(\n" * n, "lg", 40_000)


def test_games_on_one_line_read_in_linear_time():
    assert_linear(lambda n: GRAMMAR_GAME * n, "lg", 1000)


def test_a_pretty_printed_json_document_reads_in_linear_time():
    record = {"variant": "catchup", "turns": [{"player": 1, "cells": [[0, 0]]}], "players": ["a", "b"]}
    assert_linear(lambda n: json.dumps([record] * n, indent=2), "json", 1000)
