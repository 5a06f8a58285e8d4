"""Small builders for tests: games from LG/Genius-style cell names (A1 = top row, left end)."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

from hypothesis import strategies as st

from catchup_notation import formats
from catchup_notation.board import Cell
from catchup_notation.formats.base import NotationWarning, Parsed, ReadOptions
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import VariantSpec, hex_variants, parse_variant
from catchup_notation.shapes import random_board


def playable(spec: VariantSpec, **required: int) -> str:
    """The spec's name as a variant string, with its required parameters set (brink: x=2)."""
    values = [f"{p.name}={required.get(p.name, 2)}" for p in spec.parameters if p.required]
    return f"{spec.name}({', '.join(values)})" if values else spec.name


#: Every registered hex variant, as a variant string that parses.
HEX_VARIANTS = [playable(spec) for spec in hex_variants()]


def solvable(variant: str) -> bool:
    """Whether the exact solver searches the variant's positions: not sauce (both players may pass
    for ever, so no value exists) nor sabotage-malthus (a turn's stones depend on every group)."""
    game = parse_variant(variant).new_game()
    return not game.endless and not game.counts_from_all_groups


#: The hex variants the exact solver searches (the others it refuses, saying why).
SOLVABLE_VARIANTS = [v for v in HEX_VARIANTS if solvable(v)]


def cell(name: str, side: int = 5) -> Cell:
    """'E5' on side 5 -> (0, 0): row letter from the top, number from the left of the row."""
    radius = side - 1
    r = ord(name[0].upper()) - ord("A") - radius
    return (int(name[1:]) - 1 + max(-radius, -radius - r), r)


def turn(player: int, text: str, side: int = 5) -> Turn:
    return Turn(player, tuple(cell(c, side) for c in text.split()))


def record(variant: str, *turns: str, side: int = 5, resigned: int | None = None) -> Record:
    """Turns alternate from player 1; '-' is a pass."""
    return Record(
        str(parse_variant(variant, size=side)),
        tuple(turn(1 + i % 2, "" if t == "-" else t, side) for i, t in enumerate(turns)),
        resigned=resigned,
    )


def game_after(variant: str, *turns: str, side: int = 5):
    game = parse_variant(variant, size=side).new_game()
    for t in record(variant, *turns, side=side).turns:
        game.play(t)
    return game


def read_with(format_name: str, text: str, **options: object) -> list[Parsed]:
    """Every item one format reads from `text` (the syntax layer alone)."""
    return list(formats.get(format_name).read([text], ReadOptions(**options)))  # type: ignore[arg-type]


def write_with(format_name: str, records: list[Record], **options: object) -> tuple[str, list[NotationWarning]]:
    """The text one format writes for `records`, and its warnings."""
    out = io.StringIO()
    warnings = formats.get(format_name).write(records, out, **options)  # type: ignore[call-arg]
    return out.getvalue(), warnings


def read_file(path: object, **options: object) -> list[Parsed]:
    """What `catchup_notation.read` finds in a file, as syntax-level items (record or error)."""
    from catchup_notation import read

    return [
        Parsed(g.source.index, g.record if g.readable else None, g.reading_error, g.warnings, g.source.line)
        for g in read(path, **options)  # type: ignore[arg-type]
    ]


@st.composite
def shapes(draw) -> frozenset:
    """A random board: a scatter of cells (often disconnected, with holes) or a seeded blob."""
    if draw(st.booleans()):
        cells = draw(st.integers(7, 30))
        return frozenset(random_board(draw(st.integers(0, 10**6)), cells, draw(st.integers(0, cells // 7))).cells)
    coordinate = st.integers(-3, 3)
    return frozenset(draw(st.sets(st.tuples(coordinate, coordinate), min_size=2, max_size=24)))


def mutate(text: str, rng: random.Random, pieces: list[str], most: int = 4) -> str:
    """`text` with 1 to `most` slips: a character deleted, or one of `pieces` inserted."""
    chars = list(text)
    for _ in range(rng.randint(1, most)):
        pos = rng.randrange(len(chars) + 1)
        if chars and pos < len(chars) and rng.random() < 0.4:
            del chars[pos]
        else:
            chars.insert(pos, rng.choice(pieces))
    return "".join(chars)


def broken_turn(rng: random.Random, game, player: int, off_board: Cell = (99, 99), colours: bool = True) -> Turn:
    """A turn that often breaks one rule: a count not allowed, an occupied or `off_board` cell, a
    cell twice, the wrong player, stones of the wrong colour (with `colours`); now and then it
    happens to be legal."""
    empties = game.empty_cells()
    taken = [c for c in game.board.cells if c not in set(empties)]
    cells = rng.sample(empties, rng.randint(0, min(4, len(empties))))
    kind = rng.randrange(7 if colours else 5)
    if kind == 0 and taken:
        cells.append(rng.choice(taken))
    elif kind == 1:
        cells.append(off_board)
    elif kind == 2 and cells:
        cells.append(cells[0])
    elif kind == 3:
        player = 3 - player
    elif kind == 4:
        return Turn(player, tuple(cells), colours=tuple(rng.choice((1, 2)) for _ in cells))
    return Turn(player, tuple(cells))


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used (user and system, every thread), from /proc; 0 when
    it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
