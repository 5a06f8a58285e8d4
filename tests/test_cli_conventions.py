"""The command line keeps the conventions of the tools around it: -h is help, -v is not taken for
something else, required options say so, and the help points to the manual on the web (an
installed package has no docs/ folder)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from cli_records import run

from catchup_notation.cli import COMMANDS
from catchup_notation.cli.typer_app import load_command
from catchup_notation.version import MANUAL_URL, manual_page

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", COMMANDS)
def test_dash_h_is_help_on_every_command(name):
    short, long = run(name, "-h"), run(name, "--help")
    assert short.exit_code == 0, short.output
    assert short.output == long.output


def test_dash_h_is_help_on_the_app():
    result = run("-h")
    assert result.exit_code == 0 and "Commands" in result.output


@pytest.mark.parametrize("name", COMMANDS)
def test_no_command_takes_dash_v(name):
    for param in load_command(name).params:
        assert "-v" not in getattr(param, "opts", ()), (name, param.name)


def test_dash_v_for_variant_is_refused_with_the_long_name():
    result = run("verify", "-v", "ketchup", "examples/littlegolem-collection.sgf")
    assert result.exit_code == 2
    assert "--variant" in result.output


@pytest.mark.parametrize("name", ["stats", "tournament"])
def test_a_required_option_is_marked_required(name):
    command = load_command(name)
    chosen = next(p for p in command.params if "--set" in p.opts)
    assert chosen.required
    assert "required" in run(name, "--help").output
    missing = run(name)
    assert missing.exit_code == 2 and "--set" in missing.output


@pytest.mark.parametrize("name", ["stats", "tournament"])
def test_number_set_only_commands_say_so(name):
    assert "number-set" in (load_command(name).help or "").lower()
    assert re.search(rf"{name}\s+Number-set Catch-Up only", run("--help").output)


def test_the_manual_url_is_the_projects():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls["Documentation"] == MANUAL_URL


@pytest.mark.parametrize("name", COMMANDS)
def test_help_points_to_the_web_manual_not_to_a_docs_folder(name):
    command = load_command(name)
    texts = [command.help or "", command.epilog or ""] + [getattr(p, "help", None) or "" for p in command.params]
    for text in texts:
        assert not re.search(r"docs/\w+\.md", text), (name, text)


def test_json_help_names_the_reports_page():
    help_text = " ".join(p.help or "" for p in load_command("verify").params if "--json" in p.opts)
    assert manual_page("reports") in help_text


POST = ROOT / "tests" / "data" / "rga" / "post-as-typed.txt"
SLIP = ROOT / "tests" / "quirks" / "rga-slip.rga"


@pytest.mark.parametrize("form", [(), ("--json",), ("--csv",)])
def test_hints_are_given_as_the_option_the_user_types(form):
    for path, variant in ((POST, ()), (SLIP, ("--variant", "catchup"))):
        result = run("verify", str(path), *variant, *form)
        assert "corrections=" not in result.output, result.output
    assert "--corrections " in run("verify", str(POST), *form).output  # the error's message: in every form
    assert "--corrections h3=h4,n3=o3" in run("verify", str(POST)).output
    assert "--corrections 7:k4=k6 or --corrections diagram" in run("verify", str(SLIP), "--variant", "catchup").output


def test_the_hint_the_command_line_gives_is_one_it_takes():
    hinted = re.search(r"--corrections (\S+)", run("verify", str(SLIP), "--variant", "catchup").output).group(1)
    assert run("verify", str(SLIP), "--variant", "catchup", "--corrections", hinted).exit_code == 0


def test_the_library_keeps_its_python_hint():
    from catchup_notation.reading import read

    (game,) = read(str(SLIP), variant="catchup")
    assert any("corrections={'7:k4': 'k6'}" in w.message for w in game.warnings)


COLLECTION = ROOT / "examples" / "littlegolem-collection.sgf"


def test_record_takes_an_index_or_the_line_reports_name():
    lines = run("verify", str(COLLECTION)).output.splitlines()
    third = next(line for line in lines if line.endswith("75 turns under catchup(size=7)"))
    line_number = int(third.split(":")[1])
    by_index = run("show", str(COLLECTION), "--record", "2")
    by_line = run("show", str(COLLECTION), "--record", f":{line_number}")
    assert by_index.exit_code == by_line.exit_code == 0
    assert by_index.output == by_line.output
    assert by_index.output != run("show", str(COLLECTION), "--record", "0").output


@pytest.mark.parametrize("value", ["x", ":0", "-1", ":"])
def test_record_refuses_what_is_neither(value):
    result = run("show", str(COLLECTION), "--record", value)
    assert result.exit_code == 2 and ":LINE" in result.output


def test_record_past_the_end_says_so():
    result = run("solve", str(COLLECTION), "--record", "99")
    assert result.exit_code == 2 and "no record 99" in result.output


def test_convert_without_to_is_not_an_invalid_to(tmp_path):
    game = ROOT / "examples" / "abstractplay-size6.json"
    result = run("convert", str(game), "-o", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "Invalid value" not in result.output
    assert "abstractplay" in result.output and "json" in result.output and "--to" in result.output
    assert not (tmp_path / "x.json").exists()
    assert run("convert", str(game), "-o", str(tmp_path / "x.sgf")).exit_code == 0
    assert (tmp_path / "x.sgf").read_text(encoding="utf-8").startswith("(;")
    bare = run("convert", str(game))
    assert bare.exit_code == 2 and "Invalid value" not in bare.output and "--to FORMAT" in bare.output
