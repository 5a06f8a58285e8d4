"""The words under a drawn hex position, shared by the text board and the SVG picture."""

from __future__ import annotations

from catchup_notation.model import HexState
from catchup_notation.rules.registry import parse_variant
from catchup_notation.rules.scoring import format_groups


def caption_lines(state: HexState, names: tuple[str, str] | None = None) -> list[str]:
    """['catchup(size=5), after turn 7: Black to move', 'White: score 3, groups 3-1', 'Black: ...'].

    `names` are the players' (default: the variant's); the stone lines name the colours where
    they are not the players' own (too, product), and call the scores what the variant compares."""
    variant = parse_variant(state.variant)
    spec = variant.spec
    names = names or spec.players
    owners = spec.colours if spec.either_colour else names
    stones = [
        f"{owners[p]}: {spec.score_name} {state.scores[p]}, groups {format_groups(state.groups[p])}" for p in (0, 1)
    ]
    if state.over:
        status = "game over"
    elif state.to_move is not None:
        status = f"{names[state.to_move - 1]} to move"
    else:
        status = ""
    head = f"{variant.brief()}, after turn {state.turns_played}" + (f": {status}" if status else "")
    return [head, *stones]
