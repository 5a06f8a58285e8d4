"""The grammar's reader: a game parsed by Lark and built into a record, node by node (merged
nodes, comments, variations), with located errors; every game the plain reader leaves.
"""

from __future__ import annotations

from typing import Any

from catchup_notation.board import Cell
from catchup_notation.errors import BoardError, NotationError, VariantError
from catchup_notation.formats.base import NotationWarning, Parsed
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.diagnostics import line_of, syntax_error
from catchup_notation.formats.lg.cells import _LONG_NUMBER, _unmarked, parse_cells, parse_marked_cells
from catchup_notation.formats.lg.dialect import BOARD_PROPERTY, COLOURS, COMMENT, LETTERS, _re_message, shape_of
from catchup_notation.formats.lg.sgf import (
    _TOKEN_TYPES,
    _WORDS,
    _flattened,
    _move_nodes,
    _parser,
    _property,
    _Spot,
    _spot,
    _ValueError,
)
from catchup_notation.limits import MAX_DIGITS, MAX_TURNS, TooManyDigits, excerpt, int_of
from catchup_notation.model import Annotations, Comment, Location, Record, Turn, Variation
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import MAX_BOARD_FILE_CHARS


def _grammar_game(
    text: str, *, line: int = 1, column: int = 1, index: int = 0, source: str | None = None, variant: str = "catchup"
) -> Parsed:
    """One game read by the grammar (every game the plain path leaves, and every error)."""
    from lark.exceptions import UnexpectedInput

    shift = column - 1  # a game that starts mid-line: Lark's columns on its first line are shifted
    try:
        nodes = _flattened(_parser().parse(text))
        if shift:
            for token in nodes:
                if token.type in _TOKEN_TYPES and token.line == 1:
                    token.column = (token.column or 1) + shift
        record, warnings = _build(
            nodes, source=source, variant=variant, index=index, line_offset=line - 1, at=Location(line, column)
        )
    except UnexpectedInput as exc:
        error = syntax_error(
            exc, text, source=source, words=_WORDS, what="game", line_offset=line - 1, column_offset=shift
        )
        cut = _truncation(text, line)
        if cut is not None:  # say what happened, at the end where it happened
            lines = text.split("\n")
            error = NotationError(
                f"the game is truncated: {cut}",
                source=source,
                line=len(lines) + line - 1,
                column=len(lines[-1]) + 1 + (shift if len(lines) == 1 else 0),
                text=lines[-1],
                text_column=1 + shift if len(lines) == 1 else 1,
            )
        return Parsed(index, None, error, line=line)
    except _ValueError as exc:
        spot = exc.spot
        error = NotationError(
            exc.message,
            source=source,
            line=spot.line + line - 1,
            column=spot.column + exc.offset,
            text=line_of(text, spot.line),
            code=exc.code,
            text_column=1 + shift if spot.line == 1 else 1,
        )
        return Parsed(index, None, error, line=line)
    return Parsed(index, record, None, tuple(warnings), line=line)


def _truncation(text: str, first_line: int) -> str | None:
    """How a game's text stops short (a file cut off in the middle), or None: it ends inside a
    property value, or before the closing parenthesis of the game."""
    depth, opened, escaped = 0, None, False
    for at, char in enumerate(text):
        if opened is not None:  # inside a value: only an unescaped ] ends it
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == "]":
                opened = None
        elif char == "[":
            opened = at
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
    if opened is not None:
        where = text.count("\n", 0, opened) + first_line
        return f"the text ends inside the value opened by '[' on line {where}, before its ']'"
    if depth > 0:
        return "the text ends before the game's closing ')'"
    return None


def _build(
    tokens: list[Any], *, source: str | None, variant: str, index: int, line_offset: int, at: Location
) -> tuple[Record, list[NotationWarning]]:
    """A game's record and warnings from the grammar's tokens: the root node's properties first
    (the headers: SZ decides what the cell names mean), then the variant they give, then every
    node in order, then what RE says."""
    builder = _Builder(line_offset)
    builder.read_headers(tokens)
    builder.choose_variant(variant, tokens)
    builder.read_nodes(tokens)
    builder.check_result()
    return builder.record(source, index, at), builder.warnings


