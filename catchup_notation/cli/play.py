"""`catchup play`: a game in the terminal, against the engine or between two people.

The board is drawn as `catchup show` draws it; a turn is typed as its cells' Little Golem names
(`E5`, `d4 f6`, `D4F6`); `undo`, `pass`, `resign`, `board`, `help` and `quit` are understood. At the
end the game is written to the file `--save` names, in any notation the library writes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import attrs
import typer

from catchup_notation.cli import output
from catchup_notation.cli.engine_options import (
    GameVariant,
    Level,
    Memory,
    Playouts,
    Pure,
    Seed,
    Threads,
    TurnTime,
    engine_limit,
    game_session,
    running_engine,
)
from catchup_notation.cli.options import check_format
from catchup_notation.engine.analysis import Limit, PlayResult
from catchup_notation.errors import CatchupError
from catchup_notation.model import Record
from catchup_notation.protocol.framing import Refused
from catchup_notation.protocol.session import Session
from catchup_notation.rules.hexgame import stones_words

EXAMPLES = """\
Examples:

  catchup play                          # you are White, the engine Black

  catchup play --engine-plays white --level 3 --save game.sgf

  catchup play --engine-plays none --variant "catchup(size=4)"  # two people

  catchup play --engine-command "catchup engine --threads 1"

