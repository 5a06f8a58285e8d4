"""`catchup engine` and `catchup play` with the built-in engine, as a user runs them: the command
line's options, what goes to standard error, the client giving what the in-process engine gives,
and whole games through both commands checked by the separate rules implementation."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_records import run
from helpers import cell
from protocol_driver import ROOT, Driver, engine_command
from reference_rules import Reference

import catchup_notation as cn
from catchup_notation.engine import Engine
from catchup_notation.engine.analysis import Limit
from catchup_notation.protocol import Line, popen

QUICK = ("--level", "1", "--threads", "1", "--seed", "3")


def session(*options: str, commands: str) -> subprocess.CompletedProcess[str]:
    """A whole run of `catchup engine` on the commands given, as text."""
    return subprocess.run(
        engine_command(*options), input=commands, capture_output=True, text=True, timeout=120, cwd=ROOT, check=False
    )


def replies(stdout: str) -> list[str]:
    """The replies of a session, each its lines joined (the empty line that ends it dropped)."""
    return [block for block in stdout.split("\n\n") if block]


def test_options_variant_banner_and_quiet():
    done = session(*QUICK, "--variant", "ketchup-3(size=4)", commands="showboard\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "ketchup-3(size=4), after turn 0" in done.stdout
    assert "ketchup-3(size=4), level 1, 1 thread, seed 3" in done.stderr  # the banner, for people
    quiet = session(*QUICK, "--quiet", commands="genmove w\nquit\n")
    assert quiet.returncode == 0 and quiet.stderr == ""
    assert replies(quiet.stdout)[0].startswith("= ") and replies(quiet.stdout)[-1] == "="


@pytest.mark.parametrize(
    "options",
    [("--variant", "catch-up"), ("--variant", "catchup(size=1)"), ("--level", "0"), ("--threads", "0"), ("--bogus",)],
)
def test_usage_errors_exit_2_before_reading_a_command(options):
    done = session(*options, commands="name\n")
    assert done.returncode == 2, (options, done.stdout, done.stderr)
    assert done.stdout == ""


def test_the_seed_repeats_a_run_and_the_level_caps_the_search():
    commands = "play w E5\ngenmove b\ngenmove w\nquit\n"
    first = session(*QUICK, "--quiet", commands=commands)
    again = session(*QUICK, "--quiet", commands=commands)
    assert first.returncode == again.returncode == 0
    assert replies(first.stdout) == replies(again.stdout)
    level_one = session(*QUICK, commands="genmove w\nquit\n")
    assert "32 playouts" in level_one.stderr  # level 1's cap, without a time


def test_the_client_gives_what_the_in_process_engine_gives():
    """One thread, a seed and playouts as the limit: the engine in another process searches the
    same tree as the one in this process, so the candidates and their visits agree."""
    game = next(iter(cn.read_text("(;FF[4]SZ[5];W[e5];B[d4f6])", format="lg")))
    limit = Limit(playouts=300)
    with Engine(threads=1, seed=11) as engine:
        here = engine.analyse(game, limit, candidates=3)
    with popen(engine_command("--threads", "1", "--seed", "11"), stderr=subprocess.DEVNULL) as client:
        there = client.analyse(game, limit, candidates=3)
    assert there.best == here.best and there.line == here.line
    assert [c.turn for c in there.candidates] == [c.turn for c in here.candidates]
    assert [c.value.visits for c in there.candidates] == [c.value.visits for c in here.candidates]
    assert there.playouts == here.playouts and there.seed == here.seed
    assert abs(there.value.win - here.value.win) < 1e-3


def test_a_game_of_genmoves_refereed_then_undone_to_the_start():
    driver = Driver(engine_command(*QUICK, "--no-resign"))  # to the end, lost or not
    try:
        driver.ok("boardsize 3")
        referee = Reference("catchup", 3)
        answers = []
        while not referee.over():
            mover = referee.mover()
            answer = driver.ok(f"genmove {'wb'[mover - 1]}")
            cells = [cell(name, 3) for name in answer.split()]
            assert referee.verdict(mover, cells) is None, (answer, referee.history)
            referee.play(mover, cells)
            answers.append(answer)
        assert driver.ok("final_score").startswith({None: "0", 1: "W+", 2: "B+"}[referee.winner()])
        for _ in answers:
            driver.ok("undo")
        assert "after turn 0" in driver.ok("showboard")
    finally:
        assert driver.close() == 0


def test_play_against_the_built_in_engine_to_the_end(tmp_path):
    """The person (White) types the first empty cell in reading order each turn; cells the
    engine took are refused and the next one is tried: every turn the game gets is legal."""
    save = tmp_path / "game.rga"
    cells = [f"{row}{k}" for row, width in zip("ABCDE", (3, 4, 5, 4, 3), strict=True) for k in range(1, width + 1)]
    result = run("play", "--variant", "catchup(size=3)", *QUICK, "--save", str(save), input="\n".join(cells) + "\n")
    assert result.exit_code == 0, result.output
    games = list(cn.read(str(save)))
    assert len(games) == 1 and not games[0].errors
    game = games[0]
    referee = Reference("catchup", 3)
    for turn in game.turns:
        assert referee.verdict(turn.player, list(turn.cells)) is None
        referee.play(turn.player, list(turn.cells))
    assert referee.over() and game.verify().valid
    assert game.result().winner == referee.winner()
    assert "Black (engine) plays" in result.stdout and "the board is full" in result.stdout


def test_play_with_the_engine_on_both_sides_needs_no_input(tmp_path):
    save = tmp_path / "game.json"
    result = run(
        "play", "--variant", "catchup(size=3)", "--engine-plays", "both", *QUICK, "--save", str(save), "--to", "json"
    )
    assert result.exit_code == 0, result.output
    game = next(iter(cn.read(str(save))))
    assert game.verify().valid and game.engine().over


def test_a_line_names_a_position_for_the_client():
    with popen([sys.executable, "-m", "catchup_notation", "engine", *QUICK], stderr=subprocess.DEVNULL) as client:
        result = client.play(Line("catchup(size=4)"), Limit(level=1))
        assert result.turn is not None and result.turn.player == 1
        assert "catchup(size=4), after turn 1" in client.command("showboard")
    assert client.process.returncode == 0
