"""A transposition table in memory shared by the processes of one number-set solve, without locks.

The parent creates the table (64-bit words of shared memory) before the workers start; forked
workers inherit it, spawned ones receive it as they start. Each worker keeps its own fast dict
table (`TranspositionTable`), publishes here what it proves (see `ProofSearch.share`) and reads
here where its own table misses: what one worker proves, the others reuse.

Entries live in buckets of two, four words a bucket: (check, data) twice, where `data` is the
local table's packed value (bounds and the subtree's size in nodes, never 0) and `check` is the key
XOR a scramble of the data (the "lockless hashing" of chess programs). A reader accepts a slot only
if its check matches the key it asks for, so a slot torn by a writer in another process between its
two word writes (or two writers interleaved) reads as a miss, never as another position's bounds:
the scramble spreads the data over all 63 bits, so the key a torn pair names (its check XOR the
scramble of its data) is as good as random, not a real key differing from the written one in a few
low bits (a chance of about 2**-27 that it is even below 2**36, the keys of 1..30).
Whatever a slot holds was proven by some worker, so a lost or stale entry only costs work.

Replacement: a bucket's first slot keeps the entry of the largest subtree, the second takes whatever
the first does not (an entry pushed out of the first moves there), so big proofs stay.

Keys must be positive and below 2**63 (a word, with room for the check); a solve whose keys can be
longer (more than about 50 distinct numbers, far beyond an exact search) shares nothing.
"""

from __future__ import annotations

import mmap
from collections.abc import Callable
from typing import Any

#: Bytes of shared memory a table entry costs (two of eight-byte words).
BYTES_PER_SHARED_ENTRY = 16
#: Keys this large or larger cannot be shared (a word holds 63 bits and a sign).
KEY_LIMIT = 1 << 63

_WORK_SHIFT = 4  # data: bounds in bits 0-3, the subtree's nodes above (the local table's format,
_WORK_MAX = (1 << 40) - 1  # whose best turn above the work is 0 in a number-set search)
_MASK63 = KEY_LIMIT - 1
_SCRAMBLE = 0x9E3779B97F4A7C15  # odd: multiplying by it is a bijection on 64-bit words


class SharedTable:
    """Bounds on position values in shared memory, probed and stored by several processes (see the
    module notes). `words` is the array `allocate` made: it is what crosses to a worker."""

    def __init__(self, words: Any) -> None:
        self.words = words
        self._table = memoryview(words).cast("B").cast("q")  # faster to index than a ctypes array
        self.buckets = len(self._table) // 4

    @staticmethod
    def allocate(entries: int, context: Any) -> Any:
        """Zeroed shared words for a table of about `entries` entries (at least 2): pass them to
        `SharedTable` in every process. With the "fork" start method, an anonymous shared mapping,
        whose pages the system zeroes as they are first touched (a ctypes array is zeroed at once,
        0.6-1 s for 256 MB, which would cost more than the search of a set of 20); with "spawn",
        such an array, which crosses to the workers as they start."""
        buckets = max(entries // 2, 1) | 1  # odd: the key's high bits count in its bucket
        words = 4 * buckets
        if context.get_start_method() == "fork":
            return mmap.mmap(-1, 8 * words)
        return context.RawArray("q", words)

    def __len__(self) -> int:
        """Slots in use, a torn one included (a count over the whole array: for tests and reports,
        not for the search)."""
        table = self._table
        return sum(1 for i in range(1, len(table), 2) if table[i])

    def get(self, key: int) -> int | None:
        """The packed bounds stored for `key` (the local table's format), or None."""
        return self.getter()(key)

    def getter(self) -> Callable[[int], int | None]:
        """`get` as a plain function, for the search's inner loop (a bound method costs more)."""
        table, buckets = self._table, self.buckets

        def get(key: int) -> int | None:
            if not 0 < key < KEY_LIMIT:
                return None
            at = key % buckets * 4
            data = table[at + 1]
            if data and table[at] ^ (data * _SCRAMBLE & _MASK63) == key:
                return data
            data = table[at + 3]
            if data and table[at + 2] ^ (data * _SCRAMBLE & _MASK63) == key:
                return data
            return None

        return get

    def store(self, key: int, data: int) -> None:
        """Publish `data` (packed bounds and work, never 0) for `key`, keeping the tighter bounds of
        what the slot held for the same key and the larger subtree in the bucket's first slot."""
        self.storer()(key, data)

    def storer(self) -> Callable[[int, int], None]:
        """`store` as a plain function, for the search's inner loop (one call a position searched:
        written out in one body, since every call and bound method costs)."""
        table, buckets = self._table, self.buckets

        def store(key: int, data: int) -> None:
            if not 0 < key < KEY_LIMIT or not data:
                return
            at = key % buckets * 4
            first = table[at + 1]
            first_key = table[at] ^ (first * _SCRAMBLE & _MASK63) if first else 0
            if first_key == key:
                data = _merge(first, data)
            else:
                second = table[at + 3]
                if second and table[at + 2] ^ (second * _SCRAMBLE & _MASK63) == key:
                    data = _merge(second, data)
                if first and data >> _WORK_SHIFT < first >> _WORK_SHIFT:
                    at += 2  # a smaller proof than the first slot's: the second slot
                elif first:  # the first slot's proof moves to the second slot (its words as they are)
                    table[at + 3] = first
                    table[at + 2] = table[at]
            table[at + 1] = data
            table[at] = key ^ (data * _SCRAMBLE & _MASK63)

        return store


def _work(data: int) -> int:
    return data >> _WORK_SHIFT & _WORK_MAX


def _merge(old: int, new: int) -> int:
    """Both entries' bounds intersected (each was proven), with the larger work."""
    low = max(old & 3, new & 3)
    high = min(old >> 2 & 3, new >> 2 & 3)
    return low | high << 2 | max(_work(old), _work(new)) << _WORK_SHIFT
