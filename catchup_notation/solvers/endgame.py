"""Exact endgame solving of unfinished hex games: the result with perfect play, and a line.

The search never copies a `HexGame`. Stones already on the board are frozen into *fixed groups*;
only the empty cells move, as two bitmasks (one per player, bit k = the k-th empty cell in board
order). A player's groups after any filling follow from the components of their bitmask joined
through the fixed groups those cells touch (memoised per bitmask). The stone-count rules stay the
engine's own: a private probe instance of the game's class is given the few fields its
`base_counts`/`constraint` read (history[-1], len(history), scores, largest, empty, to_move), so
every variant, present or future, is searched under exactly the rules replay applies.

Transposition key. The rules read `history` only through the allowed counts of the turn to move
(checked for every engine in rules/), and `len(history)` only through "no turn yet" and "fewer
than two turns". Once counted, the future of a position depends on (both bitmasks, to_move,
scores, the allowed counts now, min(len(history), 2)); `largest` and `empty` follow from the
bitmasks. That key is coarser than (owner, history[-1], ...) and so merges more transpositions;
the differential tests in tests/test_endgame.py check it against a plain minimax on the engine.

Values are win/draw/loss for the player to move (+1/0/-1); negamax with alpha-beta keeps lower and
upper bounds per key.
"""

from __future__ import annotations

import time
from itertools import combinations, product

import attrs

from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.model import Record, Result, Turn
from catchup_notation.rules.hexgame import HexGame, TurnFacts

#: A cap the CLI may pass as `max_empty`: catchup on side 5 solves 14 empty cells in seconds,
#: the fixed-count variants more (see benchmarks/bench_endgame.py).
DEFAULT_MAX_EMPTY = 16


class EndgameError(CatchupError):
    """The position cannot be solved (not a hex game)."""


class EndgameTooLarge(EndgameError):
    """More empty cells than the caller allowed."""


class EndgameTimeout(EndgameError):
    """The search ran past the caller's time limit."""


@attrs.frozen
class EndgameResult:
    """The game-theoretic result of a hex position.

    `winner` is 1 or 2 with perfect play, None for a draw (only where the variant can end in one:
    ketchup-1/2 stopped with no legal turn and identical group lists). `value` is the same from the
    side of `to_move` (+1 win, 0 draw, -1 loss; None when the game was already over).
    `principal_line` is a sequence of optimal turns to the end; `final` the result of the position
    it reaches (the actual result when the game was already over).
    """

    winner: int | None
    to_move: int | None
    value: int | None
    principal_line: tuple[Turn, ...]
    final: Result
    nodes: int
    seconds: float
    empty: int

    @property
    def draw(self) -> bool:
        return self.winner is None


