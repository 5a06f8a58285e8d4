"""What a game takes from the post's prose: a note that the variant is the one the post names,
whether capitals in the move list are stones of the other colour, the players named beside their
stone letters, the lines that state a result, and the prose and remarks kept as comments. The
single lines are read by `rga_text`; `rga_notes` remembers what earlier games' prose said.
"""

from __future__ import annotations

import re

from catchup_notation.formats.rga.blocks import Block
from catchup_notation.formats.rga.context import GameContext
from catchup_notation.formats.rga.lines import Line
from catchup_notation.formats.rga.notes import prose_of
from catchup_notation.formats.rga.text import names_given, states_result
from catchup_notation.model import Location
from catchup_notation.rules.registry import parse_variant


class ProseReading(GameContext):
    """Reads what the game's prose says."""

    def note_variant(self) -> None:
        """Say so when the variant is the one the post names (no variant was given)."""
        named = self.named_variant
        if named is not None:
            self.warn(
                "variant-from-text",
                f"the post names the variant on line {named.line} ({named.words!r}): read under "
                f"{parse_variant(named.variant).name} (a variant given to the reader wins over the post's)",
                named.line,
            )

    def read_capitals(self, block: Block) -> bool:
        """Whether capitals in the move list are stones of the other colour: as the reader was told,
        else where the post says so or the variant places stones of either colour, when the list
        mixes capitals with lower case (a list all in capitals just writes cells so)."""
        if self.capitals is not None:
            return self.capitals == "other-colour"
        said = self.notes.capitals_said(self.first, self.last)
        if said is None and not self.spec.either_colour:
            return False
        written = [(line, text) for line in block.entries for text in line.words if text[:1].isalpha()]
        upper = [(line, text) for line, text in written if text[0].isupper()]
        if not upper or len(upper) == len(written):
            return False
        why = f"the post says so on line {said}" if said is not None else f"{self.spec.name} places either colour"
        shown = " ".join(text for _, text in upper[:8]) + (" ..." if len(upper) > 8 else "")
        at, text = upper[0]
        self.warn(
            "capitals-other-colour",
            f"capitals in the move list are read as stones of the other colour than the mover's ({why}): {shown}",
            at.number,
            next((move.column for move in at.moves if str(move) == text), None),
        )
        return True

    def text_players(
        self, players: tuple[str | None, str | None], letters: tuple[str, str] | None
    ) -> tuple[str | None, str | None]:
        """The players' names the post's prose gives beside their stone letters (`Joao (O)`, `B-x`,
        `Billx:`), where the header gives none or only the letters: the fullest form in this game's
        lines, or a fuller name the post gave that letter earlier."""
        if letters is None:
            return players
        found: dict[int, list[tuple[str, int]]] = {}
        for line, text in prose_of(self.parts):
            for player, name in names_given(text, letters, states_result(text)):
                found.setdefault(player, []).append((name, line.number))
        result = list(players)
        said = []
        for player in (1, 2):
            given = result[player - 1]
            if (given and given.lower() != letters[player - 1]) or player not in found:
                continue
            name, where = max(found[player], key=lambda pair: len(pair[0]))
            earlier = self.notes.names_before(letters[player - 1], self.first)
            fuller = [n for n in earlier if n.lower().startswith(name.lower()) and len(n) > len(name)]
            result[player - 1] = fuller[-1] if fuller else name
            said.append(f"{result[player - 1]} ({letters[player - 1]}) from line {where}")
            if fuller:
                said[-1] += f", short for {fuller[-1]} earlier in the post"
        for player, given in enumerate(result, start=1):
            if given and given.lower() != letters[player - 1]:
                self.notes.names.setdefault(letters[player - 1], []).append((self.first, given))
        if said:
            first = min(line for pairs in found.values() for _, line in pairs)
            self.warn(
                "players-from-text", "the players are named as the post's prose names them: " + "; ".join(said), first
            )
        return result[0], result[1]

    def stated(self) -> tuple[str, tuple[Location, ...]]:
        """The lines after the game's first record line that state a result ("X wins", "Os: size 23,
        5", "40 v 40", "Bill resigns"), one per line: the post's claims, for the rules to check;
        and where each was written."""
        lines = [
            (" ".join(text.split()), line)
            for line, text in prose_of(self.parts)
            if line.kind == "prose" and line.number > self.first and states_result(text) and _short(text)
        ]
        return "\n".join(text for text, _ in lines), tuple(_start(line) for _, line in lines)

    def comments(self) -> str:
        """The prose around the diagrams and the comments beside the moves, one per line, in order."""
        kept = []
        for part in self.parts:
            for line in sorted(part.comments, key=lambda line: line.number):
                if line.kind == "prose":
                    kept.append(line.text.replace("\u00a0", " ").lstrip(" \t:>|!").rstrip())
                elif line.entry is not None:
                    move = line.entry.rstrip(".")
                    kept.append(f"after move {move}: {line.comment}")
                    self.warn(
                        "move-comment",
                        f"the text after move {move} is not moves; kept as a comment: {line.comment!r}",
                        line.number,
                        line.comment_column,
                    )
                elif line.comment is not None:
                    kept.append(line.comment)
                else:  # rows of an illustration with no column letters
                    kept.append(line.text.replace("\u00a0", " ").lstrip(" \t:>|!").rstrip())
        return "\n".join(kept)


def _start(line: Line) -> Location:
    """Where a prose line's words begin."""
    text = line.text.replace("\u00a0", " ")
    return Location(line.number, len(text) - len(text.lstrip(" \t:>|!")) + 1)


def _short(text: str) -> bool:
    """Whether a line is short enough to be a stated result rather than a paragraph that mentions
    one (at most ten words; figures do not count)."""
    return len(_WORDS.findall(text)) <= 10


_WORDS = re.compile(r"[A-Za-z]{2,}")
