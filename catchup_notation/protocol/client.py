"""A client of the engine protocol, shaped like python-chess's `chess.engine`: a program that
speaks the protocol (`catchup engine`, or another engine that does) run as a subprocess, with the
same `analyse` and `play` as the in-process `catchup_notation.engine.Engine`, returning the same
types.

    from catchup_notation.engine import Limit
    from catchup_notation.protocol import popen

    with popen(["catchup", "engine", "--threads", "1"]) as engine:
        info = engine.analyse(game, Limit(time=1.0), candidates=3)     # -> Analysis
        result = engine.play(game, Limit(time=1.0))                    # -> PlayResult

A position is given as a `Game` (its legal turns are played on the engine's board), or as a
variant and its turns (`Line`); the client brings the engine's board to it with as few commands
as it can (`undo` and `play` from the position before). Failures are the library's own errors:
`EngineError` (the engine refused a command or said something outside the protocol),
`EngineTerminated` (the process ended) and `EngineTimeout` (no answer in time; the process is
then ended).
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from typing import IO, Any

import attrs

from catchup_notation.engine.analysis import Analysis, Limit, PlayResult
from catchup_notation.errors import CatchupError
from catchup_notation.model import Turn
from catchup_notation.protocol.info import InfoError, parse_line, parse_turn
from catchup_notation.rules.registry import Variant, parse_variant

#: Seconds a command may take beyond its own search time before the engine counts as stuck.
DEFAULT_TIMEOUT = 10.0


class EngineError(CatchupError):
    """The engine refused a command (`?`) or answered outside the protocol."""

    code = "engine"


class EngineTerminated(EngineError):
    """The engine's process ended (or could not be started)."""

    code = "engine-terminated"


class EngineTimeout(EngineError, TimeoutError):
    """The engine gave no answer in time; its process has been ended."""

    code = "engine-timeout"


@attrs.frozen
class Line:
    """A position as the turns that lead to it from the start of a variant."""

    #: The variant string (`catchup(size=7)`).
    variant: str
    #: The turns from the start.
    turns: tuple[Turn, ...] = ()


def line_of(position: Any) -> Line:
    """The `Line` of a position: a `Line`, a `Game` (its legal turns) or a rules engine at the
    start of its game (a rules engine in the middle of one keeps no record of its turns)."""
    from catchup_notation.game import Game

    if isinstance(position, Line):
        return position
    if isinstance(position, Game):
        if position.variant is None:
            raise EngineError(f"the game has no variant to play it under: {position.errors[0].message}")
        played = position.replay()
        applied = played.turns_applied if played is not None else 0
        return Line(str(position.variant), tuple(position.record.turns[:applied]))
    variant = getattr(position, "variant", None)
    if isinstance(variant, Variant) and getattr(position, "turns_played", None) == 0:
        return Line(str(variant))
    raise EngineError(
        "an engine in another process is given a position as its turns: a Game, or a Line (variant and "
        f"turns); a rules engine after some turns does not keep them (got {type(position).__name__})"
    )


