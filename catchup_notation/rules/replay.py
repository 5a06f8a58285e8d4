"""Replay a record under a variant, turn by turn, stopping at the first illegal turn.

Nothing is scored past an illegal turn (python-chess's lesson: continuing would invent a game
that never existed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

import attrs

from catchup_notation.board import Cell
from catchup_notation.errors import IllegalTurn
from catchup_notation.escaping import printable
from catchup_notation.model import GameState, Record, RuleError, Turn
from catchup_notation.rules.corerules import legal_on_core, replay_on_core
from catchup_notation.rules.engine import Engine
from catchup_notation.rules.registry import Variant, parse_variant


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


def player_names(players: tuple[str | None, str | None], variant: Variant) -> tuple[str, str]:
    """How verdicts and messages name the players: `amsterdam (White)` where the record names a
    player, else the variant's name for them (`White`); control characters of a name escaped (it
    goes into messages people read, see `escaping`)."""
    defaults = variant.spec.players
    first, second = (
        f"{printable(given)} ({default})" if given and given != default else default
        for given, default in zip(players, defaults, strict=True)
    )
    return first, second


@attrs.define
class Replay:
    """The outcome of replaying a record: the game as far as it went, and the error that stopped it."""

    record: Record
    variant: Variant
    game: Engine
    error: RuleError | None = None

    @property
    def valid(self) -> bool:
        """Whether every turn was legal."""
        return self.error is None

    @property
    def turns_applied(self) -> int:
        """How many turns were played before the first illegal one (or all)."""
        return self.game.turns_played


def start(
    record: Record,
    variant: str | Variant | None = None,
    *,
    cell_namer: Callable[[Cell], str] | None = None,
) -> Engine:
    """A fresh engine for `record` under `variant`, naming its players and cells as the record does."""
    chosen = variant_for(record, variant)
    game = chosen.new_game()
    game.names = player_names(record.players, chosen)
    if cell_namer is not None:
        game.cell_namer = cell_namer
    return game


def replay(
    record: Record,
    variant: str | Variant | None = None,
    *,
    cell_namer: Callable[[Cell], str] | None = None,
) -> Replay:
    """Play every turn of `record`; `cell_namer` names cells in messages (default: LG style).
    Hex records go through the compiled core where it is built; a record it finds broken is
    replayed here, so that the diagnostic is the engine's own."""
    game = start(record, variant, cell_namer=cell_namer)
    if replay_on_core(game, record):
        return Replay(record, game.variant, game)
    play = game.play
    for turn in record.turns:
        try:
            play(turn)
        except IllegalTurn as exc:
            return Replay(record, game.variant, game, exc.error)
    return Replay(record, game.variant, game)


def accepts(record: Record, variant: str | Variant | None = None) -> bool:
    """Whether every turn of `record` is legal under `variant` (what `replay(...).valid` says, found
    on the compiled core where it can, without the diagnostic of a broken turn)."""
    chosen = variant_for(record, variant)
    legal = legal_on_core(_fresh(chosen), record)
    return replay(record, chosen).valid if legal is None else legal


def legal(record: Record, variant: Variant) -> bool | None:
    """Whether every turn of `record` is legal under `variant`, as the compiled core finds it
    without an engine of the game's own (none is made, named or filled); None where the core
    cannot say, for `replay` to find out."""
    return legal_on_core(_fresh(variant), record)


@lru_cache(maxsize=64)
def _fresh(variant: Variant) -> Engine:
    """A fresh engine of `variant`, for the core to read its rules and board from (never played)."""
    return variant.new_game()


def positions(record: Record, variant: str | Variant | None = None) -> Iterator[GameState]:
    """The state before the first turn and after each legal turn, in order."""
    for _, state in steps(start(record, variant), record.turns):
        yield state


def steps(game: Engine, turns: tuple[Turn, ...]) -> Iterator[tuple[Turn | None, GameState]]:
    """(the turn played, the state after it) from `game`'s start, then after each legal turn of
    `turns`, stopping before the first illegal one."""
    yield None, game.state()
    for turn in turns:
        try:
            game.play(turn)
        except IllegalTurn:
            return
        yield turn, game.state()
