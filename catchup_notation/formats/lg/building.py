"""The grammar's reader: a game parsed by Lark and built into a record, node by node (merged
nodes, comments, variations), with located errors; every game the plain reader leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from catchup_notation.board import Cell
from catchup_notation.errors import BoardError, NotationError, VariantError
from catchup_notation.formats.base import (
    NotationWarning,
    Parsed,
)
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
from catchup_notation.model import (
    Annotations,
    Comment,
    Location,
    Record,
    Turn,
    Variation,
)
from catchup_notation.rules.registry import parse_variant
from catchup_notation.shapes import MAX_BOARD_FILE_CHARS

if TYPE_CHECKING:
    pass


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


def _build(
    tokens: list[Any], *, source: str | None, variant: str, index: int, line_offset: int, at: Location
) -> tuple[Record, list[NotationWarning]]:
    warnings: list[NotationWarning] = []
    headers: dict[str, str] = {}
    header_tokens: dict[str, _Spot] = {}

    def warn(code: str, message: str, spot: _Spot) -> None:
        warnings.append(NotationWarning(code, message, spot.line + line_offset, spot.column))

    # The root (first) node's properties are the headers, kept in file order (text values, SGF escapes removed); they
    # are read first because SZ decides what the cell names mean.
    game_comments: list[str] = []
    for tok in tokens[1:]:
        if tok.type in ("SEMI", "MOVES", "OPEN"):
            break
        if tok.type == "PROPERTY":
            name, value = _property(tok)
            if name == COMMENT:
                game_comments.append(value)
                continue
            if name in headers:
                warn("duplicate-property", f"{name} is given twice; the first value is kept", _spot(tok))
                continue
            headers[name] = value
            header_tokens[name] = _spot(tok)

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
        variant_obj = parse_variant(variant, size=side, board=board_given)
    except VariantError as exc:
        raise _ValueError(str(exc), header_tokens.get("SZ", _spot(tokens[0])), 0, "variant") from None
    board = variant_obj.board
    spec = variant_obj.spec

    game = _Line(0, [])  # the game's line; the others are its variations
    game.is_game = True
    lines = [game]
    line = game  # the line the nodes being read belong to
    frames: list[list[Any]] = [[game, -1]]  # per open tree: [its line, its turns at its first subtree or -1]
    resigned: int | None = None
    resigned_tok: _Spot | None = None
    counted = 0  # turns of every line, against the limit
    node_turn: int | None = None  # the turn (index in `line`) the node being read holds, if any
    pending: list[str] = []  # comments of the node being read, before its move

    def colours_of(value: str, player: int, spot: _Spot, value_at: int) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
        """A value that the fast path refused: cells with colour marks, or a located error."""
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
        if marks and mark_warning_due(spec, warnings):
            warn(UNEXPECTED_MARK, unexpected_mark_message(spec), spot)
        colours = [player] * len(cells)
        for index, letter, offset in marks:
            colour = colour_of_mark(spec, letter)
            if colour is None:
                raise _ValueError(unknown_mark_message(spec, letter), spot, value_at + offset, "colour-mark")
            colours[index] = colour
        return cells, tuple(colours)

    def take(colour: str, value: str, spot: _Spot, value_at: int) -> None:
        """One move: `value` is its bracketed text, starting `value_at` characters after `spot`."""
        nonlocal resigned, resigned_tok, counted, node_turn
        player = COLOURS[colour]
        turns = line.turns
        if counted >= MAX_TURNS:
            raise _ValueError(f"more than {MAX_TURNS} turns, the limit of a record", spot, 0, "limit")
        if line is game and resigned is not None:
            raise _ValueError(f"a move after {LETTERS[resigned]} resigned", spot, 0, "move-after-resign")
        if value.strip().lower() == "resign":
            if line is game:
                resigned, resigned_tok = player, spot
            else:
                warn("variation-resignation", "a resignation inside a variation is not kept", spot)
            return
        parsed = parse_cells(value, board)
        colours: tuple[int, ...] = ()
        if isinstance(parsed, int):
            cells, colours = colours_of(value, player, spot, value_at)
        else:
            cells = parsed
        counted += 1
        if turns and turns[-1][0] == player and len(turns) > line.shared:
            warn(
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
        node_turn = len(turns) - 1
        if pending:
            line.note(node_turn, pending)
            pending.clear()

    def end_node() -> None:
        """The node read is over: comments without a move are on the turn before them."""
        nonlocal node_turn
        if pending:
            line.note(len(line.turns) - 1, pending)
            pending.clear()
        node_turn = None

    in_root = True
    for position, tok in enumerate(tokens):
        kind = tok.type
        if kind == "SEMI":
            end_node()
            in_root = position == 0
        elif kind == "PROPERTY":
            if in_root:
                continue  # the headers, read above
            name, value = _property(tok)
            if name != COMMENT:
                warn("ignored-property", f"property {name} in a move node is not kept", _spot(tok))
            elif node_turn is not None:
                line.note(node_turn, [value])
            else:
                pending.append(value)
        elif kind == "MOVES":
            end_node()
            nodes = 0
            for spot, match in _move_nodes(tok):
                node_turn = None
                take(match.group(1), match.group(2), spot, match.start(2) - match.start())
                nodes += 1
            in_root = position == 0 and nodes == 1
        elif kind == "OPEN":  # a subtree: the first goes on with the line, the others branch off it
            end_node()
            in_root = False
            frame = frames[-1]
            if frame[1] < 0:
                frame[1] = len(frame[0].turns)
                frames.append([frame[0], -1])
            else:
                line = frame[0].branch(frame[1])
                lines.append(line)
                frames.append([line, -1])
            line = frames[-1][0]
        elif kind == "CLOSE":
            end_node()
            frames.pop()
            line = frames[-1][0]
        else:  # MOVE: a move that is not the first property of its node
            text = str(tok)
            open_at = text.index("[")
            take(text[0], text[open_at + 1 : -1], _spot(tok), open_at + 1)
    end_node()

    if "RE" in headers and resigned is not None:
        letter = headers["RE"].strip()[:1].upper()
        if letter == LETTERS[resigned]:
            warn("re-names-resigner", _re_message(headers["RE"]), header_tokens["RE"])

    record = Record(
        variant=str(variant_obj),
        turns=_made_turns(game, line_offset),
        resigned=resigned,
        players=(
            headers.get("PW"),
            headers.get("PB"),
        ),
        headers=headers,
        annotations=_annotations(game_comments, lines, line_offset),
        source=source,
        index=index,
        at=at,
        resigned_at=Location(resigned_tok.line + line_offset, resigned_tok.column) if resigned_tok else None,
    )
    return record, warnings


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
