"""Several games given to a writer: every notation either writes them so that they read back as the
same games, or refuses them with a clear error (a notation that holds one game a file); never a
file the library cannot read back, and never an exit code of 0 with one."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_records import random_game, run, write_lg

import catchup_notation as cn
from catchup_notation import formats
from catchup_notation.errors import WriteError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def two_games(family: str) -> list[cn.Record]:
    if family == "numbers":
        return [game.record for game in cn.read(str(EXAMPLES / "isaksen-2015.numbers"))][:2]
    return [random_game(1), random_game(2)]


@pytest.mark.parametrize("name", formats.names())
def test_several_games_read_back_as_written_or_are_refused(name):
    records = two_games(formats.get(name).family)
    assert len(records) == 2
    try:
        text, _ = formats.write_text(records, name)
    except WriteError as exc:
        assert exc.code == "several-games"
        assert "one game" in exc.message
        assert "several" not in formats.get(name).carries
        return
    assert "several" in formats.get(name).carries
    back = list(cn.read_text(text, format=name, variant=records[0].variant))
    assert [game.reading_error for game in back] == [None, None]
    assert [[set(t.cells) for t in game.turns] for game in back] == [[set(t.cells) for t in r.turns] for r in records]


@pytest.mark.parametrize("name", formats.names())
def test_one_game_is_written_by_every_notation_of_its_family(name):
    record = two_games(formats.get(name).family)[0]
    text, _ = formats.write_text([record], name)
    back = list(cn.read_text(text, format=name, variant=record.variant))
    assert [game.readable for game in back] == [True]


def test_convert_refuses_several_games_to_genius_and_writes_nothing(tmp_path):
    collection = write_lg(tmp_path / "collection.sgf", random_game(1), random_game(2), random_game(3))
    target = tmp_path / "all.genius"
    result = run("convert", str(collection), "--to", "genius", "-o", str(target))
    assert result.exit_code == 1, result.output
    assert "holds one game per file" in result.stderr
    assert not target.exists()


def test_convert_of_one_game_to_genius_reads_back(tmp_path):
    single = write_lg(tmp_path / "one.sgf", random_game(4))
    target = tmp_path / "one.genius"
    result = run("convert", str(single), "-o", str(target))
    assert result.exit_code == 0, result.output
    verified = run("verify", str(target))
    assert verified.exit_code == 0, verified.output
