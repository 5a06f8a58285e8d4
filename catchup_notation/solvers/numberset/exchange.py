"""What the processes of one number-set solve prove, passed between them in batches, without locks.

Every position a worker searches becomes one word, its table key shifted left by 8 with the
position's bounds (the dict table's low four bits) and the bit length of the work that proved them
below (`word`), appended to a list. Every few nodes
(`ProofSearch.share`) the worker copies the list into its ring in shared memory (one slice copy)
and reads what the other workers have written to theirs since it last looked into its own dict
table: slice copies, `map` and `dict.update`, loops that run in C (for the few positions it has an
entry for, both bounds are kept, position by position). A hash table in shared memory probed and
written a position at a time (the scheme before this one) cost a Python-level read and write for
every node: 1.2-1.3 times the CPU a node.

A ring is written ahead of its counter (the words, then the new count). Each word is a whole entry,
written at once (an aligned 8-byte word), so a reader that looks too early reads an older word, an
entry some worker proved before, or a zero, which is skipped; a reader that fell behind by nearly a
lap drops what the writer may have written over while it read. Whatever is read was proven by some
worker: a missed word costs work, never a wrong answer.
"""

from __future__ import annotations

import mmap
from array import array
from collections.abc import Callable
from itertools import repeat
from operator import and_, rshift
from typing import Any

from catchup_notation.solvers.hexsolve.table import WORK_MAX

#: The table entry a word's low byte stands for: the bounds (low four bits) as they are, and the
#: size of the search that proved them, sent as its bit length e (next four bits), as 2^(e-1) nodes,
#: so that a table sweep keeps what another worker proved by what it cost. Sent without it (as no
#: work at all), the other's entries went first at every sweep, and a full table made the workers
#: search them again: in lockstep, a worker searched 6.2 times one process's nodes on 1..23 with
#: 16 MB (0.78 with the work), 14.8 times on 1..19 with 1 MB (2.3); 1..29 on two processes with the
#: default 1024 MB took 50.1 M nodes in all (18.1 M with the work; one process 11.2 M).
_ENTRY = [(byte & 15) | ((1 << (byte >> 4)) >> 1) << 4 for byte in range(256)]


def word(key: int, entry: int) -> int:
    """The word for a position: its key and, from its table entry, the bounds and the bit length of
    the work (see _ENTRY)."""
    return key << 8 | min((entry >> 4 & WORK_MAX).bit_length(), 15) << 4 | entry & 15


#: Words in each worker's ring (8 bytes each).
RING = 1 << 20
#: A writer copies at most this many words at a time past its counter.
MARGIN = 1 << 12
#: Keys must be positive and below this (shifted by 8 they must fit a signed 64-bit word).
KEY_LIMIT = 1 << 55


class Exchange:
    """One ring a worker in shared memory: its counter (words written so far), then its words.
    `words` is what `allocate` made: it is what crosses to a worker."""

    def __init__(self, words: Any, workers: int, ring: int = RING) -> None:
        self.words = words
        self.workers = workers
        self.ring = ring
        self._words = memoryview(words).cast("B").cast("q")  # faster to index than a ctypes array

    @staticmethod
    def allocate(workers: int, context: Any, ring: int = RING) -> Any:
        """Zeroed shared words for `workers` rings: an anonymous shared mapping with the "fork" start
        method (zeroed by the system as its pages are first touched), a ctypes array with "spawn"
        (it crosses to the workers as they start)."""
        words = workers * (ring + 1)
        if context.get_start_method() == "fork":
            return mmap.mmap(-1, 8 * words)
        return context.RawArray("q", words)

    def _ring(self, worker: int) -> tuple[int, memoryview]:
        at = worker * (self.ring + 1)
        return at, self._words[at + 1 : at + 1 + self.ring]

    def writer(self, me: int) -> Callable[[list[int]], None]:
        """`flush(pending)`: append the words of `pending` to worker `me`'s ring and empty it."""
        words, size = self._words, self.ring
        counter, ring = self._ring(me)

        def flush(pending: list[int]) -> None:
            for start in range(0, len(pending), MARGIN):
                batch = array("q", pending[start : start + MARGIN])
                written = words[counter]
                at = written % size
                first = min(len(batch), size - at)
                ring[at : at + first] = batch[:first]
                if first < len(batch):
                    ring[: len(batch) - first] = batch[first:]
                words[counter] = written + len(batch)
            pending.clear()

        return flush

    def reader(self, me: int) -> Callable[[dict[int, int]], int]:
        """`pull(entries)`: put into `entries` what the other workers wrote since the last pull (for a
        position it has an entry for, the bounds of both); returns the number of words read."""
        words, size = self._words, self.ring
        others = [self._ring(worker) for worker in range(self.workers) if worker != me]
        seen = [0] * len(others)

        def pull(entries: dict[int, int]) -> int:
            count = 0
            for k, (counter, ring) in enumerate(others):
                written = words[counter]
                begin = max(seen[k], written - size + MARGIN)
                seen[k] = written
                if begin >= written:
                    continue
                at, end = begin % size, written % size
                got = ring[at:end].tolist() if at < end else ring[at:].tolist() + ring[:end].tolist()
                # the writer may have gone on meanwhile, over the oldest words read
                overwritten = words[counter] - size + MARGIN - begin
                if overwritten > 0:
                    del got[:overwritten]
                new = dict(
                    zip(map(rshift, got, repeat(8)), map(_ENTRY.__getitem__, map(and_, got, repeat(255))), strict=True)
                )
                for key in new.keys() & entries.keys():  # few: both bounds hold, so both are kept
                    old, bounds = entries[key], new.pop(key)
                    low, high = max(old & 3, bounds & 3), min(old >> 2 & 3, bounds >> 2 & 3)
                    if low <= high:
                        entries[key] = old & ~15 | low | high << 2
                new.pop(0, None)  # a word not written yet
                entries.update(new)
                count += len(got)
            return count

        return pull
