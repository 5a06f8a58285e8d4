"""Plain Little Golem games adjudicated on the compiled core in one pass (`reading.fastpath`, a judge that
scores) give exactly what adjudicate gives them the usual way, and exactly what the pure-Python
reference gives, in every output form: on random archives of games of several variants, finished
(decided at the largest group or further down the cascade, drawn, ended by a player with no legal
turn), resigned (before the end or after it), unfinished, broken, noted or unreadable.

As in tests/test_plain_judge.py, three runs of each archive are compared report by report (outcome,
JSON line, CSV row, text lines): with the one-pass judge, on the core without it, and with
`CATCHUP_PURE=1`; and the command line byte for byte with one process and with two.
"""

from __future__ import annotations

import functools
import os
import random
import zipfile
from pathlib import Path
from unittest import mock

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from catchup_notation import reports
from catchup_notation.batch import reports as run
from catchup_notation.cli.runs import judged_printer, printer
from catchup_notation.compiled import PURE_VARIABLE, core
from catchup_notation.formats.lg import write_record
from catchup_notation.game import Game
from catchup_notation.reading import fastpath, make_request
from tests.cli_records import random_game, run_output
from tests.test_plain_judge import BETWEEN, NAMES, WAYS, nodes, same_with_and_without_the_core

pytestmark = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built (or CATCHUP_PURE)")

FIELDS = reports.ROW_FIELDS["adjudicate"]

#: The archives: the --variant they are adjudicated under (None: the record's own, catchup), the
#: variant their games are played under and the board sizes they are played on. Too and product
#: let a player place the other colour, which the plain path leaves to the reader (a colour mark):
#: their games are plur's, each stone its mover's.
VARIANTS = {
    "catchup": (None, "catchup", (5, 5, 4, 3)),
    "catchup-2012": ("catchup-2012", "catchup-2012", (5, 3)),
    "ketchup-2": ("ketchup-2", "ketchup-2", (4, 3)),  # games that end with a player who has no legal turn
    "ketchup-4": ("ketchup-4", "ketchup-4", (5, 3)),
    "sauce": ("sauce", "sauce", (4, 3)),
    "plur": ("plur", "plur", (3, 2)),  # draws: the largest groups have no clean cut
    "too": ("too", "plur", (3,)),
    "product": ("product", "plur", (3, 2)),
    "brink": ("brink(x=2, size=3)", "brink", (3,)),
    "ketchup-1": ("ketchup-1", "ketchup-1", (4, 3)),
    "ketchup-3": ("ketchup-3", "ketchup-3", (4, 3)),
    "ketchup-4-amended": ("ketchup-4-amended", "ketchup-4-amended", (4, 3)),
    "alternative": ("alternative", "alternative", (4, 3)),
    "sabotage-malthus": ("sabotage-malthus", "sabotage-malthus", (5, 4)),
}


@functools.cache
def games(variant: str, size: int) -> list[str]:
    """Legal finished games of `variant` on a board of `size`, as the lg writer writes them, among
    them games decided past the largest group (the cascade's 2nd or 3rd place) where the variant
    has them: 12 random games, then up to 2 more for each deeper place (of 150 games at most)."""
    rules = f"{variant}(size={size})" if variant != "brink" else f"brink(x=2, size={size})"
    chosen, deeper = [], {1: 0, 2: 0}
    for seed in range(150):
        record = random_game(seed + 1000 * size, rules)
        at = Game(record).result().decided_at
        if seed < 12 or deeper.get(at or 0, 2) < 2:
            chosen.append(write_record(record)[0].strip())
            if at in deeper:
                deeper[at] += 1
        elif seed >= 12 and min(deeper.values()) >= 2:
            break
    return chosen


def _unfinished(root: str, moves: list[str], rng: random.Random) -> str:
    return root + "".join(moves[: rng.randrange(1, len(moves))]) + ")"


ADJUDICATING = WAYS + [_unfinished] * 3


def archive(rng: random.Random, count: int, variant: str) -> str:
    """An archive of `count` games of `VARIANTS[variant]`, each written or broken in a random way."""
    parts = []
    for _ in range(count):
        _, played, sizes = VARIANTS[variant]
        root, moves = nodes(rng.choice(games(played, rng.choice(sizes))))
        if rng.random() < 0.7:
            root += "".join(f"{key}[{rng.choice(NAMES)}]" for key in rng.sample(["PW", "PB"], rng.randint(1, 2)))
        parts.append(rng.choice(ADJUDICATING)(root, moves, rng) + rng.choice(BETWEEN))
    return rng.choice(["", "", "  \n", "junk\n"]) + "".join(parts)


