"""Little Golem's plain records verified and adjudicated on the compiled core in one pass, from
text to verdict.

Most records of a Little Golem archive are written the way Little Golem writes them, and valid.
For those, verifying needs no record object at all: the core (`_hexcore.judge_plain`) scans a run
of such games straight from the text, replays each under the rules it is read by and gives, for
each game it finds valid, what the report says of it (`Verdict`). It takes a game only where
reading it the usual way would give the same record with no warning and every turn legal; any
other game (one the core's scan does not call plain, a broken rule, a warning to give, a variant
the core does not know) is left to the reader, and goes the usual way: record, replay, report.
Adjudicating needs the final position too: a judge that `scores` gives it with each verdict, and
`final_result` scores it with the variant's own engine, as a replayed record is scored.

With variant "auto" the core asks every variant of the record's family (`rules.inference.
candidates`) of each game in the same pass: it replays the game's turns, read once, under each
variant it plays, and gives the variant `choose_variant` would judge by and every variant that
accepts the game (`accepted_by`). A variant whose engine the core does not play (sabotage-malthus)
is asked only whether it refuses the game's first turn (the start position's cells, the first
mover's stone counts): where it does not, or where no variant accepts the game, the game goes the
usual way.

`judge(request)` gives the judge for a request, or None where there is none: the core is not
built (or `CATCHUP_PURE` asks for the reference).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from catchup_notation.compiled import core
from catchup_notation.errors import CatchupError
from catchup_notation.limits import MAX_RECORD_CHARS, MAX_TURNS
from catchup_notation.rules.corerules import END_REASONS
from catchup_notation.rules.inference import AUTO
from catchup_notation.rules.replay import player_names

if TYPE_CHECKING:
    from catchup_notation.board import Board
    from catchup_notation.formats.lg import PlainRun
    from catchup_notation.model import Result
    from catchup_notation.reading.request import Request
    from catchup_notation.rules.engine import Engine
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.rules.plainscore import CascadeScoring
    from catchup_notation.rules.registry import Variant

#: Games judged in one call at most: what a call gives is held at once (a chunk of a megabyte of
#: tiny games would otherwise be many times that in verdicts), and handed on as soon as it is made.
TAKE_AT_MOST = 1024


#: A game's final position as adjudication scores it (a judge that `scores` gives it): each
#: colour's group sizes (largest first), the two scores, the empty cells, how the game ended (0:
#: it had not, 1: the board is full, 2: the player to move had no legal turn), the player who
#: resigned (0: none), and the cascading comparison of the two lists of sizes
#: (`rules.scoring.compare_groups`): the colour whose list is larger (0: they are the same) and
#: the 0-based place that decided (-1: none).
FinalPosition = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, int]

#: A game the core judged valid with no warning: where it starts (line, column), its players as the
#: record names them (PW, PB, None where it does not), its turns, the variant it was judged by, its
#: final position (None unless the judge `scores`) and, with variant "auto", every variant that
#: accepts it (else None).
Verdict = tuple[int, int, str | None, str | None, int, str, FinalPosition | None, tuple[str, ...] | None]

#: The game of a verdict as a judge that is `packed` reads it, its ninth field: the game's text
#: (from its '(' to its ')'), the first mover, its turns packed as int32 (per turn its count of
#: stones, then their cell indices on the board), the player who resigned (0: none).
PackedVerdict = tuple[str, int, bytes, int]


class Judged(NamedTuple):
    """A run of games of one input judged valid on the core: the input's name, its format, the
    index of the first game and each game's verdict."""

    source: str | None
    format: str
    first: int
    verdicts: list[Verdict]


def judge(request: Request, *, scores: bool = False, packed: bool = False) -> PlainJudge | None:
    """The judge of plain Little Golem games for `request`, or None (see the module's doc); one
    that `scores` gives each verdict the game's final position (adjudicate's), one that is
    `packed` the game as read (`PackedVerdict`: convert's)."""
    hexcore = core("_hexcore")
    if hexcore is None:
        return None
    return PlainJudge(hexcore, request, scores, packed)


