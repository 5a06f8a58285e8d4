"""The independent player of the engine's matches (benchmarks/independent_uct.cpp): compiled with
g++ where there is one, it speaks the protocol a match needs, plays whole games that the separate
rules implementation of the tests finds legal turn by turn, and its rules agree with that
implementation on which turns are legal (the catch-up rule's third stone included) and on who
wins."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from protocol_driver import double_command

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import match
from match_referee import Referee

from catchup_notation.protocol.client import EngineError, popen

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="the independent player is C++: no g++ here")


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    built = tmp_path_factory.mktemp("independent") / "independent_uct"
    source = BENCHMARKS / "independent_uct.cpp"
    subprocess.run(["g++", "-O2", "-std=c++17", str(source), "-o", str(built)], check=True)
    return built


def test_it_plays_whole_refereed_games_through_the_protocol(program, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    double = " ".join(double_command(0.01))
    args = ["--first", f"{program} --seed 3", "--second", double, "--size", "3", "--time", "0.02"]
    assert match.main([*args, "--games", "2", "--opening", "1", "--results", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()][1:]
    assert len(games) == 2
    for game in games:
        assert game["reason"] == "end", game["reason"]  # no illegal turn, no refusal, no crash
        assert sum(len(turn.split()) for turn in game["turns"]) == 19  # the side-3 board filled
    assert "over 3T" in capsys.readouterr().out


def test_its_rules_and_scores_agree_with_the_reference(program):
    rng = random.Random(5)
    engine = popen([str(program), "--seed", "1"], timeout=20)
    try:
        assert engine.name == "independent-uct"
        with pytest.raises(EngineError, match="unknown command"):
            engine.command("frobnicate")
        tried = {True: 0, False: 0}
        threes = 0  # legal three-stone turns: the catch-up rule granted them
        for game in range(6):
            side = 3 + game % 2
            referee = Referee("catchup", side, ("white", "black"))
            for command in (f"boardsize {side}", "variant catchup", "clear_board"):
                engine.command(command)
            names = list(referee.cells)
            while not referee.over:
                mover = referee.mover
                letter = "wb"[mover - 1]
                # a turn of 1 to 3 cells, some of them taken or repeated now and then
                cells = [referee.cells[name] for name in rng.sample(names, rng.choice((1, 2, 3, 3)))]
                text = referee.text(cells, None, mover)
                legal = referee.broken(mover, cells, None) is None
                try:
                    engine.command(f"play {letter} {text}")
                    accepted = True
                except EngineError:
                    accepted = False
                assert accepted == legal, (text, referee.broken(mover, cells, None))
                tried[legal] += 1
                if legal:
                    referee.play(mover, cells, None)
                    threes += len(cells) == 3
            first, second = referee.groups()
            score = engine.command("final_score").split()
            assert score[0] == {1: "W+", 2: "B+"}[referee.winner()]
            assert score[1:] == ["W", *map(str, first), "B", *map(str, second)]
        assert tried[True] > 50 and tried[False] > 50 and threes > 3
    finally:
        engine.close()


def test_it_answers_genmove_within_its_time_and_the_turn_is_legal(program):
    engine = popen([str(program), "--seed", "2"], timeout=20)
    try:
        for command in ("boardsize 5", "variant catchup(size=4)", "clear_board", "play w D4", "time_settings 0 0.05 1"):
            engine.command(command)
        engine.command("time_left b 0.05 1")
        turn = engine.command("genmove b").split()
        referee = Referee("catchup", 4, ("white", "black"))
        referee.play(1, [referee.cells["D4"]], None)
        cells, _ = referee.read(" ".join(turn), 2)
        assert referee.broken(2, cells, None) is None
        words = engine.command("last_search").split()
        assert int(words[1]) > 0 and float(words[3]) < 0.15
        with pytest.raises(EngineError, match="unknown variant"):
            engine.command("variant ketchup-3")
    finally:
        engine.close()
