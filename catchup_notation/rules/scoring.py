"""Scoring shared by the hex variants: the cascading comparison of group sizes, the verdict a
scoring rule returns, and the words for both. The predecessors' own rules (plurality, second-largest,
margin, product) are in `catchup_notation.rules.predecessors`."""

from __future__ import annotations

from itertools import zip_longest

import attrs

#: Stable codes of `Result.decided_by`: which scoring rule decided a finished game.
VERDICT_CODES = {
    "groups": "the cascading comparison of group sizes (largest first; brink after equal largest groups)",
    "plurality": "plur: one player owns the majority of the k largest groups of the board",
    "no-cut": "plur: a draw, the k largest groups are never clearly defined",
    "second-largest": "too: the second-largest groups of the two colours",
    "product": "product: the products of the two largest groups of the two colours",
    "margin": "brink: the largest groups differ by at least x, the larger wins",
    "inside-margin": "brink: the largest groups differ by less than x, the larger loses",
    "scores": "number-set Catch-Up: the higher score",
}


@attrs.frozen
class Verdict:
    """What a scoring rule says of a position: the winner (None: a draw or level), the rule's code
    and deciding position (see `Result`), the numbers it compared (None: the engine's own scores)
    and a sentence for people."""

    winner: int | None
    decided_by: str
    decided_at: int | None
    scores: tuple[int, int] | None
    explanation: str


def compare_groups(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int | None, int | None]:
    """Compare two descending lists of group sizes position by position (a missing entry is 0).

    Returns (winner, position): winner 1 or 2 and the 0-based position that decided, or
    (None, None) when the lists are identical.
    """
    for position, (a, b) in enumerate(zip_longest(first, second, fillvalue=0)):
        if a != b:
            return (1 if a > b else 2), position
    return None, None


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def position_words(position: int) -> str:
    """0 -> 'the largest group'; 1 -> 'the 2nd-largest groups'; ..."""
    return "the largest group" if position == 0 else f"the {ordinal(position + 1)}-largest groups"


def format_groups(sizes: tuple[int, ...], shown: int | None = None) -> str:
    """'11-8-8-3'; with `shown`, the first `shown` sizes and '-...' when more follow."""
    if not sizes:
        return "0"
    if shown is not None and len(sizes) > shown:
        return "-".join(map(str, sizes[:shown])) + "-..."
    return "-".join(map(str, sizes))


def describe_verdict(
    groups: tuple[tuple[int, ...], tuple[int, ...]],
    winner: int | None,
    position: int | None,
    names: tuple[str, str],
    provisional: bool = False,
) -> str:
    """'White wins 23-1 against Black 22-5-...: decided by the largest group' (or a draw); with
    `provisional`, the standing of an unfinished game ('White leads 4 against Black 2 on the
    largest group'). `names` may be the record's own ('amsterdam (White)')."""
    if winner is None:
        verb = "the groups are equal so far" if provisional else "draw"
        return f"{verb}: {names[0]} {format_groups(groups[0])} against {names[1]} {format_groups(groups[1])}"
    shown = (position or 0) + 2
    win, lose = groups[winner - 1], groups[2 - winner]
    against = f"against {names[2 - winner]} {format_groups(lose, shown)}"
    if provisional:
        return f"{names[winner - 1]} leads {format_groups(win, shown)} {against} on {position_words(position or 0)}"
    return f"{names[winner - 1]} wins {format_groups(win, shown)} {against}: decided by {position_words(position or 0)}"


def cascade(
    groups: tuple[tuple[int, ...], tuple[int, ...]], names: tuple[str, str], provisional: bool = False
) -> Verdict:
    """The cascading comparison as a Verdict (Catchup, Ketchup, and brink after equal largest groups)."""
    winner, position = compare_groups(groups[0], groups[1])
    return Verdict(winner, "groups", position, None, describe_verdict(groups, winner, position, names, provisional))
