"""The referee of a match: every turn an engine gives is checked by the separate rules
implementation of the tests (tests/reference_rules.py), which shares no code with the library, so
that an engine and the library's own rules cannot agree on a mistake. This module only names
cells (Little Golem names, worked out here from the board's cells) and reads the engines' turns.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
_reference: Any = importlib.import_module("reference_rules")  # untyped test code: kept out of mypy

Cell = tuple[int, int]


class BadTurn(Exception):
    """A reply that is no turn of the variant (not a cell name, a mark that is no colour)."""


class Referee:
    """One game under the separate rules implementation, with cell names both ways."""

    def __init__(self, variant: str, side: int, colours: tuple[str, str]) -> None:
        self.variant, self.side = variant, side
        self.rules: Any = _reference.Reference(variant, side)
        cells: list[Cell] = list(self.rules.board.cells)  # reading order: rows from the top
        top = min(r for _, r in cells)
        self.names: dict[Cell, str] = {}
        for r in sorted({r for _, r in cells}):
            row = sorted(q for q, rr in cells if rr == r)
            for place, q in enumerate(row, start=1):
                self.names[(q, r)] = f"{chr(ord('A') + r - top)}{place}"
        self.cells = {name: cell for cell, name in self.names.items()}
        self.marks = {colour[:1].lower(): k for k, colour in enumerate(colours, start=1)}

    @property
    def mover(self) -> int:
        return int(self.rules.mover())

    @property
    def over(self) -> bool:
        return bool(self.rules.over())

    def read(self, reply: str, player: int) -> tuple[list[Cell], list[int] | None]:
        """The cells (and stone colours, where a stone is not the mover's) of a `genmove` reply."""
        words = reply.replace(",", " ").split()
        if [w.lower() for w in words] == ["pass"]:
            return [], None
        cells, colours = [], []
        for word in words:
            name, marked, mark = word.partition("=")
            cell = self.cells.get(name.upper())
            if cell is None:
                raise BadTurn(f"{name!r} names no cell of the side-{self.side} board")
            colour = self.marks.get(mark.lower()) if marked else player
            if colour is None:
                raise BadTurn(f"={mark} is no stone colour of {self.variant}")
            cells.append(cell)
            colours.append(colour)
        return cells, (colours if any(c != player for c in colours) else None)

    def broken(self, player: int, cells: list[Cell], colours: list[int] | None) -> str | None:
        """The rule a turn breaks (a stable code), None for a legal turn."""
        verdict = self.rules.verdict(player, cells, colours)
        return None if verdict is None else str(verdict)

    def play(self, player: int, cells: list[Cell], colours: list[int] | None) -> None:
        self.rules.play(player, cells, colours)

    def text(self, cells: list[Cell], colours: list[int] | None, player: int) -> str:
        """A turn as `play` takes it: `D4 F6`, `E5=w`, `pass`."""
        if not cells:
            return "pass"
        initials = {k: m for m, k in self.marks.items()}
        marks = colours or [player] * len(cells)
        return " ".join(
            self.names[c] + ("" if k == player else f"={initials[k]}") for c, k in zip(cells, marks, strict=False)
        )

    def winner(self) -> int | None:
        """The winner of the finished game (None: a draw)."""
        found = self.rules.winner()
        return None if found is None else int(found)

    def groups(self) -> tuple[list[int], list[int]]:
        first, second = self.rules.groups()
        return list(first), list(second)

    def random_turn(self, rng: random.Random) -> tuple[list[Cell], list[int] | None]:
        """A legal turn chosen at random (for openings): a count the rules allow, then cells."""
        player = self.mover
        empty = [c for c in self.rules.board.cells if c not in self.rules.stones]
        counts = [c for c in self.rules.allowed_counts() if c > 0] or list(self.rules.allowed_counts())
        for _ in range(1000):
            cells = rng.sample(empty, rng.choice(counts))
            if self.broken(player, cells, None) is None:
                return cells, None
        raise BadTurn("no random legal turn found")
