"""Reports on games: what `catchup verify` and `catchup adjudicate` say of each record.

A report is a frozen attrs object: `to_data(report)` (see `serialization`) is the documented JSON
object, and `report.lines()` the text lines, each with its kind (error, warning, ok, plain) for
styling. Cells are named as the record's own notation names them.
"""

from __future__ import annotations

from typing import Literal

import attrs

from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.formats.base import NotationWarning
from catchup_notation.game import Game
from catchup_notation.model import OMIT, OMIT_IF_DEFAULT, Location, RuleError, Turn
from catchup_notation.solvers.limits import ENDGAME_EMPTY, EndgameLimits

Line = tuple[str, str]  # (kind, text); kind is "error", "warning", "ok" or "plain"
Outcome = Literal["valid", "invalid", "unreadable", "adjudicated"]


@attrs.frozen
class ErrorReport:
    """A reading, variant or rule error as the JSON contract gives it (`turn`, `player`, `cells`
    for rule errors; `line`, `column` where known; `numbers` for number-set turns only)."""

    code: str
    turn: int | None
    player: int | None
    cells: tuple[str, ...]
    line: int | None
    column: int | None
    message: str
    numbers: tuple[int, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)


@attrs.frozen
class WarningReport:
    """A reading warning as the JSON contract gives it."""

    code: str
    message: str
    line: int | None
    column: int | None


@attrs.frozen
class EndgameReport:
    """The perfect-play result of an unfinished hex game, or why it was not searched."""

    solved: bool
    winner: int | None
    draw: bool
    line: tuple[str, ...]
    nodes: int
    seconds: float
    explanation: str


@attrs.frozen
class VerifyReport:
    """`catchup verify`'s verdict on one record. `outcome` (not part of the JSON object) is
    valid, invalid (a broken rule, or rules that cannot apply) or unreadable."""

    source: str | None
    index: int
    format: str | None
    variant: str | None
    valid: bool
    turns: int | None
    error: ErrorReport | None
    warnings: tuple[WarningReport, ...]
    accepted_by: tuple[str, ...] | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)  # --variant auto
    outcome: Outcome = attrs.field(default="valid", metadata=OMIT)
    at: Location | None = attrs.field(default=None, eq=False)
    caret: str | None = attrs.field(default=None, eq=False)  # a reading error's full text, with its caret

    def lines(self) -> list[Line]:
        """The text report: warnings, then the error or `ok: N turns under VARIANT`."""
        out = warning_lines(self.source, self.index, self.warnings)
        if self.error is not None:
            out.append(("error", self.caret) if self.caret else error_line(self.source, self.index, self.error))
            return out
        turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
        accepted = f"; accepted by {', '.join(self.accepted_by)}" if self.accepted_by else ""
        out.append(("ok", f"{place(self.source, self.index, self.at)}: ok: {turns} under {self.variant}{accepted}"))
        return out


@attrs.frozen
class AdjudicationReport:
    """`catchup adjudicate`'s verdict on one record (see `model.Result` for the fields)."""

    source: str | None
    index: int
    variant: str | None
    status: str
    winner: int | None
    draw: bool
    reason: str
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    decided_at: int | None
    decided_by: str | None
    scores: tuple[int, int] | None
    explanation: str
    turns: int | None
    error: ErrorReport | None
    endgame: EndgameReport | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)  # --solve-endgame
    outcome: Outcome = attrs.field(default="adjudicated", metadata=OMIT)
    at: Location | None = attrs.field(default=None, eq=False)
    caret: str | None = attrs.field(default=None, eq=False)  # a reading error's full text, with its caret
    warnings: tuple[WarningReport, ...] = attrs.field(default=(), eq=False)  # text output only

    def lines(self) -> list[Line]:
        """The text report: warnings, then the error or the verdict (and the endgame's)."""
        out = warning_lines(self.source, self.index, self.warnings)
        if self.error is not None:
            out.append(("error", self.caret) if self.caret else error_line(self.source, self.index, self.error))
            return out
        kind = "plain" if self.status == "unfinished" else "ok"
        out.append((kind, f"{place(self.source, self.index, self.at)}: {self.explanation}"))
        if self.endgame is not None:
            out.append(("plain", f"{place(self.source, self.index, self.at)}: {self.endgame.explanation}"))
        return out


