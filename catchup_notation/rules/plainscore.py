"""A hex game's adjudication from the numbers the compiled core gives of its final position, in
the engine's own words, without the engine: what `HexGame.standing(...).scored(...)` says of it
where the variant scores by the cascading comparison of group sizes (Catchup, Ketchup, sauce and
the others that keep HexGame's scoring), made in a few steps for runs that adjudicate thousands
of games a second.

`cascade_scoring(game)` gives the scorer for a fresh engine, or None where the engine scores or
words its verdicts in a way of its own (the predecessors' rules, a subclass): those are scored
by the engine. The words are the engine's, piece by piece (`scoring.describe_verdict`,
`HexGame.scored`, `HexGame.ending_words`); tests/test_plain_adjudicate.py compares the two on
random games of every variant, finished, drawn, resigned and unfinished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catchup_notation.escaping import printable
from catchup_notation.rules.scoring import position_words

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame

#: What adjudication says of a game (`model.Result`'s fields but the groups and scores, which are
#: the core's): status, winner (None: none), draw, reason, the deciding place (None: none), the
#: deciding rule (None: none) and the verdict in words.
Scored = tuple[str, int | None, bool, str, int | None, str | None, str]

#: The engine's methods that make its verdict: where each is HexGame's own, the verdict is the
#: cascade's, worded as below.
_WORDING = ("judge", "scored", "standing", "ending_words", "current_scores", "_stuck_player", "_end")


def cascade_scoring(game: HexGame) -> CascadeScoring | None:
    """The scorer for games of `game`'s variant (a fresh engine), or None where its verdicts are
    not HexGame's cascade in HexGame's words."""
    from catchup_notation.rules.hexgame import HexGame

    kind = type(game)
    if game.over or any(getattr(kind, name) is not getattr(HexGame, name) for name in _WORDING):
        return None
    return CascadeScoring(game.variant.spec.players)


#: The words of each deciding place, the largest groups' first.
_PLACES = [f": decided by {position_words(at)}" for at in range(64)]


def _shown(sizes: tuple[int, ...], written: str, places: int) -> str:
    """`scoring.format_groups(sizes, places or None)`, `written` being the sizes written "21, 4, 2"."""
    if not sizes:
        return "0"
    if places and len(sizes) > places:
        if places == 2:  # a verdict at the largest groups: the common case
            return f"{sizes[0]}-{sizes[1]}-..."
        return "-".join(map(str, sizes[:places])) + "-..."
    return written.replace(", ", "-")


class CascadeScoring:
    """Scores final positions of one variant as `HexGame.scored` does under the cascade."""

    def __init__(self, names: tuple[str, str]) -> None:
        #: The variant's names of the players (`Variant.spec.players`).
        self.defaults = names

    def names(self, white: str | None, black: str | None) -> tuple[str, str]:
        """`replay.player_names` of the record's names."""
        first, second = self.defaults
        if white and white != first:
            first = f"{white if white.isascii() and white.isprintable() else printable(white)} ({first})"
        if black and black != second:
            second = f"{black if black.isascii() and black.isprintable() else printable(black)} ({second})"
        return first, second

    def scored(
        self,
        white: str | None,
        black: str | None,
        turns: int,
        sizes: tuple[str, str],
        final: tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, int],
    ) -> Scored:
        """What the engine says of a final position (`reading.fastpath.FinalPosition`, `final`) of
        a game between `white` and `black` (the record's names, None where it gives none) after
        `turns` turns, each colour's group sizes written "21, 4, 2" (`sizes`)."""
        first, second, _, _, empty, end, resigned, winner, at = final
        names = self.names(white, black)
        if resigned and not end:
            return (
                "resigned",
                3 - resigned,
                False,
                "resignation",
                None,
                None,
                f"{names[2 - resigned]} wins: {names[resigned - 1]} resigned after turn {turns}",
            )
        if not winner:
            verb = "draw" if end else "the groups are equal so far"
            verdict = (
                f"{verb}: {names[0]} {_shown(first, sizes[0], 0)} against {names[1]} {_shown(second, sizes[1], 0)}"
            )
        else:
            shown = at + 2
            win, lose = (first, second) if winner == 1 else (second, first)
            # `_shown` where the largest groups decide and more follow on both sides: the common case
            won = f"{win[0]}-{win[1]}-..." if shown == 2 and len(win) > 2 else _shown(win, sizes[winner - 1], shown)
            lost = (
                f"{lose[0]}-{lose[1]}-..." if shown == 2 and len(lose) > 2 else _shown(lose, sizes[2 - winner], shown)
            )
            verdict = f"{names[winner - 1]} {'wins' if end else 'leads'} {won} against {names[2 - winner]} {lost}"
        if not end:
            on = f" on {position_words(at)}" if winner else ""
            return (
                "unfinished",
                None,
                False,
                "unfinished",
                None,
                None,
                f"unfinished after turn {turns} with {empty} empty cells; {verdict}{on}",
            )
        decided = (_PLACES[at] if at < 64 else f": decided by {position_words(at)}") if winner else ""
        ending = f"{names[turns % 2]} has no legal turn" if end == 2 else "the board is full"
        late = " (the recorded resignation came after the end and is ignored)" if resigned else ""
        return (
            "finished",
            winner or None,
            not winner,
            "no-legal-turn" if end == 2 else "board-full",
            at if winner else None,
            "groups",
            f"{verdict}{decided}; {ending}{late}",
        )
