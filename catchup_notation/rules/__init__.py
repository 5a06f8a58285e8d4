"""Rules engines, by the `engine` key a variant's data file names.

Adding a variant that plays like an existing one needs only a data file in `variants/`; a variant
with new rules adds an engine class here (one module per rule family).
"""

from __future__ import annotations

from importlib import import_module

# engine key -> "module:class"; imported on first use so that loading one family stays cheap.
_ENGINE_PATHS = {
    "catchup": "catchup_notation.rules.catchup:CatchupGame",
    "catchup-2012": "catchup_notation.rules.catchup:Catchup2012Game",
    "alternative": "catchup_notation.rules.catchup:AlternativeGame",
    "ketchup-4": "catchup_notation.rules.ketchup:Ketchup4Game",
    "ketchup-3": "catchup_notation.rules.ketchup:Ketchup3Game",
    "ketchup-2": "catchup_notation.rules.ketchup:Ketchup2Game",
    "plur": "catchup_notation.rules.predecessors:PlurGame",
    "too": "catchup_notation.rules.predecessors:TooGame",
    "brink": "catchup_notation.rules.predecessors:BrinkGame",
    "product": "catchup_notation.rules.predecessors:ProductGame",
    "numbers": "catchup_notation.rules.numbers:NumbersGame",
}


class _Engines(dict):
    def __missing__(self, key: str):
        try:
            module, _, name = _ENGINE_PATHS[key].partition(":")
        except KeyError:
            raise KeyError(f"no rules engine called {key!r}") from None
        engine = getattr(import_module(module), name)
        self[key] = engine
        return engine


ENGINES: dict[str, type] = _Engines()
