"""The protocol server: `catchup engine`, the playing engine on standard input and output.

It speaks GTP version 2's framing (see `framing`) with the commands a Catchup controller needs:
whole turns in `play` and `genmove`, any variant of the library, `undo`, the text board, the
final comparison of groups, and time management (`clock`). Its own analysis commands stream the
engine's view of a position (`analyze`), or judge every turn of the game (`review`). Nothing
but replies goes to standard output; what a person reads (a banner, a line per turn) goes to
standard error.

Commands are read by a thread of their own, so that a streaming analysis notices the next command
as soon as it arrives and stops to answer it; every other command is answered in order.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from catchup_notation.engine.analysis import Analysis, Limit
from catchup_notation.errors import CatchupError
from catchup_notation.protocol import framing
from catchup_notation.protocol.clock import Clock
from catchup_notation.protocol.framing import Command, Refused
from catchup_notation.protocol.session import Session
from catchup_notation.protocol.settings import Searcher, Settings

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame


class LineReader:
    """The controller's lines, read by a daemon thread into a queue (with the moment each
    arrived): the server blocks on `get`, and an analysis asks `waiting` between reports.

    A stream with a file descriptor is read with `os.read`, which holds no lock of Python's
    buffered files: the thread may still be waiting for input when the server quits, and the
    interpreter then ends without waiting for it."""

    #: What the queue holds at the end of the input.
    END = None

    def __init__(self, stream: BinaryIO) -> None:
        self._queue: queue.Queue[tuple[str, float] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._read, args=(stream,), name="protocol-reader", daemon=True)
        self._thread.start()

    def _read(self, stream: BinaryIO) -> None:
        pending = b""
        skipping = False  # inside a line too long to keep: dropped up to its end
        try:
            for chunk in _chunks(stream):
                pending += chunk
                while True:
                    end = pending.find(b"\n")
                    if end < 0:
                        if len(pending) > framing.MAX_LINE:
                            pending, skipping = b"", True
                        break
                    raw, pending = pending[: end + 1], pending[end + 1 :]
                    if skipping or len(raw) > framing.MAX_LINE:
                        skipping = False
                        self._queue.put((_TOO_LONG, time.monotonic()))
                        continue
                    self._queue.put((raw.decode("utf-8", errors="replace"), time.monotonic()))
            if pending and not skipping:  # a last line without its line break
                self._queue.put((pending.decode("utf-8", errors="replace"), time.monotonic()))
        except (OSError, ValueError):  # the input closed under us: the end
            pass
        self._queue.put(self.END)

    def get(self) -> tuple[str, float] | None:
        """The next line and when it arrived, None at the end of the input."""
        item = self._queue.get()
        if item is None:
            self._queue.put(None)  # the end stays the end for whoever asks again
        return item

    def waiting(self) -> bool:
        """Whether a line (or the end of the input) is there to be read."""
        return not self._queue.empty()


def _chunks(stream: BinaryIO) -> Iterator[bytes]:
    """The bytes of `stream` as they come (not waiting for a buffer to fill)."""
    try:
        fd: int | None = stream.fileno()
    except (OSError, ValueError, AttributeError):
        fd = None
    while True:
        chunk = os.read(fd, 65536) if fd is not None else stream.read1(65536)  # type: ignore[attr-defined]
        if not chunk:
            return
        yield chunk


_TOO_LONG = "\x00too-long"


class Server:
    """One engine, one game, one controller (see the module docstring)."""

    def __init__(self, engine: Searcher, settings: Settings, out: IO[str], log: IO[str] | None) -> None:
        self.engine = engine
        self.settings = settings
        self.out, self.log = out, log
        self.session = Session(settings.variant)
        self.clock = Clock()
        self.reader: LineReader | None = None
        self._quit = False
        self._arrived = self._done = 0.0
        self._handlers: dict[str, Callable[[Command], object]] = {
            "protocol_version": lambda c: "2",
            "name": lambda c: "catchup-notation",
            "version": self._version,
            "known_command": self._known_command,
            "list_commands": lambda c: "\n".join(self._handlers),
            "quit": self._quit_command,
            "boardsize": lambda c: self.session.boardsize(c.args),
            "variant": lambda c: self.session.set_variant(c.args),
            "clear_board": self._clear_board,
            "play": self._play,
            "genmove": self._genmove,
            "reg_genmove": self._reg_genmove,
            "undo": lambda c: self.session.undo(),
            "showboard": lambda c: "\n" + self.session.board_text(),
            "final_score": lambda c: self.session.final_score(),
            "time_settings": self._time_settings,
            "time_left": self._time_left,
            "cputime": lambda c: f"{time.process_time():.3f}",
            "analyze": self._analyze,
            "genmove_analyze": self._genmove_analyze,
            "review": self._review,
            "loadsgf": self._loadsgf,
            "printsgf": self._printsgf,
        }

    # -- the loop --------------------------------------------------------------------------------

    def run(self, stream: BinaryIO) -> int:
        """Answer the commands of `stream` until `quit` or its end; the exit code (0)."""
        self.reader = LineReader(stream)
        self.say(self._banner())
        while not self._quit:
            item = self.reader.get()
            if item is None:
                break
            line, arrived = item
            if line == _TOO_LONG:
                self.send(framing.failure(None, f"a command line is at most {framing.MAX_LINE} characters"))
                continue
            command = framing.parse(line)
            if command is not None:
                self.answer(command, arrived)
        return 0

    def answer(self, command: Command, arrived: float) -> None:
        """Answer one command (a streaming one writes its own reply as it goes)."""
        handler = self._handlers.get(command.name)
        if handler is None:
            self.send(framing.failure(command.id, "unknown command"))
            return
        # the controller's clock runs from when it sent the command; a command sent while the one
        # before was still being answered waited for it, not for this engine's thinking
        self._arrived = max(arrived, self._done)
        try:
            result = handler(command)
        except Refused as exc:
            self.send(framing.failure(command.id, exc.message))
            return
        except Exception as exc:  # a bug: answered, shown to a person, and the server goes on
            import traceback

            self.say("".join(traceback.format_exception(exc)).rstrip())
            self.send(framing.failure(command.id, f"internal error: {type(exc).__name__}: {exc}"))
            return
        if result is not _STREAMED:
            self.send(framing.success(command.id, result if isinstance(result, str) else ""))
        self._done = time.monotonic()

    def send(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def say(self, text: str) -> None:
        """A line for a person, on standard error."""
        if self.log is not None:
            self.log.write(text + "\n")
            self.log.flush()

    def _banner(self) -> str:
        from catchup_notation import __version__
        from catchup_notation.compiled import implementation

        s = self.settings
        level = "the default level" if s.level is None else f"level {s.level}"
        threads = "" if s.threads is None else f", {s.threads} thread{'s' if s.threads != 1 else ''}"
        seed = "" if s.seed is None else f", seed {s.seed}"
        return (
            f"catchup-notation {__version__} engine ({implementation()}): {self.session.spec_text}, "
            f"{level}{threads}{seed}; commands on standard input (list_commands), one a line"
        )

    # -- plain commands --------------------------------------------------------------------------

    def _version(self, command: Command) -> str:
        from catchup_notation import __version__

        return __version__

    def _known_command(self, command: Command) -> str:
        if len(command.args) != 1:
            raise Refused("known_command takes one command name")
        return "true" if command.args[0] in self._handlers else "false"

    def _quit_command(self, command: Command) -> None:
        self._quit = True

    def _clear_board(self, command: Command) -> None:
        self.session.clear()

    def _play(self, command: Command) -> None:
        if len(command.args) < 2:
            raise Refused("play takes a colour and the turn's cells (or pass)")
        player = self.session.player(command.args[0])
        self.session.play(self.session.turn(player, command.args[1:]))

    def _time_settings(self, command: Command) -> None:
        if len(command.args) != 3:
            raise Refused("time_settings takes main time, byo-yomi time and byo-yomi stones")
        main, byo = (framing.seconds(word) for word in command.args[:2])
        self.clock.settings(main, byo, framing.count(command.args[2]))

    def _time_left(self, command: Command) -> None:
        if len(command.args) != 3:
            raise Refused("time_left takes a colour, the seconds left and the stones left")
        player = self.session.player(command.args[0])
        self.clock.time_left(player, framing.seconds(command.args[1]), framing.count(command.args[2]))

    # -- the engine's turn -----------------------------------------------------------------------

    def _genmove(self, command: Command) -> str:
        return self._generate(command, commit=True)

    def _reg_genmove(self, command: Command) -> str:
        return self._generate(command, commit=False)

    def _generate(self, command: Command, *, commit: bool) -> str:
        if len(command.args) != 1:
            raise Refused(f"{command.name} takes one colour")
        limit, budget = self.turn_limit(self.mover(command.args[0]))
        answer, _ = self.choose(command.args[0], limit, budget, commit=commit)
        return answer

    def mover(self, colour: str) -> int:
        """The player `colour` names, who must be the player to move in a game still on."""
        session = self.session
        player = session.player(colour)
        game = session.game
        if game.over:
            raise Refused(f"the game is over ({game.ending_words()})")
        if player != game.to_move:
            raise Refused(f"it is {session.variant.spec.colours[game.mover - 1]}'s turn")
        return player

    def choose(self, colour: str, limit: Limit, budget: float | None, *, commit: bool) -> tuple[str, Analysis]:
        """The engine's turn in the position (played on the board when `commit`) as the reply
        writes it (`D4 F6`, `pass`, `resign`), and the analysis behind it."""
        session = self.session
        try:
            result = self.engine.play(session.game, limit)
        except (CatchupError, ValueError) as exc:  # the engine refuses the position or the limit
            raise Refused(str(exc)) from None
        turn = result.turn if result.turn is not None else result.analysis.best
        resigns = (result.resign and self.settings.resign) or turn is None
        if not resigns and commit:
            assert turn is not None
            session.play(turn)
        seconds = time.monotonic() - self._arrived
        if budget is not None:
            self.clock.spent(budget, seconds)
        answer = "resign" if resigns or turn is None else session.turn_text(turn)
        self.say(_turn_line(colour, answer, seconds, budget, result.analysis))
        return answer, result.analysis

    def turn_limit(self, player: int) -> tuple[Limit, float | None]:
        """The limit of `genmove` for `player`'s turn now, and the clock's budget in it."""
        budget = self.clock.budget(player, _turns_left(self.session.game))
        return self._limit(budget), budget

    def _limit(self, budget: float | None) -> Limit:
        s = self.settings
        seconds = budget if s.time is None else (s.time if budget is None else min(budget, s.time))
        if seconds is None and s.playouts is None and not _level_caps(s.level):
            seconds = DEFAULT_TURN_SECONDS
        return Limit(time=seconds, playouts=s.playouts, level=s.level)

    # -- analysis --------------------------------------------------------------------------------

    def _analyze(self, command: Command) -> object:
        from catchup_notation.protocol.analyzing import analyze

        analyze(self, command)
        return _STREAMED

    def _genmove_analyze(self, command: Command) -> object:
        from catchup_notation.protocol.analyzing import genmove_analyze

        genmove_analyze(self, command)
        return _STREAMED

    def _review(self, command: Command) -> str:
        from catchup_notation.protocol.reviewing import review

        return review(self, command)

    def interrupted(self) -> bool:
        """Whether the next command (or the end of the input) has arrived."""
        return self.reader is not None and self.reader.waiting()

    # -- records ---------------------------------------------------------------------------------

    def _loadsgf(self, command: Command) -> None:
        """`loadsgf FILE [N]`: the game of a record file (any notation the library reads), up to
        the position before its turn N (default: every turn)."""
        from catchup_notation.protocol.records import load

        if not 1 <= len(command.args) <= 2:
            raise Refused("loadsgf takes a file name and, optionally, the turn to stop before")
        before = framing.count(command.args[1]) if len(command.args) == 2 else None
        load(self.session, command.args[0], before)

    def _printsgf(self, command: Command) -> str:
        """`printsgf [FORMAT]`: the game so far as a record (Little Golem SGF by default)."""
        from catchup_notation.protocol.records import written

        if len(command.args) > 1:
            raise Refused("printsgf takes at most a format name")
        return "\n" + written(self.session, command.args[0] if command.args else "lg")


#: Seconds a turn when neither the controller nor the options limit the search.
DEFAULT_TURN_SECONDS = 1.0
_STREAMED = object()  # a handler's result: the reply is written already


def _level_caps(level: int | None) -> bool:
    """Whether a level bounds a search by itself (its playouts; the top level has no cap)."""
    from catchup_notation.engine.levels import DEFAULT_LEVEL, LEVELS

    cap, _ = LEVELS.get(DEFAULT_LEVEL if level is None else level, (None, True))
    return cap is not None


def _turns_left(game: HexGame) -> float:
    """About how many turns the player to move still has: the empty cells over the stones two
    turns place (a turn places about 1.75 stones in Catchup), at least one."""
    return max(1.0, game.empty / 3.5)


def _turn_line(colour: str, answer: str, seconds: float, budget: float | None, analysis: Analysis) -> str:
    value = analysis.value
    if value.proven is not None:
        judged = {1: "a proven win", 0: "a proven draw", -1: "a proven loss"}[value.proven]
    else:
        judged = f"win {value.win:.1%} [{value.low:.1%}, {value.high:.1%}]"
    allowed = "" if budget is None else f" of {budget:.2f} s allowed"
    return f"genmove {colour}: {answer} in {seconds:.2f} s{allowed}; {analysis.playouts:,} playouts, {judged}"


def serve(engine: Any, settings: Settings, stdin: BinaryIO, stdout: IO[str], stderr: IO[str] | None) -> int:
    """Run a server on these streams until `quit` or the end of the input; the exit code."""
    return Server(engine, settings, stdout, stderr).run(stdin)
