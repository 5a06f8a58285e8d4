"""catchup-notation: read, verify, convert and adjudicate records of Catchup and its relatives.

    import catchup_notation as cn

    for game in cn.read("archive.sgf"):          # a path, a folder, a stream or "-"
        print(game)                              # <Game lg:archive.sgf#0 amsterdam vs brisbane, ...>
        if game.errors:
            print(game.errors[0])                # file:line:col: error[code]: message
        else:
            print(game.result().explanation)     # who won, and where the comparison decided
    final = game.position(-1)                    # str(final) is the text board; final.svg() a picture
    game.export("abstractplay").text             # the record in another notation (and .warnings)

`read` and `read_text` yield a `Game` for every record, readable or not; a `Game` gives its
`positions()`, its `verify()` verdict (the first broken rule), its `result()` (the adjudication)
and the variants that accept it. `new_game` starts a rules engine for play or analysis. Every
error a public call raises on purpose is a `CatchupError`.

Names are loaded when first used, so that `import catchup_notation` costs little.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

from catchup_notation.version import __version__ as __version__

# public name -> module that defines it
_EXPORTS = {
    "read": "catchup_notation.reading",
    "read_text": "catchup_notation.reading",
    "Game": "catchup_notation.game",
    "Export": "catchup_notation.game",
    "GameSource": "catchup_notation.game",
    "Position": "catchup_notation.game",
    "Verification": "catchup_notation.game",
    "new_game": "catchup_notation.game",
    "Record": "catchup_notation.model",
    "Turn": "catchup_notation.model",
    "Location": "catchup_notation.model",
    "RuleError": "catchup_notation.model",
    "Result": "catchup_notation.model",
    "Allowance": "catchup_notation.model",
    "HexState": "catchup_notation.model",
    "NumbersState": "catchup_notation.model",
    "GameState": "catchup_notation.model",
    "Board": "catchup_notation.board",
    "hexhex": "catchup_notation.board",
    "parse_board": "catchup_notation.shapes",
    "random_board": "catchup_notation.shapes",
    "BoardError": "catchup_notation.errors",
    "Variant": "catchup_notation.rules.registry",
    "VariantSpec": "catchup_notation.rules.registry",
    "parse_variant": "catchup_notation.rules.registry",
    "variants": "catchup_notation.rules.registry",
    "NotationWarning": "catchup_notation.formats.base",
    "Format": "catchup_notation.formats.base",
    "formats": "catchup_notation.formats",
    "write": "catchup_notation.formats",
    "write_text": "catchup_notation.formats",
    "VerifyReport": "catchup_notation.reports",
    "AdjudicationReport": "catchup_notation.reports",
    "verify_report": "catchup_notation.reports",
    "adjudication_report": "catchup_notation.reports",
    "report_rows": "catchup_notation.reports",
    "Review": "catchup_notation.engine.review",
    "ReviewSettings": "catchup_notation.engine.review",
    "Thresholds": "catchup_notation.engine.review",
    "ReviewReport": "catchup_notation.review_report",
    "review_report": "catchup_notation.review_report",
    "win_chart": "catchup_notation.render.chart",
    "to_data": "catchup_notation.serialization",
    "from_data": "catchup_notation.serialization",
    "CatchupError": "catchup_notation.errors",
    "NotationError": "catchup_notation.errors",
    "NoSuchPosition": "catchup_notation.errors",
    "VariantError": "catchup_notation.errors",
    "WriteError": "catchup_notation.errors",
    "IllegalTurn": "catchup_notation.errors",
    "OutputError": "catchup_notation.writing",
}

__all__ = [
    "AdjudicationReport",
    "Allowance",
    "Board",
    "BoardError",
    "CatchupError",
    "Export",
    "Format",
    "Game",
    "GameSource",
    "GameState",
    "HexState",
    "IllegalTurn",
    "Location",
    "NoSuchPosition",
    "NotationError",
    "NotationWarning",
    "NumbersState",
    "OutputError",
    "Position",
    "Record",
    "Result",
    "Review",
    "ReviewReport",
    "ReviewSettings",
    "RuleError",
    "Thresholds",
    "Turn",
    "Variant",
    "VariantError",
    "VariantSpec",
    "Verification",
    "VerifyReport",
    "WriteError",
    "adjudication_report",
    "formats",
    "from_data",
    "hexhex",
    "new_game",
    "parse_board",
    "parse_variant",
    "random_board",
    "read",
    "read_text",
    "report_rows",
    "review_report",
    "to_data",
    "variants",
    "verify_report",
    "win_chart",
    "write",
    "write_text",
]


def __getattr__(name: str) -> _typing.Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'catchup_notation' has no attribute {name!r}")
    if name == "formats":
        value: _typing.Any = _importlib.import_module(module)
    else:
        value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names (and the version), not the helpers this module imports to load them."""
    return sorted({*__all__, "__version__"})


if _typing.TYPE_CHECKING:
    from catchup_notation import formats
    from catchup_notation.board import Board, hexhex
    from catchup_notation.engine.review import Review, ReviewSettings, Thresholds
    from catchup_notation.errors import (
        BoardError,
        CatchupError,
        IllegalTurn,
        NoSuchPosition,
        NotationError,
        VariantError,
        WriteError,
    )
    from catchup_notation.formats import write, write_text
    from catchup_notation.formats.base import Format, NotationWarning
    from catchup_notation.game import Export, Game, GameSource, Position, Verification, new_game
    from catchup_notation.model import (
        Allowance,
        GameState,
        HexState,
        Location,
        NumbersState,
        Record,
        Result,
        RuleError,
        Turn,
    )
    from catchup_notation.reading import read, read_text
    from catchup_notation.render.chart import win_chart
    from catchup_notation.reports import (
        AdjudicationReport,
        VerifyReport,
        adjudication_report,
        report_rows,
        verify_report,
    )
    from catchup_notation.review_report import ReviewReport, review_report
    from catchup_notation.rules.registry import Variant, VariantSpec, parse_variant, variants
    from catchup_notation.serialization import from_data, to_data
    from catchup_notation.shapes import parse_board, random_board
    from catchup_notation.writing import OutputError
