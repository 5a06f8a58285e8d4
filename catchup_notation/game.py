"""`Game` and `Position`: a record with everything the library knows of it, and a position of it.

    import catchup_notation as cn
    for game in cn.read("archive.sgf"):
        print(game, game.result().explanation)
        final = game.position(-1)      # prints as a text board; draws itself in Jupyter

A `Game` is what reading yields for every record of a file, readable or not: a syntax error is a
game with that error in `errors` and no turns, so one loop handles everything. What needs the
rules (the verdict, the result, the positions) is worked out when first asked, once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from catchup_notation.board import Board, Cell
from catchup_notation.errors import CatchupError, IllegalTurn, NoSuchPosition, NotationError, VariantError, WriteError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.model import Allowance, GameState, HexState, Location, Record, Result, RuleError, Turn
from catchup_notation.rules.adjudicate import result_of
from catchup_notation.rules.hexgame import stones_text, stones_words
from catchup_notation.rules.inference import accepting_variants, choose_variant
from catchup_notation.rules.registry import Variant, parse_variant
from catchup_notation.rules.replay import Replay, legal, player_names, replay, start, steps

if TYPE_CHECKING:
    import catchup_notation.rules.engine  # annotations spelt in full: `Engine` alone names two classes in the manual
    from catchup_notation.engine.analysis import Limit
    from catchup_notation.engine.review import Analyser, Review, ReviewProgress, ReviewSettings
    from catchup_notation.pictures.svg import SvgBoard


@attrs.frozen
class GameSource:
    """Where a record came from: its file (None for text given directly), its 0-based index among
    the file's records, and the line it starts on."""

    #: The file the record was read from; None for text given directly.
    file: str | None
    #: The record's 0-based place among the file's records.
    index: int = 0
    #: The line the record starts on, where known.
    line: int | None = None

    def __str__(self) -> str:
        return f"{_short_name(self.file)}#{self.index}"


def _short_name(file: str | None) -> str:
    """A file's name without its folders; a zip archive's member keeps its path inside the archive
    and the archive's name (`games.zip:club/2024.sgf`), which say where it is."""
    if not file:
        return "<text>"
    archive_end = file.lower().find(".zip:") + len(".zip")
    if archive_end >= len(".zip"):
        return os.path.basename(file[:archive_end]) + file[archive_end:]
    return os.path.basename(file)


@attrs.frozen
class Verification:
    """The verdict of `Game.verify()`: is every turn legal under `variant`?

    `error` is the first broken rule (a `RuleError`: turn, player, cells, stable code, message);
    `unreadable` the reading or variant error when there was no record to check. `accepted_by`
    lists every variant that accepts the record when the game was read with variant "auto".
    """

    #: Whether every turn is legal under `variant`.
    valid: bool
    #: The variant string the record was checked under (None when it could not be read).
    variant: str | None
    #: How many turns the record has.
    turns: int
    #: The first broken rule, or None.
    error: RuleError | None = None
    #: The reading or variant error when there was no record to check.
    unreadable: CatchupError | None = attrs.field(default=None, eq=False)
    #: With variant "auto": every variant that accepts the record; else None.
    accepted_by: tuple[str, ...] | None = None


@attrs.frozen
class Export:
    """A record written in a notation: the `text`, and `warnings` naming what the notation could
    not carry (player names, headers, ...; empty when nothing was lost). `str(export)` is the text."""

    #: The notation it is written in.
    format: str
    #: The record's text in that notation.
    text: str
    #: What the notation could not carry (empty when nothing was lost).
    warnings: tuple[NotationWarning, ...] = ()

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        lost = f", lost: {', '.join(sorted({w.code for w in self.warnings}))}" if self.warnings else ""
        return f"<Export {self.format}: {len(self.text)} characters{lost}>"

    def lossy_message(self) -> str:
        """What a strict export says when the notation would not carry everything."""
        said = "; ".join(f"{w.message} [{w.code}]" for w in self.warnings)
        return f"{self.format} cannot carry all of the record: {said}"


