"""Replay a record under a variant, turn by turn, stopping at the first illegal turn.

Nothing is scored past an illegal turn (python-chess's lesson: continuing would invent a game
that never existed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from catchup_notation.board import Cell
from catchup_notation.errors import IllegalTurn
from catchup_notation.model import GameState, Record, RuleError
from catchup_notation.rules.registry import Variant, parse_variant
from catchup_notation.rules.engine import Game


def variant_for(record: Record, variant: str | Variant | None = None) -> Variant:
    """The variant to replay `record` under: its own, or `variant` with the record's board size
    (or number set) unless the variant string sets it explicitly."""
    own = parse_variant(record.variant)
    if variant is None:
        return own
    if isinstance(variant, Variant):
        return variant
    chosen = parse_variant(variant)
    if "(" in variant:
        return chosen
    inherited = {k: v for k, v in own.params.items() if k in chosen.params}
    return parse_variant(variant, **inherited)


@attrs.define
class Replay:
    """The outcome of replaying a record: the game as far as it went, and the error that stopped it."""

    record: Record
    variant: Variant
    game: Game
    error: RuleError | None = None

    @property
    def valid(self) -> bool:
        return self.error is None

    @property
    def turns_applied(self) -> int:
        return self.game.turns_played


def replay(
    record: Record,
    variant: str | Variant | None = None,
    *,
    cell_namer: Callable[[Cell], str] | None = None,
) -> Replay:
    """Play every turn of `record`; `cell_namer` names cells in messages (default: LG style)."""
    chosen = variant_for(record, variant)
    game = chosen.new_game()
    if cell_namer is not None and hasattr(game, "cell_namer"):
        game.cell_namer = cell_namer
    play = game.play
    for turn in record.turns:
        try:
            play(turn)
        except IllegalTurn as exc:
            return Replay(record, chosen, game, exc.error)
    return Replay(record, chosen, game)


def positions(record: Record, variant: str | Variant | None = None) -> Iterator[GameState]:
    """The state before the first turn and after each legal turn, in order."""
    game = variant_for(record, variant).new_game()
    yield game.state()
    for turn in record.turns:
        try:
            game.play(turn)
        except IllegalTurn:
            return
        yield game.state()
