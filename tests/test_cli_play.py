"""`catchup play` driven through its standard input: two people, or a person against an engine
(here a protocol engine in another process, the test double; tests/test_engine_command.py plays
the built-in engine), undo, refusals, resigning, leaving, and the game saved in a notation."""

from __future__ import annotations

import shlex

from cli_records import run
from protocol_driver import double_command
from reference_rules import Reference

import catchup_notation as cn

DOUBLE = shlex.join(double_command(0.01))


def saved(path) -> cn.Game:
    games = list(cn.read(str(path)))
    assert len(games) == 1 and not games[0].errors, games
    return games[0]


def test_two_people_undo_refusals_and_the_game_saved(tmp_path):
    save = tmp_path / "game.sgf"
    typed = "e5\nd4f6\nundo\nzz9\nD4 F6\nboard\nA1 A2 A3\nc3\nquit\n"
    result = run("play", "--engine-plays", "none", "--save", str(save), input=typed)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "White to move (1 stone): e5" in out
    assert "Black to move (1/2 stones): d4f6" in out
    assert out.count("after turn 1: Black to move") >= 2  # shown again after the undo
    assert "Not played: 'zz9' names no cell" in out
    assert "Not played: turn 3, White: 3 stones, but only 1 or 2 are allowed" in out
    assert "The game is left unfinished." in out
    game = saved(save)
    assert [game.turn_text(t) for t in game.turns] == ["E5", "D4 F6", "C3"]


def test_a_game_to_the_end_against_an_engine_refereed(tmp_path):
    """Side 3, the person's turns typed from the separate rules implementation's own choice;
    every engine turn in the saved record is legal by that implementation, and the result
    line is the library's."""
    save = tmp_path / "game.json"
    referee = Reference("catchup", 3)
    # The person is White and types every cell in reading order, one a turn: those the engine took
    # are refused, and each turn takes the first empty one, which is always legal.
    cells = [f"{row}{k}" for row, width in zip("ABCDE", (3, 4, 5, 4, 3), strict=True) for k in range(1, width + 1)]
    typed = "\n".join(cells) + "\n"
    result = run(
        "play",
        "--variant",
        "catchup(size=3)",
        "--engine-command",
        DOUBLE,
        "--save",
        str(save),
        "--to",
        "json",
        input=typed,
    )
    assert result.exit_code == 0, result.output
    game = saved(save)
    assert game.verify().valid
    for turn in game.turns:
        assert referee.verdict(turn.player, list(turn.cells)) is None
        referee.play(turn.player, list(turn.cells))
    assert referee.over()
    assert game.result().explanation in result.stdout
    assert "Black (engine) plays" in result.stdout
    assert "Saved the game" in result.stdout


def test_undo_against_the_engine_takes_back_its_reply_too(tmp_path):
    result = run("play", "--engine-command", DOUBLE, input="e5\nundo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("White to move (1 stone)") == 3  # at the start, after the undo, and again
    assert "Nothing to undo: you have not played yet." in out


def test_the_engine_can_open_and_a_person_can_resign(tmp_path):
    save = tmp_path / "game.sgf"
    result = run("play", "--engine-plays", "white", "--engine-command", DOUBLE, "--save", str(save), input="resign\n")
    assert result.exit_code == 0, result.output
    assert "White (engine) plays" in result.stdout
    assert "White wins: Black resigned." in result.stdout
    game = saved(save)
    assert len(game.turns) == 1 and game.record.resigned == 2


def test_usage_errors():
    assert run("play", "--engine-plays", "purple").exit_code == 2
    assert run("play", "--variant", "catch-up").exit_code == 2
    assert run("play", "--save", "game.unknown-ending").exit_code == 2
    assert run("play", "--to", "nonsense").exit_code == 2
