"""The engine's strength levels: what `Limit(level=...)`, `--level` and the protocol's levels mean.

A level caps the playouts a turn may take and says whether the exact solver takes part; a time
limit given beside it still holds. The top level has no playout cap: it plays as well as the time
allows. Each level's strength is measured in the manual's ladder (benchmarks/ladder.py).
"""

from __future__ import annotations

from catchup_notation.engine.mcts import Settings

#: level -> (playouts cap or None, exact solver on)
LEVELS: dict[int, tuple[int | None, bool]] = {
    1: (32, False),
    2: (128, False),
    3: (512, False),
    4: (2_048, True),
    5: (8_192, True),
    6: (32_768, True),
    7: (131_072, True),
    8: (524_288, True),
    9: (None, True),
}
#: The level of a search given no level.
DEFAULT_LEVEL = max(LEVELS)


def level_settings(level: int | None) -> tuple[Settings, int | None, bool]:
    """The tree's settings, the playout cap and whether the solver takes part, at a level."""
    chosen = DEFAULT_LEVEL if level is None else level
    if chosen not in LEVELS:
        raise ValueError(f"the engine's levels are {min(LEVELS)} to {max(LEVELS)}, not {level}")
    playouts, solver = LEVELS[chosen]
    return Settings(), playouts, solver
