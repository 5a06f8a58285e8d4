"""Review speed (run on demand: python benchmarks/bench_review.py [--records 3] [--turns 40]).

Records of 40 turns on side 5 (catchup) are made by the engine's own play (a few random turns
first, then --play seconds a turn; a game that ends sooner is replaced), written as Little Golem
SGF, and each reviewed by the command a user runs, `catchup review FILE`, at its default settings
(0.8 s a search of a position the solver does not prove, every core). Printed per record: the wall
seconds, the positions proven by the solver and estimated by the engine, and whether every position
with 20 or fewer empty cells was labelled exactly (the target: at most 60 s on 2 cores, every such
position exact). The machine's load is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from catchup_notation import formats
from catchup_notation.engine import Engine, Limit
from catchup_notation.model import Record, Turn
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant


def record(seed: int, turns: int, play: float) -> Record:
    """A record of exactly `turns` turns (unfinished, or just finished): the engine's own play,
    one turn in three a single random stone instead (the engine's games end in fewer turns, its
    turns place more stones), a new game when one ends too soon."""
    rng = random.Random(seed)
    with Engine(seed=seed) as engine:
        while True:
            game: HexGame = parse_variant("catchup(size=5)").new_game()  # type: ignore[assignment]
            played: list[Turn] = []
            while not game.over and len(played) < turns:
                if rng.random() < 1 / 3 and 1 in game.allowed_counts():
                    chosen: Turn | None = Turn(game.mover, (rng.choice(game.empty_cells()),))
                else:
                    chosen = engine.play(game, Limit(time=play)).turn
                assert chosen is not None
                game.play(chosen)
                played.append(chosen)
            if len(played) == turns:
                return Record("catchup(size=5)", tuple(played), players=("first", "second"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--play", type=float, default=0.2, help="seconds a turn of the games reviewed")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--max-empty", type=int, default=20, help="the exact labels checked: this many empty cells")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for k in range(args.records):
            made = record(args.seed + k, args.turns, args.play)
            path = Path(folder) / f"game{k}.sgf"
            path.write_text(formats.write_text([made], "lg")[0], encoding="utf-8")
            load = os.getloadavg()[0]
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "catchup_notation", "review", str(path), "--json"],
                capture_output=True,
                text=True,
                check=False,
            )
            wall = time.perf_counter() - started
            if done.returncode != 0:
                print(done.stderr)
                raise SystemExit(f"review failed with {done.returncode}")
            report = json.loads(done.stdout)
            positions = report["positions"]
            near = [p for p in positions if p["empty"] <= args.max_empty]
            exact = all(p["value"] is not None and p["value"]["proven"] is not None for p in near)
            how = {kind: sum(1 for p in positions if p["how"] == kind) for kind in ("solver", "engine", "end")}
            print(
                f"record {k}: {args.turns} turns, {wall:5.1f} s wall (load {load:.2f} before, "
                f"{os.getloadavg()[0]:.2f} after); {how['solver']} positions proven by the solver, "
                f"{how['engine']} estimated, {how['end']} at the end; the {len(near)} positions with at most "
                f"{args.max_empty} empty cells {'all exact' if exact else 'NOT ALL EXACT'}",
                flush=True,
            )


if __name__ == "__main__":
    main()
