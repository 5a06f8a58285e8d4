"""Reports on games: what `catchup verify` and `catchup adjudicate` say of each record.

A report is a frozen attrs object. `to_data(report)` (see `serialization`) is the documented JSON
object (its JSON Schema ships as `grammars/verify.schema.json` and
`grammars/adjudication.schema.json`), `report.to_row()` a flat row for a table (CSV, a data
frame), and `report.lines()` the text lines, each with its kind (error, warning, ok, plain) for
styling. Every report starts with the same fields: `source`, `index`, `line`, `format`,
`variant`, `players`, `turns`, `warnings`, `error`. Cells are named as the record's own notation
names them; a line of turns is a list of `{"player": 1, "cells": ["B1", "G5"]}` everywhere.

    rows = cn.report_rows(cn.verify_report(game) for game in cn.read("archive/"))
    pandas.DataFrame(rows)     # or csv.DictWriter(out, ROW_FIELDS["verify"]).writerows(rows)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from catchup_notation.board import Cell
from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.formats.base import NotationWarning
from catchup_notation.game import Game
from catchup_notation.model import OMIT, OMIT_IF_DEFAULT, Location, RuleError, Turn
from catchup_notation.reading.fastpath import final_result
from catchup_notation.report_lines import ESTIMATE_FIELDS
from catchup_notation.report_lines import ROW_FIELDS as ROW_FIELDS  # the tables' columns, named here too
from catchup_notation.report_lines import RowValue as RowValue  # a table's values, named here too
from catchup_notation.rules.replay import player_names

if TYPE_CHECKING:
    from catchup_notation.reading.fastpath import Verdict
    from catchup_notation.solvers.limits import EndgameLimits

Line = tuple[str, str]  # (kind, text); kind is "error", "warning", "ok" or "plain"
#: What a record counts as in a run's summary and exit code: valid, invalid or unreadable under
#: verify; under adjudicate its status (finished, resigned, ..., invalid) or unreadable.
Outcome = str


@attrs.frozen
class ErrorReport:
    """A reading, variant or rule error as the JSON contract gives it (`turn`, `player`, `cells`
    for rule errors; `line`, `column` where known; `numbers` for number-set turns only)."""

    #: A stable code: a rule's (`stone-count`) or a reader's (`syntax`).
    code: str
    #: The turn that broke a rule, counted from 1 (None for a reading error).
    turn: int | None
    #: Who played that turn (1 or 2).
    player: int | None
    #: The cells the error is about, named as the record's notation names them.
    cells: tuple[str, ...]
    #: The line of the error in its file.
    line: int | None
    #: The column of the error in its file.
    column: int | None
    #: What is wrong, in words.
    message: str
    #: The numbers the error is about (number-set games).
    numbers: tuple[int, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)


@attrs.frozen
class WarningReport:
    """A reading warning as the JSON contract gives it."""

    #: A stable code (the format pages list them).
    code: str
    #: What happened, in words.
    message: str
    #: The line it is about, where known.
    line: int | None
    #: The column it is about, where known.
    column: int | None


@attrs.frozen
class TurnReport:
    """One turn of a line of play: its player and cells by name (`colours` only where a stone is
    not its mover's colour: too, product). `text` (not in the JSON) is how the text report writes it."""

    #: Who plays the turn (1 or 2).
    player: int
    #: Its cells, named as the record's notation names them, or the one `--labels` names (empty: a pass).
    cells: tuple[str, ...]
    #: Each stone's colour where one is not its mover's own (too, product).
    colours: tuple[int, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)
    #: The turn as the notation writes it (not in the JSON form).
    text: str = attrs.field(default="", metadata=OMIT)


@attrs.frozen
class EndgameReport:
    """The perfect-play result of an unfinished hex game, or why it was not searched."""

    #: Whether the position was solved (else `explanation` says why not).
    solved: bool
    #: The winner with perfect play (1 or 2), None for a draw or an unsolved position.
    winner: int | None
    #: Whether perfect play draws.
    draw: bool
    #: A line of best play to the end.
    principal_line: tuple[TurnReport, ...]
    #: Positions searched.
    nodes: int
    #: Time the search took.
    seconds: float
    #: The result in words.
    explanation: str


@attrs.frozen
class EstimateReport:
    """The verdict on an unfinished hex game by `adjudicate --estimate`: a proof where the solver
    reaches, else the engine's estimate, labelled as one, with its interval and settings."""

    #: Whether it is a proof (else an estimate).
    exact: bool
    #: Who it favours: the winner with perfect play for a proof (None: a draw); for an estimate, the
    #: player whose chance is above one half (None: even).
    winner: int | None
    #: The first player's chance of winning (a draw counts half): 1, 0.5 or 0 for a proof.
    chance: float
    #: The lower end of its interval.
    low: float
    #: The upper end.
    high: float
    #: A line of best play from the position.
    line: tuple[TurnReport, ...]
    #: The engine's seconds per search (None: no engine search, or not limited by time).
    time: float | None
    #: The engine's playouts per search (None: not limited by playouts).
    playouts: int | None
    #: The engine's strength level (None: not set).
    level: int | None
    #: The engine's threads (None: no engine search).
    threads: int | None
    #: The engine's seed (None: drawn from the system).
    seed: int | None
    #: Engine searches made (0 for a proof found by the solver alone).
    searches: int
    #: Wall seconds it took.
    seconds: float
    #: The verdict in words, saying whether it is a proof or an estimate.
    explanation: str


@attrs.frozen
class RecordReport:
    """What every command's report on one record begins with, in this order in its JSON form
    (`VerifyReport`, `AdjudicationReport`, `review_report.ReviewReport`), and where the record
    starts (not in the JSON form)."""

    #: The file the record was read from (None for text given directly).
    source: str | None
    #: The record's 0-based place among its file's records.
    index: int
    #: The line the record starts on.
    line: int | None
    #: The notation it was read in.
    format: str | None
    #: The variant string it was judged under (None when it could not be read).
    variant: str | None
    #: The names of player 1 and player 2 (None where the record gives none).
    players: tuple[str | None, str | None]
    #: How many turns the record has (None when it could not be read).
    turns: int | None
    #: What the reader normalised, guessed or doubted, in the order of the text.
    warnings: tuple[WarningReport, ...]
    #: Why the record was not judged valid: a broken rule or a reading error; None when it was.
    error: ErrorReport | None
    #: The word of the run's summary line that counts the record (each report says its words).
    status: Outcome
    #: Where the record starts (not in the JSON form).
    at: Location | None = attrs.field(default=None, eq=False, kw_only=True)
    #: A reading error's full text with its caret line (not in the JSON form).
    caret: str | None = attrs.field(default=None, eq=False, kw_only=True)

    @property
    def outcome(self) -> Outcome:
        """What the record counts as in the run's summary: its status."""
        return self.status

    def _diagnostics(self) -> list[Line]:
        """The warnings and the error, in the order of their place in the file."""
        return diagnostic_lines(self.source, self.index, self.warnings, self.error, self.caret)

    def _place(self) -> str:
        """Where the record is, as each of its text lines begins (`place`)."""
        return place(self.source, self.index, self.at)


@attrs.frozen
class VerifyReport(RecordReport):
    """`catchup verify`'s verdict on one record. Its `status` is valid, invalid (a broken rule, or
    rules that cannot apply) or unreadable: the words of the run's summary line."""

    #: Whether every turn is legal under `variant`.
    valid: bool
    #: With `--variant auto`: every variant that accepts the record; else left out.
    accepted_by: tuple[str, ...] | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)  # --variant auto

    def lines(self) -> list[Line]:
        """The text report: warnings and the error in the order of their place in the file, then
        `ok: N turns under VARIANT` for a valid record."""
        out = self._diagnostics()
        if self.error is None:
            turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
            accepted = f"; accepted by {', '.join(self.accepted_by)}" if self.accepted_by else ""
            out.append(("ok", f"{self._place()}: ok: {turns} under {self.variant}{accepted}"))
        return out

    def to_row(self) -> dict[str, RowValue]:
        """The report as one flat row (the columns of `ROW_FIELDS["verify"]`)."""
        return {
            **_common_row(self),
            "status": self.status,
            "valid": self.valid,
            "accepted_by": " ".join(self.accepted_by) if self.accepted_by is not None else None,
        }


