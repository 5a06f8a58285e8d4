"""Exact solving of hex positions: the result with perfect play, a principal line, and the value of
every legal turn of the player to move.

`solve_endgame(game)` solves any position of any hex variant (the empty board, a record's position,
a game stopped early), passes and either-colour stones included. The search itself is in
`catchup_notation.solvers.hexsolve` (negamax with alpha-beta, a bounded transposition table,
symmetries, decided-position bounds, move ordering; split over processes at the root with `jobs`).
Every principal line it returns has been replayed through the engine, and its end checked against
the value found.

Values are for the player to move: 1 a win, 0 a draw, -1 a loss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from catchup_notation.errors import CatchupError, IllegalTurn
from catchup_notation.model import Record, Result, Turn
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.solvers.hexsolve.core import CoreSearcher, TableView, make_searcher
from catchup_notation.solvers.hexsolve.parallel import Answer, available_cores, solve_root_turns
from catchup_notation.solvers.hexsolve.search import Searcher, SearchError, unsearchable
from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
from catchup_notation.solvers.limits import Budget, ProgressCallback, SearchStopped, SearchTooLarge
from catchup_notation.workers import capped

if TYPE_CHECKING:
    from collections.abc import Callable

    from catchup_notation.rules.registry import Variant

#: Memory for transposition tables, shared by every process of a search.
DEFAULT_MEMORY_MB = 1024

#: Below this many empty cells a search runs in this process even when more jobs are allowed.
PARALLEL_FROM_EMPTY = 12


class EndgameError(CatchupError):
    """The position cannot be solved (not a hex game)."""


class EndgameTooLarge(EndgameError, SearchTooLarge):
    """More empty cells than the caller allowed."""


class EndgameTimeout(EndgameError, SearchStopped):
    """The search ran past the caller's budget (time or nodes); `partial` holds an EndgameResult
    with what was known: the turns valued so far, and the value if a winning turn was found."""


@attrs.frozen
class MoveValue:
    """One legal turn of the player to move and its value for that player (1, 0, -1; None when a
    stopped search never reached it). Turns with the same `orbit` are images of one another
    under a symmetry of the position, so they share their value."""

    #: The turn.
    turn: Turn
    #: Its value for the player to move: 1 win, 0 draw, -1 loss; None if a stopped search never reached it.
    value: int | None
    #: Turns with the same orbit are images of one another under a symmetry of the position.
    orbit: int


@attrs.frozen
class EndgameResult:
    """The game-theoretic result of a hex position.

    `winner` is 1 or 2 with perfect play, None for a draw (only where the variant can end in one:
    ketchup-1/2 stopped with no legal turn and identical group lists, plur without a clear cut, or
    an even board). `value` is the same from the side of `to_move` (+1 win, 0 draw, -1 loss; None
    when the game was already over, or a stopped search did not find it). `principal_line` is a
    sequence of optimal turns to the end; `final` the result of the position it reaches (the
    actual result when the game was already over). `moves` (when asked for) values every legal
    turn of the player to move. `table_entries` is the size of the transposition tables at the end
    (all processes), `table_capacity` their bound; `symmetries` counts the symmetries of the
    position (1: none but the identity). `complete` is False for a search stopped by its budget,
    `stopped` then says why.
    """

    #: The winner with perfect play (1 or 2), None for a draw.
    winner: int | None
    #: The player to move in the position solved.
    to_move: int | None
    #: The value for the player to move: 1 win, 0 draw, -1 loss (None when the game was over, or a stopped search did
    #: not find it).
    value: int | None
    #: A line of best play to the end.
    principal_line: tuple[Turn, ...]
    #: The result of the position the line reaches.
    final: Result | None
    #: Positions searched.
    nodes: int
    #: Time the search took.
    seconds: float
    #: Empty cells in the position solved.
    empty: int
    #: With `moves=True`: every legal turn of the player to move and its value.
    moves: tuple[MoveValue, ...] = ()
    #: Entries of the transposition tables at the end (all processes).
    table_entries: int = 0
    #: The tables' bound, from the memory given.
    table_capacity: int = 0
    #: Symmetries of the position (1: none but the identity).
    symmetries: int = 1
    #: Processes that shared the search.
    jobs: int = 1
    #: False for a search stopped by its budget.
    complete: bool = True
    #: Why a stopped search stopped.
    stopped: str | None = None

    @property
    def draw(self) -> bool:
        """Whether perfect play draws (a complete result without a winner)."""
        return self.complete and self.value is not None and self.winner is None


def _hex_position(game: object) -> HexGame:
    """The hex position to solve: `game` itself, or the last legal position of a record's `Game`
    (a layer above this one, known here only by its `replay()`)."""
    if isinstance(game, HexGame):
        return game
    replay = getattr(game, "replay", None)
    played = getattr(replay(), "game", None) if callable(replay) else None
    if isinstance(played, HexGame):
        return played
    raise EndgameError(
        "endgame solving needs a hex position: a Game read from a hex record, a HexGame "
        f"(parse_variant('catchup').new_game()) or solve_record(record); not {_described(played or game)}"
    )


def _described(thing: object) -> str:
    kind = type(thing).__name__
    return f"a number-set game ({kind})" if "Numbers" in kind else f"an object of type {kind}"


def solve_endgame(
    game: object,
    *,
    max_empty: int | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    moves: bool = False,
    jobs: int = 1,
    memory_mb: int = DEFAULT_MEMORY_MB,
    progress: ProgressCallback | None = None,
) -> EndgameResult:
    """Solve a hex position exactly; the game is not changed. `game` is a `HexGame`, or a record's
    `Game` (its last legal position is solved).

    `max_empty` caps the empty cells (EndgameTooLarge beyond). `time_limit` (seconds) and
    `max_nodes` bound the search: past them EndgameTimeout is raised, its `partial` holding what
    was known. `moves` values every legal turn of the player to move (listed with their symmetry
    orbits). `jobs` processes share the root's turns (0: every core); `memory_mb` bounds the
    transposition tables of all of them together. `progress` is called every few thousand nodes.
    """
    game = _hex_position(game)
    if game.over:
        final = game.score()
        return EndgameResult(final.winner, None, None, (), final, 0, 0.0, game.empty)
    refused = unsearchable(game)
    if refused is not None:  # said before the size: no budget would let it be searched
        raise EndgameError(refused)
    if max_empty is not None and game.empty > max_empty:
        raise EndgameTooLarge(f"{game.empty} empty cells; the endgame solver is limited to {max_empty} here")
    jobs = available_cores() if jobs == 0 else capped(jobs)
    budget = Budget(time_limit, max_nodes, progress)
    capacity = memory_mb * 2**20 // BYTES_PER_ENTRY
    try:
        searcher = make_searcher(game, capacity=capacity // jobs if jobs > 1 else capacity, budget=budget)
    except SearchError as exc:
        raise EndgameError(str(exc)) from None
    run = _Run(game, searcher, budget, jobs, capacity, moves)
    try:
        run.list_root()  # may be long on a large board: under the budget too
        return run.solve()
    except SearchStopped as exc:
        nodes = max(exc.nodes, run.nodes())  # a worker's stop counts its own nodes: say all of them
        stopped = budget.restated(exc, nodes)  # a worker's stop, in the caller's terms
        partial = run.partial(str(stopped), nodes)
        raise EndgameTimeout(f"{stopped}; {run.known_words()}", partial, reason=exc.reason) from None


def solve_variant(variant: str | Variant, **options: object) -> EndgameResult:
    """Solve a hex variant from its empty board (`catchup-2012(size=3)`); options as `solve_endgame`."""
    from catchup_notation.rules.registry import parse_variant

    chosen = parse_variant(variant) if isinstance(variant, str) else variant
    if chosen.family != "hex":
        raise EndgameError(f"{chosen.name} is not a hex variant")
    return solve_endgame(chosen.new_game(), **options)  # type: ignore[arg-type]


def solve_record(record: Record, variant: str | Variant | None = None, **options: object) -> EndgameResult:
    """Solve the position a record reaches (its last turn; a recorded resignation is ignored).
    Raises IllegalTurn when the record breaks the rules, before solving anything."""
    from catchup_notation.rules.replay import replay  # replay imports the registry; keep it lazy

    played = replay(record, variant)
    if played.error is not None:
        raise IllegalTurn(played.error)
    return solve_endgame(played.game, **options)  # type: ignore[arg-type]


class _Run:
    """One call of solve_endgame: the root, what is known so far, and the way to the answer."""

    def __init__(
        self, game: HexGame, searcher: Searcher | CoreSearcher, budget: Budget, jobs: int, capacity: int, moves: bool
    ) -> None:
        self.game = game
        self.searcher = searcher
        self.budget = budget
        self.jobs = jobs
        self.capacity = capacity
        self.want_moves = moves
        self.root = searcher.state(game)
        self.values: dict[int, int] = {}  # orbit key -> value for the root's mover
        self.lines: dict[int, list[int]] = {}  # placed -> a principal line after it
        self.extra_nodes = 0  # searched by worker processes, in the turns they answered
        self.workers = (0, 0)  # nodes and table entries of every worker so far, as they last said
        self.value: int | None = None
        self.line_masks: list[int] = []
        self.order: list[int] = []
        self.orbit_of: dict[int, int] = {}
        self.representatives: list[int] = []

    def list_root(self) -> None:
        """The root's turns in the search's order, and one of each orbit under its symmetries."""
        searcher = self.searcher
        turns = searcher.children(self.root, searcher.counts(self.root))
        self.order = [placed for placed, _ in searcher.ordered(turns, self.game.to_move or 1, 0, 0)]
        self.orbit_of = {placed: searcher.turn_orbit_key(placed) for placed in self.order}
        seen: set[int] = set()
        for placed in self.order:
            if self.orbit_of[placed] not in seen:
                seen.add(self.orbit_of[placed])
                self.representatives.append(placed)
        self.budget.total = len(self.representatives)

    def solve(self) -> EndgameResult:
        parallel = self.jobs > 1 and self.game.empty >= PARALLEL_FROM_EMPTY and len(self.representatives) > 1
        if parallel:
            self._parallel()
        elif self.want_moves:
            self._each_turn()
        else:
            self.value = self.searcher.value(self.root)
            self.line_masks = self.searcher.line(self.root, self.value)
        return self._result()

    def _each_turn(self) -> None:
        searcher = self.searcher
        children = dict(searcher.children(self.root, searcher.counts(self.root)))
        for placed in self.representatives:
            self.values[self.orbit_of[placed]] = -searcher.value(children[placed])
            self.budget.done += 1
        self._choose(lambda placed: searcher.line(children[placed], -self.values[self.orbit_of[placed]]))

    def _parallel(self) -> None:
        def answer(found: Answer) -> None:
            placed, value, nodes, line, _, _ = found
            self.values[self.orbit_of[placed]] = value
            if line is not None:
                self.lines[placed] = line
            self.extra_nodes += nodes
            self.budget.done += 1

        def counts(nodes: int, entries: int) -> None:  # the progress display's, and the budget's
            self.workers = (nodes, entries)
            self.budget.check(self.searcher.nodes + max(nodes, self.extra_nodes))

        solve_root_turns(
            self.game,
            self.representatives,
            jobs=self.jobs,
            capacity=self.capacity // self.jobs,
            budget=self.budget,
            stop_at_win=not self.want_moves,
            on_answer=answer,
            on_counts=counts,
        )
        self._choose(self.lines.__getitem__)

    def _choose(self, line_after: Callable[[int], list[int]]) -> None:
        """The root value from the turns' values, and a principal line through a best turn."""
        best = max(self.values.values())
        chosen = next(p for p in self.representatives if self.values.get(self.orbit_of[p]) == best)
        self.value = best
        self.line_masks = [chosen, *line_after(chosen)]

    # -- results -------------------------------------------------------------------------------

    def _turn(self, player: int, placed: int) -> Turn:
        geo = self.searcher.geo
        n = geo.n
        stones = [
            (geo.cells[k], colour)
            for colour, mask in ((1, placed & geo.full), (2, placed >> n))
            for k in range(n)
            if mask >> k & 1
        ]
        return Turn(player, tuple(cell for cell, _ in stones), colours=tuple(colour for _, colour in stones))

    def _move_values(self) -> tuple[MoveValue, ...]:
        if not self.want_moves:
            return ()
        mover = self.game.to_move or 1
        orbit_number: dict[int, int] = {}
        out = []
        for placed in self.order:
            orbit = self.orbit_of[placed]
            number = orbit_number.setdefault(orbit, len(orbit_number))
            out.append(MoveValue(self._turn(mover, placed), self.values.get(orbit), number))
        return tuple(out)

    def _result(self) -> EndgameResult:
        game = self.game
        mover = game.to_move
        assert mover is not None and self.value is not None
        line = []
        end = game.copy()
        for placed in self.line_masks:
            assert end.to_move is not None
            turn = self._turn(end.to_move, placed)
            end.play(turn)  # the engine re-checks every turn of the line
            line.append(turn)
        value = self.value
        winner = None if value == 0 else (mover if value == 1 else 3 - mover)
        final = end.score()
        if not end.over or final.winner != winner:
            raise AssertionError(f"the principal line ends with {final.winner}, the search said {winner}")
        return EndgameResult(
            winner,
            mover,
            value,
            tuple(line),
            final,
            self.nodes(),
            self.budget.seconds(),
            game.empty,
            moves=self._move_values(),
            table_entries=self._entries(),
            table_capacity=self._capacity(),
            symmetries=len(self.searcher.symmetries),
            jobs=self.jobs,
        )

    def partial(self, why: str, stopped_nodes: int = 0) -> EndgameResult:
        """What is known after the budget ran out: the turns valued, and the value if a turn wins.
        `stopped_nodes` is the count of the search that stopped (a worker's, in a parallel run: the
        nodes reported are then at least those, the other workers' unfinished turns unknown)."""
        mover = self.game.to_move
        value = 1 if 1 in self.values.values() else None
        winner = None if value is None else mover
        return EndgameResult(
            winner,
            mover,
            value,
            (),
            None,
            max(self.nodes(), stopped_nodes),
            self.budget.seconds(),
            self.game.empty,
            moves=self._move_values(),
            table_entries=self._entries(),
            table_capacity=self._capacity(),
            symmetries=len(self.searcher.symmetries),
            jobs=self.jobs,
            complete=False,
            stopped=why,
        )

    def _capacity(self) -> int:
        """The most entries the tables of all processes hold: the compiled search's C entries are
        smaller than the Python table's, so the same memory holds more of them."""
        table = self.searcher.table
        if isinstance(table, TableView):
            return table.capacity * (self.jobs if self.jobs > 1 else 1)
        return self.capacity

    def _entries(self) -> int:
        """Entries in every table at the end: this process's and the workers' as they last said."""
        return len(self.searcher.table) + self.workers[1]

    def nodes(self) -> int:
        """Nodes searched: this process's and the workers' (the turns they answered, or all they
        searched as they last said, turns cut short included, whichever is more)."""
        return self.searcher.nodes + max(self.extra_nodes, self.workers[0])

    def known_words(self) -> str:
        done = len(self.values)
        total = len(self.representatives)
        if 1 in self.values.values():
            return f"a winning turn was found ({done} of {total} turns valued up to symmetry)"
        return f"{done} of {total} turns valued up to symmetry, none winning so far"
