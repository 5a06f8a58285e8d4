"""One record from the blocks of one game: the reader's parts put together in the order a post
needs them (the board and players, the move list, the diagrams, the mending, the prose).
"""

from __future__ import annotations

from collections.abc import Mapping

from catchup_notation.formats.base import Corrections
from catchup_notation.formats.rga.blocks import error_at, letters_at
from catchup_notation.formats.rga.board import diagram_text
from catchup_notation.formats.rga.diagrams import DiagramReading
from catchup_notation.formats.rga.mending import Mending
from catchup_notation.formats.rga.move_list import MoveListReading
from catchup_notation.formats.rga.prose import ProseReading
from catchup_notation.formats.rga.variant import start_stones
from catchup_notation.model import Location, Record


class Reader(DiagramReading, MoveListReading, ProseReading, Mending):
    """Builds one record from the blocks of one game; collects warnings on the way."""

    def record(self, corrections: Corrections) -> Record:
        block = self.block
        self.note_variant()
        self.check_columns()
        frame, variant = self.frame()
        players, letters = self.players()
        if not block.entries and not any(row.points for part in self.parts for row in part.rows):
            lead = self.parts[0]
            opener = lead.header or lead.players_line or lead.lines[0]
            raise error_at(
                opener,
                opener.columns,
                "column letters or player columns with neither diagram points nor a move list under them: not a record",
                "diagram",
                self.source,
                None if lead.header or lead.players is None else lead.players[0].column,
            )
        self.capitals_other = self.read_capitals(block)
        fixes = corrections if isinstance(corrections, Mapping) else {}
        before_turns = len(self.warnings)
        found = self.turns(block, frame, {k.lower(): v.lower() for k, v in fixes.items()})
        after_turns = len(self.warnings)
        drawn = [(part, self.diagram(part, frame, letters, found.turns)) for part in self.parts]
        diagrams = [(part, diagram) for part, diagram in drawn if diagram is not None]
        # the last position: of the diagrams beside the whole move list or with no list of their own,
        # the one with the most stones (the last of those)
        finals = [d for part, d in diagrams if part is block or not part.entries]
        diagram = max(reversed(finals), key=lambda d: len(d.stones)) if finals else None
        if letters is None:
            letters = diagram.letters if diagram is not None else None
        players = self.text_players(players, letters)
        words = (players[0] or "player 1", players[1] or "player 2")
        stone_words = self.spec.colours if self.spec.either_colour else words
        variant = self.settle_start(variant, found, diagram, frame)
        start = start_stones(variant)
        if diagram is not None and not block.entries and block.header is not None:
            self.warn(
                "diagram-only",
                "the post has a diagram but no move list: the record has no turns; "
                "the position is kept in headers['diagram']",
                *letters_at(block.header),
            )
        before_fixes = len(self.warnings)
        suggested = self.suggestions(found.bad, frame, diagram, found.turns, words, stone_words, start)
        explained = self.explain(found, diagram, words, stone_words, start, suggested.values())
        recoloured = self.recoloured(found, diagram, words, start)
        mended = bool(explained or recoloured or (found.bad and len(suggested) == len(found.bad)))
        if corrections == "diagram" and mended:
            # read the list again with the fixes: its first reading's warnings no longer apply
            self.warnings = self.warnings[:before_turns] + self.warnings[after_turns:before_fixes]
            fixes = {**explained, **recoloured, **(suggested if len(suggested) == len(found.bad) else {})}
            found = self.turns(block, frame, fixes)
            self.explain(found, diagram, words, stone_words, start)  # the slips no fix mended, said again
        if block.entries:
            self.cross_check(diagrams, found, stone_words, start)
        if found.bad:
            raise self.not_a_cell(found.bad, frame, suggested)
        headers = {}
        if diagram is not None:
            named = (players[0], players[1]) if players[0] and players[1] else None
            headers["diagram"] = diagram_text(diagram, named)
        comments = self.comments()
        if comments:
            headers["comments"] = comments
        stated, stated_at = self.stated()
        if stated:
            headers["stated-result"] = stated
        first = next((line for part in self.parts for line in part.lines if line.kind == "record"), None)
        return Record(
            variant=variant,
            turns=tuple(found.turns),
            resigned=found.resigned,
            players=players,
            headers=headers,
            source=self.source,
            index=self.index,
            at=Location(first.number, 1) if first is not None else None,
            resigned_at=found.resigned_at,
            stated_at=stated_at,
        )