def cutter(request: Request, most: int) -> PlainCutter | None:
    """What cuts the runs of plain Little Golem games out of a collection, `most` games a run at
    most, for `judge(request)` to judge in another process; None where there is no judge."""
    hexcore = core("_hexcore")
    variant = request.variant
    if hexcore is None or (isinstance(variant, str) and variant.strip().lower() == AUTO):
        return None
    return PlainCutter(hexcore, most)


class PlainCutter:
    """A `formats.lg.Take` that judges nothing: it finds how far the games from a '(' on are plain
    in shape (`_hexcore.plain_run`: the scan `judge_plain` starts with, no replay, no object per
    game) and takes them as one `PlainRun`, their text, which a judge judges where it is sent
    (`formats.lg.judged_run`). The process that reads a big collection for worker processes cuts
    it this way: finding the runs costs it a small part of judging them."""

    def __init__(self, hexcore: Any, most: int) -> None:
        self._hexcore = hexcore
        self._most = most

    def take(self, text: str, pos: int, line: int, column: int) -> tuple[PlainRun | list[Verdict], int]:
        from catchup_notation.formats.lg import PlainRun

        count, end = self._hexcore.plain_run(text, pos, MAX_RECORD_CHARS, MAX_TURNS, self._most)
        return (PlainRun(text[pos : end + 1], count) if count else []), end


class PlainJudge:
    """Judges runs of plain games (`take`, a `formats.lg.Take`) or one game (`one`) on the core,
    with what it learns of each board size (SZ) a record gives: the variant, board and rules."""

    def __init__(self, hexcore: Any, request: Request, scores: bool = False, packed: bool = False) -> None:
        self._hexcore = hexcore
        self._request = request
        self._scores = scores
        self._packed = packed
        self._setups: dict[str | None, tuple[Any, ...] | None] = {}
        variant = request.variant
        self._auto = isinstance(variant, str) and variant.strip().lower() == AUTO

    def take(self, text: str, pos: int, line: int, column: int) -> tuple[list[Verdict], int]:
        """The verdicts of the games from the '(' at `pos` on, as far as the core takes them, and
        where the first game left to the reader starts."""
        found: tuple[list[Verdict], int] = self._hexcore.judge_plain(
            text,
            pos,
            line,
            column,
            MAX_RECORD_CHARS,
            MAX_TURNS,
            TAKE_AT_MOST,
            False,
            self._scores,
            self._setups,
            self._setup_of,
            self._packed,
        )
        return found

    def one(self, text: str, line: int, column: int) -> Verdict | None:
        """The verdict of the game `text` is (at `line`, `column`), or None to leave it to the reader."""
        verdicts, _ = self._hexcore.judge_plain(
            text,
            0,
            line,
            column,
            MAX_RECORD_CHARS,
            MAX_TURNS,
            1,
            True,
            self._scores,
            self._setups,
            self._setup_of,
            self._packed,
        )
        return verdicts[0] if verdicts else None

    def _setup_of(self, size: str | None) -> tuple[Any, ...] | None:
        """What the core needs to judge a record whose SZ is `size` (None: it has none): the board,
        the rules, the cells its labels name and the variant's name; None where a record of that
        size goes to the reader (a size it refuses, rules the core does not know)."""
        from catchup_notation.formats.lg import _variant_of
        from catchup_notation.model import Record
        from catchup_notation.rules.corerules import core_board, rules_of
        from catchup_notation.rules.registry import parse_variant
        from catchup_notation.rules.replay import variant_for

        try:
            read_by = _variant_of({} if size is None else {"SZ": size}, self._request.reading_variant or "catchup")
            if read_by is None:
                return None
            if self._auto:
                return self._auto_setup(read_by)
            judged_by = variant_for(Record(str(read_by)), self._request.variant)  # as Game.verify chooses it
            rules = rules_of(judged_by.new_game())
            # A verdict names its variant by its string: a scored one is scored under that string's.
            if self._scores and parse_variant(str(judged_by)) != judged_by:
                return None
        except (CatchupError, ValueError):
            return None
        if rules is None or judged_by.board != read_by.board:
            return None
        return (core_board(judged_by.board), rules, _labels(read_by.board), str(judged_by))

    def _auto_setup(self, read_by: Variant) -> tuple[Any, ...] | None:
        """`_setup_of` for variant "auto": every variant asked of a record read under `read_by`
        (see `judge_plain` in the core), None where one of them is on another board, spelt
        otherwise when read back, or neither played by the core nor checkable at its first turn."""
        from catchup_notation.rules.corerules import core_board, rules_of
        from catchup_notation.rules.inference import candidates
        from catchup_notation.rules.registry import parse_variant

        own = str(read_by)
        asked = []
        for candidate in candidates(own):
            tag = str(candidate)
            # A verdict names its variant by its string (and a scored one is scored under it).
            if candidate.board != read_by.board or parse_variant(tag) != candidate:
                return None
            game = candidate.new_game()
            rules = rules_of(game)
            opening = _opening(game) if rules is None else (None, 0, 0)
            if opening is None:
                return None
            asked.append((tag, rules, *opening, tag == own))
        if not asked:
            return None
        return (core_board(read_by.board), None, _labels(read_by.board), None, tuple(asked))


