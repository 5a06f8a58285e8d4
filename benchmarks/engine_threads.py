"""What the engine's second thread buys (run on demand: python benchmarks/engine_threads.py ...).

The compiled search's threads search one tree at once (tree parallelism, hexmcts.c). Two
questions, each measured so that a loaded machine decides as little of the answer as it can:

* `match`: strength per playout. The engine with `--threads` threads and N playouts in all
  against one thread with the same N (or `--one-playouts`: 2N against N is what a second free core
  buys), no time limit, colour-swapped pairs of games sharing a seed; the score and its interval
  from match_stats. Resumed from `--out`. (How the system runs the threads still shapes a shared
  tree: on a loaded machine they overlap less, so the load is written beside each game.)
* `speed`: playouts a second of 1 and `--threads` threads on the same positions, interleaved, best
  of `--runs`, with the processor time the search used: playouts per processor second say what
  the threads cost (the lock they share, the paths they spoil for each other), and wall-clock
  playouts a second what a second core gave here, under the load written.

Side 5 Catchup, level 9's settings; the exact solver off unless `--solver` (its share of a turn
is not a playout).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from match_stats import summary

import catchup_notation as cn
from catchup_notation.engine import Engine, Limit
from catchup_notation.rules.hexgame import HexGame

VARIANT = "catchup(size=5)"


def play_game(first: tuple[int, int], second: tuple[int, int], seed: int, solver: bool) -> int | None:
    """One game between an engine of `first` = (threads, playouts a turn) (seat 1) and one of
    `second` (seat 2): the winner's seat, None for a draw."""
    game = cn.new_game(VARIANT)
    assert isinstance(game, HexGame)
    engines = {
        1: (Engine(threads=first[0], seed=seed, solver=solver), Limit(playouts=first[1], level=9)),
        2: (Engine(threads=second[0], seed=seed + 1, solver=solver), Limit(playouts=second[1], level=9)),
    }
    while not game.over:
        engine, limit = engines[game.mover]
        result = engine.play(game, limit)
        assert result.turn is not None
        game.play(result.turn)
    winner: int | None = game.score().winner
    return winner


def match(args: argparse.Namespace) -> None:
    data: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {}
    one = args.one_playouts or args.playouts
    solver = "on" if args.solver else "off"
    key = f"{args.threads} threads, {args.playouts} playouts vs 1 thread, {one}; solver {solver}"
    games: list[dict[str, Any]] = data.setdefault(key, [])
    while len(games) < args.games:
        i = len(games)
        seed = 7000 + i // 2  # a pair of games shares its seeds, the colours swapped
        many_first = i % 2 == 0
        many, single = (args.threads, args.playouts), (1, one)
        first, second = (many, single) if many_first else (single, many)
        winner = play_game(first, second, seed, args.solver)
        score = 0.5 if winner is None else 1.0 if (winner == 1) == many_first else 0.0
        games.append({"seed": seed, "many_first": many_first, "points": score, "load": os.getloadavg()[0]})
        temporary = args.out.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=1))
        os.replace(temporary, args.out)
        print(f"game {i + 1}: {score} ({sum(g['points'] for g in games)}/{len(games)})", flush=True)
    for name, played in data.items():
        points = [g["points"] for g in played]
        pairs = [(played[j]["points"], played[j + 1]["points"]) for j in range(0, len(played) - 1, 2)]
        load = sum(g["load"] for g in played) / len(played)
        print(f"{name}: {summary(points, pairs).text('more threads', 'one thread')}; load {load:.1f}")


def positions(count: int) -> list[HexGame]:
    """Positions of one game the engine plays against itself quickly, spread over its length."""
    game = cn.new_game(VARIANT)
    assert isinstance(game, HexGame)
    engine = Engine(threads=1, seed=7)
    seen = []
    while not game.over:
        seen.append(game.copy())
        turn = engine.play(game, Limit(playouts=300, level=9)).turn
        assert turn is not None
        game.play(turn)
    wanted = [game for game in seen if game.empty > 20]
    step = max(1, len(wanted) // count)
    return wanted[::step][:count]


def speed(args: argparse.Namespace) -> None:
    chosen = positions(args.positions)
    wall_best: dict[tuple[int, int], float] = {}
    cpu_best: dict[tuple[int, int], float] = {}
    for run in range(args.runs):
        for threads in (1, args.threads) if run % 2 == 0 else (args.threads, 1):
            engine = Engine(threads=threads, seed=run, solver=False)
            for j, game in enumerate(chosen):
                start, cpu = time.monotonic(), time.process_time()  # every thread of the search's
                found = engine.analyse(game, Limit(time=args.time, level=9), candidates=1)
                wall, cpu = time.monotonic() - start, time.process_time() - cpu
                wall_best[threads, j] = max(wall_best.get((threads, j), 0.0), found.playouts / wall)
                cpu_best[threads, j] = max(cpu_best.get((threads, j), 0.0), found.playouts / max(cpu, 1e-9))
    load = os.getloadavg()[0]
    print(f"playouts a second, 1 / {args.threads} threads, best of {args.runs}, {args.time} s each, load {load:.1f}:")
    for j, game in enumerate(chosen):
        one, many = wall_best[1, j], wall_best[args.threads, j]
        one_cpu, many_cpu = cpu_best[1, j], cpu_best[args.threads, j]
        print(
            f"  {game.empty:2} empty: wall {one:8.0f} / {many:8.0f} ({many / one:.2f}x);"
            f" per processor second {one_cpu:8.0f} / {many_cpu:8.0f} ({many_cpu / one_cpu:.2f}x)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    played = commands.add_parser("match", help="strength per playout: threads against one thread")
    played.add_argument("--threads", type=int, default=2)
    played.add_argument("--playouts", type=int, default=20_000, help="playouts a turn, all trees together")
    played.add_argument("--one-playouts", type=int, help="the one thread's playouts a turn (default: the same)")
    played.add_argument("--games", type=int, default=100)
    played.add_argument("--solver", action="store_true", help="the exact solver on, as level 9 plays")
    played.add_argument("--out", type=Path, default=Path("engine_threads.json"), help="the results (resumed)")
    timed = commands.add_parser("speed", help="playouts a second: threads against one thread")
    timed.add_argument("--threads", type=int, default=2)
    timed.add_argument("--runs", type=int, default=5)
    timed.add_argument("--time", type=float, default=0.5, help="seconds a search")
    timed.add_argument("--positions", type=int, default=3)
    args = parser.parse_args()
    match(args) if args.command == "match" else speed(args)


if __name__ == "__main__":
    main()
