"""Big archives in a text report: one warning repeated is shown a few times and counted, `-q`
leaves out the records that are fine, `--statistics` counts the problems by code."""

from __future__ import annotations

import re

from cli_records import occupied_game, random_game, run, write_lg

from catchup_notation.reports import SHOWN_PER_CODE

REPEATS = 40


def _noisy(path):
    """A record whose root names player 1 again and again: a duplicate-property warning each time."""
    names = "".join(f"PW[w{k}]" for k in range(REPEATS + 1))
    path.write_text(f"(;FF[4]SZ[5]{names};W[E5];B[D4F6])\n", encoding="utf-8")
    return path


def test_a_warning_repeated_is_shown_a_few_times_then_counted(tmp_path):
    result = run("verify", str(_noisy(tmp_path / "noisy.sgf")))
    said = [line for line in result.stdout.splitlines() if "warning[duplicate-property]" in line]
    assert len(said) == SHOWN_PER_CODE + 1
    assert said[-1].endswith(f"warning[duplicate-property]: and {REPEATS - SHOWN_PER_CODE} more like it")
    assert re.match(r".*noisy\.sgf:1:\d+: ", said[-1])  # at the place of the first one not shown
    # the JSON keeps every one
    (data,) = [line for line in run("verify", str(tmp_path / "noisy.sgf"), "--json").stdout.splitlines()]
    assert data.count('"duplicate-property"') == REPEATS


def test_convert_caps_the_warnings_it_names_too(tmp_path):
    result = run("convert", str(_noisy(tmp_path / "noisy.sgf")), "--to", "json", "-o", str(tmp_path / "out.jsonl"))
    said = [line for line in result.stderr.splitlines() if "warning[duplicate-property]" in line]
    assert len(said) == SHOWN_PER_CODE + 1 and said[-1].endswith("more like it")


def test_quiet_shows_only_the_problems_and_the_summary(tmp_path):
    write_lg(tmp_path / "a.sgf", random_game(1), occupied_game(), random_game(2, turns=9))
    loud = run("verify", str(tmp_path / "a.sgf")).stdout.splitlines()
    quiet = run("verify", str(tmp_path / "a.sgf"), "-q").stdout.splitlines()
    assert sum(": ok: " in line for line in loud) == 2
    assert [line for line in loud if ": ok: " not in line] == quiet
    assert quiet[-1] == "3 records read: 2 valid, 1 invalid, 0 unreadable" and "error[occupied]" in quiet[0]


def test_statistics_count_the_problems_by_code(tmp_path):
    write_lg(tmp_path / "a.sgf", occupied_game(), occupied_game(), random_game(2))
    _noisy(tmp_path / "noisy.sgf")
    (tmp_path / "broken.sgf").write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    result = run("verify", str(tmp_path), "--statistics", "-q")
    lines = result.stdout.splitlines()
    assert [line.split() for line in lines[-4:-1]] == [
        [str(REPEATS), "warning[duplicate-property]"],
        ["2", "error[occupied]"],
        ["1", "error[bad-cell]"],
    ]
    assert lines[-1].startswith("5 records read:")
    # with JSON on stdout, the table goes to stderr with the summary
    as_json = run("verify", str(tmp_path), "--statistics", "--json")
    assert as_json.stderr.strip().splitlines()[-4].split() == [str(REPEATS), "warning[duplicate-property]"]
    clean = tmp_path / "clean"
    clean.mkdir()
    write_lg(clean / "c.sgf", random_game(3))
    assert run("verify", str(clean), "--statistics").stdout.splitlines()[-2:] == [
        "no problems",
        "1 record read: 1 valid, 0 invalid, 0 unreadable",
    ]
