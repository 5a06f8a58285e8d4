"""A sub-multiset of numbers packed into one int: what the number-set searches key positions by."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs


@attrs.frozen
class Packing:
    """Packs a sub-multiset of `values` into an int: count of values[i] in bits [shift[i], shift[i]+width)."""

    values: tuple[int, ...]  # distinct values, ascending
    shifts: tuple[int, ...]
    masks: tuple[int, ...]

    @classmethod
    def for_multiset(cls, numbers: Iterable[int]) -> Packing:
        counts = Counter(numbers)
        values = tuple(sorted(counts))
        shifts, masks, at = [], [], 0
        for v in values:
            width = counts[v].bit_length()
            shifts.append(at)
            masks.append((1 << width) - 1)
            at += width
        return cls(values, tuple(shifts), tuple(masks))

    def pack(self, numbers: Iterable[int]) -> int:
        index = {v: i for i, v in enumerate(self.values)}
        packed = 0
        for v in numbers:
            packed += 1 << self.shifts[index[v]]
        return packed

    def unpack(self, packed: int) -> tuple[int, ...]:
        out: list[int] = []
        for v, shift, mask in zip(self.values, self.shifts, self.masks, strict=True):
            out.extend([v] * ((packed >> shift) & mask))
        return tuple(out)