def _opening(game: Engine) -> tuple[bytes, int, int] | None:
    """What the core checks of the first turn under an engine it does not play: the cells taken
    before it, the stone counts allowed (a bit per count) and the first mover; None where the
    engine might judge a first turn otherwise than `HexGame` does (its own play or checks)."""
    from array import array

    from catchup_notation.rules.hexgame import HexGame

    kind = type(game)
    if not isinstance(game, HexGame) or any(
        getattr(kind, name) is not getattr(HexGame, name) for name in ("play", "check", "_examine", "_current_counts")
    ):
        return None
    if game.over:
        return (b"", 0, 0)  # every first turn is refused: the game is over
    counts = game.allowed_counts()
    if any(not 0 <= count < 64 for count in counts):
        return None
    taken = array("i", (i for i, owner in enumerate(game.owner) if owner)).tobytes()
    return (taken, sum(1 << count for count in set(counts)), game.to_move or 0)


def final_result(verdict: Verdict) -> Result:
    """What adjudicating the game of a verdict with its final position (a judge that `scores`
    gave it) says (`Game.result()`): the variant's own scoring (`HexGame.score`) of that position,
    with the players named as the record names them."""
    _, _, white, black, turns, variant, final, _ = verdict
    assert final is not None, "a verdict of a judge that scores"
    first, second, score_1, score_2, empty, end, resigned, _, _ = final
    start = _start(variant)
    game = start.standing(
        player_names((white, black), start.variant),
        (first[0] if first else 0, second[0] if second else 0),
        (score_1, score_2),
        empty,
        turns,
        END_REASONS[end] if end else None,
    )
    return game.scored((first, second), resigned or None)


@lru_cache(maxsize=16)
def plain_scoring(variant: str) -> CascadeScoring | None:
    """What scores the final positions of `variant` (one the core knows) as `final_result` does,
    from the core's numbers alone (`rules.plainscore`), or None where only its engine can."""
    from catchup_notation.rules.plainscore import cascade_scoring

    return cascade_scoring(_start(variant))


@lru_cache(maxsize=16)
def _start(variant: str) -> HexGame:
    """A fresh engine of `variant` (one the core knows: a hex engine)."""
    from catchup_notation.rules.hexgame import HexGame
    from catchup_notation.rules.registry import parse_variant

    game = parse_variant(variant).new_game()
    assert isinstance(game, HexGame)
    return game


def _labels(board: Board) -> bytes:
    """The cell index each label A0 to Z99 names on `board` (`formats.lg.cells.label_table`)."""
    from catchup_notation.formats.lg.cells import label_table

    return label_table(board)
