"""The shared engine of every hex variant: stones, groups, scores, turn checking, scoring.

Groups are kept incrementally with a union-find over cell indices (sizes at the roots), so a turn
costs a few operations per stone, never a flood fill of the board. A variant subclass says only
what differs: which stone counts are allowed and why, any extra constraint on a turn, and (the
predecessors) how a position is scored. Stones and groups are kept by colour; the colour is the
mover's own unless the variant lets a player place either colour (too, product).

Before a turn is committed, `_new_groups` previews the sizes of the groups that contain its new
stones; every variant's constraint and trigger can be decided from that preview plus the sizes
known before the turn (groups never shrink: there are no captures).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, NamedTuple

from catchup_notation.board import Cell
from catchup_notation.errors import IllegalTurn, NotationError
from catchup_notation.model import Allowance, HexState, Result, RuleError, Turn
from catchup_notation.rules.engine import Engine, count_words
from catchup_notation.rules.scoring import Verdict, cascade, compare_groups

if TYPE_CHECKING:
    import random  # a type only here: not imported at start-up
    from collections.abc import Callable, Iterator

    from catchup_notation.rules.registry import Variant


class TurnFacts(NamedTuple):
    """What the rules of later turns need to know about a turn already played."""

    player: int
    placed: int
    score_before: int  # the mover's
    score_after: int
    board_max_before: int  # largest group on the board, either colour
    board_max_after: int
    strict_new_max: int  # size of a new or extended group larger than every other group, else 0
    # (worked out only by engines whose rules read it: `HexGame.reads_strict_max`; 0 in the others)


_facts = tuple.__new__  # a TurnFacts without the generated __new__'s call (once per turn of every replay)


class HexGame(Engine):
    """A hex game in progress under one variant. Subclasses implement the variant's rules."""

    #: Scores start here (Catchup: 1) and rise to the mover's largest group.
    initial_score = 0
    #: With fewer empty cells than every allowed count, the mover fills what remains.
    fills_remaining = False
    #: Whether `constraint` looks at the turn's groups (only then are they previewed before play).
    constrained = False
    #: Whether a player can be left without a legal turn while cells are empty; every turn ends
    #: with that check unless the variant always allows a single stone (catchup, alternative).
    may_stall = True
    #: Whether the rules read `TurnFacts.strict_new_max` (ketchup 4): only then is it worked out.
    reads_strict_max = False
    #: Whether play may go on for ever (both players may pass): such a game has no endgame value.
    endless = False
    #: Whether the stones a turn places depend on every group of the mover (sabotage-malthus),
    #: which the exact search does not follow (it knows the largest groups and the last turn).
    counts_from_all_groups = False
    #: Whether two passes in a row end the game (sabotage-malthus).
    passes_end = False

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.board = board = variant.board
        n = len(board)
        self.names = variant.spec.players
        self.colour_names = variant.spec.colours
        #: Whether the mover may place the other colour too (too, product); data, not a subclass.
        self.either_colour = variant.spec.either_colour
        self.owner = [0] * n  # stone colour per cell, 0 = empty (the owner, but in too and product)
        self.parent = list(range(n))
        self.gsize = [0] * n  # group size, valid at roots
        self.largest = [0, 0, 0]  # largest group, indexed by colour; [0] unused
        self.scores = [0, self.initial_score, self.initial_score]
        self.empty = n
        self.turns_played = 0
        self.to_move: int | None = 1
        self.over = False
        self.end_reason: str | None = None
        self.history: list[TurnFacts] = []
        self._counts: tuple[int, ...] | None = None  # allowed_counts() of the current turn
        self.cell_namer: Callable[[Cell], str] = board.label

    # ------------------------------------------------------------------------------------------
    # What a variant says (overridden by subclasses)

    def base_counts(self) -> tuple[int, ...]:
        """Stone counts the rules allow the player to move, before the empty cells are counted."""
        raise NotImplementedError

    def reason(self) -> str:
        """Why the player to move may place `base_counts()` stones, in words."""
        raise NotImplementedError

    def constraint(self, player: int, placed: int, sizes: list[int]) -> tuple[str, str] | None:
        """(code, explanation) if the turn breaks a variant-specific rule; `sizes` are the sizes
        of the groups containing the turn's new stones, as they would be after the turn."""
        return None

    def has_legal_turn(self) -> bool:
        """Whether the player to move can play at all (only ketchup-1/2 can run out of turns)."""
        return bool(self._current_counts())

    def _current_counts(self) -> tuple[int, ...]:
        """`allowed_counts()` of the position as it is, worked out once per position for play and
        check (a search that sets the engine's fields itself asks `allowed_counts()` directly)."""
        counts = self._counts
        if counts is None:
            counts = self._counts = self.allowed_counts()
        return counts

    def judge(self, groups: tuple[tuple[int, ...], tuple[int, ...]], provisional: bool = False) -> Verdict:
        """What the variant's scoring rule says of these group sizes (colour 1's, colour 2's)."""
        return cascade(groups, self.names, provisional)

    def winner_of(self, groups: tuple[tuple[int, ...], tuple[int, ...]]) -> int | None:
        """The winner `judge` names for these group sizes (None: a draw), without its words: what
        a search asks at the end of every playout."""
        return compare_groups(*groups)[0]

    def current_scores(self) -> tuple[int, int]:
        """The scores shown in a state and a result (the predecessors show what they compare)."""
        return self.scores[1], self.scores[2]

    # ------------------------------------------------------------------------------------------
    # Queries

    def allowed_counts(self) -> tuple[int, ...]:
        """The stone counts available now: the rules' counts that fit in the empty cells, or all
        the empty cells where the variant fills what remains."""
        counts = self.base_counts()
        if counts and max(counts) <= self.empty:  # the usual case: every count fits
            return counts
        fitting = tuple(c for c in counts if c <= self.empty)
        if not fitting and self.fills_remaining and self.empty:
            return (self.empty,)
        return fitting

    def allowance(self) -> Allowance | None:
        """What the player to move may place, and why (None once the game is over)."""
        if self.over:
            return None
        counts = self.allowed_counts()
        why = self.reason()
        if counts != self.base_counts():
            cells = "cell remains" if self.empty == 1 else "cells remain"
            why += f" (only {self.empty} empty {cells})"
        return Allowance(counts, why)

    @property
    def mover(self) -> int:
        """The player to move, asked only while the game is on (`to_move` is None once it is over)."""
        mover = self.to_move
        assert mover is not None, "the game is over: no one is to move"
        return mover

    def board_words(self) -> str:
        """'the side-5 board', or 'this board' for a board of another shape."""
        return f"the side-{self.board.side} board" if self.board.side is not None else "this board"

    def board_max(self) -> int:
        """The largest group on the board, either colour."""
        return max(self.largest[1], self.largest[2])

    def groups(self, player: int) -> tuple[int, ...]:
        """The player's group sizes, largest first."""
        owner, parent, gsize = self.owner, self.parent, self.gsize
        return tuple(
            sorted((gsize[i] for i in range(len(owner)) if owner[i] == player and parent[i] == i), reverse=True)
        )

    def stones(self, player: int) -> tuple[Cell, ...]:
        """The cells holding stones of colour `player`, in board order."""
        cells = self.board.cells
        return tuple(cells[i] for i, o in enumerate(self.owner) if o == player)

    def empty_cells(self) -> list[Cell]:
        """The empty cells, in board order."""
        cells = self.board.cells
        return [cells[i] for i, o in enumerate(self.owner) if o == 0]

    def state(self) -> HexState:
        return HexState(
            variant=str(self.variant),
            turns_played=self.turns_played,
            to_move=self.to_move,
            stones=(self.stones(1), self.stones(2)),
            groups=(self.groups(1), self.groups(2)),
            scores=self.current_scores(),
            allowance=self.allowance(),
            over=self.over,
            end_reason=self.end_reason,
        )

    # ------------------------------------------------------------------------------------------
    # Union-find

    def _find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def _new_groups(self, indices: list[int], player: int) -> list[int]:
        """Sizes of the groups that would contain the new stones at `indices` (one per group)."""
        owner, neighbours, gsize, find = self.owner, self.board.neighbours, self.gsize, self._find
        if len(indices) == 1:
            roots = {find(nb) for nb in neighbours[indices[0]] if owner[nb] == player}
            return [1 + sum(gsize[r] for r in roots)]
        # A few new stones: two of them end in one group when they are adjacent or touch the same
        # old group; join them that way, then add the sizes of the old groups each group touches.
        slot = {cell: j for j, cell in enumerate(indices)}
        link = list(range(len(indices)))

        def top(j: int) -> int:
            while link[j] != j:
                j = link[j]
            return j

        toucher: dict[int, int] = {}  # old root -> a new stone touching it
        touched: list[set[int]] = []
        for j, cell in enumerate(indices):
            roots = set()
            for nb in neighbours[cell]:
                if owner[nb] == player:
                    root = find(nb)
                    roots.add(root)
                    link[top(j)] = top(toucher.setdefault(root, j))
                elif nb in slot:
                    link[top(j)] = top(slot[nb])
            touched.append(roots)
        merged: dict[int, tuple[int, set[int]]] = {}
        for j in range(len(indices)):
            count, roots = merged.get(top(j), (0, set()))
            merged[top(j)] = (count + 1, roots | touched[j])
        return [count + sum(gsize[r] for r in roots) for count, roots in merged.values()]

    def _place(self, indices: list[int], player: int) -> None:
        owner, parent, gsize, neighbours, find = self.owner, self.parent, self.gsize, self.board.neighbours, self._find
        largest = self.largest[player]
        for cell in indices:
            owner[cell] = player
            parent[cell] = cell
            gsize[cell] = 1
            root = cell
            for nb in neighbours[cell]:
                if owner[nb] == player:
                    other = find(nb)
                    if other != root:
                        if gsize[other] > gsize[root]:
                            root, other = other, root
                        parent[other] = root
                        gsize[root] += gsize[other]
            if gsize[root] > largest:
                largest = gsize[root]
        self.largest[player] = largest
        self.empty -= len(indices)

    # ------------------------------------------------------------------------------------------
    # Playing

    def _error(self, code: str, player: int, text: str, cells: tuple[Cell, ...]) -> RuleError:
        number = self.turns_played + 1
        prefix = f"turn {number}, {self.names[player - 1]}: "
        return RuleError(code=code, turn=number, player=player, message=prefix + text, cells=cells)

    def _examine(self, turn: Turn) -> tuple[RuleError | None, list[int]]:
        """Check a turn in the documented order; on success also return its cell indices."""
        player, cells = turn.player, turn.cells
        if self.over:
            what = self.ending_words()
            return self._error(
                "game-over", player, f"the game was already over after turn {self.turns_played} ({what})", cells
            ), []
        if player != self.to_move:
            given = self.names[player - 1] if player in (1, 2) else f"player {player}"
            error = RuleError(
                code="wrong-player",
                turn=self.turns_played + 1,
                player=player,
                message=(
                    f"turn {self.turns_played + 1}: it is {self.names[self.mover - 1]}'s "
                    f"turn, but the record gives it to {given}"
                ),
                cells=cells,
            )
            return error, []
        index = self.board.index
        indices = []
        for cell in cells:
            try:
                i = index.get(cell)
            except TypeError:  # unhashable: no cell
                i = None
            if i is None:
                return self._error(
                    "off-board", player, f"{self._named(cell)} is not a cell of {self.board_words()}", (cell,)
                ), []
            indices.append(i)
        if len(set(indices)) != len(indices):
            cell = self.board.cells[_first_repeated(indices)]
            return self._error(
                "duplicate-cell", player, f"{self.cell_namer(cell)} is listed twice in one turn", (cell,)
            ), []
        for i in indices:
            if self.owner[i]:
                cell = self.board.cells[i]
                holder = self.colour_names[self.owner[i] - 1]
                return self._error(
                    "occupied", player, f"{self.cell_namer(cell)} already holds {_a(holder)} stone", (cell,)
                ), []
        counts = self._current_counts()
        if len(indices) not in counts:
            return self._error("stone-count", player, self._count_message(len(indices), counts), cells), []
        if turn.colours:
            wrong_colour = self._colour_error(player, cells, turn.colours)
            if wrong_colour:
                return wrong_colour, []
        if self.constrained:
            broken = self.constraint(player, len(indices), self._new_groups(indices, player) if indices else [])
            if broken:
                return self._error(broken[0], player, broken[1], cells), []
        return None, indices

    def _named(self, cell: object) -> str:
        """A cell's name; anything that is not a (q, r) pair of integers as Python writes it."""
        if isinstance(cell, tuple) and len(cell) == 2 and all(type(x) is int for x in cell):
            return self.cell_namer(cell)
        return repr(cell)

    def _colour_error(self, player: int, cells: tuple[Cell, ...], colours: tuple[int, ...]) -> RuleError | None:
        for cell, colour in zip(cells, colours, strict=True):  # 1 or 2: a Turn holds no other colour
            if colour != player and not self.either_colour:
                own, other = self.colour_names[player - 1], self.colour_names[colour - 1]
                text = (
                    f"{self.cell_namer(cell)} is given a {other} stone, but in "
                    f"{self.variant.name} a player places only their own colour ({own})"
                )
                return self._error("wrong-colour", player, text, (cell,))
        return None

    def _count_message(self, placed: int, counts: tuple[int, ...]) -> str:
        did = "passing" if placed == 0 else ("1 stone" if placed == 1 else f"{placed} stones")
        allowed = self.allowance()
        why = allowed.reason if allowed is not None else "the game is over"
        if len(counts) == 1:
            need = "a pass is" if counts[0] == 0 else f"exactly {counts[0]} {'is' if counts[0] == 1 else 'are'}"
            return f"{did}, but {need} required: {why}"
        return f"{did}, but only {count_words(counts)} {'is' if counts == (1,) else 'are'} allowed: {why}"

    def check(self, turn: Turn) -> RuleError | None:
        return self._examine(turn)[0]

    def parse_turn(self, text: str) -> Turn:
        from catchup_notation.rules.marks import colour_of_mark, unknown_mark_message

        player = self.to_move or self.turns_played % 2 + 1  # once over, play() says so
        words = text.replace(",", " ").split()
        if [w.lower() for w in words] in ([], ["pass"]):
            return Turn(player)
        cells, colours = [], []
        for word in words:
            name, marked, mark = word.partition("=")
            cells.append(self._cell_named(name, text))
            colour = colour_of_mark(self.variant.spec, mark) if marked else player
            if colour is None:
                raise NotationError(unknown_mark_message(self.variant.spec, mark), text=text, code="colour-mark")
            colours.append(colour)
        return Turn(player, tuple(cells), colours=tuple(colours))

    def _cell_named(self, name: str, text: str) -> Cell:
        """The cell `cell_namer` calls `name` (either case where that names no other cell)."""
        namer = self.cell_namer
        table = self.__dict__.get("_names")
        if table is None or table[0] is not namer:
            exact = {namer(cell): cell for cell in self.board.cells}
            folded = {key.lower(): cell for key, cell in exact.items()}
            table = self._names = (namer, exact, folded if len(folded) == len(exact) else {})
        cell = table[1].get(name) or table[2].get(name.lower())
        if cell is None:
            example = namer(self.board.cells[len(self.board.cells) // 2])
            raise NotationError(
                f"{name!r} names no cell of {self.board_words()} (cells are named like {example})",
                text=text,
                code="not-a-cell",
            )
        return cell

    def turn_text(self, turn: Turn) -> str:
        return stones_text(turn, self.cell_namer, self.variant)

    def __str__(self) -> str:
        from catchup_notation.pictures.text import position_text

        return position_text(self.state(), names=self.names)

    def __repr__(self) -> str:
        if self.over:
            now = f"game over ({self.end_reason})"
        else:
            now = f"{self.names[self.mover - 1]} to move ({stones_words(self.allowed_counts())})"
        return f"<{type(self).__name__} {self.variant} after turn {self.turns_played}: {now}, {self.empty} empty>"

    def play(self, turn: Turn | str) -> None:
        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        # The common turn (the mover's own stones on distinct empty cells, an allowed count, no
        # variant constraint) is checked here in one pass; anything else goes through `_examine`,
        # which checks in the documented order and words the error.
        if turn.player == self.to_move and not turn.colours and not self.constrained:
            index, owner = self.board.index, self.owner
            indices = []
            try:
                for cell in turn.cells:
                    i = index.get(cell)
                    if i is None or owner[i]:
                        break
                    indices.append(i)
                else:
                    counts = self._counts
                    if counts is None:
                        counts = self._counts = self.allowed_counts()
                    if len(indices) in counts and (len(indices) < 2 or len(set(indices)) == len(indices)):
                        self._commit(turn.player, indices)
                        return
            except TypeError:  # an unhashable cell: _examine says it is off the board
                pass
        error, indices = self._examine(turn)
        if error is not None:
            raise IllegalTurn(error)
        self._commit(turn.player, indices, turn.colours)

    def _commit(self, player: int, indices: list[int], colours: tuple[int, ...] = ()) -> None:
        largest, scores = self.largest, self.scores
        board_max_before = largest[1] if largest[1] > largest[2] else largest[2]
        score_before = scores[player]
        if colours:  # too, product: each colour's stones join that colour's groups
            for colour in (1, 2):
                self._place([i for i, c in zip(indices, colours, strict=True) if c == colour], colour)
        else:
            self._place(indices, player)
        mine = largest[player]
        strict = 0
        if mine > board_max_before and self.reads_strict_max:
            # A group beyond the old board maximum must hold a new stone; it is "larger than every
            # other group" unless another group of this turn reaches the same size.
            find, gsize = self._find, self.gsize
            sizes = [gsize[root] for root in {find(i) for i in indices}]
            strict = mine if sizes.count(mine) == 1 else 0
        if mine > score_before:
            scores[player] = mine
        board_max_after = largest[1] if largest[1] > largest[2] else largest[2]  # too, product: either colour
        self.history.append(
            _facts(
                TurnFacts,
                (player, len(indices), score_before, scores[player], board_max_before, board_max_after, strict),
            )
        )
        self.turns_played += 1
        self.to_move = 3 - player
        self._counts = None
        if self.empty == 0:
            self._end("board-full")
        elif self.may_stall and not self.has_legal_turn():
            self._end("no-legal-turn")
        elif self.passes_end and not indices and len(self.history) > 1 and not self.history[-2].placed:
            self._end("passes")

    def ending_words(self) -> str:
        """How the game ended, in words: 'the board is full', 'White has no legal turn', ..."""
        if self.end_reason == "no-legal-turn":
            return f"{self._stuck_player()} has no legal turn"
        if self.end_reason == "passes":
            return "both players passed, one after the other"
        return "the board is full"

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.to_move = None

    def _stuck_player(self) -> str:
        """The player who would move next (turns alternate strictly; a pass is a turn)."""
        return self.names[self.turns_played % 2]

    def standing(
        self,
        names: tuple[str, str],
        largest: tuple[int, int],
        scores: tuple[int, int],
        empty: int,
        turns: int,
        end_reason: str | None,
    ) -> HexGame:
        """This engine (a fresh one) as it would stand at the end of a game the compiled core
        replayed (`reading.fastpath`), for `scored`: the players' names, each colour's largest group,
        the scores, the empty cells, the turns played and how the game ended (None: it has not).
        Its stones are not placed: scoring reads only the group sizes it is given and, where the
        rule compares no numbers of its own, the scores set here."""
        game = object.__new__(type(self))
        game.__dict__.update(self.__dict__)  # shared with this engine: only what is set here differs
        game.names = names
        game.largest = [0, *largest]
        game.scores = [0, *scores]
        game.empty, game.turns_played = empty, turns
        if end_reason is not None:
            game._end(end_reason)
        else:
            game.to_move = 1 + turns % 2  # the first player moves first; turns alternate
        return game

    def copy(self) -> HexGame:
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        for name in ("owner", "parent", "gsize", "largest", "scores", "history"):
            setattr(clone, name, list(getattr(self, name)))
        return clone

    # ------------------------------------------------------------------------------------------
    # Search helpers (random playouts, endgame solving)

    def legal_turns(self) -> Iterator[Turn]:
        """Every legal turn for the player to move (cells in board order; passes first)."""
        if self.over:
            return
        player = self.mover
        empties = self.empty_cells()
        for count in self.allowed_counts():
            for cells in combinations(empties, count):
                for colours in self._colour_choices(count):
                    turn = Turn(player, cells, colours=colours)
                    if self.check(turn) is None:
                        yield turn

    def _colour_choices(self, count: int) -> Iterator[tuple[int, ...]]:
        """The stone colours a turn of `count` stones may use (() = all the mover's own)."""
        yield ()
        if self.either_colour:
            for colours in product((1, 2), repeat=count):
                if any(c != self.to_move for c in colours):
                    yield colours

    def allows(self, indices: list[int]) -> bool:
        """Whether the mover may place its own stones at `indices` (distinct empty cells, a count
        the rules allow: the caller's part) as far as the variant's own constraint goes."""
        if not self.constrained:
            return True
        player = self.mover
        return self.constraint(player, len(indices), self._new_groups(indices, player) if indices else []) is None

    def place(self, indices: list[int], colours: tuple[int, ...] = ()) -> None:
        """Play a turn of the mover known to be legal, given as cell indices (and, where a player
        may place either colour, each stone's colour): a search's `play` without the checks."""
        self._commit(self.mover, indices, colours)

    def random_turn(self, rng: random.Random, tries: int = 32) -> Turn:
        """A uniformly chosen allowed count, then random cells (falling back to enumeration when a
        variant constraint rejects many placements)."""
        player = self.mover
        empties = self.empty_cells()
        counts = list(self.allowed_counts())
        rng.shuffle(counts)
        for count in counts:
            for _ in range(tries):
                colours = tuple(rng.choice((1, 2)) for _ in range(count)) if self.either_colour else ()
                turn = Turn(player, tuple(rng.sample(empties, count)), colours=colours)
                if self.check(turn) is None:
                    return turn
            legal = [cells for cells in combinations(empties, count) if self.check(Turn(player, cells)) is None]
            if legal:
                return Turn(player, rng.choice(legal))
        raise AssertionError(f"no legal turn exists, yet the game is not over: {self.state()}")

    # ------------------------------------------------------------------------------------------
    # Scoring

    def score(self, resigned: int | None = None) -> Result:
        return self.scored((self.groups(1), self.groups(2)), resigned)

    def scored(self, groups: tuple[tuple[int, ...], tuple[int, ...]], resigned: int | None = None) -> Result:
        """`score(resigned)` with the position's group sizes (colour 1's, colour 2's, largest first)
        given: what the compiled core worked out of a final position it reached (`reading.fastpath`)."""
        verdict = self.judge(groups, provisional=not self.over)
        scores = verdict.scores if verdict.scores is not None else self.current_scores()
        if resigned in (1, 2) and not self.over:
            return Result(
                status="resigned",
                winner=3 - resigned,
                draw=False,
                reason="resignation",
                scores=scores,
                groups=groups,
                explanation=(
                    f"{self.names[2 - resigned]} wins: {self.names[resigned - 1]} "
                    f"resigned after turn {self.turns_played}"
                ),
            )
        if self.over:
            ending = self.ending_words()
            late = " (the recorded resignation came after the end and is ignored)" if resigned else ""
            return Result(
                status="finished",
                winner=verdict.winner,
                draw=verdict.winner is None,
                reason=self.end_reason or "board-full",
                scores=scores,
                groups=groups,
                decided_at=verdict.decided_at,
                explanation=f"{verdict.explanation}; {ending}{late}",
                decided_by=verdict.decided_by,
            )
        return Result(
            status="unfinished",
            winner=None,
            draw=False,
            reason="unfinished",
            scores=scores,
            groups=groups,
            explanation=(
                f"unfinished after turn {self.turns_played} with {self.empty} empty cells; {verdict.explanation}"
            ),
        )


def stones_text(turn: Turn, namer: Callable[[Cell], str], variant: Variant) -> str:
    """A hex turn in words: `E5 F6` (cells as `namer` names them), `E5=w` (a stone of the other
    colour than its mover's), or `pass`."""
    from catchup_notation.rules.marks import colour_mark

    stones = (
        namer(cell) + (colour_mark(variant.spec, colour) if colour != turn.player else "")
        for cell, colour in zip(turn.cells, turn.stone_colours, strict=True)
    )
    return " ".join(stones) or "pass"


def stones_words(counts: tuple[int, ...]) -> str:
    """(1, 2) -> '1/2 stones', (1,) -> '1 stone', (0, 3) -> 'pass/3 stones': what a mover may place."""
    words = "/".join("pass" if c == 0 else str(c) for c in counts)
    return f"{words} stone" if counts == (1,) else f"{words} stones"


def _a(word: str) -> str:
    """'a White', 'an O', 'an X'."""
    return f"{'an' if word[:1] in 'AEIOUX' else 'a'} {word}"


def _first_repeated(items: list[int]) -> int:
    seen: set[int] = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
    raise ValueError("no item is repeated")
