"""Little Golem's SGF dialect (`lg`): the notation in modules of their own, one job each."""

from catchup_notation.formats.lg.format import *  # noqa: F403
from catchup_notation.formats.lg.format import (
    _PLAIN_GAME,
    _ROOT_PROPERTY,
    _grammar_game,
    _parser,
    _plain_game,
    _root_headers,
    _variant_of,
)
