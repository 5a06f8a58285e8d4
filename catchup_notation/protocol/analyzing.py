"""The server's analysis commands: `analyze` (the engine's view of the position, streamed) and
`genmove_analyze` (the engine's turn with the analysis behind it). Their lines are written by
`info`.

    analyze [COLOUR] [INTERVAL] [time S] [playouts N] [level N] [candidates N]
    genmove_analyze COLOUR [time S] [playouts N] [level N] [candidates N]

INTERVAL is in centiseconds, as in the analysis commands of Go engines. An `analyze` without a
limit runs until the next command arrives, which stops it; with one it runs to its limit. The
server's own level (`catchup engine --level`) is the strength of its turns: `genmove_analyze`
plays at it unless the command names another, `analyze` searches at full strength unless it does.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

import attrs

from catchup_notation.engine.analysis import Analysis, Limit
from catchup_notation.errors import CatchupError
from catchup_notation.protocol import framing
from catchup_notation.protocol.framing import Command, Refused
from catchup_notation.protocol.info import format_line

if TYPE_CHECKING:
    from catchup_notation.protocol.session import Session
    from catchup_notation.protocol.settings import Searcher, Settings

#: Seconds an analysis with no limit of its own may run (it is meant to be stopped by a command).
PONDER_SECONDS = 24 * 3600.0
#: Centiseconds between the lines of an analysis, unless the command says otherwise.
DEFAULT_INTERVAL_CS = 100
#: Seconds between the engine's reports, at most: how soon a command stops an analysis.
TICK = 0.1
#: Candidate turns an analysis line shows, unless the command says otherwise.
DEFAULT_CANDIDATES = 5
_LIMITS = ("time", "playouts", "level")


@attrs.frozen
class Request:
    """What an analysis command asks for."""

    limit: Limit | None  # None: no limit given
    candidates: int
    interval: float


class Serving(Protocol):
    """What the analysis commands ask of the server that runs them (`server.Server`), named here
    so that this module needs nothing of that one, which calls it."""

    session: Session
    engine: Searcher
    settings: Settings

    def send(self, text: str) -> None: ...

    def say(self, text: str) -> None: ...

    def mover(self, colour: str) -> int: ...

    def interrupted(self) -> bool: ...

    def turn_limit(self, player: int) -> tuple[Limit, float | None]: ...

    def choose(self, colour: str, limit: Limit, budget: float | None, *, commit: bool) -> tuple[str, Analysis]: ...


def analyze(server: Serving, command: Command) -> None:
    """`analyze`: a line every interval, until the limit or (with none) the next command."""
    session = server.session
    game = session.game
    words = list(command.args)
    if words and not _is_number(words[0]) and words[0] not in _LIMITS and words[0] != "candidates":
        server.mover(words.pop(0))
    interval = DEFAULT_INTERVAL_CS / 100
    if words and _is_number(words[0]):
        interval = max(framing.seconds(words.pop(0)) / 100, 0.01)
    # an analysis is the engine's view at full strength: the server's level (how strongly it
    # plays its own turns) caps it only where the command names a level itself
    request = _request(words, interval, None)
    if game.over:
        raise Refused(f"the game is over ({game.ending_words()})")
    pondering = request.limit is None
    limit = request.limit or Limit(time=PONDER_SECONDS)
    colour = session.colour_word(game.mover).lower()
    server.send(framing.header(command.id))
    shown = time.monotonic()
    last: Analysis | None = None
    due: Analysis | None = None  # a snapshot to show, once it is known not to be the last
    interrupted = False
    snapshots = server.engine.analysis(game, limit, interval=min(interval, TICK), candidates=request.candidates)
    try:
        for snapshot in snapshots:
            if due is not None:
                server.send(format_line(due, session.turn_text, colour, final=False) + "\n")
                due = None
            last = snapshot
            if pondering and server.interrupted():
                interrupted = True
                break
            if time.monotonic() - shown >= interval:
                due, shown = snapshot, time.monotonic()
    except CatchupError as exc:  # the engine cannot search this position: say so where a person reads
        server.say(f"analyze: {exc.message}")
    finally:
        close = getattr(snapshots, "close", None)
        if close is not None:
            close()
    if last is not None and not interrupted:
        server.send(format_line(last, session.turn_text, colour, final=True) + "\n")
    server.send("\n")


def genmove_analyze(server: Serving, command: Command) -> None:
    """`genmove_analyze`: the engine's turn, played on the board as `genmove` plays it, given as
    the analysis line behind it and then `play TURN` (`play resign` for a resignation)."""
    if not command.args:
        raise Refused("genmove_analyze takes a colour, then any of time, playouts, level, candidates")
    colour = command.args[0]
    player = server.mover(colour)
    request = _request(list(command.args[1:]), 0.0, server.settings.level)
    if request.limit is None:
        limit, budget = server.turn_limit(player)
    else:
        limit, budget = request.limit, None
    session = server.session
    to_move = session.colour_word(player).lower()
    answer, analysis = server.choose(colour, limit, budget, commit=True)
    played = "resign" if answer == "resign" else ",".join(answer.split())
    server.send(framing.header(command.id))
    server.send(format_line(analysis, session.turn_text, to_move, final=True) + "\n")
    server.send(f"play {played}\n\n")


def _request(words: list[str], interval: float, level: int | None) -> Request:
    """The options of an analysis command; `level` is the server's, where the command sets none."""
    options = _options(words, (*_LIMITS, "candidates"))
    given = {key: options[key] for key in _LIMITS if key in options}
    limit = None
    if given:
        limit = Limit(
            time=given.get("time"),
            playouts=_whole(given, "playouts"),
            level=_whole(given, "level") or level,
        )
    return Request(limit, _whole(options, "candidates") or DEFAULT_CANDIDATES, interval)


def limit_options(words: list[str]) -> Limit | None:
    """A limit from `time S`, `playouts N` and `level N` (None where none is given)."""
    options = _options(words, _LIMITS)
    if not options:
        return None
    return Limit(time=options.get("time"), playouts=_whole(options, "playouts"), level=_whole(options, "level"))


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


def _options(words: list[str], known: tuple[str, ...]) -> dict[str, float]:
    """`name value` pairs (numbers above 0)."""
    if len(words) % 2:
        raise Refused(f"options come in pairs, a name and a number: {' '.join(words)!r}")
    found: dict[str, float] = {}
    for key, raw in zip(words[::2], words[1::2], strict=True):
        if key not in known:
            raise Refused(f"unknown option {key!r} (known: {', '.join(known)})")
        value = framing.seconds(raw)
        if value <= 0:
            raise Refused(f"{key} must be above 0, not {raw!r}")
        found[key] = value
    return found


def _whole(options: dict[str, float], key: str) -> int | None:
    value = options.get(key)
    if value is None:
        return None
    if value != int(value):
        raise Refused(f"{key} is a whole number, not {value:g}")
    return int(value)
