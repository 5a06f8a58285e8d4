"""A match between two engines that speak the engine protocol, every turn refereed.

    python benchmarks/match.py --first "catchup engine --level 5" --second "catchup engine --level 3" \\
        --games 100 --time 1 --results ladder-5-3.jsonl

Games come in colour-swapped pairs: the two games of a pair start from the same opening (its first
`--opening` turns chosen at random by the referee, the same for both games), one with each engine
moving first. Before every `genmove` the engine to move is told `time_left COLOUR T 1` (after
`time_settings 0 T 1`), so that T seconds a turn is its time. Every turn an engine gives is checked
by the separate rules implementation of the tests (tests/reference_rules.py, see
`match_referee`): a turn it refuses, a reply that is no turn, a refusal of a legal turn by the
other engine, a crash or no answer within `--timeout` loses the game, and is reported. With
`--forfeit F`, a turn that took more than F times T loses on time too (else such turns are only
counted).

Results go to a JSON Lines file, one game a line, written as each game ends: a match that stops
(Ctrl-C, a crash of the machine) goes on from where it was when run again with the same file and
settings. The summary gives the score of the first engine, its wins, draws and losses, the Elo
difference with its 95% interval (`match_stats`: pairs are the independent samples), how often
the first player won, and each engine's time per turn.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import contextlib

from match_referee import BadTurn, Cell, Referee
from match_stats import summary

from catchup_notation.protocol.client import (
    EngineError,
    EngineProcess,
    EngineTerminated,
    EngineTimeout,
    popen,
)
from catchup_notation.rules.registry import parse_variant

NAMES = ("first", "second")


class Player:
    """One engine of the match: its command, and its process while it runs (started again after
    a crash or a timeout)."""

    def __init__(self, label: str, command: str, log: Path | None) -> None:
        self.label, self.command = label, command
        self.log = log
        self.process: EngineProcess | None = None

    def engine(self, timeout: float) -> EngineProcess:
        if self.process is None or self.process.process.poll() is not None:
            stderr: Any = subprocess.DEVNULL
            if self.log is not None:
                stderr = self.log.open("ab")
            self.process = popen(shlex.split(self.command), timeout=timeout, stderr=stderr)
        return self.process

    def stop(self) -> None:
        if self.process is not None:
            with contextlib.suppress(EngineError):
                self.process.close()
            self.process = None


class Forfeit(Exception):
    """A game lost by one engine for what it did (not by the rules of the game)."""

    def __init__(self, player: int, reason: str) -> None:
        super().__init__(reason)
        self.player, self.reason = player, reason


def play_game(
    players: dict[int, Player],
    args: argparse.Namespace,
    colours: tuple[str, str],
    opening: list[tuple[list[Cell], list[int] | None]],
) -> dict[str, Any]:
    """One game, `players[1]` moving first: the winner (1, 2 or None for a draw), why, its turns
    and each turn's time."""
    referee = Referee(args.variant, args.size, colours)
    letters = [c[:1].lower() for c in colours]
    turns: list[str] = []
    seconds: list[float] = []
    result: dict[str, Any] = {}
    try:
        for player in (1, 2):
            engine = _engine(players, player, args)
            for command in (f"boardsize {args.size}", f"variant {args.variant}", "clear_board"):
                _command(engine, player, command, args.timeout)
            if args.time is not None:
                _command(engine, player, f"time_settings 0 {args.time:g} 1", args.timeout)
        for cells, stones in opening:
            mover = referee.mover
            text = referee.text(cells, stones, mover)
            for player in (1, 2):
                _command(_engine(players, player, args), player, f"play {letters[mover - 1]} {text}", args.timeout)
            referee.play(mover, cells, stones)
            turns.append(text)
            seconds.append(0.0)
        while not referee.over:
            mover = referee.mover
            engine = _engine(players, mover, args)
            colour = letters[mover - 1]
            if args.time is not None:
                _command(engine, mover, f"time_left {colour} {args.time:g} 1", args.timeout)
            started = time.monotonic()
            reply = _command(engine, mover, f"genmove {colour}", args.timeout)
            took = time.monotonic() - started
            if reply.strip().lower() == "resign":
                raise Forfeit(mover, "resigned")
            try:
                cells, stones = referee.read(reply, mover)
            except BadTurn as exc:
                raise Forfeit(mover, f"gave no turn at turn {len(turns) + 1} ({reply!r}: {exc})") from None
            broken = referee.broken(mover, cells, stones)
            if broken is not None:
                raise Forfeit(mover, f"illegal turn {len(turns) + 1}: {reply} ({broken})")
            if args.forfeit and args.time is not None and took > args.forfeit * args.time:
                raise Forfeit(mover, f"lost on time at turn {len(turns) + 1} ({took:.2f} s)")
            referee.play(mover, cells, stones)
            turns.append(referee.text(cells, stones, mover))
            seconds.append(round(took, 4))
            other = 3 - mover
            try:
                _command(_engine(players, other, args), other, f"play {colour} {turns[-1]}", args.timeout)
            except Forfeit as exc:
                raise Forfeit(other, f"refused the legal turn {len(turns)} ({turns[-1]}): {exc.reason}") from None
        winner = referee.winner()
        first, second = referee.groups()
        result = {"winner": winner, "reason": "end", "groups": [first, second]}
    except Forfeit as exc:
        result = {"winner": 3 - exc.player, "reason": f"{players[exc.player].label} engine {exc.reason}"}
    result.update({"turns": turns, "seconds": seconds})
    return result