def printed(paths: list[str], mode: str, variant: str | None, *, judged: bool, pure: bool) -> tuple:
    """What adjudicate prints of each record of `paths` (one process), as the run writes it."""
    report = printer(reports.adjudication_report, mode, FIELDS)  # type: ignore[arg-type]
    judging = judged_printer(reports.judged_adjudication_report, mode, FIELDS) if judged else None  # type: ignore[arg-type]
    with mock.patch.dict(os.environ, {PURE_VARIABLE: "1" if pure else ""}):
        return run_output(run(paths, report, jobs=1, variant=variant, judged=judging, scores=True), mode)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(1, 60),
    mode=st.sampled_from(["json", "json", "csv", "text"]),
    variant=st.sampled_from(list(VARIANTS)),
)
def test_adjudicated_in_one_pass_as_read_and_as_in_python(tmp_path_factory, seed, count, mode, variant):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("plain") / "archive.sgf"
    text = archive(rng, count, variant)
    if rng.random() < 0.2:  # past the first chunk read (8 KiB): games around the chunk's end
        text = text * (8192 // max(len(text), 1) + 2)
    path.write_text(text, encoding="utf-8")
    paths, asked = [str(path)], VARIANTS[variant][0]
    fast = printed(paths, mode, asked, judged=True, pure=False)
    assert fast == printed(paths, mode, asked, judged=False, pure=False)
    assert fast == printed(paths, mode, asked, judged=True, pure=True)


def test_the_one_pass_adjudicates_every_kind_of_verdict(tmp_path):
    """The judge does take games of every kind of verdict (the comparison above would hold if it
    took none): decided at the largest group and further down the cascade, drawn, ended by a
    player with no legal turn, resigned before the end and after it, unfinished."""
    made: list[reports.AdjudicationReport] = []

    def keep(*args):
        made.append(reports.judged_adjudication_report(*args))
        return made[-1]

    rng = random.Random(31)
    for variant in VARIANTS:
        path = tmp_path / f"{variant}.sgf"
        path.write_text(archive(rng, 150, variant), encoding="utf-8")
        judging = judged_printer(keep, "json", FIELDS)  # type: ignore[arg-type]
        report = printer(reports.adjudication_report, "json", FIELDS)  # type: ignore[arg-type]
        list(run([str(path)], report, jobs=1, variant=VARIANTS[variant][0], judged=judging, scores=True))
    kinds = {(r.status, r.decided_by, r.decided_at, r.reason, r.draw) for r in made}
    assert {at for status, by, at, _, _ in kinds if status == "finished" and by == "groups"} >= {0, 1, 2}
    assert {by for status, by, *_ in kinds if status == "finished"} >= {"plurality", "no-cut", "second-largest"}
    assert {by for status, by, *_ in kinds if status == "finished"} >= {"product", "margin", "inside-margin"}
    assert any(status == "finished" and draw for status, *_, draw in kinds)
    assert any(reason == "no-legal-turn" for *_, reason, _ in kinds)
    assert "resigned" in {status for status, *_ in kinds}
    assert any("resignation came after the end" in r.explanation for r in made)
    assert any(r.status == "unfinished" and r.winner is None for r in made)


def test_a_scoring_judge_gives_the_final_position():
    """Each colour's group sizes (largest first), the scores, the empty cells, the ending, who resigned."""
    rng = random.Random(7)
    text = "\n".join(rng.choice(games("catchup", 3)) for _ in range(3)) + "\n"
    judge = fastpath.judge(make_request(None, None, None), scores=True)
    assert judge is not None
    verdicts, _ = judge.take(text, 0, 1, 1)
    first, second, score_1, score_2, empty, end, resigned = verdicts[0][6]
    assert (empty, end, resigned) == (0, 1, 0)  # a full board
    assert sum(first) + sum(second) == 19 and first == tuple(sorted(first, reverse=True))
    assert (score_1, score_2) == (first[0], second[0])


# ---------------------------------------------------------------------------------------------
# The command line, byte for byte


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """A big archive (over a megabyte: the workers get it in pieces), a folder of small files (the
    workers read them) and a zip archive, mixing good, broken and unreadable records."""
    folder = tmp_path_factory.mktemp("plain-adjudicate-cli")
    rng = random.Random(31)
    big = archive(rng, 300, "catchup")
    (folder / "big.sgf").write_text(big * (1_100_000 // len(big) + 1), encoding="utf-8")
    small = folder / "small"
    small.mkdir()
    for k in range(40):
        (small / f"{k:02}.sgf").write_text(archive(rng, rng.randint(1, 6), "catchup"), encoding="utf-8")
    (small / "bad-bytes.sgf").write_bytes(archive(rng, 3, "catchup").encode() + b"\xff\xfe(;SZ[5];W[E5])")
    with zipfile.ZipFile(folder / "some.zip", "w") as packed:
        packed.writestr("in-zip.sgf", archive(rng, 20, "catchup"))
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("form", [["--json"], ["--csv"], [], ["-o", "out.jsonl"]], ids=" ".join)
def test_the_command_line_says_the_same_with_and_without_the_core(inputs, form, jobs):
    same_with_and_without_the_core(inputs, ["adjudicate", *form, "--jobs", jobs, "big.sgf", "small", "some.zip"], form)
