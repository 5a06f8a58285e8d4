"""Hostile and careless input, one named test per case: every bad input gets a clear error that
says where and what, nothing after a bad record is lost, nothing hangs, no write loses data."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_records import json_lines, random_game, run, write_lg

import catchup_notation as cn
from catchup_notation.formats import write_text
from catchup_notation.limits import MAX_DIGITS, MAX_NESTING, MAX_SET, MAX_SIDE

GOOD = "(;FF[4]SZ[5];W[E5];B[D4F6])"
HUGE = "9" * 5000  # past Python's own 4,300-digit limit on int()


def catchup(*args: str, stdin: int | None = None, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in a child process (for what a test runner cannot fake: closed streams)."""
    return subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", *args],
        stdin=stdin,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


def errors_of(text: str, source: str) -> list[str | None]:
    return [g.reading_error.code if g.reading_error else None for g in cn.read_text(text, source=source)]


# --- one value never ends a run -------------------------------------------------------------


def test_a_cell_number_of_5000_digits_is_a_limit_error_and_the_next_game_is_read():
    assert errors_of(f"(;SZ[5];W[E{HUGE}])\n{GOOD}\n", "x.sgf") == ["limit", None]


def test_a_board_side_of_5000_digits_is_a_limit_error():
    (game,) = cn.read_text(f"(;SZ[{HUGE}];W[E5])", source="x.sgf")
    assert game.reading_error.code == "limit" and f"limit of {MAX_DIGITS} digits" in game.reading_error.message


def test_a_json_integer_of_5000_digits_is_a_limit_error_on_its_line_only(tmp_path):
    good = json.dumps({"variant": "catchup(size=5)", "turns": [{"player": 1, "cells": [[0, 0]]}]})
    bad = good.replace("[[0, 0]]", f"[[0, {HUGE}]]")
    path = tmp_path / "r.jsonl"
    path.write_text(f"{good}\n{bad}\n{good}\n")
    result = run("verify", "--json", str(path))
    assert result.exit_code == 3
    rows = json_lines(result.stdout)
    assert [row["valid"] for row in rows] == [True, False, True]
    assert rows[1]["error"]["code"] == "limit" and rows[1]["error"]["line"] == 2


def test_json_nested_100000_deep_costs_its_line_only(tmp_path):
    good = json.dumps({"variant": "catchup(size=5)", "turns": []})
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + f"\n{good}\n")
    result = run("verify", "--json", str(path))
    assert result.exit_code == 3
    rows = json_lines(result.stdout)
    assert [row["valid"] for row in rows] == [False, True]
    assert rows[0]["error"]["code"] == "limit" and str(MAX_NESTING) in rows[0]["error"]["message"]


@pytest.mark.parametrize("fmt", ["json", "abstractplay"])
def test_brackets_inside_a_json_string_are_no_nesting(fmt):
    # Regression (found by the fuzz test): a run of 65 or more '[' was taken for nesting wherever it
    # stood, so a record whose player name or comment held one could not be read back once written
    record = json.dumps({"variant": "catchup(size=5)", "turns": [], "players": ["[" * 100 + '\\"{', None]})
    (game,) = cn.read_text(record, format="json")
    assert game.readable, game.reading_error
    (back,) = cn.read_text(game.export(fmt).text, format=fmt, variant=game.record.variant)
    assert back.readable, back.reading_error
    assert "[" * 100 in back.export("json").text
    # nesting that deep outside a string is still refused, where it is
    deep = record[:-1] + ', "headers": {"x": ' + "[" * 70 + "]" * 70 + "}}"
    (refused,) = cn.read_text(deep, format="json")
    assert not refused.readable and refused.reading_error.code == "limit"


# --- limits on what work can be asked for -----------------------------------------------------


@pytest.mark.parametrize("text", [f"catchup(size={MAX_SIDE + 1})", "catchup(size=10000)", "brink(x=99999999)"])
def test_a_board_past_the_limit_is_refused_at_once(text):
    with pytest.raises(cn.VariantError, match="must be at most"):
        cn.parse_variant(text)