Type a turn as its cells' names (E5, or d4 f6, or D4F6), or one of:
undo (takes back your last turn and the engine's reply), pass, resign,
board, help, quit.

Exit codes: 0 the game ended or was left; 2 usage error; 3 the game could
not be saved.
"""

#: Seconds a turn of the engine's when no option limits it.
DEFAULT_SECONDS = 1.0
HELP = (
    "Type a turn as its cells' Little Golem names: the row letter (A at the top) and the place in the row "
    "(1 at its left end), e.g. E5, or d4 f6, or D4F6. Also: undo, pass, resign, board, help, quit."
)

Mover = Callable[[Session], PlayResult]


def play_command(
    variant: GameVariant = "catchup",
    engine_plays: Annotated[
        str,
        typer.Option(
            "--engine-plays",
            metavar="SIDE",
            help="Which side the engine plays: a colour (white, black, or the variant's own), none (two people "
            "at one terminal) or both. Default: the second player.",
            show_default=False,
        ),
    ] = "second",
    engine_command: Annotated[
        str | None,
        typer.Option(
            "--engine-command",
            metavar="COMMAND",
            help="Play against another program that speaks the engine protocol (e.g. 'catchup engine --level 2') "
            "instead of the built-in engine.",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        str | None,
        typer.Option(
            "--save",
            metavar="FILE",
            help="Write the game to FILE at the end (the notation from its name, or --to).",
            show_default=False,
        ),
    ] = None,
    to: Annotated[
        str | None,
        typer.Option(
            "--to",
            metavar="FORMAT",
            help="The notation to save in: lg, rga, genius, abstractplay, json (see catchup formats).",
            callback=check_format,
            show_default=False,
        ),
    ] = None,
    level: Level = None,
    time: TurnTime = None,
    playouts: Playouts = None,
    threads: Threads = None,
    seed: Seed = None,
    memory: Memory = None,
    pure: Pure = False,
) -> None:
    """Play a game in the terminal, against the engine or between two people."""
    session = game_session(variant)
    engine_sides = _engine_sides(session, engine_plays)
    if save is not None and to is None:
        from catchup_notation.formats import detect_output

        try:
            to = detect_output(save)
        except CatchupError as exc:
            raise typer.BadParameter(exc.message, param_hint="--save") from None
    limit = engine_limit(time, level, playouts, DEFAULT_SECONDS)
    with _engine(engine_sides, engine_command, threads, seed, memory, pure) as mover:
        game = TerminalGame(session, engine_sides, lambda s: mover(s, limit))
        game.run()
    if save is not None and to is not None:
        _save(session, game, save, to)


class TerminalGame:
    """The turns of one game, read from the players or asked of the engine, the board shown."""

    def __init__(self, session: Session, engine_sides: set[int], engine: Mover) -> None:
        self.session, self.engine_sides, self.engine = session, engine_sides, engine
        self.resigned: int | None = None
        self.echo = not sys.stdin.isatty()  # piped input: show what was read, as a transcript

    def run(self) -> None:
        """Play until the game ends, a player resigns or leaves (`quit`, end of input)."""
        session = self.session
        typer.echo(session.board_text())
        while not session.game.over and self.resigned is None:
            mover = session.game.mover
            if mover in self.engine_sides:
                if not self._engine_turn(mover):
                    return
                continue
            line = self._ask(mover)
            if line is None or line.lower() in ("quit", "exit"):
                typer.echo("The game is left unfinished.")
                return
            self._command(mover, line)
        self._ending()

    def _ask(self, mover: int) -> str | None:
        colour = self.session.variant.spec.colours[mover - 1]
        counts = stones_words(self.session.game.allowed_counts())
        try:
            line = input(f"{colour} to move ({counts}): ")
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C at the prompt: the player leaves
            typer.echo()
            return None
        if self.echo:
            typer.echo(line)
        return line.strip()

    def _command(self, mover: int, line: str) -> None:
        session = self.session
        word = line.lower()
        if not word:
            return
        if word == "help":
            typer.echo(HELP)
        elif word == "board":
            typer.echo(session.board_text())
        elif word == "undo":
            self._undo(mover)
        elif word == "resign":
            self.resigned = mover
        else:
            try:
                session.play(session.turn(mover, tuple(line.split())))
            except Refused as exc:
                typer.echo(f"Not played: {exc.message}")
                return
            typer.echo(session.board_text())

    def _undo(self, mover: int) -> None:
        """Take back the player's last turn, and the engine's turns after it."""
        session = self.session
        if not self.engine_sides:  # two people: the last turn, whoever played it
            if not session.turns:
                typer.echo("Nothing to undo: no turn has been played.")
                return
            session.undo()
            typer.echo(session.board_text())
            return
        mine = [k for k, turn in enumerate(session.turns) if turn.player == mover]
        if not mine:
            typer.echo("Nothing to undo: you have not played yet.")
            return
        while len(session.turns) > mine[-1]:
            session.undo()
        typer.echo(session.board_text())

    def _engine_turn(self, mover: int) -> bool:
        session = self.session
        colour = session.variant.spec.colours[mover - 1]
        try:
            result = self.engine(session)
        except CatchupError as exc:
            output.print_lines([("error", f"error: the engine failed: {exc.message}")], stderr=True)
            return False
        if result.resign or result.turn is None:
            typer.echo(f"{colour} (engine) resigns.")
            self.resigned = mover
            return True
        session.play(result.turn)
        typer.echo(f"{colour} (engine) plays {session.turn_text(result.turn)}{_judged(result)}")
        typer.echo(session.board_text())
        return True

    def _ending(self) -> None:
        session = self.session
        if self.resigned is not None:
            colours = session.variant.spec.colours
            typer.echo(f"{colours[2 - self.resigned]} wins: {colours[self.resigned - 1]} resigned.")
            return
        typer.echo(session.game.score().explanation)

    def record(self) -> Record:
        """The game as a record."""
        session = self.session
        return Record(session.spec_text, tuple(session.turns), resigned=self.resigned)


def _judged(result: PlayResult) -> str:
    value = result.analysis.value
    if value.proven is not None:
        return {1: " (a proven win)", 0: " (a proven draw)", -1: " (a proven loss)"}[value.proven]
    return f" (its chance: {value.win:.0%})"


def _engine_sides(session: Session, text: str) -> set[int]:
    word = text.strip().lower()
    if word == "none":
        return set()
    if word == "both":
        return {1, 2}
    if word in ("first", "second"):
        return {1 if word == "first" else 2}
    try:
        return {session.player(word)}
    except Refused as exc:
        raise typer.BadParameter(f"{exc.message}; or none, both", param_hint="--engine-plays") from None


class _engine:
    """The engine that plays (nothing where people play both sides): a context manager giving
    a function from (session, limit) to the engine's choice."""

    def __init__(
        self,
        sides: set[int],
        command: str | None,
        threads: int | None,
        seed: int | None,
        memory: int | None,
        pure: bool,
    ) -> None:
        self.sides, self.command = sides, command
        self.options = (threads, seed, memory, pure)
        self.engine: Any = None

    def __enter__(self) -> Callable[[Session, Limit], PlayResult]:
        if not self.sides:
            return _nobody
        if self.command is not None:
            import shlex
            import subprocess

            from catchup_notation.protocol.client import Line, popen

            try:
                client = popen(shlex.split(self.command), stderr=subprocess.DEVNULL)
            except CatchupError as exc:
                raise output.fail(exc.message, output.EXIT_USAGE) from None
            self.engine = client
            return lambda session, limit: client.play(Line(session.spec_text, tuple(session.turns)), limit)
        threads, seed, memory, pure = self.options
        self.engine = running_engine(threads, seed, memory=memory, pure=pure)
        engine = self.engine.__enter__()
        # The built-in engine's game at the terminal is played to its end: its advice to resign
        # a proven loss (PlayResult.resign) is not taken here.
        return lambda session, limit: attrs.evolve(engine.play(session.game, limit), resign=False)

    def __exit__(self, *exc: object) -> None:
        if self.engine is not None:
            self.engine.__exit__(*exc)


def _nobody(session: Session, limit: Limit) -> PlayResult:
    raise AssertionError("no side is the engine's")


def _save(session: Session, game: TerminalGame, path: str, format: str) -> None:
    from pathlib import Path

    from catchup_notation.formats import write_text
    from catchup_notation.writing import OutputError, write_file

    text, warnings = write_text([game.record()], format)
    try:
        write_file(Path(path), text)
    except OutputError as exc:
        raise output.fail(exc.message, output.EXIT_UNREADABLE) from None
    for warning in warnings:
        output.warn(warning.message)
    turns = len(session.turns)
    typer.echo(f"Saved the game ({turns} turn{'s' if turns != 1 else ''}) to {path}.")


def register(app: typer.Typer) -> None:
    """Add this command to the `catchup` app."""
    app.command("play", epilog=EXAMPLES)(output.guarded(play_command))
