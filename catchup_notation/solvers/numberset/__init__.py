"""Analysis of number-set Catch-Up (Isaksen et al. 2015): exact solutions, exhaustive statistics
and the paper's play heuristics. The rules themselves live in `catchup_notation.rules.numbers`.
"""

from catchup_notation.solvers.numberset.heuristics import Heuristic, TournamentResult, tournament
from catchup_notation.solvers.numberset.solver import (
    Solution,
    game_value,
    plain_value,
    reference_value,
    solve,
    solve_game,
)
from catchup_notation.solvers.numberset.stats import LevelBranching, TreeStats, level_branching, tree_stats

__all__ = [
    "Heuristic",
    "LevelBranching",
    "Solution",
    "TournamentResult",
    "TreeStats",
    "game_value",
    "level_branching",
    "plain_value",
    "reference_value",
    "solve",
    "solve_game",
    "tournament",
    "tree_stats",
]
