"""The exact search of a hex position: negamax with alpha-beta over win/draw/loss values, a bounded
transposition table, canonical keys under the position's symmetries, decided-position bounds and
move ordering.

Too and product, where a position is only its colouring, are searched by colouring.py over the
colour masks alone; the rest of this module serves every other variant.

The stone-count rules stay the engine's own: a private probe instance of the game's class is given
the few fields its `base_counts`/`constraint` read (history[-1], len(history), scores, largest,
empty, to_move), so every variant, present or future, is searched under exactly the rules replay
applies.

Search states are tuples (m1, m2, mover, s1, s2, l1, l2, facts, turns): the colour masks over the
empty cells of the root, the player to move, scores, largest groups, the facts of the last turn
and min(turns played, 2).

Transposition key. The rules read `history` only through the allowed counts of the turn to move
(checked for every engine in rules/), and `len(history)` only through "no turn yet" and "fewer than
two turns". Once counted, the future of a position depends on (both masks, mover, scores, the
allowed counts now, min(len(history), 2)); `largest` and `empty` follow from the masks. That key
is coarser than the state and so merges more transpositions; a symmetry of the root position maps
a state to one with the same future, so the masks enter the key in their least image under the
root's symmetries (`canonical_stones`: only where few stones were added, as deeper the look-ups
cost more than the rare symmetric transpositions save). The differential tests in
tests/test_endgame.py check all of this against plain minimax on the engine.

Turns are bitmasks too: `placed` = colour-1 cells | colour-2 cells << n.

Where the cost goes, and what saves it. Most positions of a lost side are refuted by an opponent's
turn that wins at once (cascade rules). Such a turn, cut down to a least winning set of cells (a
*threat*), refutes every sibling turn that leaves those cells free when the opponent may place as
many stones; so after the first few siblings of a losing position, the rest are left out while
they are built, without a node each (value(), children()). Under alternative's constraint (2 stones
may not grow the largest group on the board) a threat is also asked of the constraint in each
sibling, with its own group sizes, which depend only on the opponent's stones (refuted()). Turns
are built lazily: the stored best turn and the killers first, and only if none of them cuts off,
every turn, ordered. The principal line is read by null-window tests (line()), not by full-window
searches.
"""

from __future__ import annotations

from itertools import combinations, product
from math import comb
from typing import TYPE_CHECKING, TypeVar

from catchup_notation.errors import CatchupError
from catchup_notation.rules.hexgame import HexGame, TurnFacts
from catchup_notation.rules.predecessors import ProductGame, TooGame
from catchup_notation.solvers.hexsolve.bounds import Bounds
from catchup_notation.solvers.hexsolve.colouring import ColouringSearch
from catchup_notation.solvers.hexsolve.geometry import Geometry
from catchup_notation.solvers.hexsolve.symmetry import MaskPermuter, position_symmetries
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY, TranspositionTable
from catchup_notation.solvers.limits import CHECK_EVERY, Budget, SearchStopped

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

#: The facts of the last turn, as TurnFacts' fields in a plain tuple (cheaper to make).
Facts = tuple[int, int, int, int, int, int, int]
State = tuple[int, int, int, int, int, int, int, Facts | None, int]
Child = tuple[int, State]  # (placed, state after the turn)
#: A threat: (cells, how many, the sizes of the groups holding them once placed); see value().
Threat = tuple[int, int, tuple[int, ...]]

T = TypeVar("T")

#: Stones added since the root up to which keys are made canonical under the root's symmetries.
CANONICAL_STONES = 6

#: The share of the memory budget (`capacity` entries of the table) the memos take: one part in
#: MEMO_SHARE; the table gets the rest.
MEMO_SHARE = 4

#: Empty cells from which the budget is checked at every node (see Searcher.__init__).
LARGE_BOARD = 30

#: Most bytes for the symmetry permuter's tables (past them, keys are not made canonical).
PERMUTER_BYTES = 64 << 20
#: Most bytes the turns of one position may take once listed (about 200 bytes and four masks of
#: the empty cells each): a position with more turns stops the search (an empty side-50 board
#: has 27 million turns of two stones after the first).
LIST_BYTES = 256 << 20
#: Turns listed, ordered or tried between two looks at the budget, in a position with many.
CHECK_TURNS = 4096