class _Position:
    """The frozen part of a position: fixed groups, empty cells, and memoised group geometry."""

    def __init__(self, game: HexGame) -> None:
        board = game.board
        self.judge = game.judge  # the variant's scoring rule, a pure function of group sizes
        clone = game.copy()  # union-find path compression must not touch the caller's game
        owner, find, gsize = clone.owner, clone._find, clone.gsize
        self.cells = [board.cells[i] for i in range(len(owner)) if owner[i] == 0]
        local = {board.index[c]: k for k, c in enumerate(self.cells)}
        self.n = len(self.cells)
        self.full = (1 << self.n) - 1
        # Neighbouring empty cells, as bitmasks.
        self.near = [sum(1 << local[nb] for nb in board.neighbours[i] if nb in local) for i in local]
        # Per player: fixed groups that touch an empty cell (ids, sizes, the empty cells they
        # touch), which fixed groups each empty cell touches, and the sizes of the other groups.
        self.touch: list[list[int]] = [[], [], []]
        self.group_size: list[list[int]] = [[], [], []]
        self.group_near: list[list[int]] = [[], [], []]
        self.untouched: list[list[int]] = [[], [], []]
        for player in (1, 2):
            ids: dict[int, int] = {}
            touch = [0] * self.n
            for i, k in local.items():
                for nb in board.neighbours[i]:
                    if owner[nb] == player:
                        root = find(nb)
                        if root not in ids:
                            ids[root] = len(ids)
                            self.group_size[player].append(gsize[root])
                            self.group_near[player].append(0)
                        touch[k] |= 1 << ids[root]
                        self.group_near[player][ids[root]] |= 1 << k
            self.touch[player] = touch
            roots = {find(i) for i in range(len(owner)) if owner[i] == player}
            self.untouched[player] = [gsize[r] for r in roots if r not in ids]
        self._parts: list[dict[int, tuple[tuple[int, int, int], ...]]] = [{}, {}, {}]
        self._finals: dict[tuple[int, int], int | None] = {}

    def parts(self, player: int, mask: int) -> tuple[tuple[int, int, int], ...]:
        """The groups holding the player's stones `mask` on empty cells: (cells, size, fixed ids)."""
        memo = self._parts[player]
        found = memo.get(mask)
        if found is not None:
            return found
        near, touch, sizes, group_near = self.near, self.touch[player], self.group_size[player], self.group_near[player]
        out = []
        rest = mask
        while rest:
            seed = rest & -rest
            comp = frontier = seed
            groups = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                k = bit.bit_length() - 1
                grow = near[k] & mask & ~comp
                new = touch[k] & ~groups
                groups |= new
                while new:
                    g = new & -new
                    new ^= g
                    grow |= group_near[g.bit_length() - 1] & mask & ~comp
                comp |= grow
                frontier |= grow
            rest &= ~comp
            size = comp.bit_count() + sum(sizes[j] for j in range(len(sizes)) if groups >> j & 1)
            out.append((comp, size, groups))
        found = memo[mask] = tuple(out)
        return found

    def groups(self, player: int, mask: int) -> tuple[int, ...]:
        """All the player's group sizes, largest first."""
        parts = self.parts(player, mask)
        merged = 0
        sizes = list(self.untouched[player])
        for _, size, groups in parts:
            merged |= groups
            sizes.append(size)
        sizes += [s for j, s in enumerate(self.group_size[player]) if not merged >> j & 1]
        return tuple(sorted(sizes, reverse=True))

    def winner(self, m1: int, m2: int) -> int | None:
        """The winner of the final position under the variant's scoring (memoised)."""
        key = (m1, m2)
        if key not in self._finals:
            self._finals[key] = self.judge((self.groups(1, m1), self.groups(2, m2))).winner
        return self._finals[key]


