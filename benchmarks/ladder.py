"""The engine's Elo ladder: colour-balanced matches on side 5 at equal time per turn.

    python benchmarks/ladder.py [--time 0.25] [--games 100] [--out ladder.json] [PAIRING ...]
    python benchmarks/ladder.py --table --out ladder.json      # the table only, no games

A player is `uct` (the plain UCT baseline of benchmarks/uct_baseline.py, random playouts, pure
Python), `L1`..`L9` (the engine at that level, one thread, the compiled core where it is built) or
`M` (the engine's own tree search with the exact solver turned off, no playout cap and settings
of its own that stay fixed whatever the engine's defaults become: plain MCTS with uniformly random
playouts at the engine's speed, the baseline of equal speed).
A level may carry changed search settings, for trying them against the others: `L9/count_tries=2`
or `L9/exploration=0.6/fpu_reduction=0.1` (fields of catchup_notation.engine.mcts.Settings, each
`/name=value`, on top of the level's own).
A pairing `A-B` plays `--games` games, A taking the first move in the even games and B in the odd
ones, every turn within `--time` seconds (a level's playout cap may end its turn sooner). After
every game the results go to the JSON file `--out`, so a run stopped at any point resumes where it
was, and a larger `--games` later adds games to the pairings already played. The table gives each
pairing's score for A, the Elo difference A - B it stands for and its 95% interval (the Wilson
interval of the score, each end mapped to Elo: a draw counts half a game won), and each
player's mean playouts a turn, which tell whether the time or a level's cap ended its turns.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from uct_baseline import UctPlayer

import catchup_notation as cn
from catchup_notation.engine import Engine, Limit
from catchup_notation.engine.levels import level_settings
from catchup_notation.engine.mcts import Settings
from catchup_notation.rules.hexgame import HexGame

VARIANT = "catchup(size=5)"
#: The pairings played when none is named: the baseline against the levels, then each level
#: against the one below it (as far as the machine gets, in this order).
PAIRINGS = (
    "L9-uct",
    "L1-uct",
    "L3-uct",
    "L5-uct",
    "L2-L1",
    "L3-L2",
    "L4-L3",
    "L5-L4",
    "L6-L5",
    "L7-L6",
    "L8-L7",
    "L9-L8",
)
Z = 1.959963984540054
#: The settings of `M`, fixed: UCT's constant 0.4, first-play urgency at the parent's mean, no RAVE,
#: uniformly random cells and counts in the playouts.
PLAIN = Settings(exploration=0.4, fpu_reduction=0.0, rave=0.0, near_tries=0, count_tries=0, mast=0.0)


def wilson(score: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a chance seen as `score` in `n` games."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = score / n, Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo(p: float) -> float:
    """The Elo difference a score share `p` stands for (+-inf at 1 and 0)."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def level_player(name: str, seed: int) -> tuple[Engine, int]:
    """The engine a level player `L<n>` (or `L<n>/field=value/...`) plays with, and its level."""
    level, *changes = name.split("/")
    settings = None
    if changes:
        fields = {field.name: field.type for field in attrs.fields(Settings)}
        given: dict[str, Any] = {}
        for change in changes:
            key, _, value = change.partition("=")
            if key not in fields or not value:
                raise SystemExit(f"{name}: {change!r} is not a setting=value of the search ({', '.join(fields)})")
            given[key] = float(value) if fields[key] in (float, "float") else int(value)
        settings = attrs.evolve(level_settings(int(level[1:]))[0], **given)
    return Engine(threads=1, seed=seed, settings=settings), int(level[1:])


