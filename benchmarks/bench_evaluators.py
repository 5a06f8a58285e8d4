"""Playout policies as evaluators: how well the mean of N playouts predicts the exact winner.

    python benchmarks/bench_evaluators.py --make 120            # draw and solve positions (resumable)
    python benchmarks/bench_evaluators.py --playouts 200,1000   # every policy on every position
    python benchmarks/bench_evaluators.py --policies uniform,mast:0.2 --playouts 500

Positions come from the engine's self-play on side 5 (catchup), drawn as
bench_engine_calibration.py draws them (a search of --selfplay playouts a turn, one turn in four
a random one), each game stopped at its first position with --low to --high empty cells; the exact
solver values each (up to --solve-time seconds; a position it does not finish is left out and
counted). Positions and values are kept in --data (a small JSON file of turns, so the set can be
regenerated or extended), and a stopped run goes on where it was.

A policy is how a playout chooses its stones (and counts). Each playout is played by a small
Catchup simulator of its own here (pure Python, the current rules: 1 or 2 stones, 1 to 3 after
the opponent's turn raised their score to at least the mover's; the board full ends the game;
group sizes compared largest first), checked against the library's rules with --check. For each
policy and each N, the N playouts from every position give the mover's mean result; printed are
how often its predicted winner (mean above one half) agrees with the exact one (draws left out),
the Brier score of the mean against the exact outcome (a draw as one half; 0.25 is a coin's), and
the policy's playouts a second relative to uniform playouts (the same simulator: what the policy's
own choices cost, not what they would cost in the compiled core).

Policies (a `name:parameter` each):
  uniform      uniformly random counts and cells (the engine's playouts)
  count:K      the count drawn K+1 times, the largest kept (Settings.count_tries)
  near:K       a cell touching none of the mover's stones drawn again up to K times (near_tries)
  merge:W      a cell joining two or more of the mover's groups weighs W (others 1)
  block:W      a cell next to the opponent's largest group weighs W
  grow:W       a cell next to the mover's largest group weighs W
  calm:W       a stone that would hand the opponent three stones (raise the mover's score to at
               least theirs) weighs W, unless the board is nearly full (fewer empty cells than 6)
  mast:T       move-average sampling: per player and cell, the mean result of the playouts (from
               this position, so far) in which that player took the cell; cells drawn with weights
               exp(mean / T) (an unseen cell counts as a mean of one half)
  cut:K        the playout stops with K empty cells left, and the groups as they stand then are
               compared as at the end (a static evaluation in place of the last turns)
  mastg:E      the same table, epsilon-greedy: with chance E a uniform cell, else the best mean
               (the engine's Settings.mast = 1 - E)
Several may be combined with `+` (merge:4+block:2); weights multiply.

With --search SETTINGS (e.g. `--search mast=0,mast=0.9`), the engine's own compiled tree search
is the evaluator instead, as it runs in a game (solver off): N iterations from each position with
those fields of catchup_notation.engine.mcts.Settings (joined by `/`), the root's mean result for
the mover against the exact value, and the iterations a second it ran (CPU time).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import attrs
from bench_engine_calibration import VARIANT, interval, replayed, selfplay_position

from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.mcts import Settings
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.scoring import compare_groups
from catchup_notation.solvers.endgame import EndgameTimeout, solve_endgame

DATA = Path(__file__).resolve().parent / "data" / "evaluator_positions.json"
DEFAULT_POLICIES = "uniform,count:2,near:2,merge:4,block:3,grow:3,calm:0.3,mast:0.1,mastg:0.1,mastg:0.25"

# -- the positions ----------------------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    if path.exists():
        found: dict[str, Any] = json.loads(path.read_text())
        return found
    return {"positions": [], "unsolved": 0}


def save(path: Path, state: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(state, separators=(",", ":")) + "\n")
    os.replace(temp, path)


def make(path: Path, wanted: int, low: int, high: int, selfplay: int, solve_time: float) -> None:
    """Draw and solve positions until `wanted` are valued (kept in `path` as they come)."""
    state = load(path)
    positions: list[dict[str, Any]] = state["positions"]
    seed = max((p["seed"] for p in positions), default=0)
    seed = max(seed, state.get("last_seed", 0))
    while len(positions) < wanted:
        seed += 1
        state["last_seed"] = seed
        turns = selfplay_position(seed, low, high, selfplay)
        if turns is None:
            continue
        game = replayed(turns)
        try:
            solved = solve_endgame(game, time_limit=solve_time)
        except EndgameTimeout:
            state["unsolved"] = state.get("unsolved", 0) + 1
            save(path, state)
            continue
        assert solved.value is not None
        positions.append({"seed": seed, "turns": turns, "empty": game.empty, "value": solved.value})
        save(path, state)
        print(f"position {len(positions)}: {game.empty} empty, value {solved.value:+d} ({solved.seconds:.1f} s)")


# -- a small Catchup simulator ----------------------------------------------------------------


class Start:
    """A position as the simulator plays from it."""

    def __init__(self, game: HexGame) -> None:
        self.owner = list(game.owner)
        self.mover = game.mover
        self.scores = [0, game.scores[1], game.scores[2]]
        self.bonus = 3 in game.base_counts()
        self.empty = [i for i, o in enumerate(self.owner) if o == 0]
        n = len(self.owner)
        self.parent = list(range(n))
        self.size = [1 if o else 0 for o in self.owner]
        for i in range(n):
            if self.owner[i]:
                for j in NEIGHBOURS[i]:
                    if j < i and self.owner[j] == self.owner[i]:
                        union(self.parent, self.size, i, j)


def find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def union(parent: list[int], size: list[int], a: int, b: int) -> int:
    ra, rb = find(parent, a), find(parent, b)
    if ra == rb:
        return ra
    if size[ra] < size[rb]:
        ra, rb = rb, ra
    parent[rb] = ra
    size[ra] += size[rb]
    return ra


NEIGHBOURS: list[tuple[int, ...]] = []
#: MAST's table: per player (index 1, 2), the playouts in which the player took each cell, and
#: their results for that player.
Table = list[tuple[list[int], list[float]]]


def new_table(cells: int) -> Table:
    return [([0] * cells, [0.0] * cells) for _ in range(3)]


class Policy:
    """How a playout picks counts and cells (see the module notes)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.count_tries = 0
        self.near_tries = 0
        self.weights: list[tuple[str, float]] = []
        self.mast_t = 0.0
        self.mast_eps = -1.0
        self.cut = 0
        for part in text.split("+"):
            name, _, value = part.partition(":")
            x = float(value) if value else 0.0
            if name == "uniform":
                pass
            elif name == "count":
                self.count_tries = int(x)
            elif name == "near":
                self.near_tries = int(x)
            elif name in ("merge", "block", "grow", "calm"):
                self.weights.append((name, x))
            elif name == "mast":
                self.mast_t = x
            elif name == "cut":
                self.cut = int(x)
            elif name == "mastg":
                self.mast_eps = x
            else:
                raise SystemExit(f"unknown policy {part!r}")
        self.mast = self.mast_t > 0 or self.mast_eps >= 0
        self.weighted = bool(self.weights) or self.mast_t > 0