class _Solver:
    """Negamax with alpha-beta and a transposition table over one position's endgame."""

    def __init__(self, game: HexGame, deadline: float | None) -> None:
        self.pos = _Position(game)
        self.probe = game.copy()
        self.constrained = game.constrained
        self.either_colour = game.either_colour
        if game.endless:  # sauce: passes by both players never end the game, so no value exists
            raise EndgameError(f"{game.variant.name}: both players may pass for ever, so the endgame has no value")
        if self.constrained and self.either_colour:  # coloured_children does not ask the constraint
            raise EndgameError(f"{game.variant.name}: a constraint on turns of either colour is not searched")
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple, tuple[int, int]] = {}
        self._counts: dict[tuple, tuple[int, ...]] = {}
        self._allowed: dict[tuple, bool] = {}

    def state(self, game: HexGame) -> tuple:
        """The search state of `game`: the solved position or one reached from it by play."""
        index, owner = game.board.index, game.owner
        masks = [0, 0, 0]
        for k, cell in enumerate(self.pos.cells):
            masks[owner[index[cell]]] |= 1 << k
        history = game.history
        return (
            masks[1],
            masks[2],
            game.to_move,
            game.scores[1],
            game.scores[2],
            game.largest[1],
            game.largest[2],
            history[-1] if history else None,
            min(len(history), 2),
        )

    # -- the engine's rules, asked through the probe ---------------------------------------

    def counts(self, state: tuple) -> tuple[int, ...]:
        """allowed_counts() of the variant, memoised on every field the probe is given."""
        _, _, mover, s1, s2, l1, l2, facts, turns = state
        empty = self.pos.n - (state[0] | state[1]).bit_count()
        key = (mover, s1, s2, l1, l2, facts, turns, empty)
        found = self._counts.get(key)
        if found is None:
            probe = self.probe
            probe.to_move, probe.scores, probe.largest, probe.empty = mover, [0, s1, s2], [0, l1, l2], empty
            probe.history = [facts] * turns  # only history[-1] and len(history) < 2 are read
            found = self._counts[key] = probe.allowed_counts()
        return found

    def allowed(self, player: int, placed: int, sizes: list[int], l1: int, l2: int) -> bool:
        """The variant's own constraint on a turn (alternative, ketchup-1/2); it reads only the
        turn's group sizes and both largest groups, hence the memo key."""
        key = (player, placed, tuple(sizes), l1, l2)
        found = self._allowed.get(key)
        if found is None:
            probe = self.probe
            probe.largest = [0, l1, l2]
            found = self._allowed[key] = probe.constraint(player, placed, sizes) is None
        return found

    # -- positions -------------------------------------------------------------------------

    def children(self, state: tuple, counts: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple]]:
        """((colour-1 cells placed, colour-2 cells placed), next state) for every legal turn, with
        the facts the engine's `_commit` would record."""
        if self.either_colour:
            return self.coloured_children(state, counts)
        m1, m2, mover, s1, s2, l1, l2, _, turns = state
        pos = self.pos
        free = pos.full & ~(m1 | m2)
        bits = [1 << k for k in range(pos.n) if free >> k & 1]
        mine = m1 if mover == 1 else m2
        largest = l1 if mover == 1 else l2
        score = s1 if mover == 1 else s2
        board_max = max(l1, l2)
        out = []
        for count in counts:
            for chosen in combinations(bits, count):
                placed = sum(chosen)
                after = mine | placed
                sizes = [size for comp, size, _ in pos.parts(mover, after) if comp & placed]
                if self.constrained and not self.allowed(mover, count, sizes, l1, l2):
                    continue
                top = max(sizes, default=0)
                new_largest = max(largest, top)
                new_score = max(score, new_largest)
                new_max = max(board_max, new_largest)
                strict = top if top > board_max and sizes.count(top) == 1 else 0
                facts = TurnFacts(mover, count, score, new_score, board_max, new_max, strict)
                if mover == 1:
                    child = (after, m2, 2, new_score, s2, new_largest, l2, facts, min(turns + 1, 2))
                    out.append(((placed, 0), child))
                else:
                    child = (m1, after, 1, s1, new_score, l1, new_largest, facts, min(turns + 1, 2))
                    out.append(((0, placed), child))
        return out

    def coloured_children(self, state: tuple, counts: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple]]:
        """`children` where the mover picks each stone's colour (too, product): every colouring of
        every choice of cells. Kept apart so that the common case pays nothing for it; no such
        variant has a constraint."""
        m1, m2, mover, s1, s2, l1, l2, _, turns = state
        pos = self.pos
        free = pos.full & ~(m1 | m2)
        bits = [1 << k for k in range(pos.n) if free >> k & 1]
        score = s1 if mover == 1 else s2
        board_max = max(l1, l2)
        out = []
        for count in counts:
            for chosen in combinations(bits, count):
                for colours in product((1, 2), repeat=count):
                    placed = [0, 0, 0]
                    for bit, colour in zip(chosen, colours, strict=True):
                        placed[colour] |= bit
                    masks = (0, m1 | placed[1], m2 | placed[2])
                    largest = [0, l1, l2]
                    sizes = []  # of the groups holding new stones, either colour
                    for colour in (1, 2):
                        if placed[colour]:
                            grown = [
                                size for comp, size, _ in pos.parts(colour, masks[colour]) if comp & placed[colour]
                            ]
                            largest[colour] = max(largest[colour], *grown)
                            sizes += grown
                    mine = largest[mover]
                    new_score = max(score, mine)
                    strict = mine if mine > board_max and sizes.count(mine) == 1 else 0
                    facts = TurnFacts(mover, count, score, new_score, board_max, max(largest), strict)
                    scores = (new_score, s2) if mover == 1 else (s1, new_score)
                    child = (masks[1], masks[2], 3 - mover, *scores, largest[1], largest[2], facts, min(turns + 1, 2))
                    out.append(((placed[1], placed[2]), child))
        return out

    def terminal_value(self, state: tuple) -> int:
        winner = self.pos.winner(state[0], state[1])
        return 0 if winner is None else (1 if winner == state[2] else -1)

    # -- search ----------------------------------------------------------------------------

    def value(self, state: tuple, alpha: int = -1, beta: int = 1) -> int:
        """The negamax value of `state` for its player to move, exact inside (alpha, beta)."""
        self.nodes += 1
        if not self.nodes & 4095 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise EndgameTimeout("the endgame search ran out of time")
        m1, m2 = state[0], state[1]
        if (m1 | m2) == self.pos.full:
            return self.terminal_value(state)
        counts = self.counts(state)
        key = (m1, m2, state[2], state[3], state[4], counts, state[8])
        low, high = self.table.get(key, (-1, 1))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        children = self.children(state, counts)
        if not children:  # ketchup-1/2: no legal turn ends the game
            return self.terminal_value(state)
        best = -2
        for child in self.ordered(children, state):
            v = -self.value(child, -b, -a)
            if v > best:
                best = v
                if v > a:
                    a = v
                    if a >= b:
                        break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def ordered(self, children: list[tuple[int, tuple]], state: tuple) -> list[tuple]:
        """Children most likely to be best first: the ones that grow the mover's largest group
        most, and among those the ones placing fewer stones (cheap, and it keeps tempo)."""
        li = 5 if state[2] == 1 else 6
        scored = [(child[li], -(placed[0] | placed[1]).bit_count(), i) for i, (placed, child) in enumerate(children)]
        scored.sort(reverse=True)
        return [children[i][1] for _, _, i in scored]

    def line(self, state: tuple, value: int) -> list[tuple[int, int]]:
        """Placed-cell masks (per colour) of a principal line from `state`, whose value is `value`."""
        out = []
        while (state[0] | state[1]) != self.pos.full:
            children = self.children(state, self.counts(state))
            if not children:
                break
            kept = next(((placed, child) for placed, child in children if -self.value(child) == value), None)
            if kept is None:
                raise AssertionError("no child keeps the solved value")
            placed, child = kept
            out.append(placed)
            state, value = child, -value
        return out