@attrs.frozen
class AdjudicationReport(RecordReport):
    """`catchup adjudicate`'s verdict on one record (see `model.Result` for the fields). Its
    `status` is the word of the run's summary line that counts it: finished, resigned, timeout,
    draw, abandoned, unfinished, invalid or unreadable."""

    #: The winner (1 or 2), None for a draw or a game without one.
    winner: int | None
    #: Whether the game is a draw.
    draw: bool
    #: How the game ended, a stable code (`board-full`, `resignation`, `unfinished`, ...).
    reason: str
    #: Each colour's group sizes, largest first.
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    #: The 0-based place in the sorted group sizes where the comparison decided.
    decided_at: int | None
    #: The scoring rule that decided (`groups`, `plurality`, ...).
    decided_by: str | None
    #: The numbers the deciding rule compared, the first player's first.
    scores: tuple[int, int] | None
    #: The verdict in words.
    explanation: str
    #: With `--solve-endgame`: the perfect-play result of an unfinished hex game; else left out.
    endgame: EndgameReport | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)  # --solve-endgame
    #: With `--estimate`: the verdict on an unfinished hex game (a proof or the engine's estimate).
    estimate: EstimateReport | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)  # --estimate

    @property
    def valid(self) -> bool:
        """Whether the record was judged (it is neither invalid nor unreadable)."""
        return self.status not in ("invalid", "unreadable")

    def lines(self) -> list[Line]:
        """The text report: warnings and the error in the order of their place in the file, or
        the verdict (and the endgame's)."""
        out = self._diagnostics()
        if self.error is not None:
            return out
        kind = "plain" if self.status == "unfinished" else "ok"
        out.append((kind, f"{self._place()}: {self.explanation}"))
        if self.endgame is not None:
            out.append(("plain", f"{self._place()}: {self.endgame.explanation}"))
        if self.estimate is not None:
            out.append(("plain", f"{self._place()}: {self.estimate.explanation}"))
        return out

    def to_row(self) -> dict[str, RowValue]:
        """The report as one flat row (the columns of `ROW_FIELDS["adjudicate"]`)."""
        decisive = decisive_groups(self.groups, self.decided_at)
        endgame = self.endgame
        return {
            **_common_row(self),
            "valid": self.valid,
            "status": self.status,
            "winner": self.winner,
            "winner_name": self.players[self.winner - 1] if self.winner in (1, 2) else None,
            "draw": self.draw,
            "reason": self.reason,
            "decided_by": self.decided_by,
            "decided_at": self.decided_at,
            "decisive_groups_1": decisive[0],
            "decisive_groups_2": decisive[1],
            "score_1": self.scores[0] if self.scores else None,
            "score_2": self.scores[1] if self.scores else None,
            "explanation": self.explanation,
            "endgame_solved": endgame.solved if endgame else None,
            "endgame_winner": endgame.winner if endgame else None,
            "endgame_draw": endgame.draw if endgame else None,
            **_estimate_row(self.estimate),
        }


