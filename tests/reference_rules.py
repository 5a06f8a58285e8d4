"""An independent, deliberately plain implementation of the hex rules (as variants/*.toml state them), used only as
a test oracle. It re-derives everything from the history with flood fills; it shares no code
with `catchup_notation`: a board is a plain set of axial cells (any shape), its geometry worked
out here."""

from __future__ import annotations

from itertools import combinations

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hexhex_cells(side: int) -> frozenset:
    """The cells with max(|q|, |r|, |q + r|) < side, by the definition."""
    n = side - 1
    return frozenset((q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n)


class PlainBoard:
    """A set of axial cells with the little geometry the rules need."""

    def __init__(self, cells):
        self.cellset = frozenset(cells)
        self.cells = sorted(self.cellset, key=lambda c: (c[1], c[0]))  # reading order

    def __contains__(self, cell) -> bool:
        return cell in self.cellset

    def __len__(self) -> int:
        return len(self.cellset)

    def neighbours_of(self, cell) -> list:
        q, r = cell
        return [(q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in self.cellset]


HEX_VARIANTS = (
    "catchup",
    "catchup-2012",
    "ketchup-4",
    "ketchup-4-amended",
    "ketchup-3",
    "ketchup-2",
    "ketchup-1",
    "alternative",
    "sauce",
    "plur",
    "too",
    "brink(x=1)",
    "brink(x=3)",
    "product",
)
ONE_STONE = ("plur", "too", "brink", "product")
EITHER_COLOUR = ("too", "product", "sabotage-malthus")
MALTHUS = "sabotage-malthus"


def doubled_names(side: int) -> dict:
    """Cell -> its name in a post's diagram, by drawing the board as posts do: row 1 the top row,
    each row indented one column more than the row next to it nearer the middle, its cells two
    columns apart, the columns lettered from a."""
    n = side - 1
    names = {}
    for row, r in enumerate(range(-n, n + 1), start=1):
        cells = sorted(q for q in range(-n, n + 1) if abs(q + r) <= n)
        for j, q in enumerate(cells):
            names[(q, r)] = f"{chr(ord('a') + abs(r) + 2 * j)}{row}"
    return names


def malthus_start(side: int, start: str | None = None) -> dict:
    """Sabotage Malthus's start position as its rules text says: on each of the six lines from the
    centre to a corner, stones one and two cells in from the corner; the second player's towards
    (n, -n), (-n, 0), (0, n), the first player's towards (n, 0) and (-n, n), and towards (0, -n)
    the first player's single stone, two cells in unless `start` names its cell."""
    n = side - 1
    stones = {}
    for corner, colour in (((n, -n), 2), ((-n, 0), 2), ((0, n), 2), ((n, 0), 1), ((-n, n), 1)):
        for k in (1, 2):  # cells in from the corner, towards the centre
            stones[(corner[0] * (n - k) // n, corner[1] * (n - k) // n)] = colour
    if start is None:
        single = (0, -(n - 2))
    else:
        single = next(cell for cell, name in doubled_names(side).items() if name == start)
    stones[single] = 1
    return stones


def flood_groups(stones: dict, player: int, board) -> list[frozenset]:
    seen, groups = set(), []
    for cell, owner in stones.items():
        if owner != player or cell in seen:
            continue
        group, stack = set(), [cell]
        while stack:
            c = stack.pop()
            if c in group:
                continue
            group.add(c)
            stack.extend(n for n in board.neighbours_of(c) if stones.get(n) == player and n not in group)
        seen |= group
        groups.append(frozenset(group))
    return groups


def sizes(stones, player, board) -> list[int]:
    return sorted((len(g) for g in flood_groups(stones, player, board)), reverse=True)


def largest(stones, player, board) -> int:
    return max(sizes(stones, player, board), default=0)


class Reference:
    """Replays a history of (player, cells) turns for one variant on a board: a hexhex side or
    any set of axial cells."""

    def __init__(self, name: str, board):
        # "brink(x=3)" -> name "brink", margin 3; "sabotage-malthus(start=h2)" -> the start cell
        self.name, _, rest = name.partition("(")
        key, _, value = rest.strip(")").partition("=")
        self.x = int(value) if key == "x" else None
        self.board = PlainBoard(hexhex_cells(board) if isinstance(board, int) else board)
        self.stones: dict = {}
        if self.name == MALTHUS:
            side = max(max(abs(q), abs(r), abs(q + r)) for q, r in self.board.cells) + 1
            self.stones = malthus_start(side, value if key == "start" else None)
        self.history: list[tuple[int, tuple]] = []
        self.snapshots = [dict(self.stones)]  # stones before each turn and after the last
        self.scores = {1: 1, 2: 1}
        self.score_log: list[tuple[int, int]] = []  # (before, after) of the mover's score, per turn

    # -- the rules, straight from the rules text -------------------------------------------------
    def mover(self) -> int:
        return 1 + len(self.history) % 2

    def empty(self) -> int:
        return len(self.board) - len(self.stones)

    def base_counts(self) -> tuple:
        n, mover = self.name, self.mover()
        if n == MALTHUS:  # as many as the mover's own groups of 2 or more, or a pass
            count = sum(1 for size in sizes(self.stones, mover, self.board) if size >= 2)
            return (0, count) if count else (0,)
        if not self.history or n in ONE_STONE:
            return (1,)
        prev_player, prev_cells = self.history[-1]
        before, after = self.snapshots[-2], self.snapshots[-1]

        def bmax(st):
            return max(largest(st, 1, self.board), largest(st, 2, self.board))

        if n == "catchup":
            s_before, s_after = self.score_log[-1]
            bonus = s_after > s_before and s_after >= self.scores[mover]
            return (1, 2, 3) if bonus else (1, 2)
        if n == "catchup-2012":
            bonus = len(self.history) >= 2 and bmax(after) > bmax(before)
            return (1, 2, 3) if bonus else (1, 2)
        if n in ("ketchup-4", "ketchup-4-amended"):
            threshold = 1 if n == "ketchup-4" else 2
            groups = [(g, p) for p in (1, 2) for g in flood_groups(after, p, self.board)]
            bonus = False
            for g, p in groups:
                if (
                    p == prev_player
                    and g & set(prev_cells)
                    and len(g) >= threshold
                    and all(len(g) > len(h) for h, _ in groups if h is not g)
                ):
                    bonus = True
            base = (2,) if n == "ketchup-4" else (1, 2)
            return (*base, 3) if bonus else base
        if n == "ketchup-3":
            cur = self.stones
            if bmax(cur) >= 2 and largest(cur, mover, self.board) < largest(cur, 3 - mover, self.board):
                return (3,)
            return (2,)
        if n in ("ketchup-2", "ketchup-1"):
            cur = self.stones
            if n == "ketchup-2" and bmax(cur) < 2:
                return (2,)
            if largest(cur, mover, self.board) > largest(cur, 3 - mover, self.board):
                return (2,)
            return (0, 3)
        if n == "alternative":
            return (1, 2)
        if n == "sauce":
            # 1, then "12": exactly 2; then exactly 3 when the opponent is ahead by the cascading
            # comparison at the start of the turn, else 2; a pass (0) on every turn but the first
            if len(self.history) == 1:
                return (0, 2)
            mine, theirs = sizes(self.stones, mover, self.board), sizes(self.stones, 3 - mover, self.board)
            return (0, 3) if cascade_winner(theirs, mine) == 1 else (0, 2)
        raise ValueError(n)

    def allowed_counts(self) -> tuple:
        counts = self.base_counts()
        fit = tuple(c for c in counts if c <= self.empty())
        if not fit and self.name in ("ketchup-3", "ketchup-4", "ketchup-4-amended") and self.empty():
            return (self.empty(),)
        if self.name in ("sauce", MALTHUS) and counts[-1] > self.empty():  # fill what remains, or pass
            return (0, self.empty()) if self.empty() else (0,)
        return fit

    def constraint(self, player, cells) -> str | None:
        after = dict(self.stones)
        after.update({c: player for c in cells})
        if self.name == "alternative" and len(cells) == 2:

            def bmax(st):
                return max(largest(st, 1, self.board), largest(st, 2, self.board))

            if bmax(after) != bmax(self.stones):
                return "largest-group-grew"
        if self.name in ("ketchup-2", "ketchup-1"):
            a, b = largest(after, 1, self.board), largest(after, 2, self.board)
            if (self.name == "ketchup-1" or max(a, b) >= 2) and a == b:
                return "equal-largest-groups"
        return None

    def legal_turn_exists(self) -> bool:
        mover = self.mover()
        empties = [c for c in self.board.cells if c not in self.stones]
        for count in self.allowed_counts():
            for cells in combinations(empties, count):
                if self.constraint(mover, cells) is None:
                    return True
        return False

    def over(self) -> bool:
        return self.end_reason() is not None

    def end_reason(self) -> str | None:
        """Why the game is over (board-full, passes, no-legal-turn), or None while it is on."""
        if self.empty() == 0:
            return "board-full"
        if self.name == MALTHUS:
            recent = self.history[-2:]
            return "passes" if len(recent) == 2 and not any(cells for _, cells in recent) else None
        return None if self.legal_turn_exists() else "no-legal-turn"

    def verdict(self, player, cells, colours=None) -> str | None:
        if self.over():
            return "game-over"
        if player != self.mover():
            return "wrong-player"
        for c in cells:
            if c not in self.board:
                return "off-board"
        if len(set(cells)) != len(cells):
            return "duplicate-cell"
        if any(c in self.stones for c in cells):
            return "occupied"
        if len(cells) not in self.allowed_counts():
            return "stone-count"
        for colour in colours or ():
            if colour not in (1, 2) or (colour != player and self.name not in EITHER_COLOUR):
                return "wrong-colour"
        return self.constraint(player, cells)

    def play(self, player, cells, colours=None) -> None:
        assert self.verdict(player, cells, colours) is None
        before = self.scores[player]
        self.stones.update(zip(cells, colours or [player] * len(cells), strict=True))
        self.scores[player] = max(self.scores[player], largest(self.stones, player, self.board))
        self.score_log.append((before, self.scores[player]))
        self.history.append((player, tuple(cells)))
        self.snapshots.append(dict(self.stones))

    def groups(self) -> tuple[list[int], list[int]]:
        return sizes(self.stones, 1, self.board), sizes(self.stones, 2, self.board)

    def winner(self) -> int | None:
        """The winner of the current position by the variant's scoring rule (None: a draw)."""
        first, second = self.groups()
        if self.name == "plur":
            return plur_winner(first, second)
        if self.name == "too":

            def second_of(g):
                return g[1] if len(g) >= 2 else 0

            return 1 if second_of(first) > second_of(second) else 2
        if self.name == "product":

            def product_of(g):
                return g[0] * g[1] if len(g) >= 2 else 0

            return 1 if product_of(first) > product_of(second) else 2
        if self.name == "brink":
            a, b = (first or [0])[0], (second or [0])[0]
            if a != b:
                larger = 1 if a > b else 2
                return larger if abs(a - b) >= self.x else 3 - larger
        return cascade_winner(first, second)


def cascade_winner(first: list[int], second: list[int]) -> int | None:
    width = max(len(first), len(second))
    padded = first + [0] * (width - len(first)), second + [0] * (width - len(second))
    return None if padded[0] == padded[1] else (1 if padded[0] > padded[1] else 2)


def plur_winner(first: list[int], second: list[int]) -> int | None:
    """Majority of the k largest groups, k = 3, 5, ... until the k-th and (k+1)-th differ in
    size (or there is no (k+1)-th); no such k among at most as many groups as the board has: a draw."""
    board = sorted([(s, 1) for s in first] + [(s, 2) for s in second], key=lambda pair: -pair[0])
    for k in range(3, len(board) + 1, 2):
        if k == len(board) or board[k - 1][0] != board[k][0]:
            ones = [owner for _, owner in board[:k]].count(1)
            return 1 if 2 * ones > k else 2
    return None
