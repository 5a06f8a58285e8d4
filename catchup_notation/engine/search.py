"""The playing engine: `Engine.analyse`, `Engine.play` and the streaming `Engine.analysis`.

A search of a position goes in three steps:

1. Within the exact solver's reach (few enough empty cells for the variant, see `solver_reach`),
   the solver is asked first, with a share of the time (or a node budget under a playout limit).
   A position it decides is answered from the proof: a winning turn, the line, the value.
2. Otherwise Monte Carlo tree search (mcts.py; the compiled core's where it is built): one tree,
   searched by every thread at once where the core runs it (tree parallelism, hexmcts.c), in
   rounds of `ROUND` playouts. Between rounds the tree's turn starts within the solver's cheap
   reach (`Settings.solve_empty`), visited often enough, are given to the solver with a small node
   budget, and what it proves goes up the tree.
3. The turn is chosen from the tree's first turns: a proven win if there is one; never a proven
   loss while a turn that does not lose exists; otherwise the most visited.

With a seed and a playout limit (no time limit) a search on one thread is repeatable. On several
threads it is not: which thread takes which path depends on how the system runs them.
"""

from __future__ import annotations

import heapq
import importlib
import math
import os
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs

from catchup_notation.compiled import pure_requested
from catchup_notation.engine.analysis import Analysis, Candidate, Limit, PlayResult, Value
from catchup_notation.engine.coremcts import core_tree
from catchup_notation.engine.levels import level_settings
from catchup_notation.engine.mcts import FirstTurnRow, NodeInfo, Settings, Tree
from catchup_notation.engine.rng import SplitMix64
from catchup_notation.model import Turn
from catchup_notation.rules.hexgame import HexGame

if TYPE_CHECKING:
    from catchup_notation.solvers.endgame import EndgameResult

#: Playouts (all threads together) between two rounds of solving turn starts.
ROUND = 2048
#: Of a time limit, the share the root's exact solve may take before the tree search starts.
ROOT_SOLVE_SHARE = 0.5
#: Nodes the root's exact solve may take under a playout limit (no time limit).
ROOT_SOLVE_NODES = 2_000_000
#: Of a time limit, the share left at the end to gather the answer from the tree.
ANSWER_SHARE = 0.05
#: The 95% interval's z.
Z = 1.959963984540054
#: Turns of a principal line at most.
LINE_TURNS = 12


class TreeSearch(Protocol):
    """What the driver asks of a tree (mcts.Tree and coremcts.CoreTree alike)."""

    @property
    def count(self) -> int: ...
    def run(self, playouts: int, deadline: float = 0.0) -> int: ...
    def info(self, i: int) -> NodeInfo: ...
    def children_of(self, i: int) -> tuple[tuple[int, int], ...]: ...
    def first_turns(self) -> Sequence[FirstTurnRow]: ...
    def untried(self, least: int, most_empty: int) -> list[int]: ...
    def tried(self, i: int) -> None: ...
    def prove(self, i: int, outcome: int) -> None: ...


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a chance seen as `wins` in `n` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z * Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def position_of(position: object) -> HexGame:
    """A copy of the hex position to search: a rules engine (`cn.new_game`, `Game.engine(n)`) or
    a `cn.Game` (its last position)."""
    engine = position.engine() if hasattr(position, "engine") and callable(position.engine) else position
    if not isinstance(engine, HexGame):
        raise TypeError(
            "the engine plays hex variants: give a rules engine (cn.new_game(...), game.engine(n)) or a cn.Game, "
            f"not {type(position).__name__}"
        )
    return engine.copy()


class _Turn(NamedTuple):
    """A first turn as the tree knows it: its cells (board indices, ascending) and colours (()
    where every stone is the mover's). A tuple: a thousand of them are made as a turn's time ends."""

    cells: tuple[int, ...]
    colours: tuple[int, ...]


