"""Adjudicate a record: replay it, then score the final position under its variant.

This is the one place where a record's own ending (a resignation, a timeout, an agreed draw, an
abandoned game) meets the rules: an ending recorded after the rules ended the game is ignored,
and a rule broken before it makes the record invalid whatever it says.
"""

from __future__ import annotations

import attrs

from catchup_notation.model import Ending, Record, Result
from catchup_notation.rules.engine import Engine
from catchup_notation.rules.registry import Variant
from catchup_notation.rules.replay import Replay, replay


def result_of(played: Replay) -> Result:
    """The verdict on a replay: invalid (no winner) if a turn broke the rules, else the game's own,
    or the record's ending (`Record.ending`) where the rules had not ended it yet."""
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
    record = played.record
    if record.ending is not None and record.resigned is None:
        return _ended(played.game, record.ending)
    return played.game.score(resigned=record.resigned)


def _ended(game: Engine, ending: Ending) -> Result:
    standing = game.score()
    if game.over:
        note = f" (the recorded {_WORDS[ending.kind]} came after the end and is ignored)"
        return attrs.evolve(standing, explanation=standing.explanation + note)
    names, turns = game.names, game.turns_played
    winner: int | None = None
    if ending.kind == "timeout" and ending.player is not None:
        winner = 3 - ending.player
        explanation = f"{names[winner - 1]} wins: {names[ending.player - 1]} ran out of time after turn {turns}"
    elif ending.kind == "draw":
        explanation = f"drawn by agreement after turn {turns} ({standing.explanation})"
    else:
        explanation = f"abandoned after turn {turns} with no result ({standing.explanation})"
    return Result(
        status=ending.kind,
        winner=winner,
        draw=ending.kind == "draw",
        reason=_REASONS[ending.kind],
        scores=standing.scores,
        groups=standing.groups,
        explanation=explanation,
    )


_WORDS = {"timeout": "timeout", "draw": "agreed draw", "abandoned": "abandonment"}
_REASONS = {"timeout": "timeout", "draw": "draw-agreed", "abandoned": "abandoned"}


def adjudicate(record: Record, variant: str | Variant | None = None) -> Result:
    """Replay `record` under `variant` (default: its own) and give the verdict."""
    return result_of(replay(record, variant))
