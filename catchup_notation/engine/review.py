"""Reviews of records: the value of every position of a game, and what each turn did to it.

A position within the exact solver's cheap reach (at most `max_empty` empty cells, and a node
budget) is proven; any other is valued by the playing engine, as a chance of winning with an
interval. Each turn then gets its value before and after for the player who made it, the best turn
of the position before and its line, the loss (the chance of winning the turn gave away, 0 where
it was the best turn or kept a proof) and a class by that loss (`Thresholds`). Of the whole game:
the turn from which its result was forced ("decided at turn k", a proof from there to the end) and
the losing turn (the last turn that turned its mover's proven win into a proven loss, or any
proven drop: win to draw, draw to loss).

This module is data only: it knows positions, turns and values, never a notation or a picture.
The command line (`catchup review`), the written-back records and the viewer's graph take a
`Review` from here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

import attrs

from catchup_notation.engine.analysis import Analysis, Limit, Value
from catchup_notation.model import Turn

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame

#: The classes of a turn, mildest first.
CLASSES = ("inaccuracy", "mistake", "blunder")
Judgement = Literal["inaccuracy", "mistake", "blunder"]
#: How a position was valued: "solver" (proven by the exact solver), "engine" (the engine's
#: estimate, or its proof where its own search reached one), "end" (the game is over: its
#: result), "none" (beyond the solver's reach in a review without an engine).
How = Literal["solver", "engine", "end", "none"]

#: Seconds of engine search per position a review gives by default (see docs/review.md: with both
#: cores, a 40-turn side-5 record is reviewed in well under a minute).
DEFAULT_SECONDS = 0.8
#: Turns of each engine analysis kept as candidates (the played turn's value is read from them
#: where the engine proved it).
CANDIDATES = 8


class Analyser(Protocol):
    """What a review asks of the engine (`catchup_notation.engine.Engine` has it)."""

    def analyse(self, position: HexGame, limit: Limit, *, candidates: int = 1) -> Analysis:
        """The engine's analysis of `position` (values for the player to move)."""
        ...


