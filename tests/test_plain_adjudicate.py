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
import json
import os
import random
import zipfile
from pathlib import Path
from unittest import mock

import attrs
import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from catchup_notation import report_lines, reports
from catchup_notation.batch import reports as run
from catchup_notation.cli import output
from catchup_notation.cli.runs import csv_line, judged_printer, printer
from catchup_notation.compiled import PURE_VARIABLE, core
from catchup_notation.formats.lg import write_record
from catchup_notation.game import Game
from catchup_notation.reading import fastpath, make_request
from catchup_notation.rules.scoring import compare_groups
from catchup_notation.serialization import to_data
from tests.cli_records import random_game, run_output
from tests.test_plain_judge import (
    BETWEEN,
    NAMES,
    WAYS,
    _broken,
    _plain,
    _resigned,
    _sized,
    nodes,
    same_with_and_without_the_core,
)

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


def printed(
    paths: list[str], mode: str, variant: str | None, *, judged: bool, pure: bool, lines: bool = False
) -> tuple:
    """What adjudicate prints of each record of `paths` (one process), as the run writes it; with
    `lines`, the judged games' lines made without their reports where that can be done."""
    report = printer(reports.adjudication_report, mode, FIELDS)  # type: ignore[arg-type]
    made = report_lines.judged_adjudication_lines if lines else None
    judging = judged_printer(reports.judged_adjudication_report, mode, FIELDS, made) if judged else None  # type: ignore[arg-type]
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
    assert fast == printed(paths, mode, asked, judged=True, pure=False, lines=True)


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
    first, second, score_1, score_2, empty, end, resigned, larger, at = verdicts[0][6]
    assert (empty, end, resigned) == (0, 1, 0)  # a full board
    assert sum(first) + sum(second) == 19 and first == tuple(sorted(first, reverse=True))
    assert (score_1, score_2) == (first[0], second[0])
    assert (larger or None, at if at >= 0 else None) == compare_groups(first, second)


def test_the_final_position_of_many_groups_is_the_engines():
    """Unfinished games on a side-12 board hold more groups of a colour than the core sorts one by
    one: the sizes and the cascade's winner and place are still the engine's."""
    record = random_game(12, "catchup(size=12)")
    cut = [attrs.evolve(record, turns=record.turns[:count]) for count in (60, 90, 120, len(record.turns))]
    text = "".join(write_record(part)[0].strip() + "\n" for part in [*cut, cut[0]])
    judge = fastpath.judge(make_request(None, None, None), scores=True)
    assert judge is not None
    verdicts, _ = judge.take(text, 0, 1, 1)
    assert len(verdicts) == len(cut)
    for part, verdict in zip(cut, verdicts, strict=True):
        first, second, *_, larger, at = verdict[6]
        replayed = Game(part).replay()
        assert replayed is not None and replayed.valid
        assert (first, second) == (replayed.game.groups(1), replayed.game.groups(2))
        assert (larger or None, at if at >= 0 else None) == compare_groups(first, second)
    assert max(len(verdict[6][0]) for verdict in verdicts) > 32


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


# ---------------------------------------------------------------------------------------------
# Lines made without the report (report_lines.judged_adjudication_lines), against the report's own

PREDECESSORS = ("plur", "too", "product", "brink")
#: Names as the variants' own names for the players too: the verdict then names the player once.
ODD_NAMES = [*NAMES, "White", "Black", "Red", "Blue", "white", "b, c", "  +x", "q\r"]


def _judged_verdicts(text: str, variant: str | None) -> list[fastpath.Verdict]:
    judge = fastpath.judge(make_request(None, variant, None), scores=True)
    assert judge is not None
    found, pos = [], 0
    while pos < len(text):
        start = text.find("(", pos)
        if start < 0:
            break
        verdicts, end = judge.take(text, start, 1, 1)
        found += verdicts
        pos = max(end, start + 1)
    return found


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    seed=st.integers(0, 2**32), variant=st.sampled_from(list(VARIANTS)), mode=st.sampled_from(["json", "text", "csv"])
)
def test_a_judged_line_is_its_reports_line(seed, variant, mode):
    """Each line `judged_adjudication_lines` makes is the line of the report
    `judged_adjudication_report` makes of the same verdict (the JSON line, the CSV line of its row,
    or the text line and its kind), and it makes one for every game of a variant scored by the
    cascade."""
    rng = random.Random(seed)
    asked, played, sizes = VARIANTS[variant]
    parts = []
    for _ in range(20):
        root, moves = nodes(rng.choice(games(played, rng.choice(sizes))))
        root += "".join(f"{key}[{rng.choice(ODD_NAMES)}]" for key in rng.sample(["PW", "PB"], rng.randint(0, 2)))
        way = rng.choice([_unfinished, _unfinished, *WAYS])
        parts.append(way(root, moves, rng) + "\n(")
    source = rng.choice(["games.sgf", None, "", "dir/名.sgf", 'a"b.sgf', "=a,b.sgf", "-x.sgf"])
    line_of = report_lines.judged_adjudication_lines(source, "lg", mode)
    assert line_of is not None
    for index, verdict in enumerate(_judged_verdicts("".join(parts), asked)):
        report = reports.judged_adjudication_report(source, "lg", index, verdict)
        made = line_of(index, verdict)
        assert (made is not None) == (verdict[5].split("(")[0] not in PREDECESSORS)
        if made is None:
            continue
        if mode == "json":
            assert made == (report.status, output.json_line(to_data(report)))
        elif mode == "csv":
            assert made == (report.status, csv_line(report.to_row(), FIELDS))
        else:
            assert [(report.status, made[1])] == [(report.status, text) for _, text in report.lines()]
            assert report.lines()[0][0] == ("plain" if made[0] == "unfinished" else "ok")


