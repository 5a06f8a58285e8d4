"""The number-set proof search on the compiled core (`catchup_notation._numcore`), where it is built
and the set fits it.

The core searches as `ProofSearch` does (the same bounds, refutations and move order; on one thread
the tests hold the two to the same values, move values and node counts), on a 64-bit mask of the
numbers left instead of a packed count per value: bit i stands for the i-th smallest number of the
root's multiset, and of equal numbers the lowest-indexed one left is always the one taken, so that
one mask stands for one multiset. `CoreSearch` speaks `ProofSearch`'s language (positions packed
by a `Packing`) to `Root`, and turns them into masks at the root only.

The core takes sets of at most 64 numbers whose gaps fit its 32-bit table field: the sum of the
numbers and the difference of the starting scores together below 2^30 (`fits`). Larger sets, and
larger numbers, are searched by the pure-Python reference, slowly.

Odd games of small sets (the numbers and the gap summing to an odd number, so that no draw is
possible; at most 26 numbers, each at most 31) are answered instead from the core's subset table:
the game taken one number at a time, as a plain exact solver takes it, with an entry for every
subset of the numbers (`uses_subset_table`). There the proof search's bounds hardly cut (an odd game
has no draw to prove), and a position costs a few nanoseconds instead of a listing of its moves.
Its node counts are its own: a set whose values it worked out.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from catchup_notation import compiled
from catchup_notation.solvers.limits import CHECK_EVERY, Budget, SearchStopped

if TYPE_CHECKING:
    from catchup_notation.solvers.numberset.packing import Packing

#: The most numbers the core's masks hold.
CORE_NUMBERS = 64
#: The core stores a position's gap (offset to be non-negative) in 32 bits: the gap bound
#: (`Root.gap_bound`: the sum plus the score difference plus one) must stay below this.
CORE_GAP_BOUND = 1 << 30
#: Bytes a move of the root costs as `Root` keeps it (a tuple of two ints in a list, and its tests):
#: a root with more moves than the memory bound holds at this rate is not listed.
ROOT_MOVE_BYTES = 200
#: The subset table's limits (see the module notes): numbers, the largest number, and its bytes for
#: n numbers, which must fit in the share of the memory bound the hash table would have (a quarter).
#: The core's table takes up to 31 numbers, but past 26 (a table of 256 MB) it outgrows the
#: processor's caches and the proof search is faster: 1..29 in 5.0 s against 7.7 s, 1..30 in 8.3 s
#: against 11.0 s (one thread, side by side).
SUBSET_TABLE_NUMBERS = 26
SUBSET_TABLE_VALUE = 31
SUBSET_TABLE_SHARE = 4
#: Whether odd games that fit are answered from the subset table (the tests turn it off to hold the
#: proof search to the reference's node counts on odd games too).
USE_SUBSET_TABLE = True


def subset_table_bytes(count: int) -> int:
    """The bytes of a subset table of `count` numbers: 32 bits a subset."""
    return 4 << count


def core_module() -> ModuleType | None:
    """The compiled number-set core, or None (not built, stale, or CATCHUP_PURE set)."""
    return compiled.core("_numcore")


def fits(numbers: tuple[int, ...], gap_bound: int) -> bool:
    """Whether the core can search this multiset (at most 64 numbers, gaps within its table field)."""
    return 0 < len(numbers) <= CORE_NUMBERS and numbers[0] >= 1 and gap_bound < CORE_GAP_BOUND


def uses_subset_table(numbers: tuple[int, ...], gap: int, memory_mb: int) -> bool:
    """Whether the core answers this odd game from its subset table: `numbers` (ascending) left, the
    mover `gap` behind, the search within `memory_mb`."""
    return (
        USE_SUBSET_TABLE
        and (sum(numbers) + gap) % 2 == 1
        and 0 < len(numbers) <= SUBSET_TABLE_NUMBERS
        and numbers[0] >= 1
        and numbers[-1] <= SUBSET_TABLE_VALUE
        and subset_table_bytes(len(numbers)) * SUBSET_TABLE_SHARE <= memory_mb * 2**20
    )


def searched_on_core(numbers: tuple[int, ...], scores: tuple[int, int] = (0, 0)) -> bool:
    """Whether `solve` searches these numbers (from these scores) on the core: it is in use and the
    set fits it."""
    gap_bound = sum(numbers) + abs(scores[0] - scores[1]) + 1  # as `Root.gap_bound`
    return core_module() is not None and fits(tuple(sorted(numbers)), gap_bound)


class CoreSearch:
    """`ProofSearch`'s interface (as `Root` uses it) over the compiled core: positions packed by
    `packing` at the interface, masks inside. `memory_mb` bounds the core's table; `threads` search
    each question together, sharing it; with `subset_table`, odd games are answered from the subset
    table (on one thread). With `presize`, the table is made at once at the largest size
    `memory_mb` holds (a search of hours, whose memory must not grow past a known figure), else it
    starts small and doubles as it fills, up to half of `memory_mb`."""

    def __init__(
        self,
        core: ModuleType,
        numbers: tuple[int, ...],
        packing: Packing,
        gap_bound: int,
        *,
        memory_mb: int,
        budget: Budget | None = None,
        threads: int = 1,
        subset_table: bool = False,
        presize: bool = False,
    ) -> None:
        self.packing = packing
        self.memory_mb = memory_mb
        self.budget = budget or Budget()
        options = {"threads": min(threads, core.MAX_THREADS), "subset_table": subset_table, "presize": presize}
        try:
            self._search: Any = core.Search(
                numbers, gap_bound, memory_mb * 2**20, self.budget.check, CHECK_EVERY, **options
            )
        except MemoryError:
            if not subset_table:
                raise
            # the system would not give the subset table its memory: the proof search answers
            options["subset_table"] = False
            self._search = core.Search(numbers, gap_bound, memory_mb * 2**20, self.budget.check, CHECK_EVERY, **options)
        stats = self._search.table_stats()
        #: Threads the search runs on (one where the table's entries take two words, large sets, or
        #: with the subset table).
        self.threads = int(stats["threads"])
        #: Whether odd games are answered from the subset table.
        self.subset_table = bool(stats["subset_table"])
        # the copies of the i-th distinct value are bits first[i] .. first[i] + count[i] - 1
        self._groups: list[tuple[int, int, int, int]] = []  # (shift, field mask, first bit, count)
        at = 0
        for value, shift, field in zip(packing.values, packing.shifts, packing.masks, strict=True):
            count = numbers.count(value)
            self._groups.append((shift, field, at, count))
            at += count

    def save_table(self, path: str, tag: bytes) -> int:
        """Write the table to `path` (to resume a long search later: `load_table` with the same tag);
        the entries written. Between questions, or from the budget's check during one."""
        return int(self._search.save_table(path, tag))

    def load_table(self, path: str, tag: bytes) -> int:
        """Store the entries of a table `save_table` wrote for the same numbers and `tag` (ValueError
        for another search's file or a damaged one); the entries loaded."""
        return int(self._search.load_table(path, tag))

    def table_stats(self) -> dict[str, Any]:
        """The core's figures of its table (entries, slots, sweeps, entries dropped, ...)."""
        return dict(self._search.table_stats())

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self._search.nodes)

    def mask(self, packed: int) -> int:
        """The core's mask of a packed position: of each value, its highest-indexed copies."""
        mask = 0
        for shift, field, first, count in self._groups:
            left = (packed >> shift) & field
            mask |= ((1 << left) - 1) << (first + count - left)
        return mask

    def packed(self, mask: int) -> int:
        """The packed position of a core's mask."""
        packed = 0
        for shift, _, first, count in self._groups:
            packed |= ((mask >> first) & ((1 << count) - 1)).bit_count() << shift
        return packed

    def moves(self, packed: int, gap: int, budget: Budget | None = None) -> list[tuple[int, int]]:
        """Every distinct set the mover may take, as `ProofSearch.moves` lists them (the core checks
        its budget as it lists; `budget` is for the reference's signature). SearchStopped if there
        are more than the memory bound holds."""
        limit = self.memory_mb * 2**20 // ROOT_MOVE_BYTES
        listed = self._call(self._search.moves, self.mask(packed), gap, limit)
        if listed is None:
            raise SearchStopped(
                f"not listed: the position has more than {limit} distinct moves (--memory {self.memory_mb})"
            )
        return [(self.packed(after), total) for after, total in listed]

    def can_reach(self, packed: int, gap: int, need: int, remaining_sum: int) -> bool:
        """Can the mover force a final margin >= need (`ProofSearch.can_reach`)?"""
        return bool(self._call(self._search.can_reach, self.mask(packed), gap, need, remaining_sum))

    def _call(self, method: Any, *args: Any) -> Any:
        """A call into the core; its MemoryError (the positions on the path have more moves than a
        quarter of the memory bound holds, and at least 64 MB) becomes SearchStopped."""
        try:
            return method(*args)
        except MemoryError as exc:
            raise SearchStopped(f"stopped: {exc} (--memory {self.memory_mb})", nodes=self.nodes) from None

    def move_reaches(self, after: int, taken: int, gap: int, remaining_sum: int, need: int) -> bool:
        """Does taking `taken` (leaving `after`) finish the mover at least `need` ahead?"""
        if after == 0:
            return taken - gap >= need
        return not self.can_reach(after, taken - gap, 1 - need, remaining_sum - taken)
