"""The engine against an independent player: a match, and the two programs' speed side by side.

    python benchmarks/independent_match.py match --time 1 --games 100 --results indep-1s.jsonl
    python benchmarks/independent_match.py speed --time 1

The independent player is benchmarks/independent_uct.cpp: plain whole-turn UCT with uniformly
random playouts, its own board, rules and protocol reader in one C++ file, sharing nothing with the
library. It is compiled here with g++ -O2 into build/independent/ (again whenever the source is
newer than the program), never by installing the package.

`match` plays `catchup engine --level 9 --threads 1` (or `--engine COMMAND`) against it through
benchmarks/match.py: colour-swapped pairs from shared random openings, every turn refereed by the
separate rules implementation of the tests, results resumed from `--results`. Options this script
does not know go to match.py as they are (`--forfeit 3`, `--opening 4`).

`speed` sets the same positions (the start after the first stone, then positions some random turns
in) on both programs and has each search one turn of `--time` seconds there, `--runs` times,
interleaved; it prints each one's playouts a second (the engine's from its `genmove_analyze`
line, the independent player's from its `last_search` command) and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import match
from match_referee import Referee

from catchup_notation.protocol.client import EngineProcess, popen

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "independent_uct.cpp"
BUILD = HERE.parent / "build" / "independent"
PROGRAM = BUILD / "independent_uct"
ENGINE = "catchup engine --level 9 --threads 1"


def build(folder: Path = BUILD) -> Path:
    """The independent player's program, compiled if it is missing or older than its source."""
    program = folder / PROGRAM.name
    if program.exists() and program.stat().st_mtime >= SOURCE.stat().st_mtime:
        return program
    compiler = shutil.which("g++")
    if compiler is None:
        sys.exit("error: the independent player needs g++ to be compiled")
    folder.mkdir(parents=True, exist_ok=True)
    fresh = program.with_name(f"{program.name}.{os.getpid()}")
    subprocess.run([compiler, "-O2", "-std=c++17", str(SOURCE), "-o", str(fresh)], check=True)
    os.replace(fresh, program)  # a match running the old program keeps it
    return program


def independent_command(program: Path, args: argparse.Namespace, seed: int | None = None) -> str:
    words = [str(program), "--c", f"{args.c:g}"]
    if seed is not None:
        words += ["--seed", str(seed)]
    return shlex.join(words)


def run_match(args: argparse.Namespace, program: Path) -> int:
    extra = [word for word in args.rest if word != "--"]
    argv = [
        "--first", args.engine, "--first-name", args.engine,
        "--second", independent_command(program, args), "--second-name", "independent UCT",
        "--games", str(args.games), "--time", f"{args.time:g}", "--size", str(args.size),
        "--seed", str(args.seed), "--results", str(args.results), *extra,
    ]  # fmt: skip
    print(f"load {os.getloadavg()[0]:.2f} at the start", flush=True)
    code = match.main(argv)
    print(f"load {os.getloadavg()[0]:.2f} at the end", flush=True)
    return code


def positions(size: int, seed: int, depths: list[int]) -> list[list[str]]:
    """Each position as the `play` commands that reach it: `depth` random legal turns."""
    colours = ("white", "black")
    found = []
    for depth in depths:
        rng = random.Random(seed * 7919 + depth)
        referee = Referee("catchup", size, colours)
        commands = []
        for _ in range(depth):
            mover = referee.mover
            cells, stones = referee.random_turn(rng)
            commands.append(f"play {'wb'[mover - 1]} {referee.text(cells, stones, mover)}")
            referee.play(mover, cells, stones)
        found.append(commands)
    return found


def _set(engine: EngineProcess, size: int, commands: list[str]) -> str:
    for command in (f"boardsize {size}", "variant catchup", "clear_board", *commands):
        engine.command(command)
    return "wb"[len(commands) % 2]


