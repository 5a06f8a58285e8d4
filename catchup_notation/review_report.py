"""What `catchup review` says of each record: the review of every turn (see
`catchup_notation.engine.review`) in the report shape every command shares (the fields of
`reports`, a `status`, then the review), as text lines, a JSON object and a flat CSV row; and the
record written back with the review in it (a comment on every turn, the best line as a variation).

    report = review_report(game, ReviewSettings(), engine)
    report.lines()          # the text report
    to_data(report)         # the JSON object (grammars/review.schema.json)
    reviewed_record(game, review)   # the record with the review's comments and best lines
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from catchup_notation.engine.review import Review, ReviewProgress, ReviewSettings, TurnReview, review_game
from catchup_notation.errors import CatchupError
from catchup_notation.model import OMIT, Annotations, Comment, Record, Turn, Variation
from catchup_notation.report_lines import COMMON_FIELDS
from catchup_notation.reports import (
    ErrorReport,
    Line,
    RecordReport,
    RowValue,
    TurnReport,
    _common_row,
    error_report,
    game_fields,
    reading_status,
    rule_error_report,
    turn_report,
    warning_reports,
)
from catchup_notation.rules.replay import player_names

if TYPE_CHECKING:
    from catchup_notation.engine.analysis import Value
    from catchup_notation.engine.review import Analyser
    from catchup_notation.game import Game


@attrs.frozen
class ValueReport:
    """A value as the report gives it: the chance of winning (a draw counts half) and its
    interval, or a proof (`proven` +1 win, 0 draw, -1 loss; the chance is then 1, 0.5 or 0)."""

    #: The chance of winning, 0 to 1.
    win: float
    #: The lower end of its 95% interval.
    low: float
    #: The upper end.
    high: float
    #: +1, 0 or -1 where proven, else None.
    proven: int | None


@attrs.frozen
class PositionEntry:
    """One position of the game: its value for the first player, and how it was found."""

    #: Turns played before it (0: the start).
    number: int
    #: The player to move (None once the game is over).
    to_move: int | None
    #: Empty cells.
    empty: int
    #: "solver" (proven), "engine" (estimated, or proven by the engine's own search), "end" (the
    #: game is over) or "none" (not valued).
    how: str
    #: The value for the first player (None: not valued).
    value: ValueReport | None
    #: The engine's playouts.
    playouts: int
    #: Seconds spent on it.
    seconds: float


@attrs.frozen
class TurnEntry:
    """One turn of the game and what it did to its mover's chances."""

    #: The turn's number, from 1.
    number: int
    #: Who played it (1 or 2).
    player: int
    #: Its cells, named as the record's notation names them (or the one `--labels` names).
    cells: tuple[str, ...]
    #: The value before it, for its mover.
    before: ValueReport | None
    #: The value after it, for its mover.
    after: ValueReport | None
    #: The best turn of the position before it.
    best: TurnReport | None
    #: A line of best play from the position before it.
    line: tuple[TurnReport, ...]
    #: Whether the turn played was the best.
    best_played: bool
    #: The chance of winning it gave away (0 to 1); None where a value is missing.
    loss: float | None
    #: "inaccuracy", "mistake", "blunder" or None.
    judgement: str | None
    #: The turn as the notation writes it (not in the JSON form).
    text: str = attrs.field(default="", metadata=OMIT)


@attrs.frozen
class PlayerSummary:
    """One player's turns counted by class, and their mean loss."""

    #: Inaccuracies.
    inaccuracies: int
    #: Mistakes.
    mistakes: int
    #: Blunders.
    blunders: int
    #: The mean loss of the player's valued turns (None: none was valued).
    mean_loss: float | None


@attrs.frozen
class SettingsReport:
    """How the review was made."""

    #: The engine's seconds per position (None: not limited by time).
    time: float | None
    #: The engine's playouts per position (None: not limited by playouts).
    playouts: int | None
    #: The engine's strength level (None: not set).
    level: int | None
    #: Positions with at most this many empty cells went to the exact solver.
    max_empty: int | None
    #: The solver's node budget per position.
    solver_nodes: int | None
    #: The losses from which a turn is an inaccuracy, a mistake, a blunder.
    thresholds: tuple[float, float, float]
    #: The engine's threads (None: no engine took part).
    threads: int | None
    #: The engine's seed (None: drawn from the system).
    seed: int | None


