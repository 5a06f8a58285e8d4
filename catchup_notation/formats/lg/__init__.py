"""Little Golem's SGF dialect (`lg`): the notation in modules of their own, one job each.

`format` is the notation as the registry sees it (`FORMAT`: reading a collection, writing,
detection); `splitting` cuts a collection into games; `plain` reads a game as Little Golem writes
it without the grammar (on the compiled core when it is built); `sgf` (with grammars/lg.lark) is
SGF's syntax and `building` makes a record of what the grammar parsed; `dialect` is what Little
Golem's properties mean, `cells` its cell names (the Genius notation's too); `writer` writes it.
"""

from catchup_notation.formats.lg.building import _grammar_game as _grammar_game
from catchup_notation.formats.lg.cells import cell_name, cell_of, parse_cells, parse_marked_cells
from catchup_notation.formats.lg.dialect import _ROOT_PROPERTY as _ROOT_PROPERTY
from catchup_notation.formats.lg.dialect import BOARD_PROPERTY, COLOURS, COMMENT, LETTERS, shape_of
from catchup_notation.formats.lg.dialect import _root_headers as _root_headers
from catchup_notation.formats.lg.dialect import _variant_of as _variant_of
from catchup_notation.formats.lg.format import FORMAT, LittleGolem, judged_run, read_game
from catchup_notation.formats.lg.plain import _PLAIN_GAME as _PLAIN_GAME
from catchup_notation.formats.lg.plain import PlainTurns, PlainValue
from catchup_notation.formats.lg.plain import _plain_game as _plain_game
from catchup_notation.formats.lg.sgf import _parser as _parser
from catchup_notation.formats.lg.sgf import escape, unescape
from catchup_notation.formats.lg.splitting import PlainRun, Take, Taken, split_games
from catchup_notation.formats.lg.writer import write_record

__all__ = [
    "BOARD_PROPERTY",
    "COLOURS",
    "COMMENT",
    "FORMAT",
    "LETTERS",
    "LittleGolem",
    "PlainRun",
    "PlainTurns",
    "PlainValue",
    "Take",
    "Taken",
    "cell_name",
    "cell_of",
    "escape",
    "judged_run",
    "parse_cells",
    "parse_marked_cells",
    "read_game",
    "shape_of",
    "split_games",
    "unescape",
    "write_record",
]
