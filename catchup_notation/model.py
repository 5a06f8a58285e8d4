"""The attrs data model: what a file said (Record, Turn), what replay found (GameState, RuleError),
and what adjudication decided (Result).

Everything here is plain, frozen data with no behaviour beyond small conveniences; the rules live
in `catchup_notation.rules`, the syntax in `catchup_notation.formats`. Players are numbered 1 (the
first mover) and 2; turns are numbered from 1. Hex cells are axial (q, r) pairs (see `board`).

Source positions (`Location`) are carried for diagnostics but are not part of a value's identity:
two turns that place the same cells are equal wherever they were written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from catchup_notation.board import Cell
from catchup_notation.errors import Location as Location
from catchup_notation.errors import RecordError
from catchup_notation.errors import RuleError as RuleError

#: Field metadata for the JSON form (see `serialization`): a field left out of it, always or when
#: it has its default value.
JSON = "json"
OMIT = {JSON: "omit"}
OMIT_IF_DEFAULT = {JSON: "omit-if-default"}


@attrs.frozen
class Turn:
    """One turn as recorded.

    Hex games: `cells` holds the stones placed (order irrelevant; empty = a pass). `colours` holds
    each stone's colour (1 = the first player's colour, 2 = the second's), parallel to `cells`, for
    the variants where a player may place a stone of either colour (too, product); it is empty when
    every stone is the mover's own colour, which is how the constructor normalises it, so a turn has
    one spelling however it was written.
    Number-set games: `numbers` holds the numbers taken, in the order taken (order decides legality).
    """

    #: Who played the turn: 1 (the first player) or 2.
    player: int
    #: Hex games: the cells of the stones placed, as axial `(q, r)` pairs; empty for a pass.
    cells: tuple[Cell, ...] = ()
    #: Number-set games: the numbers taken, in the order taken.
    numbers: tuple[int, ...] = ()
    #: Each stone's colour (1 or 2), parallel to `cells`, only where a stone is not its mover's own colour (too,
    #: product); else empty.
    colours: tuple[int, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)
    #: Where the turn was written in its file (not part of equality or of the JSON form).
    at: Location | None = attrs.field(default=None, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.player not in (1, 2):
            raise RecordError(f"a turn is player 1's or player 2's, not player {self.player!r}'s")
        colours = self.colours
        if colours:
            if len(colours) != len(self.cells):
                raise RecordError(f"a turn with {len(self.cells)} cells cannot have {len(colours)} stone colours")
            if any(c not in (1, 2) for c in colours):
                raise RecordError(f"stone colours are 1 and 2 (the first and second player's), not {colours}")
            if all(c == self.player for c in colours):
                object.__setattr__(self, "colours", ())  # frozen: the one place a Turn changes itself

    def __repr__(self) -> str:
        parts = [str(self.player)]
        if self.cells or not self.numbers:
            parts.append(repr(self.cells))
        if self.numbers:
            parts.append(f"numbers={self.numbers!r}")
        if self.colours:
            parts.append(f"colours={self.colours!r}")
        return f"Turn({', '.join(parts)})"

    @property
    def is_pass(self) -> bool:
        """A turn that places no stone and takes no number."""
        return not self.cells and not self.numbers

    @property
    def stone_colours(self) -> tuple[int, ...]:
        """The colour of each stone in `cells`, spelled out even when they are all the mover's."""
        return self.colours or (self.player,) * len(self.cells)


# Readers build a Turn and a Location for every turn of an archive; these two make the common
# ones without the generated __init__'s per-field work (half the cost of each object). They give
# exactly what the constructors give, for arguments the constructors accept.
_new = object.__new__
_set_line, _set_column = Location.line.__set__, Location.column.__set__  # type: ignore[attr-defined]
_set_player, _set_cells, _set_numbers, _set_colours, _set_at = (
    getattr(Turn, name).__set__ for name in ("player", "cells", "numbers", "colours", "at")
)


def new_location(line: int, column: int) -> Location:
    """`Location(line, column)`, made faster (readers make one per turn)."""
    location = _new(Location)
    _set_line(location, line)
    _set_column(location, column)
    return location


