"""The variant a record is read or written under, as an rga diagram sees it: on the diagram's
board, and the stones of its start position (drawn in the diagram, the baseline of its cross-check).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from catchup_notation.board import Board, Cell
from catchup_notation.errors import VariantError
from catchup_notation.rules.registry import Variant, parse_variant


def on_board(variant: Variant, board: Board) -> Variant:
    """The variant with its other parameters, on this board (by side for a hexhex board)."""
    if board.side is not None:
        return Variant(variant.spec, {**variant.params, "size": board.side, "board": None})
    return Variant(variant.spec, {**variant.params, "board": board})


@lru_cache(maxsize=64)
def start_stones(variant: str) -> Mapping[Cell, int]:
    """The stones of the variant's start position (none in most variants; none either where the
    variant cannot apply to the board read: the rules say why when the record is judged). Shared
    between the records of a variant: read only."""
    try:
        return MappingProxyType(parse_variant(variant).start_stones())
    except VariantError:
        return MappingProxyType({})
