"""Bentley's predecessors of Catchup (2008-2009): one stone a turn, new ways to score.

Every turn places exactly 1 stone; the game ends when the board is full. Plur and Brink are
played with the players' own colours; in Too and Product the mover picks the stone's colour
(the variant data's `either_colour`, which `HexGame` enforces). What differs is only the scoring,
so each engine is its scoring function: a pure function of the two colours' group sizes, kept
beside the engines so that tests and the endgame solver can call it directly.
"""

from __future__ import annotations

from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.scoring import Verdict, cascade, format_groups, ordinal

Groups = tuple[tuple[int, ...], tuple[int, ...]]


def plurality(groups: Groups, names: tuple[str, str], provisional: bool = False) -> Verdict:
    """Plur: whoever owns the majority of the 3 largest groups of the board wins; when the 3rd and
    4th largest have the same size, the 5 largest decide, and so on over odd counts. A cut at k
    needs at least k groups on the board; with no cut the game is a draw. `decided_at` is k - 1."""
    board = sorted([(size, 1) for size in groups[0]] + [(size, 2) for size in groups[1]], reverse=True)
    sizes = [size for size, _ in board]
    ties: list[tuple[int, int]] = []
    k = 3
    while k <= len(board):
        if k == len(board) or sizes[k - 1] > sizes[k]:
            first = sum(1 for _, owner in board[:k] if owner == 1)
            owned = (first, k - first)
            winner = 1 if first > k - first else 2
            top = tuple(
                f"{names[p - 1]} {format_groups(tuple(size for size, owner in board[:k] if owner == p))}"
                for p in (1, 2)
                if owned[p - 1]
            )
            verb = "leads" if provisional else "wins"
            text = (
                f"{names[winner - 1]} {verb}, owning {owned[winner - 1]} of "
                f"the {k} largest groups on the board ({', '.join(top)})"
            )
            if ties:
                text += f"; {_tie_words(ties)}"
            return Verdict(winner, "plurality", k - 1, owned, text)
        ties.append((k, sizes[k - 1]))
        k += 2
    reasons = [_tie_words(ties)] if ties else []
    reasons.append(
        f"the board has only {len(board)} group{'' if len(board) == 1 else 's'}, too few for the {k} largest"
    )
    lead = "no player leads" if provisional else "draw"
    return Verdict(None, "no-cut", None, (0, 0), f"{lead}: the largest groups have no clean cut ({'; '.join(reasons)})")


def _tie_words(ties: list[tuple[int, int]]) -> str:
    """'the 3rd and 4th largest groups are both 2, the 5th and 6th both 1'."""
    parts = [f"the {ordinal(k)} and {ordinal(k + 1)} largest groups are both {size}" for k, size in ties[:1]]
    parts += [f"the {ordinal(k)} and {ordinal(k + 1)} both {size}" for k, size in ties[1:]]
    return ", ".join(parts)


def second_largest(
    groups: Groups, names: tuple[str, str], colours: tuple[str, str], provisional: bool = False
) -> Verdict:
    """Too: player 1 wins if colour 1's second-largest group is larger than colour 2's (0 where a
    colour has fewer than two groups); otherwise player 2 wins."""
    values = (_second(groups[0]), _second(groups[1]))
    winner = 1 if values[0] > values[1] else 2
    verb = "leads" if provisional else "wins"
    comparison = "is larger than" if winner == 1 else "is not larger than"
    first, second = (_second_words(g) for g in groups)
    text = (
        f"{names[winner - 1]} {verb}: {colours[0]}'s 2nd-largest group ({first}) {comparison} {colours[1]}'s ({second})"
    )
    return Verdict(winner, "second-largest", 1, values, text)


def _second(sizes: tuple[int, ...]) -> int:
    """A colour's 2nd-largest group, 0 when it has fewer than two."""
    return sizes[1] if len(sizes) > 1 else 0


def _product(sizes: tuple[int, ...]) -> int:
    """The product of a colour's two largest groups, 0 when it has fewer than two."""
    return sizes[0] * sizes[1] if len(sizes) > 1 else 0


