"""The game a protocol server holds: its variant and board, the turns played, and what the
board-changing commands do to them. Every method either does all it says or raises `Refused`
having changed nothing (a new rules engine is made aside and kept only once it is good).

Cells are Little Golem names (`E5`; the row letter from A at the top, the number from 1 at the
row's left end), either case, separated by spaces or commas or run together (`D4F6`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from catchup_notation.board import ROW_LETTERS
from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.model import Turn
from catchup_notation.protocol.framing import Refused
from catchup_notation.rules.registry import Variant, parse_variant

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame

#: The default side, as `catchup engine` starts and as `boardsize` resets nothing else.
DEFAULT_SIDE = 5
#: The largest side with a Little Golem name for every cell (its rows run from A to Y).
MAX_NAMED_SIDE = 13
_RUN_TOGETHER = re.compile(r"(?:[A-Za-z][0-9]+)+")
_ONE_NAME = re.compile(r"[A-Za-z][0-9]+")
_SETS_BOARD = re.compile(r"[(,]\s*(size|board)\s*=|@")


class Session:
    """A game of one variant on one board, as the commands `boardsize`, `variant`,
    `clear_board`, `play` and `undo` change it."""

    def __init__(self, variant: str = "catchup") -> None:
        self.variant: Variant = self._hex(variant)
        #: Whether `boardsize` chose the side (else a variant keeps its own default).
        self.side_given = False
        self.turns: list[Turn] = []
        self.game: HexGame = self._fresh(self.variant)

    # -- the variant and the board -------------------------------------------------------------

    @property
    def spec_text(self) -> str:
        """The variant string of the game."""
        return str(self.variant)

    def boardsize(self, words: tuple[str, ...]) -> None:
        """`boardsize N`: a hexhex board of side N for the current variant, cleared."""
        if len(words) != 1 or not words[0].isascii() or not words[0].isdigit() or len(words[0]) > 4:
            raise Refused("boardsize takes one number, the board's side")
        side = int(words[0])
        if not 2 <= side <= MAX_NAMED_SIDE:
            raise Refused(f"unacceptable size: a side from 2 to {MAX_NAMED_SIDE}, not {side}")
        params = {k: v for k, v in self.variant.params.items() if k not in ("size", "board")}
        variant = self._hex(self.variant.name, size=side, **params)
        self._start(variant)
        self.side_given = True

    def set_variant(self, words: tuple[str, ...]) -> None:
        """`variant SPEC`: the variant (and its board, where the spec gives one), cleared. A spec
        that sets no board keeps the side `boardsize` chose (else the variant's own default)."""
        if not words:
            raise Refused("variant takes a variant string, e.g. catchup or catchup(size=7)")
        text = " ".join(words)
        own_board = bool(_SETS_BOARD.search(text))
        if own_board or not self.side_given:
            variant = self._hex(text)
        else:
            variant = self._hex(text, size=self.variant.board.side or DEFAULT_SIDE)
        self._start(variant)
        if own_board:
            self.side_given = variant.board.side is not None

    def clear(self) -> None:
        """`clear_board`: the start position of the variant."""
        self._start(self.variant)

    def _start(self, variant: Variant) -> None:
        game = self._fresh(variant)
        self.variant, self.game, self.turns = variant, game, []

    @staticmethod
    def _hex(text: str, **overrides: object) -> Variant:
        try:
            variant = parse_variant(text, **overrides)
        except CatchupError as exc:
            raise Refused(f"unknown variant: {exc.message}") from None
        if variant.family != "hex":
            raise Refused(f"unknown variant: {variant.name} is not played on a board")
        board = variant.board
        rows = board.rows[-1][0][1] - board.top + 1
        if rows > len(ROW_LETTERS):
            raise Refused(f"unacceptable size: the board spans {rows} rows, more than cells have names for")
        return variant

    @staticmethod
    def _fresh(variant: Variant) -> HexGame:
        try:
            game: HexGame = variant.new_game()  # type: ignore[assignment]  # a hex variant's engine
        except CatchupError as exc:  # a start position its board cannot hold
            raise Refused(exc.message) from None
        return game

    # -- turns -----------------------------------------------------------------------------------

    def player(self, word: str) -> int:
        """The player a colour word names: `w`/`white`, `b`/`black` (White and Black where the
        variant has them, else the first and the second player), or the variant's own colour
        names and their initials (`red`, `g`, `o`, `x`)."""
        word = word.lower()
        colours = [c.lower() for c in self.variant.spec.colours]
        for player, colour in enumerate(colours, start=1):
            if word in (colour, colour[:1]):
                return player
        if word in ("w", "white"):
            return 1
        if word in ("b", "black"):
            return 2
        names = " or ".join(f"{c} ({c[:1]})" for c in self.variant.spec.colours)
        raise Refused(f"invalid color: {word!r} (this variant's colours are {names})")

    def colour_word(self, player: int) -> str:
        """The colour's initial, upper case, as `final_score` writes a winner (`W`, `B`, `R`)."""
        return self.variant.spec.colours[player - 1][:1].upper()

    def turn(self, player: int, words: tuple[str, ...]) -> Turn:
        """The turn `words` write for `player`, checked against the rules; nothing is played."""
        game = self.game
        if game.over:
            raise Refused(f"the game is over ({game.ending_words()})")
        if player != game.to_move:
            mover = self.variant.spec.colours[game.mover - 1]
            raise Refused(f"it is {mover}'s turn, not {self.variant.spec.colours[player - 1]}'s")
        names = split_cells(words)
        if not names:
            raise Refused("play takes a colour and the turn's cells (or pass)")
        try:
            turn = game.parse_turn(" ".join(names))
        except CatchupError as exc:
            raise Refused(exc.message) from None
        error = game.check(turn)
        if error is not None:
            raise Refused(error.message)
        return turn

    def play(self, turn: Turn) -> None:
        """Play a turn (checked by `turn`, or chosen by the engine)."""
        try:
            self.game.play(turn)
        except IllegalTurn as exc:
            raise Refused(exc.error.message) from None
        self.turns.append(turn)

    def start_position(self) -> HexGame:
        """A new game of the variant at its start (the session's own game is not touched)."""
        return self._fresh(self.variant)

    def undo(self) -> None:
        """Take back the last turn (the game is replayed without it)."""
        if not self.turns:
            raise Refused("cannot undo: no turn has been played")
        game = self._fresh(self.variant)
        for turn in self.turns[:-1]:
            game.play(turn)
        self.game = game
        self.turns.pop()

    def turn_text(self, turn: Turn) -> str:
        """A turn as its cells' names separated by spaces (`D4 F6`), or `pass`."""
        return self.game.turn_text(turn)

    # -- what is shown ---------------------------------------------------------------------------

    def board_text(self) -> str:
        """The position as `catchup show` draws it: the board, then who is to move and the scores."""
        from catchup_notation.pictures.text import position_text

        last = self.turns[-1].cells if self.turns else ()
        return position_text(self.game.state(), last_turn_cells=last, names=self.game.names)

    def final_score(self) -> str:
        """`W+` (or the winner's colour initial), `0` for a draw, then each colour's groups and
        the library's explanation of the comparison."""
        game = self.game
        if not game.over:
            raise Refused(f"the game is not over: {game.empty} empty cells")
        result = game.score()
        head = "0" if result.winner is None else f"{self.colour_word(result.winner)}+"
        colours = self.variant.spec.colours
        groups = ", ".join(
            f"{colour} {'-'.join(map(str, sizes)) or '0'}" for colour, sizes in zip(colours, result.groups, strict=True)
        )
        return f"{head} {groups}; {result.explanation}"


def split_cells(words: tuple[str, ...]) -> list[str]:
    """Cell names from the words of a turn: separated by spaces or commas, or run together (`D4F6`)."""
    names: list[str] = []
    for word in " ".join(words).replace(",", " ").split():
        if _RUN_TOGETHER.fullmatch(word):
            names.extend(_ONE_NAME.findall(word))
        else:
            names.append(word)
    return names
