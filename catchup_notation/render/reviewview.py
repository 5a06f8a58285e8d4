"""What the HTML viewer shows of a game's review, as plain JSON-ready data (the script only draws).

Added to a game's viewer data (`viewdata.game_view`) under "review", in the same private contract
with `viewer/viewer.js`:

    {"win": [0.52, ...],          # the first player's chance of winning at each position (null: none)
     "lo": [...], "hi": [...],    # the ends of each one's interval
     "exact": [0, ..., 1],        # 1 where the value is proven
     "turns": [{"c": "mistake", "l": 0.21, "b": "62%", "a": "41%", "best": "C3 E5", "bp": false}, ...],
     "lines": [[{"p": 1, "m": "C3 E5", "add": [[12, 30], []]}, ...], ...],   # the best line of each position
     "decided": 28, "latest": false, "losing": 28, "summary": ["decided at turn 28: ...", ...]}

`turns[i]` is turn i + 1; `lines[t]` the best line from the position after turn t, each of its
turns with the board indices (`Board.cells` order) of the stones it adds, by colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from catchup_notation.review_report import ReviewReport, value_words

if TYPE_CHECKING:
    from catchup_notation.engine.review import Review
    from catchup_notation.game import Game
    from catchup_notation.model import Turn

JSON = dict[str, Any]


def review_view(game: Game, review: Review, report: ReviewReport, labels: str | None = None) -> JSON:
    """The viewer's data of `review` (of `game`; `report` is its report, for the words, made with
    the same `labels`): the lines name cells in notation `labels` (default: the record's own)."""
    variant = game.variant
    assert variant is not None
    index = variant.board.index

    def line_of(turns: tuple[Turn, ...]) -> list[JSON]:
        out = []
        for turn in turns:
            added: list[list[int]] = [[], []]
            for cell, colour in zip(turn.cells, turn.stone_colours, strict=True):
                added[colour - 1].append(index[cell])
            out.append({"p": turn.player, "m": game.turn_text(turn, labels), "add": added})
        return out

    values = [p.value for p in review.positions]
    return {
        "win": [None if v is None else round(v.win, 4) for v in values],
        "lo": [None if v is None else round(v.low, 4) for v in values],
        "hi": [None if v is None else round(v.high, 4) for v in values],
        "exact": [int(v is not None and v.exact) for v in values],
        "turns": [
            {
                "c": entry.judgement,
                "l": entry.loss,
                "b": value_words(entry.before, interval=True),
                "a": value_words(entry.after, interval=True),
                "best": entry.best.text if entry.best is not None else None,
                "bp": entry.best_played,
            }
            for entry in report.reviewed_turns
        ],
        "lines": [line_of(p.line) for p in review.positions],
        "decided": review.decided_at,
        "latest": review.decided_at_latest,
        "losing": review.losing_turn,
        "summary": report.conclusions(),
    }