@attrs.frozen
class Position:
    """The position after `number` turns (0: the empty board), the turn that made it, and what
    the player to move may do and why (`allowance`).

    `str(position)` is the text board with its caption; `position.svg()` the SVG picture, which
    Jupyter shows inline.
    """

    #: Turns played to reach it (0: the start).
    number: int
    #: The position itself: stones, groups, scores, who is to move (`HexState` or `NumbersState`).
    state: GameState
    #: The turn that made it (None at the start).
    turn: Turn | None
    #: The variant it is played under.
    variant: Variant
    #: The players' names, for captions and messages.
    names: tuple[str, str]
    #: The turn that made it as the record's notation writes it (`E5 F6`, `pass`, `<3,4>`).
    turn_text: str | None = None
    #: How the pictures name the cells (the record's notation, or the one asked for): the row
    #: letters and numbers at the board's edges. None: Little Golem's.
    cell_names: Callable[[Cell], str] | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def to_move(self) -> int | None:
        """The player to move (1 or 2), None once the game is over."""
        return self.state.to_move

    @property
    def over(self) -> bool:
        """Whether the game is over at this position."""
        return self.state.over

    @property
    def scores(self) -> tuple[int, int]:
        """Both players' scores (what the variant compares)."""
        return self.state.scores

    @property
    def allowance(self) -> Allowance | None:
        """Hex games: the stone counts the player to move may place, and why (None once over)."""
        return self.state.allowance if isinstance(self.state, HexState) else None

    @property
    def last_cells(self) -> tuple[Cell, ...]:
        """The cells of the turn that made this position (none at the start)."""
        return self.turn.cells if self.turn is not None else ()

    def svg(self) -> SvgBoard:
        """The position as an SVG picture (hex games)."""
        from catchup_notation.pictures.svg import state_svg

        if not isinstance(self.state, HexState):
            raise WriteError("number-set Catch-Up has no board to draw", code="no-board")
        return state_svg(self.state, last_turn_cells=self.last_cells, names=self.names, cell_names=self.cell_names)

    def _repr_svg_(self) -> str | None:
        return self.svg() if isinstance(self.state, HexState) else None

    def __str__(self) -> str:
        from catchup_notation.pictures.text import position_text

        return position_text(self.state, last_turn_cells=self.last_cells, names=self.names, cell_names=self.cell_names)

    def __repr__(self) -> str:
        state = self.state
        if state.over:
            what = "game over"
        elif isinstance(state, HexState) and state.allowance is not None and state.to_move is not None:
            what = f"{self.names[state.to_move - 1]} to move ({stones_words(state.allowance.counts)})"
        else:
            what = f"{self.names[(state.to_move or 1) - 1]} to move"
        made = f" ({self.turn_text})" if self.turn_text else ""
        return f"<Position {self.variant} after turn {self.number}{made}: {what}>"


def cell_namer(notation: str, board: Board) -> Callable[[Cell], str]:
    """A cell as `notation` (a format name or alias) names it on `board`, Little Golem's name
    where it has none (a cell past what the notation can say)."""
    from catchup_notation.formats import get

    fmt = get(notation)

    def name(cell: Cell) -> str:
        try:
            return fmt.cell_name(cell, board)
        except CatchupError:
            return board.label(cell)

    return name