@attrs.frozen
class ReviewReport(RecordReport):
    """`catchup review`'s report on one record. `status` is reviewed, invalid (a broken rule, or
    rules the engine does not play) or unreadable: the words of the run's summary line."""

    #: The winner the record ends with (by the rules, a resignation), None for none or a draw.
    winner: int | None = None
    #: Whether the record ends in a draw.
    draw: bool = False
    #: The turn from which the result was proven at every position to the end (0: from the
    #: start); None where it never was.
    decided_at: int | None = None
    #: Whether the position before `decided_at` was beyond the solver's reach (decided then at
    #: the latest).
    decided_at_latest: bool = False
    #: The last turn that turned its mover's proven result into a worse proven one.
    losing_turn: int | None = None
    #: Each player's turns by class, and mean loss.
    summary: tuple[PlayerSummary, PlayerSummary] | None = None
    #: Every position's value for the first player, from the start.
    positions: tuple[PositionEntry, ...] = ()
    #: Every turn's review.
    reviewed_turns: tuple[TurnEntry, ...] = ()
    #: How the review was made.
    settings: SettingsReport | None = None
    #: Wall seconds the review took.
    seconds: float = 0.0
    #: The players' names as the text report gives them (not in the JSON form).
    names: tuple[str, str] = attrs.field(default=("player 1", "player 2"), metadata=OMIT)
    #: The variant's names of the players, for the table (not in the JSON form).
    sides: tuple[str, str] = attrs.field(default=("player 1", "player 2"), metadata=OMIT)

    def lines(self) -> list[Line]:
        """The text report: warnings and the error, or the review (a table of the turns, the
        decision, each player's classes, the settings)."""
        out = self._diagnostics()
        if self.error is not None:
            return out
        where = self._place()
        out.append(("ok", f"{where}: review of {self.names[0]} vs {self.names[1]}, {self.variant}, {self._ending()}"))
        out.extend(("plain", text) for text in _table(self))
        out.extend(("plain", "  " + text) for text in self.conclusions())
        return out

    def _ending(self) -> str:
        turns = f"{self.turns} turn{'s' if self.turns != 1 else ''}"
        if self.draw:
            return f"{turns}: a draw"
        if self.winner is None:
            return f"{turns}: unfinished"
        return f"{turns}: {self.names[self.winner - 1]} wins"

    def conclusions(self) -> list[str]:
        """The review's conclusions in words: the decision, the losing turn, each player's classes,
        how it was made."""
        out = []
        if self.decided_at is not None:
            what = "from the start" if self.decided_at == 0 else f"at turn {self.decided_at}"
            latest = " at the latest (the position before it is beyond the solver's reach)"
            out.append(f"decided {what}{latest if self.decided_at_latest else ''}: {self._forced()}")
        else:
            out.append("not decided within the solver's reach: no position to the end is proven for the result")
        if self.losing_turn is not None:
            entry = self.reviewed_turns[self.losing_turn - 1]
            best = f"; best was {entry.best.text}" if entry.best is not None else ""
            out.append(f"the losing turn: {self.losing_turn}, {self.names[entry.player - 1]} {entry.text}{best}")
        if self.summary is not None:
            out.append("; ".join(_summary_words(self.names[k], s) for k, s in enumerate(self.summary)))
        if self.settings is not None:
            out.append(_settings_words(self.settings, self.positions, self.seconds))
        return out

    def _forced(self) -> str:
        if self.draw:
            return "a draw with perfect play from there on"
        if self.winner is not None:
            return f"{self.names[self.winner - 1]} wins with perfect play from there on"
        last = self.positions[-1].value if self.positions else None
        if last is not None and last.proven is not None:
            winner = {1: 0, -1: 1}.get(last.proven)
            return "a draw" if winner is None else f"{self.names[winner]} wins with perfect play"
        return "proven"

    def to_row(self) -> dict[str, RowValue]:
        """The report as one flat row (the columns of `ROW_FIELDS`)."""
        row: dict[str, RowValue] = {
            **_common_row(self),
            "status": self.status,
            "winner": self.winner,
            "draw": self.draw if self.error is None else None,
            "decided_at": self.decided_at,
            "decided_at_latest": self.decided_at_latest if self.error is None else None,
            "losing_turn": self.losing_turn,
            "losing_player": self.reviewed_turns[self.losing_turn - 1].player if self.losing_turn else None,
        }
        for k in (1, 2):
            summary = self.summary[k - 1] if self.summary is not None else None
            row[f"inaccuracies_{k}"] = summary.inaccuracies if summary else None
            row[f"mistakes_{k}"] = summary.mistakes if summary else None
            row[f"blunders_{k}"] = summary.blunders if summary else None
            row[f"mean_loss_{k}"] = round(summary.mean_loss, 4) if summary and summary.mean_loss is not None else None
        row["classified"] = " ".join(f"{t.number}:{t.judgement}" for t in self.reviewed_turns if t.judgement)
        row["exact_positions"] = sum(1 for p in self.positions if p.value is not None and p.value.proven is not None)
        row["estimated_positions"] = sum(1 for p in self.positions if p.value is not None and p.value.proven is None)
        row["seconds"] = round(self.seconds, 2)
        return row