def test_sz_10000_is_refused_and_the_next_game_read():
    assert errors_of(f"(;SZ[10000];W[E5])\n{GOOD}", "x.sgf") == ["variant", None]


def test_a_json_record_on_a_huge_board_is_a_variant_error():
    text = json.dumps({"variant": "catchup(size=100000)", "turns": []})
    assert errors_of(text, "x.json") == ["variant"]


def test_a_number_set_past_the_limit_is_refused_before_it_is_built():
    with pytest.raises(cn.VariantError, match=f"limit of {MAX_SET}"):
        cn.parse_variant("catch-up(set=1..100000000)")
    assert errors_of("S = {1..100000000}\n<1>\n", "x.numbers") == ["limit"]


def test_the_command_line_refuses_a_huge_board_as_a_usage_error(tmp_path):
    result = run("verify", "--variant", "catchup(size=10000)", write_lg(tmp_path / "g.sgf", random_game(1)).as_posix())
    assert result.exit_code == 2 and "at most 50" in result.output


# --- one bad record costs that record only ---------------------------------------------------


def test_an_lg_record_missing_its_closing_parenthesis_does_not_swallow_the_rest():
    text = GOOD[:-1] + "\n" + "\n".join([GOOD] * 3) + "\n"
    games = list(cn.read_text(text, source="x.sgf"))
    assert [g.readable for g in games] == [False, True, True, True]
    assert "reading resumed (line 2, column 1)" in games[0].reading_error.message


def test_an_lg_value_never_closed_does_not_swallow_the_rest():
    games = list(cn.read_text("(;FF[4]SZ[5];W[E5\n" + GOOD + "\n" + GOOD + "\n", source="x.sgf"))
    assert [g.readable for g in games] == [False, True, True]


def test_a_pretty_printed_json_record_with_one_typo_is_one_error():
    text = '{\n  "variant": "catchup(size=5)",\n  "turns": [\n    {"player": 1 "cells": [[0, 0]]}\n  ]\n}\n'
    (game,) = cn.read_text(text, source="x.json")
    assert game.reading_error.code == "syntax" and (game.reading_error.line, game.reading_error.column) == (4, 18)


# --- inputs are read once ---------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_fifo_given_as_a_path_is_read_once_and_whole(tmp_path):
    fifo = tmp_path / "games"  # no extension: the format is sniffed from the stream itself
    os.mkfifo(fifo)
    text, _ = write_text([random_game(seed) for seed in range(100)], "lg")

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as pipe:
            pipe.write(text)

    writer = threading.Thread(target=feed)
    writer.start()
    result = catchup("verify", "--json", str(fifo))
    writer.join(timeout=60)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 100


def test_sniffing_never_splits_a_character(tmp_path):
    path = tmp_path / "post.txt"  # .txt says nothing: the content decides
    name = "é" * 4090  # a two-byte character straddles byte 8192
    path.write_text(f"(;PB[{name}]SZ[5];W[E5])\n", encoding="utf-8")
    (game,) = cn.read(path)
    assert game.format == "lg" and game.readable and game.record.players[1] == name


def test_a_bad_byte_in_a_txt_file_is_an_encoding_error_with_its_offset(tmp_path):
    path = tmp_path / "post.txt"
    path.write_bytes(b"hello \xff world")
    (game,) = cn.read(path)
    assert game.reading_error.code == "encoding" and game.reading_error.byte_offset == 6


def test_an_empty_file_holds_no_records_in_every_format(tmp_path):
    for name in ("e.json", "e.sgf", "e.genius", "e.numbers", "e.rga", "e.apjson"):
        (tmp_path / name).write_text("  \n")
        result = run("verify", str(tmp_path / name))
        assert result.exit_code == 5 and "0 records read" in result.stdout, name  # nothing read: exit 5
        assert f"warning: no record found in {tmp_path / name}" in result.stderr


# --- what the model cannot hold is refused at the door -----------------------------------------


@pytest.mark.parametrize(
    "change",
    [
        {"turns": [{"player": 3, "cells": [[0, 0]]}]},
        {"resigned": 7},
        {"turns": [{"player": 1, "cells": [[0, 0]]}], "x": 1},
    ],
)
def test_a_json_record_the_model_cannot_hold_is_a_shape_error(tmp_path, change):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"variant": "catchup(size=5)", "turns": [], **change}))
    result = run("convert", str(path), "--to", "lg")
    assert result.exit_code == 3 and "error[shape]" in result.stderr