def playout(start: Start, policy: Policy, rng: random.Random, table: Table, record: list[Any] | None = None) -> float:
    """One playout from `start`: the result for the position's mover (1, 0.5, 0); its turns
    appended to `record` where one is given."""
    owner = list(start.owner)
    parent = list(start.parent)
    size = list(start.size)
    empty = list(start.empty)
    scores = list(start.scores)
    largest = [0, 0, 0]
    for i in range(len(owner)):
        if owner[i] and parent[i] == i and size[i] > largest[owner[i]]:
            largest[owner[i]] = size[i]
    mover, bonus = start.mover, start.bonus
    taken: list[list[int]] = [[], [], []]
    weights_of = policy.weights
    mast_t, mast_eps = policy.mast_t, policy.mast_eps
    while len(empty) > policy.cut:
        counts = 3 if bonus else 2
        counts = min(counts, len(empty))
        count = 1 + rng.randrange(counts)
        for _ in range(policy.count_tries):
            count = max(count, 1 + rng.randrange(counts))
        opponent = 3 - mover
        before = scores[mover]
        if record is not None:
            record.append((mover, []))
        for _ in range(count):
            if policy.weighted:
                ws = []
                seen, won = table[mover]
                orid = -1
                if any(name == "block" for name, _ in weights_of):
                    best = 0
                    for i in range(len(owner)):  # the opponent's largest group's root
                        if owner[i] == opponent and parent[i] == i and size[i] > best:
                            best, orid = size[i], i
                for c in empty:
                    w = 1.0
                    for name, x in weights_of:
                        if name == "merge":
                            roots = {find(parent, j) for j in NEIGHBOURS[c] if owner[j] == mover}
                            if len(roots) >= 2:
                                w *= x
                        elif name == "block":
                            if any(owner[j] == opponent and find(parent, j) == orid for j in NEIGHBOURS[c]):
                                w *= x
                        elif name == "grow":
                            if any(
                                owner[j] == mover and size[find(parent, j)] == largest[mover] for j in NEIGHBOURS[c]
                            ):
                                w *= x
                        elif name == "calm" and len(empty) >= 6:
                            roots = {find(parent, j) for j in NEIGHBOURS[c] if owner[j] == mover}
                            grown = 1 + sum(size[r] for r in roots)
                            if grown > before and grown >= scores[opponent]:
                                w *= x
                    if mast_t > 0:
                        w *= math.exp((won[c] / seen[c] if seen[c] else 0.5) / mast_t)
                    ws.append(w)
                pick = rng.choices(range(len(empty)), ws)[0]
            elif mast_eps >= 0:
                if rng.random() < mast_eps:
                    pick = rng.randrange(len(empty))
                else:
                    seen, won = table[mover]
                    pick, best_q = 0, -1.0
                    for k, c in enumerate(empty):
                        v = won[c] / seen[c] if seen[c] else 0.5
                        if v > best_q:
                            pick, best_q = k, v
            else:
                pick = rng.randrange(len(empty))
                for _ in range(policy.near_tries):
                    if any(owner[j] == mover for j in NEIGHBOURS[empty[pick]]):
                        break
                    pick = rng.randrange(len(empty))
            cell = empty[pick]
            empty[pick] = empty[-1]
            empty.pop()
            owner[cell] = mover
            size[cell] = 1
            root = cell
            for j in NEIGHBOURS[cell]:
                if owner[j] == mover:
                    root = union(parent, size, root, j)
            if size[find(parent, root)] > largest[mover]:
                largest[mover] = size[find(parent, root)]
            taken[mover].append(cell)
            if record is not None:
                record[-1][1].append(cell)
        after = max(before, largest[mover])
        scores[mover] = after
        bonus = after > before and after >= scores[opponent]
        mover = opponent
    groups: list[list[int]] = [[], [], []]
    for i in range(len(owner)):
        if parent[i] == i and owner[i]:
            groups[owner[i]].append(size[i])
    winner = compare_groups(tuple(sorted(groups[1], reverse=True)), tuple(sorted(groups[2], reverse=True)))[0]
    result = 0.5 if winner is None else 1.0 if winner == start.mover else 0.0
    if policy.mast:
        for player in (1, 2):
            mine = result if player == start.mover else 1.0 - result
            seen, won = table[player]
            for c in taken[player]:
                seen[c] += 1
                won[c] += mine
    return result


