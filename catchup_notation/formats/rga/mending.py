"""The move list checked against the post's diagrams, and mended from them: each diagram against
the turns it shows; a pair that names no cell, or a stone placed on a cell already taken, explained
by a diagram stone that no turn places; a capital lost from a move list of either colour; a
variant's start cell read from the diagram. Nothing here applies a game rule: cells and their
colours are only accumulated.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from catchup_notation.board import Cell
from catchup_notation.errors import NotationError, VariantError
from catchup_notation.formats.base import NotationWarning
from catchup_notation.formats.colours import colour_mark
from catchup_notation.formats.rga.blocks import Block, entry_words, letters_at
from catchup_notation.formats.rga.board import Diagram, Frame, compare, position
from catchup_notation.formats.rga.context import GameContext
from catchup_notation.formats.rga.move_list import BadPair, MoveList, Slip
from catchup_notation.formats.rga.variant import start_stones
from catchup_notation.model import Turn
from catchup_notation.rules.registry import parse_variant


class Mending(GameContext):
    """Checks the move list against the diagrams and finds the mends they show."""

    def settle_start(self, variant: str, found: MoveList, diagram: Diagram | None, frame: Frame) -> str:
        """A variant whose start position has a stone its `start` parameter places, and which the
        caller did not set: when the move list places a stone on a start stone, or the diagram does
        not show one, the one cell where the diagram shows a stone that no turn places and that,
        as the start cell, leaves the fewest such contradictions (a warning says so)."""
        chosen = parse_variant(variant)
        if diagram is None or not any(p.name == "start" and p.kind == "cell" for p in chosen.spec.parameters):
            return variant
        if self.given is not None and "start" in self.given:
            return variant
        start = start_stones(variant)
        wrong = self.start_conflicts(start, found, diagram)
        if not wrong:
            return variant
        implied = position(found.turns, frame.board, start)[0]
        mending: dict[str, tuple[int, str]] = {}  # cell name -> (contradictions left, variant)
        for colour in sorted({start[cell] for cell in wrong}):
            for name in self.unlisted(diagram, implied, colour):
                cell = frame.cell(self.unshifted(name))
                if cell is None:
                    continue
                try:
                    other = str(parse_variant(chosen.name, **{**chosen.params, "start": frame.name(cell)}))
                except VariantError:
                    continue
                left = len(self.start_conflicts(start_stones(other), found, diagram))
                if left < len(wrong):
                    mending[name] = (left, other)
        fewest = min((left for left, _ in mending.values()), default=None)
        best = [(name, other) for name, (left, other) in mending.items() if left == fewest]
        if len(best) != 1:
            return variant  # nothing the start cell could mend: the cross-check and the rules say what is wrong
        name, other = best[0]
        names = ", ".join(self.shifted(frame.name(cell)) for cell in sorted(wrong))
        self.warn(
            "start-from-diagram",
            f"the start position of {variant} has a stone at {names} that the move list or the diagram "
            f"contradicts; the diagram shows a stone at {name} that no turn places: read under {other}",
        )
        return other

    @staticmethod
    def start_conflicts(start: Mapping[Cell, int], found: MoveList, diagram: Diagram) -> list[Cell]:
        """Start stones that a turn places a stone on, or that the diagram does not show (no stone
        is ever taken off the board)."""
        return [
            cell
            for cell, colour in start.items()
            if cell in found.named_at or (cell not in diagram.unshown and diagram.stones.get(cell) != colour)
        ]

    def cross_check(
        self,
        diagrams: list[tuple[Block, Diagram]],
        found: MoveList,
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
    ) -> None:
        """Every diagram against the turns up to its own move list (the whole list when it has none),
        on the variant's start position."""
        for part, diagram in diagrams:
            upto = self.shown_turns(part, diagram, found, len(start))
            for warning in compare(diagram, upto, stone_words, start):
                if len(diagrams) > 1 and part.header is not None:
                    warning = NotationWarning(
                        warning.code,
                        f"diagram on line {part.header.number} (after {len(upto)} turns): {warning.message}",
                        warning.line,
                        warning.column,
                    )
                self.warnings.append(warning)

    def shown_turns(self, part: Block, diagram: Diagram, found: MoveList, start: int = 0) -> list[Turn]:
        """The turns a diagram shows the game after: those of its own move list; with no list of its
        own, all of them when the move list read has no diagram (it is that list's diagram), else the
        first turns that place as many stones as it shows beyond the `start` stones (a warning says
        which), else all."""
        if part is self.block:
            return found.turns
        if part.entries:
            return found.turns[: found.after[len(entry_words(part)) - 1]]
        if self.block.header is None:  # the diagram of a move list that has none (`games`): its end
            return found.turns
        shown, placed = len(diagram.stones), start
        for count, turn in enumerate(found.turns, start=1):
            placed += len(turn.cells)
            if placed == shown and count < len(found.turns):
                header = part.header
                self.warn(
                    "diagram-position",
                    f"the diagram on line {header.number if header else '?'} has no move list and shows {shown} "
                    f"stones: read as the position after turn {count}",
                    *letters_at(header),
                )
                return found.turns[:count]
        return found.turns

    def explain(
        self,
        found: MoveList,
        diagram: Diagram | None,
        words: tuple[str, ...],
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
        taken: Iterable[str] = (),
    ) -> dict[str, str]:
        """A stone the list places on a cell already taken, where the diagram shows a stone of that
        colour that no turn places (the variant's start position aside; `taken`: the cells already
        given to pairs that name no cell): the slip a reader of the post would see. `turn:name ->
        cell` for each slip with one such stone (the nearest when there are several, if one is)."""
        slips = found.slips + self.start_slips(found, start)
        if diagram is None or not slips:
            return {}
        implied = position(found.turns, diagram.frame.board, start)[0]
        found_fixes: dict[str, str] = {}
        unlisted_of = {  # the same for every slip of a colour: found once, not once a slip
            colour: sorted(set(self.unlisted(diagram, implied, colour)) - set(taken))
            for colour in {slip.colour for slip in slips}
        }
        for slip in slips:
            unlisted = unlisted_of[slip.colour]
            taker = f"turn {slip.before} already took" if slip.before else "the start position already holds"
            message = f"turn {slip.turn} ({words[slip.player - 1]}) places {slip.name}, which {taker}"
            if not unlisted:  # nothing on the diagram explains it: for the rules to report
                self.warn(
                    "slip-unexplained",
                    f"{message}; the diagram shows no stone of {stone_words[slip.colour - 1]} that no turn places, "
                    "so it cannot say where this one went (if anywhere)",
                    slip.line,
                    slip.column,
                )
                continue
            fits = unlisted if len(unlisted) == 1 else _in_line(slip.name, unlisted)
            if len(fits) == 1:
                found_fixes[f"{slip.turn}:{slip.name}"] = fits[0]
                message += (
                    f"; the diagram shows a stone of {stone_words[slip.colour - 1]} at {fits[0]} that no turn "
                    f"places: probably {fits[0]} (corrections={{'{slip.turn}:{slip.name}': '{fits[0]}'}} "
                    "or corrections='diagram')"
                )
            else:
                message += (
                    f"; the diagram shows stones of {stone_words[slip.colour - 1]} that no turn places at "
                    f"{', '.join(unlisted)}: one of them, perhaps"
                )
            self.warn("diagram-explains", message, slip.line, slip.column)
        return found_fixes

    @staticmethod
    def start_slips(found: MoveList, start: Mapping[Cell, int]) -> list[Slip]:
        """A stone the list places on a stone of the start position (`before` 0), as a slip."""
        slips = []
        for cell in start.keys() & found.named_at.keys():
            turn_no, name, line, column = found.named_at[cell]
            turn = found.turns[turn_no - 1]
            colour = turn.stone_colours[turn.cells.index(cell)]
            slips.append(Slip(name, turn_no, turn.player, colour, 0, line, column))
        return sorted(slips, key=lambda slip: (slip.turn, slip.line, slip.column))

    def unlisted(self, diagram: Diagram, implied: Mapping[Cell, int], colour: int) -> list[str]:
        """The names (as the post writes them) of the cells where the diagram shows a stone of
        `colour` that neither a turn nor the start position puts there."""
        return [
            self.shifted(diagram.frame.name(cell))
            for cell, shown in diagram.stones.items()
            if shown == colour and cell not in implied
        ]

    def recoloured(
        self, found: MoveList, diagram: Diagram | None, words: tuple[str, ...], start: Mapping[Cell, int]
    ) -> dict[str, str]:
        """Where stones of either colour are placed: a stone the list gives one colour and the
        diagram the other, placed once, is probably a capital lost (or added) in the move list.
        `turn:name -> name=mark` for each."""
        if diagram is None or not self.spec.either_colour:
            return {}
        implied = position(found.turns, diagram.frame.board, start)[0]
        fixes: dict[str, str] = {}
        colours = self.spec.colours
        twice = {self.named[slip.name] for slip in found.slips if slip.name in self.named}
        for cell, shown in sorted(diagram.stones.items()):
            listed = implied.get(cell)
            placed = found.named_at.get(cell)
            if listed is None or listed == shown or placed is None or cell in start or cell in twice:
                continue
            turn_no, name, line, column = placed
            player = found.turns[turn_no - 1].player
            mark = colour_mark(self.spec, shown)
            fixes[f"{turn_no}:{name}"] = name + mark
            written = name.upper() if shown != player else name
            self.warn(
                "diagram-explains",
                f"turn {turn_no} ({words[player - 1]}) places {name} as a stone of {colours[listed - 1]}; the "
                f"diagram shows a stone of {colours[shown - 1]} there: probably {written}, a stone of "
                f"{colours[shown - 1]} (corrections={{'{turn_no}:{name}': '{name}{mark}'}} or corrections='diagram')",
                line,
                column,
            )
        return fixes

    def suggestions(
        self,
        bad: list[BadPair],
        frame: Frame,
        diagram: Diagram | None,
        turns: list[Turn],
        words: tuple[str, str],
        stone_words: tuple[str, str],
        start: Mapping[Cell, int],
    ) -> dict[str, str]:
        """`turn:name -> cell` for each bad pair that the diagram settles: one nearby cell holds a stone
        of the right colour that no turn places, else one such stone stands in the pair's column or
        row; a cell given to one pair is not offered to another. Warns `not-a-cell` for each pair."""
        implied = position(turns, frame.board, start)[0] if diagram and bad else {}
        nearby_of = [[self.shifted(n) for n in frame.nearby(self.unshifted(item.name))] for item in bad]
        options: list[list[str]] = []
        for item, nearby in zip(bad, nearby_of, strict=True):
            unlisted = self.unlisted(diagram, implied, item.colour) if diagram is not None else []
            close = [name for name in nearby if name in unlisted]
            options.append(close or _in_line(item.name, unlisted))
        chosen = _settle(options)
        found: dict[str, str] = {}
        for item, nearby, fit in zip(bad, nearby_of, chosen, strict=True):
            message = f"{item.name} (turn {item.turn}, {words[item.player - 1]}) is not a cell of this board"
            if nearby:
                message += f"; the cells next to it are {', '.join(nearby)}"
            if fit is not None:
                found[f"{item.turn}:{item.name}"] = fit
                where = "" if fit in nearby else f", in the same {'column' if fit[0] == item.name[0] else 'row'}"
                message += (
                    f"; the diagram shows a stone of {stone_words[item.colour - 1]} at {fit} "
                    f"that the move list never places{where}: probably {fit}"
                )
            self.warn("not-a-cell", message, item.line, item.column)
        return found

    def not_a_cell(self, bad: list[BadPair], frame: Frame, suggested: dict[str, str]) -> NotationError:
        listed = "; ".join(f"{b.name} (turn {b.turn})" for b in bad)
        message = (
            f"{len(bad)} coordinate{'s' if len(bad) > 1 else ''} in the move list name{'s' if len(bad) == 1 else ''} "
            f"no cell of {frame.describe()} (a letter/number pair of the wrong parity): {listed}"
        )
        if suggested:
            pairs = ", ".join(f"{k.split(':')[1]!r}: {v!r}" for k, v in suggested.items())
            message += f"; the diagram suggests reading again with corrections={{{pairs}}}"
            if len(suggested) == len(bad):
                message += " (or corrections='diagram')"
        first = bad[0]
        return NotationError(
            message, source=self.source, line=first.line, column=first.column, text=first.text, code="not-a-cell"
        )


def _in_line(name: str, names: Sequence[str]) -> list[str]:
    """The names among `names` in the same column (letter) or the same row (number) as `name`."""
    return [n for n in names if n[0] == name[0] or n[1:] == name[1:]]


def _settle(options: list[list[str]]) -> list[str | None]:
    """One cell for each item whose options leave it one, once the cells settled for the other
    items are taken out (a stone of the diagram explains one slip, not two)."""
    chosen: list[str | None] = [None] * len(options)
    left = [list(option) for option in options]
    progress = True
    while progress:
        progress = False
        for i, option in enumerate(left):
            if chosen[i] is None and len(option) == 1:
                chosen[i] = taken = option[0]
                for j, other in enumerate(left):
                    if j != i and taken in other:
                        other.remove(taken)
                progress = True
    return chosen