class Game:
    """A record and what the library knows of it: its source, format and reading warnings, the
    variant it is judged under, its verdict, positions and result.

    Built by `catchup_notation.read` and `read_text`, or from a `Record` with `Game(record)`.
    `variant` chooses the rules to judge it by: None for the record's own, a variant string or
    `Variant`, or "auto" for whichever accepts it.
    """

    def __init__(
        self,
        record: Record | None,
        *,
        variant: str | Variant | None = None,
        format: str | None = None,
        source: GameSource | None = None,
        error: NotationError | None = None,
        warnings: tuple[NotationWarning, ...] = (),
    ) -> None:
        if record is None and error is None:
            raise VariantError("a Game needs a record or the error that stopped reading it")
        self.source = source or GameSource(record.source if record else None, record.index if record else 0)
        if record is None:  # unreadable: an empty record, under the rules it was to be read by
            fallback = variant if isinstance(variant, str) and variant.strip().lower() != "auto" else "catchup"
            record = Record(
                str(variant) if isinstance(variant, Variant) else fallback,
                source=self.source.file,
                index=self.source.index,
            )
        self._record = record
        self._choice = variant
        self.format = format
        self.reading_error = error
        #: What reading the record said of it (normalised, doubtful or dropped things).
        self.reading_warnings: tuple[NotationWarning, ...] = warnings
        self._claims: tuple[NotationWarning, ...] | None = None
        self._judged: tuple[Variant, list[str] | None] | VariantError | None = None
        self._replay: Replay | None = None

    # -- the record ----------------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """What the file said (an empty record with no turns when it could not be read)."""
        return self._record

    @property
    def readable(self) -> bool:
        """Whether the record could be read (else `reading_error` says why)."""
        return self.reading_error is None

    @property
    def players(self) -> tuple[str, str]:
        """The players' names: the record's own where it has them, else the variant's."""
        defaults = self.variant.spec.players if self.variant is not None else ("player 1", "player 2")
        given = self.record.players
        return (given[0] or defaults[0], given[1] or defaults[1])

    @property
    def warnings(self) -> tuple[NotationWarning, ...]:
        """The reading warnings, then one `stated-result-differs` for each result the record states
        (a post's "X wins", "Os: size 23, 5") that the replay contradicts."""
        if self._claims is None:
            self._claims = self._checked_claims()
        return self.reading_warnings + self._claims

    def _checked_claims(self) -> tuple[NotationWarning, ...]:
        from catchup_notation.rules.claims import STATED

        record = self._record
        if not self.readable or STATED not in record.headers:  # most records: nothing stated, nothing to check
            return ()
        from catchup_notation.rules.claims import CODE, Figures, check_claims, groups_of, placed_stones

        variant = self.variant
        if variant is None or variant.family != "hex":
            return ()
        played = self.replay()
        if played is None:
            return ()
        if played.error is None:
            result = self.result()
            figures = Figures(result.groups, result, "the replay ends with")
        else:  # no replay to the end: the position the post drew, else the one its turns make
            broken = f"the record breaks a rule at turn {played.error.turn} ({played.error.code});"
            stones = self._diagram_stones()
            where = f"{broken} its diagram shows"
            if stones is None:
                stones = placed_stones(record, variant.board, variant.start_stones())
                where = f"{broken} its turns, legal or not, end with"
            figures = Figures(groups_of(stones, variant.board), None, where)
        names = player_names(record.players, variant)
        return tuple(
            NotationWarning(
                CODE, message, line=None if at is None else at.line, column=None if at is None else at.column
            )
            for message, at in check_claims(record, variant, figures, names)
        )

    def _diagram_stones(self) -> dict[Cell, int] | None:
        """The stones of the diagram a post drew of the record (`headers["diagram"]`), if any."""
        drawn = self._record.header_text("diagram")
        if drawn is None:
            return None
        from catchup_notation.formats.rga import read_diagram

        try:
            return dict(read_diagram(drawn, self._record.variant).stones)
        except CatchupError:
            return None

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The record's turns, as written."""
        return self.record.turns

    # -- the rules it is judged by ---------------------------------------------------------------

    def _judge(self) -> tuple[Variant, list[str] | None] | VariantError:
        if self._judged is None:
            try:
                self._judged = choose_variant(self.record, self._choice)
            except VariantError as exc:
                self._judged = exc
        return self._judged

    @property
    def choice(self) -> str | Variant | None:
        """The variant asked for: None (the record's own), a variant, or "auto"."""
        return self._choice

    @property
    def variant(self) -> Variant | None:
        """The variant the game is judged by (None when the one asked for cannot apply to it)."""
        judged = self._judge()
        return None if isinstance(judged, VariantError) else judged[0]

    def with_variant(self, variant: str | Variant | None) -> Game:
        """The same record judged by other rules."""
        return Game(
            self._record if self.readable else None,
            variant=variant,
            format=self.format,
            source=self.source,
            error=self.reading_error,
            warnings=self.reading_warnings,
        )

    def cell_name(self, cell: Cell) -> str:
        """A cell as the record's own notation names it (Little Golem style where it cannot)."""
        variant = self.variant
        if variant is None or variant.family != "hex":
            return f"{cell}"
        board = variant.board
        if self.format is not None:
            from catchup_notation.formats import get

            try:
                return get(self.format).cell_name(cell, board)
            except CatchupError:
                pass
        return board.label(cell)

    def cell_names(self, labels: str | None = None) -> Callable[[Cell], str]:
        """How cells are named: in notation `labels` (a format name, `lg`, `abstractplay`...), by
        default the record's own (`cell_name`); Little Golem's where that notation has no name."""
        variant = self.variant
        if labels is None or variant is None or variant.family != "hex":
            return self.cell_name
        return cell_namer(labels, variant.board)

    def label_notation(self, labels: str | None = None) -> str:
        """The notation whose names label this game's pictures: `labels`, else the record's own
        (Little Golem's for a record of none)."""
        from catchup_notation.formats import canonical_name

        return canonical_name(labels or self.format or "lg")

    def replay(self) -> Replay | None:
        """The replay under `variant` (None when there is no record or no variant to replay)."""
        if self._replay is None and self.readable and self.variant is not None:
            self._replay = replay(self._record, self.variant, cell_namer=self.cell_name)
        return self._replay

    @property
    def errors(self) -> tuple[CatchupError, ...]:
        """Everything wrong with the record: the reading error, a variant that cannot apply, or the
        first broken rule (an `IllegalTurn` located at its turn)."""
        if self.reading_error is not None:
            return (self.reading_error,)
        judged = self._judge()
        if isinstance(judged, VariantError):
            return (judged,)
        played = self.replay()
        if played is not None and played.error is not None:
            return (self._illegal(played.error),)
        return ()

    def _illegal(self, error: RuleError) -> IllegalTurn:
        return IllegalTurn(error, source=self.source.file, at=self.turn_location(error.turn))

    def turn_text(self, turn: Turn, labels: str | None = None) -> str:
        """A turn as the record's notation (or notation `labels`) names its cells (`E5 F6`, `E5=w`
        for a stone of the other colour, `pass`; `<3,4>` for numbers). A bare `Turn` has no board,
        so its repr keeps axial pairs; this says it on the record's board."""
        variant = self.variant
        if turn.numbers or variant is None or variant.family != "hex":
            return "<" + ",".join(map(str, turn.numbers)) + ">" if turn.numbers or not turn.cells else repr(turn)
        return stones_text(turn, self.cell_names(labels), variant)

    def turn_location(self, turn: int) -> Location | None:
        """Where turn `turn` (1-based) was written, else where the record starts."""
        record = self.record
        if 1 <= turn <= len(record.turns) and record.turns[turn - 1].at is not None:
            return record.turns[turn - 1].at
        return record.at

    # -- verdicts --------------------------------------------------------------------------------

    def verify(self) -> Verification:
        """Is every turn legal under the variant? The first broken rule if not."""
        turns = self.record.turn_count()
        if self.reading_error is not None:
            return Verification(False, None, turns, unreadable=self.reading_error)
        judged = self._judge()
        if isinstance(judged, VariantError):
            return Verification(False, None, turns, unreadable=judged)
        variant, accepted = judged
        error = self._broken_rule(variant)
        return Verification(
            error is None, str(variant), turns, error, None, tuple(accepted) if accepted is not None else None
        )

    def _broken_rule(self, variant: Variant) -> RuleError | None:
        """The first broken rule under `variant`. A record the compiled core finds legal needs no
        replay (nor the engine a replay fills, made only when a position or result is asked)."""
        if self._replay is None and legal(self._record, variant):
            return None
        played = self.replay()
        return played.error if played is not None else None

    def result(self) -> Result:
        """The adjudication: finished (winner, deciding position), resigned, unfinished (the
        standing) or invalid (a broken rule, an unreadable record, a variant that cannot apply)."""
        played = self.replay()
        if played is None:
            error = self.errors[0]
            reason = "unreadable" if self.reading_error is not None else "variant"
            return Result("invalid", None, False, reason, (0, 0), explanation=error.message)
        return result_of(played)

    def accepting_variants(self) -> tuple[str, ...]:
        """Every variant (at the record's size or number set) under which all its turns are legal,
        as `verify().accepted_by` lists them with variant "auto"."""
        return tuple(accepting_variants(self._record)) if self.readable else ()

    # -- positions -------------------------------------------------------------------------------

    def positions(self, labels: str | None = None) -> Iterator[Position]:
        """Every position from the empty board to the last legal one; their turns and pictures
        name cells in notation `labels` (default: the record's own, see `cell_names`)."""
        variant = self.variant
        if not self.readable or variant is None:
            return
        names = player_names(self.record.players, variant)
        namer = self.cell_names(labels)
        engine = start(self._record, variant, cell_namer=namer)
        for number, (turn, state) in enumerate(steps(engine, self._record.turns)):
            said = engine.turn_text(turn) if turn is not None else None
            yield Position(number, state, turn, variant, names, said, cell_names=namer)

    def position(self, n: int = -1, labels: str | None = None) -> Position:
        """The position after turn `n` (0: the start; negative counts from the last legal one),
        its cells named in notation `labels` (default: the record's own). Raises `IllegalTurn` for
        a position past the first broken rule, and `NoSuchPosition` (an `IndexError`) for a turn
        the record does not have."""
        turns = len(self.record.turns)
        wanted = turns + 1 + n if n < 0 else n
        if not 0 <= wanted <= turns:
            raise NoSuchPosition(f"the record has {turns} turns, so there is no position {n} (0 to {turns}, or -1)")
        last = None
        for position in self.positions(labels):
            last = position
            if position.number == wanted:
                return position
        if n < 0 and last is not None:
            return last
        problem = self.errors[0] if self.errors else VariantError("the record has no positions")
        if isinstance(problem, IllegalTurn):
            raise problem
        raise VariantError(f"position {n} cannot be reached: {problem.message}")

    def engine(self, n: int | None = None) -> catchup_notation.rules.engine.Engine:
        """A rules engine after turn `n` (default: every turn), to play on from or to search.
        Raises `IllegalTurn` when a turn before it breaks the rules, `NoSuchPosition` (an
        `IndexError`) for a turn the record does not have, `VariantError` for a variant that
        cannot apply."""
        variant = self.variant
        if variant is None or not self.readable:
            raise self.errors[0] if isinstance(self.errors[0], VariantError) else VariantError(self.errors[0].message)
        turns = self._record.turns
        stop = len(turns) if n is None else n
        if not 0 <= stop <= len(turns):
            raise NoSuchPosition(f"the record has {len(turns)} turns, so there is no turn {n}")
        engine = start(self._record, variant, cell_namer=self.cell_name)
        for turn in turns[:stop]:
            try:
                engine.play(turn)
            except IllegalTurn as exc:
                raise self._illegal(exc.error) from None
        return engine

    # -- review ----------------------------------------------------------------------------------

    def review(
        self,
        limit: Limit | None = None,
        *,
        engine: Analyser | None = None,
        settings: ReviewSettings | None = None,
        progress: ReviewProgress | None = None,
    ) -> Review:
        """Every position's value (proven where the exact solver reaches, else the engine's
        estimate within `limit`, 0.8 s a search by default), every turn's loss and class, where the
        game was decided and the losing turn (see `catchup_notation.engine.review`). `engine`: an
        engine to use (default: one made for the call, on every core). `review.series()` is the
        first player's chance turn by turn, `review.rows()` a table, and
        `catchup_notation.render.chart.win_chart(review)` a picture. Raises the record's error
        when it has one, `VariantError` for a number-set game."""
        from catchup_notation.engine.review import ReviewSettings, review_game

        if self.errors:
            raise self.errors[0]
        variant = self.variant
        if variant is None or variant.family != "hex":
            raise VariantError(f"the engine reviews hex games, not {variant}")
        chosen = settings or ReviewSettings()
        if limit is not None:
            chosen = attrs.evolve(chosen, limit=limit)
        result = self.result()
        winner = result.winner if result.status in ("finished", "resigned", "timeout") else None
        options = {"settings": chosen, "winner": winner, "draw": result.draw, "progress": progress}
        if engine is not None:
            return review_game(self.engine(0), self._record.turns, analyser=engine, **options)  # type: ignore[arg-type]
        from catchup_notation.engine import Engine

        with Engine() as made:
            return review_game(self.engine(0), self._record.turns, analyser=made, threads=made.threads, **options)  # type: ignore[arg-type]

    # -- writing ---------------------------------------------------------------------------------

    def export(self, format: str, *, strict: bool = False) -> Export:
        """The record in `format` (a format name or alias): an `Export` holding the text and the
        warnings of what the notation could not carry (`str(export)` is the text). Raises
        `WriteError` for what the format cannot hold at all, and with `strict=True` for anything
        it would not carry."""
        from catchup_notation.formats import canonical_name, write_text

        if not self.readable:
            raise WriteError("an unreadable record cannot be written", code="unreadable")
        name = canonical_name(format)
        text, warnings = write_text([self._record], name)
        exported = Export(name, text, tuple(warnings))
        if strict and warnings:
            raise WriteError(exported.lossy_message(), code="lossy")
        return exported

    def write(self, path: str | os.PathLike[str], format: str | None = None, *, strict: bool = False) -> Export:
        """Write the record to `path` (atomically) in `format`, by default the one its name's ending
        says (`game.sgf.gz` is Little Golem, compressed). Returns the `Export` written; `strict` as
        for `export`."""
        from catchup_notation.formats import detect_output
        from catchup_notation.writing import write_file

        exported = self.export(format or detect_output(path), strict=strict)
        write_file(Path(path), exported.text)
        return exported

    # -- presentation ----------------------------------------------------------------------------

    def summary(self) -> str:
        """'White wins', 'draw', 'unfinished', 'invalid at turn 6 (stone-count)', 'unreadable'."""
        if self.reading_error is not None:
            return f"unreadable ({self.reading_error.code})"
        result = self.result()
        if result.status == "invalid":
            played = self.replay()
            error = played.error if played is not None else None
            return f"invalid at turn {error.turn} ({error.code})" if error else "invalid (variant)"
        if result.status in ("unfinished", "abandoned"):
            return result.status
        if result.draw or result.winner is None:
            return "draw"
        variant = self.variant
        colours = variant.spec.players if variant is not None else ("player 1", "player 2")
        how = {"resigned": " by resignation", "timeout": " on time"}.get(result.status, "")
        return f"{colours[result.winner - 1]} wins{how}"

    def _repr_html_(self) -> str:
        """The game's viewer inline in Jupyter (the page of `catchup view`, in a frame)."""
        from catchup_notation.render.html import notebook_html

        return notebook_html(self)

    def __repr__(self) -> str:
        where = f"{self.format}:{self.source}" if self.format else str(self.source)
        if self.reading_error is not None:
            at = f" at {self.reading_error.line}:{self.reading_error.column}" if self.reading_error.line else ""
            return f"<Game {where} unreadable: {self.reading_error.code}{at}>"
        given = self.record.players
        who = f" {given[0] or '?'} vs {given[1] or '?'}," if any(given) else ""
        variant = self.variant
        rules = str(variant) if variant is not None else self.record.variant
        turns = len(self.record.turns)
        return f"<Game {where}{who} {rules}, {turns} turn{'s' if turns != 1 else ''}: {self.summary()}>"


def new_game(variant: str | Variant = "catchup") -> catchup_notation.rules.engine.Engine:
    """A rules engine at the start of a game of `variant` (a variant string such as
    `catchup(size=7)`): `play` turns, ask for its `state()`, `copy()` it for search."""
    chosen = variant if isinstance(variant, Variant) else parse_variant(variant)
    return chosen.new_game()
