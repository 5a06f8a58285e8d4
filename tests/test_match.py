"""The match runner (benchmarks/match.py): colour-swapped pairs from shared openings, every turn
refereed by the separate rules implementation (an illegal turn loses and is reported), results
that resume from their file, and the score's statistics."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from protocol_driver import double_command

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import match
from match_stats import elo, summary

DOUBLE = " ".join(double_command(0.01))

#: An engine that speaks the protocol but always answers genmove with A1 (illegal once A1 is taken).
STUBBORN = """
import sys
for line in sys.stdin:
    words = line.split()
    ident = words[0] if words and words[0].isdigit() else ""
    name = words[1] if ident else (words[0] if words else "")
    answers = {"protocol_version": "2", "name": "stubborn", "version": "1", "genmove": "A1"}
    sys.stdout.write(f"={ident} {answers.get(name, '')}".rstrip() + "\\n\\n")
    sys.stdout.flush()
    if name == "quit":
        break
"""


def results(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_pairs_swap_colours_from_one_opening_and_every_turn_is_legal(tmp_path, capsys):
    out = tmp_path / "match.jsonl"
    common = ["--first", DOUBLE, "--second", DOUBLE, "--size", "3", "--time", "0.05", "--results", str(out)]
    assert match.main([*common, "--games", "4", "--opening", "2"]) == 0
    lines = results(out)
    assert lines[0]["match"]["size"] == 3
    games = lines[1:]
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    assert [g["first"] for g in games] == ["first", "second", "first", "second"]
    for a, b in ((games[0], games[1]), (games[2], games[3])):
        assert a["turns"][:2] == b["turns"][:2]  # the pair's shared opening
    assert games[0]["turns"][:2] != games[2]["turns"][:2]
    assert all(g["reason"] == "end" for g in games)
    printed = capsys.readouterr().out
    assert "of 4 games" in printed and "Elo" in printed and "over 3T" in printed
    # run again with more games: the four are kept, two more played
    assert match.main([*common, "--games", "6", "--opening", "2"]) == 0
    again = results(out)
    assert [g["game"] for g in again[1:]] == [0, 1, 2, 3, 4, 5]
    assert again[1:5] == games
    assert "going on with 4 games done" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="other settings"):
        match.main([*common, "--games", "6", "--opening", "3"])


def test_an_illegal_turn_loses_and_is_reported(tmp_path, capsys):
    stubborn = tmp_path / "stubborn.py"
    stubborn.write_text(STUBBORN, encoding="utf-8")
    out = tmp_path / "match.jsonl"
    args = ["--first", f"{sys.executable} {stubborn}", "--second", DOUBLE, "--size", "3", "--opening", "0"]
    assert match.main([*args, "--games", "2", "--results", str(out)]) == 0
    games = results(out)[1:]
    for game in games:
        assert game["reason"].startswith("first engine ")
        assert "illegal turn" in game["reason"] and "A1" in game["reason"]
        loser = 1 if game["first"] == "first" else 2
        assert game["winner"] == 3 - loser
    printed = capsys.readouterr().out
    assert "0.0% [" in printed and "of 2 games" in printed and "illegal turn" in printed


def test_an_engine_that_cannot_start_loses(tmp_path):
    out = tmp_path / "match.jsonl"
    args = ["--first", "/no/such/engine", "--second", DOUBLE, "--size", "3", "--games", "2", "--results", str(out)]
    assert match.main(args) == 0
    assert all("could not be started" in g["reason"] for g in results(out)[1:])


def test_elo_and_its_interval():
    assert elo(0.5) == 0
    assert elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(0.0) == -math.inf and elo(1.0) == math.inf
    # ten pairs: six won 2-0, four split 1-1 -> score 0.8
    points = [1.0, 1.0] * 6 + [1.0, 0.0] * 4
    pairs = [(1.0, 1.0)] * 6 + [(1.0, 0.0)] * 4
    found = summary(points, pairs)
    assert found.score == pytest.approx(0.8) and (found.wins, found.draws, found.losses) == (16, 0, 4)
    pair_scores = [1.0] * 6 + [0.5] * 4
    mean = sum(pair_scores) / 10
    error = math.sqrt(sum((x - mean) ** 2 for x in pair_scores) / 9 / 10)  # the sample error of pair means
    assert found.error == pytest.approx(error)
    assert found.low < found.elo < found.high
    assert elo(0.8 - 1.959964 * error) == pytest.approx(found.low)
    assert found.score_low == pytest.approx(0.8 - 1.959964 * error)
    sweep = summary([1.0] * 40, [(1.0, 1.0)] * 20)  # no spread: Wilson on the 20 pairs
    assert sweep.score_high == 1.0 and sweep.high == math.inf
    assert sweep.score_low == pytest.approx(20 / (20 + 1.959964**2)) and 250 < sweep.low < 300
    near = summary([1.0] * 39 + [0.0], [(1.0, 1.0)] * 19 + [(1.0, 0.0)])  # normal would pass 1
    assert 0 < near.score_low < 0.975 < near.score_high <= 1.0 and math.isfinite(near.low)
    assert "97.5% [" in near.text("a", "b")
    alone = summary([1.0, 0.0, 0.5], [])  # no pairs: games are the samples
    assert alone.score == pytest.approx(0.5) and alone.draws == 1
    assert alone.error == pytest.approx(math.sqrt((0.25 + 0.25 + 0) / 2 / 3))
