"""The compiled tree search (catchup_notation._hexcore.Mcts, C) behind the interface of
`mcts.Tree` that the engine's driver uses: run, count, info, children_of, untried, tried, prove.

`core_tree` gives it where the core is built and knows the variant's rules; elsewhere the driver
runs the pure-Python Tree, which builds the same tree as one thread does here, more slowly.
`threads` threads search the one tree at once (hexmcts.h: mcts_run)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from catchup_notation.compiled import core
from catchup_notation.engine.mcts import FirstTurnRow, NodeInfo, Settings
from catchup_notation.rules.corerules import core_board, rules_of

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame

#: The core's codes of how a game ended (the engine's end_reason).
END_CODES = {None: 0, "board-full": 1, "no-legal-turn": 2}


class CoreTree:
    """One root position's tree, searched by the compiled core on `threads` threads."""

    def __init__(self, game: HexGame, seed: int, settings: Settings, rules: tuple[int, ...], threads: int = 1) -> None:
        hexcore = core("_hexcore")
        assert hexcore is not None
        if game.over:
            raise ValueError("the game is over: there is nothing to search")
        self.game = game.copy()
        self.settings = settings
        self.threads = threads
        state = (
            *(game.owner, game.parent, game.gsize, game.largest, game.scores),
            *(game.empty, game.turns_played, game.to_move or 0, END_CODES[game.end_reason], game.history),
        )
        self._tree: Any = hexcore.Mcts(
            core_board(game.board),
            rules,
            state,
            seed,
            settings.exploration,
            settings.fpu_reduction,
            settings.rave,
            settings.max_nodes,
            settings.near_tries,
            settings.count_tries,
            settings.mast,
            settings.prior_bias,
        )

    def run(self, playouts: int, deadline: float = 0.0) -> int:
        """As Tree.run (`deadline` on time.monotonic()), on the tree's threads; Python's other
        threads run meanwhile."""
        # the core's clock is CLOCK_MONOTONIC, as time.monotonic() on Linux; convert to be sure
        when = 0.0 if not deadline else _core_clock() + (deadline - time.monotonic())
        done: int = self._tree.run(playouts, when, self.threads)
        return done

    @property
    def count(self) -> int:
        found: int = self._tree.count
        return found

    @property
    def playouts(self) -> int:
        found: int = self._tree.playouts
        return found

    @property
    def bytes(self) -> int:
        """Memory the tree holds."""
        found: int = self._tree.bytes
        return found

    def info(self, i: int) -> NodeInfo:
        parent, action, player, boundary, n, w, lo, hi, dead, tried, expanded = self._tree.node(i)
        return NodeInfo(parent, action, player, bool(boundary), n, w, lo, hi, bool(dead), bool(tried), bool(expanded))

    def children_of(self, i: int) -> tuple[tuple[int, int], ...]:
        found: tuple[tuple[int, int], ...] = self._tree.children(i)
        return found

    def amaf(self, i: int) -> tuple[tuple[int, float], ...]:
        found: tuple[tuple[int, float], ...] = self._tree.amaf(i)
        return found

    def first_turns(self) -> list[FirstTurnRow]:
        """As Tree.first_turns, as plain tuples in FirstTurn's order (a thousand are read as a
        turn's time ends: not wrapped, they take a fifth less time)."""
        found: list[FirstTurnRow] = self._tree.first_turns()
        return found

    def untried(self, least: int, most_empty: int) -> list[int]:
        found: list[int] = self._tree.untried(least, most_empty)
        return found

    def tried(self, i: int) -> None:
        self._tree.tried(i)

    def prove(self, i: int, outcome: int) -> None:
        self._tree.prove(i, outcome)


def _core_clock() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC) if hasattr(time, "clock_gettime") else time.monotonic()


def core_tree(game: HexGame, seed: int, settings: Settings, *, threads: int = 1) -> CoreTree | None:
    """The compiled search of `game` on `threads` threads, or None where it cannot run (no core,
    or rules it does not know)."""
    rules = rules_of(game)
    if rules is None:
        return None
    return CoreTree(game, seed, settings, rules, threads)
