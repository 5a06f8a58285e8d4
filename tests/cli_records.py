"""Record files for the command-line tests, built from the engine and written by the lg writer."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from typer.testing import CliRunner

from catchup_notation.cli.runs import PrintedRun
from catchup_notation.cli.typer_app import app
from catchup_notation.formats import write_text
from catchup_notation.model import Record, Turn
from catchup_notation.rules.registry import parse_variant

Written = tuple[str, list[tuple[str, str]], Counter[str], int, Counter[str]]


def run_output(items: Iterable[object], mode: str) -> Written:
    """What a run of `verify` or `adjudicate` writes of the reports `batch.reports` gives (`runs.Printed`
    for a record, `runs.PrintedRun` for records judged on the core together), and what it counts:
    the JSON or CSV lines, the text lines, the outcomes, the records warned of and the codes."""
    text, lines, outcomes, warned, codes = "", [], Counter[str](), 0, Counter[str]()
    for item in items:
        if isinstance(item, PrintedRun):
            text += item.text
            lines += item.lines
            outcomes.update(dict(item.outcomes))
            continue
        text += item.text + "\n" if mode != "text" else ""  # type: ignore[attr-defined]
        lines += item.lines  # type: ignore[attr-defined]
        outcomes[item.outcome] += 1  # type: ignore[attr-defined]
        warned += item.warned  # type: ignore[attr-defined]
        codes.update(item.codes)  # type: ignore[attr-defined]
    return text, lines, outcomes, warned, codes


def random_game(seed: int, variant: str = "catchup", turns: int | None = None) -> Record:
    """A legal record (a finished game unless `turns` cuts it short)."""
    game = parse_variant(variant).new_game()
    rng = random.Random(seed)
    played = []
    while not game.over and (turns is None or len(played) < turns):
        turn = game.random_turn(rng)
        game.play(turn)
        played.append(turn)
    return Record(str(game.variant), tuple(played))


def occupied_game() -> Record:
    """Six turns where turn 5 (White) places a stone on a cell Black took at turn 4."""
    turns = list(random_game(1, turns=6).turns)
    turns[4] = Turn(1, turns[3].cells[:1])
    return Record("catchup(size=5)", tuple(turns))


def write_lg(path: Path, *records: Record) -> Path:
    text, _ = write_text(records, "lg")
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]