def _engine(players: dict[int, Player], player: int, args: argparse.Namespace) -> EngineProcess:
    try:
        return players[player].engine(args.timeout)
    except EngineError as exc:
        raise Forfeit(player, f"could not be started: {exc.message}") from None


def _command(engine: EngineProcess, player: int, text: str, timeout: float) -> str:
    try:
        return engine.command(text, timeout=timeout)
    except EngineTimeout:
        raise Forfeit(player, f"gave no answer to {text.split()[0]} within {timeout:g} s") from None
    except EngineTerminated as exc:
        raise Forfeit(player, f"ended: {exc.message}") from None
    except EngineError as exc:
        raise Forfeit(player, f"refused {text!r}: {exc.message}") from None


# -- the match ------------------------------------------------------------------------------------


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    """What must be the same for a results file to go on."""
    return {
        "first": args.first,
        "second": args.second,
        "variant": args.variant,
        "size": args.size,
        "time": args.time,
        "opening": args.opening,
        "seed": args.seed,
        "forfeit": args.forfeit,
    }


def read_results(path: Path, settings: dict[str, Any]) -> list[dict[str, Any]]:
    """The games a results file holds (none if it does not exist); exits if its settings differ."""
    if not path.exists():
        return []
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or lines[0].get("match") != settings:
        sys.exit(f"error: {path} holds a match with other settings; name another file to start a new one")
    return [line for line in lines[1:] if "game" in line]


def append(path: Path, item: dict[str, Any]) -> None:
    """One line more, on disk before the next game starts."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(item) + "\n")
        out.flush()
        os.fsync(out.fileno())


def openings(args: argparse.Namespace, colours: tuple[str, str]) -> Iterator[list[tuple[list[Cell], list[int] | None]]]:
    """The opening of each pair: `--opening` random legal turns, the same for a given seed and pair."""
    pair = 0
    while True:
        rng = random.Random(args.seed * 1_000_003 + pair)
        referee = Referee(args.variant, args.size, colours)
        turns = []
        for _ in range(args.opening):
            if referee.over:
                break
            cells, stones = referee.random_turn(rng)
            referee.play(referee.mover, cells, stones)
            turns.append((cells, stones))
        yield turns
        pair += 1


def report(games: list[dict[str, Any]], args: argparse.Namespace) -> str:
    """The summary of the games so far, from the first engine's side."""
    points = [_points(game) for game in games]
    by_pair: dict[int, list[float]] = {}
    for game, point in zip(games, points, strict=True):
        by_pair.setdefault(game["pair"], []).append(point)
    pairs = [(p[0], p[1]) for p in by_pair.values() if len(p) == 2]
    lines = [summary(points, pairs).text(args.first_name, args.second_name)]
    decided = [g for g in games if g["winner"] is not None]
    if decided:
        first_moved = sum(1 for g in decided if g["winner"] == 1)
        lines.append(f"the player who moved first won {first_moved} of {len(decided)} decided games")
    for label in NAMES:
        times = [s for g in games for s in _times(g, label)]
        if times:
            line = f"{label} engine: {len(times)} turns, {statistics.fmean(times):.3f} s a turn on average, "
            line += f"longest {max(times):.3f} s"
            if args.time is not None:
                over = sum(1 for s in times if s > args.time)
                over3 = sum(1 for s in times if s > 3 * args.time)
                line += f"; {over} over T = {args.time:g} s, {over3} over 3T"
            lines.append(line)
    lost = [g for g in games if g["reason"] != "end"]
    for game in lost:
        lines.append(f"game {game['game']}: {game['reason']}")
    return "\n".join(lines)