class _Builder:
    """A record being built from the grammar's tokens: its headers, its lines of play (the game's
    and its variations' as they branch), the resignation, and the warnings given so far."""

    def __init__(self, line_offset: int) -> None:
        self.line_offset = line_offset  # lines of the file before the game's text
        self.warnings: list[NotationWarning] = []
        self.headers: dict[str, str] = {}  # the root node's, in file order (text values, SGF escapes removed)
        self.header_tokens: dict[str, _Spot] = {}
        self.game_comments: list[str] = []
        self.game = _Line(0, [])  # the game's line; the others are its variations
        self.game.is_game = True
        self.lines = [self.game]
        self.line = self.game  # the line the nodes being read belong to
        # per open tree: [its line, its turns at its first subtree or -1]
        self.frames: list[list[Any]] = [[self.game, -1]]
        self.resigned: int | None = None
        self.resigned_tok: _Spot | None = None
        self.counted = 0  # turns of every line, against the limit
        self.node_turn: int | None = None  # the turn (index in `line`) the node being read holds, if any
        self.pending: list[str] = []  # comments of the node being read, before its move

    def warn(self, code: str, message: str, spot: _Spot) -> None:
        self.warnings.append(NotationWarning(code, message, spot.line + self.line_offset, spot.column))

    def read_headers(self, tokens: list[Any]) -> None:
        """The root (first) node's properties: the headers (the first of a name given twice) and
        the game's comments."""
        for tok in tokens[1:]:
            if tok.type in ("SEMI", "MOVES", "OPEN"):
                break
            if tok.type == "PROPERTY":
                name, value = _property(tok)
                if name == COMMENT:
                    self.game_comments.append(value)
                    continue
                if name in self.headers:
                    self.warn("duplicate-property", f"{name} is given twice; the first value is kept", _spot(tok))
                    continue
                self.headers[name] = value
                self.header_tokens[name] = _spot(tok)

    def choose_variant(self, variant: str, tokens: list[Any]) -> None:
        """The variant the game is read under, its size and board from SZ and XB; an error at the
        header that is wrong (at the game's first token for a variant that cannot be)."""
        headers, header_tokens = self.headers, self.header_tokens
        side = None
        if "SZ" in headers:
            try:
                side = int_of(headers["SZ"], "board side")
            except TooManyDigits as exc:
                raise _ValueError(str(exc), header_tokens["SZ"], 0, "limit") from None
            except ValueError:
                raise _ValueError(
                    f"SZ[{headers['SZ']}] is not a board side (a whole number such as 5)",
                    header_tokens["SZ"],
                    0,
                    "bad-size",
                ) from None
        try:
            board_given = shape_of(headers, variant)
        except BoardError as exc:
            code = "limit" if len(headers[BOARD_PROPERTY]) > MAX_BOARD_FILE_CHARS else "bad-board"
            raise _ValueError(f"{BOARD_PROPERTY}: {exc.message}", header_tokens[BOARD_PROPERTY], 0, code) from None
        try:
            self.variant = parse_variant(variant, size=side, board=board_given)
        except VariantError as exc:
            raise _ValueError(str(exc), header_tokens.get("SZ", _spot(tokens[0])), 0, "variant") from None
        self.board = self.variant.board
        self.spec = self.variant.spec

    def read_nodes(self, tokens: list[Any]) -> None:
        """Every node in order: moves, comments, and the subtrees that open and close variations."""
        in_root = True
        for position, tok in enumerate(tokens):
            kind = tok.type
            if kind == "SEMI":
                self.end_node()
                in_root = position == 0
            elif kind == "PROPERTY":
                if not in_root:  # the root's are the headers, read before
                    self.node_property(tok)
            elif kind == "MOVES":
                self.end_node()
                nodes = 0
                for spot, match in _move_nodes(tok):
                    self.node_turn = None
                    self.take(match.group(1), match.group(2), spot, match.start(2) - match.start())
                    nodes += 1
                in_root = position == 0 and nodes == 1
            elif kind == "OPEN":
                self.end_node()
                in_root = False
                self.open_subtree()
            elif kind == "CLOSE":
                self.end_node()
                self.frames.pop()
                self.line = self.frames[-1][0]
            else:  # MOVE: a move that is not the first property of its node
                text = str(tok)
                open_at = text.index("[")
                self.take(text[0], text[open_at + 1 : -1], _spot(tok), open_at + 1)
        self.end_node()

    def node_property(self, tok: Any) -> None:
        """A property of a move's node: a comment is kept (on the node's turn, or on the next
        move's if none came yet); any other is said and left."""
        name, value = _property(tok)
        if name != COMMENT:
            self.warn("ignored-property", f"property {name} in a move node is not kept", _spot(tok))
        elif self.node_turn is not None:
            self.line.note(self.node_turn, [value])
        else:
            self.pending.append(value)

    def open_subtree(self) -> None:
        """A subtree: the first goes on with the line, the others branch off it."""
        frames = self.frames
        frame = frames[-1]
        if frame[1] < 0:
            frame[1] = len(frame[0].turns)
            frames.append([frame[0], -1])
        else:
            line = frame[0].branch(frame[1])
            self.lines.append(line)
            frames.append([line, -1])
        self.line = frames[-1][0]

    def take(self, colour: str, value: str, spot: _Spot, value_at: int) -> None:
        """One move: `value` is its bracketed text, starting `value_at` characters after `spot`."""
        player = COLOURS[colour]
        line = self.line
        turns = line.turns
        if self.counted >= MAX_TURNS:
            raise _ValueError(f"more than {MAX_TURNS} turns, the limit of a record", spot, 0, "limit")
        if line is self.game and self.resigned is not None:
            raise _ValueError(f"a move after {LETTERS[self.resigned]} resigned", spot, 0, "move-after-resign")
        if value.strip().lower() == "resign":
            if line is self.game:
                self.resigned, self.resigned_tok = player, spot
            else:
                self.warn("variation-resignation", "a resignation inside a variation is not kept", spot)
            return
        parsed = parse_cells(value, self.board)
        colours: tuple[int, ...] = ()
        if isinstance(parsed, int):
            cells, colours = self.colours_of(value, player, spot, value_at)
        else:
            cells = parsed
        self.counted += 1
        if turns and turns[-1][0] == player and len(turns) > line.shared:
            self.warn(
                "merged-nodes",
                f"consecutive {colour} nodes were merged into one turn (the record was normalised)",
                spot,
            )
            previous = turns[-1]
            if colours or previous[2]:
                previous[2] = (previous[2] or (player,) * len(previous[1])) + (colours or (player,) * len(cells))
            previous[1] = previous[1] + cells
        else:
            turns.append([player, cells, colours, spot])
        self.node_turn = len(turns) - 1
        if self.pending:
            line.note(self.node_turn, self.pending)
            self.pending.clear()

    def colours_of(
        self, value: str, player: int, spot: _Spot, value_at: int
    ) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
        """A value that the fast path refused: cells with colour marks, or a located error."""
        board, spec = self.board, self.spec
        parsed = parse_marked_cells(value, board) if "=" in value else _unmarked(parse_cells(value, board))
        if isinstance(parsed, int):
            long_number = _LONG_NUMBER.search(value)
            if long_number is not None:
                raise _ValueError(
                    f"a cell number of {len(long_number.group())} digits is past the limit of {MAX_DIGITS} digits",
                    spot,
                    value_at + long_number.start(),
                    "limit",
                )
            example = "; D4=w for a stone of the other colour" if "=" in value else ""
            raise _ValueError(
                f"{excerpt(value)} is not a list of cells such as D4 or D4F6 (row letter, then a number{example})",
                spot,
                value_at + parsed,
                "bad-cell",
            )
        cells, marks = parsed
        if marks and mark_warning_due(spec, self.warnings):
            self.warn(UNEXPECTED_MARK, unexpected_mark_message(spec), spot)
        colours = [player] * len(cells)
        for index, letter, offset in marks:
            colour = colour_of_mark(spec, letter)
            if colour is None:
                raise _ValueError(unknown_mark_message(spec, letter), spot, value_at + offset, "colour-mark")
            colours[index] = colour
        return cells, tuple(colours)

    def end_node(self) -> None:
        """The node read is over: comments without a move are on the turn before them."""
        if self.pending:
            self.line.note(len(self.line.turns) - 1, self.pending)
            self.pending.clear()
        self.node_turn = None

    def check_result(self) -> None:
        """A warning where RE names the player who resigned (Little Golem's way), not the winner."""
        headers, resigned = self.headers, self.resigned
        if "RE" in headers and resigned is not None:
            letter = headers["RE"].strip()[:1].upper()
            if letter == LETTERS[resigned]:
                self.warn("re-names-resigner", _re_message(headers["RE"]), self.header_tokens["RE"])

    def record(self, source: str | None, index: int, at: Location) -> Record:
        headers, line_offset, resigned_tok = self.headers, self.line_offset, self.resigned_tok
        return Record(
            variant=str(self.variant),
            turns=_made_turns(self.game, line_offset),
            resigned=self.resigned,
            players=(
                headers.get("PW"),
                headers.get("PB"),
            ),
            headers=headers,
            annotations=_annotations(self.game_comments, self.lines, line_offset),
            source=source,
            index=index,
            at=at,
            resigned_at=Location(resigned_tok.line + line_offset, resigned_tok.column) if resigned_tok else None,
        )