#: The columns of the review's table, in order (`ReviewReport.to_row()`'s keys).
REVIEW_FIELDS = (
    *COMMON_FIELDS,
    "status",
    "winner",
    "draw",
    "decided_at",
    "decided_at_latest",
    "losing_turn",
    "losing_player",
    "inaccuracies_1",
    "mistakes_1",
    "blunders_1",
    "mean_loss_1",
    "inaccuracies_2",
    "mistakes_2",
    "blunders_2",
    "mean_loss_2",
    "classified",
    "exact_positions",
    "estimated_positions",
    "seconds",
)


# ---------------------------------------------------------------------------------------------
# Building the report


def review_report(
    game: Game,
    settings: ReviewSettings,
    analyser: Analyser | None,
    *,
    threads: int | None = None,
    seed: int | None = None,
    progress: ReviewProgress | None = None,
) -> ReviewReport:
    """What `catchup review` says of one game: its review, or why there is none."""
    reviewed = review_of(game, settings, analyser, threads=threads, seed=seed, progress=progress)
    return report_of_review(game, reviewed)


def review_of(
    game: Game,
    settings: ReviewSettings,
    analyser: Analyser | None,
    *,
    threads: int | None = None,
    seed: int | None = None,
    progress: ReviewProgress | None = None,
) -> Review | CatchupError:
    """The review of a game, or the error that stops one (unreadable, a broken rule, not hex)."""
    if game.errors:
        return game.errors[0]
    variant = game.variant
    if variant is None or variant.family != "hex":
        return CatchupError(
            f"the engine reviews hex games; {variant} is a number-set game (catchup solve values it exactly)"
        )
    result = game.result()
    winner = result.winner if result.status in ("finished", "resigned", "timeout") else None
    try:
        return review_game(
            game.engine(0),  # type: ignore[arg-type]
            game.record.turns,
            analyser=analyser,
            settings=settings,
            winner=winner,
            draw=result.draw,
            progress=progress,
            threads=threads,
            seed=seed,
        )
    except CatchupError as exc:  # a variant the engine cannot search
        return exc


def report_of_review(game: Game, review: Review | CatchupError, labels: str | None = None) -> ReviewReport:
    """The report of a game from its review (or the error that stopped it), its cells named in
    notation `labels` (default: the record's own)."""
    common = _common(game)
    if isinstance(review, CatchupError):
        error = _error_of(game, review)
        status = reading_status(game.reading_error) if game.reading_error is not None else "invalid"
        return ReviewReport(
            **common,
            warnings=warning_reports(game.warnings, error),
            error=error,
            status=status,
            caret=str(game.reading_error) if game.reading_error is not None else None,
        )
    turns = tuple(_turn_entry(game, t, labels) for t in review.turns)
    return ReviewReport(
        **common,
        warnings=warning_reports(game.warnings),
        error=None,
        status="reviewed",
        winner=review.winner,
        draw=review.draw,
        decided_at=review.decided_at,
        decided_at_latest=review.decided_at_latest,
        losing_turn=review.losing_turn,
        summary=(_player_summary(review, 1), _player_summary(review, 2)),
        positions=tuple(_position_entry(p) for p in review.positions),
        reviewed_turns=turns,
        settings=_settings(review),
        seconds=round(review.seconds, 3),
    )