def evaluate(start: Start, policy: Policy, playouts: int, rng: random.Random) -> float:
    cells = len(start.owner)
    table = new_table(cells)
    return sum(playout(start, policy, rng, table) for _ in range(playouts)) / playouts


def check(games: int, policies: str) -> None:
    """The simulator against the library's rules: playouts of every policy from random positions,
    replayed turn by turn through the rules (each turn must be legal, the winner the same)."""
    rng = random.Random(7)
    played = 0
    for g in range(games):
        game = parse_variant(VARIANT).new_game()
        assert isinstance(game, HexGame)
        for _ in range(rng.randrange(2, 25)):
            if game.over:
                break
            game.play(game.random_turn(rng))
        if game.over:
            continue
        start = Start(game)
        for text in policies.split(","):
            policy = Policy(text)
            table = new_table(len(start.owner))
            record: list[Any] = []
            result = playout(start, policy, rng, table, record)
            replay = game.copy()
            for player, cells in record:
                assert replay.mover == player and replay.allows(cells), (g, text, record)
                replay.place(cells)
            if policy.cut:  # stopped short: the turns were legal, the result is the evaluation's
                played += 1
                continue
            assert replay.over
            winner = replay.score().winner
            assert result == (0.5 if winner is None else float(winner == game.mover)), (g, text)
            played += 1
    print(f"{played} playouts replayed through the rules: every turn legal, every result the same")


