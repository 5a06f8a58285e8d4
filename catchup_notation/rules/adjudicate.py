"""Adjudicate a record: replay it, then score the final position under its variant."""

from __future__ import annotations

from catchup_notation.model import Record, Result
from catchup_notation.rules.registry import Variant
from catchup_notation.rules.replay import Replay, replay


def result_of(played: Replay) -> Result:
    """The verdict on a replay: invalid (no winner) if a turn broke the rules, else the game's own."""
    if played.error is not None:
        standing = played.game.score()
        return Result(
            status="invalid",
            winner=None,
            draw=False,
            reason="rule-error",
            scores=standing.scores,
            groups=standing.groups,
            explanation=played.error.message,
        )
    return played.game.score(resigned=played.record.resigned)


def adjudicate(record: Record, variant: str | Variant | None = None) -> Result:
    """Replay `record` under `variant` (default: its own) and give the verdict."""
    return result_of(replay(record, variant))