def own_stones_turn(player: Literal[1, 2], cells: tuple[Cell, ...], at: Location | None) -> Turn:
    """`Turn(player, cells, at=at)`: the mover's own stones (or a pass), made faster for readers;
    `player` must be 1 or 2 (the constructor's check is not repeated)."""
    turn = _new(Turn)
    _set_player(turn, player)
    _set_cells(turn, cells)
    _set_numbers(turn, ())
    _set_colours(turn, ())
    _set_at(turn, at)
    return turn


EndingKind = Literal["timeout", "draw", "abandoned"]

#: A header's value: text in the text notations; any JSON value where the notation has them
#: (Abstract Play's `players` is a list of objects, and reads back as one).
HeaderValue = str | int | float | bool | list[Any] | dict[str, Any] | None


@attrs.frozen
class Ending:
    """How a game ended outside the rules other than by resignation (see `Record.ending`).

    `kind`: "timeout" (`player` ran out of time and loses), "draw" (the players agreed to a draw)
    or "abandoned" (the game was stopped with no result). `player` is None but for a timeout.
    """

    #: "timeout", "draw" or "abandoned".
    kind: EndingKind
    #: For a timeout, the player who ran out of time (and loses); None otherwise.
    player: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("timeout", "draw", "abandoned"):
            raise ValueError(f"an ending is a timeout, a draw or abandoned, not {self.kind!r}")
        if (self.kind == "timeout") != (self.player is not None) or self.player not in (None, 1, 2):
            raise ValueError(f"a timeout names the player (1 or 2) who ran out of time; a {self.kind} names none")


@attrs.frozen
class Comment:
    """A comment of a record: on the game as a whole (`turn` 0) or on turn `turn` (from 1)."""

    #: 0 for the game, else the turn it is written on (counted from 1).
    turn: int
    #: The comment's text.
    text: str


@attrs.frozen
class Variation:
    """A line of play other than the game's: turns played instead of the game's turn `after` + 1
    (`after` 0: from the start). `comments` are the comments on its turns, parallel to `turns`
    ("" where a turn has none; empty when none has any)."""

    #: How many of the game's turns come before it.
    after: int
    #: Its turns.
    turns: tuple[Turn, ...]
    #: A comment per turn ("" for none), or empty.
    comments: tuple[str, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)


@attrs.frozen
class Annotations:
    """What a record says about its game beside the game itself: comments, and lines of play
    other than the game's (as a review writes them). Kept apart from the turns, so that a turn
    stays small: most records have none."""

    #: The comments, in the order of their turns.
    comments: tuple[Comment, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)
    #: The other lines of play, in the order of where they start.
    variations: tuple[Variation, ...] = attrs.field(default=(), metadata=OMIT_IF_DEFAULT)

    def comment(self, turn: int) -> str | None:
        """The comment on `turn` (0: the game's), None if it has none (several are joined)."""
        found = [c.text for c in self.comments if c.turn == turn]
        return "\n".join(found) if found else None

    def __bool__(self) -> bool:
        return bool(self.comments or self.variations)


