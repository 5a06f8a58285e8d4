"""A transposition table with a bound on its size and a replacement scheme that keeps expensive work.

Entries map a position key (an int) to one packed int: the lower and upper bounds on the position's
value (each -1, 0 or 1, stored + 1 in two bits each), the size of the search that produced them
(nodes below the position), and the position's best turn found (a packed mask, 0 if none).

Replacement: when the table reaches its capacity, the entries whose search was cheapest are dropped
until about half of it is left (the threshold comes from a sample of the entries' work, so a
sweep costs one pass over the table, once per capacity/2 stores: amortised constant time). What
costs most to recompute stays; entries are never changed in place by a cheaper search of the same
position with less information, since a store always keeps the tighter bounds of old and new.
"""

from __future__ import annotations

import random

#: Bytes one entry costs in CPython, measured (dict slot, int key of ~60 bits, packed value):
#: used to turn a memory budget into a capacity.
BYTES_PER_ENTRY = 120

_WORK_BITS = 40
#: The largest work an entry records (its field's mask, after shifting the entry right by 4).
WORK_MAX = (1 << _WORK_BITS) - 1


class TranspositionTable:
    """Bounds on position values, at most `capacity` entries (see the module notes)."""

    def __init__(self, capacity: int) -> None:
        self.capacity = max(capacity, 1024)
        self.entries: dict[int, int] = {}
        self.sweeps = 0
        self.dropped = 0
        self._rng = random.Random(0)

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: int) -> tuple[int, int, int] | None:
        """(lower, upper, best turn) stored for the key, or None."""
        packed = self.entries.get(key)
        if packed is None:
            return None
        return (packed & 3) - 1, (packed >> 2 & 3) - 1, packed >> (4 + _WORK_BITS)

    def probe(self, key: int, alpha: int, beta: int) -> tuple[int | None, int, int, int]:
        """What the table says to a search of `key` with the window (alpha, beta): (a value that
        ends the search at once, or None; the window narrowed by the stored bounds; the stored best
        turn, 0 if none)."""
        entry = self.get(key)
        if entry is None:
            return None, alpha, beta, 0
        low, high, stored = entry
        if low >= beta or low == high:
            return low, alpha, beta, stored
        if high <= alpha:
            return high, alpha, beta, stored
        return None, max(alpha, low), min(beta, high), stored

    def record(self, key: int, best: int, alpha: int, beta: int, work: int, turn: int) -> None:
        """Store the value `best` a search with the window (alpha, beta) found: a bound where it
        failed low or high, else exact."""
        if best <= alpha:
            low, high = -1, best
        elif best >= beta:
            low, high = best, 1
        else:
            low = high = best
        self.store(key, low, high, work, turn)

    def store(self, key: int, low: int, high: int, work: int, best: int) -> None:
        """Record bounds found by a search of `work` nodes, intersected with what was known."""
        entries = self.entries
        old = entries.get(key)
        if old is not None:
            low = max(low, (old & 3) - 1)
            high = min(high, (old >> 2 & 3) - 1)
            work += old >> 4 & WORK_MAX
            if not best:
                best = old >> (4 + _WORK_BITS)
        elif len(entries) >= self.capacity:
            self._sweep()
        entries[key] = (low + 1) | (high + 1) << 2 | min(work, WORK_MAX) << 4 | best << (4 + _WORK_BITS)

    def _sweep(self) -> None:
        """Drop the cheapest half of the entries (by a sampled median of their work). The kept half
        is copied into the emptied dict rather than the cheap half deleted in place: a dict keeps
        its deleted slots until it next grows and then sizes itself for them too (a 4.47 M-entry
        table swept in place grew to 320 MB, twice a fresh one's 160 MB). The dict stays the same
        object: the number-set solver's exchange holds it."""
        entries = self.entries
        sample = [v >> 4 & WORK_MAX for v in self._rng.sample(list(entries.values()), min(len(entries), 2001))]
        sample.sort()
        threshold = sample[len(sample) // 2]
        kept = {k: v for k, v in entries.items() if (v >> 4 & WORK_MAX) > threshold}
        self.dropped += len(entries) - len(kept)
        entries.clear()
        entries.update(kept)
        self.sweeps += 1

    def clear(self) -> None:
        self.entries.clear()
