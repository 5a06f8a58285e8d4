"""Monte Carlo tree search over hex positions: the pure-Python reference of the compiled search.

The tree's actions are a turn's stone count, then its stones one at a time, not whole turns: a
turn of the player to move is how many stones it places (an action of its own where the rules
allow more than one count; a pass is the count 0), then those stones in ascending cell order, the
last of which ends the turn. A side-5 turn of three stones is one of about 20,000, a stone one of
at most 61, so the search shares what it learns of a stone between the turns that hold it and
needs no listing of every turn; choosing the count first keeps a stone's value from mixing turns
of different sizes (with the count last, a stone low in the board's order would stand for turns of
one, two and three stones, and one at the end only for turns of one). A node is a position at a
turn's start (the root, or the end of a turn) or a turn in progress; every node knows the player
acting at it and the stones its turn will place (`goal`, -1 while the count is to be chosen), and
its statistics are the results of the playouts through it, for the player who chose the action
that leads to it.

Selection is UCT with first-play urgency (an action not tried yet counts as one visit valued at
its parent's mean less `fpu_reduction`). Proofs follow score-bounded MCTS: each node holds a lower
and an upper bound of the outcome for the first player (-1, 0 or +1), a game's end gives both, and
a node whose actions are all known takes the best of its children's bounds for its mover (a
draw is a value like the others). Selection passes over a child whose value is proven (but a win,
taken at once) and one that can at best equal what the mover already has for sure: nothing below
them can change the node's value. A turn in progress that no legal turn completes (the
constraints of alternative and Ketchup 1-2) is dead: it is left out, not lost. A progressive bias
is a setting, off by default (`prior_bias`, measured no better: docs/engine.md): an action's
knowledge (`Tree.knowledge`, from the stones around it) weighs on its score, less with every visit.

Playouts play uniformly chosen allowed counts and uniformly chosen empty cells to the end (a turn
in progress is completed to its count with cells after its last one, as the tree orders them).
Three biases are settings, off by default (docs/engine.md): `near_tries` draws a cell again while
it touches none of the mover's stones, `count_tries` keeps the largest of several draws of the
count, `mast` takes a share of the stones by move-average sampling (the cell with the best mean
result for the mover over the tree's iterations so far). Each redraw or share draw is one more
random number, in the same order in both searches.

The compiled search (catchup_notation._hexcore.Mcts) does exactly this, with the same random
numbers (rng.SplitMix64), formulas and tie-breaks: with one thread and a playout limit both build
the same tree (tests/test_engine_differential.py). This module is the oracle for it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

import attrs

from catchup_notation.engine.rng import SplitMix64

if TYPE_CHECKING:
    from catchup_notation.rules.hexgame import HexGame

#: The action of the root (no action leads to it).
ROOT = -1
#: Random tries at completing a turn before listing the completions in order (constrained variants).
TRIES = 8
#: Most redraws of a playout's cell or count (Settings.near_tries, count_tries; more are cut to it).
MAX_TRIES = 16
#: Settings.mast's draw: a stone is MAST's where a number below this is below mast times it.
MAST_SCALE = 1 << 30


@attrs.frozen
class Settings:
    """The search's parameters (the engine's levels choose them; see docs/engine.md)."""

    #: UCT's exploration constant.
    exploration: float = 0.4
    #: An untried action counts as one visit valued at its parent's mean less this.
    fpu_reduction: float = 0.0
    #: RAVE's equivalence: an action's all-moves-as-first average weighs as much as its own
    #: average after this many visits of its own (0: no RAVE; never where either colour may be
    #: placed). Off: in Catchup a stone's worth depends on when it is played, and RAVE lost (see
    #: docs/engine.md).
    rave: float = 0.0
    #: Most tree nodes (the memory bound): past it the search stops adding nodes.
    max_nodes: int = 2_000_000
    #: The solver is given turn starts with at most this many empty cells (the engine's driver)...
    solve_empty: int = 14
    #: ...visited at least this often...
    solve_visits: int = 4
    #: ...at most this many a tree between two rounds of playouts...
    solve_per_round: int = 4
    #: ...each with at most this many of its nodes.
    solve_nodes: int = 20_000
    #: Playouts: a cell drawn that touches none of the mover's stones is drawn again, up to this
    #: many times (0: uniformly random cells).
    near_tries: int = 0
    #: Playouts: the count is drawn this many more times and the largest draw kept (0: uniformly
    #: random counts).
    count_tries: int = 0
    #: Playouts: the share of stones taken by move-average sampling (MAST), the empty cell whose
    #: mean result for the mover, over the tree's iterations in which the mover took that cell, is
    #: the highest; the others are uniformly random (0: every stone uniform; never where either
    #: colour may be placed).
    mast: float = 0.0
    #: Selection: an action's knowledge (`Tree.knowledge`, 0 to 3, as a share of 3) times this,
    #: divided by the action's visits plus one, is added to its score (progressive bias; 0: none).
    prior_bias: float = 0.0


class NodeInfo(NamedTuple):
    """What the search knows of one node, as both implementations give it (`info`)."""

    parent: int  # -1 for the root
    action: int
    player: int
    boundary: bool
    n: int
    w: float
    lo: int
    hi: int
    dead: bool
    tried: bool  # given to the solver
    expanded: bool


#: A first turn as `first_turns` gives it, FirstTurn's fields in order (the compiled search gives
#: plain tuples).
FirstTurnRow = tuple[tuple[int, ...], tuple[int, ...], int, int, float, int, int]


class FirstTurn(NamedTuple):
    """A first turn of the tree (`Tree.first_turns`)."""

    cells: tuple[int, ...]  # ascending
    colours: tuple[int, ...]  # () where every stone is the mover's
    node: int  # the node after the turn
    n: int
    w: float  # results for the mover
    lo: int  # the outcome's bounds for the first player
    hi: int


class Node:
    """One position of the tree (see the module notes). `actions` is None until the node is
    expanded; `children[i]` is None until action i is first taken."""

    __slots__ = (
        *("action", "actions", "boundary", "children", "dead", "hi", "lo", "n", "number", "parent", "player"),
        *("amaf_n", "amaf_w", "goal", "placed", "prior", "tried", "w"),
    )

    def __init__(self, parent: Node | None, action: int, player: int, boundary: bool, number: int, goal: int) -> None:
        self.parent = parent
        self.goal = goal  # the stones the turn in progress places (-1: its count is to be chosen)
        self.action = action
        self.player = player  # who acts at this node (at a game's end: who would)
        self.boundary = boundary  # a turn's start (the root, or reached by the action ending a turn)
        self.number = number  # creation order: the node's handle
        self.placed: int = 0 if parent is None else parent.placed + (action >= 0)  # stones from the root
        self.n = 0
        self.w = 0.0  # results for the player who chose the action into this node
        self.lo, self.hi = -1, 1  # the outcome's bounds for the first player
        self.actions: list[int] | None = None
        self.children: list[Node | None] = []
        self.amaf_n: list[int] = []  # per action: playouts in which the mover later played it
        self.amaf_w: list[float] = []  # and their results for the mover
        self.prior: list[int] = []  # per action, with Settings.prior_bias: its knowledge (Tree.knowledge)
        self.dead = False
        self.tried = False

    @property
    def chooser(self) -> int:
        """The player whose choice leads here (at a turn's start, the acting player's opponent)."""
        return 3 - self.player if self.boundary else self.player

    @property
    def proven(self) -> bool:
        return self.lo == self.hi


def stone_action(cell: int, colour: int, player: int) -> int:
    """The action placing a stone of `colour` at `cell` for `player`."""
    return cell * 2 + (colour != player)


def count_action(count: int) -> int:
    """The action choosing how many stones the turn places (0: a pass); negative, below ROOT."""
    return -2 - count


def count_of(action: int) -> int:
    """The count a count action chooses."""
    return -2 - action


def goal_of(counts: Sequence[int]) -> int:
    """The stones a turn starting with these allowed counts will place: the one count where there
    is one (no count action then), -1 where the count is an action of its own (several, or a pass)."""
    return counts[0] if len(counts) == 1 and counts[0] > 0 else -1


def outcome_of(game: HexGame) -> int:
    """A finished game's outcome for the first player: +1, 0 or -1."""
    winner = game.winner_of((game.groups(1), game.groups(2)))
    return 0 if winner is None else 1 if winner == 1 else -1