def play_game(first: str, second: str, seconds: float, seed: int) -> tuple[int | None, int, dict[str, float]]:
    """One game: the winner's seat (1 first, 2 second, None a draw), its length in turns, and
    each player's mean playouts a turn (what tells whether the time or a level's cap ended its
    turns)."""
    game = cn.new_game(VARIANT)
    assert isinstance(game, HexGame)
    names = {1: first, 2: second}
    playouts: dict[int, list[int]] = {1: [], 2: []}
    players = {name: level_player(name, seed) for name in (first, second) if name not in ("uct", "M")}
    with Engine(threads=1, seed=seed, solver=False, settings=PLAIN) as plain:
        baseline = UctPlayer(seed=seed)
        while not game.over:
            name = names[game.mover]
            if name == "uct":
                turn = baseline.choose(game, seconds=seconds)
                playouts[game.mover].append(baseline.playouts)
            else:
                searcher, limit = (
                    (plain, Limit(time=seconds))
                    if name == "M"
                    else (players[name][0], Limit(time=seconds, level=players[name][1]))
                )
                result = searcher.play(game, limit)
                # A lost game is played to its end (the turn comes with a resignation too): the
                # score counts only finished games.
                assert result.turn is not None
                turn = result.turn
                playouts[game.mover].append(result.analysis.playouts)
            game.play(turn)
    means = {names[seat]: sum(counts) / len(counts) for seat, counts in playouts.items() if counts}
    return game.score().winner, game.turns_played, means


def load(path: Path) -> dict[str, Any]:
    if path.exists():
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    return {"variant": VARIANT, "pairings": {}}


def save(path: Path, data: dict[str, Any]) -> None:
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=1))
    os.replace(temporary, path)  # never a half-written checkpoint


def run_pairing(path: Path, data: dict[str, Any], pairing: str, seconds: float, games: int) -> None:
    a, b = pairing.split("-")
    record = data["pairings"].setdefault(pairing, {"time": seconds, "games": []})
    if record["time"] != seconds:
        raise SystemExit(f"{pairing} was played at {record['time']} s a turn, not {seconds}: use another --out")
    while len(record["games"]) < games:
        i = len(record["games"])
        first, second = (a, b) if i % 2 == 0 else (b, a)
        start = time.perf_counter()
        winner, turns, playouts = play_game(first, second, seconds, seed=1000 + i)
        score_a = 0.5 if winner is None else 1.0 if (winner == 1) == (first == a) else 0.0
        record["games"].append({"first": first, "score_a": score_a, "turns": turns, "playouts": playouts})
        record.setdefault("load", []).append(os.getloadavg()[0])
        save(path, data)
        done = record["games"]
        print(
            f"{pairing} game {i + 1}: {first} first, {a} scores {score_a} "
            f"({sum(g['score_a'] for g in done)}/{len(done)}, {turns} turns, {time.perf_counter() - start:.0f} s)",
            flush=True,
        )


def mean_playouts(games: list[dict[str, Any]], name: str) -> str:
    """A player's playouts a turn over the games that noted them ('-' where none did)."""
    noted = [g["playouts"][name] for g in games if name in g.get("playouts", {})]
    return f"{sum(noted) / len(noted):.0f}" if noted else "-"


def table(data: dict[str, Any]) -> str:
    width = max([10, *(len(pairing) for pairing in data["pairings"])])
    lines = [
        f"{'pairing':{width}} {'games':>5} {'score A':>8} {'Elo A-B':>8} {'95% interval':>16} {'s/turn':>6} {'load':>5}"
        f" {'playouts A / B':>16}",
    ]
    for pairing, record in data["pairings"].items():
        games = record["games"]
        n = len(games)
        if not n:
            continue
        score = sum(g["score_a"] for g in games)
        low, high = wilson(score, n)
        loads = record.get("load", [])
        load_text = f"{sum(loads) / len(loads):5.1f}" if loads else "    -"
        a, b = pairing.split("-")
        playouts = f"{mean_playouts(games, a)} / {mean_playouts(games, b)}"
        lines.append(
            f"{pairing:{width}} {n:5} {score / n:8.1%} {elo(score / n):8.0f} "
            f"{f'[{elo(low):.0f}, {elo(high):.0f}]':>16} {record['time']:6.2f} {load_text} {playouts:>16}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairings", nargs="*", help="pairings A-B to play (default: the ladder's list)")
    parser.add_argument("--time", type=float, default=0.25, help="seconds a turn, both players")
    parser.add_argument("--games", type=int, default=100, help="games a pairing")
    parser.add_argument("--out", type=Path, default=Path("ladder.json"), help="the results file (resumed)")
    parser.add_argument("--table", action="store_true", help="print the table of the results file and stop")
    args = parser.parse_args()
    data = load(args.out)
    if not args.table:
        for pairing in args.pairings or PAIRINGS:
            run_pairing(args.out, data, pairing, args.time, args.games)
    print(table(data))


if __name__ == "__main__":
    main()
