"""How well the engine's estimates predict the exact values (run on demand, resumable:
python benchmarks/bench_engine_calibration.py --positions 100 --time 1 --state /work/calibration.json).

Positions come from the engine's self-play on side 5 (catchup; a search of --selfplay playouts a
turn, one turn in four a random one for variety), each game stopped at the first position with
between --low and --high empty cells (22 to 24). The exact solver values each (up to --solve-time
seconds; a position it does not finish is left out and counted). The engine then analyses each at
--time seconds a position, with its defaults (every core, the solver at its usual reach), and its
predicted winner (a chance of winning above one half for the player to move) is compared with the
exact one. Printed: agreement with its 95% interval, the Brier score of the win chances (mean of
(chance - outcome)^2; 0.25 is a coin's) and the same by empty cells. Everything found is kept in
--state (positions, exact values, the engine's chances) so that a run stopped at any point goes
on where it stopped; --again re-runs the engine's part on positions already valued exactly.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

from catchup_notation.engine import Engine, Limit
from catchup_notation.model import Turn
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import EndgameTimeout, solve_endgame

VARIANT = "catchup(size=5)"


def replayed(turns: list[list[Any]]) -> HexGame:
    game = parse_variant(VARIANT).new_game()
    assert isinstance(game, HexGame)
    for player, cells in turns:
        game.play(Turn(player, tuple(tuple(c) for c in cells)))
    return game


def selfplay_position(seed: int, low: int, high: int, playouts: int) -> list[list[Any]] | None:
    """The turns of a self-play game up to its first position with low..high empty cells."""
    rng = random.Random(seed)
    game = parse_variant(VARIANT).new_game()
    assert isinstance(game, HexGame)
    turns: list[list[Any]] = []
    engine = Engine(seed=seed, threads=1)
    while not game.over:
        if low <= game.empty <= high:
            return turns
        if game.empty < low:
            return None
        turn = game.random_turn(rng) if rng.random() < 0.25 else engine.play(game, Limit(playouts=playouts)).turn
        assert turn is not None
        game.play(turn)
        turns.append([turn.player, [list(c) for c in turn.cells]])
    return None


def load(path: Path) -> dict[str, Any]:
    if path.exists():
        found: dict[str, Any] = json.loads(path.read_text())
        return found
    return {"positions": []}


def save(path: Path, state: dict[str, Any]) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(state))
    os.replace(temp, path)


def interval(hits: int, n: int) -> tuple[float, float]:
    z = 1.96
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--low", type=int, default=22)
    parser.add_argument("--high", type=int, default=24)
    parser.add_argument("--time", type=float, default=1.0, help="the engine's seconds a position")
    parser.add_argument("--selfplay", type=int, default=2000, help="playouts a turn of the self-play")
    parser.add_argument("--solve-time", type=float, default=300.0)
    parser.add_argument("--state", type=Path, default=Path("/tmp/catchup-calibration.json"))
    parser.add_argument("--again", action="store_true", help="analyse again with the engine as it is now")
    args = parser.parse_args()
    state = load(args.state)
    positions: list[dict[str, Any]] = state["positions"]
    if args.again:
        for item in positions:
            item.pop("chance", None)
    seed = max((p["seed"] for p in positions), default=0)
    unsolved = state.get("unsolved", 0)
    while len(positions) < args.positions:  # find and value positions
        seed += 1
        turns = selfplay_position(seed, args.low, args.high, args.selfplay)
        if turns is None:
            continue
        game = replayed(turns)
        try:
            solved = solve_endgame(game, time_limit=args.solve_time)
        except EndgameTimeout:
            unsolved += 1
            state["unsolved"] = unsolved
            save(args.state, state)
            continue
        assert solved.value is not None
        positions.append(
            {"seed": seed, "turns": turns, "empty": game.empty, "value": solved.value, "solve_seconds": solved.seconds}
        )
        save(args.state, state)
        print(f"position {len(positions)}: {game.empty} empty, value {solved.value:+d} ({solved.seconds:.1f} s)")
    engine = Engine(seed=1)
    for item in positions:  # the engine's chances
        if "chance" in item:
            continue
        analysis = engine.analyse(replayed(item["turns"]), Limit(time=args.time))
        item["chance"] = analysis.value.win
        item["playouts"] = analysis.playouts
        item["proven"] = analysis.value.proven
        save(args.state, state)
    hits = sum((p["chance"] > 0.5) == (p["value"] == 1) for p in positions)
    brier = sum((p["chance"] - (p["value"] == 1)) ** 2 for p in positions) / len(positions)
    low, high = interval(hits, len(positions))
    print(f"load {os.getloadavg()[0]:.2f}; {len(positions)} positions ({unsolved} left unsolved), {args.time:g} s each")
    print(f"predicted winner agrees: {hits}/{len(positions)} = {hits / len(positions):.1%} [{low:.1%}, {high:.1%}]")
    proven = sum(p["proven"] is not None for p in positions)
    print(f"Brier score {brier:.3f} (0.25: a coin); proven by the engine: {proven}")
    for empty in sorted({p["empty"] for p in positions}):
        some = [p for p in positions if p["empty"] == empty]
        agree = sum((p["chance"] > 0.5) == (p["value"] == 1) for p in some)
        print(f"  {empty} empty: {agree}/{len(some)}")
    playouts = sum(p["playouts"] for p in positions) / len(positions)
    print(f"mean playouts {playouts:,.0f}; CPU seconds {time.process_time():.0f}")


if __name__ == "__main__":
    main()
