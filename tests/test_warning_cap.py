"""A record's repeated warnings are capped (a few of each code, then one "and N more like it"
line), `verify --quiet` prints only the problems and the summary, and `verify --statistics`
counts every problem by code after the summary."""

from __future__ import annotations

from pathlib import Path

from cli_records import occupied_game, random_game, run, write_lg

from catchup_notation.formats.base import NotationWarning
from catchup_notation.reports import WARNINGS_SHOWN_PER_CODE, capped_warning_lines


def repeated(path: Path, count: int) -> Path:
    """An SGF record whose `count` move nodes each hold a property the reader does not keep."""
    path.write_text("(;FF[4]SZ[5]" + ";ZZ[x]" * count + ")\n", encoding="utf-8")
    return path


def lines_with(text: str, needle: str) -> list[str]:
    return [line for line in text.splitlines() if needle in line]


def test_verify_shows_a_few_of_a_repeated_warning_then_counts_the_rest(tmp_path):
    result = run("verify", str(repeated(tmp_path / "many.sgf", 50)))
    assert result.exit_code == 0, result.output
    shown = lines_with(result.stdout, "warning[ignored-property]")
    assert len(shown) == WARNINGS_SHOWN_PER_CODE + 1
    assert all("is not kept" in line for line in shown[:-1])
    assert shown[-1].endswith(f"and {50 - WARNINGS_SHOWN_PER_CODE} more like it")
    assert "1 with warnings" in result.stdout


def test_no_count_line_when_nothing_is_left_out(tmp_path):
    result = run("verify", str(repeated(tmp_path / "few.sgf", WARNINGS_SHOWN_PER_CODE)))
    shown = lines_with(result.stdout, "warning[ignored-property]")
    assert len(shown) == WARNINGS_SHOWN_PER_CODE
    assert "more like it" not in result.stdout


def test_convert_caps_the_warnings_it_names_on_stderr(tmp_path):
    result = run("convert", str(repeated(tmp_path / "many.sgf", 20)), "--to", "json")
    assert result.exit_code == 0, result.output
    shown = lines_with(result.stderr, "warning[ignored-property]")
    assert len(shown) == WARNINGS_SHOWN_PER_CODE + 1
    assert shown[-1].endswith(f"and {20 - WARNINGS_SHOWN_PER_CODE} more like it")


def test_each_code_is_capped_on_its_own_in_the_order_of_the_file():
    warnings = [NotationWarning("a" if k % 2 else "b", f"m{k}", line=1, column=k) for k in range(1, 13)]
    lines = [text for _, (_, text) in capped_warning_lines("f", 0, warnings)]
    assert lines == [
        "f:1:1: warning[a]: m1",
        "f:1:2: warning[b]: m2",
        "f:1:3: warning[a]: m3",
        "f:1:4: warning[b]: m4",
        "f:1:5: warning[a]: m5",
        "f:1:5: warning[a]: and 3 more like it",
        "f:1:6: warning[b]: m6",
        "f:1:6: warning[b]: and 3 more like it",
    ]


def mixed(tmp_path: Path) -> list[str]:
    """A record with warnings, a valid one and an invalid one."""
    many = repeated(tmp_path / "many.sgf", 10)
    games = write_lg(tmp_path / "games.sgf", random_game(1), occupied_game())
    return [str(many), str(games)]


def test_quiet_prints_only_the_errors_and_the_summary(tmp_path):
    loud = run("verify", *mixed(tmp_path))
    result = run("verify", *mixed(tmp_path), "-q")
    assert result.exit_code == loud.exit_code == 1
    assert "ok:" in loud.stdout and "warning[" in loud.stdout
    assert "ok:" not in result.stdout
    assert "warning[" not in result.stdout
    errors = lines_with(loud.stdout, "error[")
    assert errors and lines_with(result.stdout, "error[") == errors
    assert result.stdout.splitlines()[-1] == loud.stdout.splitlines()[-1]  # the summary
    assert result.stdout.splitlines()[-1].startswith("3 records read: 2 valid, 1 invalid")


def test_quiet_keeps_the_warnings_when_strict_makes_them_fail_the_run(tmp_path):
    result = run("verify", *mixed(tmp_path), "--quiet", "--strict")
    assert result.exit_code == 1
    assert "ok:" not in result.stdout
    assert len(lines_with(result.stdout, "warning[ignored-property]")) == WARNINGS_SHOWN_PER_CODE + 1


def statistics(text: str) -> dict[str, int]:
    """The `COUNT  kind[code]` lines after the summary."""
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if " records read: " in line)
    return {line.split()[1]: int(line.split()[0]) for line in lines[at + 1 :]}


def test_statistics_count_every_problem_by_code_after_the_summary(tmp_path):
    result = run("verify", *mixed(tmp_path), "--statistics")
    assert result.exit_code == 1
    counts = statistics(result.stdout)
    assert counts.pop("warning[ignored-property]") == 10  # every one, not only those shown
    assert counts.pop("error[occupied]") == 1
    assert not counts
    first = result.stdout.splitlines().index(lines_with(result.stdout, "records read")[0])
    assert result.stdout.splitlines()[first + 1].split()[1] == "warning[ignored-property]"  # most frequent first


def test_statistics_go_with_the_summary_to_stderr_beside_json(tmp_path):
    result = run("verify", *mixed(tmp_path), "--statistics", "--json")
    assert statistics(result.stderr) == {"warning[ignored-property]": 10, "error[occupied]": 1}
    assert result.stdout.count('"code": "ignored-property"') == 10  # the JSON reports keep every warning
    assert "more like it" not in result.stdout


def test_statistics_say_when_there_was_no_problem(tmp_path):
    result = run("verify", str(write_lg(tmp_path / "g.sgf", random_game(3))), "--statistics")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "no errors or warnings"


def test_without_statistics_the_summary_ends_the_report(tmp_path):
    result = run("verify", *mixed(tmp_path))
    assert " records read: " in result.stdout.splitlines()[-1]
