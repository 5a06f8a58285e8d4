"""Analyses as the protocol writes them, one line each, and read back (the client's side).

A line holds the candidate turns, best first, then the root, in the manner of the analysis
commands of Go engines:

    info move D4,F6 visits 812 win 0.5412 low 0.5070 high 0.5750 proven - order 0 pv D4,F6 E5 \
info move ... root to_move w visits 1000 win 0.5390 low 0.5100 high 0.5680 proven - \
playouts 1000 nodes 5234 seconds 1.003 threads 2 seed 7 stopped time pv D4,F6 E5

(one line, broken here). A turn is its cells' Little Golem names joined by commas (`D4,F6`), or
`pass`; `pv` is a line of such turns, and runs to the next `info`, `root` or the line's end. Chances
of winning are for the player who makes the turn (`info`) or is to move (`root`); `proven` is `win`,
`draw`, `loss`, or `-` for an estimate. `stopped` says why a search stopped (`-` while it runs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from catchup_notation.board import Board, Cell
from catchup_notation.engine.analysis import Analysis, Candidate, Limit, Value
from catchup_notation.model import Turn
from catchup_notation.rules.registry import Variant

PROVEN = {1: "win", 0: "draw", -1: "loss"}
_PROOF = {word: outcome for outcome, word in PROVEN.items()}
_SECTIONS = ("info", "root")


class InfoError(ValueError):
    """An analysis line that does not say what this module writes."""


def turn_word(turn: Turn, namer: Callable[[Turn], str]) -> str:
    """A turn as one word: `D4,F6`, `E5=w`, `pass` (`namer` writes it with spaces, as `play` reads)."""
    return ",".join(namer(turn).split())


def format_line(analysis: Analysis, namer: Callable[[Turn], str], colour: str, *, final: bool) -> str:
    """One analysis as a line (no line break): its candidates, then the root; `colour` is the
    letter of the player to move, `final` whether the search has stopped."""
    parts: list[str] = []
    for order, candidate in enumerate(analysis.candidates):
        parts += ["info", "move", turn_word(candidate.turn, namer), *_value_words(candidate.value)]
        parts += ["order", str(order), "pv", *(turn_word(t, namer) for t in candidate.line)]
    value = analysis.value
    parts += ["root", "to_move", colour, *_value_words(value)]
    parts += ["playouts", str(analysis.playouts), "nodes", str(analysis.nodes), "seconds", f"{analysis.seconds:.3f}"]
    parts += ["threads", str(analysis.threads), "seed", "-" if analysis.seed is None else str(analysis.seed)]
    parts += ["stopped", analysis.stopped if final and analysis.stopped else "-"]
    parts += ["pv", *(turn_word(t, namer) for t in analysis.line)]
    return " ".join(parts)


def _value_words(value: Value) -> list[str]:
    proven = "-" if value.proven is None else PROVEN[value.proven]
    return [
        "visits",
        str(value.visits),
        "win",
        f"{value.win:.4f}",
        "low",
        f"{value.low:.4f}",
        "high",
        f"{value.high:.4f}",
        "proven",
        proven,
    ]


# -- reading it back ---------------------------------------------------------------------------


def parse_line(line: str, variant: Variant, to_move: int, limit: Limit) -> Analysis:
    """The analysis a line says, its turns read on `variant`'s board; the player to move is
    `to_move` (the turns of a line alternate from there). Raises `InfoError`."""
    sections = list(_sections(line.split()))
    candidates = []
    root: dict[str, str] | None = None
    root_pv: list[str] = []
    for kind, fields, pv in sections:
        if kind == "info":
            move = _field(fields, "move")
            turns = _line(pv, variant, to_move)
            candidates.append(Candidate(parse_turn(move, variant, to_move), _value(fields), turns))
        else:
            root, root_pv = fields, pv
    if root is None:
        raise InfoError(f"no root in the analysis line {line[:80]!r}")
    stopped = _field(root, "stopped")
    seed = _field(root, "seed")
    line_turns = _line(root_pv, variant, to_move)
    try:
        return Analysis(
            to_move=to_move,
            value=_value(root),
            best=line_turns[0] if line_turns else (candidates[0].turn if candidates else None),
            line=line_turns,
            candidates=tuple(candidates),
            playouts=int(_field(root, "playouts")),
            nodes=int(_field(root, "nodes")),
            seconds=float(_field(root, "seconds")),
            threads=int(_field(root, "threads")),
            seed=None if seed == "-" else int(seed),
            limit=limit,
            stopped="" if stopped == "-" else stopped,
        )
    except ValueError as exc:
        raise InfoError(f"a bad number in the analysis line: {exc}") from None


def _sections(words: Sequence[str]) -> Iterator[tuple[str, dict[str, str], list[str]]]:
    i = 0
    while i < len(words):
        kind = words[i]
        if kind not in _SECTIONS:
            raise InfoError(f"expected info or root, not {kind!r}")
        i += 1
        fields: dict[str, str] = {}
        pv: list[str] = []
        while i < len(words) and words[i] not in _SECTIONS:
            key = words[i]
            if key == "pv":
                i += 1
                while i < len(words) and words[i] not in _SECTIONS:
                    pv.append(words[i])
                    i += 1
                break
            if i + 1 >= len(words):
                raise InfoError(f"{key!r} has no value")
            fields[key] = words[i + 1]
            i += 2
        yield kind, fields, pv


def _field(fields: dict[str, str], key: str) -> str:
    try:
        return fields[key]
    except KeyError:
        raise InfoError(f"the analysis line gives no {key}") from None


def _value(fields: dict[str, str]) -> Value:
    proven = _field(fields, "proven")
    if proven != "-" and proven not in _PROOF:
        raise InfoError(f"proven is win, draw, loss or -, not {proven!r}")
    try:
        return Value(
            float(_field(fields, "win")),
            float(_field(fields, "low")),
            float(_field(fields, "high")),
            None if proven == "-" else _PROOF[proven],
            int(_field(fields, "visits")),
        )
    except ValueError as exc:
        raise InfoError(f"a bad number in the analysis line: {exc}") from None


def _line(words: Sequence[str], variant: Variant, to_move: int) -> tuple[Turn, ...]:
    player = to_move
    turns = []
    for word in words:
        turns.append(parse_turn(word, variant, player))
        player = 3 - player
    return tuple(turns)


def parse_turn(word: str, variant: Variant, player: int) -> Turn:
    """The turn a word writes (`D4,F6`, `E5=w`, `pass`) for `player` on `variant`'s board."""
    from catchup_notation.formats.colours import colour_of_mark

    if word.lower() == "pass":
        return Turn(player)
    cells: list[Cell] = []
    colours: list[int] = []
    names = _names(variant.board)
    for piece in word.split(","):
        name, marked, mark = piece.partition("=")
        cell = names.get(name.upper())
        colour = colour_of_mark(variant.spec, mark) if marked else player
        if cell is None or colour is None:
            raise InfoError(f"{piece!r} is no stone on {variant}'s board")
        cells.append(cell)
        colours.append(colour)
    return Turn(player, tuple(cells), colours=tuple(colours))


@lru_cache(maxsize=16)
def _names(board: Board) -> dict[str, Cell]:
    return {board.label(cell).upper(): cell for cell in board.cells}
