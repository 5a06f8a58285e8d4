"""`--variant auto` on the compiled core in one pass (`reading.fastpath`): each plain Little Golem
game's turns are read once and replayed under every variant of its family; what verify and
adjudicate say of it (the variant judged by, `accepted_by`, the result, every diagnostic) is
exactly what the usual way says
(`rules.inference.choose_variant`, a record and a replay per variant) and what the pure-Python
reference says, on random archives of games of every hex variant, written plainly or broken in
the ways an archive can be, and on the bundled examples and quirky files.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from catchup_notation.compiled import core
from catchup_notation.formats.lg import write_record
from catchup_notation.reading import fastpath, make_request
from catchup_notation.rules.inference import accepting_variants, candidates
from catchup_notation.rules.registry import specs
from tests.cli_records import random_game
from tests.test_plain_adjudicate import printed as adjudicated
from tests.test_plain_judge import NAMES, WAYS, inputs, nodes, printed, same_with_and_without_the_core

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")

ROOT = Path(__file__).resolve().parent.parent
__all__ = ["inputs"]  # a fixture of test_plain_judge, used here too

#: Every hex variant (brink with a margin: it has no canonical string without one).
VARIANTS = [s.name for s in specs() if s.family == "hex" and s.name != "brink"] + ["brink(x=2)"]


@functools.cache
def games(variant: str, size: int) -> list[str]:
    """Games of `variant` on a board of `size` as the lg writer writes them (one line each): some
    finished, some cut short (sabotage-malthus's often pass or place the other colour: not plain)."""
    spec = f"{variant[:-1]},size={size})" if "(" in variant else f"{variant}(size={size})"
    return [
        write_record(random_game(seed + 100 * size, spec, turns=[None, 4, 12][seed % 3]))[0].strip()
        for seed in range(6)
    ]


def archive(rng: random.Random, count: int) -> str:
    """An archive of `count` games of random variants and sizes, each written or broken in a random
    way (those of test_plain_judge), one a line."""
    parts = []
    for _ in range(count):
        variant = rng.choice(VARIANTS)
        size = rng.choice([5, 5, 4, 6] if variant == "sabotage-malthus" else [5, 5, 4, 3, 6])
        text = rng.choice(games(variant, size))
        if ";" not in text[2:]:  # no turn: nothing to break
            parts.append(text + "\n")
            continue
        root, moves = nodes(text)
        if rng.random() < 0.5:
            root += "".join(f"{key}[{rng.choice(NAMES)}]" for key in rng.sample(["PW", "PB"], rng.randint(1, 2)))
        parts.append(rng.choice(WAYS)(root, moves, rng) + "\n")
    return "".join(parts)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**32), count=st.integers(1, 40), mode=st.sampled_from(["json", "json", "csv", "text"]))
def test_auto_in_one_pass_as_read_and_as_in_python(tmp_path_factory, seed, count, mode):
    _same_three_ways(printed, tmp_path_factory.mktemp("auto") / "archive.sgf", seed, count, mode)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**32), count=st.integers(1, 40), mode=st.sampled_from(["json", "csv", "text"]))
def test_auto_adjudicated_in_one_pass_as_read_and_as_in_python(tmp_path_factory, seed, count, mode):
    """Adjudicate scores each game under the variant it is judged by (its own, or the first that
    accepts it), from the final position the core reached under that variant."""
    _same_three_ways(adjudicated, tmp_path_factory.mktemp("auto") / "archive.sgf", seed, count, mode)


def _same_three_ways(run: Callable[..., object], path: Path, seed: int, count: int, mode: str) -> None:
    """`run` (verify's or adjudicate's output) of a random archive under variant auto: the same with
    the core's shortcut, without it, and on the pure-Python reference."""
    path.write_text(archive(random.Random(seed), count), encoding="utf-8")
    paths = [str(path)]
    fast = run(paths, mode, "auto", judged=True, pure=False)
    assert fast == run(paths, mode, "auto", judged=False, pure=False)
    assert fast == run(paths, mode, "auto", judged=True, pure=True)


def quirky_inputs() -> list[str]:
    found = [str(ROOT / "examples")]
    for folder in ("tests/quirks", "tests/data"):
        found += sorted(str(p) for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix != ".md")
    return found


@pytest.mark.parametrize("mode", ["json", "csv", "text"])
def test_auto_on_the_examples_and_quirks_as_read(mode):
    paths = quirky_inputs()
    fast = printed(paths, mode, "auto", judged=True, pure=False)
    assert fast == printed(paths, mode, "auto", judged=False, pure=False)


def test_auto_takes_most_games_and_names_what_accepts_each():
    """The judge does take games of variants other than the record's own, and says which variants
    accept each exactly as `accepting_variants` does (the comparisons above would hold if it took
    none)."""
    from catchup_notation import read_text

    rng = random.Random(7)
    chosen = [rng.choice(games(variant, 5)) for variant in VARIANTS for _ in range(4)]
    judge = fastpath.judge(make_request(None, "auto", None))
    assert judge is not None
    judged_by, taken = set(), 0
    for text in chosen:
        verdict = judge.one(text, 1, 1)
        (game,) = read_text(text, format="lg", variant="auto")
        if verdict is None:
            continue
        taken += 1
        accepted = tuple(accepting_variants(game.record))
        assert verdict[7] == accepted == game.verify().accepted_by
        own = "catchup(size=5)"
        assert verdict[5] == (own if own in accepted else accepted[0]) == game.verify().variant
        judged_by.add(verdict[5])
    assert taken >= len(chosen) // 2
    assert len(judged_by) >= 3  # catchup, and games only other variants accept


def test_a_variant_the_core_does_not_play_leaves_the_game_to_python_unless_it_refuses_the_first_turn():
    """sabotage-malthus's engine is Python's alone: the core checks only the first turn against its
    start position (11 cells taken, the first mover places 0 or 2 stones)."""
    malthus = [c for c in candidates("catchup(size=5)") if c.name == "sabotage-malthus"]
    assert malthus and core("_hexcore") is not None
    judge = fastpath.judge(make_request(None, "auto", None))
    assert judge is not None
    one_stone = "(;FF[4]SZ[5];W[E5];B[D4E6])"  # malthus: 1 stone at turn 1 is refused
    verdict = judge.one(one_stone, 1, 1)
    assert verdict is not None and "sabotage-malthus(size=5)" not in (verdict[7] or ())
    # Two stones on free cells pass malthus's first-turn check: only Python can tell the rest.
    assert judge.one("(;FF[4]SZ[5];W[E5A1];B[D4])", 1, 1) is None
    assert judge.one("(;FF[4]SZ[5];W[E5E6];B[D4])", 1, 1) is None


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_command_line_says_the_same_with_auto_with_and_without_the_core(inputs, jobs):
    same_with_and_without_the_core(
        inputs, ["verify", "--variant", "auto", "--json", "--jobs", jobs, "big.sgf", "small", "some.zip"], ["--json"]
    )