def _common(game: Game) -> dict[str, Any]:
    variant = game.variant
    readable = game.reading_error is None
    return {
        **game_fields(game),
        "variant": str(variant) if variant is not None and readable else None,
        "turns": len(game.record.turns) if readable else None,
        "names": player_names(game.record.players, variant) if variant is not None else ("player 1", "player 2"),
        "sides": variant.spec.players if variant is not None else ("player 1", "player 2"),
    }


def _error_of(game: Game, error: CatchupError) -> ErrorReport:
    if game.errors and error is game.errors[0]:
        return error_report(game, error)
    played = game.replay()
    if played is not None and played.error is not None:
        return rule_error_report(game, played.error)
    return ErrorReport("variant", None, None, (), None, None, error.message)


def value_report(value: Value | None) -> ValueReport | None:
    """A value as the report gives it (rounded to what the search can tell)."""
    if value is None:
        return None
    return ValueReport(round(value.win, 4), round(value.low, 4), round(value.high, 4), value.proven)


def _position_entry(position: object) -> PositionEntry:
    from catchup_notation.engine.review import PositionReview

    assert isinstance(position, PositionReview)
    return PositionEntry(
        position.number,
        position.to_move,
        position.empty,
        position.how,
        value_report(position.value),
        position.playouts,
        round(position.seconds, 3),
    )


def _turn_entry(game: Game, reviewed: TurnReview, labels: str | None = None) -> TurnEntry:
    namer = game.cell_names(labels)

    def named(turn: Turn) -> TurnReport:
        return turn_report(turn, namer, game.turn_text(turn, labels))

    return TurnEntry(
        number=reviewed.number,
        player=reviewed.player,
        cells=tuple(namer(cell) for cell in reviewed.turn.cells),
        before=value_report(reviewed.before),
        after=value_report(reviewed.after),
        best=named(reviewed.best) if reviewed.best is not None else None,
        line=tuple(named(t) for t in reviewed.line),
        best_played=reviewed.best_played,
        loss=None if reviewed.loss is None else round(reviewed.loss, 4),
        judgement=reviewed.judgement,
        text=game.turn_text(reviewed.turn, labels),
    )


def _player_summary(review: Review, player: int) -> PlayerSummary:
    counts = review.counts(player)
    mean = review.mean_loss(player)
    return PlayerSummary(
        counts["inaccuracy"], counts["mistake"], counts["blunder"], None if mean is None else round(mean, 4)
    )


def _settings(review: Review) -> SettingsReport:
    from catchup_notation.engine.review import solver_reach
    from catchup_notation.rules.registry import parse_variant

    settings = review.settings
    limit, thresholds = settings.limit, settings.thresholds
    max_empty, nodes = solver_reach(parse_variant(review.variant).new_game(), settings)  # type: ignore[arg-type]
    return SettingsReport(
        time=limit.time,
        playouts=limit.playouts,
        level=limit.level,
        max_empty=max_empty,
        solver_nodes=nodes,
        thresholds=(thresholds.inaccuracy, thresholds.mistake, thresholds.blunder),
        threads=review.threads,
        seed=review.seed,
    )


# ---------------------------------------------------------------------------------------------
# Text


def value_words(value: ValueReport | None, interval: bool = False) -> str:
    """`win`, `loss`, `draw` for a proof, `62%` (`62% (57-66)` with `interval`) for an estimate,
    `-` for none."""
    if value is None:
        return "-"
    if value.proven is not None:
        return {1: "win", 0: "draw", -1: "loss"}[value.proven]
    if not interval:
        return f"{value.win:.0%}"
    return f"{value.win:.0%} ({value.low * 100:.0f}-{value.high * 100:.0f})"


