"""What `catchup solve` prints: the JSON object and the text lines of a solution, hex or number-set,
and the SVG pictures of a hex position's winning turns.

Hex cells are named as the engine names them, in the text, the JSON and the pictures' rows: a
record's position in the record's notation (or the one `--labels` names), an empty board the
Little Golem way (`Board.label`: E5 is the centre of side 5); a stone of the other colour (too,
product) carries its colour mark (`E5=w`) in text, and `colours` in JSON. The JSON
object starts with the fields every report shares (`record_fields`); its JSON Schema ships as
`grammars/solve.schema.json`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from catchup_notation.board import Cell
from catchup_notation.model import Turn
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.solvers.endgame import EndgameResult, MoveValue
from catchup_notation.solvers.numberset.solver import Solution

if TYPE_CHECKING:
    from catchup_notation.game import Game

#: A solve report's `status`: the value with perfect play was found, or the search stopped first.
SOLVED, UNSOLVED = "solved", "unsolved"

#: Fills of the cells in a map of first moves (win, draw, loss for the player to move).
VALUE_FILLS = {1: "#7fc97f", 0: "#d9d9d9", -1: "#f0a0a0"}
VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}
#: How the caption of a map names each value's fill.
_FILL_NAMES = {1: "green", 0: "grey", -1: "red"}


# ---------------------------------------------------------------------------------------------
# Hex


def record_fields(record: Game | None, variant: str, turns: int) -> dict[str, Any]:
    """The fields every report starts with (see `catchup_notation.reports`), for a position of
    `record` after `turns` turns, or of no record (an empty board, a number set: nulls)."""
    from catchup_notation.reports import warning_reports
    from catchup_notation.serialization import to_data

    return {
        "source": record.source.file if record else None,
        "index": record.source.index if record else 0,
        "line": (record.source.line or (record.record.at.line if record.record.at else None)) if record else None,
        "format": record.format if record else None,
        "variant": variant,
        "players": list(record.record.players) if record else [None, None],
        "turns": turns,
        "warnings": to_data(warning_reports(record.warnings)) if record else [],
        "error": None,
    }


def turn_data(game: HexGame, turn: Turn) -> dict[str, Any]:
    """{"player": 1, "cells": ["E5", "F6"]} (+ "colours": [1, 2] where a stone is not the mover's)."""
    namer = game.cell_namer
    data: dict[str, Any] = {"player": turn.player, "cells": [namer(c) for c in turn.cells]}
    if turn.colours:
        data["colours"] = list(turn.colours)
    return data


def hex_solution_data(game: HexGame, result: EndgameResult, record: Game | None = None) -> dict[str, Any]:
    """The JSON object of `catchup solve` for a hex position (of `record`, when it is one's)."""
    data: dict[str, Any] = {
        **record_fields(record, str(game.variant), game.turns_played),
        "status": SOLVED if result.value is not None else UNSOLVED,
        "empty": result.empty,
        "to_move": result.to_move,
        "value": result.value,
        "winner": result.winner,
        "draw": result.draw,
        "principal_line": [turn_data(game, t) for t in result.principal_line],
    }
    if result.moves:
        data["moves"] = [{**turn_data(game, m.turn), "value": m.value, "orbit": m.orbit} for m in result.moves]
    data.update(
        nodes=result.nodes,
        seconds=round(result.seconds, 3),
        table_entries=result.table_entries,
        table_capacity=result.table_capacity,
        symmetries=result.symmetries,
        jobs=result.jobs,
        complete=result.complete,
        stopped=result.stopped,
    )
    return data


def hex_solution_lines(game: HexGame, result: EndgameResult) -> list[str]:
    """The text of `catchup solve` for a hex position."""
    names = game.names
    where = "the empty board" if game.turns_played == 0 else f"after turn {game.turns_played}"
    head = f"{game.variant}, {where} ({result.empty} empty cells)"
    if result.to_move is None:
        assert result.final is not None
        return [f"{head}: the game is over; {result.final.explanation}"]
    mover = names[result.to_move - 1]
    if result.value is None:
        lines = [f"{head}, {mover} to move: {UNSOLVED} ({result.stopped})"]
    else:
        outcome = "a draw" if result.value == 0 else f"{names[result.winner - 1] if result.winner else '?'} wins"
        lines = [f"{head}, {mover} to move: {outcome} with perfect play (value {result.value:+d} for {mover})"]
        if not result.complete:
            lines.append(f"  (a winning turn was found before the search stopped: {result.stopped})")
    if result.principal_line:
        lines.append("line: " + " / ".join(game.turn_text(t) for t in result.principal_line))
    if result.moves:
        orbits = list(_orbits(result.moves))
        counted = "up to symmetry, " if result.symmetries > 1 else ""
        lines.append(f"turns for {mover} ({counted}{len(orbits)} of {len(result.moves)}; value for {mover}):")
        for value, turns in sorted(orbits, key=lambda item: -2 if item[0] is None else -item[0]):
            shown = game.turn_text(turns[0])
            more = f"  (and {len(turns) - 1} symmetric)" if len(turns) > 1 else ""
            words = "not valued" if value is None else f"{value:+d} {VALUE_WORDS[value]}"
            lines.append(f"  {words:>8}  {shown}{more}")
    table = f"table {result.table_entries} entries (bound {result.table_capacity})"
    symmetric = f"; {result.symmetries} symmetries" if result.symmetries > 1 else ""
    jobs = f"; {result.jobs} processes" if result.jobs > 1 else ""
    lines.append(f"{result.nodes} nodes in {result.seconds:.2f} s; {table}{symmetric}{jobs}")
    return lines


def _orbits(moves: tuple[MoveValue, ...]) -> Iterator[tuple[int | None, list[Turn]]]:
    """(value, turns) per symmetry orbit, in the order the orbits first appear."""
    grouped: dict[int, list[MoveValue]] = {}
    for move in moves:
        grouped.setdefault(move.orbit, []).append(move)
    for members in grouped.values():
        yield members[0].value, [m.turn for m in members]


def write_move_pictures(game: HexGame, result: EndgameResult, folder: Path) -> list[Path]:
    """SVG files in `folder`: the position after each winning turn (one per symmetry orbit, the
    turn's stones marked as the last turn) and, where every turn places one stone, a map of the
    board with each cell painted by the value of playing there (one map per stone colour where the
    mover picks colours). Returns the paths written."""
    from catchup_notation.pictures.svg import state_svg
    from catchup_notation.writing import write_file

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    best = result.value
    seen: set[int] = set()
    rank = 0
    for move in result.moves:
        if move.value != best or move.orbit in seen or best is None:
            continue
        seen.add(move.orbit)
        rank += 1
        after = game.copy()
        after.play(move.turn)
        name = "-".join(game.turn_text(move.turn).replace("=", "").split()) or "pass"
        path = folder / f"best-{rank:02d}-{name}.svg"
        write_file(path, state_svg(after.state(), last_turn_cells=move.turn.cells, cell_names=game.cell_namer))
        written.append(path)
    if result.moves and all(len(m.turn.cells) == 1 for m in result.moves):
        for colour in (1, 2):
            fills = {
                m.turn.cells[0]: VALUE_FILLS[m.value]
                for m in result.moves
                if m.value is not None and m.turn.stone_colours[0] == colour
            }
            if not fills:
                continue
            suffix = "" if not game.either_colour else f"-{game.colour_names[colour - 1].lower()}"
            path = folder / f"map{suffix}.svg"
            caption = _map_caption(game, colour, fills)
            write_file(path, state_svg(game.state(), cell_fills=fills, caption=caption, cell_names=game.cell_namer))
            written.append(path)
    return written


def _map_caption(game: HexGame, colour: int, fills: dict[Cell, str]) -> list[str]:
    """The words under a map of first moves: whose turn, what stone, and which fill means what."""
    mover = game.names[game.to_move - 1] if game.to_move is not None else "the mover"
    stone = f"a {game.colour_names[colour - 1]} stone" if game.either_colour else "a stone"
    when = "the empty board" if not game.history else f"after turn {len(game.history)}"
    shown = set(fills.values())
    legend = [f"{name}: {VALUE_WORDS[value]}" for value, name in _FILL_NAMES.items() if VALUE_FILLS[value] in shown]
    return [f"{game.variant}, {when}", f"{mover} plays {stone} on each cell:", ", ".join(legend)]


# ---------------------------------------------------------------------------------------------
# Number sets


def _value_words(value: int) -> str:
    return {1: "P1 wins", 0: "draw", -1: "P2 wins"}[value]


def numbers_solution_data(variant: str, s: Solution, record: Game | None = None, turns: int = 0) -> dict[str, Any]:
    """The JSON object of `catchup solve` for number-set Catch-Up (a position of `record` after
    `turns` turns, when it is one's); `value` is for P1."""
    return {
        **record_fields(record, variant, turns),
        "status": SOLVED if s.value is not None else UNSOLVED,
        "numbers": list(s.numbers),
        "scores": list(s.scores),
        "to_move": s.to_move,
        "value": s.value,
        "mover_value": s.mover_value,
        "best_moves": [list(m) for m in s.best_moves],
        "move_values": [[list(m), v] for m, v in s.move_values],
        "nodes": s.nodes,
        "seconds": round(s.seconds, 6),
        "jobs": s.jobs,
        "complete": s.complete,
        "stopped": s.stopped,
    }


def numbers_solution_lines(variant: str, s: Solution) -> list[str]:
    """The text of `catchup solve` for number-set Catch-Up."""
    if s.value is None:
        lines = [f"{variant}: {UNSOLVED} ({s.stopped})"]
    else:
        lines = [f"{variant}: value {s.value:+d} for P1 ({_value_words(s.value)} with perfect play)"]
    if s.to_move is not None and s.best_moves:
        mover = f"P{s.to_move}"
        moves = " ".join("<" + ", ".join(map(str, m)) + ">" for m in s.best_moves)
        lines.append(f"optimal moves for {mover} at {s.scores[0]}-{s.scores[1]}: {moves}")
    if s.to_move is not None and s.move_values and len(s.move_values) > len(s.best_moves):
        others = sorted({v for _, v in s.move_values if v != s.mover_value}, reverse=True)
        for value in others:
            moves = " ".join("<" + ", ".join(map(str, m)) + ">" for m, v in s.move_values if v == value)
            lines.append(f"moves worth {value:+d} for P{s.to_move}: {moves}")
    lines.append(f"{s.nodes} nodes searched in {s.seconds:.3f} s")
    return lines
