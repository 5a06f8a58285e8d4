"""Records and the server's game: `loadsgf` (a game read from a file in any notation the
library reads) and `printsgf` (the game so far written in one)."""

from __future__ import annotations

from catchup_notation.errors import CatchupError
from catchup_notation.model import Record
from catchup_notation.protocol.framing import Refused
from catchup_notation.protocol.session import Session


def load(session: Session, path: str, before: int | None) -> None:
    """Set `session` to the first record of `path`, up to the position before turn `before`
    (1: the start; None: after every turn). A record that breaks a rule before then, or that
    cannot be read, is refused and the session stays as it was."""
    from catchup_notation.reading import read

    try:
        game = next(iter(read(path)), None)
    except (CatchupError, OSError) as exc:
        raise Refused(f"cannot read {path}: {getattr(exc, 'message', None) or exc}") from None
    if game is None:
        raise Refused(f"{path} holds no record")
    if game.errors and not game.readable:
        raise Refused(f"cannot read {path}: {game.errors[0].message}")
    if game.variant is None:
        raise Refused(game.errors[0].message)
    turns = game.record.turns
    stop = len(turns) if before is None else before - 1
    if before is not None and not 1 <= before <= len(turns) + 1:
        raise Refused(f"the record has {len(turns)} turns: the turn to stop before is 1 to {len(turns) + 1}")
    trial = Session(str(game.variant))
    for turn in turns[:stop]:
        error = trial.game.check(turn)
        if error is not None:
            raise Refused(f"{path}: {error.message}")
        trial.play(turn)
    session.variant, session.game, session.turns = trial.variant, trial.game, trial.turns
    session.side_given = trial.variant.board.side is not None


def written(session: Session, format: str) -> str:
    """The game so far as a record in `format` (its name or an alias)."""
    from catchup_notation.formats import canonical_name, write_text

    try:
        name = canonical_name(format)
        record = Record(session.spec_text, tuple(session.turns))
        text, _ = write_text([record], name)
    except CatchupError as exc:
        raise Refused(exc.message) from None
    return text.rstrip("\n")