def _estimate_row(estimate: EstimateReport | None) -> dict[str, RowValue]:
    if estimate is None:
        return dict.fromkeys(ESTIMATE_FIELDS)
    return {
        "estimate_exact": estimate.exact,
        "estimate_winner": estimate.winner,
        "estimate_chance_1": estimate.chance,
        "estimate_low_1": estimate.low,
        "estimate_high_1": estimate.high,
    }


class Report(Protocol):
    """What every report gives: a flat row for tables."""

    def to_row(self) -> dict[str, RowValue]:
        """The report as one flat row."""
        ...


def _common_row(report: RecordReport) -> dict[str, RowValue]:
    error = report.error
    return {
        "source": report.source,
        "index": report.index,
        "line": report.line,
        "format": report.format,
        "variant": report.variant,
        "player_1": report.players[0],
        "player_2": report.players[1],
        "turns": report.turns,
        "error_code": error.code if error else None,
        "error_turn": error.turn if error else None,
        "error_player": error.player if error else None,
        "error_line": error.line if error else None,
        "error_column": error.column if error else None,
        "error_message": error.message if error else None,
        "warning_count": len(report.warnings),
        "warning_codes": " ".join(sorted({w.code for w in report.warnings})),
    }


def report_rows(reports: Iterable[Report]) -> Iterator[dict[str, RowValue]]:
    """Each report as a flat row of str, int, bool and None values, lazily: what a CSV writer or
    `pandas.DataFrame(list(...))` takes (this library does not import pandas)."""
    for report in reports:
        yield report.to_row()


