"""Reading a move list into turns. An entry (`N.` then the first player's turn then the second's)
is split into turns by the header's player columns where the post has them, else by the gaps, or
one turn a line where the post numbers turns; a cell carries its colour mark (`i5=w`) or, where
the post or the variant says so, a capital for the other colour; `mo11` is m11 and o11;
corrections are applied as the names are read. The pairs that name no cell and the stones placed
twice are kept (`MoveList`) for the diagrams to explain (`mending`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

import attrs

from catchup_notation.board import Cell
from catchup_notation.formats.colours import (
    UNEXPECTED_MARK,
    colour_of_mark,
    mark_warning_due,
    unexpected_mark_message,
    unknown_mark_message,
)
from catchup_notation.formats.rga.blocks import Block
from catchup_notation.formats.rga.board import Frame
from catchup_notation.formats.rga.context import GameContext
from catchup_notation.formats.rga.lines import Line, PlayerColumn, boundary
from catchup_notation.model import Location, Turn

if TYPE_CHECKING:
    from lark import Token


#: A move of an entry as the move list is read: its kind (CELL, DOTS, PASS or RESIGN), its text and
#: its column (a plain entry's moves are kept so; others come from their tokens by `move_of`).
Move = tuple[str, str, int]


def move_of(token: Token) -> Move:
    """The move a token of an entry stands for."""
    return token.type, str(token), token.column or 1


@attrs.frozen
class BadPair:
    """A written pair that names no cell."""

    name: str
    turn: int
    player: int
    colour: int  # of the stone written there
    line: int
    column: int
    text: str


class Slip(NamedTuple):  # a tuple: made once a turn in a list that re-places stones
    """A stone the move list places on a cell an earlier stone already holds."""

    name: str
    turn: int
    player: int
    colour: int
    before: int  # the turn that placed the earlier stone
    line: int
    column: int


@attrs.define
class MoveList:
    """What a move list says: the turns, the pairs that name no cell, the stones placed twice."""

    turns: list[Turn] = attrs.Factory(list)
    bad: list[BadPair] = attrs.Factory(list)
    slips: list[Slip] = attrs.Factory(list)
    resigned: int | None = None
    resigned_at: Location | None = None
    after: list[int] = attrs.Factory(list)  # the number of turns read after each move entry
    dotted: set[int] = attrs.Factory(set)  # turns written as dots (`. . .`), by index
    # the last placement on each cell: (turn, name as read, line, column)
    named_at: dict[Cell, tuple[int, str, int, int]] = attrs.Factory(dict)


_ODD_MOVES = re.compile(
    r"(?<![A-Za-z])(plays|moves|has)\s+(the\s+)?(odd|even)(\s+|-)(moves|turns|numbers)(?![A-Za-z])", re.I
)
_SHARED_ROW = re.compile(r"([A-Za-z]{2,3})([0-9]+)")


class MoveListReading(GameContext):
    """Reads the move list of a game's blocks into turns."""

    def slots(self, block: Block, line: Line) -> list[list[Token]]:
        """The turns of a move entry: split by the header's player columns where the post has them
        (a warning where that differs from the gaps), else by the gaps; where the gaps make more
        than two turns, by where the header's names stand, if they were aligned with spaces."""
        gaps = [slot for slot in line.slots if slot]
        columns = block.players
        if columns is None and len(gaps) > 2:
            columns = self.name_columns(line)
        if columns is None or not gaps:
            return gaps
        first, second = columns
        split = boundary(first, second)
        by_position: list[list[Token]] = [[], []]
        for token in line.moves:
            by_position[int((token.column or 0) >= split)].append(token)
        while by_position and not by_position[-1]:
            by_position.pop()
        if by_position != gaps:
            where = block.players_line or block.header
            self.warn(
                "columns-by-position",
                f"move {line.entry.rstrip('.') if line.entry else '?'}: the turns are split by the player "
                f"columns of the header on line {where.number if where else '?'} ({second.mark}'s from column "
                f"{split}), not by the gaps: "
                + " | ".join(" ".join(str(t) for t in slot) or "(nothing)" for slot in by_position),
                line.number,
                line.moves[0].column,
            )
        while by_position and not by_position[-1]:
            by_position.pop()
        return by_position

    def name_columns(self, line: Line) -> tuple[PlayerColumn, PlayerColumn] | None:
        """The players' names of the header as player columns: each turn starts under its name
        (at most two columns before it). None when tabs make positions meaningless."""
        header = next((p.header for p in self.parts if p.header is not None and len(p.header.names) == 2), None)
        if header is None or "\t" in header.text or "\t" in line.text:
            return None
        one, two = header.names
        first = PlayerColumn(str(one), one.column or 1, (one.column or 1) + len(one) - 1, one.column or 1)
        return first, PlayerColumn(str(two), two.column or 1, (two.column or 1) + len(two) - 1, first.end + 1)

    @staticmethod
    def says_one_each(block: Block) -> str:
        """The words of a header that numbers the turns rather than the moves ("O plays odd moves"),
        or ""."""
        header = block.header
        if header is None or header.comment is None:
            return ""
        match = _ODD_MOVES.search(header.comment)
        return match.group() if match else ""

    def turns(self, block: Block, frame: Frame, corrections: Mapping[str, str]) -> MoveList:
        found = MoveList()
        turns = found.turns
        self.named = {}  # for `cell`, on this frame
        used: set[str] = set()
        placed: dict[Cell, int] = {}  # cell -> the turn that placed a stone there
        expected = 1
        said = self.says_one_each(block)
        # Each entry's turns, split first (the warnings of the split come first, in order). A plain
        # entry that its gaps alone split (no player columns, at most two turns: no warning) is read
        # from the moves it keeps (`Line.plain`), with no tokens: a long list held whole as tokens
        # kept the garbage collector busy for half the reading.
        entries: list[tuple[Line, int, list[tuple[Move, ...]] | None]] = []
        for line in block.entries:
            if line.plain is not None and block.players is None and len(line.plain) <= 2:
                entries.append((line, (1 if line.plain else 0) if said else len(line.plain), None))
                continue
            split = self.slots(block, line)
            if said:  # "X plays odd moves": whatever the gaps, a line is one player's turn
                split = [line.moves] if line.moves else []
            entries.append((line, len(split), [tuple(move_of(token) for token in slot) for slot in split]))
        filled = [count for _, count, _ in entries if count]
        one_each = block.players is None and (said or (len(filled) >= 2 and all(count == 1 for count in filled)))
        if one_each and filled:
            first = next(line for line, count, _ in entries if count)
            self.warn(
                "one-player-lines",
                (f"the header says {said!r}: " if said else "every move line holds one turn: ")
                + "each line is read as one player's turn, the players alternating from the first",
                first.number,
                first.moves[0].column,
            )
        for line, _, kept in entries:
            assert line.entry is not None
            slots: Sequence[Sequence[Move]]
            if kept is not None:
                slots = kept
            else:  # a plain entry, split as `slots` splits it: by the gaps alone (none is empty)
                assert line.plain is not None
                slots = line.plain
                if said:  # one turn of all its moves
                    slots = [[move for slot in line.plain for move in slot]] if line.plain else []
            number = int(line.entry.rstrip("."))
            if number != expected:
                self.warn(
                    "move-number",
                    f"move number {number} where {expected} was expected; the turns are read in the order written",
                    line.number,
                    line.entry.column,
                )
            expected = number + 1
            if len(slots) > 2:
                raise self.fail_at(
                    line,
                    slots[2][0][2],
                    f"move {number} has {len(slots)} turns; a move holds the "
                    "first player's turn and the second player's, separated by a tab or "
                    "two spaces (cells of one turn are separated by one space)",
                    "move-list",
                )
            for index, slot in enumerate(slots):
                player = len(turns) % 2 + 1 if one_each else index + 1
                if found.resigned is not None:
                    where = slot[0][2] if slot else line.entry.column or 1
                    raise self.fail_at(line, where, "the move list goes on after a resignation", "resign")
                if not slot:
                    self.warn(
                        "missing-turn",
                        f"move {number}: nothing in the first player's column; read as a turn that places no stone",
                        line.number,
                        line.entry.column,
                    )
                    turns.append(Turn(player, (), at=Location(line.number, line.entry.column or 1)))
                    continue
                resigns = slot[0][0] == "RESIGN" if len(slot) == 1 else any(m[0] == "RESIGN" for m in slot)
                if resigns:
                    if len(slot) > 1:
                        raise self.fail_at(line, slot[0][2], "'resign' must stand alone in its turn", "resign")
                    found.resigned, found.resigned_at = player, Location(line.number, slot[0][2])
                    continue
                self.read_turn(found, line, slot, player, frame, corrections, used, placed)
            found.after.append(len(turns))
        self.turn_to_come(found)
        for key in corrections:
            if key not in used:
                self.warn("unused-correction", f"the correction for {key!r} matched nothing in the move list")
        return found

    def turn_to_come(self, found: MoveList) -> None:
        """A move list that ends in one turn written as dots (`2.  . . .`) leaves that turn to come:
        it is not read as a pass (two such turns at the end are passes, which may end a game)."""
        turns = found.turns
        last = len(turns) - 1
        if found.resigned is not None or last not in found.dotted or last - 1 in found.dotted:
            return
        dropped = turns.pop()
        found.dotted.discard(last)
        found.after = [min(count, len(turns)) for count in found.after]
        at = dropped.at
        self.warn(
            "to-move",
            f"the move list ends with turn {last + 1} written as dots: read as the turn still to come "
            f"({self.spec.players[dropped.player - 1]} to move), not as a pass",
            at.line if at is not None else None,
            at.column if at is not None else None,
        )

    def read_turn(
        self,
        found: MoveList,
        line: Line,
        slot: Sequence[Move],
        player: int,
        frame: Frame,
        corrections: Mapping[str, str],
        used: set[str],
        placed: dict[Cell, int],
    ) -> None:
        turn_no = len(found.turns) + 1
        cells: list[Cell] = []
        colours: list[int] = []
        named = self.named
        for kind, text, column in slot:
            if kind != "CELL":  # a placeholder or a pass places nothing
                continue
            written, _, mark = text.lower().partition("=")
            if mark:
                colour = self.marked(line, column, written, mark)
            else:  # capitals: a stone of the other colour, where the post or the variant says so
                colour = 3 - player if self.capitals_other and text[0].isupper() else player
            shared = written[1:2].isalpha()  # `mo11` may be two cells; most names have one letter
            for name in self.names(written, line, column, frame) if shared else (written,):
                stone = colour
                if corrections:
                    name = self.corrected(name, turn_no, corrections, used, line, column)
                    if "=" in name:  # a correction of the stone's colour: `c9=o`
                        name, _, fixed = name.partition("=")
                        stone = self.marked(line, column, name, fixed)
                cell = named[name] if name in named else self.cell(name, frame)
                if cell is None:
                    found.bad.append(BadPair(name, turn_no, player, stone, line.number, column, line.text))
                    continue
                if cell in placed:
                    found.slips.append(Slip(name, turn_no, player, stone, placed[cell], line.number, column))
                placed[cell] = turn_no
                found.named_at[cell] = (turn_no, name, line.number, column)
                cells.append(cell)
                colours.append(stone)
        if slot[0][0] == "DOTS" and all(m[0] == "DOTS" for m in slot):
            self.warn(
                "placeholder-turn",
                f"turn {turn_no} is only the placeholder {slot[0][1]!r}: read as a turn that places no stone",
                line.number,
                slot[0][2],
            )
        elif all(m[0] == "PASS" for m in slot):
            found.dotted.add(turn_no - 1)
        # the mover's own colour throughout is no colours, as Turn would make it (without the check)
        own = colours.count(player) == len(colours)
        found.turns.append(
            Turn(player, tuple(cells), (), () if own else tuple(colours), Location(line.number, slot[0][2]))
        )

    def marked(self, line: Line, column: int, written: str, mark: str) -> int:
        """The colour a cell's colour mark names (`i5=w`, the cell at `column`), or an error at the mark."""
        column += len(written)
        colour = colour_of_mark(self.spec, mark)
        if colour is None:
            raise self.fail_at(line, column, unknown_mark_message(self.spec, mark), "colour-mark")
        if mark_warning_due(self.spec, self.warnings):
            self.warn(UNEXPECTED_MARK, unexpected_mark_message(self.spec), line.number, column)
        return colour

    def corrected(
        self, name: str, turn_no: int, corrections: Mapping[str, str], used: set[str], line: Line, column: int
    ) -> str:
        """The name a correction gives for this turn's `name` (`turn:name`, else `name`), or `name`."""
        meant = corrections.get(f"{turn_no}:{name}", corrections.get(name))
        if meant is None:
            return name
        used.update(k for k in (f"{turn_no}:{name}", name) if k in corrections)
        self.warn("corrected", f"turn {turn_no}: {name} read as {meant} (correction)", line.number, column)
        return meant

    def cell(self, name: str, frame: Frame) -> Cell | None:
        """`frame.cell` of the name as if lettered from `a`, remembered: a game names few cells many times."""
        if name not in self.named:
            self.named[name] = frame.cell(self.unshifted(name))
        return self.named[name]

    def names(self, written: str, line: Line, column: int, frame: Frame) -> list[str]:
        """`mo11` is two cells sharing one row number, m11 and o11 (a warning says so), when every
        one of them is a cell of the board; otherwise the name stays as written, to be reported."""
        match = _SHARED_ROW.fullmatch(written)
        if match is None:
            return [written]
        names = [letter + match.group(2) for letter in match.group(1)]
        if not all((cell := frame.cell(self.unshifted(name))) is not None and cell in frame.board for name in names):
            return [written]
        self.warn(
            "shared-row-number",
            f"{written} is read as {' and '.join(names)} (cells sharing one row number)",
            line.number,
            column,
        )
        return names
