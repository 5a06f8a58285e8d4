"""An independent, deliberately plain implementation of the hex rules of RULES.md, used only as
a test oracle. It re-derives everything from the history with flood fills; it shares no code
with `catchup_notation.rules` beyond the board geometry."""

from __future__ import annotations

from itertools import combinations

from catchup_notation.board import hexhex

HEX_VARIANTS = ("catchup", "catchup-2012", "ketchup-4", "ketchup-4-amended", "ketchup-3", "ketchup-2", "ketchup-1", "alternative")


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
    """Replays a history of (player, cells) turns for one variant and side."""

    def __init__(self, name: str, side: int):
        self.name, self.board = name, hexhex(side)
        self.stones: dict = {}
        self.history: list[tuple[int, tuple]] = []
        self.snapshots = [dict()]  # stones before each turn and after the last
        self.scores = {1: 1, 2: 1}
        self.score_log: list[tuple[int, int]] = []  # (before, after) of the mover's score, per turn

    # -- the rules, straight from RULES.md -------------------------------------------------
    def mover(self) -> int:
        return 1 + len(self.history) % 2

    def empty(self) -> int:
        return len(self.board) - len(self.stones)

    def base_counts(self) -> tuple:
        n, mover = self.name, self.mover()
        if not self.history:
            return (1,)
        prev_player, prev_cells = self.history[-1]
        before, after = self.snapshots[-2], self.snapshots[-1]
        bmax = lambda st: max(largest(st, 1, self.board), largest(st, 2, self.board))
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
                if p == prev_player and g & set(prev_cells) and len(g) >= threshold:
                    if all(len(g) > len(h) for h, _ in groups if h is not g):
                        bonus = True
            base = (2,) if n == "ketchup-4" else (1, 2)
            return base + (3,) if bonus else base
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
        raise ValueError(n)

    def allowed_counts(self) -> tuple:
        counts = self.base_counts()
        fit = tuple(c for c in counts if c <= self.empty())
        if not fit and self.name in ("ketchup-3", "ketchup-4", "ketchup-4-amended") and self.empty():
            return (self.empty(),)
        return fit

    def constraint(self, player, cells) -> str | None:
        after = dict(self.stones)
        after.update({c: player for c in cells})
        if self.name == "alternative" and len(cells) == 2:
            bmax = lambda st: max(largest(st, 1, self.board), largest(st, 2, self.board))
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
        if self.empty() == 0:
            return True
        return not self.legal_turn_exists()

    def verdict(self, player, cells) -> str | None:
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
        return self.constraint(player, cells)

    def play(self, player, cells) -> None:
        assert self.verdict(player, cells) is None
        before = self.scores[player]
        self.stones.update({c: player for c in cells})
        self.scores[player] = max(self.scores[player], largest(self.stones, player, self.board))
        self.score_log.append((before, self.scores[player]))
        self.history.append((player, tuple(cells)))
        self.snapshots.append(dict(self.stones))

    def groups(self) -> tuple[list[int], list[int]]:
        return sizes(self.stones, 1, self.board), sizes(self.stones, 2, self.board)