def decisive_groups(groups: tuple[tuple[int, ...], tuple[int, ...]], decided_at: int | None) -> tuple[str, str]:
    """Each side's group sizes as far as the comparison that decided went (to `decided_at`, or
    all of them), space-separated: ('29 1', '14 11')."""
    stop = None if decided_at is None else decided_at + 1
    return " ".join(map(str, groups[0][:stop])), " ".join(map(str, groups[1][:stop]))


# ---------------------------------------------------------------------------------------------
# Building reports


def warning_reports(warnings: Iterable[NotationWarning], error: ErrorReport | None = None) -> tuple[WarningReport, ...]:
    """The contract's form of reading warnings, in the order of their place in the file (those
    without a place first); a warning that says what the error says, at its place, is left to
    the error (each diagnostic is reported once)."""
    said = (error.code, error.line, error.column) if error is not None else None
    kept = [WarningReport(w.code, w.message, w.line, w.column) for w in warnings]
    kept = [w for w in kept if (w.code, w.line, w.column) != said]
    return tuple(sorted(kept, key=lambda w: (w.line or 0, w.column or 0)))


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


def game_fields(game: Game) -> dict[str, Any]:
    """The fields of a `RecordReport` on `game` that say where and what it is, alike in every
    command's report: its file, index, start line, notation, players and place."""
    at = game.record.at
    line = game.source.line if game.source.line is not None else (at.line if at is not None else None)
    return {
        "source": game.source.file,
        "index": game.source.index,
        "line": line,
        "format": game.format,
        "players": game.record.players,
        "at": at,
    }


def judged_fields(source: str | None, format: str, index: int, verdict: Verdict) -> dict[str, Any]:
    """The fields of a `RecordReport` on a game the compiled core judged valid, with no warning,
    from its text alone (`reading.fastpath.Verdict`), but its status."""
    line, column, white, black, turns, variant, _, _ = verdict
    return {
        "source": source,
        "index": index,
        "line": line,
        "format": format,
        "variant": variant,
        "players": (white, black),
        "turns": turns,
        "warnings": (),
        "error": None,
        "at": Location(line, column),
    }


def reading_status(error: CatchupError) -> Outcome:
    """What a record whose reading failed with `error` counts as: invalid where the variant it
    names is unknown, else unreadable."""
    return "invalid" if error.code == "variant" else "unreadable"


def verify_report(game: Game) -> VerifyReport:
    """What `catchup verify` says of one game."""
    verdict = game.verify()
    accepted = verdict.accepted_by if verdict.accepted_by is not None or not _auto(game) else ()
    variant, caret = verdict.variant, None
    turns: int | None = verdict.turns
    error: ErrorReport | None = None
    status: Outcome = "valid" if verdict.valid else "invalid"
    if game.reading_error is not None:
        error, turns, caret = error_report(game, game.reading_error), None, str(game.reading_error)
        status = reading_status(game.reading_error)
    elif verdict.unreadable is not None:  # the variant asked for cannot apply to this record
        error, variant = error_report(game, verdict.unreadable), _asked(game)
    elif verdict.error is not None:
        error = rule_error_report(game, verdict.error)
    return VerifyReport(
        **game_fields(game),
        variant=variant,
        turns=turns,
        warnings=warning_reports(game.warnings, error),
        error=error,
        status=status,
        valid=verdict.valid,
        accepted_by=accepted,
        caret=caret,
    )


