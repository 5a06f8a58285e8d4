"""The ladder's baseline player and bookkeeping (benchmarks/uct_baseline.py, benchmarks/ladder.py):
the baseline plays whole legal games, the Elo figures come from the score, and a run resumes."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

import catchup_notation as cn
from catchup_notation.rules.hexgame import HexGame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import ladder
from uct_baseline import UctPlayer


def test_baseline_plays_a_whole_game_of_legal_turns() -> None:
    game = cn.new_game("catchup(size=3)")
    assert isinstance(game, HexGame)
    player = UctPlayer(seed=3)
    while not game.over:
        game.play(player.choose(game, playouts=40))  # play() refuses an illegal turn
        assert player.playouts == 40
    assert game.empty == 0


def test_baseline_searching_beats_one_playout() -> None:
    # On side 3, 200 playouts a turn against 1 (a random turn, near enough): the search must tell.
    game = cn.new_game("catchup(size=3)")
    assert isinstance(game, HexGame)
    player = UctPlayer(seed=1)
    wins = 0
    for seed in range(3):
        trial = game.copy()
        player.rng.seed(seed)
        while not trial.over:
            trial.play(player.choose(trial, playouts=200 if trial.mover == 1 else 1))
        wins += trial.score().winner == 1
    assert wins >= 2


def test_baseline_refuses_constrained_variants() -> None:
    game = cn.new_game("alternative(size=3)")
    assert isinstance(game, HexGame)
    with pytest.raises(ValueError, match="unconstrained"):
        UctPlayer().choose(game, playouts=1)


def test_elo_and_interval() -> None:
    assert ladder.elo(0.5) == 0
    assert ladder.elo(0.75) == pytest.approx(190.8, abs=0.1)
    assert ladder.elo(1.0) == math.inf and ladder.elo(0.0) == -math.inf
    low, high = ladder.wilson(60, 100)
    assert low < 0.6 < high and low == pytest.approx(0.502, abs=0.001) and high == pytest.approx(0.690, abs=0.001)


def test_a_run_resumes_from_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, str]] = []

    def fake_game(first: str, second: str, seconds: float, seed: int) -> tuple[int | None, int, dict[str, float]]:
        played.append((first, second))
        return (1 if first == "L2" else None), 10, {"L2": 100.0 * len(played), "uct": 7.0}

    monkeypatch.setattr(ladder, "play_game", fake_game)
    out = tmp_path / "ladder.json"
    ladder.run_pairing(out, ladder.load(out), "L2-uct", 0.1, 3)
    assert played == [("L2", "uct"), ("uct", "L2"), ("L2", "uct")]
    ladder.run_pairing(out, ladder.load(out), "L2-uct", 0.1, 4)  # one more game, not four
    assert played[3:] == [("uct", "L2")]
    scores = [g["score_a"] for g in json.loads(out.read_text())["pairings"]["L2-uct"]["games"]]
    assert scores == [1.0, 0.5, 1.0, 0.5]
    (row,) = [line for line in ladder.table(ladder.load(out)).splitlines() if line.startswith("L2-uct")]
    assert row.split()[1:3] == ["4", "75.0%"] and row.endswith("250 / 7")  # mean playouts of 100..400
    with pytest.raises(SystemExit, match=r"0\.1 s a turn"):
        ladder.run_pairing(out, ladder.load(out), "L2-uct", 0.2, 5)


def test_a_level_player_may_carry_changed_settings() -> None:
    engine, level = ladder.level_player("L9/count_tries=2/exploration=0.6", seed=1)
    assert level == 9 and engine.settings is not None
    assert (engine.settings.count_tries, engine.settings.exploration, engine.settings.near_tries) == (2, 0.6, 0)
    engine, level = ladder.level_player("L4", seed=1)
    assert level == 4 and engine.settings is None  # the level's own
    with pytest.raises(SystemExit, match="not a setting"):
        ladder.level_player("L9/speed=3", seed=1)


def test_the_equal_speed_baseline_keeps_plain_settings() -> None:
    plain = ladder.PLAIN
    assert (plain.exploration, plain.fpu_reduction, plain.rave, plain.near_tries, plain.count_tries, plain.mast) == (
        0.4,
        0.0,
        0.0,
        0,
        0,
        0.0,
    )
