"""The engine's random numbers: SplitMix64, the same generator in the pure-Python search and in the
compiled core (_core/mctsrng.h), so that a seed gives both the same playouts, draw for draw."""

from __future__ import annotations

MASK64 = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: a 64-bit state, a 64-bit output per step."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (n < 2**32), from the output's high 32 bits by a multiplication."""
        return ((self.next() >> 32) * n) >> 32
