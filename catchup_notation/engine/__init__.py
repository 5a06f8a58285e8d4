"""The playing engine: Monte Carlo tree search with the exact solver inside, in the shape of
python-chess's `chess.engine`:

    from catchup_notation.engine import Engine, Limit

    with Engine(seed=1) as engine:
        info = engine.analyse(game, Limit(time=1.0))   # game: cn.new_game(...), a cn.Game, game.engine(n)
        info.value.win, info.best, info.line           # the chance of a win, the turn, the line
        engine.play(game, Limit(level=5)).turn

The shared types are in `catchup_notation.engine.analysis`; the search in `search` (the driver),
`mcts` (the tree, pure Python) and `coremcts` (the same tree on the compiled core)."""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

from catchup_notation.engine.analysis import Analysis, Candidate, Limit, PlayResult, Value

__all__ = ["LEVELS", "Analysis", "Candidate", "Engine", "Limit", "PlayResult", "Value"]

_LAZY = {"Engine": "catchup_notation.engine.search", "LEVELS": "catchup_notation.engine.levels"}


def __getattr__(name: str) -> _typing.Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'catchup_notation.engine' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


if _typing.TYPE_CHECKING:
    from catchup_notation.engine.levels import LEVELS
    from catchup_notation.engine.search import Engine