class _Tally:
    """One first turn as the search weighs it (a plain class, made as cheaply as _Turn)."""

    __slots__ = ("hi", "lo", "n", "node", "w")

    def __init__(self, node: int, n: int, w: float, lo: int, hi: int) -> None:
        self.node = node  # the node after the turn
        self.n = n
        self.w = w  # results for the mover
        self.lo, self.hi = lo, hi  # the outcome's bounds for the mover


class Engine:
    """The engine in this process (see the module notes). `threads` (None: every core; the
    pure-Python search uses one), `seed` (None: a new one each search), `memory_mb` bounds the
    tree, `pure` forces the pure-Python search, `solver` turns the exact solver
    on or off (None: as the level says), `settings` are the tree's settings (None: the level's;
    the level's playout cap holds either way)."""

    def __init__(
        self,
        *,
        threads: int | None = None,
        seed: int | None = None,
        memory_mb: int | None = None,
        pure: bool | None = None,
        solver: bool | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.pure = pure_requested() if pure is None else pure
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        self.threads = max(1, threads if threads is not None else cores)
        self.seed = seed
        self.memory_mb = memory_mb if memory_mb is not None else 1024
        self.solver = solver
        self.settings = settings
        self._searches = 0
        if solver is not False:
            # Imported here, not at the first search, whose clock would pay for it (a few
            # tenths of a second: the first turn of a game played at a second a turn).
            for module in ("catchup_notation.solvers.endgame", "catchup_notation.solvers.estimate"):
                importlib.import_module(module)

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release what the engine holds between searches: nothing at present (a search's threads
        end with each round of its playouts); `with Engine() as engine:` stays the way to use one."""

    # -- the public calls ----------------------------------------------------------------------

    def analyse(self, position: object, limit: Limit, *, candidates: int = 5) -> Analysis:
        """Search `position` within `limit`: its value for the player to move, the best turns."""
        *_, last = self.analysis(position, limit, candidates=candidates, interval=None)
        return last

    def play(self, position: object, limit: Limit) -> PlayResult:
        """The turn the engine chooses, and whether it would resign: it does where the search has
        proven the position lost. The turn is given either way, so that a caller who plays every
        game to its end (a match, a review) still has one."""
        analysis = self.analyse(position, limit, candidates=1)
        return PlayResult(analysis.best, analysis.value.proven == -1, analysis)

    def analysis(
        self, position: object, limit: Limit, *, candidates: int = 5, interval: float | None = 0.5
    ) -> Iterator[Analysis]:
        """Search as `analyse` does, giving an analysis every `interval` seconds while it runs
        (None: only the last), the last one final."""
        game = position_of(position)
        if game.over:
            raise ValueError("the game is over: there is no turn to choose")
        run = _Search(self, game, limit, candidates, self._next_seed())
        yield from run.snapshots(interval)

    def _next_seed(self) -> int:
        if self.seed is None:
            return int.from_bytes(os.urandom(8), "little")
        self._searches += 1
        return SplitMix64(self.seed + self._searches - 1).next()


class _Search:
    """One search of one position (see the module notes)."""

    def __init__(self, engine: Engine, game: HexGame, limit: Limit, candidates: int, seed: int) -> None:
        self.game = game
        self.limit = limit
        self.wanted = candidates
        self.seed = seed
        self.settings, self.level_playouts, self.use_solver = level_settings(limit.level)
        if engine.solver is not None:
            self.use_solver = engine.solver
        if engine.settings is not None:
            self.settings = engine.settings
        self.started = time.monotonic()
        # the search's own deadline, a share of the time before the turn's: gathering the answer
        # from the trees takes its milliseconds too
        self.deadline = self.started + limit.time * (1 - ANSWER_SHARE) if limit.time is not None else 0.0
        caps = [p for p in (limit.playouts, self.level_playouts) if p is not None]
        self.playouts_cap = min(caps) if caps else None
        if self.playouts_cap is None and not self.deadline:
            raise ValueError("a search needs a limit: a time, a number of playouts or a level")
        self.core = not engine.pure
        self.threads = engine.threads if self._compiled() else 1
        most_nodes = max(1024, engine.memory_mb * 2**20 // 48)  # ~48 bytes a node
        self.settings = attrs.evolve(self.settings, max_nodes=min(self.settings.max_nodes, most_nodes))
        self.tree: TreeSearch | None = None
        self.playouts = 0
        self.proof: EndgameResult | None = None
        self.stopped = ""

    def _compiled(self) -> bool:
        """Whether the compiled search runs (the core built, not refused, and knowing the rules)."""
        from catchup_notation.rules.corerules import rules_of

        return self.core and rules_of(self.game) is not None

    # -- running ---------------------------------------------------------------------------------

    def snapshots(self, interval: float | None) -> Iterator[Analysis]:
        if self.use_solver and self._solve_root():
            yield self._proven_analysis()
            return
        self.tree = self._new_tree()
        next_report = time.monotonic() + interval if interval else math.inf
        while True:
            done = self._round()
            if self.use_solver:
                self._solve_turn_starts()
            if self._finished(done):
                break
            if time.monotonic() >= next_report:
                yield self._analysis(final=False)
                next_report = time.monotonic() + (interval or math.inf)
        yield self._analysis(final=True)

    def _new_tree(self) -> TreeSearch:
        seed = SplitMix64(self.seed).next()
        if self._compiled():
            found = core_tree(self.game, seed, self.settings, threads=self.threads)
            if found is not None:
                return found
        return Tree(self.game, seed, self.settings)

    def _round(self) -> int:
        """One round of playouts (by every thread at once where the core runs them); how many."""
        assert self.tree is not None
        budget = ROUND
        if self.playouts_cap is not None:
            budget = max(0, min(budget, self.playouts_cap - self.playouts))
        done = self.tree.run(budget, self.deadline)
        self.playouts += done
        return done

    def _finished(self, done: int) -> bool:
        assert self.tree is not None
        if self._settled(self.tree):
            self.stopped = "proven"
            return True
        if self.playouts_cap is not None and self.playouts >= self.playouts_cap:
            self.stopped = "playouts"
            return True
        if self.deadline and time.monotonic() >= self.deadline:
            self.stopped = "time"
            return True
        if done == 0:  # the tree out of memory: what it has is the answer
            self.stopped = "memory"
            return True
        return False

    def _time_left(self) -> float:
        """Seconds to the deadline (negative past it; infinite without a time limit)."""
        return self.deadline - time.monotonic() if self.deadline else math.inf

    @staticmethod
    def _settled(tree: TreeSearch) -> bool:
        """Whether the tree has proven its root, or found it has no legal turn."""
        info = tree.info(0)
        return info.lo == info.hi or info.dead

    # -- the exact solver ------------------------------------------------------------------------

    def _solve_root(self) -> bool:
        """Ask the solver first where the position is within its reach; True when it decided."""
        from catchup_notation.solvers.endgame import EndgameTimeout, solve_endgame

        if solver_reach(self.game, pure=not self._compiled()) < self.game.empty:
            return False
        budget: dict[str, Any] = {}
        if self.deadline:
            share = self._time_left() * ROOT_SOLVE_SHARE
            if share <= 0:  # no time left at all: the playouts answer (none: the first legal turn)
                return False
            budget["time_limit"] = share
        else:
            budget["max_nodes"] = ROOT_SOLVE_NODES
        try:
            self.proof = solve_endgame(self.game, memory_mb=256, **budget)
        except EndgameTimeout:
            return False
        except Exception:  # a position the solver refuses (too many groups for its masks, ...)
            return False
        return self.proof.complete and self.proof.value is not None and bool(self.proof.principal_line)

    def _solve_turn_starts(self) -> None:
        """Give the tree's turn starts within the solver's cheap reach to the solver."""
        from catchup_notation.solvers.endgame import EndgameError, EndgameTimeout, solve_endgame

        settings, tree = self.settings, self.tree
        assert tree is not None
        asked = 0
        for i in tree.untried(settings.solve_visits, settings.solve_empty):
            if asked >= settings.solve_per_round:
                break
            game = self._position_at(tree, i)
            tree.tried(i)
            if game is None or game.over:
                continue
            budget: dict[str, Any] = {"max_nodes": settings.solve_nodes}
            if self.deadline:
                left = self._time_left()
                if left <= 0:  # the turn's time is up: the search answers now
                    return
                budget["time_limit"] = left  # cut short, a solve proves nothing and the search answers
            asked += 1
            try:
                found = solve_endgame(game, memory_mb=16, **budget)
            except (EndgameTimeout, EndgameError):
                continue
            if found.complete and found.value is not None:
                mover = game.mover
                tree.prove(i, found.value if mover == 1 else -found.value)

    def _position_at(self, tree: TreeSearch, i: int) -> HexGame | None:
        """The position at a turn-start node: the root's, with the turns of the path placed
        (None past the game's end)."""
        path = []
        node = i
        while node > 0:
            path.append(tree.info(node))
            node = path[-1].parent
        game = self.game.copy()
        cells: list[int] = []
        colours: list[int] = []
        for info in reversed(path):
            if game.over:
                return None
            if info.action >= 0:
                mover = game.mover
                cells.append(info.action >> 1)
                colours.append(mover if info.action & 1 == 0 else 3 - mover)
            if info.boundary:
                game.place(cells, tuple(colours) if game.either_colour else ())
                cells, colours = [], []
        return game

    # -- the first turns ---------------------------------------------------------------------------

    def _tallies(self) -> dict[_Turn, _Tally]:
        """The tree's first turns (read in one call)."""
        if self.tree is None:
            return {}
        flip = self.game.mover != 1  # bounds for the mover; the results are already the mover's
        return {
            _Turn(cells, colours): _Tally(node, n, w, -hi if flip else lo, -lo if flip else hi)
            for cells, colours, node, n, w, lo, hi in self.tree.first_turns()
        }

    def _ranked(self, tallies: dict[_Turn, _Tally], wanted: int) -> list[tuple[_Turn, _Tally]]:
        """The `wanted` best, best first: proven wins, then by visits (a proven loss last while
        anything else is left)."""

        def key(item: tuple[_Turn, _Tally]) -> tuple[int, int, float, tuple[int, ...]]:
            turn, tally = item
            mean = tally.w / tally.n if tally.n else 0.0
            standing = 2 if tally.lo == 1 else 0 if tally.hi == -1 else 1
            return (-standing, -tally.n, -mean, turn.cells)

        return heapq.nsmallest(wanted, tallies.items(), key=key)  # as sorted(...)[:wanted], ties alike

    # -- what the search says ------------------------------------------------------------------

    def _analysis(self, *, final: bool) -> Analysis:
        tallies = self._tallies()
        ranked = self._ranked(tallies, max(1, self.wanted))
        mover = self.game.mover
        chosen: list[Candidate] = []
        for turn, tally in ranked:
            value = self._value(tally)
            line = (self._turn(turn, mover), *self._line_after(tally))
            chosen.append(Candidate(line[0], value, line))
        if not chosen:  # no turn tried yet (a search stopped at once): the first legal one
            first = _first_legal(self.game)
            chosen.append(Candidate(first, Value(0.5, 0.0, 1.0), (first,)))
        best = chosen[0]
        nodes = self.tree.count if self.tree is not None else 0
        return Analysis(
            to_move=mover,
            value=best.value,
            best=best.turn,
            line=best.line,
            candidates=tuple(chosen),
            playouts=self.playouts,
            nodes=nodes,
            seconds=time.monotonic() - self.started,
            threads=self.threads,
            seed=self.seed,
            limit=self.limit,
            stopped=self.stopped if final else "",
        )

    def _value(self, tally: _Tally) -> Value:
        if tally.lo == tally.hi:
            return Value.proof(tally.lo, tally.n)
        low, high = wilson(tally.w, tally.n)
        win = tally.w / tally.n if tally.n else 0.5
        return Value(win, low, high, None, tally.n)

    def _line_after(self, tally: _Tally) -> list[Turn]:
        """The turns after a first turn, down the tree."""
        tree, node = self.tree, tally.node
        assert tree is not None
        game = self.game.copy()
        line: list[Turn] = []
        first = _path_turn(tree, node)
        game.place(list(first.cells), first.colours if game.either_colour else ())
        while len(line) < LINE_TURNS - 1 and not game.over:
            step = _best_turn_below(tree, node, game.mover)
            if step is None:
                break
            turn, node = step
            line.append(self._turn(turn, game.mover))
            game.place(list(turn.cells), turn.colours if game.either_colour else ())
        return line

    def _turn(self, turn: _Turn, player: int) -> Turn:
        cells = self.game.board.cells
        return Turn(player, tuple(cells[i] for i in turn.cells), colours=turn.colours)

    def _proven_analysis(self) -> Analysis:
        proof = self.proof
        assert proof is not None and proof.value is not None
        value = Value.proof(proof.value)
        line = proof.principal_line
        return Analysis(
            to_move=self.game.mover,
            value=value,
            best=line[0],
            line=line,
            candidates=(Candidate(line[0], value, line),),
            playouts=0,
            nodes=proof.nodes,
            seconds=time.monotonic() - self.started,
            threads=1,
            seed=self.seed,
            limit=self.limit,
            stopped="proven",
        )


def solver_reach(game: HexGame, *, pure: bool) -> int:
    """Most empty cells the root's exact solve is tried at (by the variant's kind), or -1 where
    the solver does not search this variant at all."""
    from catchup_notation.solvers.estimate import variant_kind
    from catchup_notation.solvers.hexsolve.search import unsearchable
    from catchup_notation.solvers.limits import ENDGAME_EMPTY_COMPILED, ENDGAME_EMPTY_REFERENCE

    if unsearchable(game) is not None:
        return -1
    table = ENDGAME_EMPTY_REFERENCE if pure else ENDGAME_EMPTY_COMPILED
    return table[variant_kind(game)]


# -- walking a tree --------------------------------------------------------------------------------


def _turn_of(cells: tuple[int, ...], colours: tuple[int, ...], mover: int) -> _Turn:
    return _Turn(cells, colours if any(c != mover for c in colours) else ())


def _path_turn(tree: TreeSearch, after: int) -> _Turn:
    """The turn that leads to a turn-start node: the stones on the way up from it to the last one."""
    cells: list[int] = []
    colours: list[int] = []
    node = after
    while True:
        info = tree.info(node)
        parent = tree.info(info.parent)
        if info.action >= 0:
            cells.append(info.action >> 1)
            colours.append(parent.player if info.action & 1 == 0 else 3 - parent.player)
        if parent.boundary:
            break
        node = info.parent
    cells.reverse()
    colours.reverse()
    return _turn_of(tuple(cells), tuple(colours), parent.player)


def _best_turn_below(tree: TreeSearch, start: int, mover: int) -> tuple[_Turn, int] | None:
    """The most visited turn from a turn-start node (a proven win first), or None where the tree
    has not looked below it."""
    node = start
    cells: list[int] = []
    colours: list[int] = []
    while True:
        best, best_key, best_action = -1, (-2, -1), 0
        for action, child in tree.children_of(node):
            if child < 0:
                continue
            info = tree.info(child)
            if info.dead or (info.n == 0 and info.lo != info.hi):
                continue
            lo, hi = (info.lo, info.hi) if mover == 1 else (-info.hi, -info.lo)
            key = (2 if lo == 1 else 0 if hi == -1 else 1, info.n)
            if key > best_key:
                best, best_key, best_action = child, key, action
        if best < 0:
            return None
        if best_action >= 0:
            cells.append(best_action >> 1)
            colours.append(mover if best_action & 1 == 0 else 3 - mover)
        if tree.info(best).boundary:
            return _turn_of(tuple(cells), tuple(colours), mover), best
        node = best


def _first_legal(game: HexGame) -> Turn:
    return next(game.legal_turns())
