"""Outcomes decided before the board is full: bounds that end the search when the result can no
longer change, one per scoring rule.

Every bound below rests on two facts about how a colour's groups evolve:

(F1) Groups never shrink or split (there are no captures); a new stone of a colour makes a new
     group of 1, grows one group by 1, or merges groups a >= b >= ... into one of a + b + ... + 1.
(F2) The final stones of a colour are its present stones plus some of the present empty cells.
     Its final groups therefore lie inside the *potential components* of the colour: the
     connected components of (its stones and every empty cell).

Cascade (catchup, catchup-2012, ketchup 1-4, alternative). Compare descending lists of group
sizes lexicographically, a missing entry counting 0 (Python's tuple order does exactly this on
positive entries). Claim: adding a stone to a colour makes its list strictly larger. A new group
of 1 appends a 1; growing or merging replaces entries a >= b >= ... by c = a + b + ... + 1 > a;
the first position where the lists differ is where c enters, and there the old list held less
than c. By induction over the stones added, (i) a colour's final list is >= its present list, and
(ii) its final list is <= the list it would have if it took every empty cell, which is the list of
its potential components. So if colour 1's present list is larger than colour 2's potential list,
colour 1 wins however the game goes on (also where it ends early, ketchup-1/2: any end lies between
the same bounds), and the same the other way round.

Brink (largest groups differ by >= x: the larger wins; by less: the larger loses; equal: cascade).
The largest group of a colour lies between its present largest L and its largest potential
component U (F1, F2). If L1 > U2, colour 1's largest is strictly larger at the end whatever
happens, by a lead in [L1 - U2, U1 - L2]: a lead that is always >= x wins for 1, one that is
always < x wins for 2. The same with the colours exchanged; otherwise nothing is decided.

Too (second-largest groups, either colour) and product (product of the two largest). Upper bound:
two final groups of a colour either lie in different potential components, so the smaller is at
most the second-largest component s2, or in one component of size s, where they are not adjacent,
so some cell of the component lies in neither and their sizes add up to at most s - 1 (the smaller
is at most (s - 1) // 2, their product at most floor((s-1)/2) * ceil((s-1)/2)). Lower bound: a group
with no empty neighbour is *closed* and final (F1: nothing can join it); every *open* group ends
inside a final group at least as large, distinct from the closed ones. So the final groups include
the closed groups and one group at least as large as the largest open group, and the k-th largest
of a larger multiset is at least the k-th largest of a smaller one. Player 1 wins when colour 1's
lower bound beats colour 2's upper bound; player 2 when colour 1's upper bound cannot beat colour
2's lower bound.

Plur (plurality of the largest groups of both colours) gets no bound: the board is searched to the
end. At a full board every rule is simply asked (`judge`).
"""

from __future__ import annotations

from collections.abc import Callable

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.predecessors import BrinkGame, ProductGame, TooGame
from catchup_notation.solvers.hexsolve.geometry import Geometry

#: winner of a position if already decided: 1 or 2 (players), 0 a draw, None not decided.
Outcome = int | None

#: Final positions memoised per (m1, m2) before the cache starts over.
FINALS_LIMIT = 400_000


class Bounds:
    """The outcome of a position if the scoring rule already decides it (see the module notes)."""

    def __init__(self, game: HexGame, geo: Geometry) -> None:
        self.geo = geo
        self.judge = game.judge
        self._finals: dict[int, Outcome] = {}
        self.memo_limit = FINALS_LIMIT
        self.early: Callable[[int, int], Outcome] | None
        if isinstance(game, BrinkGame):
            self.margin = int(game.variant.params["x"])
            self.early = self._brink
        elif isinstance(game, TooGame):
            self.early = self._too
            self._scores = (0, 2)  # which of _two_largest's bounds are the score's low and high
        elif isinstance(game, ProductGame):
            self.early = self._product
            self._scores = (1, 3)
        elif type(game).judge is HexGame.judge:
            self.early = self._cascade
        else:
            self.early = None  # plur, and any scoring rule this module does not know

    def final(self, m1: int, m2: int) -> Outcome:
        """The variant's own verdict on these stones (memoised): 1, 2 or 0 for a draw."""
        key = m1 | m2 << self.geo.n
        found = self._finals.get(key, -1)
        if found != -1:
            return found
        geo = self.geo
        winner = self.judge((geo.groups(1, m1), geo.groups(2, m2))).winner
        if len(self._finals) >= self.memo_limit:
            self._finals.clear()
        result = self._finals[key] = winner or 0
        return result

    def _cascade(self, m1: int, m2: int) -> Outcome:
        geo = self.geo
        full = geo.full
        if geo.groups(1, m1) > geo.groups(2, full ^ m1):
            return 1
        if geo.groups(2, m2) > geo.groups(1, full ^ m2):
            return 2
        return None

    def _brink(self, m1: int, m2: int) -> Outcome:
        geo = self.geo
        full = geo.full
        low1, high1 = _first(geo.groups(1, m1)), _first(geo.groups(1, full ^ m2))
        low2, high2 = _first(geo.groups(2, m2)), _first(geo.groups(2, full ^ m1))
        x = self.margin
        if low1 > high2:
            if low1 - high2 >= x:
                return 1
            if high1 - low2 < x:
                return 2
        elif low2 > high1:
            if low2 - high1 >= x:
                return 2
            if high2 - low1 < x:
                return 1
        return None

    def _too(self, m1: int, m2: int) -> Outcome:
        return _spread_winner(self.spread(m1, m2))

    def _product(self, m1: int, m2: int) -> Outcome:
        return _spread_winner(self.spread(m1, m2))

    def spread(self, m1: int, m2: int) -> tuple[int, int]:
        """Too and product: the least and the most by which colour 1's final score can still
        exceed colour 2's, as far as the bounds tell (1's low bound less 2's high, 1's high less
        2's low). Player 1 has won when the first is positive, player 2 when the second is not."""
        first, second = self._two_largest(1, m1, m2), self._two_largest(2, m2, m1)
        low, high = self._scores
        return first[low] - second[high], first[high] - second[low]

    def _two_largest(self, colour: int, mine: int, theirs: int) -> tuple[int, int, int, int]:
        """Bounds on a colour's final two largest groups, for the rules that look only at those:
        (second-largest low, product low, second-largest high, product high); see the notes."""
        geo = self.geo
        largest_open, closed = geo.open_and_closed(colour, mine, geo.full & ~(mine | theirs))
        a, b = sorted((*closed[:2], largest_open, 0), reverse=True)[:2]
        potential = geo.groups(colour, geo.full ^ theirs)
        s1 = potential[0] if potential else 0
        s2 = potential[1] if len(potential) > 1 else 0
        half = (s1 - 1) // 2 if s1 else 0  # the smaller of two groups inside one component of s1
        return b, a * b, max(s2, half), max(s1 * s2, half * (s1 - 1 - half) if s1 else 0)


def _spread_winner(spread: tuple[int, int]) -> Outcome:
    return 1 if spread[0] > 0 else 2 if spread[1] <= 0 else None


def _first(groups: tuple[int, ...]) -> int:
    return groups[0] if groups else 0