def test_judged_lines_are_made_for_every_kind_of_cascade_verdict(tmp_path):
    """The lines made without the report cover every verdict of the cascade that random games reach
    (the comparison above would hold if they covered none): decided at each of the first three
    places, ended by a player with no legal turn, resigned before the end and after it,
    unfinished, leading or level. (A finished game the cascade draws has the same group sizes on
    both sides: the test below draws such numbers.)"""
    made: list[tuple[str, str, str]] = []

    def lines(source, fmt, mode):
        line_of = report_lines.judged_adjudication_lines(source, fmt, mode)
        assert line_of is not None

        def keep(index, verdict):
            line = line_of(index, verdict)
            assert line is not None
            usual = reports.judged_adjudication_report(source, fmt, index, verdict)
            made.append((*line, output.json_line(to_data(usual))))
            return line

        return keep

    rng = random.Random(5)
    for variant in ("catchup", "catchup-2012", "ketchup-2", "ketchup-4", "sauce", "alternative", "ketchup-1"):
        path = tmp_path / f"{variant}.sgf"
        root, moves = nodes(games(VARIANTS[variant][1], VARIANTS[variant][2][-1])[0])
        late = root + "".join(moves) + ";B[resign])\n"  # a resignation after the last turn
        path.write_text(late + archive(rng, 150, variant), encoding="utf-8")
        judging = judged_printer(reports.judged_adjudication_report, "json", FIELDS, lines)  # type: ignore[arg-type]
        report = printer(reports.adjudication_report, "json", FIELDS)  # type: ignore[arg-type]
        list(run([str(path)], report, jobs=1, variant=VARIANTS[variant][0], judged=judging, scores=True))
    assert all(line == usual for _, line, usual in made)
    kinds = set()
    for _, line, _ in made:
        report = json.loads(line)
        level = report["status"] == "unfinished" and "equal so far" in report["explanation"]
        late = "came after the end" in report["explanation"]
        kinds.add((report["status"], report["reason"], report["decided_at"], level, late))
    finished = {(reason, at) for status, reason, at, _, _ in kinds if status == "finished"}
    assert {at for _, at in finished} >= {0, 1, 2} and "no-legal-turn" in {reason for reason, _ in finished}
    assert {"resigned", "unfinished"} <= {status for status, *_ in kinds}
    assert any(kind[3] for kind in kinds) and any(not kind[3] for kind in kinds if kind[0] == "unfinished")
    assert any(kind[4] for kind in kinds)


def test_judged_lines_are_left_to_the_report_where_the_engine_scores_its_own_way():
    """The predecessors' rules (plur, too, brink, product) score and word their verdicts their own
    way: their games' lines are made from their reports."""
    for variant in ("plur(size=3)", "too(size=3)", "product(size=3)", "brink(x=2, size=3)"):
        assert fastpath.plain_scoring(variant) is None
    assert fastpath.plain_scoring("catchup(size=5)") is not None


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**32), auto=st.booleans(), mode=st.sampled_from(["json", "text"]))
def test_a_judged_verify_line_is_its_reports_line(seed, auto, mode):
    """Each line `judged_verify_lines` makes is the line of the report `judged_verify_report` makes
    of the same verdict (the JSON line, or the text line and its kind), with `--variant auto`'s
    accepting variants or without."""
    rng = random.Random(seed)
    parts = []
    for _ in range(20):
        played, sizes = rng.choice([VARIANTS[name][1:] for name in ("catchup", "ketchup-2", "sauce", "plur")])
        root, moves = nodes(rng.choice(games(played, rng.choice(sizes))))
        root += "".join(f"{key}[{rng.choice(ODD_NAMES)}]" for key in rng.sample(["PW", "PB"], rng.randint(0, 2)))
        parts.append(rng.choice(WAYS)(root, moves, rng) + "\n(")
    source = rng.choice(["games.sgf", None, "", "dir/名.sgf", 'a"b.sgf'])
    line_of = report_lines.judged_verify_lines(source, "lg", mode)
    assert line_of is not None and report_lines.judged_verify_lines(source, "lg", "csv") is None
    judge = fastpath.judge(make_request(None, "auto" if auto else None, None))
    assert judge is not None
    verdicts, pos, text = [], 0, "".join(parts)
    while (start := text.find("(", pos)) >= 0:
        found, end = judge.take(text, start, 1, 1)
        verdicts += found
        pos = max(end, start + 1)
    assert verdicts and all((verdict[7] is not None) == auto for verdict in verdicts)
    for index, verdict in enumerate(verdicts):
        report = reports.judged_verify_report(source, "lg", index, verdict)
        if mode == "json":
            assert line_of(index, verdict) == ("valid", output.json_line(to_data(report)))
        else:
            assert [("ok", line_of(index, verdict)[1])] == report.lines()


