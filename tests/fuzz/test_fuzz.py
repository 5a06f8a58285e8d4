"""The fuzz harness: mutations of a seed corpus through every reader, every writer's round trip and
the command line. Whatever the bytes, reading ends in games (readable or with a located error),
the rules judge what was read without raising, a record a writer takes comes back as it went, and
the CLI never exits with 4 (a bug) or prints a line that is not JSON in --json mode.

Seeds: tests/fuzz/corpus (one file per hostile case of issue 11, in our own words), the quirk
files, the rga fixtures and the bundled examples. Mutations work on bytes: flips, deletions,
repeats, truncations, splices of two seeds, and insertions of what the notations treat specially
(brackets, separators, long numbers, BOMs, no-break spaces, CR, bytes that are not UTF-8).

Budget: FUZZ_EXAMPLES examples per test (default: the Hypothesis profile's, 40 on CI);
`FUZZ_EXAMPLES=5000 pytest tests/fuzz` for a longer run.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import hypothesis.strategies as st
import pytest
from cli_records import run
from hypothesis import HealthCheck, given, settings

import catchup_notation as cn
from catchup_notation import formats
from catchup_notation.errors import CatchupError, NotationError, WriteError

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
SEEDS = sorted(
    [p for p in (HERE / "corpus").iterdir() if p.is_file()]
    + [p for p in (ROOT / "tests" / "quirks").iterdir() if p.is_file() and p.suffix != ".md"]
    + [p for p in (ROOT / "tests" / "data" / "rga").iterdir() if p.is_file()]
    + [p for p in (ROOT / "examples").iterdir() if p.is_file()]
)
SEED_BYTES = [p.read_bytes()[:20_000] for p in SEEDS]

# What the notations treat specially, and what real files hold that they should not.
TOKENS = [
    b"(;",
    b")",
    b"(",
    b"[",
    b"]",
    b"\\",
    b";W[",
    b";B[",
    b"SZ[",
    b"RE[",
    b"resign",
    b"pass",
    b"{",
    b"}",
    b'"',
    b",",
    b":",
    b"null",
    b'"turns": [',
    b'"player": ',
    b'"cells": [[',
    b"Red: ",
    b"Blue: ",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b" ",
    b"\xc2\xa0",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xe2\x9f\xa8",
    b"\xe2\x9f\xa9",
    b"{1, 2, 3}",
    b"S = ",
    b"a1",
    b"E5",
    b"Z99",
    b"0",
    b"-1",
    b"9" * 25,
    b"[" * 80,
    b"|",
    b">",
    b":",
    b"!",
    b"..",
    b"--",
    b". . .",
    b"XXX",
    b"ooo",
    b"  abcdefghi",
]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0")) or None
fuzz_settings = settings(
    max_examples=EXAMPLES or settings().max_examples,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEED_BYTES)))
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["flip", "delete", "repeat", "truncate", "splice", "insert", "insert", "insert"]))
        at = draw(st.integers(0, len(data)))
        if kind == "flip" and data:
            at = min(at, len(data) - 1)
            data[at] = draw(st.integers(0, 255))
        elif kind == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif kind == "repeat":
            piece = data[at : at + draw(st.integers(1, 200))]
            data[at:at] = piece * draw(st.integers(1, 4))
        elif kind == "truncate":
            del data[at:]
        elif kind == "splice":
            other = draw(st.sampled_from(SEED_BYTES))
            start = draw(st.integers(0, len(other)))
            data[at:at] = other[start : start + draw(st.integers(1, 400))]
        else:
            data[at:at] = draw(st.sampled_from(TOKENS))
    return bytes(data)


FORMATS = [None, *formats.names()]


def games_of(data: bytes, fmt: str | None) -> list[cn.Game]:
    try:
        return list(cn.read(io.BytesIO(data), format=fmt))
    except NotationError as exc:  # only "cannot tell the format" of a whole input may raise...
        pytest.fail(f"read raised for the input as a whole: {exc}")  # ...and read gives it as a game


def judged(game: cn.Game) -> None:
    """Everything the library says of a game, which must never raise."""
    if not game.readable:
        error = game.reading_error
        assert isinstance(error, NotationError)
        assert str(error)  # the message renders
        return
    verdict = game.verify()
    game.result()
    assert verdict.valid == (not game.errors)
    for position in game.positions():
        str(position)


@fuzz_settings
@given(mutated(), st.sampled_from(FORMATS))
def test_every_reader_ends_in_games_and_the_rules_judge_them_without_raising(data, fmt):
    found = games_of(data, fmt)
    indices = [g.source.index for g in found]
    assert indices == sorted(indices)
    for game in found:
        judged(game)


@fuzz_settings
@given(mutated(), st.sampled_from(formats.names()))
def test_a_record_a_writer_takes_reads_back_as_it_went(data, target):
    for game in games_of(data, None)[:5]:
        if not game.readable:
            continue
        try:
            exported = game.export(target)
        except WriteError as exc:
            assert exc.code  # a clear refusal with a stable code
            continue
        text, dropped = exported.text, {w.code for w in exported.warnings}
        back = list(cn.read_text(text, format=target, variant=game.record.variant))  # what a format may not say
        assert back and back[0].readable, (text, back[0].reading_error if back else None)
        if "turn-order-dropped" in dropped:
            continue
        assert [(t.player, set(t.cells), t.numbers) for t in back[0].turns] == [
            (t.player, set(t.cells), t.numbers) for t in game.turns
        ]


@fuzz_settings
@given(mutated(), st.sampled_from([".sgf", ".json", ".jsonl", ".genius", ".numbers", ".rga", ".txt"]))
def test_the_command_line_never_fails_with_a_bug(tmp_path_factory, data, ending):
    path = tmp_path_factory.mktemp("fuzz") / f"input{ending}"
    path.write_bytes(data)
    for command in (["verify", "--json"], ["adjudicate", "--json"]):
        result = run(*command, str(path))
        assert result.exit_code in (0, 1, 3, 5), (command, result.output)  # 5: nothing read
        for line in result.stdout.splitlines():
            json.loads(line)
    converted = run("convert", str(path), "--to", "json")
    assert converted.exit_code in (0, 1, 3, 5), converted.output


def test_the_seed_corpus_is_read_as_the_hostile_cases_say():
    # The seeds themselves, read as they are: each is one of issue 11's cases, with its error.
    def codes(name: str) -> list[str | None]:
        return [g.reading_error.code if g.reading_error else None for g in cn.read(HERE / "corpus" / name)]

    assert codes("lg-huge-size.sgf") == ["limit"]
    assert codes("json-deep.jsonl") == ["limit"]
    assert codes("numbers-huge.numbers") == ["limit"]
    assert len(codes("json-pretty-typo.json")) == 1
    assert codes("lg-missing-close.sgf")[1] is None  # the game after the broken one is read
    assert codes("lg-value-never-closed.sgf")[1] is None
    assert all(isinstance(e, CatchupError) for g in cn.read(HERE / "corpus") for e in g.errors)
