"""The server's `review` command: every turn of the game on the board judged, as `catchup review`
judges a record (`catchup_notation.engine.review`), one line a turn and a last line for the game.

    review [time S] [playouts N] [level N]

The limit is the engine's for each position the exact solver does not prove (default: the same
as `catchup review`'s). A line of the answer:

    turn 3 w C3,C4 before 0.5412 0.5070 0.5750 - after 0.4210 0.3900 0.4520 - best D4 loss 0.1202 \
class inaccuracy pv D4 E6,F6

(one line, broken here): the turn's number, its player's colour letter and the turn; the chance
of winning for that player before and after it (win, the interval's low and high ends, and `win`,
`draw` or `loss` where it is proven, else `-`; four `-` where no value was found); the best turn of
the position before it, the chance of winning the turn gave away (`loss`), its class (`-` for
none) and the line of best play from the position before it. The last line:

    game result W+ decided_at 12 losing_turn 9 seconds 14.2

the result of the game so far (`W+`, `B+` or the winner's initial, `0` for a draw, `-` while it is
on), the turn from which it was forced and the losing turn (`-` where there is none), and the
seconds the review took.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catchup_notation.engine.analysis import Value
from catchup_notation.errors import CatchupError
from catchup_notation.model import Turn
from catchup_notation.protocol.analyzing import limit_options
from catchup_notation.protocol.framing import Command, Refused
from catchup_notation.protocol.info import PROVEN, turn_word

if TYPE_CHECKING:
    from catchup_notation.engine.review import Review
    from catchup_notation.protocol.analyzing import Serving
    from catchup_notation.protocol.session import Session


def review(server: Serving, command: Command) -> str:
    """`review`: the lines of the game's review (see the module notes)."""
    from catchup_notation.engine.review import ReviewSettings, review_game

    limit = limit_options(list(command.args))
    settings = ReviewSettings() if limit is None else ReviewSettings(limit=limit)
    session = server.session
    try:
        start = session.start_position()
        done = review_game(
            start,
            session.turns,
            analyser=server.engine,
            settings=settings,
            threads=server.settings.threads,
            seed=server.settings.seed,
        )
    except (CatchupError, ValueError) as exc:  # a position the engine or the solver refuses
        raise Refused(str(exc)) from None
    return "\n".join(["", *review_lines(done, session)])


def review_lines(done: Review, session: Session) -> list[str]:
    """The answer's lines: one a turn, then the game's."""
    lines = []
    for turn in done.turns:
        words = ["turn", str(turn.number), session.colour_word(turn.player).lower(), word(turn.turn, session)]
        words += ["before", *_value(turn.before), "after", *_value(turn.after)]
        words += ["best", "-" if turn.best is None else word(turn.best, session)]
        words += ["loss", "-" if turn.loss is None else f"{turn.loss:.4f}", "class", turn.judgement or "-"]
        words += ["pv", *(word(t, session) for t in turn.line)]
        lines.append(" ".join(words))
    if done.draw:
        result = "0"
    elif done.winner is not None:
        result = f"{session.colour_word(done.winner)}+"
    else:
        result = "-"
    decided = "-" if done.decided_at is None else str(done.decided_at)
    losing = "-" if done.losing_turn is None else str(done.losing_turn)
    lines.append(f"game result {result} decided_at {decided} losing_turn {losing} seconds {done.seconds:.1f}")
    return lines


def word(turn: Turn, session: Session) -> str:
    """A turn as one word of a line (`D4,F6`)."""
    return turn_word(turn, session.turn_text)


def _value(value: Value | None) -> list[str]:
    if value is None:
        return ["-", "-", "-", "-"]
    proven = "-" if value.proven is None else PROVEN[value.proven]
    return [f"{value.win:.4f}", f"{value.low:.4f}", f"{value.high:.4f}", proven]
