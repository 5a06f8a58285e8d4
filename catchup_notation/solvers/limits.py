"""What every exact search shares: budgets (time, nodes), the error a stopped search raises, and
progress reports. A search checks its budget every few thousand nodes, so a budget is kept to
within a fraction of a second."""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from catchup_notation.errors import CatchupError

#: Empty cells `--solve-endgame` (adjudicate, view) solves by default, by kind of variant
#: (estimate.variant_kind), with the pure-Python solver: what takes a few seconds on one core on
#: side 5, measured on four random positions each (CPU seconds, under load): catchup's 18 take
#: under a second on most and up to about 5 s (19: up to 20 s), ketchup-1/2 and brink's under 4 s;
#: alternative 1-4 s at 14, 9 to over 25 s at 16; plur 3-8 s at 16; too up to 3.6 s at 16 and
#: product up to 3.7 s at 15 (16: one of four took 21 s), since they are searched over colourings
#: (hexsolve/colouring.py).
#: (Here, not in endgame.py, so that the commands that only name them do not import the solver.)
ENDGAME_EMPTY_REFERENCE = {
    "several stones": 18,  # catchup, catchup-2012, ketchup 1-4
    "one or two stones": 14,  # alternative
    "one stone": 18,  # brink
    "one stone, no bound": 15,  # plur
    "either colour": 15,  # too, product
}
#: The same with the compiled core (benchmarks/bench_solve.py --no-old, five random side-5
#: positions each, wall seconds on a loaded machine, median and worst): catchup 20 empty cells
#: 0.4 and 3.1 s (22: 0.05 and 11 s), ketchup-2 20: 0.4 and 3.2 s (22: 33 and 113 s); alternative
#: 16: 1.2 and 6.4 s (18: 13 and 23 s); brink 20: 0.8 and 4.7 s (22: 7 and 35 s); plur 17: 1.1 and
#: 3.8 s (19: 7 and 36 s); too 17 and product 17 (18: too 1.0 and 5.2 s, product 1.1 and 34 s).
ENDGAME_EMPTY_COMPILED = {
    "several stones": 20,
    "one or two stones": 16,
    "one stone": 20,
    "one stone, no bound": 17,
    "either colour": 17,
}
#: Nodes one game's endgame search may take under `--solve-endgame` before it is left unsolved: a
#: backstop against the rare position far harder than its empty cells suggest (a side-5 catchup
#: search runs 10-20 thousand nodes a second in Python; its 18-empty positions took up to 84
#: thousand nodes; the compiled search runs about a million nodes a second), counted in nodes
#: rather than seconds so that every machine gives the same verdicts.
ENDGAME_NODES_REFERENCE = 500_000
ENDGAME_NODES_COMPILED = 5_000_000


def _compiled_search() -> bool:
    """Whether the compiled search runs in this process (the defaults below depend on it)."""
    from catchup_notation.compiled import core

    return core("_hexcore") is not None


#: The defaults in effect: the compiled core's where it is built (and CATCHUP_PURE is not set),
#: the pure-Python solver's otherwise.
ENDGAME_EMPTY = ENDGAME_EMPTY_COMPILED if _compiled_search() else ENDGAME_EMPTY_REFERENCE
ENDGAME_NODES = ENDGAME_NODES_COMPILED if _compiled_search() else ENDGAME_NODES_REFERENCE


@attrs.frozen
class EndgameLimits:
    """How far `--solve-endgame` searches an unfinished game: at most `max_empty` empty cells (None:
    by the variant's kind, ENDGAME_EMPTY) and `max_nodes` nodes."""

    #: Positions with more empty cells are left unsolved (None: by the variant, `ENDGAME_EMPTY`).
    max_empty: int | None = None
    #: A search that passes this many nodes is given up.
    max_nodes: int = ENDGAME_NODES


#: How often (in nodes) a search looks at the clock and reports progress.
CHECK_EVERY = 512


class SearchTooLarge(CatchupError):
    """The problem is beyond what the search finishes in reasonable time, and no budget was given
    (`time_limit` or `max_nodes`) to try anyway; decided before any search."""


#: The `reason` of a search stopped because one of its worker processes died.
WORKER_LOST = "worker"


class SearchStopped(CatchupError):
    """A search ran out of its budget (`time_limit` seconds or `max_nodes` nodes), or lost a worker
    process. `partial` holds what was known when it stopped (the solver's own result type), when
    anything was; `nodes` the nodes the stopped search had visited (0 if not known); `reason` what
    stopped it ("time", "nodes", WORKER_LOST; "" if not known)."""

    def __init__(self, message: str, partial: object = None, nodes: int = 0, reason: str = "") -> None:
        super().__init__(message)
        self.partial = partial
        self.nodes = nodes
        self.reason = reason

    def __reduce__(self) -> tuple[type[SearchStopped], tuple[str, None, int, str]]:
        # raised in a worker process and re-raised in the parent: the count and the reason must cross
        return type(self), (str(self), None, self.nodes, self.reason)


def worker_lost(how: object, nodes: int) -> SearchStopped:
    """The stop of a search one of whose worker processes died (`how`: how it ended, as
    `workers.WorkerLost` says it), after `nodes` nodes in all."""
    return SearchStopped(f"a worker process {how}; the search stopped", nodes=nodes, reason=WORKER_LOST)


@attrs.frozen
class Progress:
    """A report from a running search: nodes so far, seconds, and root turns done of total."""

    nodes: int
    seconds: float
    done: int = 0
    total: int = 0


ProgressCallback = Callable[[Progress], None]


class Budget:
    """A deadline and a node allowance, checked by `check` every CHECK_EVERY nodes."""

    def __init__(
        self,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        progress: ProgressCallback | None = None,
    ) -> None:
        self.started = time.perf_counter()
        self.time_limit = time_limit
        self.deadline = None if time_limit is None else self.started + time_limit
        self.max_nodes = max_nodes
        self.progress = progress
        self.done = 0
        self.total = 0

    def check(self, nodes: int) -> None:
        """Raise SearchStopped past the budget; report progress otherwise."""
        if self.max_nodes is not None and nodes >= self.max_nodes:
            raise self.stopped("nodes", nodes)
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise self.stopped("time", nodes)
        if self.progress is not None:
            self.progress(Progress(nodes, now - self.started, self.done, self.total))

    def restated(self, stopped: SearchStopped, nodes: int) -> SearchStopped:
        """A worker's stop in this budget's terms when its budget stopped it (a worker's budget is
        a share of the parent's: the time left, the nodes divided among the workers); any other
        stop as it is."""
        return self.stopped(stopped.reason, nodes) if stopped.reason in ("time", "nodes") else stopped

    def stopped(self, reason: str, nodes: int) -> SearchStopped:
        """The error of a search this budget stopped (`reason` "time" or "nodes"), in its own terms."""
        if reason == "nodes":
            return SearchStopped(
                f"stopped after {nodes} nodes (--max-nodes {self.max_nodes})", nodes=nodes, reason=reason
            )
        return SearchStopped(
            f"stopped after {self.time_limit:g} s (--timeout) and {nodes} nodes", nodes=nodes, reason=reason
        )

    def seconds(self) -> float:
        return time.perf_counter() - self.started
