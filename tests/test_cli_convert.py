"""`catchup convert`: between formats, warnings, and never a half-written output file."""

from __future__ import annotations

import pytest
from cli_records import random_game, run, write_lg
from helpers import read_file

from catchup_notation.cli import convert as convert_module
from catchup_notation.errors import WriteError


def test_lg_to_abstractplay_and_back_keeps_the_cells(tmp_path):
    record = random_game(1)
    source = write_lg(tmp_path / "g.sgf", record)
    ap = tmp_path / "g.apjson"
    result = run("convert", str(source), "--to", "abstractplay", "-o", str(ap))
    assert result.exit_code == 0, result.output
    back = tmp_path / "back.sgf"
    assert run("convert", str(ap), "--to", "lg", "-o", str(back)).exit_code == 0
    (item,) = read_file(back)
    assert [set(t.cells) for t in item.record.turns] == [set(t.cells) for t in record.turns]


def test_to_stdout_and_warning_for_what_the_target_cannot_carry(tmp_path):
    from attrs import evolve

    record = evolve(random_game(2, turns=6), players=("alice", "bob"), headers={"EV": "catchup.ch.1"})
    source = write_lg(tmp_path / "g.sgf", record)
    result = run("convert", str(source), "--to", "genius")
    assert result.exit_code == 0
    assert result.stdout.strip()
    # Whatever genius cannot carry (e.g. the LG event header) is named on stderr, not dropped silently.
    assert "warning" in result.stderr


def test_failing_writer_leaves_no_output_file(tmp_path, monkeypatch):
    source = write_lg(tmp_path / "g.sgf", random_game(3))
    out = tmp_path / "out.apjson"
    out.write_text("previous contents", encoding="utf-8")

    def broken_writer(records, to, out):
        out.write("half a record")  # a writer that fails part-way
        raise WriteError("this writer fails", code="test")

    monkeypatch.setattr(convert_module.formats, "write", broken_writer)
    result = run("convert", str(source), "--to", "abstractplay", "-o", str(out))
    assert result.exit_code == 1
    assert out.read_text(encoding="utf-8") == "previous contents"
    assert {p.name for p in tmp_path.iterdir()} == {"g.sgf", "out.apjson"}


def test_failure_while_writing_the_file_leaves_the_old_one(tmp_path, monkeypatch):
    source = write_lg(tmp_path / "g.sgf", random_game(3))
    out = tmp_path / "out.sgf"
    out.write_text("old", encoding="utf-8")
    import os

    def no_rename(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_rename)
    result = run("convert", str(source), "--to", "lg", "-o", str(out))
    assert result.exit_code == 3
    assert out.read_text(encoding="utf-8") == "old"
    assert {p.name for p in tmp_path.iterdir()} == {"g.sgf", "out.sgf"}  # no temporary left behind


def test_unreadable_input_writes_nothing_and_exits_3(tmp_path):
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    out = tmp_path / "out.apjson"
    result = run("convert", str(broken), "--to", "abstractplay", "-o", str(out))
    assert result.exit_code == 3
    assert not out.exists()


@pytest.mark.parametrize("args", [["--to", "pgn"], [], ["--to", "lg", "--variant", "auto"]])
def test_usage_errors_exit_2(tmp_path, args):
    source = write_lg(tmp_path / "g.sgf", random_game(4, turns=4))
    assert run("convert", str(source), *args).exit_code == 2