def solve_endgame(game, *, max_empty: int | None = None, time_limit: float | None = None) -> EndgameResult:
    """Solve a hex position exactly. `max_empty` caps the empty cells (EndgameTooLarge beyond);
    `time_limit` in seconds raises EndgameTimeout when passed. The game is not changed."""
    if not isinstance(game, HexGame):
        raise EndgameError("endgame solving needs a hex game, not a number-set game")
    start = time.perf_counter()
    if game.over:
        return EndgameResult(game.score().winner, None, None, (), game.score(), 0, 0.0, game.empty)
    if max_empty is not None and game.empty > max_empty:
        raise EndgameTooLarge(f"{game.empty} empty cells; the endgame solver is limited to {max_empty} here")
    deadline = None if time_limit is None else start + time_limit
    solver = _Solver(game, deadline)
    root = solver.state(game)
    value = solver.value(root)
    masks = solver.line(root, value)
    cells = solver.pos.cells
    line = []
    end = game.copy()
    for placed in masks:
        stones = [
            (cells[k], colour)
            for colour, mask in ((1, placed[0]), (2, placed[1]))
            for k in range(len(cells))
            if mask >> k & 1
        ]
        turn = Turn(end.to_move, tuple(cell for cell, _ in stones), colours=tuple(colour for _, colour in stones))
        end.play(turn)  # the engine re-checks every turn of the line
        line.append(turn)
    mover = game.to_move
    winner = None if value == 0 else (mover if value == 1 else 3 - mover)
    final = end.score()
    if not end.over or final.winner != winner:
        raise AssertionError(f"the principal line ends with {final.winner}, the search said {winner}")
    return EndgameResult(
        winner, mover, value, tuple(line), final, solver.nodes, time.perf_counter() - start, game.empty
    )


def solve_record(record: Record, variant=None, **options) -> EndgameResult:
    """Solve the position a record reaches (its last turn; a recorded resignation is ignored).
    Raises IllegalTurn when the record breaks the rules, before solving anything."""
    from catchup_notation.rules.replay import replay  # replay imports the registry; keep it lazy

    played = replay(record, variant)
    if played.error is not None:
        raise IllegalTurn(played.error)
    return solve_endgame(played.game, **options)
