"""The reference proof search of number-set Catch-Up positions (`ProofSearch`).

Only the remaining multiset and the mover's *gap* (opponent's score minus mover's score) matter
for the rest of the game, so positions are `(remaining, gap)`. The remaining multiset is packed
into one integer (`Packing`), one bit-field per distinct value, which makes it a cheap dict key.

The value (1 win, 0 draw, -1 loss for the mover) is found by two boolean proof searches,
"can the mover finish at least `need` ahead?" for need = 1 and need = 0, each memoised; this is
alpha-beta with null windows on a three-valued game. Bounds cut most of the tree:
  * the mover ends at most `sum(remaining) - gap` ahead (taking everything that is left);
  * the final margin has the parity of `sum(remaining) - gap`, and so has every later position's
    (taking t turns (S, g) into (S - t, t - g), and (S - t) - (t - g) = S - g - 2(t - g)): in an
    odd game nobody can draw, and every question the search asks is "can the mover win?";
  * `sum(remaining) == gap` is a forced draw (the mover must take everything).
Before searching any move, the moves are listed and each checked for a refutation known without a
search: the opponent's best case after it falls short, or the table already bounds the child's
value below what the opponent needs (an enhanced transposition cut-off: 0.93 times the nodes on
1..21). Most expanded nodes end there (65 % on 1..21), so the check runs while the moves are being
listed, and stops the listing at the first refutation.
Moves are the *sets* taken (the resulting position does not depend on the order), tried by the
number that catches up (the set's largest) ascending, then smallest numbers first: on 1..21 that
needs 0.63 times the nodes of smallest-numbers-first alone, which itself beat largest-sum-first
(N=18: 0.3 s against 77 s); history and killer orders were tried and searched more. Turns are
reported in ascending order, which is always a legal order.

A tighter upper bound than `sum(remaining) - gap` holds but cannot decide what the search asks:
unless the mover ends the game this turn, they finish at most max(remaining) ahead. (Whoever
catches up from behind then leads by less than the number that caught up, by exactly that number
from level; the mover's final margin is such a lead of theirs less what the opponent takes after
it, or minus such a lead of the opponent's, so it never exceeds the largest number left.) Since
max(remaining) >= 1 and the search only asks for margins >= 1 or >= 0, the bound never fires; nor
does its mirror image, margin >= -max(remaining), as a lower bound. So it is not tested.
"""

from __future__ import annotations

from collections.abc import Callable

from catchup_notation.solvers.hexsolve.table import TranspositionTable
from catchup_notation.solvers.limits import (
    CHECK_EVERY,
    Budget,
)
from catchup_notation.solvers.numberset.exchange import Exchange, word
from catchup_notation.solvers.numberset.packing import Packing


