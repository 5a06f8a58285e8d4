"""`catchup convert`: between formats, warnings, and never a half-written output file."""

from __future__ import annotations

import gzip

import pytest
from cli_records import json_lines, random_game, run, write_lg
from helpers import read_file

from catchup_notation.cli import convert_run as convert_module
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


# --- record by record ----------------------------------------------------------------------------


def _mixed_folder(tmp_path):
    """Good LG records, a broken file between them, a number-set file lg cannot hold."""
    folder = tmp_path / "in"
    folder.mkdir()
    write_lg(folder / "a.sgf", random_game(1), random_game(2, turns=9))
    (folder / "b-broken.sgf").write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    write_lg(folder / "c.sgf", random_game(3, turns=5))
    packed = write_lg(tmp_path / "c2.sgf", random_game(4, turns=7))
    (folder / "c2.sgf.gz").write_bytes(gzip.compress(packed.read_bytes()))  # compressed among the rest
    (folder / "d.numbers").write_text("S = {1, 2, 3, 4}\n<3> <2, 4> <1>\n", encoding="utf-8")
    (folder / "notes.md").write_text("not a record\n", encoding="utf-8")
    return folder


def test_every_record_that_can_be_written_is_and_each_other_is_named(tmp_path):
    folder = _mixed_folder(tmp_path)
    out = tmp_path / "out.sgf"
    result = run("convert", str(folder), "-o", str(out))  # --to told by the name
    assert result.exit_code == 3  # an unreadable input wins over a record lg cannot hold
    written = read_file(out)
    assert len(written) == 4 and all(item.record is not None for item in written)
    err = result.stderr
    assert f"{folder / 'b-broken.sgf'}:1:" in err and "record 0 skipped, it cannot be read" in err
    assert f"{folder / 'd.numbers'}:1:" in err and "error[wrong-family]: record 0 skipped, lg cannot hold it" in err
    assert f"skipped {folder / 'notes.md'}: no notation reads .md" in err
    assert "wrote 4 of 6 records as lg" in err


def test_all_or_nothing_writes_nothing_when_a_record_fails(tmp_path):
    folder = _mixed_folder(tmp_path)
    out = tmp_path / "out.sgf"
    out.write_text("old", encoding="utf-8")
    result = run("convert", str(folder), "-o", str(out), "--all-or-nothing")
    assert result.exit_code == 3 and out.read_text(encoding="utf-8") == "old"
    assert "nothing written" in result.stderr
    clean = tmp_path / "clean"
    clean.mkdir()
    write_lg(clean / "a.sgf", random_game(1))
    assert run("convert", str(clean), "-o", str(out), "--all-or-nothing").exit_code == 0
    assert len(read_file(out)) == 1


def test_the_json_summary_names_what_was_written_and_skipped(tmp_path):
    folder = _mixed_folder(tmp_path)
    out = tmp_path / "out.jsonl"
    result = run("convert", str(folder), "--to", "json", "-o", str(out), "--json")
    (summary,) = json_lines(result.stdout)
    assert summary["to"] == "json" and summary["output"] == str(out)
    assert (summary["read"], summary["written"]) == (6, 5)
    (skipped,) = summary["skipped"]
    assert skipped == {
        "source": str(folder / "b-broken.sgf"),
        "index": 0,
        "line": 1,
        "code": "bad-cell",
        "message": skipped["message"],
        "status": "unreadable",
    }
    assert all("status" not in warning for warning in summary["warnings"])
    assert result.stderr.strip().splitlines()[-1].endswith("; 1 skipped (1 unreadable)")
    assert len(read_file(out)) == 5
    assert run("convert", str(folder), "--to", "json", "--json").exit_code == 2  # stdout holds the records


def test_to_is_told_by_the_output_name_and_aliases_are_taken(tmp_path):
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    for name, fmt in (("g.apjson", "abstractplay"), ("g.genius", "genius"), ("g.jsonl", "json")):
        assert run("convert", str(source), "-o", str(tmp_path / name)).exit_code == 0
        (item,) = read_file(tmp_path / name)
        assert item.record is not None, fmt
    for alias in ("ap", "AP", "abstract-play", "sgf", "littlegolem", "post", "usenet", "jsonl", "the-genius"):
        assert run("convert", str(source), "--to", alias).exit_code == 0, alias
    ambiguous = run("convert", str(source), "-o", str(tmp_path / "g.json"))
    assert ambiguous.exit_code == 2 and "abstractplay and json" in ambiguous.output


def test_dash_is_stdout_and_writes_no_file_named_dash(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = write_lg(tmp_path / "g.sgf", random_game(1))
    result = run("convert", str(source), "--to", "json", "-o", "-")
    assert result.exit_code == 0 and json_lines(result.stdout)[0]["variant"] == "catchup(size=5)"
    assert not (tmp_path / "-").exists()


def test_an_output_inside_the_folder_read_is_refused_once_it_is_a_record_file(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    write_lg(folder / "a.sgf", random_game(1), random_game(2, turns=9))
    out = folder / "all.jsonl"
    result = run("convert", str(folder), "-o", str(out))  # not there yet: nothing to lose
    assert result.exit_code == 0 and len(read_file(out)) == 2
    before = out.read_bytes()
    result = run("convert", str(folder), "-o", str(out))  # now one of the folder's record files
    assert result.exit_code == 2 and "one of the inputs" in result.stderr
    assert out.read_bytes() == before


def test_strict_fails_a_conversion_that_drew_warnings(tmp_path):
    from attrs import evolve

    source = write_lg(tmp_path / "g.sgf", evolve(random_game(1), headers={"EV": "cup"}))
    out = tmp_path / "g.genius"
    assert run("convert", str(source), "-o", str(out)).exit_code == 0
    strict = run("convert", str(source), "-o", str(out), "--strict")
    assert strict.exit_code == 1 and "headers-dropped" in strict.stderr
