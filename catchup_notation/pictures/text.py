"""Plain-text pictures of hex positions, for terminals (`catchup show`).

Rows are indented so that the board reads as a hexagon; `.` is an empty cell, each stone colour
has a lower-case symbol (the initial of its name: `w`/`b` for White/Black, `r`/`g` for Red/Green;
in too and product the stones' colours, not the players who placed them) and the stones of the
last turn are in brackets, `(w)`, two side by side in one pair, `(w w)` (not in capitals, which
would read as row letters). Row letters are written at both ends of each row and cell numbers above
the top row and below the bottom row (Little Golem names: a cell's number counts from 1 at the left
end of its row; given a notation's names of the cells, its own row letters: Abstract Play's count
from `a` at the bottom, see `pictures.names`).
"""

from __future__ import annotations

from collections.abc import Iterable

from catchup_notation.board import ROW_LETTERS, Board, Cell
from catchup_notation.model import GameState, HexState, NumbersState
from catchup_notation.pictures.caption import caption_lines
from catchup_notation.pictures.names import CellNames, Parts, parts_of
from catchup_notation.rules.registry import parse_variant


def player_symbols(names: tuple[str, str]) -> tuple[str, str]:
    """Lower-case initials of the players' names, or x/o when they would clash or are not letters
    (players called O and X keep their own letters)."""
    initials = tuple(name[:1].lower() for name in names)
    if set(initials) == {"o", "x"}:
        return initials  # type: ignore[return-value]
    if initials[0] == initials[1] or not all(i.isalpha() and i not in ".xo" for i in initials):
        return ("x", "o")
    return initials  # type: ignore[return-value]


def render(
    state: HexState,
    *,
    last_turn_cells: Iterable[Cell] = (),
    symbols: tuple[str, str] | None = None,
    cell_names: CellNames | None = None,
) -> str:
    """The position as lines of text (no trailing newline); its rows and numbers labelled in the
    names `cell_names` gives (see `pictures.names`), else Little Golem's."""
    variant = parse_variant(state.variant)
    board = variant.board
    parts = parts_of(board, cell_names)
    symbols = symbols or player_symbols(variant.spec.colours)
    last = set(last_turn_cells)
    owner: dict[Cell, str] = {}
    for player, stones in enumerate(state.stones):
        for cell in stones:
            owner[cell] = symbols[player]

    if board.side is None:
        return _render_any(board, owner, last, parts if cell_names is not None else None)
    widest = max(len(parts(cell)[1]) for cell in board.cells)
    slot = max(widest, 1) + 1  # every cell takes the same width, so rows line up
    lines = []
    top, bottom = board.rows[0], board.rows[-1]
    # The left margin of a row: its letter and a space, plus half a slot per step from the middle.
    indent = [abs(r) * slot // 2 for _, r in (row[0] for row in board.rows)]
    lines.append(" " * (indent[0] + 2) + _numbers(top, parts, slot))
    for row, pad in zip(board.rows, indent, strict=True):
        letter = parts(row[0])[0]
        cells = "".join(f"{owner.get(cell, '.'):<{slot}}" for cell in row).rstrip()
        end = "  " if row[-1] in last else " "  # room for the bracket after the row's last cell
        line = list(f"{' ' * pad}{letter} {cells}{end}{letter}")
        _bracket(line, [pad + 2 + k * slot for k, cell in enumerate(row) if cell in last], slot)
        lines.append("".join(line))
    lines.append(" " * (indent[-1] + 2) + _numbers(bottom, parts, slot))
    return "\n".join(line.rstrip() for line in lines)


def _bracket(line: list[str], spots: list[int], step: int) -> None:
    """Brackets around the marks at `spots` of a row's characters (in the spaces beside them), one
    pair around each run of neighbours (`step` apart)."""
    runs: list[list[int]] = []
    for spot in spots:
        if runs and spot - runs[-1][-1] == step:
            runs[-1].append(spot)
        else:
            runs.append([spot])
    for run in runs:
        line[run[0] - 1], line[run[-1] + 1] = "(", ")"


def _render_any(board: Board, owner: dict[Cell, str], last: set[Cell], parts: Parts | None) -> str:
    """A board of any shape: every cell at its doubled column, a row's letter at both ends (in
    the names of `parts`, where given; a row with no cell then has none)."""
    left = min(2 * q + r for q, r in board.cells)
    rows = {row[0][1]: row for row in board.rows}
    lines = []
    for k in range(board.rows[-1][0][1] - board.top + 1):
        r = board.top + k
        row = rows.get(r, ())
        if parts is not None:
            letter = parts(row[0])[0] if row else ""
        else:
            letter = ROW_LETTERS[k] if k < len(ROW_LETTERS) else "?"
        if not row:
            lines.append(letter)
            continue
        line = [" "] * (2 * row[-1][0] + r - left + 1)
        for q, _ in row:
            line[2 * q + r - left] = owner.get((q, r), ".")
        pad = 2 * row[0][0] + r - left
        end = "  " if row[-1] in last else " "
        drawn = list(f"{' ' * pad}{letter} {''.join(line[pad:])}{end}{letter}")
        _bracket(drawn, [2 * q + r - left + 2 for q, _ in row if (q, r) in last], 2)
        lines.append("".join(drawn))
    return "\n".join(line.rstrip() for line in lines)


def _numbers(row: tuple[Cell, ...], parts: Parts, slot: int) -> str:
    return "".join(f"{parts(cell)[1]:<{slot}}" for cell in row).rstrip()


def legend(state: HexState, names: tuple[str, str] | None = None, symbols: tuple[str, str] | None = None) -> str:
    """'w White: score 3, groups 3-1 · b Black: ...' with the move to come; `names` are the
    players' (the stone lines name the colours where they differ from the players: too, product)."""
    symbols = symbols or player_symbols(parse_variant(state.variant).spec.colours)
    head, *stones = caption_lines(state, names)
    return "\n".join([head, *(f"{symbol} {line}" for symbol, line in zip(symbols, stones, strict=True))])


def numbers_text(state: NumbersState, names: tuple[str, str] | None = None) -> str:
    """A number-set position: what remains and both scores."""
    names = names or parse_variant(state.variant).spec.players
    remaining = "{" + ", ".join(map(str, state.remaining)) + "}" if state.remaining else "{}"
    after = "game over" if state.over else f"{names[state.to_move - 1]} to move" if state.to_move else ""
    return "\n".join(
        [
            f"{state.variant}, after turn {state.turns_played}" + (f": {after}" if after else ""),
            f"remaining: {remaining}",
            f"{names[0]}: {state.scores[0]}",
            f"{names[1]}: {state.scores[1]}",
        ]
    )


def position_text(
    state: GameState,
    *,
    last_turn_cells: Iterable[Cell] = (),
    names: tuple[str, str] | None = None,
    cell_names: CellNames | None = None,
) -> str:
    """Any position as text: the board (labelled as `render` says) and its legend, or a
    number-set position's scores."""
    if isinstance(state, HexState):
        board = render(state, last_turn_cells=last_turn_cells, cell_names=cell_names)
        return board + "\n" + legend(state, names=names)
    return numbers_text(state, names)
