"""Several games to one notation: every writer gives a text that reads back as the same games, or
refuses with `several` when its notation holds one game per text (nothing half written)."""

from __future__ import annotations

import pytest
from cli_records import random_game, run, write_lg

import catchup_notation as cn
from catchup_notation import formats
from catchup_notation.errors import WriteError

HEX_WRITERS = sorted(name for name in formats.names() if formats.get(name).family in ("hex", "any"))


def test_every_hex_writer_is_checked():
    assert {"lg", "rga", "genius", "abstractplay", "json"} <= set(HEX_WRITERS)


@pytest.mark.parametrize("target", HEX_WRITERS)
def test_several_games_read_back_as_several_or_are_refused(target):
    games = [random_game(1), random_game(2, turns=9), random_game(3, turns=4)]
    try:
        text, _ = formats.write_text(games, target)
    except WriteError as exc:
        assert exc.code == "several" and "several" not in formats.get(target).carries
        return
    back = list(cn.read_text(text, format=target, variant="catchup(size=5)"))
    assert [game.readable for game in back] == [True, True, True], [g.reading_error for g in back]
    assert [len(game.record.turns) for game in back] == [len(g.turns) for g in games]


def test_one_game_to_a_one_game_notation_is_written(tmp_path):
    source = write_lg(tmp_path / "one.sgf", random_game(4))
    result = run("convert", str(source), "--to", "genius", "-o", str(tmp_path / "one.genius"))
    assert result.exit_code == 0, result.output
    assert run("verify", str(tmp_path / "one.genius")).exit_code == 0


def test_several_games_to_a_one_game_notation_write_nothing_and_fail(tmp_path):
    source = write_lg(tmp_path / "all.sgf", random_game(1), random_game(2, turns=9))
    target = tmp_path / "all.genius"
    result = run("convert", str(source), "--to", "genius", "-o", str(target))
    assert result.exit_code == 1 and not target.exists()
    assert "one game per text" in result.stderr
    stdout = run("convert", str(source), "--to", "genius")
    assert stdout.exit_code == 1 and stdout.stdout == ""