@pytest.mark.parametrize("target", ["lg", "genius", "rga", "abstractplay"])
def test_convert_never_makes_an_invalid_record_valid(tmp_path, target):
    path = tmp_path / "twice.json"
    turns = [{"player": 1, "cells": [[0, 0]]}, {"player": 2, "cells": [[1, 0]]}, {"player": 2, "cells": [[2, 0]]}]
    path.write_text(json.dumps({"variant": "catchup(size=5)", "turns": turns}))
    result = run("convert", str(path), "--to", target)
    assert result.exit_code == 1 and "invalid at turn 3 (wrong-player)" in result.stderr and not result.stdout


@pytest.mark.parametrize("target", ["genius", "abstractplay"])
def test_convert_never_swaps_the_players_of_a_record_where_black_moves_first(tmp_path, target):
    path = tmp_path / "b.sgf"
    path.write_text("(;SZ[5];B[E5];W[D4])\n")
    result = run("convert", str(path), "--to", target)
    assert result.exit_code == 1 and "wrong-player" in result.stderr


# --- output never loses data -------------------------------------------------------------------


def test_output_through_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    target = tmp_path / "real.jsonl"
    target.write_text("old")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    assert run("convert", str(source), "--to", "json", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and target.read_text().startswith('{"variant"')


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_output_to_a_fifo_is_refused(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    fifo = tmp_path / "out.sgf"
    os.mkfifo(fifo)
    result = run("convert", str(source), "--to", "lg", "-o", str(fifo))
    assert result.exit_code == 3 and "not a regular file" in result.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_output_keeps_an_existing_files_mode_and_new_files_follow_the_umask(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    kept = tmp_path / "kept.sgf"
    kept.write_text("old")
    kept.chmod(0o640)
    assert run("convert", str(source), "--to", "lg", "-o", str(kept)).exit_code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.sgf"
    assert run("convert", str(source), "--to", "lg", "-o", str(fresh)).exit_code == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_a_temporary_file_left_by_a_killed_run_is_removed_by_the_next(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    leftover = tmp_path / ".out.sgf.catchup-999999999.abcd.tmp"  # no such process
    leftover.write_text("half")
    assert run("convert", str(source), "--to", "lg", "-o", str(tmp_path / "out.sgf")).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sgf", "out.sgf"]


def test_a_missing_folder_for_an_svg_is_exit_3_with_one_line(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    result = run("show", str(source), "--svg", str(tmp_path / "missing" / "b.svg"))
    assert result.exit_code == 3 and "does not exist" in result.stderr and "Traceback" not in result.output


def test_a_full_disk_behind_stdout_is_exit_3_with_one_line(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    with open("/dev/full", "w") as full:
        result = catchup("verify", str(source), stdout=full.fileno())
    assert result.returncode == 3 and "No space left" in result.stderr and "Traceback" not in result.stderr


def test_closed_stdin_and_stdout_are_errors_not_successes(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    closed_out = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", "verify", str(source)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert closed_out.returncode == 3 and "standard output is closed" in closed_out.stderr
    closed_in = subprocess.run(
        [sys.executable, "-m", "catchup_notation.cli", "verify", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert closed_in.returncode == 3 and "standard input is closed" in closed_in.stdout


@pytest.mark.parametrize("mode", [[], ["--json"]])
def test_a_reader_that_leaves_ends_the_run_quietly_and_alike_in_every_mode(tmp_path, mode):
    text, _ = write_text([random_game(seed % 50) for seed in range(3000)], "lg")
    path = tmp_path / "many.sgf"
    path.write_text(text)
    command = f"{sys.executable} -m catchup_notation.cli verify {' '.join(mode)} {path}"
    pipeline = subprocess.run(
        f"{command} | head -1; echo $? ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    first, status = pipeline.stdout.splitlines()
    assert first and status == "0 3"  # head's, then ours: 3, output not delivered in full
    assert pipeline.stderr == ""
