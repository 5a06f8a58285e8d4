"""The frozen part of a position the solver searches: stones already on the board, empty cells,
and the groups any filling of the empty cells makes.

The search never copies a `HexGame`. Stones on the board at the root are frozen into *fixed
groups*; only the empty cells move, as one bitmask per colour (bit k = the k-th empty cell in board
order). The groups of a colour after any filling follow from the components of its bitmask joined
through the fixed groups those cells touch. Group lists are memoised per bitmask in bounded caches
(a cache that outgrows its bound is emptied: it is a cache, recomputing is always correct).
"""

from __future__ import annotations

from catchup_notation.board import Cell
from catchup_notation.rules.hexgame import HexGame

#: A component of a colour's stones on empty cells: (cell mask, size with its fixed groups, fixed group ids).
Part = tuple[int, int, int]

#: How many bitmasks each group cache keeps before it starts over, unless the search that owns the
#: geometry sets `memo_limit` from its memory budget.
CACHE_LIMIT = 400_000


class Geometry:
    """Fixed groups, empty cells and memoised group geometry of one root position."""

    def __init__(self, game: HexGame) -> None:
        board = game.board
        clone = game.copy()  # union-find path compression must not touch the caller's game
        owner, find, gsize = clone.owner, clone._find, clone.gsize
        self.owner = tuple(owner)
        self.cells: list[Cell] = [board.cells[i] for i in range(len(owner)) if owner[i] == 0]
        self.board_index = [board.index[c] for c in self.cells]
        local = {board.index[c]: k for k, c in enumerate(self.cells)}
        self.n = len(self.cells)
        self.full = (1 << self.n) - 1
        # Neighbouring empty cells, as bitmasks.
        self.near = [sum(1 << local[nb] for nb in board.neighbours[i] if nb in local) for i in local]
        # Per colour: fixed groups that touch an empty cell (ids, sizes, the empty cells they
        # touch), which fixed groups each empty cell touches, and the sizes of the other groups
        # (closed: no empty neighbour, so nothing can ever change them).
        self.touch: list[list[int]] = [[], [], []]
        self.group_size: list[list[int]] = [[], [], []]
        self.group_near: list[list[int]] = [[], [], []]
        self.untouched: list[list[int]] = [[], [], []]
        for colour in (1, 2):
            ids: dict[int, int] = {}
            touch = [0] * self.n
            for i, k in local.items():
                for nb in board.neighbours[i]:
                    if owner[nb] == colour:
                        root = find(nb)
                        if root not in ids:
                            ids[root] = len(ids)
                            self.group_size[colour].append(gsize[root])
                            self.group_near[colour].append(0)
                        touch[k] |= 1 << ids[root]
                        self.group_near[colour][ids[root]] |= 1 << k
            self.touch[colour] = touch
            roots = {find(i) for i in range(len(owner)) if owner[i] == colour}
            self.untouched[colour] = sorted((gsize[r] for r in roots if r not in ids), reverse=True)
        self._parts: list[dict[int, tuple[Part, ...]]] = [{}, {}, {}]
        self._groups: list[dict[int, tuple[int, ...]]] = [{}, {}, {}]
        self.memo_limit = CACHE_LIMIT

    def parts(self, colour: int, mask: int) -> tuple[Part, ...]:
        """The groups holding the colour's stones `mask` on empty cells: (cells, size, fixed ids)."""
        memo = self._parts[colour]
        found = memo.get(mask)
        if found is not None:
            return found
        near, touch = self.near, self.touch[colour]
        sizes, group_near = self.group_size[colour], self.group_near[colour]
        out = []
        rest = mask
        while rest:
            seed = rest & -rest
            comp = frontier = seed
            groups = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                k = bit.bit_length() - 1
                grow = near[k] & mask & ~comp
                new = touch[k] & ~groups
                groups |= new
                while new:
                    g = new & -new
                    new ^= g
                    grow |= group_near[g.bit_length() - 1] & mask & ~comp
                comp |= grow
                frontier |= grow
            rest &= ~comp
            size = comp.bit_count()
            merged = groups
            while merged:
                g = merged & -merged
                merged ^= g
                size += sizes[g.bit_length() - 1]
            out.append((comp, size, groups))
        if len(memo) >= self.memo_limit:
            memo.clear()
        found = memo[mask] = tuple(out)
        return found

    def groups(self, colour: int, mask: int) -> tuple[int, ...]:
        """All the colour's group sizes, largest first, when its stones on empty cells are `mask`."""
        memo = self._groups[colour]
        found = memo.get(mask)
        if found is not None:
            return found
        merged = 0
        sizes = list(self.untouched[colour])
        for _, size, groups in self.parts(colour, mask):
            merged |= groups
            sizes.append(size)
        group_size = self.group_size[colour]
        sizes += [s for j, s in enumerate(group_size) if not merged >> j & 1]
        sizes.sort(reverse=True)
        if len(memo) >= self.memo_limit:
            memo.clear()
        found = memo[mask] = tuple(sizes)
        return found

    def open_and_closed(self, colour: int, mask: int, free: int) -> tuple[int, tuple[int, ...]]:
        """(size of the colour's largest group that still touches an empty cell of `free`, the
        sizes of its groups that touch none, largest first) for its stones `mask` on empty cells."""
        largest_open = 0
        closed = list(self.untouched[colour])
        merged = 0
        near, group_near = self.near, self.group_near[colour]
        for comp, size, groups in self.parts(colour, mask):
            merged |= groups
            reach = 0
            bits = comp
            while bits:
                bit = bits & -bits
                bits ^= bit
                reach |= near[bit.bit_length() - 1]
            g = groups
            while g:
                low = g & -g
                g ^= low
                reach |= group_near[low.bit_length() - 1]
            if reach & free:
                largest_open = max(largest_open, size)
            else:
                closed.append(size)
        for j, size in enumerate(self.group_size[colour]):
            if not merged >> j & 1:
                if self.group_near[colour][j] & free:
                    largest_open = max(largest_open, size)
                else:
                    closed.append(size)
        closed.sort(reverse=True)
        return largest_open, tuple(closed)

    def cells_of(self, mask: int) -> list[Cell]:
        """The board cells of a mask of empty-cell bits."""
        return [self.cells[k] for k in range(self.n) if mask >> k & 1]