@attrs.frozen
class Thresholds:
    """Losses (in chances of winning, 0 to 1) from which a turn is an inaccuracy, a mistake or a
    blunder. The defaults are measured (docs/review.md, benchmarks/review_thresholds.py): at the
    default settings one turn's loss varies by about 0.02 from review to review, and nine in ten
    of the engine's own choices are given less than about 0.13; a class starts there, and no
    choice of the engine's was given a blunder's 0.3."""

    #: A loss at least this large is an inaccuracy.
    inaccuracy: float = 0.12
    #: ... a mistake.
    mistake: float = 0.2
    #: ... a blunder.
    blunder: float = 0.3

    def __attrs_post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder <= 1:
            raise ValueError(
                "thresholds must rise: 0 < inaccuracy <= mistake <= blunder <= 1, not "
                f"{self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    def judge(self, loss: float | None) -> Judgement | None:
        """The class of a turn that lost `loss` (None: no class)."""
        if loss is None:
            return None
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


@attrs.frozen
class ReviewSettings:
    """How a review values positions."""

    #: The engine's limit for each position the solver does not prove.
    limit: Limit = attrs.field(factory=lambda: Limit(time=DEFAULT_SECONDS))
    #: Positions with at most this many empty cells go to the exact solver (None: the variant's
    #: default, `solvers.limits.ENDGAME_EMPTY`).
    max_empty: int | None = None
    #: Nodes the solver may search in one position before the engine values it instead (None:
    #: four times `solvers.limits.ENDGAME_NODES`).
    solver_nodes: int | None = None
    #: Where a turn's loss makes it an inaccuracy, a mistake or a blunder.
    thresholds: Thresholds = Thresholds()


@attrs.frozen
class PositionReview:
    """One position of the game (after `number` turns) as the review valued it."""

    #: Turns played before it (0: the start).
    number: int
    #: The player to move (None once the game is over).
    to_move: int | None
    #: Empty cells.
    empty: int
    #: Its value for the first player (None: not valued); an estimate is the mean of two
    #: searches with opposite players to move (`via`).
    value: Value | None
    #: The best turn of the player to move (None at the end, or not valued).
    best: Turn | None
    #: A line of best play, starting with `best`.
    line: tuple[Turn, ...]
    #: How it was valued: "solver", "engine", "end" or "none".
    how: How
    #: Seconds spent on it.
    seconds: float = 0.0
    #: The engine's playouts (0 where the solver decided).
    playouts: int = 0
    #: The turn after which the position was searched a second time, with the other player to
    #: move: an estimate is the mean of the two searches (None: the position's own search alone;
    #: see `review_game`).
    via: Turn | None = None
    #: The engine's values of some turns of the player to move, for that player (the played turn's
    #: proof is read from them).
    candidates: tuple[tuple[Turn, Value], ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def exact(self) -> bool:
        """Whether the value is a proof."""
        return self.value is not None and self.value.exact

    def value_for(self, player: int) -> Value | None:
        """The value for `player` (1 or 2)."""
        if self.value is None or player == 1:
            return self.value
        return self.value.flipped()


@attrs.frozen
class TurnReview:
    """One turn of the game: what it did to its mover's chances."""

    #: The turn's number, from 1.
    number: int
    #: Who played it.
    player: int
    #: The turn played.
    turn: Turn
    #: The value of the position before it, for its mover (None: not valued).
    before: Value | None
    #: The value of the position after it, for its mover.
    after: Value | None
    #: The best turn of the position before it (the engine's choice, or the solver's).
    best: Turn | None
    #: A line of best play from the position before it, starting with `best`.
    line: tuple[Turn, ...]
    #: Whether the turn played is `best` (as a set of stones).
    best_played: bool
    #: The chance of winning the turn gave away (0 to 1), None where a value is missing.
    loss: float | None
    #: "inaccuracy", "mistake", "blunder" or None.
    judgement: Judgement | None

    @property
    def exact(self) -> bool:
        """Whether both values are proofs (the loss is then exact: 0, 0.5 or 1)."""
        return self.before is not None and self.after is not None and self.before.exact and self.after.exact


@attrs.frozen
class Review:
    """A game's review: every position's value, every turn's loss and class, and where the game
    was decided. `series()` gives the first player's chance of winning turn by turn, for a plot."""

    #: The variant string of the game.
    variant: str
    #: The positions, from the start (number 0) to the last one reviewed.
    positions: tuple[PositionReview, ...]
    #: The turns, from the first.
    turns: tuple[TurnReview, ...]
    #: The winner the record ends with (by the rules, a resignation or a server's ending), else None.
    winner: int | None
    #: Whether the record ends in a draw.
    draw: bool
    #: The first turn from which the result was proven at every position to the end (0: from the
    #: start), None where it never was.
    decided_at: int | None
    #: Whether the position before `decided_at` was beyond the solver's reach (the game may have
    #: been decided earlier than can be shown).
    decided_at_latest: bool
    #: The last turn that turned its mover's proven result into a worse proven one, None if none.
    losing_turn: int | None
    #: The settings it was made with.
    settings: ReviewSettings
    #: The engine's threads (None where no engine took part).
    threads: int | None = None
    #: The engine's seed (None where no engine took part, or drawn afresh).
    seed: int | None = None
    #: Wall seconds the whole review took.
    seconds: float = 0.0

    def series(self, player: int = 1) -> list[float | None]:
        """`player`'s chance of winning at each position, from the start (None: not valued)."""
        return [None if (v := p.value_for(player)) is None else v.win for p in self.positions]

    def intervals(self, player: int = 1) -> list[tuple[float, float] | None]:
        """The ends of each position's interval for `player` (a proof's are equal)."""
        return [None if (v := p.value_for(player)) is None else (v.low, v.high) for p in self.positions]

    def counts(self, player: int) -> dict[str, int]:
        """How many of `player`'s turns fell in each class."""
        found = {name: 0 for name in CLASSES}
        for turn in self.turns:
            if turn.player == player and turn.judgement is not None:
                found[turn.judgement] += 1
        return found

    def mean_loss(self, player: int) -> float | None:
        """The mean loss of `player`'s turns that have one (None: none has)."""
        losses = [t.loss for t in self.turns if t.player == player and t.loss is not None]
        return sum(losses) / len(losses) if losses else None

    def rows(self) -> list[dict[str, object]]:
        """One flat row per turn (for a data frame): number, player, values, loss, class."""
        out: list[dict[str, object]] = []
        for t in self.turns:
            out.append(
                {
                    "turn": t.number,
                    "player": t.player,
                    "before": None if t.before is None else t.before.win,
                    "after": None if t.after is None else t.after.win,
                    "exact": t.exact,
                    "loss": t.loss,
                    "class": t.judgement,
                    "best_played": t.best_played,
                }
            )
        return out


#: What a review tells of its progress: positions valued so far, in all, and how the last one was.
ReviewProgress = Callable[[int, int, "PositionReview"], None]


def review_game(
    start: HexGame,
    turns: Sequence[Turn],
    *,
    analyser: Analyser | None,
    settings: ReviewSettings = ReviewSettings(),
    winner: int | None = None,
    draw: bool = False,
    progress: ReviewProgress | None = None,
    threads: int | None = None,
    seed: int | None = None,
) -> Review:
    """Review `turns` played from `start` (not changed). `analyser` values the positions the solver
    does not reach (None: they are left without a value). `winner` and `draw` say how the record
    ended where its last position does not (a resignation, a server's ending); a game the rules
    ended says it itself. Raises `IllegalTurn` for a turn the rules refuse."""
    started = time.perf_counter()
    games = [start.copy()]
    for turn in turns:
        after = games[-1].copy()
        after.play(turn)
        games.append(after)
    final = games[-1]
    if final.over:
        result = final.score()
        winner, draw = result.winner, result.draw
    positions: list[PositionReview] = []
    for game in games:
        positions.append(value_position(game, analyser, settings))
        if progress is not None:
            progress(len(positions), len(games), positions[-1])
    _lean_free_values(games, turns, positions, analyser, settings, progress)
    reviewed = tuple(_turn_review(positions[k], positions[k + 1], turn, settings) for k, turn in enumerate(turns))
    target = _target(positions[-1], winner, draw)
    decided_at, latest = _decided_at(positions, target)
    return Review(
        variant=str(start.variant),
        positions=tuple(positions),
        turns=reviewed,
        winner=winner,
        draw=draw,
        decided_at=decided_at,
        decided_at_latest=latest,
        losing_turn=_losing_turn(reviewed),
        settings=settings,
        threads=threads if analyser is not None else None,
        seed=seed if analyser is not None else None,
        seconds=time.perf_counter() - started,
    )


def _lean_free_values(
    games: Sequence[HexGame],
    turns: Sequence[Turn],
    positions: list[PositionReview],
    analyser: Analyser | None,
    settings: ReviewSettings,
    progress: ReviewProgress | None,
) -> None:
    """Every estimate made the mean of two searches with opposite players to move: the
    position's own, and that of the position after the best turn there (the next position when
    that turn was played; else searched now).

    The engine's estimates lean toward the player to move (its search looks deeper into the
    mover's own turn than into the replies), by an amount that changes with the stage of the game
    (measured on the engine's own play: 0.13 to 0.16 of a chance on average, up to 0.4 in the
    middle game, less near the end, see docs/review.md). Two searches a turn apart lean the
    opposite ways by about as much, so their mean leans toward neither; compared naively, each
    turn would seem to lose twice the lean, and compared two turns apart, the change of the lean
    over two turns."""
    if analyser is None:
        return
    own = list(positions)  # the positions' own searches, before any is averaged
    wanted = [
        k
        for k, p in enumerate(own)
        if p.how == "engine" and p.value is not None and not p.value.exact and p.best is not None
    ]
    played = {k for k in wanted if k < len(turns) and same_turn(turns[k], own[k].best)}
    done, total = len(positions), len(positions) + len(wanted) - len(played)
    for k in wanted:
        position = own[k]
        best, mover = position.best, position.to_move
        assert best is not None and mover is not None and position.value is not None
        if k in played:
            after = own[k + 1]
        else:
            child = games[k].copy()
            child.play(best)
            after = value_position(child, analyser, settings)
            done += 1
            if progress is not None:
                progress(done, total, after)
        found = after.value
        if found is None:
            continue
        if found.proven == (1 if mover == 1 else -1):  # the best turn is a proven win: so is the position
            value = found
        else:  # a proof that the best turn loses or draws is no proof of the position: another may do better
            mine = position.value
            value = Value(
                (mine.win + found.win) / 2,
                (mine.low + found.low) / 2,
                (mine.high + found.high) / 2,
                None,
                mine.visits + found.visits,
            )
        searched = k not in played
        positions[k] = attrs.evolve(
            position,
            value=value,
            via=best,
            seconds=position.seconds + (after.seconds if searched else 0.0),
            playouts=position.playouts + (after.playouts if searched else 0),
        )


def value_position(game: HexGame, analyser: Analyser | None, settings: ReviewSettings) -> PositionReview:
    """One position valued: its result at the end, a proof within the solver's reach, else the
    engine's analysis (or nothing, without an engine)."""
    number, empty = game.turns_played, game.empty
    if game.over:
        result = game.score()
        outcome = 0 if result.winner is None else (1 if result.winner == 1 else -1)
        return PositionReview(number, None, empty, Value.proof(outcome), None, (), "end")
    started = time.perf_counter()
    mover = game.to_move or 1
    proved = _solved(game, settings)
    if proved is not None:
        outcome, line = proved
        value = Value.proof(outcome if mover == 1 else -outcome)
        best = line[0] if line else None
        return PositionReview(number, mover, empty, value, best, line, "solver", time.perf_counter() - started)
    if analyser is None:
        return PositionReview(number, mover, empty, None, None, (), "none", time.perf_counter() - started)
    analysis = analyser.analyse(game, settings.limit, candidates=CANDIDATES)
    value = analysis.value if mover == 1 else analysis.value.flipped()
    candidates = tuple((c.turn, c.value) for c in analysis.candidates)
    return PositionReview(
        number,
        mover,
        empty,
        value,
        analysis.best,
        analysis.line,
        "engine",
        time.perf_counter() - started,
        analysis.playouts,
        candidates=candidates,
    )


def solver_reach(game: HexGame, settings: ReviewSettings) -> tuple[int, int]:
    """The empty cells and nodes within which the review asks the solver of `game`'s variant."""
    from catchup_notation.solvers.estimate import variant_kind
    from catchup_notation.solvers.limits import ENDGAME_EMPTY, ENDGAME_NODES

    empty = settings.max_empty if settings.max_empty is not None else ENDGAME_EMPTY[variant_kind(game)]
    nodes = settings.solver_nodes if settings.solver_nodes is not None else 4 * ENDGAME_NODES
    return empty, nodes


def _solved(game: HexGame, settings: ReviewSettings) -> tuple[int, tuple[Turn, ...]] | None:
    """(value for the player to move, principal line) where the solver proves the position within
    the review's reach, else None."""
    from catchup_notation.solvers.endgame import EndgameError, solve_endgame

    max_empty, max_nodes = solver_reach(game, settings)
    if game.empty > max_empty:
        return None
    try:
        solved = solve_endgame(game, max_empty=max_empty, max_nodes=max_nodes)
    except EndgameError:  # past the node budget, or a variant the solver cannot value
        return None
    if solved.value is None:
        return None
    return solved.value, solved.principal_line


def same_turn(a: Turn | None, b: Turn | None) -> bool:
    """Whether two turns place the same stones (in any order) for the same player."""
    if a is None or b is None:
        return False
    return a.player == b.player and sorted(zip(a.cells, a.stone_colours, strict=True)) == sorted(
        zip(b.cells, b.stone_colours, strict=True)
    )


def _turn_review(before: PositionReview, after: PositionReview, turn: Turn, settings: ReviewSettings) -> TurnReview:
    mover = turn.player
    value_before = before.value_for(mover)
    value_after = after.value_for(mover)
    if value_after is not None and not value_after.exact:
        # The engine may have proved the turn played while searching the position before it.
        for candidate, value in before.candidates:
            if value.exact and same_turn(candidate, turn):
                value_after = value
                break
    best_played = same_turn(before.best, turn)
    loss: float | None = None
    if value_before is not None and value_after is not None:
        both_exact = value_before.exact and value_after.exact
        loss = 0.0 if best_played and not both_exact else max(0.0, value_before.win - value_after.win)
    return TurnReview(
        number=after.number,
        player=mover,
        turn=turn,
        before=value_before,
        after=value_after,
        best=before.best,
        line=before.line,
        best_played=best_played,
        loss=loss,
        judgement=settings.thresholds.judge(loss),
    )


def _target(last: PositionReview, winner: int | None, draw: bool) -> int | None:
    """The result (for the first player: +1, 0, -1) the decision is sought for: the record's own,
    else (an unfinished game) what its last position is proven to be."""
    if winner is not None:
        return 1 if winner == 1 else -1
    if draw:
        return 0
    return last.value.proven if last.value is not None and last.value.exact else None


def _decided_at(positions: Sequence[PositionReview], target: int | None) -> tuple[int | None, bool]:
    if target is None:
        return None, False
    decided = None
    for position in reversed(positions):
        if position.value is None or position.value.proven != target:
            break
        decided = position.number
    if decided is None:
        return None, False
    before = positions[decided - 1] if decided > 0 else None
    return decided, before is not None and not before.exact


def _losing_turn(turns: Sequence[TurnReview]) -> int | None:
    for turn in reversed(turns):
        b, a = turn.before, turn.after
        if b is not None and a is not None and b.proven is not None and a.proven is not None and a.proven < b.proven:
            return turn.number
    return None
