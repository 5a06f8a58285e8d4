"""Number-set Catch-Up in the paper's notation (`numbers`).

    # Figure 1 of Isaksen et al. 2015
    S = {1, 2, 3, 4}
    ⟨3⟩ ⟨2, 4⟩ ⟨1⟩

The set (repeats allowed; ranges `1..10` or `1, ..., 10`), optional starting scores
(`scores = 0:3`, P1 first) and the turns in angle brackets, P1 first, then alternating; the order
of numbers inside a turn is kept (it decides legality). Games are separated by blank lines; `#`
starts a comment. Nothing here applies a rule: numbers outside the set are the replay's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO, cast

from catchup_notation.board import Board, Cell
from catchup_notation.errors import NotationError, VariantError, WriteError
from catchup_notation.formats.base import (
    Format,
    LongLine,
    NotationWarning,
    Parsed,
    ReadOptions,
    annotations_dropped,
    ending_dropped,
    lines_of,
    lost_headers,
)
from catchup_notation.formats.diagnostics import syntax_error
from catchup_notation.limits import (
    MAX_DIGITS,
    MAX_RECORD_CHARS,
    MAX_SET,
    MAX_TEXT_LINE_CHARS,
    MAX_TURNS,
    TooManyDigits,
    int_of,
)
from catchup_notation.model import Location, Record, Turn
from catchup_notation.resources import data_dir
from catchup_notation.rules.registry import parse_variant

if TYPE_CHECKING:
    from lark import Lark, Token

_WORDS = {
    "SET_KEY": "'S =' (the number set)",
    "SCORES_KEY": "'scores ='",
    "_SCORE_SEP": "':' between the two scores",
    "RANGE": "'..'",
    "ELLIPSIS": "'...'",
    "LANGLE": "a turn such as ⟨2, 4⟩",
    "RANGLE": "'⟩' (the end of the turn)",
    "INT": "a number",
    "EQUAL": "'='",
}


UNICODE = ("⟨", "⟩")
ASCII = ("<", ">")


@cache
def _parser() -> Lark:
    from lark import Lark  # loaded with the first record read, not with the package

    grammar = (data_dir("grammars") / "numbers.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr")


def _games(lines: Iterable[str]) -> Iterator[tuple[int, list[str], NotationError | None]]:
    """(first line number, lines, None) of each run of non-blank lines that holds more than
    comments; (first line number, [], the limit error) of a run that holds a line past the line
    limit, more characters than a record may have, or more lines than a record may have turns (a
    line of turns holds one at least): its lines are not held, only counted."""
    run: list[str] = []
    held = 0  # characters of the run
    error: NotationError | None = None
    start = 1
    for number, line in enumerate(_then_blank(lines), start=1):
        if line.strip():
            if not run and error is None:
                start = number
            held += len(line) + 1
            if error is None and (isinstance(line, LongLine) or held > MAX_RECORD_CHARS or len(run) >= MAX_TURNS):
                error = _too_long(line, number, start, len(run))
                run = []
            if error is None:
                run.append(line)
            continue
        if error is not None:
            yield start, [], error
        elif any(item.strip() and not item.strip().startswith("#") for item in run):
            yield start, run, None
        run, held, error = [], 0, None


def _too_long(line: str, number: int, start: int, lines: int) -> NotationError:
    if isinstance(line, LongLine):
        return line.error(number)
    limit = (
        f"{MAX_TURNS} lines, as many as a record's turns" if lines >= MAX_TURNS else f"{MAX_RECORD_CHARS} characters"
    )
    return NotationError(
        f"the game starting on line {start} goes on past the limit of a record ({limit})",
        line=number,
        column=1,
        text=line[:200],
        code="limit",
    )


# The plain path: a line of turns only (and maybe a comment), as writers and people write it, is
# read by a regular expression that accepts exactly what the grammar reads the same way (numbers
# within the digit limit, so that none can be refused). Any other line (the set, the scores) is
# parsed alone by the grammar: items never span lines in a text the plain path takes, so a game is
# the items of its lines in order. A line the grammar refuses alone sends the whole game to the
# grammar, for its own reading and its own error messages (up to `GRAMMAR_CHARS`).
_WS = r"[ \t\f\r]*"
_INT = rf"[0-9]{{1,{MAX_DIGITS}}}"
_OPEN, _CLOSE = "[\u27e8\u3008<]", "[\u27e9\u3009>]"  # the grammar's LANGLE and RANGLE
_TURN_LINE = re.compile(
    rf"(?P<turns>{_WS}(?:{_OPEN}{_WS}(?:{_INT}{_WS}(?:,{_WS}{_INT}{_WS})*+)?{_CLOSE}{_WS})*+)(?:#.*)?"
)
_TURN = re.compile(rf"{_OPEN}([^\u27e9\u3009>]*)")


#: Characters of a game up to which a game the plain path refuses is parsed whole by the grammar
#: (past them, the line the grammar refuses alone is the error: Lark holds a token object for every
#: number, a few hundred bytes each).
GRAMMAR_CHARS = 1 << 20


def _grammar_items(lines: list[str]) -> list[Any]:
    """The grammar's nodes of a game the plain path refused; for a game past `GRAMMAR_CHARS`, the
    syntax error of the first line the grammar refuses alone, placed in the game."""
    from lark.exceptions import UnexpectedInput

    if sum(len(line) + 1 for line in lines) <= GRAMMAR_CHARS:
        return list(_parser().parse("\n".join(lines)).children)
    for number, line in enumerate(lines, 1):
        if _TURN_LINE.fullmatch(line) is None:
            try:
                _parser().parse(line)
            except UnexpectedInput as exc:
                exc.line = number
                raise
    raise AssertionError("the plain path refused a line that every reading accepts")  # pragma: no cover


class _At(NamedTuple):
    """Where a turn the plain path read starts in its game: the first item's place, when no set
    line comes first."""

    line: int
    column: int


def _plain_items(lines: list[str]) -> list[Any] | None:
    """The items of a game in order, each line read alone: (line number, where its turns end) for
    a line of turns, whose turns `_Game.record` reads (two integers: nothing for the garbage
    collector to look at in a game of a million turns), and the grammar's nodes for any other
    line; None when a line is not one the grammar reads alone."""
    from lark import Token
    from lark.exceptions import UnexpectedInput

    items: list[Any] = []
    for number, line in enumerate(lines, 1):
        match = _TURN_LINE.fullmatch(line)
        if match is not None:
            items.append((number, match.end("turns")))
            continue
        try:
            tree = _parser().parse(line)
        except UnexpectedInput:
            return None
        for token in tree.scan_values(lambda value: isinstance(value, Token)):
            token.line = token.end_line = number
        items.extend(tree.children)
    return items


class _Game:
    """Builds one record from one game's items (from the grammar's tree or the plain path)."""

    def __init__(self, lines: list[str], first_line: int, source: str | None) -> None:
        self.lines = lines
        self.offset = first_line - 1
        self.source = source

    @property
    def chunk(self) -> str:
        """The game's text."""
        return "\n".join(self.lines)

    def fail(self, token: Token | _At | None, message: str, code: str) -> NotationError:
        line = (token.line if token is not None else None) or 1
        return NotationError(
            message,
            source=self.source,
            line=line + self.offset,
            column=token.column if token is not None else 1,
            text=self.lines[line - 1] if line <= len(self.lines) else "",
            code=code,
        )

    def check_size(self, token: Any, size: int) -> None:
        if size > MAX_SET:  # before building it: {1..10**9} is a typo, not a game
            raise self.fail(token, f"a number set of {size} numbers is past the limit of {MAX_SET}", "limit")

    def number(self, token: Token) -> int:
        """The integer a token spells, within the digit limit."""
        try:
            return int_of(str(token))
        except TooManyDigits as exc:
            raise self.fail(token, str(exc), "limit") from None

    def numbers(self, node: Any) -> tuple[int, ...]:
        """The multiset a `multiset` node spells, `...` filling the run between its neighbours."""
        from lark import Token, Tree  # already loaded: the parse made this node

        values: list[int] = []
        items = [c for c in node.children if c is not None]
        for i, item in enumerate(items):
            if isinstance(item, Tree):  # span a..b
                low, _, high = cast("list[Token]", item.children)
                if self.number(high) < self.number(low):
                    raise self.fail(low, f"the range {low}..{high} runs backwards", "set")
                self.check_size(low, len(values) + self.number(high) - self.number(low) + 1)
                values.extend(range(self.number(low), self.number(high) + 1))
            elif item.type == "ELLIPSIS":
                before = values[-1] if values else None
                after = items[i + 1] if i + 1 < len(items) else None
                if (
                    before is None
                    or not isinstance(after, Token)
                    or after.type != "INT"
                    or self.number(after) <= before
                ):
                    raise self.fail(
                        item, "'...' must stand between two numbers, the smaller first ({1, 2, ..., 10})", "set"
                    )
                self.check_size(item, len(values) + self.number(after) - before)
                values.extend(range(before + 1, self.number(after)))
            else:
                values.append(self.number(item))
        return tuple(values)

    def record(self, items: Iterable[Any], index: int, variant: str | None) -> Record:
        """The record of a game's items (see `_plain_items`; the grammar's nodes alone), in order."""
        number_set: tuple[int, ...] | None = None
        scores: tuple[int, int] | None = None
        turns: list[Turn] = []
        first: Token | _At | None = None
        offset = self.offset
        for node in items:
            if type(node) is tuple:  # a line of turns the plain path took: the most frequent by far
                number, end = node
                text, line = self.lines[number - 1], number + offset
                if len(turns) + end // 3 > MAX_TURNS:  # a turn takes 3 characters at least
                    self.check_turns(number, turns, text, end)
                for turn in _TURN.finditer(text, 0, end):
                    inside, column = turn.group(1), turn.start() + 1
                    if "," in inside:
                        numbers: tuple[int, ...] = tuple(map(int, inside.split(",")))
                    else:  # within the digit limit: the plain path took only such numbers
                        numbers = (int(inside),) if inside.strip(" \t\f\r") else ()
                    first = first or _At(number, column)
                    turns.append(Turn(len(turns) % 2 + 1, (), numbers, (), Location(line, column)))
                continue
            key = node.children[0]
            first = first or key
            if node.data == "set_line":
                if number_set is not None:
                    raise self.fail(key, "the number set is given twice in one game", "set")
                if turns:
                    raise self.fail(key, "the number set must come before the turns", "set")
                number_set = self.numbers(node.children[1])
                if not number_set:
                    raise self.fail(key, "the number set is empty", "set")
                if 0 in number_set:
                    raise self.fail(key, "number sets hold positive numbers; 0 is not one", "set")
            elif node.data == "scores_line":
                if scores is not None:
                    raise self.fail(key, "the starting scores are given twice in one game", "scores")
                scores = (self.number(node.children[1]), self.number(node.children[2]))
            else:
                if len(turns) >= MAX_TURNS:
                    raise self.fail(key, f"more than {MAX_TURNS} turns, the limit of a record", "limit")
                taken = tuple(self.number(t) for t in node.children[1:-1] if t is not None)
                turns.append(Turn(len(turns) % 2 + 1, numbers=taken, at=self.location(key)))
        try:
            chosen = str(parse_variant(variant or "catch-up", set=number_set, scores=scores))
        except VariantError as exc:
            raise self.fail(first, str(exc), "set") from None
        return Record(
            variant=chosen,
            turns=tuple(turns),
            source=self.source,
            index=index,
            at=self.location(first),
        )

    def check_turns(self, number: int, turns: list[Turn], text: str, end: int) -> None:
        """Raise the limit error if the turns of line `number` (up to `end`) take `turns` past
        `MAX_TURNS` (asked only of a line long enough to)."""
        room = MAX_TURNS - len(turns)
        for count, turn in enumerate(_TURN.finditer(text, 0, end)):
            if count >= room:
                raise self.fail(
                    _At(number, turn.start() + 1), f"more than {MAX_TURNS} turns, the limit of a record", "limit"
                )

    def location(self, token: Token | _At | None) -> Location:
        if token is None:
            return Location(self.offset + 1, 1)
        return Location((token.line or 1) + self.offset, token.column or 1)


