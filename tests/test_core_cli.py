"""`catchup verify` and `catchup adjudicate` say exactly the same with the compiled core and without
it (CATCHUP_PURE=1), byte for byte, on a collection of generated records of every hex variant:
finished, unfinished and resigned games, and games with one turn broken in every way the rules
can break (the core finds the broken turn; the Python engine words it)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from catchup_notation.compiled import PURE_VARIABLE, core
from catchup_notation.formats import write_text
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant
from tests.helpers import HEX_VARIANTS, broken_turn

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")


def records(rng: random.Random, variant: str, count: int) -> list[Record]:
    out = []
    smallest = next((p.minimum or 2 for p in parse_variant(variant).spec.parameters if p.name == "size"), 2)
    for i in range(count):
        chosen = parse_variant(variant, size=rng.choice([s for s in (3, 4, 5) if s >= smallest]))
        game = chosen.new_game()
        turns = []
        stop = rng.choice((None, None, rng.randint(1, 30)))  # finished, or stopped early
        while not game.over and len(turns) < 200 and (stop is None or len(turns) < stop):
            turns.append(game.random_turn(rng))
            game.play(turns[-1])
        if turns and i % 3 == 1:
            k = rng.randrange(len(turns))
            scratch = chosen.new_game()
            for turn in turns[:k]:
                scratch.play(turn)
            turns[k] = broken_turn(rng, scratch, turns[k].player, off_board=(9, 9), colours=False)  # writable
        resigned = rng.choice((1, 2)) if stop is not None and rng.random() < 0.5 else None
        out.append(Record(str(chosen), tuple(turns), resigned=resigned, players=(f"p{i}", None)))
    return out


@pytest.fixture(scope="module")
def collection(tmp_path_factory) -> list[str]:
    rng = random.Random(28)
    folder = tmp_path_factory.mktemp("core-cli")
    lg = folder / "catchup.sgf"
    lg.write_text(write_text(records(rng, "catchup", 60), "lg")[0], encoding="utf-8")
    every = [record for variant in HEX_VARIANTS for record in records(rng, variant, 12)]
    jsonl = folder / "every.jsonl"
    jsonl.write_text(write_text(every, "json")[0], encoding="utf-8")
    return [str(lg), str(jsonl)]


def run(arguments: list[str], pure: bool) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, PURE_VARIABLE: "1" if pure else ""}
    return subprocess.run([sys.executable, "-m", "catchup_notation.cli", *arguments], capture_output=True, env=env)


@pytest.mark.parametrize(
    "arguments",
    [
        ["verify", "--json"],
        ["verify"],
        ["adjudicate", "--json"],
        ["adjudicate"],
        ["verify", "--json", "--variant", "auto"],
    ],
    ids=lambda a: " ".join(a),
)
def test_the_same_words_with_and_without_the_core(collection, arguments):
    compiled = run([*arguments, "--jobs", "1", *collection], pure=False)
    python = run([*arguments, "--jobs", "1", *collection], pure=True)
    assert compiled.returncode == python.returncode == 1  # some records are broken
    assert compiled.stdout == python.stdout
    assert compiled.stderr == python.stderr
    assert compiled.stdout.count(b"\n") >= 60 + 12 * len(HEX_VARIANTS)


def test_the_collection_has_every_kind_of_record(collection):
    words = run(["verify", "--json", "--jobs", "1", *collection], pure=False).stdout.decode()
    for code in ("occupied", "off-board", "duplicate-cell", "wrong-player", "stone-count"):
        assert f'"{code}"' in words
    assert Path(collection[0]).stat().st_size > 0