@settings(deadline=None)
@given(
    variant=st.sampled_from(["catchup", "catchup-2012", "ketchup-2", "ketchup-3", "ketchup-4", "sauce", "alternative"]),
    size=st.integers(2, 9),
    groups=st.tuples(*[st.lists(st.integers(1, 40), max_size=12).map(lambda g: tuple(sorted(g, reverse=True)))] * 2),
    same=st.booleans(),
    scores=st.tuples(st.integers(0, 99), st.integers(0, 99)),
    empty=st.integers(0, 99),
    turns=st.integers(1, 200),
    end=st.integers(0, 2),
    resigned=st.integers(0, 2),
    names=st.tuples(st.sampled_from([None, *ODD_NAMES]), st.sampled_from([None, *ODD_NAMES])),
)
def test_the_cascade_is_worded_as_the_engine_words_it(
    variant, size, groups, same, scores, empty, turns, end, resigned, names
):
    """`rules.plainscore` says of any numbers (drawn positions, equal lists, empty ones, any
    ending and resignation) what the engine's `standing(...).scored(...)` says of them."""
    from catchup_notation.rules.corerules import END_REASONS
    from catchup_notation.rules.replay import player_names

    if same:
        groups = (groups[0], groups[0])
    tag = f"{variant}(size={size})"
    scoring = fastpath.plain_scoring(tag)
    assert scoring is not None
    larger, at = compare_groups(*groups)
    sizes = tuple(", ".join(map(str, g)) for g in groups)
    final = (*groups, *scores, empty, end, resigned, larger or 0, -1 if at is None else at)
    made = scoring.scored(*names, turns, sizes, final)
    start = fastpath._start(tag)
    game = start.standing(
        player_names(names, start.variant),
        (groups[0][0] if groups[0] else 0, groups[1][0] if groups[1] else 0),
        scores,
        empty,
        turns,
        END_REASONS[end] if end else None,
    )
    result = game.scored(groups, resigned or None)
    assert scoring.names(*names) == player_names(names, start.variant)
    status, winner, draw, reason, decided_at, decided_by, explanation = made
    assert (status, winner, draw, reason) == (result.status, result.winner, result.draw, result.reason)
    assert (decided_at, decided_by, explanation) == (result.decided_at, result.decided_by, result.explanation)
    assert result.scores == scores  # the core's scores, which the line writes as they are


def test_games_judged_in_one_run_are_judged_as_each_alone():
    """The core replays the games of a run on one game of each board, reset for each: a game of
    another size between, a game refused halfway (its turns partly played) or a resignation
    before it leave nothing behind. Each verdict of a run is the verdict of its game alone."""
    rng = random.Random(11)
    ways = [_plain] * 3 + [_resigned, _unfinished] * 2 + [_broken, _sized]  # each game on a line of its own
    texts = []
    for _ in range(80):
        root, moves = nodes(rng.choice(games("catchup", rng.choice((5, 4, 3)))))
        texts.append(rng.choice(ways)(root, moves, rng))
    judge = fastpath.judge(make_request(None, None, None), scores=True)
    assert judge is not None
    text = "\n".join(texts) + "\n("
    found, line, calls = [], 1, 0
    while line <= len(texts):
        start = sum(len(game) + 1 for game in texts[: line - 1])
        verdicts, end = judge.take(text, start, line, 1)
        found += verdicts
        calls += 1
        line = max(line + 1, text.count("\n", 0, end) + 1)
    assert len(found) > 50 and calls < len(found) / 2  # runs of several games each
    for verdict in found:
        alone = judge.one(texts[verdict[0] - 1], verdict[0], 1)
        assert alone == verdict
