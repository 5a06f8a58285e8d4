"""A plain UCT player, the ladder's independent baseline (benchmarks/ladder.py).

Written apart from the engine on purpose, sharing only the rules engine (HexGame): its own small
tree, its own formulas, no priors, no solver, no proofs. A tree action is a turn's stone count or
one stone (a turn's stones in ascending cell order, so each turn has one path), as the engine's
tree does (a plain UCT over whole turns is the other baseline: benchmarks/independent_uct.cpp).
Selection is UCB1 with exploration `C`; an action not yet tried is
tried first, in random order; playouts choose a uniformly random allowed count and uniformly
random empty cells to the end of the game. Variants whose constraints can forbid a turn
(`game.constrained`) are out of its scope.
"""

from __future__ import annotations

import math
import random
import time

from catchup_notation.model import Turn
from catchup_notation.rules.hexgame import HexGame

#: UCB1's exploration constant (sqrt 2: the textbook value, deliberately untuned).
C = math.sqrt(2.0)


class Node:
    """A position at the start of a turn (`count` None) or within a turn (count chosen, `stones`
    placed so far). `wins` are for the player who acts at the parent, who chose this node."""

    __slots__ = ("children", "count", "mover", "plays", "stones", "untried", "visits", "wins")

    def __init__(self, mover: int, count: int | None, stones: tuple[int, ...]) -> None:
        self.mover = mover
        self.count = count
        self.stones = stones
        #: The turn entering this node completes (its cells), None if it completes none.
        self.plays: tuple[int, ...] | None = None
        self.children: dict[int, Node] = {}
        self.untried: list[int] | None = None
        self.visits = 0
        self.wins = 0.0


def _actions(game: HexGame, node: Node) -> list[int]:
    """The actions at a node: the allowed counts at a turn's start; otherwise the empty cells
    after the last stone placed that leave room for the stones still to come."""
    if node.count is None:
        return list(game.allowed_counts())
    owner = game.owner
    after = node.stones[-1] + 1 if node.stones else 0
    left = node.count - len(node.stones)
    taken = set(node.stones)
    cells = [i for i in range(after, len(owner)) if not owner[i] and i not in taken]
    return cells[: len(cells) - left + 1] if left > 0 else []


def _playout(game: HexGame, rng: random.Random) -> int | None:
    """Play uniformly random turns to the end; the winner (None: a draw)."""
    owner = game.owner
    while not game.over:
        count = rng.choice(game.allowed_counts())
        empty = [i for i, o in enumerate(owner) if not o]
        game.place(rng.sample(empty, count))
    return game.winner_of((game.groups(1), game.groups(2)))


class UctPlayer:
    """Chooses a turn by plain UCT within a time or a playout budget per turn."""

    def __init__(self, seed: int = 0, exploration: float = C) -> None:
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.playouts = 0

    def choose(self, game: HexGame, seconds: float | None = None, playouts: int | None = None) -> Turn:
        if game.constrained or game.either_colour:
            raise ValueError(f"the baseline plays unconstrained one-colour variants, not {game.variant}")
        root = Node(game.mover, None, ())
        deadline = time.perf_counter() + seconds if seconds else math.inf
        done = 0
        while done < (playouts or math.inf) and (done == 0 or time.perf_counter() < deadline):
            self._iterate(game, root)
            done += 1
        self.playouts = done
        return self._best_turn(game, root)

    def _iterate(self, start: HexGame, root: Node) -> None:
        game = start.copy()
        rng, c = self.rng, self.exploration
        node, path = root, [root]
        while not game.over:
            if node.untried is None:
                node.untried = _actions(game, node)
                rng.shuffle(node.untried)
            if node.untried:
                action = node.untried.pop()
                child = self._child(game, node, action)
                node.children[action] = child
                path.append(child)
                node = child
                break
            log_n = math.log(node.visits)
            node = max(
                node.children.values(),
                key=lambda ch: ch.wins / ch.visits + c * math.sqrt(log_n / ch.visits),
            )
            path.append(node)
            self._enter(game, node)
        winner = _playout(game, rng) if not game.over else game.winner_of((game.groups(1), game.groups(2)))
        for i in range(1, len(path)):
            chooser = path[i - 1].mover
            path[i].visits += 1
            path[i].wins += 1.0 if winner == chooser else 0.5 if winner is None else 0.0
        root.visits += 1

    def _child(self, game: HexGame, node: Node, action: int) -> Node:
        """The node an action leads to, the game moved on to it."""
        stones: tuple[int, ...] = ()
        if node.count is None:
            count = action
        else:
            count, stones = node.count, (*node.stones, action)
        child = Node(node.mover, count, stones)
        if len(stones) == count:  # the turn is complete: the child is the next turn's start
            child.plays, child.count, child.stones = stones, None, ()
        self._enter(game, child)
        return child

    @staticmethod
    def _enter(game: HexGame, node: Node) -> None:
        """Play the turn entering a node completes, if any, and give the node its mover (the
        player whose actions its children are)."""
        if node.plays is not None:
            game.place(list(node.plays))
            if not game.over:
                node.mover = game.mover

    def _best_turn(self, game: HexGame, root: Node) -> Turn:
        """Follow the most visited actions until a turn is complete."""
        node, count = root, None
        stones: list[int] = []
        while count is None or len(stones) < count:
            if not node.children:  # never searched this deep: complete the turn at random
                if count is None:
                    count = self.rng.choice(game.allowed_counts())
                empty = [i for i, o in enumerate(game.owner) if not o and i not in stones]
                stones += self.rng.sample(empty, count - len(stones))
                break
            action, node = max(node.children.items(), key=lambda kv: kv[1].visits)
            if count is None:
                count = action
            else:
                stones.append(action)
            if node.plays is not None:
                break
        cells = game.board.cells
        return Turn(game.mover, tuple(cells[i] for i in sorted(stones)))