def judged_verify_report(source: str | None, format: str, index: int, verdict: Verdict) -> VerifyReport:
    """What `verify_report` says of a game the compiled core judged valid, with no warning, from
    its text alone (`reading.fastpath.Verdict`: line, column, players, turns, variant and, with
    variant "auto", every variant that accepts it)."""
    return VerifyReport(
        **judged_fields(source, format, index, verdict), status="valid", valid=True, accepted_by=verdict[7]
    )


def adjudication_report(
    game: Game,
    endgame: EndgameLimits | None = None,
    estimate: Callable[[Game], EstimateReport] | None = None,
) -> AdjudicationReport:
    """What `catchup adjudicate` says of one game; with `endgame` (how far to search), the
    perfect-play result of an unfinished hex game too; with `estimate` (`estimate_report.estimator`),
    the verdict on an unfinished hex game (a proof within the solver's reach, else the engine's
    estimate)."""
    result = game.result()
    problems = game.errors
    variant = game.variant
    error = error_report(game, problems[0]) if problems else None
    status: Outcome = result.status
    turns: int | None = len(game.record.turns)
    caret = None
    if game.reading_error is not None:
        turns, caret = None, str(game.reading_error)
        status = reading_status(game.reading_error)
    solved = None
    if endgame is not None and result.status == "unfinished" and variant is not None and variant.family == "hex":
        solved = endgame_report(game, endgame)
    estimated = None
    if estimate is not None and result.status == "unfinished" and variant is not None and variant.family == "hex":
        estimated = estimate(game)
    readable_rules = variant is not None and game.reading_error is None
    return AdjudicationReport(
        **game_fields(game),
        variant=str(variant) if readable_rules else (None if game.reading_error is not None else _asked(game)),
        turns=turns,
        warnings=warning_reports(game.warnings, error),
        error=error,
        status=status,
        winner=result.winner,
        draw=result.draw,
        reason=result.reason,
        groups=result.groups,
        decided_at=result.decided_at,
        decided_by=result.decided_by,
        scores=result.scores if readable_rules else None,
        explanation=result.explanation,
        endgame=solved,
        estimate=estimated,
        caret=caret,
    )


def judged_adjudication_report(source: str | None, format: str, index: int, verdict: Verdict) -> AdjudicationReport:
    """What `adjudication_report` (with no endgame search) says of a game the compiled core judged
    valid, with no warning, from its text alone, and scored from its final position (a verdict of
    a judge that scores, see `reading.fastpath`)."""
    result = final_result(verdict)
    return AdjudicationReport(
        **judged_fields(source, format, index, verdict),
        status=result.status,
        winner=result.winner,
        draw=result.draw,
        reason=result.reason,
        groups=result.groups,
        decided_at=result.decided_at,
        decided_by=result.decided_by,
        scores=result.scores,
        explanation=result.explanation,
    )


def turn_report(turn: Turn, cell_name: Callable[[Cell], str], text: str) -> TurnReport:
    """A turn of a line of play as the reports give it: cells by `cell_name`, `text` as written."""
    return TurnReport(turn.player, tuple(cell_name(cell) for cell in turn.cells), turn.colours, text)


