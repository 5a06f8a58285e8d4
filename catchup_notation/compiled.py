"""Which implementation runs: the compiled core or the pure-Python reference.

The compiled core is a set of C extensions (`_hexcore`: hex rules and search on bitboards;
`_numcore`: the number-set search), built by `pip install .` where a C compiler is found. The
Python code is the reference: it is what runs when a core is not built, and what the tests hold
the core to. Setting the environment variable `CATCHUP_PURE=1` runs the reference even where the
core is built (for comparing the two, or to rule the core out when something looks wrong).
"""

from __future__ import annotations

import os
import warnings
from functools import cache
from importlib import import_module
from types import ModuleType

#: The interface version each extension must report (see CORE_INTERFACE in its C source); a build
#: left over from an older checkout is not used.
INTERFACE = {"_hexcore": 10, "_numcore": 4}

#: Setting this variable to anything but "" or "0" runs the pure-Python reference everywhere.
PURE_VARIABLE = "CATCHUP_PURE"


def pure_requested() -> bool:
    """Whether the reference was asked for (`CATCHUP_PURE=1`). Read at every call (it may change
    while the process runs), from the environment's own dict where it has one: this is asked a few
    times for every record read."""
    if _ENVIRON is not None:
        value = _ENVIRON.get(_KEY)
        return value is not None and value not in _UNSET
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


# os.environ keeps the environment in a dict of encoded names and values (a private detail, hence
# the fallback above where it is not so).
_ENVIRON: dict[object, object] | None = getattr(os.environ, "_data", None)
try:
    _KEY: object = os.environ.encodekey(PURE_VARIABLE)
    _UNSET: tuple[object, ...] = tuple(os.environ.encodevalue(v) for v in ("", "0"))
except AttributeError:
    _ENVIRON = None


@cache
def _extension(name: str) -> ModuleType | None:
    try:
        module = import_module(f"catchup_notation.{name}")
    except ImportError:
        return None
    return module if getattr(module, "INTERFACE", None) == INTERFACE[name] else None


class CoreNotBuilt(UserWarning):
    """The compiled core is not built (no C compiler at install time) or is stale: the library runs
    on its pure-Python reference, which gives the same answers, more slowly."""


def core(name: str) -> ModuleType | None:
    """The compiled extension `name` ("_hexcore" or "_numcore"), or None when it is not built,
    is stale, or the reference was asked for. The first time one is missing (not asked away),
    a `CoreNotBuilt` warning says so, once."""
    if pure_requested():
        return None
    module = _extension(name)
    if module is None:
        _notice(name)
    return module


@cache
def _notice(name: str) -> None:
    warnings.warn(
        f"catchup-notation: the compiled core ({name.lstrip('_')}) is not built (or is left from other sources), "
        "so the pure-Python reference "
        "runs instead: the same answers, more slowly (reinstall with a C compiler to build it; "
        "`catchup --version` says which runs)",
        CoreNotBuilt,
        stacklevel=3,
    )


def built() -> dict[str, bool]:
    """For each extension, whether a usable build of it is installed (whatever CATCHUP_PURE says)."""
    return {name: _extension(name) is not None for name in INTERFACE}


def implementation() -> str:
    """A line saying which implementation runs, for `catchup --version`."""
    have = built()
    if pure_requested():
        return "pure-Python reference (CATCHUP_PURE is set)"
    if all(have.values()):
        return "compiled core (C)"
    missing = ", ".join(name.lstrip("_") for name, ok in have.items() if not ok)
    if not any(have.values()):
        return "pure-Python reference (the compiled core is not built)"
    return f"compiled core (C), except {missing} (not built: pure-Python reference)"
