"""Rules engines, by the `engine` key a variant's data file names.

Adding a variant that plays like an existing one needs only a data file in `variants/`; a variant
with new rules adds an engine class here (one module per rule family).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from catchup_notation.errors import VariantError

if TYPE_CHECKING:
    from catchup_notation.rules.engine import Engine
    from catchup_notation.rules.registry import Variant

# engine key -> "module:class"; imported on first use so that loading one family stays cheap.
_ENGINE_PATHS = {
    "catchup": "catchup_notation.rules.catchup:CatchupGame",
    "catchup-2012": "catchup_notation.rules.catchup:Catchup2012Game",
    "alternative": "catchup_notation.rules.catchup:AlternativeGame",
    "ketchup-4": "catchup_notation.rules.ketchup:Ketchup4Game",
    "ketchup-3": "catchup_notation.rules.ketchup:Ketchup3Game",
    "ketchup-2": "catchup_notation.rules.ketchup:Ketchup2Game",
    "sauce": "catchup_notation.rules.sauce:SauceGame",
    "sabotage-malthus": "catchup_notation.rules.malthus:SabotageMalthusGame",
    "plur": "catchup_notation.rules.predecessors:PlurGame",
    "too": "catchup_notation.rules.predecessors:TooGame",
    "brink": "catchup_notation.rules.predecessors:BrinkGame",
    "product": "catchup_notation.rules.predecessors:ProductGame",
    "numbers": "catchup_notation.rules.numbers:NumbersGame",
}


def engine_class(key: str) -> Callable[[Variant], Engine]:
    """The engine class a variant's data names (`engine = "catchup"`), imported on first use."""
    found = _loaded.get(key)
    if found is None:
        path = _ENGINE_PATHS.get(key)
        if path is None:
            raise VariantError(f"no rules engine called {key!r} (known: {', '.join(sorted(_ENGINE_PATHS))})")
        module, _, name = path.partition(":")
        found = _loaded[key] = getattr(import_module(module), name)
    return found


_loaded: dict[str, Callable[[Variant], Engine]] = {}


def engine_check(key: str, params: dict[str, Any]) -> None:
    """Let the module of an engine check parameters only its rules can judge (a start cell on its
    board): its `check_params`, if it has one, raises VariantError."""
    path = _ENGINE_PATHS.get(key)
    check = getattr(import_module(path.partition(":")[0]), "check_params", None) if path else None
    if check is not None:
        check(params)