def endgame_report(game: Game, limits: EndgameLimits | None = None) -> EndgameReport:
    """The perfect-play result of an unfinished hex game, searched as far as `limits` allow
    (default: the variant's kind's empty cells, ENDGAME_EMPTY, and ENDGAME_NODES nodes)."""
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.solvers.endgame import EndgameError, EndgameTimeout, EndgameTooLarge, solve_endgame
    from catchup_notation.solvers.estimate import variant_kind
    from catchup_notation.solvers.limits import ENDGAME_EMPTY, EndgameLimits  # adjudicate's only (start-up time)

    limits = limits or EndgameLimits()
    played = game.replay()
    engine = played.game if played is not None else None
    if not isinstance(engine, HexGame):
        return _unsolved("not a hex game")
    names = player_names(game.record.players, engine.variant)  # `Ann (White)`, as the verdicts name them
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
    line = tuple(turn_report(turn, game.cell_name, game.turn_text(turn)) for turn in solved.principal_line)
    outcome = "a draw" if solved.draw or solved.winner is None else f"{names[solved.winner - 1]} wins"
    words = " / ".join(turn.text for turn in line) or "none"
    mover = names[(engine.to_move or 1) - 1]  # the game is on: solved above only when unfinished
    explanation = f"with perfect play {outcome} ({solved.empty} empty cells; {mover} to move, line: {words})"
    return EndgameReport(True, solved.winner, solved.draw, line, solved.nodes, round(solved.seconds, 3), explanation)


def _unsolved(why: str) -> EndgameReport:
    return EndgameReport(False, None, False, (), 0, 0.0, f"endgame not solved: {why}")


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


#: How many warnings of one code a record's text report shows; the others of that code are one
#: line, `and N more like it` (a record can repeat one warning thousands of times). The JSON and
#: CSV forms keep every warning.
SHOWN_PER_CODE = 3


def diagnostic_lines(
    source: str | None,
    index: int,
    warnings: tuple[WarningReport, ...],
    error: ErrorReport | None,
    caret: str | None = None,
) -> list[Line]:
    """Warnings (`file:line:col: warning[code]: message`) and the error, in the order of their
    place in the file; `caret` is the error's full text where it has one (with its line and caret).
    Past SHOWN_PER_CODE warnings of one code, one line counts the rest, at the first one's place."""
    placed: list[tuple[tuple[int, int], Line]] = []
    for w, more in capped(warnings):
        line = warning_line(source, index, w) if not more else more_line(source, index, w, more)
        placed.append(((w.line or 0, w.column or 0), line))
    if error is not None:
        line = ("error", caret) if caret else error_line(source, index, error)
        placed.append(((error.line or 0, error.column or 0), line))
    placed.sort(key=lambda item: item[0])  # stable: the error after warnings at its place
    return [line for _, line in placed]


def capped(warnings: Iterable[WarningReport]) -> list[tuple[WarningReport, int]]:
    """The warnings a text report shows, each with 0; past SHOWN_PER_CODE of one code, the first
    of the rest with how many of that code are not shown."""
    warnings = list(warnings)
    total = Counter(w.code for w in warnings)
    seen: Counter[str] = Counter()
    out = []
    for w in warnings:
        seen[w.code] += 1
        if seen[w.code] <= SHOWN_PER_CODE:
            out.append((w, 0))
        elif seen[w.code] == SHOWN_PER_CODE + 1:
            out.append((w, total[w.code] - SHOWN_PER_CODE))
    return out


def more_line(source: str | None, index: int, warning: WarningReport, more: int) -> Line:
    """`file:line:col: warning[code]: and N more like it` (the first not shown, and its count)."""
    where = place(source, index, line=warning.line, column=warning.column)
    return ("warning", f"{where}: warning[{warning.code}]: and {more} more like it")


def warning_line(source: str | None, index: int, warning: WarningReport) -> Line:
    """`file:line:col: warning[code]: message`."""
    where = place(source, index, line=warning.line, column=warning.column)
    return ("warning", f"{where}: warning[{warning.code}]: {warning.message}")


def error_line(source: str | None, index: int, error: ErrorReport | None) -> Line:
    """`file:line:col: error[code]: message` (rule messages already name the turn and player)."""
    assert error is not None
    return (
        "error",
        f"{place(source, index, line=error.line, column=error.column)}: error[{error.code}]: {error.message}",
    )


def schema_path(name: str) -> Path:
    """Where the published JSON Schema of a command's JSON output lives: `verify`,
    `adjudication` or `solve` (`record` is the record's own, see the json format)."""
    from catchup_notation.resources import data_dir

    return data_dir("grammars") / f"{name}.schema.json"
