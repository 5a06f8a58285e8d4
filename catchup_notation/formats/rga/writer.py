"""Writing records as posts: each record as a diagram of its final position (the variant's start
stones and the turns' cells) with the move list beside it, the players' names heading the turn
columns; a warning for each thing a post cannot carry.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import TextIO

from catchup_notation.board import Board, Cell
from catchup_notation.errors import WriteError
from catchup_notation.formats.base import (
    NotationWarning,
    annotations_dropped,
    ending_dropped,
    lost_headers,
    plain_of,
    remembered_each,
    write_each,
)
from catchup_notation.formats.colours import colour_initials, colour_mark
from catchup_notation.formats.rga.board import MAX_SIDE, Diagram, Frame, diagram_text, position, render
from catchup_notation.formats.rga.variant import on_board, start_stones
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import Variant, VariantSpec, parse_variant
from catchup_notation.shapes import centred

#: What a post carries of a record (the rest is dropped, with a warning).
CARRIES = frozenset({"size", "board", "players", "resignation", "passes", "colours", "several"})


def write_rga(records: Iterable[Record], out: TextIO) -> list[NotationWarning]:
    """Each record as a diagram of its final position (the variant's start position and the
    turns' cells) with the move list beside it; records are separated by a blank line."""
    return write_each(records, out, _write_one, separator="\n")


def _write_one(record: Record, number: int) -> tuple[str, list[NotationWarning]]:
    variant = parse_variant(record.variant)
    where = f"record {number + 1}"
    if variant.family != "hex":
        raise WriteError(
            f"{where}: rga holds hex games; {record.variant} is a number-set game", code="unsupported-record"
        )
    board = variant.board
    frame = Frame.of(board)
    if board.side is not None and board.side > MAX_SIDE:
        raise WriteError(
            f"{where}: a side-{board.side} board needs {4 * board.side - 3} column letters; "
            f"rga diagrams go up to side {MAX_SIDE}",
            code="unsupported-record",
        )
    if board.side is None and len(frame.letters()) > 25:
        raise WriteError(
            f"{where}: a diagram of this board of {len(board)} cells needs {len(frame.letters())} column letters; "
            "rga has a to y",
            code="unwritable-board",
        )
    warnings: list[NotationWarning] = []

    def warn(code: str, message: str) -> None:
        warnings.append(NotationWarning(code, f"{where}: {message}"))

    if str(variant) != str(on_board(parse_variant("catchup"), board)):
        warn("variant-dropped", f"rga carries only the board; the variant {record.variant} is not written")
    if board.side is None and frozenset(board.cells) != centred(board.cells):
        warn(
            "board-dropped",
            "rga draws the board's shape, not where it lies on the grid: read back alone, its cells (and the "
            f"turns') are moved so that the middle of the diagram is (0, 0); give {record.variant} when reading "
            "it back to keep them",
        )
    warnings.extend(ending_dropped(record, f"{where}: "))
    warnings.extend(annotations_dropped(record, f"{where}: "))
    dropped = lost_headers(record, CARRIES, lambda key: key == "diagram")
    if dropped:
        warn("headers-dropped", f"rga has no place for the headers {', '.join(dropped)}")
    names, letters = _player_letters(record, variant, warn)
    plain = plain_of(record, board)
    written = _plain_slots(plain[1], frame, where) if plain is not None and plain[0] != 2 else None
    for turn in record.turns if written is None else ():
        for cell in turn.cells:
            if cell not in board or frame.cell(frame.name(cell)) != cell:
                raise WriteError(
                    f"{where}: turn cell {cell} is not on {frame.describe()} and has no rga name", code="not-a-cell"
                )
    start = start_stones(record.variant)
    if written is not None and plain is not None:
        stones, last = _plain_position(plain[1], board, start)
    else:
        stones, last = position(record.turns, board, start)  # by stone colour
    diagram = Diagram(frame, letters, stones, last)
    if "diagram" in record.headers and record.headers["diagram"] != diagram_text(diagram, names):
        warn("diagram-replaced", "the diagram is drawn from the turns' cells, not copied from the post's own")
    slots = _slots(record, frame, warn, variant.spec, written)
    board_lines = render(diagram, names)
    entries = []
    for i in range(0, len(slots), 2):
        entries.append((f"{i // 2 + 1}.", *slots[i : i + 2]))
    lines = _lay_out(board_lines, entries, names)
    return "\n".join(lines) + "\n", warnings


def _player_letters(
    record: Record, variant: Variant, warn: Callable[[str, str], None]
) -> tuple[tuple[str, str], tuple[str, str]]:
    """Header names (written as the file's) and the diagram letters: the players' initials, or
    under too and product the colours' initials (then the names need not differ in initial)."""
    names = record.players
    either = variant.spec.either_colour
    first, second = names
    if (
        first
        and second
        and all(n.isascii() and n.isalpha() for n in (first, second))
        and (either or first[0].lower() != second[0].lower())
    ):
        letters = (first[0].lower(), second[0].lower())
        return (first, second), colour_initials(variant.spec) if either else letters
    if any(names):
        rule = "one word each" if either else "one word each, different initials"
        warn("players-dropped", f"the names {names} cannot head a diagram ({rule}); default letters are written")
    defaults = tuple(p[0] for p in variant.spec.players)
    if defaults[0].lower() == defaults[1].lower() or not all(d.isalpha() for d in defaults):
        defaults = ("X", "O")
    letters = colour_initials(variant.spec) if either else (defaults[0].lower(), defaults[1].lower())
    return (defaults[0], defaults[1]), letters


def _written(turn: Turn, frame: Frame, spec: VariantSpec) -> list[str]:
    """The cell names of a turn, each stone not of the mover's colour with its colour mark."""
    names = [frame.name(c) for c in turn.cells]
    if turn.colours:
        names = [
            n if colour == turn.player else n + colour_mark(spec, colour)
            for n, colour in zip(names, turn.colours, strict=True)
        ]
    return names


def _plain_slots(cells: list[tuple[Cell, ...]], frame: Frame, where: str) -> list[str]:
    """The slots of plain turns (`plain_of`) alternating from player 1, as `_slots` writes them,
    from a table of the slots written so far on the frame's board (they repeat across a
    collection); `WriteError` for a cell with no rga name, as `_write_one` says it."""
    # a turn not written yet: its cells checked, written and remembered
    return remembered_each(_slots_written(frame), cells, functools.partial(_plain_slot, frame=frame, where=where))


def _plain_slot(turn: tuple[Cell, ...], frame: Frame, where: str) -> str:
    for cell in turn:
        if cell not in frame.board or frame.cell(frame.name(cell)) != cell:
            raise WriteError(
                f"{where}: turn cell {cell} is not on {frame.describe()} and has no rga name", code="not-a-cell"
            )
    return " ".join(frame.name(c) for c in turn)


@lru_cache(maxsize=16)
def _slots_written(frame: Frame) -> dict[tuple[Cell, ...], str]:
    return {}


def _plain_position(
    cells: list[tuple[Cell, ...]], board: Board, start: Mapping[Cell, int] | None
) -> tuple[dict[Cell, int], frozenset[Cell]]:
    """`position` of plain turns alternating from player 1 (each turn places stones)."""
    stones: dict[Cell, int] = dict(start) if start else {}
    index = board.index
    player = 1
    for turn in cells:  # in order: a later placement wins
        for cell in turn:
            if cell in index:
                stones[cell] = player
        player = 3 - player
    last = cells[-1] if cells else ()
    return stones, frozenset(cell for cell in last if cell in board)


def _slots(
    record: Record,
    frame: Frame,
    warn: Callable[[str, str], None],
    spec: VariantSpec,
    written: list[str] | None = None,
) -> list[str]:
    """One string per turn slot in move-list order; players alternate from player 1. `written`:
    the slots of the turns, already written (`_plain_slots`)."""
    slots: list[str] = list(written) if written is not None else []
    for number, turn in enumerate(record.turns if written is None else (), start=1):
        if turn.player != len(slots) % 2 + 1:
            warn(
                "turn-order-dropped",
                f"turn {number} is player {turn.player}'s but the move list alternates; "
                "a '...' slot is written for the other player and reads back as an empty turn",
            )
            slots.append("...")
        slots.append(" ".join(_written(turn, frame, spec)) or "...")
    if record.resigned is not None:
        if record.resigned != len(slots) % 2 + 1:
            warn(
                "turn-order-dropped",
                "the resigning player is not the one to move; a '...' slot is written before "
                "'resign' and reads back as an empty turn",
            )
            slots.append("...")
        slots.append("resign")
    return slots


def _lay_out(board_lines: list[str], entries: list[tuple[str, ...]], names: tuple[str, str]) -> list[str]:
    """Put move entries beside the diagram rows (and below it when there are more), with the
    players' names heading the two turn columns."""
    footer = board_lines[-1]
    rows = board_lines[1:-1]
    left = " " * (len(rows[0]) + 2)  # where the move list starts
    num_w = max((len(e[0]) for e in entries), default=2) + 2
    first_w = max([len(e[1]) for e in entries if len(e) > 1] + [len(names[0])]) + 3
    texts = [
        e[0].ljust(num_w) + "".join(s.ljust(first_w) if i == 0 else s for i, s in enumerate(e[1:])) for e in entries
    ]
    lines = [(footer.ljust(len(left)) + " " * num_w + names[0].ljust(first_w) + names[1]).rstrip()]
    for i, row in enumerate(rows):
        lines.append((row + "  " + texts[i]).rstrip() if i < len(texts) else row.rstrip())
    lines.append(footer.rstrip())
    lines.extend((left + t).rstrip() for t in texts[len(rows) :])
    return lines