def _then_blank(lines: Iterable[str]) -> Iterator[str]:
    yield from lines
    yield ""


def read_numbers(chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
    """Games of a text, one per blank-line separated chunk; a bad game does not stop the next.

    The set and scores written in a game win over `variant`'s (default `catch-up`, set 1..10)."""
    from lark.exceptions import UnexpectedInput

    source, variant = options.source, options.variant
    if variant is not None and parse_variant(variant).family != "numbers":
        raise VariantError(f"numbers records are number-set games; {variant!r} is not one")
    for index, (first_line, lines, too_long) in enumerate(_games(lines_of(chunks, MAX_TEXT_LINE_CHARS))):
        if too_long is not None:
            too_long.source = source
            yield Parsed(index, None, too_long, line=first_line)
            continue
        game = _Game(lines, first_line, source)
        try:
            items = _plain_items(lines)
            if items is None:
                items = _grammar_items(lines)
            record = game.record(items, index, variant)
        except UnexpectedInput as exc:
            yield Parsed(
                index,
                None,
                syntax_error(exc, game.chunk, source=source, words=_WORDS, what="game", line_offset=first_line - 1),
                line=first_line,
            )
        except NotationError as exc:
            yield Parsed(index, None, exc, line=first_line)
        else:
            yield Parsed(index, record, line=first_line)


def format_set(values: Iterable[int]) -> str:
    """`{1, 2, 3}`: a number set as the paper writes it."""
    return "{" + ", ".join(map(str, sorted(values))) + "}"


def format_turn(numbers: Iterable[int], brackets: tuple[str, str] = UNICODE) -> str:
    """`⟨2, 4⟩`: a turn's numbers in the order taken."""
    return brackets[0] + ", ".join(map(str, numbers)) + brackets[1]


def write_numbers(
    records: Iterable[Record], out: TextIO, *, ascii: bool = False, width: int = 78
) -> list[NotationWarning]:
    """Games in the paper's notation (Unicode ⟨⟩, or ASCII <> with `ascii=True`), separated by
    blank lines; turns are wrapped at `width` columns."""
    brackets = ASCII if ascii else UNICODE
    warnings: list[NotationWarning] = []
    for number, record in enumerate(records, start=1):
        variant = parse_variant(record.variant)
        where = f"record {number}"
        if variant.family != "numbers":
            raise WriteError(
                f"{where}: the numbers notation holds number-set games; {record.variant} is not one",
                code="unsupported-record",
            )
        lost = lost_headers(record, FORMAT.carries)
        for feature, label, present in (
            ("players", "the players' names", any(record.players)),
            ("resignation", "the resignation", record.resigned is not None),
            ("headers", f"the headers {', '.join(lost)}", bool(lost)),
        ):
            if present:
                message = f"{where}: the numbers notation cannot carry {label}"
                warnings.append(NotationWarning(f"{feature}-dropped", message))
        warnings.extend(ending_dropped(record, f"{where}: "))
        warnings.extend(annotations_dropped(record, f"{where}: "))
        if any(turn.cells for turn in record.turns):
            raise WriteError(f"{where}: a number-set record holds hex cells", code="unsupported-record")
        if [t.player for t in record.turns] != [i % 2 + 1 for i in range(len(record.turns))]:
            warnings.append(
                NotationWarning(
                    "turn-order-dropped",
                    f"{where}: the turns do not alternate P1, P2; the "
                    "notation implies alternation and will read them so",
                )
            )
        lines = [f"S = {format_set(variant.params['set'])}"]
        if variant.params["scores"] != (0, 0):
            lines.append(f"scores = {variant.params['scores'][0]}:{variant.params['scores'][1]}")
        current = ""
        for turn in record.turns:
            piece = format_turn(turn.numbers, brackets)
            if current and len(current) + 1 + len(piece) > width:
                lines.append(current)
                current = piece
            else:
                current = f"{current} {piece}" if current else piece
        if current:
            lines.append(current)
        if number > 1:
            out.write("\n")
        out.write("\n".join(lines) + "\n")
    return warnings


class NumbersFormat(Format):
    """The paper's notation for number-set Catch-Up."""

    name = "numbers"
    title = "number-set Catch-Up (Isaksen et al.)"
    extensions = (".catchup-numbers", ".numbers")
    family = "numbers"
    carries = frozenset({"size", "several"})
    streaming = True

    def sniff(self, head: str) -> bool:
        return bool(re.search(r"^\s*(S|set)\s*=\s*[{0-9]", head, re.M | re.I)) or "⟨" in head

    def cell_name(self, cell: Cell, board: Board) -> str:
        return board.label(cell)

    def read(self, chunks: Iterable[str], options: ReadOptions) -> Iterator[Parsed]:
        return read_numbers(chunks, options)

    def write(self, records: Iterable[Record], out: TextIO, *, ascii: bool = False) -> list[NotationWarning]:
        return write_numbers(records, out, ascii=ascii)


FORMAT = NumbersFormat()