@attrs.frozen
class Record:
    """One game as a file recorded it, before any rule was applied.

    `variant` is a variant string (`catchup(size=5)`, `catch-up(set={1,2,3,4})`): the rules the
    record is read under. `headers` keeps the file's metadata verbatim, in file order (text, or
    any JSON value where the notation has them: Abstract Play, JSON). `players`
    are the display names of player 1 and player 2 when the file gives them. `resigned` is the
    player who resigned after the last turn, if the record ends with a resignation. `ending` is
    how a game stopped by other means than the rules or a resignation, as game servers record it
    (a timeout, an agreed draw, an abandoned game); None otherwise. `stated_at` is where each line
    of the `stated-result` header was written, when the reader knows (a post's own summary lines).
    """

    #: The variant string the record is read under: `catchup(size=5)`, `catch-up(set={1,2,3,4})`.
    variant: str
    #: The turns, in the order written.
    turns: tuple[Turn, ...] = ()
    #: The player (1 or 2) who resigned after the last turn, or None.
    resigned: int | None = None
    #: A game server's ending: a timeout, an agreed draw or an abandoned game; None otherwise.
    ending: Ending | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)
    #: The names of player 1 and player 2, where the file gives them.
    players: tuple[str | None, str | None] = (None, None)
    # hash=False: hashable all the same, and equal records hash alike
    #: Every other piece of metadata of the file, verbatim and in file order.
    headers: Mapping[str, HeaderValue] = attrs.field(factory=dict, hash=False)
    #: Comments and other lines of play (None: the record has none).
    annotations: Annotations | None = attrs.field(default=None, metadata=OMIT_IF_DEFAULT)
    #: The file the record was read from (not part of equality).
    source: str | None = attrs.field(default=None, eq=False)
    #: The record's 0-based place among its file's records (not part of equality).
    index: int = attrs.field(default=0, eq=False)
    #: Where the record starts in its file (not part of equality).
    at: Location | None = attrs.field(default=None, eq=False)
    #: Where the resignation was written (not part of equality).
    resigned_at: Location | None = attrs.field(default=None, eq=False)
    #: Where each line of the `stated-result` header was written, when the reader knows (not part
    #: of equality).
    stated_at: tuple[Location, ...] = attrs.field(default=(), eq=False)

    def __repr__(self) -> str:
        turns = len(self.turns)
        who = f", players={self.players!r}" if any(self.players) else ""
        resigned = f", resigned={self.resigned}" if self.resigned is not None else ""
        headers = f", {len(self.headers)} headers" if self.headers else ""
        return f"<Record {self.variant}: {turns} turn{'s' if turns != 1 else ''}{who}{resigned}{headers}>"

    def header_text(self, key: str) -> str | None:
        """A header as text (a JSON value other than text as its JSON text), None when absent."""
        value = self.headers.get(key)
        if value is None or isinstance(value, str):
            return value
        import json

        return json.dumps(value, ensure_ascii=False)

    def __attrs_post_init__(self) -> None:
        if self.resigned not in (None, 1, 2):
            raise RecordError(f"the player who resigned is 1 or 2 (or nobody), not {self.resigned!r}")

    def turn_count(self) -> int:
        """len(turns), without making them where they are deferred (DeferredRecord)."""
        return len(self.turns)


_turns_slot = Record.__dict__["turns"]  # the slot attrs made for the field
_set_slot = object.__setattr__  # around the frozen class's own __setattr__


class DeferredRecord(Record):
    """A Record whose turns are made when first asked for, by the function its reader gave.

    A reader that can say the turns of a record compactly (Little Golem's plain path: one cell
    tuple per turn and its offset in the text) hands the compiled core those (`compact`), which
    replays them with no Turn object; the Turn objects, locations and all, are made only if
    something reads `turns`. It is a Record in every other way (equal, hashable, serialised,
    pickled and evolved as one), with the same turns once made."""

    __slots__ = ("_make", "compact")

    _make: Callable[[], tuple[Turn, ...]] | None
    #: What the reader kept of the turns (see formats/lg.py's PlainTurns), for the core.
    compact: Any

    @classmethod
    def deferred(cls, make: Callable[[], tuple[Turn, ...]], compact: Any, **fields: Any) -> DeferredRecord:
        """A record of `fields` (Record's, but `turns`) whose turns `make()` returns."""
        record = cls(turns=None, **fields)  # type: ignore[arg-type]  # made on first use
        _set_slot(record, "_make", make)
        _set_slot(record, "compact", compact)
        return record

    @property  # the field's slot, filled on first use
    def turns(self) -> tuple[Turn, ...]:
        found: tuple[Turn, ...] | None = _turns_slot.__get__(self)
        if found is None:
            make = getattr(self, "_make", None)
            found = make() if make is not None else ()
            _turns_slot.__set__(self, found)
            _set_slot(self, "_make", None)
        return found

    @turns.setter
    def turns(self, value: tuple[Turn, ...]) -> None:  # attrs' __init__, evolve and unpickling
        _turns_slot.__set__(self, value)

    @property
    def turns_made(self) -> bool:
        """Whether the Turn objects exist yet."""
        return _turns_slot.__get__(self) is not None

    def turn_count(self) -> int:
        if not self.turns_made and self.compact is not None:
            return len(self.compact.cells)
        return len(self.turns)

    def __eq__(self, other: object) -> bool:
        """Equal to a Record (deferred or not) with equal fields, as records are."""
        if not isinstance(other, Record):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _COMPARED)

    __hash__ = Record.__hash__


#: The fields that make two records equal (not where they were read).
_COMPARED = tuple(field.name for field in attrs.fields(Record) if field.eq)


