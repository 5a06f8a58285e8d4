"""What the HTML viewer shows of a game, as plain JSON-ready data computed by the library.

`game_view(game)` gathers everything the viewer's script needs and nothing it would have to work
out itself: the positions the rules engine reached (as the stones each turn added, by colour, so a
long game stays small), the scores, group sizes and allowance (with its reason) of every position,
the move list in the record's own notation (or the one asked for), the verdict, the first broken rule with the cells to
mark, or the syntax error with its caret. The script only draws.

The data is a private contract between this module and `viewer/viewer.js` (keys kept short, since
a report may hold thousands of games):

    {"n": 3, "source": "games.sgf#3", "file": ..., "index": 3, "format": "lg",
     "variant": "catchup(size=5)", "brief": "catchup(size=5)", "family": "hex", "players": [...], "owners": [...],
     "scoreName": "score", "outcome": "valid", "status": "finished", "winner": "White",
     "moves": [{"p": 1, "m": "E5"}, ...],                # every recorded turn
     "labels": "lg",                                     # the notation naming the cells (hex)
     "pos": [{"s": [1, 1], "g": ["1", "0"], "to": 2, "over": false,
              "allow": "1 or 2 stones", "why": "...", "add": [[12], []]}, ...],
     "error": {...} | null, "verdict": {...}, "endgame": {...} | null, "warnings": [...]}

`pos[t]` is the position after turn t (0: the empty board); its `add` holds the board indices
(`Board.cells` order) of the stones turn t added, by colour; `allow`/`why` say what the player to
move there may do, which is what the next turn was allowed.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from catchup_notation.errors import IllegalTurn
from catchup_notation.game import Game, Position
from catchup_notation.model import HexState, NumbersState, Turn
from catchup_notation.reports import error_report, verify_report
from catchup_notation.rules.scoring import format_groups
from catchup_notation.solvers.limits import EndgameLimits

JSON = dict[str, Any]
Outcome = Literal["valid", "invalid", "unreadable"]


def game_view(
    game: Game, *, number: int = 0, endgame: EndgameLimits | None = None, texts: bool = False, labels: str | None = None
) -> JSON:
    """The viewer's data for `game`, shown as game `number` of its page; with `endgame` (how far
    to search), the perfect-play line of an unfinished hex game too; with
    `texts`, every position as a text board under "texts" (for reading without the script);
    the moves and boards name cells in notation `labels` (default: the record's own), which
    "labels" names."""
    variant = game.variant
    data: JSON = {
        "n": number,
        "source": str(game.source),
        "file": game.source.file,
        "index": game.source.index,
        "format": game.format,
        "variant": str(variant) if variant is not None else None,
        "brief": variant.brief() if variant is not None else None,  # for people: a shape in words
        "family": variant.family if variant is not None else None,
        "players": list(game.players),
        "outcome": outcome_of(game),
        "turns": len(game.turns) if game.readable else None,
        "moves": [],
        "pos": [],
        "error": None,
        "verdict": None,
        "endgame": None,
        "warnings": [warning.message for warning in game.warnings],
    }
    if game.reading_error is not None:  # no record, so no rules to name: the reader's fallback is not the game's
        data["variant"] = data["family"] = data["brief"] = None
        data["status"] = "unreadable" if data["outcome"] == "unreadable" else "invalid"
        data["winner"] = None
        data["error"] = {"code": game.reading_error.code, "message": game.reading_error.message}
        data["error"]["text"] = str(game.reading_error)  # the offending line with its caret
        return data
    if variant is None:  # rules that cannot apply to this record: nothing to replay
        (problem,) = game.errors
        data["status"] = "invalid"
        data["winner"] = None
        data["error"] = {"code": problem.code, "message": problem.message}
        return data

    positions = list(game.positions(labels))
    names = positions[0].names
    spec = variant.spec
    data["players"] = list(names)
    data["owners"] = list(spec.colours if spec.either_colour else names)
    data["scoreName"] = spec.score_name
    data["sides"] = list(spec.players)  # the variant's names for the players, short for the move list
    data["moves"] = [_move(game, turn, labels) for turn in game.turns]
    if variant.family == "hex":
        data["labels"] = game.label_notation(labels)
    data["pos"] = _positions(positions)
    data["error"] = _rule_error(game, positions[-1])
    if texts:
        data["texts"] = [str(position) for position in positions]

    result = game.result()
    data["status"] = result.status
    data["winner"] = None if result.winner is None else names[result.winner - 1]
    data["verdict"] = {
        "status": result.status,
        "winner": result.winner,
        "draw": result.draw,
        "reason": result.reason,
        "scores": list(result.scores),
        "groups": [list(result.groups[0]), list(result.groups[1])],
        "decidedAt": result.decided_at,
        "decidedBy": result.decided_by,
        "explanation": result.explanation,
    }
    if endgame is not None and result.status == "unfinished" and variant.family == "hex":
        from catchup_notation.reports import endgame_report

        solved = endgame_report(game, endgame)
        data["endgame"] = {
            "solved": solved.solved,
            "line": [turn.text for turn in solved.principal_line],
            "explanation": solved.explanation,
        }
    return data


def outcome_of(game: Game) -> Outcome:
    """valid, invalid (a broken rule, or rules that cannot apply) or unreadable, as `catchup
    verify` counts them."""
    return cast(Outcome, verify_report(game).outcome)


def _move(game: Game, turn: Turn, labels: str | None) -> JSON:
    if turn.numbers:
        words = " ".join(map(str, turn.numbers))
    elif turn.cells or game.variant is None or game.variant.family == "hex":
        words = game.turn_text(turn, labels)
    else:
        words = "pass"
    return {"p": turn.player, "m": words}


def _positions(positions: list[Position]) -> list[JSON]:
    out = []
    previous: tuple[frozenset[Any], frozenset[Any]] = (frozenset(), frozenset())
    for position in positions:
        state = position.state
        item: JSON = {"s": list(state.scores), "to": state.to_move, "over": state.over}
        if isinstance(state, HexState):
            index = position.variant.board.index
            stones = (frozenset(state.stones[0]), frozenset(state.stones[1]))
            # What the turn added, as the engine's own positions differ (stones never leave the board).
            item["add"] = [sorted(index[cell] for cell in stones[c] - previous[c]) for c in (0, 1)]
            item["g"] = [format_groups(state.groups[0]), format_groups(state.groups[1])]
            previous = stones
            if state.allowance is not None:
                item["allow"] = allowed_words(state.allowance.counts)
                item["why"] = state.allowance.reason
        elif isinstance(state, NumbersState):
            item["rem"] = list(state.remaining)
        out.append(item)
    return out


def allowed_words(counts: tuple[int, ...]) -> str:
    """(1, 2, 3) -> '1, 2 or 3 stones'; (0, 1) -> 'pass or 1 stone'."""
    words = ["pass" if count == 0 else str(count) for count in counts]
    said = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    largest = max(counts)
    return said if largest == 0 else f"{said} stone{'s' if largest != 1 else ''}"


def _rule_error(game: Game, last: Position) -> JSON | None:
    """The first broken rule, with the board indices of the cells to mark on the last legal
    position: the cells the rule names, else the stones the illegal turn tried to place."""
    problems = game.errors
    if not problems:
        return None
    (problem,) = problems
    report = error_report(game, problem)
    error: JSON = {
        "code": report.code,
        "message": report.message,
        "turn": report.turn,
        "cells": list(report.cells),
        "line": report.line,
        "column": report.column,
        "text": str(problem),
    }
    if isinstance(problem, IllegalTurn) and isinstance(last.state, HexState):
        board = last.variant.board
        turn_number = problem.error.turn
        tried = game.turns[turn_number - 1].cells if 1 <= turn_number <= len(game.turns) else ()
        cells = problem.error.cells or tried
        error["mark"] = sorted({board.index[cell] for cell in cells if cell in board})
    return error