# ---------------------------------------------------------------------------------------------
# Building reports


def warning_reports(warnings: tuple[NotationWarning, ...]) -> tuple[WarningReport, ...]:
    """The contract's form of reading warnings."""
    return tuple(WarningReport(w.code, w.message, w.line, w.column) for w in warnings)


def error_report(game: Game, error: CatchupError) -> ErrorReport:
    """The contract's error object for whatever `game.errors` holds."""
    if isinstance(error, IllegalTurn):
        return rule_error_report(game, error.error)
    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    return ErrorReport(error.code, None, None, (), line, column, error.message)


def rule_error_report(game: Game, error: RuleError) -> ErrorReport:
    """The contract's error object for a broken rule: cells in the record's own names, the turn's place."""
    at = game.turn_location(error.turn)
    return ErrorReport(
        error.code,
        error.turn,
        error.player,
        tuple(game.cell_name(cell) for cell in error.cells),
        at.line if at else None,
        at.column if at else None,
        error.message,
        error.numbers,
    )


def verify_report(game: Game) -> VerifyReport:
    """What `catchup verify` says of one game."""
    verdict = game.verify()
    accepted = verdict.accepted_by if verdict.accepted_by is not None or not _auto(game) else ()
    variant, caret = verdict.variant, None
    turns: int | None = verdict.turns
    error: ErrorReport | None = None
    outcome: Outcome = "valid" if verdict.valid else "invalid"
    if game.reading_error is not None:
        error, turns, caret = error_report(game, game.reading_error), None, str(game.reading_error)
        outcome = "invalid" if game.reading_error.code == "variant" else "unreadable"
    elif verdict.unreadable is not None:  # the variant asked for cannot apply to this record
        error, variant = error_report(game, verdict.unreadable), _asked(game)
    elif verdict.error is not None:
        error = rule_error_report(game, verdict.error)
    return VerifyReport(
        source=game.source.file,
        index=game.source.index,
        format=game.format,
        variant=variant,
        valid=verdict.valid,
        turns=turns,
        error=error,
        warnings=warning_reports(game.warnings),
        accepted_by=accepted,
        outcome=outcome,
        at=game.record.at,
        caret=caret,
    )


def adjudication_report(game: Game, endgame: EndgameLimits | None = None) -> AdjudicationReport:
    """What `catchup adjudicate` says of one game; with `endgame` (how far to search), the
    perfect-play result of an unfinished hex game too."""
    result = game.result()
    problems = game.errors
    variant = game.variant
    error = error_report(game, problems[0]) if problems else None
    outcome: Outcome = "invalid" if problems else "adjudicated"
    turns: int | None = len(game.record.turns)
    caret = None
    if game.reading_error is not None:
        turns, caret = None, str(game.reading_error)
        outcome = "invalid" if game.reading_error.code == "variant" else "unreadable"
    solved = None
    if endgame is not None and result.status == "unfinished" and variant is not None and variant.family == "hex":
        solved = endgame_report(game, endgame)
    readable_rules = variant is not None and game.reading_error is None
    return AdjudicationReport(
        source=game.source.file,
        index=game.source.index,
        variant=str(variant) if readable_rules else (None if game.reading_error is not None else _asked(game)),
        status=result.status,
        winner=result.winner,
        draw=result.draw,
        reason=result.reason,
        groups=result.groups,
        decided_at=result.decided_at,
        decided_by=result.decided_by,
        scores=result.scores if readable_rules else None,
        explanation=result.explanation,
        turns=turns,
        error=error,
        endgame=solved,
        outcome=outcome,
        at=game.record.at,
        caret=caret,
        warnings=warning_reports(game.warnings),
    )