@attrs.frozen
class Allowance:
    """What the player to move may do in a hex game, and why.

    `counts` are the numbers of stones allowed this turn (0 means passing is allowed).
    """

    #: The numbers of stones the player to move may place (0: a pass is allowed).
    counts: tuple[int, ...]
    #: Why, in words: `Black's score rose to 4 on turn 22, at least White's 3`.
    reason: str


@attrs.frozen
class HexState:
    """A hex position at a turn boundary.

    `stones` and `groups` are by stone colour (colour 1 is the first player's own colour); they are
    the players' own in every variant but too and product, where either player places either colour.
    `scores` are what the variant's scoring compares: the Catchup and Ketchup score, or, for the
    predecessors, the quantity their winning rule looks at (see `Result`).
    """

    #: The variant string of the game.
    variant: str
    #: Turns played so far.
    turns_played: int
    #: The player to move (1 or 2), None once the game is over.
    to_move: int | None
    #: The cells of the stones of colour 1 and of colour 2.
    stones: tuple[tuple[Cell, ...], tuple[Cell, ...]]
    #: The group sizes of colour 1 and of colour 2, largest first.
    groups: tuple[tuple[int, ...], tuple[int, ...]]
    #: Both players' scores: what the variant compares.
    scores: tuple[int, int]
    #: What the player to move may place, and why (None once over).
    allowance: Allowance | None
    #: Whether the game is over.
    over: bool
    #: Why it is over (`board-full`, `no-legal-turn`), else None.
    end_reason: str | None = None
    #: Always "hex" (tells the two kinds of state apart, in JSON too).
    kind: Literal["hex"] = "hex"

    @property
    def stone_count(self) -> int:
        """Stones on the board, both colours."""
        return len(self.stones[0]) + len(self.stones[1])


@attrs.frozen
class NumbersState:
    """A number-set Catch-Up position at a turn boundary."""

    #: The variant string of the game.
    variant: str
    #: Turns played so far.
    turns_played: int
    #: The player to move (1 or 2), None once the game is over.
    to_move: int | None
    #: The numbers not taken yet.
    remaining: tuple[int, ...]
    #: Both players' scores: the sums of the numbers they took.
    scores: tuple[int, int]
    #: Whether the game is over.
    over: bool
    #: Always "numbers".
    kind: Literal["numbers"] = "numbers"


GameState = HexState | NumbersState

Status = Literal["finished", "resigned", "timeout", "draw", "abandoned", "unfinished", "invalid"]


@attrs.frozen
class Result:
    """The verdict on a record.

    `status` is finished (by the rules), resigned, timeout (a player ran out of time: the other
    wins), draw (agreed), abandoned (no winner), unfinished or invalid (a rule broken before the
    end). `groups` are the group sizes of each colour in descending order (empty for number-set
    games). `reason` is a stable code for how the game ended: board-full, no-legal-turn,
    numbers-exhausted, resignation, timeout, draw-agreed, abandoned, unfinished, rule-error. For a
    finished game, `decided_by` is a stable code for the scoring rule that decided it (see
    `catchup_notation.rules.scoring.VERDICT_CODES`: `groups` for the cascading comparison,
    `plurality`, `no-cut`, `second-largest`, `product`, `margin`, `inside-margin`, `scores` for
    number-set games) and `decided_at` the 0-based position in the sorted group sizes where it
    decided, if there is one (for plurality, the last of the k largest groups of the board).
    `scores` are the numbers that rule compared. `explanation` says it all in words.
    """

    #: finished, resigned, timeout, draw, abandoned, unfinished or invalid.
    status: Status
    #: The winner (1 or 2), None for a draw or a game without one.
    winner: int | None
    #: Whether the game is a draw.
    draw: bool
    #: How the game ended, a stable code: board-full, no-legal-turn, numbers-exhausted, resignation, timeout, draw-
    #: agreed, abandoned, unfinished, rule-error.
    reason: str
    #: The numbers the deciding rule compared, the first player's first.
    scores: tuple[int, int]
    #: Each colour's group sizes, largest first (empty for number-set games).
    groups: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    #: The 0-based place in the sorted group sizes where the comparison decided, if there is one.
    decided_at: int | None = None
    #: The verdict in words.
    explanation: str = ""
    #: The scoring rule that decided a finished game (`catchup_notation.rules.scoring.VERDICT_CODES`).
    decided_by: str | None = None