class ProofSearch:
    """Memoised boolean searches over positions of one multiset (shared by every query on it).

    What a search proves is kept as bounds on the position's value in a bounded transposition
    table (`can_reach(need=1)` true: value >= 1; false: value <= 0; `need=0` true: value >= 0,
    false: value <= -1), so the two questions share one entry per position and the table's
    replacement scheme keeps memory bounded on any set.
    """

    def __init__(self, packing: Packing, gap_bound: int, *, capacity: int, budget: Budget | None = None) -> None:
        self.packing = packing
        self.nodes = 0
        self.table = TranspositionTable(capacity)
        self.budget = budget or Budget()
        self._next_check = CHECK_EVERY
        self._check_every = CHECK_EVERY
        self._next_budget = CHECK_EVERY
        self._gap_offset = gap_bound
        self._gap_bits = (2 * gap_bound + 1).bit_length()
        # Sharing with the other processes of a parallel solve (see `share`); off until then.
        self._publish: Callable[[int], None] | None = None
        self._sync: Callable[[], None] = _pass
        self._split_depth = 0  # plies below a root move where the workers split positions' moves
        self._mark: Callable[[int], None] | None = None
        self._marks: dict[int, int] = {}  # positions other workers have entered (keys; values unused)
        self._after_sync: Callable[[], None] = _pass
        self._question = -1  # the `need` the marks were entered for (see `ask`)

    def share(
        self, exchange: Exchange, me: int, every: int, marks: Exchange | None = None, split_depth: int = 0
    ) -> None:
        """Search as worker `me` of several processes: every position searched is published on
        `exchange`, and every `every` nodes what this worker published is written out and what the
        others proved is read into the own table (for a position it has an entry for, with the
        bounds of both). With `marks`, the positions up to `split_depth` plies below a root move
        are marked there as the worker enters them, and a worker that finds another's mark on a
        position takes its moves from halfway through the list (`_split_children`)."""
        pending: list[int] = []
        flush, pull = exchange.writer(me), exchange.reader(me)
        entries, others = self.table.entries, self._marks
        pull_marks: Callable[[dict[int, int]], int] = (lambda _: 0) if marks is None else marks.reader(me)

        def sync() -> None:
            flush(pending)
            pull(entries)
            pull_marks(others)
            self._after_sync()

        if marks is not None:
            flush_marks = marks.writer(me)

            def mark(word: int) -> None:
                # at once: another worker entering the position soon after must see it to split
                flush_marks([word])
                pull_marks(others)

            self._mark = mark
            self._split_depth = split_depth
        self._publish = pending.append
        self._sync = sync
        self._check_every = self._next_check = every

    def after_sync(self, hook: Callable[[], None] | None) -> None:
        """Call `hook` after every exchange with the other workers (lockstep.py takes turns there)."""
        self._after_sync = hook or _pass

    def ask(self, need: int) -> None:
        """Start on questions of `need` (a root race, a root move's test): marks the other workers
        entered for another `need` are dropped (where they were on one question says nothing of
        where they are on the next)."""
        if need != self._question:
            self._sync()
            self._marks.clear()
            self._question = need

    def sync(self) -> None:
        """Exchange with the other processes now (see `share`)."""
        self._sync()

    def key(self, packed: int, gap: int) -> int:
        """The table's key of a position (no key of a position with fewer numbers or a smaller gap is
        larger)."""
        return packed << self._gap_bits | (gap + self._gap_offset)

    def moves(self, packed: int, gap: int, budget: Budget | None = None) -> list[tuple[int, int]]:
        """Every distinct set the mover may take: (remaining after, sum taken), by the number that
        catches up (the set's largest) ascending, then smallest numbers first. A position far
        behind may have a great many: a `budget` is checked every CHECK_EVERY moves listed."""
        found = self._moves_unless_refuted(packed, gap, _NEVER, 0, _nothing if budget is None else _counter(budget))
        assert found is not None
        return [(after, total) for _, after, total in found]

    def _moves_unless_refuted(
        self, packed: int, gap: int, threshold: int, child_need: int, get: Callable[[int], int | None]
    ) -> list[tuple[int, int, int]] | None:
        """The moves as `moves` gives them (with the catching number's index first), or None as
        soon as one is found that refutes without a search: it takes `threshold` or more, or `get`
        (the table's) bounds its child's value below `child_need`."""
        values, shifts, masks = self.packing.values, self.packing.shifts, self.packing.masks
        count = len(values)
        found: list[tuple[int, int, int]] = []
        append = found.append
        gap_bits, offset = self._gap_bits, self._gap_offset - gap

        def extend(start: int, packed: int, taken: int) -> bool:
            for j in range(start, count):
                have = (packed >> shifts[j]) & masks[j]
                if have:
                    after = packed - (1 << shifts[j])
                    total = taken + values[j]
                    if total >= gap:
                        if total >= threshold:
                            return True
                        known = get(after << gap_bits | (total + offset))
                        if known is not None and (known >> 2 & 3) - 1 < child_need:
                            return True
                        append((j, after, total))
                    # ascending order: the last (largest) number is the one that catches up
                    elif extend(j if have > 1 else j + 1, after, total):
                        return True
            return False

        if extend(0, packed, 0):
            return None
        found.sort(key=_catcher)  # stable: within one catching number, the generation order stays
        return found

    def can_reach(self, packed: int, gap: int, need: int, remaining_sum: int, depth: int = 0) -> bool:
        """Can the mover force a final margin >= need (need 1: win, 0: at least draw)? For `depth`
        plies from here, a worker of several splits the moves with the others (`_split_children`)."""
        best_case = remaining_sum - gap
        if best_case < need:
            return False
        if best_case & 1:
            need = 1  # odd final margin: "at least a draw" is "a win"
        elif best_case == 0:
            return True  # must take everything and ends level (need is 0 here)
        key = packed << self._gap_bits | (gap + self._gap_offset)
        table = self.table
        known = table.entries.get(key)
        if known is not None:
            if (known & 3) - 1 >= need:  # lower bound
                return True
            if (known >> 2 & 3) - 1 < need:  # upper bound
                return False
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._checkpoint()
        start = self.nodes
        other = 1 - need
        # The child's own best case has the same parity as ours (see the module notes), so in an
        # odd game the child is asked for a win whatever `other` says.
        child_need = 1 if best_case & 1 else other
        # Refutations known without searching, looked for while the moves are listed (most nodes
        # end here): a move after which the opponent's best case, remaining_sum + gap - 2 * taken,
        # falls short of their target (taking everything that is left included: the margin is then
        # ours), or one whose child the table already bounds below it (an enhanced transposition
        # cut-off).
        threshold = (remaining_sum + gap - child_need) // 2 + 1
        moves = self._moves_unless_refuted(packed, gap, threshold, child_need, table.entries.get)
        result = moves is None
        if moves is not None:
            if depth:
                result = self._split_children(moves, gap, other, remaining_sum, depth, key, need)
            else:
                for _, after, taken in moves:
                    if after and not self.can_reach(after, taken - gap, other, remaining_sum - taken):
                        result = True
                        break
        work = self.nodes - start + 1
        if result:
            table.store(key, need, 1, work, 0)
        else:
            table.store(key, -1, need - 1, work, 0)
        if self._publish is not None:
            self._publish(word(key, table.entries[key]))  # the exchange's word (key, bounds, work)
        return result

    def _split_children(
        self,
        moves: list[tuple[int, int, int]],
        gap: int,
        other: int,
        remaining_sum: int,
        depth: int,
        key: int,
        need: int,
    ) -> bool:
        """Does some move refute (the children's loop of `can_reach`), near the root of a parallel
        solve? The worker marks the position as it enters; if another worker has marked it already,
        the two would search it side by side, so this one starts halfway through the moves (the
        other began at the first) and they split them. After each move the table may hold the
        position's answer, found by the other. (Made for two workers: a third that arrives starts
        halfway too.)"""
        assert self._mark is not None
        self._mark(key << 8 | 15)  # a nonzero word (the reader skips zeros, words not written yet)
        if key in self._marks:
            half = len(moves) // 2
            moves = moves[half:] + moves[:half]
        entries = self.table.entries
        for _, after, taken in moves:
            if after and not self.can_reach(after, taken - gap, other, remaining_sum - taken, depth - 1):
                return True
            known = entries.get(key)
            if known is not None:
                if (known & 3) - 1 >= need:
                    return True
                if (known >> 2 & 3) - 1 < need:
                    return False
        return False

    def _checkpoint(self) -> None:
        """Every few nodes: exchange with the other processes; less often, the budget."""
        self._next_check = self.nodes + self._check_every
        self._sync()
        if self.nodes >= self._next_budget:
            self._next_budget = self.nodes + CHECK_EVERY
            self.budget.check(self.nodes)

    def move_reaches(self, after: int, taken: int, gap: int, remaining_sum: int, need: int) -> bool:
        """Does taking `taken` (leaving `after`) finish the mover at least `need` ahead?"""
        if after == 0:
            return taken - gap >= need
        return not self.can_reach(after, taken - gap, 1 - need, remaining_sum - taken, self._split_depth)

    def value(self, packed: int, gap: int, remaining_sum: int) -> int:
        """The mover's exact value: 1 win, 0 draw, -1 loss."""
        if packed == 0:
            return (gap < 0) - (gap > 0)
        if self.can_reach(packed, gap, 1, remaining_sum):
            return 1
        return 0 if self.can_reach(packed, gap, 0, remaining_sum) else -1


def _nothing(key: int) -> None:
    return None


def _counter(budget: Budget) -> Callable[[int], None]:
    """A table lookup for the listing of moves that finds nothing and checks `budget` every
    CHECK_EVERY moves listed (it is called once a move)."""
    listed = 0

    def count(key: int) -> None:
        nonlocal listed
        listed += 1
        if listed % CHECK_EVERY == 0:
            budget.check(0)

    return count


def _pass() -> None:
    return None


#: A threshold no move reaches (`ProofSearch.moves` lists them all).
_NEVER = 1 << 256


def _catcher(move: tuple[int, int, int]) -> int:
    return move[0]