def _points(game: dict[str, Any]) -> float:
    """The first engine's points in a game."""
    if game["winner"] is None:
        return 0.5
    first_engine_moved = game["first"] == "first"
    won = (game["winner"] == 1) == first_engine_moved
    return 1.0 if won else 0.0


def _times(game: dict[str, Any], label: str) -> list[float]:
    """The times of one engine's turns in a game (the opening's excepted)."""
    mover_is = 1 if game["first"] == label else 2
    opening = game.get("opening", 0)
    return [s for k, s in enumerate(game["seconds"]) if k >= opening and (k % 2) + 1 == mover_is]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--first", required=True, metavar="COMMAND", help="the first engine's command line")
    parser.add_argument("--second", required=True, metavar="COMMAND", help="the second engine's command line")
    parser.add_argument("--first-name", metavar="NAME", help="how the report names the first engine")
    parser.add_argument("--second-name", metavar="NAME", help="how the report names the second engine")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games in all (pairs: rounded up to even)")
    parser.add_argument("--variant", default="catchup", help="the variant (a name the referee knows: catchup, ...)")
    parser.add_argument("--size", type=int, default=5, metavar="N", help="the board's side (default 5)")
    parser.add_argument("--time", type=float, metavar="SECONDS", help="seconds a turn (time_settings 0 T 1)")
    parser.add_argument("--forfeit", type=float, default=0.0, metavar="F", help="a turn over F*T loses (0: never)")
    parser.add_argument("--timeout", type=float, metavar="SECONDS", help="a command not answered in this long loses")
    parser.add_argument("--opening", type=int, default=2, metavar="K", help="random turns that open each pair")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings")
    parser.add_argument("--results", type=Path, required=True, metavar="FILE", help="JSON Lines, resumed if there")
    parser.add_argument("--engine-log", type=Path, metavar="FILE", help="append the engines' stderr here")
    args = parser.parse_args(argv)
    args.first_name = args.first_name or args.first
    args.second_name = args.second_name or args.second
    if args.timeout is None:
        args.timeout = max(60.0, 10 * (args.time or 0))
    variant = parse_variant(args.variant, size=args.size)
    colours = (variant.spec.colours[0], variant.spec.colours[1])
    settings = settings_of(args)
    games = read_results(args.results, settings)
    if not args.results.exists():
        append(args.results, {"match": settings})
    total = args.games + args.games % 2
    done = {g["game"] for g in games}
    if games:
        print(f"going on with {len(games)} games done", flush=True)
    players = {label: Player(label, getattr(args, label), args.engine_log) for label in NAMES}
    try:
        for number, opening in zip(range(0, total, 2), openings(args, colours), strict=False):
            for k, first in enumerate(NAMES):
                index = number + k
                if index in done:
                    continue
                second = NAMES[1 - k]
                seated = {1: players[first], 2: players[second]}
                outcome = play_game(seated, args, colours, opening)
                game = {"game": index, "pair": number // 2, "first": first, "opening": len(opening), **outcome}
                append(args.results, game)
                games.append(game)
                print(_game_line(game, colours), flush=True)
    except KeyboardInterrupt:
        print("stopped; run again with the same --results to go on", file=sys.stderr)
    finally:
        for player in players.values():
            player.stop()
    print(report(games, args))
    return 0


def _game_line(game: dict[str, Any], colours: tuple[str, str]) -> str:
    first = game["first"]
    second = NAMES[1 - NAMES.index(first)]
    if game["winner"] is None:
        verdict = "a draw"
    else:
        winner = first if game["winner"] == 1 else second
        verdict = f"{winner} engine wins"
    why = "" if game["reason"] == "end" else f" ({game['reason']})"
    return (
        f"game {game['game']}: {first} engine {colours[0]}, {second} engine {colours[1]}: "
        f"{verdict} after {len(game['turns'])} turns{why}"
    )


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader of the output went away (| head)
        sys.exit(1)