def endgame_report(game: Game, limits: EndgameLimits | None = None) -> EndgameReport:
    """The perfect-play result of an unfinished hex game, searched as far as `limits` allow
    (default: the variant's kind's empty cells, ENDGAME_EMPTY, and ENDGAME_NODES nodes)."""
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.solvers.endgame import EndgameError, EndgameTimeout, EndgameTooLarge, solve_endgame
    from catchup_notation.solvers.estimate import variant_kind

    limits = limits or EndgameLimits()
    played = game.replay()
    engine = played.game if played is not None else None
    if not isinstance(engine, HexGame):
        return _unsolved("not a hex game")
    names = engine.variant.spec.players
    if limits.max_empty is not None:
        limit, beyond = limits.max_empty, f"more than --max-empty {limits.max_empty}"
    else:
        limit = ENDGAME_EMPTY[variant_kind(engine)]
        beyond = f"more than {limit}, the default for {engine.variant.name} (--max-empty)"
    try:
        solved = solve_endgame(engine, max_empty=limit, max_nodes=limits.max_nodes)
    except EndgameTooLarge:
        return _unsolved(f"{engine.empty} empty cells, {beyond}")
    except EndgameTimeout as exc:  # the node allowance, or a position too large to list its turns
        return _unsolved(f"stopped after {limits.max_nodes} nodes (--endgame-nodes)" if exc.reason else exc.message)
    except EndgameError as exc:  # a game the solver cannot value (sauce: passes may go on for ever)
        return _unsolved(exc.message)
    line = tuple(turn_words(game, turn) for turn in solved.principal_line)
    outcome = "a draw" if solved.draw or solved.winner is None else f"{names[solved.winner - 1]} wins"
    explanation = f"with perfect play {outcome} ({solved.empty} empty cells; line: {' / '.join(line) or 'none'})"
    return EndgameReport(True, solved.winner, solved.draw, line, solved.nodes, round(solved.seconds, 3), explanation)


def _unsolved(why: str) -> EndgameReport:
    return EndgameReport(False, None, False, (), 0, 0.0, f"endgame not solved: {why}")


def turn_words(game: Game, turn: Turn) -> str:
    """'E5 F6', 'E5=w' (a stone of the other colour), or 'pass', in the record's own cell names."""
    from catchup_notation.formats.colours import colour_mark

    variant = game.variant
    assert variant is not None
    stones = (
        game.cell_name(cell) + (colour_mark(variant.spec, colour) if colour != turn.player else "")
        for cell, colour in zip(turn.cells, turn.stone_colours, strict=True)
    )
    return " ".join(stones) or "pass"


def _auto(game: Game) -> bool:
    choice = game.choice
    return isinstance(choice, str) and choice.strip().lower() == "auto"


def _asked(game: Game) -> str:
    choice = game.choice
    return str(choice) if choice is not None else game.record.variant


# ---------------------------------------------------------------------------------------------
# Text lines


def place(
    source: str | None, index: int, at: Location | None = None, line: int | None = None, column: int | None = None
) -> str:
    """`file:line:col` when a position is known, else `file[index]` (0-based record index)."""
    name = source or "<text>"
    if at is not None:
        line, column = at.line, at.column
    if line is not None:
        return f"{name}:{line}:{column or 1}"
    return f"{name}[{index}]"


def warning_lines(source: str | None, index: int, warnings: tuple[WarningReport, ...]) -> list[Line]:
    """`file:line:col: warning[code]: message` for each warning."""
    return [
        ("warning", f"{place(source, index, line=w.line, column=w.column)}: warning[{w.code}]: {w.message}")
        for w in warnings
    ]


def error_line(source: str | None, index: int, error: ErrorReport | None) -> Line:
    """`file:line:col: error[code]: message` (rule messages already name the turn and player)."""
    assert error is not None
    return (
        "error",
        f"{place(source, index, line=error.line, column=error.column)}: error[{error.code}]: {error.message}",
    )
