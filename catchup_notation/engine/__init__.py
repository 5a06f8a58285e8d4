"""The playing engine: Monte Carlo tree search with the exact solver inside, its analyses, and
reviews of whole records (see the manual's engine pages).

The shared types are in `catchup_notation.engine.analysis`."""

from catchup_notation.engine.analysis import Analysis, Candidate, Limit, PlayResult, Value

__all__ = ["Analysis", "Candidate", "Limit", "PlayResult", "Value"]