def _table(report: ReviewReport) -> list[str]:
    rows = [("turn", "player", "played", "before", "after", "loss", "class", "best (line)")]
    for entry in report.reviewed_turns:
        best = ""
        if entry.best is not None and not entry.best_played:
            line = " / ".join(t.text for t in entry.line[:4]) + (" / ..." if len(entry.line) > 4 else "")
            best = line or entry.best.text
        rows.append(
            (
                str(entry.number),
                report.sides[entry.player - 1],
                entry.text,
                value_words(entry.before, interval=True),
                value_words(entry.after, interval=True),
                "-" if entry.loss is None else f"{entry.loss:.2f}",
                entry.judgement or "",
                best,
            )
        )
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]) - 1)]
    return [
        "  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + "  " + row[-1] for row in rows
    ]


def _summary_words(name: str, summary: PlayerSummary) -> str:
    counts = (
        f"{summary.blunders} blunder{'s' if summary.blunders != 1 else ''}, "
        f"{summary.mistakes} mistake{'s' if summary.mistakes != 1 else ''}, "
        f"{summary.inaccuracies} inaccurac{'ies' if summary.inaccuracies != 1 else 'y'}"
    )
    mean = "" if summary.mean_loss is None else f", mean loss {summary.mean_loss:.3f}"
    return f"{name}: {counts}{mean}"


def limit_words(time: float | None, playouts: int | None, level: int | None) -> str:
    """An engine search's limit in words: `1 s`, `2,000 playouts`, `level 4`, joined."""
    said = []
    if time is not None:
        said.append(f"{time:g} s")
    if playouts is not None:
        said.append(f"{playouts:,} playouts")
    if level is not None:
        said.append(f"level {level}")
    return ", ".join(said)


def threads_words(threads: int | None) -> str:
    """`, 2 threads` (nothing for None)."""
    return f", {threads} thread{'s' if threads != 1 else ''}" if threads else ""


def _settings_words(settings: SettingsReport, positions: tuple[PositionEntry, ...], seconds: float) -> str:
    proven = sum(1 for p in positions if p.how == "solver")
    estimated = sum(1 for p in positions if p.how == "engine")
    unvalued = sum(1 for p in positions if p.how == "none")
    parts = [
        f"{proven} position{'s' if proven != 1 else ''} proven by the solver (at most {settings.max_empty} empty cells)"
    ]
    if estimated:
        each = limit_words(settings.time, settings.playouts, settings.level)
        parts.append(f"{estimated} estimated by the engine ({each} each{threads_words(settings.threads)})")
    if unvalued:
        parts.append(f"{unvalued} not valued (no engine)")
    return f"{'; '.join(parts)}; {seconds:.1f} s"


# ---------------------------------------------------------------------------------------------
# The record written back


def reviewed_record(game: Game, review: Review, report: ReviewReport) -> Record:
    """The game's record with its review (`report`, made of `review`) in it: a comment on the game
    (the decision, each player's classes, the settings), a comment on every turn (the values
    before and after for its mover, the class and loss, the best turn), and the best line as a
    variation wherever the turn played was not the best. The record's own comments and
    variations are kept, before the review's."""
    record = game.record
    own = record.annotations or Annotations()
    comments = [*own.comments, Comment(0, "\n".join(["Review:", *report.conclusions()]))]
    variations = list(own.variations)
    for entry, reviewed in zip(report.reviewed_turns, review.turns, strict=True):
        comments.append(Comment(entry.number, _turn_comment(report, entry)))
        if not reviewed.best_played and reviewed.line:
            first = f"best line for {report.names[entry.player - 1]}: {value_words(entry.before, interval=True)}"
            texts = (first,) + ("",) * (len(reviewed.line) - 1)
            variations.append(Variation(entry.number - 1, reviewed.line, texts))
    comments.sort(key=lambda c: c.turn)  # stable: the record's own first
    variations.sort(key=lambda v: v.after)
    return attrs.evolve(record, annotations=Annotations(tuple(comments), tuple(variations)))


def _turn_comment(report: ReviewReport, entry: TurnEntry) -> str:
    name = report.names[entry.player - 1]
    words = f"{name}: {value_words(entry.before, True)} -> {value_words(entry.after, True)}"
    if entry.judgement:
        words += f"; {entry.judgement} (loss {entry.loss:.2f})"
    elif entry.loss is not None and entry.loss > 0:
        words += f"; loss {entry.loss:.2f}"
    if entry.best is not None and not entry.best_played:
        words += f"; best {entry.best.text}"
    elif entry.best_played:
        words += "; the best turn"
    return words