class _Line:
    """A line of play being read: the game's, or a variation's (branching off the game after
    `after` of its turns). A variation of a variation starts with the `shared` turns of the line it
    branched off, so that it is whole from the game's line on."""

    def __init__(
        self, after: int, turns: list[list[Any]], shared: int = 0, comments: dict[int, list[str]] | None = None
    ):
        self.after = after
        self.turns = turns  # [player, cells, colours (empty: all the mover's), spot]
        self.shared = shared
        self.comments: dict[int, list[str]] = comments or {}  # by turn index; -1: before its first turn
        self.is_game = False

    def note(self, index: int, texts: list[str]) -> None:
        self.comments.setdefault(index, []).extend(texts)

    def branch(self, at: int) -> _Line:
        """A line that branches off this one after its `at` first turns."""
        if self.is_game:
            return _Line(at, [])
        kept = {k: list(v) for k, v in self.comments.items() if k < at}
        return _Line(self.after, [list(turn) for turn in self.turns[:at]], at, kept)


def _made_turns(line: _Line, line_offset: int) -> tuple[Turn, ...]:
    return tuple(
        Turn(player, tuple(cells), colours=colours, at=Location(tok.line + line_offset, tok.column))
        for player, cells, colours, tok in line.turns
    )


def _annotations(game_comments: list[str], lines: list[_Line], line_offset: int) -> Annotations | None:
    """The comments and variations read (None: none): one comment per node (several joined)."""
    game = lines[0]
    comments = []
    before = game_comments + game.comments.get(-1, [])
    if before:
        comments.append(Comment(0, "\n".join(before)))
    comments += [Comment(k + 1, "\n".join(game.comments[k])) for k in sorted(game.comments) if k >= 0]
    variations = []
    for line in lines[1:]:
        if not line.turns:
            continue
        texts = ["\n".join(line.comments.get(k, [])) for k in range(len(line.turns))]
        if -1 in line.comments:
            texts[0] = "\n".join([*line.comments[-1], *([texts[0]] if texts[0] else [])])
        variations.append(Variation(line.after, _made_turns(line, line_offset), tuple(texts) if any(texts) else ()))
    if not comments and not variations:
        return None
    variations.sort(key=lambda v: v.after)  # read as their trees close: the later branches first
    return Annotations(tuple(comments), tuple(variations))