def settings_of(text: str) -> Settings:
    """`name=value/...` of mcts.Settings' fields, on top of the defaults."""
    fields = {field.name: field.type for field in attrs.fields(Settings)}
    given: dict[str, Any] = {}
    for change in text.split("/"):
        key, _, value = change.partition("=")
        if key not in fields:
            raise SystemExit(f"{key!r} is not a field of the search's settings ({', '.join(fields)})")
        given[key] = float(value) if fields[key] in (float, "float") else int(value)
    return attrs.evolve(Settings(), **given)


def searched(game: HexGame, settings: Settings, playouts: int, seed: int) -> tuple[float, int]:
    """The compiled search's mean result for the mover after `playouts` iterations (fewer where
    it proves the root), and the iterations it ran."""
    tree = core_tree(game, seed, settings)
    if tree is None:
        raise SystemExit("the compiled core is not built")
    ran = tree.run(playouts)
    root = tree.info(0)
    if root.lo == root.hi:
        return ((root.lo + 1) / 2 if game.mover == 1 else (1 - root.lo) / 2), ran
    return 1.0 - root.w / root.n, ran  # the root's results are for the player who moved before


def report(text: str, n: int, means: list[float], targets: list[float], speed: str) -> None:
    decided = [(m, t) for m, t in zip(means, targets, strict=True) if t != 0.5]
    hits = sum((m > 0.5) == (t == 1) for m, t in decided)
    brier = sum((m - t) ** 2 for m, t in zip(means, targets, strict=True)) / len(means)
    low, high = interval(hits, len(decided))
    print(f"{text:24} {n:>5} {hits / len(decided):>7.1%} {low:>7.1%}-{high:<7.1%} {brier:>6.3f} {speed:>8}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--make", type=int, default=0, help="draw and solve positions until this many")
    parser.add_argument("--low", type=int, default=20)
    parser.add_argument("--high", type=int, default=22)
    parser.add_argument("--selfplay", type=int, default=2000, help="playouts a turn of the self-play")
    parser.add_argument("--solve-time", type=float, default=30.0)
    parser.add_argument("--policies", default=DEFAULT_POLICIES)
    parser.add_argument("--playouts", default="200,1000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search", help="the compiled search with these settings (comma-separated) instead")
    parser.add_argument("--check", type=int, default=0, help="check the simulator on this many random games")
    args = parser.parse_args()
    NEIGHBOURS.extend(tuple(n) for n in parse_variant(VARIANT).new_game().board.neighbours)  # type: ignore[attr-defined]
    if args.check:
        check(args.check, args.policies)
        return
    if args.make:
        make(args.data, args.make, args.low, args.high, args.selfplay, args.solve_time)
        return
    state = load(args.data)
    positions = state["positions"]
    starts = [Start(replayed(p["turns"])) for p in positions]
    targets = [(p["value"] + 1) / 2 for p in positions]
    wins = sum(t == 1 for t in targets)
    print(
        f"{len(positions)} positions ({wins} won, {sum(t == 0 for t in targets)} lost, "
        f"{sum(t == 0.5 for t in targets)} drawn for the mover; {state.get('unsolved', 0)} left unsolved); "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'policy':24} {'N':>5} {'agree':>7} {'95% interval':>15} {'Brier':>6} {'speed':>8}")
    if args.search:
        games = [replayed(p["turns"]) for p in positions]
        for n in (int(x) for x in args.playouts.split(",")):
            for text in args.search.split(","):
                settings = settings_of(text)
                began = time.process_time()
                found = [searched(g, settings, n, args.seed + i) for i, g in enumerate(games)]
                rate = sum(ran for _, ran in found) / (time.process_time() - began)
                means = [mean for mean, _ in found]
                report(text, n, means, targets, f"{rate:,.0f}/s")
        return
    base_rate: dict[int, float] = {}
    for n in (int(x) for x in args.playouts.split(",")):
        for text in args.policies.split(","):
            policy = Policy(text)
            rng = random.Random(args.seed)
            began = time.process_time()
            means = [evaluate(s, policy, n, rng) for s in starts]
            rate = n * len(starts) / (time.process_time() - began)
            if text == "uniform":
                base_rate[n] = rate
            report(text, n, means, targets, f"{rate / base_rate[n]:.2f}" if n in base_rate else f"{rate:.0f}/s")


if __name__ == "__main__":
    main()
