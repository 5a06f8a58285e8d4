"""Whether an exact search will finish in reasonable time, decided before it starts.

The work of a hex search grows roughly geometrically with the empty cells, at a rate that depends
on how a variant's turns branch (several stones a turn, one stone, a stone of either colour) and
on whether its scoring rule decides positions early (bounds.py). The limits below are rough:
side-5 catchup endgames of 20 empty cells took from seconds to over two minutes on one core, and
the empty side-3 board (19 cells) of the several-stone variants from 3 to over 10 minutes
(benchmarks/bench_solve.py, benchmarks/bench_small_boards.py); a search beyond them is refused
unless the caller gives a budget (--timeout, --max-nodes), and a search inside them can still take
minutes.
"""

from __future__ import annotations

from catchup_notation.rules.catchup import AlternativeGame
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.predecessors import BrinkGame, PlurGame
from catchup_notation.solvers.hexsolve.search import unsearchable
from catchup_notation.solvers.limits import _compiled_search

#: Most empty cells searched without a budget, by kind of variant (see the module notes): where a
#: side-5 endgame takes up to a few minutes on one core (too: 14-22 s at 18 empty cells), with the
#: pure-Python solver.
FEASIBLE_EMPTY_REFERENCE = {
    "several stones": 20,  # catchup, catchup-2012, ketchup 1-4
    "one or two stones": 17,  # alternative: 16 empty cells took 9 to over 25 s
    "one stone": 19,  # brink
    "one stone, no bound": 18,  # plur
    "either colour": 18,  # too, product
}


#: The same with the compiled core (benchmarks/bench_solve.py --no-old, random side-5 positions,
#: wall seconds on a loaded machine, worst of five to eight): catchup 24 empty cells 241 s (median
#: 14 s); alternative 20: 48 s; brink 24: 158 s; plur 19: 36 s; product 18: 34 s.
FEASIBLE_EMPTY_COMPILED = {
    "several stones": 24,
    "one or two stones": 20,
    "one stone": 24,
    "one stone, no bound": 20,
    "either colour": 19,
}

#: Most empty cells searched without a budget where they outnumber the stones (an opening): with
#: few stones on the board no bound decides anything early, so the empty side-3 board (19 cells)
#: takes minutes to over ten in Python (ketchup-4 110 s, catchup over 500 s, too not solved in 600 s
#: on two processes), against seconds for 19 empty cells of a side-5 endgame. The compiled core
#: solves the empty side-3 board of every variant in under half a minute
#: (benchmarks/bench_side3_map.py --every).
OPENING_EMPTY_REFERENCE = 18
OPENING_EMPTY_COMPILED = 19

#: The limits in effect: the compiled core's where it is built (and CATCHUP_PURE is not set).
FEASIBLE_EMPTY = FEASIBLE_EMPTY_COMPILED if _compiled_search() else FEASIBLE_EMPTY_REFERENCE
OPENING_EMPTY = OPENING_EMPTY_COMPILED if _compiled_search() else OPENING_EMPTY_REFERENCE


def variant_kind(game: HexGame) -> str:
    """Which row of FEASIBLE_EMPTY a game's variant belongs to."""
    if game.either_colour:
        return "either colour"
    if isinstance(game, PlurGame):
        return "one stone, no bound"
    if isinstance(game, BrinkGame):
        return "one stone"
    return "one or two stones" if isinstance(game, AlternativeGame) else "several stones"


def hex_feasible(game: HexGame) -> str | None:
    """Why an exact search of this position would take too long to start without a budget, or None
    (also for a variant the search refuses whatever the size: the solver says why)."""
    if game.over or unsearchable(game) is not None:
        return None
    kind = variant_kind(game)
    limit = FEASIBLE_EMPTY[kind]
    stones = len(game.owner) - game.empty
    if game.empty > stones:
        limit = min(limit, OPENING_EMPTY)
        where = "with more empty cells than stones"
    else:
        where = "in an endgame"
    if game.empty <= limit:
        return None
    return (
        f"{game.empty} empty cells: too many to solve in reasonable time ({game.variant.name} is solved up to "
        f"about {limit} empty cells {where})"
    )