class EngineProcess:
    """A protocol engine in a subprocess (made by `popen`); a context manager that quits it."""

    def __init__(self, process: subprocess.Popen[bytes], timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.process = process
        self.timeout = timeout
        self._lines: queue.Queue[str | None] = queue.Queue()
        assert process.stdout is not None
        self._reader = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._reader.start()
        self._next_id = 1
        self._board: Line | None = None  # what the engine's board holds, when known
        self._lock = threading.Lock()
        self._streaming = False  # an analysis is being read: no other command until it is closed
        version = self.command("protocol_version")
        if version != "2":
            self.close()
            raise EngineError(f"the engine speaks protocol version {version!r}, not 2")
        #: What the engine calls itself (`name`) and its version.
        self.name = self.command("name")
        self.version = self.command("version")

    # -- talking -------------------------------------------------------------------------------

    def _read(self, stream: IO[bytes]) -> None:
        for raw in stream:
            self._lines.put(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
        self._lines.put(None)

    def _line(self, deadline: float | None) -> str:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            line = self._lines.get(timeout=wait)
        except queue.Empty:
            self._kill()
            raise EngineTimeout("the engine gave no answer in time (it has been stopped)") from None
        if line is None:
            self._lines.put(None)
            code = self.process.poll()
            raise EngineTerminated(
                "the engine's process ended" + (f" with exit code {code}" if code is not None else "")
            )
        return line

    def _send(self, text: str) -> int:
        ident = self._next_id
        self._next_id += 1
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(f"{ident} {text}\n".encode())
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise EngineTerminated("the engine's process ended (its input is closed)") from None
        return ident

    def _head(self, ident: int, deadline: float | None) -> tuple[bool, str]:
        """The first line of the reply to command `ident`: (success, what follows the mark)."""
        while True:
            line = self._line(deadline)
            if not line.strip():
                continue  # the empty line that ended a reply the client did not wait for
            mark, _, rest = line.partition(" ")
            if mark[:1] not in "=?" or not mark[1:].isdigit():
                raise EngineError(f"the engine answered outside the protocol: {line[:120]!r}")
            if int(mark[1:]) == ident:
                return mark[0] == "=", rest.strip()
            self._rest(deadline)  # the reply to an earlier command: skipped

    def _rest(self, deadline: float | None) -> list[str]:
        """The lines of a reply after its first, up to the empty line that ends it."""
        lines = []
        while (line := self._line(deadline)) != "":
            lines.append(line)
        return lines

    def command(self, text: str, timeout: float | None = None) -> str:
        """Send one command and give its result (the lines of a multi-line result joined by line
        breaks); `EngineError` with the engine's message where it fails. `timeout`: seconds to
        wait (default: the client's)."""
        if self._streaming:
            raise EngineError("the engine is streaming an analysis: close that iterator first")
        with self._lock:
            deadline = self._deadline(timeout if timeout is not None else self.timeout)
            ident = self._send(text)
            ok, first = self._head(ident, deadline)
            rest = self._rest(deadline)
        result = "\n".join([first, *rest]) if rest else first
        if not ok:
            raise EngineError(f"the engine refused {text.split()[0]!r}: {result}")
        return result

    @staticmethod
    def _deadline(seconds: float | None) -> float | None:
        return None if seconds is None else time.monotonic() + seconds

    # -- positions -------------------------------------------------------------------------------

    def _sync(self, position: Any) -> tuple[Line, Variant]:
        """Bring the engine's board to `position`; its line and variant."""
        line = line_of(position)
        variant = parse_variant(line.variant)
        board = self._board
        self._board = None  # unknown until every command below has been answered
        if board is None or board.variant != line.variant:
            self.command(f"variant {line.variant}")
            self.command("clear_board")
            board = Line(line.variant)
        common = 0
        for mine, theirs in zip(board.turns, line.turns, strict=False):
            if mine != theirs:
                break
            common += 1
        for _ in range(len(board.turns) - common):
            self.command("undo")
        for turn in line.turns[common:]:
            cells = ",".join(_turn_names(turn, variant))
            self.command(f"play {_colour(variant, turn.player)} {cells}")
        self._board = line
        return line, variant

    # -- what the in-process engine offers -------------------------------------------------------

    def analyse(self, position: Any, limit: Limit, candidates: int = 1, *, timeout: float | None = None) -> Analysis:
        """The engine's analysis of `position` under `limit` (values for the player to move), as
        `Engine.analyse` gives it. `timeout`: seconds to wait beyond the limit's time (default:
        the client's; with no time in the limit, the whole wait)."""
        if limit.time is None and limit.playouts is None and limit.level is None:
            raise EngineError("an analysis needs a limit: a time, playouts or a level")
        line, variant = self._sync(position)
        to_move = _to_move(line)
        words = _limit_words(limit) + f" candidates {max(1, candidates)}"
        wait = self._wait(limit, timeout)
        result = self.command(f"analyze {_colour(variant, to_move)} {_NO_INTERVAL}{words}", wait)
        last = [text for text in result.split("\n") if text.strip()]
        if not last:
            raise EngineError("the engine's analysis said nothing")
        return self._parsed(last[-1], variant, to_move, limit)

    def analysis(
        self, position: Any, limit: Limit | None = None, interval: float = 0.5, candidates: int = 1
    ) -> Iterator[Analysis]:
        """The engine's analysis as it goes, one `Analysis` every `interval` seconds, as
        `Engine.analysis` gives it; with no limit it runs until the iterator is closed."""
        line, variant = self._sync(position)
        to_move = _to_move(line)
        words = _limit_words(limit) if limit is not None else ""
        centiseconds = max(1, round(interval * 100))
        self._lock.acquire()
        self._streaming = True
        try:
            ident = self._send(f"analyze {_colour(variant, to_move)} {centiseconds}{words} candidates {candidates}")
            ok, first = self._head(ident, None)
            if not ok:
                self._rest(None)
                raise EngineError(f"the engine refused 'analyze': {first}")
            stopped = False
            try:
                while (text := self._line(None)) != "":
                    yield self._parsed(text, variant, to_move, limit or Limit())
                stopped = True
            finally:
                if not stopped:  # closed early: a command stops the analysis, its reply is skipped
                    stop = self._send("protocol_version")
                    deadline = self._deadline(self.timeout)
                    self._rest(deadline)
                    self._head(stop, deadline)
                    self._rest(deadline)
        finally:
            self._streaming = False
            self._lock.release()

    def play(self, position: Any, limit: Limit, *, timeout: float | None = None) -> PlayResult:
        """The engine's turn in `position` under `limit` (or its resignation), with the analysis
        behind it, as `Engine.play` gives it. The engine's board keeps the position given."""
        line, variant = self._sync(position)
        to_move = _to_move(line)
        words = _limit_words(limit)
        wait = self._wait(limit, timeout)
        self._board = None  # genmove_analyze plays the turn on the engine's board
        result = self.command(f"genmove_analyze {_colour(variant, to_move)}{words}", wait)
        lines = [text for text in result.split("\n") if text.strip()]
        if len(lines) < 2 or not lines[-1].startswith("play "):
            raise EngineError(f"the engine's genmove_analyze said {result[:120]!r}")
        analysis = self._parsed(lines[-2], variant, to_move, limit)
        word = lines[-1].removeprefix("play ").strip()
        if word == "resign":
            self._board = line
            return PlayResult(None, True, analysis)
        try:
            turn = parse_turn(word, variant, to_move)
        except InfoError as exc:
            raise EngineError(f"the engine played {word!r}: {exc}") from None
        self._board = Line(line.variant, (*line.turns, turn))
        return PlayResult(turn, False, analysis)

    def _wait(self, limit: Limit | None, timeout: float | None) -> float | None:
        extra = self.timeout if timeout is None else timeout
        if limit is None or limit.time is None:
            return timeout  # the search's length is not known: only a timeout given here bounds it
        return None if extra is None else limit.time + extra

    @staticmethod
    def _parsed(text: str, variant: Variant, to_move: int, limit: Limit) -> Analysis:
        try:
            return parse_line(text, variant, to_move, limit)
        except InfoError as exc:
            raise EngineError(f"the engine's analysis line cannot be read: {exc}") from None

    # -- the end ---------------------------------------------------------------------------------

    def quit(self) -> int:
        """Ask the engine to quit and wait for its process to end (ending it after the timeout);
        its exit code."""
        if self.process.poll() is None:
            with contextlib.suppress(EngineError):
                self.command("quit")
        try:
            return self.process.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self._kill()
            return self.process.wait()
        finally:
            self._close_pipes()

    def close(self) -> None:
        """Quit the engine, whatever state it is in."""
        self.quit()

    def _kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def _close_pipes(self) -> None:
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __enter__(self) -> EngineProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "running" if self.process.poll() is None else f"ended ({self.process.returncode})"
        return f"<EngineProcess {getattr(self, 'name', '?')} pid {self.process.pid}: {state}>"


def popen(
    command: Sequence[str],
    *,
    timeout: float | None = DEFAULT_TIMEOUT,
    stderr: int | IO[Any] | None = None,
    cwd: str | None = None,
    env: dict[str, str] | None = None,
) -> EngineProcess:
    """Start a protocol engine (`["catchup", "engine", ...]` or any program that speaks the
    protocol) and shake hands with it. `timeout`: seconds any command may take beyond its search
    time (None: no bound); `stderr`: where the engine's messages for people go (default: this
    process's standard error; `subprocess.DEVNULL` drops them)."""
    try:
        process = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd, env=env
        )
    except OSError as exc:
        raise EngineTerminated(f"cannot start the engine {command[0]!r}: {exc.strerror or exc}") from None
    try:
        return EngineProcess(process, timeout)
    except BaseException:
        if process.poll() is None:
            process.kill()
        process.wait()
        raise


_NO_INTERVAL = "100000 "  # centiseconds: no line before the last


def _limit_words(limit: Limit) -> str:
    words = []
    if limit.time is not None:
        words.append(f" time {limit.time:g}")
    if limit.playouts is not None:
        words.append(f" playouts {limit.playouts}")
    if limit.level is not None:
        words.append(f" level {limit.level}")
    return "".join(words)


def _colour(variant: Variant, player: int) -> str:
    return variant.spec.colours[player - 1][:1].lower()


def _to_move(line: Line) -> int:
    return 1 + len(line.turns) % 2


def _turn_names(turn: Turn, variant: Variant) -> list[str]:
    from catchup_notation.formats.colours import colour_mark

    board = variant.board
    names = [
        board.label(cell) + (colour_mark(variant.spec, colour) if colour != turn.player else "")
        for cell, colour in zip(turn.cells, turn.stone_colours, strict=True)
    ]
    return names or ["pass"]