class Tree:
    """The search tree of one root position (not changed: the tree plays on copies)."""

    def __init__(self, game: HexGame, seed: int, settings: Settings = Settings()) -> None:
        if game.over:
            raise ValueError("the game is over: there is nothing to search")
        self.game = game.copy()
        self.settings = settings
        self.rng = SplitMix64(seed)
        self.either = bool(game.either_colour)
        self.rave = 0.0 if self.either else settings.rave
        self.mast = 0.0 if self.either or not settings.mast > 0 else min(settings.mast, 1.0)
        cells = len(game.owner)
        # MAST: per colour (index 1, 2) and cell, the iterations in which that colour took the
        # cell (empty at the root) and their results for that colour.
        self.mast_n = [[0] * cells for _ in range(3)]
        self.mast_w = [[0.0] * cells for _ in range(3)]
        self.nodes: list[Node] = []
        self.root = self._node(None, ROOT, game.mover, True, goal_of(game.allowed_counts()))
        self.playouts = 0

    def _node(self, parent: Node | None, action: int, player: int, boundary: bool, goal: int) -> Node:
        node = Node(parent, action, player, boundary, len(self.nodes), goal)
        self.nodes.append(node)
        return node

    # -- one playout ---------------------------------------------------------------------------

    def run(self, playouts: int, deadline: float = 0.0) -> int:
        """Run up to `playouts` iterations, stopping at `deadline` (time.monotonic(); 0: none) or
        once the root is proven or dead; how many ran."""
        done = 0
        while done < playouts and not self.root.proven and not self.root.dead:
            if deadline and done % 8 == 0 and time.monotonic() >= deadline:
                break
            self.iterate()
            done += 1
        self.playouts += done
        return done

    # -- what the driver asks (engine/search.py), as of the compiled search --------------------

    @property
    def count(self) -> int:
        """Nodes in the tree."""
        return len(self.nodes)

    def info(self, i: int) -> NodeInfo:
        node = self.nodes[i]
        parent = -1 if node.parent is None else node.parent.number
        return NodeInfo(
            parent, node.action, node.player, node.boundary, node.n, node.w, node.lo, node.hi, node.dead,
            node.tried, node.actions is not None,
        )  # fmt: skip

    def children_of(self, i: int) -> tuple[tuple[int, int], ...]:
        """(action, child or -1) of each action of an expanded node; () before."""
        node = self.nodes[i]
        if node.actions is None:
            return ()
        return tuple((a, -1 if c is None else c.number) for a, c in zip(node.actions, node.children, strict=True))

    def amaf(self, i: int) -> tuple[tuple[int, float], ...]:
        """(visits, results) of each action of a node with RAVE; () without, or before expansion."""
        node = self.nodes[i]
        return tuple(zip(node.amaf_n, node.amaf_w, strict=True)) if self.rave and node.actions is not None else ()

    def first_turns(self) -> list[FirstTurn]:
        """Every first turn the tree has made whole and not found dead, in the order of a walk
        from the root (last internal node first): its cells (ascending), its colours (() where
        every stone is the mover's), the node after it and that node's visits, results and bounds."""
        mover = self.root.player
        found: list[FirstTurn] = []
        stack: list[tuple[Node, tuple[int, ...], tuple[int, ...]]] = [(self.root, (), ())]
        while stack:
            node, cells, colours = stack.pop()
            for action, child in zip(node.actions or (), node.children, strict=True):
                if child is None or child.dead:
                    continue
                more_cells, more_colours = cells, colours
                if action >= 0:
                    more_cells = (*cells, action >> 1)
                    more_colours = (*colours, mover if action & 1 == 0 else 3 - mover)
                if child.boundary:
                    shown = more_colours if any(c != mover for c in more_colours) else ()
                    found.append(FirstTurn(more_cells, shown, child.number, child.n, child.w, child.lo, child.hi))
                else:
                    stack.append((child, more_cells, more_colours))
        return found

    def untried(self, least: int, most_empty: int) -> list[int]:
        """The turn-start nodes for the solver: not proven, dead or tried, visited `least` times,
        with at most `most_empty` empty cells."""
        root_empty = self.game.empty
        return [
            node.number
            for node in self.nodes[1:]
            if node.boundary
            and not node.tried
            and not node.dead
            and not node.proven
            and node.n >= least
            and root_empty - node.placed <= most_empty
        ]

    def tried(self, i: int) -> None:
        """Mark a node as given to the solver."""
        self.nodes[i].tried = True

    def iterate(self) -> None:
        game = self.game.copy()
        node = self.root
        path = [node]
        cells: list[int] = []
        colours: list[int] = []
        counts = game.allowed_counts()
        result: float | None
        while True:
            if node.proven:
                result = (node.lo + 1) / 2
                break
            if node.n == 0 and node is not self.root:
                result = self.playout(game, cells, colours, node.goal, counts)
                if result is None:
                    self._dead(node)
                    return
                break
            if node.actions is None:
                self._expand(node, game, cells, colours, counts)
                if node.dead:  # a turn in progress with no legal completion
                    self._dead(node)
                    return
            pick = self._select(node)
            action = node.actions[pick]  # type: ignore[index]
            child = node.children[pick]
            if child is None:
                if len(self.nodes) >= self.settings.max_nodes:  # memory bound: play out from here
                    result = self.playout(game, cells, colours, node.goal, counts)
                    if result is None:
                        self._dead(node)
                        return
                    break
                child = self._child(node, pick, action, game, cells, colours)
            if action >= 0:
                cells.append(action >> 1)
                colours.append(node.player if action & 1 == 0 else 3 - node.player)
            if child.boundary:  # the turn is whole: play it
                game.place(cells, tuple(colours) if self.either else ())
                counts = () if game.over else game.allowed_counts()
                cells, colours = [], []
            node = child
            path.append(node)
        self._backup(path, result, game, cells)

    def _child(self, node: Node, pick: int, action: int, game: HexGame, cells: list[int], colours: list[int]) -> Node:
        goal = count_of(action) if action < 0 else node.goal
        placed = len(cells) + (action >= 0)
        if placed < goal:  # the turn goes on
            child = self._node(node, action, node.player, False, goal)
        else:
            stones, tints = list(cells), list(colours)
            if action >= 0:
                stones.append(action >> 1)
                tints.append(node.player if action & 1 == 0 else 3 - node.player)
            after = game.copy()
            after.place(stones, tuple(tints) if self.either else ())
            mover = after.to_move if after.to_move is not None else 3 - node.player
            child = self._node(node, action, mover, True, -1 if after.over else goal_of(after.allowed_counts()))
            if after.over:
                child.lo = child.hi = outcome_of(after)
        node.children[pick] = child
        if child.proven:
            self._bounds_from(node)
        return child

    def _backup(self, path: list[Node], result: float, game: HexGame, pending: list[int]) -> None:
        """Count the playout in every node of the path; where RAVE is on, count it too for every
        stone action of a node that its mover played later in the playout (all moves as first):
        the stones on the board at the end, and those of the turn in progress where it stopped
        short of one (its mover's, since RAVE runs only where a stone is its player's colour)."""
        for node in path:
            node.n += 1
            node.w += result if node.chooser == 1 else 1.0 - result
        if not self.rave and not self.mast:
            return
        owner = game.owner
        if pending:  # the stones of a turn the iteration stopped in (placed already after a playout)
            owner = list(owner)
            for cell in pending:
                owner[cell] = path[-1].player
        if self.mast:
            self._mast_backup(owner, result)
        if not self.rave:
            return
        for node in path:
            actions = node.actions
            if not actions:
                continue
            player = node.player
            mine = result if player == 1 else 1.0 - result
            amaf_n, amaf_w = node.amaf_n, node.amaf_w
            for i, action in enumerate(actions):
                if action >= 0 and owner[action >> 1] == player:
                    amaf_n[i] += 1
                    amaf_w[i] += mine

    def _mast_backup(self, owner: Sequence[int], result: float) -> None:
        """Count the iteration for every stone it placed (tree and playout: the cells empty at the
        root and taken at its end), for that stone's colour."""
        root = self.game.owner
        for cell, colour in enumerate(owner):
            if colour and not root[cell]:
                self.mast_n[colour][cell] += 1
                self.mast_w[colour][cell] += result if colour == 1 else 1.0 - result

    # -- expansion and selection ---------------------------------------------------------------

    def _expand(self, node: Node, game: HexGame, cells: list[int], colours: list[int], counts: Sequence[int]) -> None:
        node.actions = actions = self.legal_actions(game, cells, node.goal, counts)
        node.children = [None] * len(actions)
        if self.rave:
            node.amaf_n = [0] * len(actions)
            node.amaf_w = [0.0] * len(actions)
        if self.settings.prior_bias > 0:
            node.prior = [self.knowledge(game, cells, colours, node.player, a, actions[-1]) for a in actions]
        if not actions:
            node.dead = True

    @staticmethod
    def knowledge(game: HexGame, cells: list[int], colours: list[int], player: int, action: int, last: int) -> int:
        """What selection's progressive bias knows of an action, 0 to 3. A count: 3 for the
        largest allowed (`last`: the actions are in ascending count), 0 for the others. A stone of
        the mover's colour: 1 where it touches a stone of the mover (on the board, or placed earlier
        in the turn), 1 more where it joins two of the mover's groups on the board, 1 where it
        touches the opponent's largest group. A stone of the opponent's colour: 0."""
        if action < 0:
            return 3 if action == last else 0
        if action & 1:
            return 0
        owner, parent, gsize = game.owner, game.parent, game.gsize
        opponent, largest = 3 - player, game.largest[3 - player]

        def group(i: int) -> int:  # the root, without shortening paths (the core reads them alike)
            while parent[i] != i:
                i = parent[i]
            return i

        own = block = False
        groups: set[int] = set()
        for near in game.board.neighbours[action >> 1]:
            colour = owner[near]
            if colour == player:
                own = True
                groups.add(group(near))
            elif colour == opponent:
                block = block or (largest > 0 and gsize[group(near)] == largest)
            elif any(c == near and t == player for c, t in zip(cells, colours, strict=True)):
                own = True
        return own + (len(groups) >= 2) + block

    def legal_actions(self, game: HexGame, cells: list[int], goal: int, counts: Sequence[int]) -> list[int]:
        """The actions of the turn in progress (`cells` placed so far, ascending, of `goal`):
        at a turn's start where the count is to be chosen, each allowed count (a pass only where
        the rules allow it as it is); otherwise each later empty cell (each colour in turn, the
        mover's first, where either may be placed) after which enough cells remain to reach the
        goal, the stone that ends the turn only where the whole turn is legal."""
        if goal < 0:
            return [count_action(m) for m in counts if m > 0 or game.allows([])]
        k = len(cells)
        player = game.mover
        actions: list[int] = []
        owner = game.owner
        last = cells[-1] if cells else -1
        after = [i for i in range(last + 1, len(owner)) if owner[i] == 0]
        need = goal - k
        for position, cell in enumerate(after):
            if need - 1 > len(after) - position - 1:
                break  # too few cells remain after this one
            if need == 1 and not game.allows([*cells, cell]):
                continue
            actions.append(stone_action(cell, player, player))
            if self.either:
                actions.append(stone_action(cell, 3 - player, player))
        return actions

    def _select(self, node: Node) -> int:
        """UCT with first-play urgency over the actions that may still change the node's value: a
        proven win is taken at once; a child proven otherwise, or one that can at best equal what
        the mover already has for sure, is left alone (kept only if nothing else is left)."""
        settings = self.settings
        mover = node.player
        assert node.actions is not None
        log_n = math.log(node.n + 1)
        mean = (node.w / node.n if node.chooser == mover else 1.0 - node.w / node.n) if node.n else 0.5
        urgency = mean - settings.fpu_reduction + settings.exploration * math.sqrt(log_n)
        sure = node.lo if mover == 1 else -node.hi  # the mover's proven floor
        rave = self.rave
        best, best_score, spare, spare_value = -1, -math.inf, -1, -2
        for i, child in enumerate(node.children):
            n = 0
            if child is not None:
                if child.dead:
                    continue
                low, high = (child.lo, child.hi) if mover == 1 else (-child.hi, -child.lo)
                if low == 1:
                    return i
                if low == high or (sure > -1 and high <= sure):
                    if high > spare_value:
                        spare, spare_value = i, high
                    continue
                n = child.n
            seen = node.amaf_n[i] if rave else 0
            if n == 0:
                score = urgency if seen == 0 else node.amaf_w[i] / seen + settings.exploration * math.sqrt(log_n)
            else:
                value = child.w / n  # type: ignore[union-attr]
                if seen:
                    beta = math.sqrt(rave / (3.0 * n + rave))
                    value = (1.0 - beta) * value + beta * (node.amaf_w[i] / seen)
                score = value + settings.exploration * math.sqrt(log_n / n)
            if settings.prior_bias > 0:
                score += settings.prior_bias * node.prior[i] / 3.0 / (n + 1)
            if score > best_score:
                best, best_score = i, score
        return best if best >= 0 else spare

    # -- proofs --------------------------------------------------------------------------------

    def prove(self, i: int, outcome: int) -> None:
        """Record that node `i`'s position has this outcome for the first player (a solver said so)."""
        node = self.nodes[i]
        node.lo = node.hi = outcome
        node.tried = True
        if node.parent is not None:
            self._bounds_from(node.parent)

    def _bounds_from(self, node: Node | None) -> None:
        """Recompute the bounds of `node` and its ancestors from their children, while they change."""
        while node is not None and node.actions is not None:
            los, his, live = [], [], False
            for child in node.children:
                if child is None:
                    los.append(-1)
                    his.append(1)
                elif not child.dead:
                    los.append(child.lo)
                    his.append(child.hi)
            live = bool(los)
            if not live:
                self._dead(node)
                return
            pick = max if node.player == 1 else min
            lo, hi = pick(los), pick(his)
            if (lo, hi) == (node.lo, node.hi):
                return
            node.lo, node.hi = lo, hi
            node = node.parent

    def _dead(self, node: Node) -> None:
        node.dead = True
        self._bounds_from(node.parent)

    # -- playouts ------------------------------------------------------------------------------

    def playout(
        self, game: HexGame, cells: list[int], colours: list[int], goal: int, counts: Sequence[int]
    ) -> float | None:
        """Complete the turn in progress, then play random turns to the end: the result for the
        first player (1, 0.5 or 0), or None where no legal turn completes the one in progress."""
        if not self.complete_turn(game, cells, colours, goal, counts):
            return None
        while not game.over:
            if not self.complete_turn(game, [], [], -1, game.allowed_counts()):
                raise AssertionError(f"no legal turn, yet the game is not over: {game!r}")
        return (outcome_of(game) + 1) / 2

    def complete_turn(
        self, game: HexGame, cells: list[int], colours: list[int], goal: int, counts: Sequence[int]
    ) -> bool:
        """Place the turn in progress completed at random (to `goal` stones, or to a uniformly
        chosen allowed count where the count is still to be chosen, with cells after its last
        one); False where no completion is legal."""
        k = len(cells)
        owner = game.owner
        last = cells[-1] if cells else -1
        after = [i for i in range(last + 1, len(owner)) if owner[i] == 0]
        options = [goal] if goal >= 0 else [m for m in counts if m - k <= len(after)]
        if not options:
            return False
        rng, either = self.rng, self.either
        near_tries = max(0, min(self.settings.near_tries, MAX_TRIES))
        count_tries = max(0, min(self.settings.count_tries, MAX_TRIES))
        neighbours, player = self.game.board.neighbours, game.mover
        mast = self.mast
        if mast:
            mast_n, mast_w = self.mast_n[player], self.mast_w[player]
        for _ in range(TRIES):
            pick = rng.below(len(options))
            if len(options) > 1:
                for _ in range(count_tries):
                    pick = max(pick, rng.below(len(options)))
            need = options[pick] - k
            pool = list(after)
            for j in range(need):
                if mast and rng.below(MAST_SCALE) < mast * MAST_SCALE:  # the best mean so far, first of equals
                    r, best = j, -1.0
                    for m in range(j, len(pool)):
                        c = pool[m]
                        mean = mast_w[c] / mast_n[c] if mast_n[c] else 0.5
                        if mean > best:
                            r, best = m, mean
                else:
                    r = j + rng.below(len(pool) - j)
                    for _ in range(near_tries):
                        if any(owner[i] == player for i in neighbours[pool[r]]):
                            break
                        r = j + rng.below(len(pool) - j)
                pool[j], pool[r] = pool[r], pool[j]
            stones = cells + pool[:need]
            if either:
                tints = tuple(colours + [1 + rng.below(2) for _ in range(need)])
                game.place(stones, tints)  # no constraint where either colour may be placed
                return True
            if game.allows(stones):
                game.place(stones)
                return True
        for count in options:  # every completion, in order: the first legal one
            for chosen in combinations(after, count - k):
                stones = cells + list(chosen)
                if game.allows(stones):
                    game.place(stones)
                    return True
        return False