def _second_words(sizes: tuple[int, ...]) -> str:
    if len(sizes) > 1:
        return str(sizes[1])
    return "0: a single group" if sizes else "0: no group"


def product(groups: Groups, names: tuple[str, str], colours: tuple[str, str], provisional: bool = False) -> Verdict:
    """Product: player 1 wins if the product of colour 1's two largest groups is larger than colour
    2's (a colour with fewer than two groups scores 0); otherwise player 2 wins."""
    values = (_product(groups[0]), _product(groups[1]))
    winner = 1 if values[0] > values[1] else 2
    verb = "leads" if provisional else "wins"
    comparison = "more than" if winner == 1 else "not more than"
    first, second = (_product_words(g) for g in groups)
    text = (
        f"{names[winner - 1]} {verb}: {colours[0]}'s two largest "
        f"groups make {first}, {comparison} {colours[1]}'s {second}"
    )
    return Verdict(winner, "product", None, values, text)


def _product_words(sizes: tuple[int, ...]) -> str:
    if len(sizes) > 1:
        return f"{sizes[0]}x{sizes[1]} = {sizes[0] * sizes[1]}"
    return "0 (a single group)" if sizes else "0 (no group)"


def margin(groups: Groups, x: int, names: tuple[str, str], provisional: bool = False) -> Verdict:
    """Brink: largest groups that differ by at least `x` win for the larger; by less, the larger
    loses; equal largest groups pass the decision to the cascading comparison of the rest."""
    largest = (groups[0][0] if groups[0] else 0, groups[1][0] if groups[1] else 0)
    if largest[0] == largest[1]:
        found = cascade(groups, names, provisional)
        text = found.explanation
        if found.winner is not None:
            text += f" (the largest groups are both {largest[0]}, so the margin does not apply)"
        return Verdict(found.winner, "groups", found.decided_at, largest, text)
    bigger = 1 if largest[0] > largest[1] else 2
    smaller = 3 - bigger
    lead = largest[bigger - 1] - largest[smaller - 1]
    verb = "leads" if provisional else "wins"
    sizes = (
        f"{names[bigger - 1]}'s largest group ({largest[bigger - 1]}) is "
        f"{lead} larger than {names[smaller - 1]}'s ({largest[smaller - 1]})"
    )
    if lead >= x:
        return Verdict(bigger, "margin", 0, largest, f"{names[bigger - 1]} {verb}: {sizes}, at least the margin {x}")
    text = f"{names[smaller - 1]} {verb}: {sizes}, less than the margin {x}, so its owner loses"
    return Verdict(smaller, "inside-margin", 0, largest, text)


class _OneStoneGame(HexGame):
    """Exactly 1 stone every turn, from the first to the last; scored by `judge`."""

    def base_counts(self) -> tuple[int, ...]:
        return (1,)

    def winner_of(self, groups: Groups) -> int | None:
        return self.judge(groups).winner  # each predecessor has a scoring rule of its own

    def reason(self) -> str:
        if self.either_colour:
            return f"every turn places exactly 1 stone, {self.colour_names[0]} or {self.colour_names[1]}"
        return "every turn places exactly 1 stone"

    def current_scores(self) -> tuple[int, int]:
        scores = self.judge((self.groups(1), self.groups(2))).scores
        return scores if scores is not None else (self.scores[1], self.scores[2])


class PlurGame(_OneStoneGame):
    def judge(self, groups: Groups, provisional: bool = False) -> Verdict:
        return plurality(groups, self.names, provisional)


class TooGame(_OneStoneGame):
    def judge(self, groups: Groups, provisional: bool = False) -> Verdict:
        return second_largest(groups, self.names, self.colour_names, provisional)


class BrinkGame(_OneStoneGame):
    def judge(self, groups: Groups, provisional: bool = False) -> Verdict:
        return margin(groups, self.variant.params["x"], self.names, provisional)


class ProductGame(_OneStoneGame):
    def judge(self, groups: Groups, provisional: bool = False) -> Verdict:
        return product(groups, self.names, self.colour_names, provisional)
