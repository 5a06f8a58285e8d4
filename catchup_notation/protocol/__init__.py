"""The engine protocol: the server behind `catchup engine` and a client for any engine that
speaks it (see the manual's engine protocol page).

    from catchup_notation.protocol import popen

    with popen(["catchup", "engine"]) as engine:
        result = engine.play(game, Limit(time=1.0))

The protocol is GTP version 2's framing with whole Catchup turns; `framing` reads and writes its
lines, `session` holds the server's game, `clock` manages its time, `info` writes and reads its
analysis lines, `analyzing` and `records` answer the commands beyond GTP, `server` runs it all and
`client` drives an engine in another process. Names are loaded when first used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "popen": "catchup_notation.protocol.client",
    "EngineProcess": "catchup_notation.protocol.client",
    "EngineError": "catchup_notation.protocol.client",
    "EngineTerminated": "catchup_notation.protocol.client",
    "EngineTimeout": "catchup_notation.protocol.client",
    "Line": "catchup_notation.protocol.client",
    "serve": "catchup_notation.protocol.server",
    "Settings": "catchup_notation.protocol.server",
}

__all__ = ["EngineError", "EngineProcess", "EngineTerminated", "EngineTimeout", "Line", "Settings", "popen", "serve"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'catchup_notation.protocol' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from catchup_notation.protocol.client import (
        EngineError,
        EngineProcess,
        EngineTerminated,
        EngineTimeout,
        Line,
        popen,
    )
    from catchup_notation.protocol.server import serve
    from catchup_notation.protocol.settings import Settings