def memo_limit(memo_bytes: int, cells: int) -> int:
    """Entries each memo of a search may hold so that all of them full take about `memo_bytes`,
    on a board of `cells` empty cells. The bytes an entry takes in CPython, measured on side-4
    and side-5 boards: a colour's groups (`Geometry.parts`) 6 a cell + 150, their sizes 160, what
    a stone would join (`units`) 20 a cell + 200, a colour's win at once 100, the allowed counts
    260, a turn's constraint 180, a final outcome 150, a colouring's verdict 90; the per-colour
    memos twice."""
    per_entry = 2 * (6 * cells + 150) + 2 * 160 + 2 * (20 * cells + 200) + 2 * 100 + 260 + 180 + 150 + 90
    return max(1024, memo_bytes // per_entry)


class SearchError(CatchupError):
    """The position cannot be searched (a rule combination the solver does not support)."""


def unsearchable(game: HexGame) -> str | None:
    """Why the search cannot value the positions of this game's variant, or None."""
    name = game.variant.name
    if game.endless:  # sauce: passes by both players never end the game, so no value exists
        return f"{name}: both players may pass for ever, so the position has no value"
    if game.counts_from_all_groups:  # the probe knows the largest groups, not every group
        return f"{name}: the stones of a turn depend on every group of the mover, which the search does not follow"
    if game.constrained and game.either_colour:  # coloured_children does not ask the constraint
        return f"{name}: a constraint on turns of either colour is not searched"
    return None


class Searcher:
    """One root position's search: its geometry, rules probe, table and counters."""

    def __init__(self, game: HexGame, *, capacity: int, budget: Budget | None = None) -> None:
        refused = unsearchable(game)
        if refused is not None:
            raise SearchError(refused)
        self.geo = geo = Geometry(game)
        self.bounds = Bounds(game, geo)
        # The memory budget is `capacity` table entries: a share goes to the memos, each of which
        # starts over at `memo_limit` entries, so that all of them full fit in that share.
        memo_entries = capacity // MEMO_SHARE
        self.memo_limit = geo.memo_limit = self.bounds.memo_limit = memo_limit(memo_entries * BYTES_PER_ENTRY, geo.n)
        self.early = self.bounds.early
        self.probe = game.copy()
        self.constrained = game.constrained
        self.either_colour = game.either_colour
        # TurnFacts.strict_new_max as the engine records it (0 unless its rules read it), so that
        # states made here and by play agree
        self.reads_strict = game.reads_strict_max
        self.table = TranspositionTable(capacity - memo_entries)
        self.budget = budget or Budget()
        self.nodes = 0
        # On a large board one node can take milliseconds, so the clock is read at every node there.
        self._check_every = 1 if geo.n > LARGE_BOARD else CHECK_EVERY
        # and a turn listed or ordered costs about the square of the empty cells (its groups): past a
        # hundred, the budget is looked at more often, at every turn on an empty side-50 board
        self._check_turns = max(1, CHECK_TURNS * LARGE_BOARD**2 // max(geo.n, LARGE_BOARD) ** 2)
        self._listed = 0  # looks at the budget while listing turns: each counts as a node (see `checked`)
        self._next_check = self._check_every
        self._counts: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._allowed: dict[tuple[object, ...], bool] = {}
        self._rules: dict[tuple[object, ...], int] = {}
        self._units: list[dict[int, tuple[list[int], list[int], list[int]]]] = [{}, {}, {}]
        # Symmetries of the root position, as permutations of the empty cells' bits.
        local = {board_index: k for k, board_index in enumerate(geo.board_index)}
        perms = position_symmetries(game.board, game.owner)
        self.symmetries = [tuple(local[perm[i]] for i in geo.board_index) for perm in perms]
        # Canonical keys only where the permuter's tables are small: they grow with the square of
        # the empty cells (about 10 GB on an empty side-50 board), and symmetry only saves work.
        small = MaskPermuter.table_bytes(len(perms) - 1, geo.n) <= PERMUTER_BYTES
        self.permuter = MaskPermuter(self.symmetries[1:], geo.n) if len(perms) > 1 and small else None
        self.canonical_stones = CANONICAL_STONES
        self.cascade = self.early is not None and self.early == self.bounds._cascade
        self._wins: list[dict[int, bool]] = [{}, {}, {}]
        # Winning at once is monotone (see winning_turn); a constraint on turns (alternative) is
        # asked of every winning turn and threat, where one stone is always allowed (see refuted()).
        self.monotone = self.cascade and not self.either_colour and not (self.constrained and game.may_stall)
        self.killers = [[0, 0] for _ in range(2 * geo.n + 4)]  # a pass places nothing
        #: The winning turn of the last value() that found one by winning_turn (else 0).
        self.threat = 0
        #: too, product: positions are colourings alone (see colouring.py)
        self.colouring = ColouringSearch(self) if isinstance(game, (TooGame, ProductGame)) else None

    # -- states ----------------------------------------------------------------------------

    def state(self, game: HexGame) -> State:
        """The search state of `game`: the root position or one reached from it by play."""
        return search_state(self.geo, game)

    # -- the engine's rules, asked through the probe ---------------------------------------

    def counts(self, state: State) -> tuple[int, ...]:
        """allowed_counts() of the variant, memoised on every field the probe is given."""
        _, _, mover, s1, s2, l1, l2, facts, turns = state
        empty = self.geo.n - (state[0] | state[1]).bit_count()
        key = (mover, s1, s2, l1, l2, facts, turns, empty)
        found = self._counts.get(key)
        if found is None:
            probe = self.probe
            probe.to_move, probe.scores, probe.largest, probe.empty = mover, [0, s1, s2], [0, l1, l2], empty
            last = TurnFacts(*facts) if facts is not None else None
            probe.history = [last] * turns  # type: ignore[list-item]  # only history[-1] and len() < 2 are read
            if len(self._counts) >= self.memo_limit:
                self._counts.clear()
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
            if len(self._allowed) >= self.memo_limit:
                self._allowed.clear()
            found = self._allowed[key] = probe.constraint(player, placed, sizes) is None
        return found

    # -- turns -----------------------------------------------------------------------------

    def units(self, colour: int, mine: int) -> tuple[list[int], list[int], list[int]]:
        """What a new stone of `colour` on each cell would join, given its stones `mine` on empty
        cells: (unit mask per cell, unit sizes, size of a lone new stone per cell). A unit is one of
        the colour's present groups; cells inside `mine` get nothing."""
        memo = self._units[colour]
        found = memo.get(mine)
        if found is not None:
            return found
        geo = self.geo
        parts = geo.parts(colour, mine)
        sizes = [size for _, size, _ in parts]
        fixed_unit = []  # unit bit of each fixed group
        merged_into: dict[int, int] = {}
        for i, (_, _, groups) in enumerate(parts):
            g = groups
            while g:
                low = g & -g
                g ^= low
                merged_into[low.bit_length() - 1] = i
        for j, size in enumerate(geo.group_size[colour]):
            if j in merged_into:
                fixed_unit.append(1 << merged_into[j])
            else:
                fixed_unit.append(1 << len(sizes))
                sizes.append(size)
        near, touch = geo.near, geo.touch[colour]
        adjacent = [0] * geo.n
        single = [0] * geo.n
        for k in range(geo.n):
            if mine >> k & 1:
                continue
            around = near[k] & mine
            unit = 0
            if around:
                for i, (comp, _, _) in enumerate(parts):
                    if comp & around:
                        unit |= 1 << i
            t = touch[k]
            while t:
                low = t & -t
                t ^= low
                unit |= fixed_unit[low.bit_length() - 1]
            adjacent[k] = unit
            total = 1
            u = unit
            while u:
                low = u & -u
                u ^= low
                total += sizes[low.bit_length() - 1]
            single[k] = total
        if len(memo) >= self.memo_limit:
            memo.clear()
        found = memo[mine] = (adjacent, sizes, single)
        return found

    def children(
        self,
        state: State,
        counts: tuple[int, ...],
        only: int | None = None,
        threats: Sequence[Threat] = (),
        pruned: list[int] | None = None,
    ) -> list[Child]:
        """(placed, next state) for every legal turn, with the facts the engine's `_commit` would
        record; with `only` (a placed mask), just that turn if it is legal (else nothing). A turn
        that leaves one of `threats` to the opponent (see value()) is left out, and its placed
        mask appended to `pruned`."""
        if self.either_colour:
            return self.coloured_children(state, counts)
        m1, m2, mover, s1, s2, l1, l2, _, turns = state
        geo = self.geo
        n = geo.n
        free = geo.full & ~(m1 | m2)
        bits = [k for k in range(n) if free >> k & 1]
        choices: Iterable[tuple[int, tuple[int, ...]]]
        if only is None:
            total = sum(comb(len(bits), count) for count in counts)
            self.refuse_listing(total)
            choices = self.budgeted(
                ((count, chosen) for count in counts for chosen in combinations(bits, count)), total
            )
        else:
            cells = only >> n if mover == 2 else only
            if cells & ~free or (mover == 2 and only & geo.full) or cells.bit_count() not in counts:
                return []
            chosen = tuple(k for k in bits if cells >> k & 1)
            choices = ((len(chosen), chosen),)
        mine = m1 if mover == 1 else m2
        largest = l1 if mover == 1 else l2
        score = s1 if mover == 1 else s2
        board_max = max(l1, l2)
        reads_strict = self.reads_strict
        adjacent, unit_size, single = self.units(mover, mine)
        near = geo.near
        shift = 0 if mover == 1 else n
        next_turns = min(turns + 1, 2)
        constrained = self.constrained
        out: list[Child] = []

        def joined(a: int, b: int) -> bool:
            return bool(near[a] >> b & 1 or adjacent[a] & adjacent[b])

        def size_of(cells: Sequence[int]) -> int:
            units = 0
            for k in cells:
                units |= adjacent[k]
            total = len(cells)
            while units:
                low = units & -units
                units ^= low
                total += unit_size[low.bit_length() - 1]
            return total

        for count, chosen in choices:
            # Sizes of the groups holding the new stones: link stones that touch each other or
            # a common group, then add up the groups each linked set touches.
            if count == 1:
                sizes = [single[chosen[0]]]
            elif count == 2:
                a, b = chosen
                sizes = [size_of(chosen)] if joined(a, b) else [single[a], single[b]]
            elif count == 0:
                sizes = []
            elif count == 3:
                a, b, c = chosen
                ab, ac, bc = joined(a, b), joined(a, c), joined(b, c)
                links = ab + ac + bc
                if links >= 2:  # one set linked through a common stone
                    sizes = [size_of(chosen)]
                elif not links:
                    sizes = [single[a], single[b], single[c]]
                elif ab:
                    sizes = [size_of((a, b)), single[c]]
                elif ac:
                    sizes = [size_of((a, c)), single[b]]
                else:
                    sizes = [size_of((b, c)), single[a]]
            else:
                sizes = [size_of(linked) for linked in _linked(chosen, joined)]
            placed = 0
            for k in chosen:
                placed |= 1 << k
            if constrained and not self.allowed(mover, count, sizes, l1, l2):
                continue
            top = max(sizes, default=0)
            new_largest = largest if largest >= top else top
            new_score = score if score >= new_largest else new_largest
            new_max = board_max if board_max >= new_largest else new_largest
            strict = top if reads_strict and top > board_max and sizes.count(top) == 1 else 0
            facts = (mover, count, score, new_score, board_max, new_max, strict)
            if mover == 1:
                child: State = (m1 | placed, m2, 2, new_score, s2, new_largest, l2, facts, next_turns)
            else:
                child = (m1, m2 | placed, 1, s1, new_score, l1, new_largest, facts, next_turns)
            if threats and self.refuted(threats, placed, child):
                if pruned is not None:
                    pruned.append(placed << shift)
                continue
            out.append((placed << shift, child))
        return out

    def refuse_listing(self, total: int) -> None:
        """Stop the search (SearchStopped, saying why) when `total` turns of one position would take
        more than `LIST_BYTES` once listed."""
        if total * (200 + self.geo.n // 2) > LIST_BYTES:
            raise SearchStopped(
                f"a position has {total} turns, more than the search lists in one position "
                f"({LIST_BYTES >> 20} MB of memory; the board has {self.geo.n} empty cells)",
                nodes=self.nodes,
            )

    def budgeted(self, turns: Iterable[T], total: int) -> Iterable[T]:
        """`turns` (`total` of them), looking at the budget as they go when they are many: a time or
        node limit is held within a fraction of a second however many turns a position has."""
        return turns if total <= self._check_turns else self.checked(turns)

    def checked(self, items: Iterable[T]) -> Iterator[T]:
        """`items`, looking at the budget every few of them (`CHECK_TURNS` on a small board, fewer
        as the board grows: about as much work between two looks on every board). Each look counts
        as one node toward a node limit, so that listing the turns of a position with very many
        (an opening on a large board, whose turns alone take minutes) is bounded by it too."""
        every = self._check_turns
        for number, item in enumerate(items):
            if number % every == every - 1:
                self._listed += 1
                self.budget.check(self.nodes + self._listed)
            yield item

    def coloured_children(self, state: State, counts: tuple[int, ...]) -> list[Child]:
        """`children` where the mover picks each stone's colour (too, product): every colouring of
        every choice of cells. No such variant has a constraint."""
        m1, m2, mover, s1, s2, l1, l2, _, turns = state
        geo = self.geo
        n = geo.n
        free = geo.full & ~(m1 | m2)
        bits = [1 << k for k in range(n) if free >> k & 1]
        score = s1 if mover == 1 else s2
        board_max = max(l1, l2)
        reads_strict = self.reads_strict
        out: list[Child] = []
        self.refuse_listing(sum(comb(len(bits), count) << count for count in counts))
        for count in counts:
            for chosen in self.budgeted(combinations(bits, count), comb(len(bits), count)):
                for colours in product((1, 2), repeat=count):
                    placed = [0, 0, 0]
                    for bit, colour in zip(chosen, colours, strict=True):
                        placed[colour] |= bit
                    masks = (0, m1 | placed[1], m2 | placed[2])
                    largest = [0, l1, l2]
                    sizes: list[int] = []  # of the groups holding new stones, either colour
                    for colour in (1, 2):
                        if placed[colour]:
                            grown = [
                                size for comp, size, _ in geo.parts(colour, masks[colour]) if comp & placed[colour]
                            ]
                            largest[colour] = max(largest[colour], *grown)
                            sizes += grown
                    mine = largest[mover]
                    new_score = max(score, mine)
                    strict = mine if reads_strict and mine > board_max and sizes.count(mine) == 1 else 0
                    facts = (mover, count, score, new_score, board_max, max(largest), strict)
                    s = (new_score, s2) if mover == 1 else (s1, new_score)
                    child: State = (
                        masks[1],
                        masks[2],
                        3 - mover,
                        s[0],
                        s[1],
                        largest[1],
                        largest[2],
                        facts,
                        min(turns + 1, 2),
                    )
                    out.append((placed[1] | placed[2] << n, child))
        return out

    # -- search ----------------------------------------------------------------------------

    def outcome(self, m1: int, m2: int, mover: int) -> int | None:
        """The value for `mover` if the scoring rule already decides the position, else None."""
        early = self.early
        if early is not None:
            winner = early(m1, m2)
            if winner is not None:
                return 0 if winner == 0 else (1 if winner == mover else -1)
        if (m1 | m2) == self.geo.full:
            return self.final_value(m1, m2, mover)
        return None

    def final_value(self, m1: int, m2: int, mover: int) -> int:
        winner = self.bounds.final(m1, m2)
        return 0 if winner == 0 else (1 if winner == mover else -1)

    def key(self, state: State, counts: tuple[int, ...]) -> tuple[int, bool]:
        """The transposition key of a state, and whether its masks are in their own frame (so
        that a best turn stored with it applies to this state as it is)."""
        m1, m2 = state[0], state[1]
        packed = m1 | m2 << self.geo.n
        if self.colouring is not None:
            return self.colouring_key(packed, (m1 | m2).bit_count())
        canon = packed
        if self.permuter is not None and (m1 | m2).bit_count() <= self.canonical_stones:
            canon = self.permuter.canonical(packed)
        rules = (state[2], state[3], state[4], counts, state[8])
        rule_id = self._rules.get(rules)
        if rule_id is None:
            rule_id = self._rules[rules] = len(self._rules)
        return canon << 24 | rule_id, canon == packed

    def colouring_key(self, packed: int, stones: int) -> tuple[int, bool]:
        """`key` where the colouring alone is the position (too, product)."""
        canon = packed
        if self.permuter is not None and stones <= self.canonical_stones:
            canon = self.permuter.canonical(packed)
        return canon, canon == packed

    def wins_now(self, colour: int, mask: int) -> bool:
        """Whether a colour with stones `mask` on empty cells has won already, whatever the rest of
        the game (cascade rules: its list beats the other colour's potential; see bounds.py)."""
        memo = self._wins[colour]
        found = memo.get(mask)
        if found is None:
            geo = self.geo
            found = geo.groups(colour, mask) > geo.groups(3 - colour, geo.full ^ mask)
            if len(memo) >= self.memo_limit:
                memo.clear()
            memo[mask] = found
        return found

    def value(self, state: State, alpha: int = -1, beta: int = 1, depth: int = 0) -> int:
        """The negamax value of `state` for its player to move, exact inside (alpha, beta)."""
        if self.colouring is not None:
            return self.colouring.value(state[0], state[1], state[2], alpha, beta, depth)
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self._check_every
            self.budget.check(self.nodes)
        m1, m2, mover = state[0], state[1], state[2]
        # Where the parent's winning_turn ran, a position can only be decided once it is full (the
        # mover's own win-now test read the same masks one ply earlier and found nothing).
        if not self.monotone or (m1 | m2) == self.geo.full or depth == 0:
            known = self.outcome(m1, m2, mover)
            if known is not None:
                return known
        counts = self.counts(state)
        key, own_frame = self.key(state, counts)
        known, alpha, beta, stored = self.table.probe(key, alpha, beta)
        if known is not None:
            return known
        hint = stored if own_frame else 0
        start = self.nodes
        # A turn after which the scoring rule already gives the mover the game ends the search
        # here (whatever the window: no value is above a win).
        children: list[Child] | None = None
        if self.monotone:
            winning = self.winning_turn(state, counts)
        elif self.early is None or (self.cascade and not self.could_win_now(state)):
            winning = None  # no turn wins at once: the children are built only if needed
        else:
            children = self.children(state, counts)
            winning = self.winning_child(children, mover)
        if winning is not None:
            self.table.store(key, 1, 1, 1, winning if own_frame else 0)
            self.threat = winning
            return 1
        best, best_turn = -2, 0
        a = alpha
        # Threats (monotone rules): cell sets with which the opponent wins at once, whatever else
        # is on the board, learnt from the children searched so far. A turn that leaves one of them
        # free, when the opponent may then place as many stones, loses at once (see threat()).
        threats: list[Threat] = []
        pruned: list[int] = []  # turns left out by children() for a threat: each loses
        shift = 0 if mover == 1 else self.geo.n
        for placed, child in self.candidates(state, counts, children, hint, depth, threats, pruned):
            if threats and self.refuted(threats, placed >> shift, child):
                if best < -1:
                    best, best_turn = -1, placed
                continue
            self.threat = 0
            v = -self.value(child, -beta, -a, depth + 1)
            if v == -1 and self.threat and self.monotone:
                threats.append(self.minimal_threat(child, self.threat))
            if v > best:
                best, best_turn = v, placed
                if v > a:
                    a = v
                    if a >= beta:
                        killers = self.killers[depth]
                        if killers[0] != placed:
                            killers[1] = killers[0]
                            killers[0] = placed
                        break
        if best == -2 and pruned:
            best, best_turn = -1, pruned[0]
        if best == -2:  # ketchup-1/2: no legal turn ends the game
            return self.final_value(m1, m2, mover)
        self.table.record(key, best, alpha, beta, self.nodes - start, best_turn if own_frame else 0)
        self.threat = 0  # set by some descendant, not a turn of this position
        return best

    def candidates(
        self,
        state: State,
        counts: tuple[int, ...],
        children: list[Child] | None,
        hint: int,
        depth: int,
        threats: list[Threat],
        pruned: list[int],
    ) -> Iterator[Child]:
        """The turns to search, best first. Where the children are not built yet (every variant
        whose stones have one colour), the stored best turn and the killers are tried before any
        other turn is built: a cut-off by one of them saves building and ordering every turn, and
        the threats they reveal leave out the turns that lose to one at once (monotone rules)."""
        mover = state[2]
        if children is not None:
            yield from self.ordered(children, mover, hint, depth)
            return
        tried = []
        for placed in (hint, *self.killers[depth]):
            if placed and placed not in tried:
                tried.append(placed)
                yield from self.children(state, counts, placed)
        rest = (
            self.children(state, counts, threats=threats, pruned=pruned)
            if self.monotone
            else self.children(state, counts)
        )
        for item in self.ordered(rest, mover, 0, depth):
            if item[0] not in tried:
                yield item

    def could_win_now(self, state: State) -> bool:
        """Whether the mover would win at once by taking every empty cell (cascade rules): if not,
        no turn wins at once, whatever constraint limits the turns (winning at once is monotone
        in the mover's stones, see winning_turn)."""
        m1, m2, mover = state[0], state[1], state[2]
        return self.wins_now(mover, self.geo.full & ~(m2 if mover == 1 else m1))

    def winning_turn(self, state: State, counts: tuple[int, ...]) -> int | None:
        """`winning_child` without building the children, where the rules allow it (cascade
        scoring). Winning at once is monotone in the mover's stones: more stones make its list
        larger and the opponent's potential smaller (bounds.py). So if even taking every empty cell
        does not win now, no turn does; and, without a constraint on turns, if some turn does, so
        does every turn of the largest allowed count that contains it, so only those are tried.
        Under a constraint (alternative) every allowed count is tried, fewest stones first, and a
        winning set of cells counts only if the constraint allows it as a turn."""
        m1, m2, mover = state[0], state[1], state[2]
        if not self.could_win_now(state):
            return None
        mine = m1 if mover == 1 else m2
        free = self.geo.full & ~(m1 | m2)
        wins_now = self.wins_now
        shift = 0 if mover == 1 else self.geo.n
        bits = [1 << k for k in range(self.geo.n) if free >> k & 1]
        if not self.constrained:
            count = max(counts)
            if count >= free.bit_count():
                return free << shift
            for chosen in self.budgeted(combinations(bits, count), comb(len(bits), count)):
                placed = sum(chosen)
                if wins_now(mover, mine | placed):
                    return placed << shift
            return None
        for count in sorted(counts):
            for chosen in self.budgeted(combinations(bits, count), comb(len(bits), count)):
                placed = sum(chosen)
                if wins_now(mover, mine | placed) and self.allowed(
                    mover, count, self.turn_sizes(mover, mine, placed), state[5], state[6]
                ):
                    return placed << shift
        return None

    def turn_sizes(self, colour: int, mine: int, cells: int) -> list[int]:
        """The sizes of the groups holding new stones `cells` of a colour that has `mine` on the
        empty cells (what a constraint reads of a turn)."""
        return [size for comp, size, _ in self.geo.parts(colour, mine | cells) if comp & cells]

    def minimal_threat(self, state: State, placed: int) -> Threat:
        """A least subset of a winning turn `placed` (of the player to move in `state`) that still
        wins at once, as (cells, size, sizes of the groups holding them). Winning at once is
        monotone (see winning_turn) and reads only the winner's stones, so the set wins in any
        position with the same stones of that player where its cells are free and the player may
        place them as a turn (see refuted())."""
        mover = state[2]
        n = self.geo.n
        cells = placed >> n if mover == 2 else placed & self.geo.full
        mine = state[0] if mover == 1 else state[1]
        wins_now = self.wins_now
        rest = cells
        while rest:
            low = rest & -rest
            rest ^= low
            if wins_now(mover, mine | (cells ^ low)):
                cells ^= low
        sizes = tuple(self.turn_sizes(mover, mine, cells)) if self.constrained else ()
        return cells, cells.bit_count(), sizes

    def refuted(self, threats: Sequence[Threat], placed: int, child: State) -> bool:
        """Whether a turn that places `placed` (cells of its mover) and leads to `child` leaves
        one of the `threats` (learnt from its siblings) to the opponent, who then wins at once.

        A threat's cells win at once for the opponent whatever else is on the board (they read only
        the opponent's stones, the same in every sibling), so the turn loses if they are still free
        and the opponent may place them as a turn in `child`. Without a constraint that is: as many
        stones allowed (a turn of the largest count holding the cells wins as well, winning at once
        being monotone). Under a constraint that reads only the turn's group sizes and the largest
        group of each colour (alternative: 2 stones may not grow the largest group on the board),
        the threat's own sizes depend only on the opponent's stones, so the constraint is asked
        with them and the child's largest groups; this needs its exact count to be allowed (a
        larger turn holding it might not be)."""
        counts = None
        for cells, size, sizes in threats:
            if cells & placed:
                continue
            if counts is None:
                counts = self.counts(child)
            if not self.constrained:
                if size <= max(counts):
                    return True
            elif size in counts and self.allowed(child[2], size, list(sizes), child[5], child[6]):
                return True
        return False

    def winning_child(self, children: list[Child], mover: int) -> int | None:
        """The placed mask of a turn that wins at once by the scoring rule's bounds, if any."""
        if self.cascade:
            wins_now = self.wins_now
            for placed, child in children:
                if wins_now(mover, child[0] if mover == 1 else child[1]):
                    return placed
            return None
        early = self.early
        if early is None:
            return None
        for placed, child in children:
            if early(child[0], child[1]) == mover:
                return placed
        return None

    def ordered(self, children: list[Child], mover: int, hint: int, depth: int) -> list[Child]:
        """Children most likely to be best first: the stored best turn, the turns that refuted
        other positions at this depth (killers), then (cascade rules) the ones that leave the
        mover's largest group furthest above the largest the opponent could still reach, or else
        the ones that grow the mover's largest group most; fewer stones first among equals."""
        first, second = self.killers[depth]
        scored: list[tuple[int, int, int, int, int]] = []
        if self.cascade:
            groups, full, opp = self.geo.groups, self.geo.full, 3 - mover
            many = self.checked(children) if len(children) > self._check_turns else children
            for i, (placed, child) in enumerate(many):
                rank = 3 if placed == hint else 2 if placed == first else 1 if placed == second else 0
                own = child[5] if mover == 1 else child[6]
                reach = groups(opp, full ^ (child[0] if mover == 1 else child[1]))
                margin = own - (reach[0] if reach else 0)
                scored.append((rank, margin if margin < 1 else 1, -placed.bit_count(), own, i))
        else:
            for i, (placed, child) in enumerate(children):
                rank = 3 if placed == hint else 2 if placed == first else 1 if placed == second else 0
                scored.append((rank, 0, -placed.bit_count(), child[5] if mover == 1 else child[6], i))
        scored.sort(reverse=True)
        return [children[item[-1]] for item in scored]

    def line(self, state: State, value: int) -> list[int]:
        """Placed masks of a principal line from `state`, whose value is `value`."""
        out: list[int] = []
        while (state[0] | state[1]) != self.geo.full:
            counts = self.counts(state)
            children = self.children(state, counts)
            if not children:
                break
            # A child keeps the value when its own value is at most -value (none is lower, as
            # value is the best): one null-window test each, in the search's own order (the stored
            # best turn, the killers, then the ordering rule), so that the first child tested is
            # mostly the one the search found, whose test the table answers. Near a symmetric root
            # keys are in another frame and keep no best turn: tried in the order they are built,
            # every child that does not keep the value was solved from scratch (on ketchup-4's
            # side-3 openings, 1.56 M nodes for the line after 0.26 M for the value; now 4). In a
            # lost position every child keeps it, so none is searched.
            key, own_frame = self.key(state, counts)
            entry = self.table.get(key)
            hint = entry[2] if entry is not None and own_frame else 0
            kept = next(
                (
                    (placed, child)
                    for placed, child in self.ordered(children, state[2], hint, len(out))
                    if value == -1 or self.value(child, -value, 1 - value) <= -value
                ),
                None,
            )
            if kept is None:
                raise AssertionError("no child keeps the solved value")
            placed, child = kept
            out.append(placed)
            state, value = child, -value
        return out

    # -- symmetry of turns -----------------------------------------------------------------

    def turn_orbit_key(self, placed: int) -> int:
        """The least image of a turn's placed masks under the root's symmetries."""
        return placed if self.permuter is None else self.permuter.canonical(placed)


def search_state(geo: Geometry, game: HexGame) -> State:
    """The search state of `game` over the empty cells of `geo`'s root (see the module notes)."""
    index, owner = game.board.index, game.owner
    masks = [0, 0, 0]
    for k, cell in enumerate(geo.cells):
        masks[owner[index[cell]]] |= 1 << k
    history = game.history
    mover = game.to_move if game.to_move is not None else 3 - history[-1].player
    return (
        masks[1],
        masks[2],
        mover,
        game.scores[1],
        game.scores[2],
        game.largest[1],
        game.largest[2],
        history[-1] if history else None,
        min(len(history), 2),
    )


def _linked(chosen: Sequence[int], joined: Callable[[int, int], bool]) -> list[list[int]]:
    """Split new stones into the sets that end in one group (joined: touching, or touching a
    common group)."""
    groups: list[list[int]] = []
    for k in chosen:
        merged = [k]
        for g in [g for g in groups if any(joined(k, other) for other in g)]:
            merged += g
            groups.remove(g)
        groups.append(merged)
    return groups
