"""The rules engines as the compiled core sees them, and replay through the core.

The core (`catchup_notation._hexcore`, C) knows the engines of this package by their stone counts,
constraint and scoring rule; `rules_of` names them for it in one tuple, or says None for an engine
it does not know (a variant added later, a subclass that changes a rule), which then always runs
in Python. Only the exact engine classes below are handed over: a subclass may change any rule.

`replay_on_core` plays a record's turns on the core; where every turn is legal it leaves the
Python engine in the final position (its fields filled from the core's), so scoring, states and
further play are the engine's own. Where a turn breaks a rule it changes nothing and says so: the
Python engine then replays the record and words the diagnostic, so every message stays the
reference's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from catchup_notation.compiled import core

if TYPE_CHECKING:
    from catchup_notation.board import Board
    from catchup_notation.model import Record
    from catchup_notation.rules.engine import Engine
    from catchup_notation.rules.hexgame import HexGame

#: The tuple the core's Game and Search take: kind, scoring, base counts (a bit per count),
#: threshold, opening phase, margin, then the engine's flags initial_score, fills_remaining,
#: constrained, may_stall, reads_strict_max, either_colour, endless.
Rules = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int]


def _count_bits(counts: Sequence[int]) -> int | None:
    """A set of stone counts as the core's mask, None unless they are distinct, sorted and 0..2
    (the core's counts are 0..3 in increasing order, and a bonus adds 3)."""
    if list(counts) != sorted(set(counts)) or any(not 0 <= c <= 2 for c in counts):
        return None
    return sum(1 << c for c in counts)


@lru_cache(maxsize=64)
def _kinds(hexcore: Any) -> dict[type, tuple[int, int]]:
    """Engine class -> (the core's rule kind, its scoring rule)."""
    from catchup_notation.rules.catchup import AlternativeGame, Catchup2012Game, CatchupGame
    from catchup_notation.rules.ketchup import Ketchup2Game, Ketchup3Game, Ketchup4Game
    from catchup_notation.rules.predecessors import BrinkGame, PlurGame, ProductGame, TooGame
    from catchup_notation.rules.sauce import SauceGame

    cascade = hexcore.SCORE_CASCADE
    return {
        CatchupGame: (hexcore.RULE_CATCHUP, cascade),
        Catchup2012Game: (hexcore.RULE_CATCHUP_2012, cascade),
        AlternativeGame: (hexcore.RULE_ALTERNATIVE, cascade),
        Ketchup4Game: (hexcore.RULE_KETCHUP_4, cascade),
        Ketchup3Game: (hexcore.RULE_KETCHUP_3, cascade),
        Ketchup2Game: (hexcore.RULE_KETCHUP_2, cascade),
        SauceGame: (hexcore.RULE_SAUCE, cascade),
        PlurGame: (hexcore.RULE_ONE_STONE, hexcore.SCORE_PLURALITY),
        TooGame: (hexcore.RULE_ONE_STONE, hexcore.SCORE_SECOND_LARGEST),
        BrinkGame: (hexcore.RULE_ONE_STONE, hexcore.SCORE_MARGIN),
        ProductGame: (hexcore.RULE_ONE_STONE, hexcore.SCORE_PRODUCT),
    }


def rules_of(game: Engine) -> Rules | None:
    """The core's tuple for this engine's rules, or None where the core is not built or does not
    know them (the engine then runs in Python)."""
    hexcore = core("_hexcore")
    if hexcore is None:
        return None
    variant = game.variant
    known = _rules_known.get(id(variant))
    if known is not None and known[0] is variant and known[1] is type(game):
        return known[2]
    if len(_rules_known) >= 256:
        _rules_known.clear()
    found = _rules_of(hexcore, game)
    _rules_known[id(variant)] = (variant, type(game), found)
    return found


#: rules_of() by variant (kept, so that its id stays its own) and engine class: a variant is never
#: changed, and parse_variant hands out one object per variant string.
_rules_known: dict[int, tuple[Any, type, Rules | None]] = {}


def _rules_of(hexcore: Any, game: Engine) -> Rules | None:
    found = _kinds(hexcore).get(type(game))
    if found is None:
        return None
    hexgame: HexGame = game  # type: ignore[assignment]  # every class above is a HexGame
    kind, scoring = found
    base, threshold, opening_phase, margin = 0, 0, 0, 0
    if kind == hexcore.RULE_KETCHUP_4:
        bits = _count_bits(hexgame._base)  # type: ignore[attr-defined]
        if bits is None:
            return None
        base, threshold = bits, int(hexgame._threshold)  # type: ignore[attr-defined]
    elif kind == hexcore.RULE_KETCHUP_2:
        opening_phase = int(hexgame._opening_phase)  # type: ignore[attr-defined]
    if scoring == hexcore.SCORE_MARGIN:
        margin = int(hexgame.variant.params["x"])
    return (
        kind,
        scoring,
        base,
        threshold,
        opening_phase,
        margin,
        hexgame.initial_score,
        int(hexgame.fills_remaining),
        int(hexgame.constrained),
        int(hexgame.may_stall),
        int(hexgame.reads_strict_max),
        int(hexgame.either_colour),
        int(hexgame.endless),
    )


#: How a game ended, by the core's code (its `end`): the engine's `end_reason`.
END_REASONS = {1: "board-full", 2: "no-legal-turn"}


@lru_cache(maxsize=16)
def core_board(board: Board) -> Any:
    """The board's neighbour lists in the core's arrays (made once per board)."""
    hexcore = core("_hexcore")
    assert hexcore is not None
    return hexcore.Board(board.neighbours)


def core_game(game: HexGame, rules: Rules) -> Any:
    """A position of the core at the start of `game`'s variant."""
    hexcore = core("_hexcore")
    assert hexcore is not None
    return hexcore.Game(core_board(game.board), rules)


def replay_on_core(game: Engine, record: Record) -> bool:
    """Play the record's turns from the start on the core. True when every turn was legal: `game`
    (a fresh engine) then holds the final position. False, `game` unchanged, when the core is not
    built, does not know the rules, or a turn breaks one (the Python engine explains which).

    A record whose reader kept its turns compactly (a DeferredRecord of plain cells, read on the
    same board) is replayed from those, without making its Turn objects."""
    played = _played_on_core(game, record)
    if played is None or played[1] is not None:
        return False
    restore(game, played[0])  # type: ignore[arg-type]  # _played_on_core knows only hex engines
    return True


def legal_on_core(game: Engine, record: Record) -> bool | None:
    """Whether every turn of the record is legal from the start of `game` (a fresh engine), as the
    core finds it without filling the engine; None where the core cannot say (not built, rules it
    does not know, no turns), for the Python engine to find out."""
    played = _played_on_core(game, record)
    return None if played is None else played[1] is None


def _played_on_core(game: Engine, record: Record) -> tuple[Any, Any] | None:
    """The core's position after the record's turns and the first broken turn's error (None if
    none), or None where the core does not play it (see `replay_on_core`)."""
    if game.turns_played:
        return None
    rules = rules_of(game)
    if rules is None:
        return None
    hexgame: HexGame = game  # type: ignore[assignment]  # rules_of knows only hex engines
    hexcore = core("_hexcore")
    assert hexcore is not None
    compact = getattr(record, "compact", None)
    if compact is not None and not record.turns_made and compact.board == hexgame.board:  # type: ignore[attr-defined]
        if not compact.cells:
            return None
        position = core_game(hexgame, rules)
        _, broken = hexcore.replay_flat(position, compact.first, compact.turns)
    else:
        if not record.turns:
            return None
        position = core_game(hexgame, rules)
        _, broken = hexcore.replay(position, record.turns, hexgame.board.index)
    return position, broken


def restore(game: HexGame, position: Any) -> None:
    """Fill a fresh engine's fields from the core's position (the same position, same facts)."""
    from catchup_notation.rules.hexgame import TurnFacts

    owner, parent, gsize, largest, scores, empty, turns, to_move, end, history = position.state(TurnFacts)
    game.owner, game.parent, game.gsize = owner, parent, gsize
    game.largest, game.scores, game.empty, game.turns_played = largest, scores, empty, turns
    game.history = history
    game._counts = None
    if end:
        game._end(END_REASONS[end])
    else:
        game.to_move = to_move
