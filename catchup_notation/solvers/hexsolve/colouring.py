"""The search of the either-colour variants (too, product): one stone a turn, of either colour.

A position is its colouring. In these games who placed a stone never matters: the scoring reads only
the two colours' groups, every turn places exactly one stone (so the player to move follows from
the number of stones), and no rule reads scores, largest groups or the facts of the last turn. The
search keeps (m1, m2) alone and keys its table by the colouring (its least image under the root's
symmetries near the root), so every order of play that reaches one colouring, whoever placed
what, is searched once.

Decided positions. Either player may place either colour anywhere, so every filling of the empty
cells is a possible end, and no other is: a colouring is decided exactly when all its fillings
have one winner. With few empty cells (EXACT_FROM) the search asks exactly that (agreed(): at most
2**e fillings, stopped at the first that disagrees; each full colouring's winner is memoised once
for the whole search); with more it asks the bounds of bounds.py (`spread`), which seldom decide
but cost little. Measured on side-3 positions with 10-12 empty cells, the exact test cut the nodes
of too 18-fold; beyond 8 empty cells it saves no more nodes than it costs.

Order. A turn that decides the game for the mover ends the node as a win (the stored best turn
and the killers are tried for that before every turn is built). The others are searched in the
order of how many of a fixed set of random fillings (SAMPLES: colour 1 takes the empty cells of
each sample mask, colour 2 the rest) the mover wins after them, memoised with the verdict: a cheap
estimate of the turn's prospects under random play, which cut the nodes 5-8-fold against the
bounds' spread. The same samples screen the exact test: a colouring whose samples disagree is not
decided. In a node that loses so far, a turn is lost without a node when a reply that refuted a
sibling (the next depth's killers) decides the game at once after it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from catchup_notation.solvers.hexsolve.bounds import Bounds
    from catchup_notation.solvers.hexsolve.geometry import Geometry
    from catchup_notation.solvers.hexsolve.table import TranspositionTable
    from catchup_notation.solvers.limits import Budget

#: Colourings whose verdict (decided()) is memoised before the memo starts over.
DECIDED_LIMIT = 1_000_000

#: decided() answers 0, 1 or 2 (a draw, a winner) for a colouring that decides the game, and more
#: for one that does not.
DECIDED = 2
OPEN = DECIDED + 1

#: Empty cells up to which a colouring is decided by all its fillings (agreed()), not by the bounds.
EXACT_FROM = 8

#: Empty cells of the root up to which the winners of full colourings are kept in an array of 2**n
#: bytes (else in the bounds' bounded memo).
FINALS_ARRAY = 20

#: How many random fillings order the turns (and screen for decided colourings): SAMPLES[i] from
#: SAMPLES_FROM[i - 1] empty cells on (fewer in the exact zone, more near the root).
SAMPLES = (16, 40, 160)
SAMPLES_FROM = (EXACT_FROM + 1, 11)


class Searching(Protocol):
    """What a colouring search shares with the search that owns it (`search.Searcher`): named
    here so that this module needs nothing of that one, which builds it."""

    geo: Geometry
    bounds: Bounds
    memo_limit: int
    table: TranspositionTable
    budget: Budget
    killers: list[list[int]]
    nodes: int
    _next_check: int
    _check_every: int

    def colouring_key(self, packed: int, stones: int) -> tuple[int, bool]: ...


class ColouringSearch:
    """Negamax with alpha-beta over colourings, sharing the searcher's table, symmetries, killers,
    budget and node count."""

    def __init__(self, searcher: Searching) -> None:
        self.s = searcher
        geo = searcher.geo
        self.n = geo.n
        self.full = geo.full
        self.spread = searcher.bounds.spread
        self.final = searcher.bounds.final
        self._decided: dict[int, int] = {}
        self.memo_limit = min(DECIDED_LIMIT, searcher.memo_limit)
        rng = random.Random(1)
        masks = [rng.getrandbits(self.n) for _ in range(max(SAMPLES))]
        #: the sample fillings used with each count of empty cells: more where ordering pays more
        self.samples = [masks[: SAMPLES[sum(e >= start for start in SAMPLES_FROM)]] for e in range(self.n + 1)]
        #: the winner of each full colouring by colour 1's mask (0 not known yet, 3 a draw)
        self._finals = bytearray(1 << self.n) if self.n <= FINALS_ARRAY else None

    def decided(self, m1: int, m2: int) -> int:
        """The winner (1, 2, 0 for a draw) if the colouring decides the game, else OPEN plus how
        many of the sample fillings colour 1 wins (memoised)."""
        packed = m1 | m2 << self.n
        found = self._decided.get(packed)
        if found is None:
            if (m1 | m2) == self.full:
                found = self.final(m1, m2) or 0
            else:
                # The samples are fillings: where they disagree the colouring is not decided.
                empty = self.n - (m1 | m2).bit_count()
                samples = self.samples[min(empty, len(self.samples) - 1)]
                wins = self.sampled(m1, m2, samples)
                found = OPEN + wins
                if wins == 0 or wins == len(samples):
                    if empty <= EXACT_FROM:
                        agreed = self.agreed(m1, m2)
                        if agreed is not None:
                            found = agreed
                    else:
                        low, high = self.spread(m1, m2)
                        if low > 0 or high <= 0:
                            found = 1 if low > 0 else 2
            if len(self._decided) >= self.memo_limit:
                self._decided.clear()
            self._decided[packed] = found
        return found

    def final_winner(self, m1: int) -> int:
        """The winner of the full board where colour 1 holds `m1` (memoised), 0 for a draw."""
        table = self._finals
        if table is None:
            return self.final(m1, self.full ^ m1) or 0
        found = table[m1]
        if not found:
            found = table[m1] = self.final(m1, self.full ^ m1) or 3
        return found if found != 3 else 0

    def agreed(self, m1: int, m2: int) -> int | None:
        """The winner if every filling of the empty cells gives the same one, else None."""
        free = self.full & ~(m1 | m2)
        final_winner = self.final_winner
        first = final_winner(m1 | free)
        x = free
        while x:
            x = (x - 1) & free
            if final_winner(m1 | x) != first:
                return None
        return first

    def sampled(self, m1: int, m2: int, samples: list[int]) -> int:
        """How many of the `samples` fillings of the colouring (colour 1 takes the empty cells of
        each sample mask, colour 2 the rest) colour 1 wins."""
        free = self.full & ~(m1 | m2)
        table = self._finals
        if table is None:  # else final_winner's array look-up, written out: this runs at every turn built
            final_winner = self.final_winner
            return sum(final_winner(m1 | (free & r)) == 1 for r in samples)
        count = 0
        for r in samples:
            c = m1 | (free & r)
            w = table[c]
            if not w:
                w = table[c] = self.final(c, self.full ^ c) or 3
            if w == 1:
                count += 1
        return count

    def refuted(self, m1: int, m2: int, replies: list[int], opponent: int) -> bool:
        """Whether one of `replies` (placed masks) decides the colouring for `opponent` at once."""
        taken = m1 | m2
        taken |= taken << self.n
        for placed in replies:
            if (
                placed
                and not placed & taken
                and self.decided(m1 | (placed & self.full), m2 | placed >> self.n) == opponent
            ):
                return True
        return False

    def value(self, m1: int, m2: int, mover: int, alpha: int, beta: int, depth: int) -> int:
        """The negamax value of the colouring for `mover`, exact inside (alpha, beta)."""
        s = self.s
        s.nodes += 1
        if s.nodes >= s._next_check:
            s._next_check = s.nodes + s._check_every
            s.budget.check(s.nodes)
        winner = self.decided(m1, m2)
        if winner <= DECIDED:
            return 0 if winner == 0 else (1 if winner == mover else -1)
        n = self.n
        packed = m1 | m2 << n
        key, own_frame = s.colouring_key(packed, (m1 | m2).bit_count())
        known, alpha, beta, stored = s.table.probe(key, alpha, beta)
        if known is not None:
            return known
        hint = stored if own_frame else 0
        start = s.nodes
        free = self.full & ~(m1 | m2)
        free_both = free | free << n
        decided = self.decided
        killers = s.killers[depth]
        # A turn that decides the game for the mover: the stored best and the killers first.
        for placed in (hint, killers[0], killers[1]):
            if placed & free_both == placed != 0 and decided(m1 | (placed & self.full), m2 | placed >> n) == mover:
                s.table.store(key, 1, 1, 1, placed if own_frame else 0)
                return 1
        best, best_turn = -2, 0
        a = alpha
        todo: list[tuple[int, int]] = []  # (fewer sample fillings won by the mover after it, placed)
        bits = free
        while bits:
            bit = bits & -bits
            bits ^= bit
            for placed in (bit, bit << n):
                winner = decided(m1 | (placed & self.full), m2 | placed >> n)
                if winner > DECIDED:
                    todo.append((-winner if mover == 1 else winner, placed))  # colour 1's sample wins
                    continue
                v = 0 if winner == 0 else (1 if winner == mover else -1)
                if v > best:
                    best, best_turn = v, placed
                    if v == 1:
                        s.table.store(key, 1, 1, 1, placed if own_frame else 0)
                        return 1
        if best > a:
            a = best
        if a < beta:
            first, second = killers
            todo.sort(key=lambda item: (item[1] != hint, item[1] != first, item[1] != second, item[0]))
            replies = s.killers[depth + 1]
            opponent = 3 - mover
            for _, placed in todo:
                c1, c2 = m1 | (placed & self.full), m2 | placed >> n
                # the replies that refuted its siblings, tried by the verdict alone (no node)
                if best == -1 and self.refuted(c1, c2, replies, opponent):
                    continue
                v = -self.value(c1, c2, opponent, -beta, -a, depth + 1)
                if v > best:
                    best, best_turn = v, placed
                    if v > a:
                        a = v
                        if a >= beta:
                            if killers[0] != placed:
                                killers[1] = killers[0]
                                killers[0] = placed
                            break
        s.table.record(key, best, alpha, beta, s.nodes - start, best_turn if own_frame else 0)
        return best