def engine_rate(engine: EngineProcess, size: int, commands: list[str], seconds: float) -> tuple[float, int]:
    """The engine's playouts a second in one search of `seconds`, and its empty cells count."""
    colour = _set(engine, size, commands)
    reply = engine.command(f"genmove_analyze {colour} time {seconds:g} candidates 1")
    words = reply.split()
    playouts = int(words[words.index("playouts") + 1])
    took = float(words[words.index("seconds") + 1])
    return playouts / took, playouts


def independent_rate(engine: EngineProcess, size: int, commands: list[str], seconds: float) -> tuple[float, int]:
    """The independent player's playouts a second in one turn of `seconds`."""
    colour = _set(engine, size, commands)
    engine.command(f"time_settings 0 {seconds:g} 1")
    engine.command(f"time_left {colour} {seconds:g} 1")
    engine.command(f"genmove {colour}")
    words = engine.command("last_search").split()
    playouts = int(words[words.index("playouts") + 1])
    return playouts / float(words[words.index("seconds") + 1]), playouts


def run_speed(args: argparse.Namespace, program: Path) -> int:
    depths = [1, 8, 16, 24]
    cells = 3 * args.size * (args.size - 1) + 1
    loads = [os.getloadavg()[0]]
    rates: dict[tuple[str, int], list[float]] = {}
    quiet = subprocess.DEVNULL
    ours = popen(shlex.split(args.engine), timeout=60 + 10 * args.time, stderr=quiet)
    command = shlex.split(independent_command(program, args, seed=args.seed))
    theirs = popen(command, timeout=60 + 10 * args.time, stderr=quiet)
    try:
        for _ in range(args.runs):
            for depth, commands in zip(depths, positions(args.size, args.seed, depths), strict=True):
                rates.setdefault(("engine", depth), []).append(engine_rate(ours, args.size, commands, args.time)[0])
                rates.setdefault(("independent", depth), []).append(
                    independent_rate(theirs, args.size, commands, args.time)[0]
                )
            loads.append(os.getloadavg()[0])
    finally:
        ours.close()
        theirs.close()
    print(
        f"playouts a second, one search of {args.time:g} s, best (median) of {args.runs}, interleaved; side {args.size}"
    )
    print(f"load {min(loads):.2f} to {max(loads):.2f}")
    print(f"{'position':<24} {'engine':>20} {'independent UCT':>20} {'ratio':>7}")
    for depth in depths:
        a, b = rates[("engine", depth)], rates[("independent", depth)]
        stones = "after the first stone" if depth == 1 else f"{depth} random turns in"
        print(
            f"{stones:<24} {max(a):>10,.0f} ({statistics.median(a):>7,.0f}) "
            f"{max(b):>10,.0f} ({statistics.median(b):>7,.0f}) {max(b) / max(a):>6.2f}x"
        )
    print(f"(a board of {cells} cells; `engine` is {args.engine!r})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["match", "speed", "build"], help="play a match, compare speed, or only build")
    parser.add_argument(
        "--engine", default=ENGINE, metavar="COMMAND", help=f"the engine's command (default {ENGINE!r})"
    )
    parser.add_argument("--time", type=float, default=1.0, metavar="SECONDS", help="seconds a turn (default 1)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games of the match (default 100)")
    parser.add_argument("--size", type=int, default=5, metavar="N", help="the board's side (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings (and of the speed positions)")
    parser.add_argument("--c", type=float, default=0.2, help="the independent player's UCB1 constant (default 0.2)")
    parser.add_argument("--runs", type=int, default=3, metavar="N", help="speed: searches a position (default 3)")
    parser.add_argument("--results", type=Path, metavar="FILE", help="match: the JSON Lines results file")
    parser.add_argument("--build", type=Path, default=BUILD, metavar="FOLDER", help="where the program is compiled")
    args, rest = parser.parse_known_args(argv)
    args.rest = rest  # for match.py
    program = build(args.build)
    if args.what == "build":
        print(program)
        return 0
    if args.what == "speed":
        return run_speed(args, program)
    if args.results is None:
        parser.error("match needs --results FILE")
    return run_match(args, program)


if __name__ == "__main__":
    sys.exit(main())
