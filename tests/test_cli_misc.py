"""The app as a whole: --version, --help with examples, variants, internal errors, NO_COLOR."""

from __future__ import annotations

import pytest
from cli_records import json_lines, random_game, run, write_lg

from catchup_notation import __version__
from catchup_notation.cli import COMMANDS
from catchup_notation.rules.registry import specs


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_examples(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Examples" in result.output and f"catchup {command}" in result.output


def test_variants_json_lists_the_registry():
    result = run("variants", "--json")
    assert result.exit_code == 0
    rows = json_lines(result.stdout)
    assert [r["name"] for r in rows] == [s.name for s in specs()]
    catchup = rows[0]
    assert {"name", "aliases", "parameters", "description", "sources"} <= set(catchup)
    assert (
        "lg" in catchup["aliases"]
        and catchup["parameters"][0]["name"] == "size"
        and catchup["parameters"][0]["default"] == 5
    )


def test_variants_text():
    result = run("variants")
    assert result.exit_code == 0
    assert all(spec.name in result.output for spec in specs())


def test_internal_error_is_short_unless_debug(tmp_path, monkeypatch):
    path = write_lg(tmp_path / "g.sgf", random_game(1, turns=4))

    def explode(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("catchup_notation.game.replay", explode)
    # with the compiled core, a plain valid record is judged in one pass, without `replay`
    monkeypatch.setattr("catchup_notation.reading.fastpath.PlainJudge.one", explode)
    monkeypatch.setattr("catchup_notation.reading.fastpath.PlainJudge.take", explode)
    result = run("verify", str(path))
    assert result.exit_code == 4
    assert "internal error" in result.stderr and "report" in result.stderr
    assert "Traceback" not in result.output
    debug = run("--debug", "verify", str(path))
    assert isinstance(debug.exception, ZeroDivisionError)


def test_no_colour_codes_when_not_a_terminal_or_no_color(tmp_path, monkeypatch):
    path = write_lg(tmp_path / "g.sgf", random_game(1, turns=4))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "")
    result = run("verify", str(path))
    assert "\x1b[" not in result.output
