"""`catchup convert FOLDER -o OUT/`: a file per input file, the tree kept, each written atomically,
never over an input, a bad record never stopping the others; zip members' paths kept; a file per
game for a notation that holds one game a file."""

from __future__ import annotations

import gzip
import json
import os
import zipfile

import pytest
from cli_records import random_game, run, write_lg
from helpers import read_file

from catchup_notation.cli.convert_tree import ending, renamed


def _tree(tmp_path):
    """in/a.sgf (two games), in/deep/er/b.sgf, in/deep/c.sgf.gz, in/deep/broken.sgf, in/notes.md."""
    folder = tmp_path / "in"
    (folder / "deep" / "er").mkdir(parents=True)
    write_lg(folder / "a.sgf", random_game(1), random_game(2, turns=9))
    write_lg(folder / "deep" / "er" / "b.sgf", random_game(3, turns=5))
    packed = write_lg(tmp_path / "c.sgf", random_game(4, turns=7))
    (folder / "deep" / "c.sgf.gz").write_bytes(gzip.compress(packed.read_bytes()))
    (folder / "deep" / "broken.sgf").write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    (folder / "notes.md").write_text("not a record\n", encoding="utf-8")
    return folder


def _files(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def _turns(path, **options):
    return [item.record.turns for item in read_file(path, **options)]


@pytest.mark.parametrize(("slash", "jobs"), [(True, "1"), (False, "1"), (True, "2")])
def test_a_folder_to_a_folder_keeps_the_tree_and_each_record(tmp_path, slash, jobs):
    folder = _tree(tmp_path)
    out = tmp_path / "out"
    if not slash:
        out.mkdir()  # a folder that exists needs no slash
    result = run("convert", str(folder), "--to", "json", "-o", str(out) + ("/" if slash else ""), "--jobs", jobs)
    assert result.exit_code == 3, result.output  # the broken file: unreadable, the others written
    assert _files(out) == ["a.jsonl", "deep/c.jsonl.gz", "deep/er/b.jsonl"]
    assert _turns(out / "a.jsonl") == _turns(folder / "a.sgf")
    assert _turns(out / "deep" / "er" / "b.jsonl") == _turns(folder / "deep" / "er" / "b.sgf")
    assert _turns(out / "deep" / "c.jsonl.gz") == _turns(folder / "deep" / "c.sgf.gz")
    assert gzip.decompress((out / "deep" / "c.jsonl.gz").read_bytes())  # compressed as its input was
    assert "record 0 skipped, it cannot be read" in result.stderr
    assert "wrote 4 of 5 records as json to" in result.stderr and "(3 files); 1 skipped (1 unreadable)" in result.stderr


def test_each_output_file_reads_back_without_naming_its_notation(tmp_path):
    folder = _tree(tmp_path)
    (folder / "deep" / "broken.sgf").unlink()
    for target in ("lg", "json", "abstractplay", "rga"):
        out = tmp_path / f"out-{target}"
        result = run("convert", str(folder), "--to", target, "-o", f"{out}/")
        assert result.exit_code == 0, result.output
        for path in out.rglob("*.*"):
            assert all(item.record is not None for item in read_file(path)), path
            assert run("verify", str(path)).exit_code == 0
    assert ending("json") == ".jsonl" and ending("abstractplay") == ".apjson" and ending("lg") == ".sgf"


def test_the_json_summary_lists_the_files_written(tmp_path):
    folder = _tree(tmp_path)
    out = tmp_path / "out"
    result = run("convert", str(folder), "--to", "lg", "-o", f"{out}/", "--json")
    summary = json.loads(result.stdout)
    assert (summary["read"], summary["written"]) == (5, 4)
    assert sorted(summary["files"]) == sorted(str(out / name) for name in ["a.sgf", "deep/c.sgf.gz", "deep/er/b.sgf"])
    assert [note["status"] for note in summary["skipped"]] == ["unreadable"]


def test_an_output_that_is_an_input_is_refused_before_anything_is_written(tmp_path):
    folder = _tree(tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = run("convert", str(folder), "--to", "lg", "-o", str(folder))  # a.sgf would replace a.sgf
    assert result.exit_code == 2
    assert "is one of the inputs" in result.stderr and "a.sgf" in result.stderr
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    # The same folder is fine when no file to write is an input: the records are read before.
    result = run("convert", str(folder), "--to", "json", "-o", str(folder))
    assert result.exit_code == 3 and (folder / "deep" / "er" / "b.jsonl").exists()
    assert {p: p.read_bytes() for p in before} == before


def test_a_file_that_cannot_be_written_stops_only_its_own_records(tmp_path):
    folder = _tree(tmp_path)
    (folder / "deep" / "broken.sgf").unlink()
    out = tmp_path / "out"
    out.mkdir()
    (out / "deep").write_text("a file where a folder is needed", encoding="utf-8")
    result = run("convert", str(folder), "--to", "json", "-o", str(out))
    assert result.exit_code == 1, result.output
    assert _files(out) == ["a.jsonl", "deep"]
    assert (out / "deep").read_text(encoding="utf-8") == "a file where a folder is needed"
    assert "record 0 skipped, it was not written" in result.stderr and "cannot write" in result.stderr
    assert "wrote 2 of 4 records" in result.stderr and "2 skipped (2 unwritable)" in result.stderr
    assert not [p for p in out.rglob("*.tmp")]


def test_all_or_nothing_writes_no_file_and_leaves_no_folder(tmp_path):
    folder = _tree(tmp_path)
    out = tmp_path / "out"
    result = run("convert", str(folder), "--to", "json", "-o", f"{out}/", "--all-or-nothing")
    assert result.exit_code == 3 and "nothing written" in result.stderr
    assert not out.exists()
    (folder / "deep" / "broken.sgf").unlink()
    assert run("convert", str(folder), "--to", "json", "-o", f"{out}/", "--all-or-nothing").exit_code == 0
    assert _files(out) == ["a.jsonl", "deep/c.jsonl.gz", "deep/er/b.jsonl"]


def test_all_or_nothing_keeps_the_old_files_when_a_record_fails(tmp_path):
    folder = _tree(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.jsonl").write_text("old\n", encoding="utf-8")
    assert run("convert", str(folder), "--to", "json", "-o", str(out), "--all-or-nothing").exit_code == 3
    assert _files(out) == ["a.jsonl"] and (out / "a.jsonl").read_text(encoding="utf-8") == "old\n"


def test_two_inputs_that_would_meet_keep_their_whole_names(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    write_lg(folder / "a.sgf", random_game(1))
    write_lg(folder / "a.lg", random_game(2))
    write_lg(folder / "b.sgf", random_game(3))
    result = run("convert", str(folder), "--to", "json", "-o", str(tmp_path / "out") + "/")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "out") == ["a.lg.jsonl", "a.sgf.jsonl", "b.jsonl"]
    assert _turns(tmp_path / "out" / "a.lg.jsonl") == _turns(folder / "a.lg")


def _archive(path, members):
    with zipfile.ZipFile(path, "w") as archive:
        for name, record in members.items():
            archive.writestr(name, write_lg(path.parent / "member.sgf", record).read_text(encoding="utf-8"))
    (path.parent / "member.sgf").unlink()
    return path


def test_a_zip_archive_is_a_folder_whose_members_keep_their_paths(tmp_path):
    archive = _archive(tmp_path / "games.zip", {"x/a.sgf": random_game(1), "b.sgf": random_game(2)})
    out = tmp_path / "out"
    assert run("convert", str(archive), "--to", "json", "-o", f"{out}/").exit_code == 0
    assert _files(out) == ["b.jsonl", "x/a.jsonl"]
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    archive.rename(folder / "sub" / "games.zip")
    write_lg(folder / "c.sgf", random_game(3))
    assert run("convert", str(folder), "--to", "json", "-o", str(tmp_path / "o2") + "/").exit_code == 0
    assert _files(tmp_path / "o2") == ["c.jsonl", "sub/games/b.jsonl", "sub/games/x/a.jsonl"]


def test_a_zip_member_never_escapes_the_output_folder(tmp_path):
    archive = _archive(tmp_path / "evil.zip", {"../../up.sgf": random_game(1), "/abs/root.sgf": random_game(2)})
    out = tmp_path / "deep" / "out"
    assert run("convert", str(archive), "--to", "json", "-o", f"{out}/").exit_code == 0
    assert _files(out) == ["abs/root.jsonl", "up.jsonl"]
    assert _files(tmp_path) == ["deep/out/abs/root.jsonl", "deep/out/up.jsonl", "evil.zip"]


def test_a_one_game_notation_gets_a_file_per_game(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    games = [random_game(1), random_game(2, turns=9), random_game(5, turns=4)]
    write_lg(folder / "three.sgf", *games)
    write_lg(folder / "one.sgf", random_game(3))
    out = tmp_path / "out"
    result = run("convert", str(folder), "--to", "genius", "-o", f"{out}/")
    assert result.exit_code == 0, result.output
    assert _files(out) == ["one.genius", "three-0.genius", "three-1.genius", "three-2.genius"]
    for index, record in enumerate(games):
        (item,) = read_file(out / f"three-{index}.genius", variant=record.variant)
        assert item.record.turns == record.turns
    assert "several" not in result.stderr


def _contents(root):
    return {name: (root / name).read_bytes() for name in _files(root)}


@pytest.mark.parametrize("target", ["json", "abstractplay", "genius"])
def test_two_workers_write_the_tree_one_process_writes(tmp_path, monkeypatch, target):
    """Every file is cut into jobs of two records, so that an input's records come from several
    jobs: each output file, the messages and the exit code are the same on one process and two."""
    from catchup_notation import batch

    monkeypatch.setattr(batch, "BIG_FILE", 1)
    monkeypatch.setattr(batch, "BATCH_RECORDS", 2)
    folder = _tree(tmp_path)
    write_lg(folder / "many.sgf", *[random_game(20 + k, turns=3 + k) for k in range(7)])
    _archive(folder / "deep" / "games.zip", {"x/a.sgf": random_game(8), "b.sgf": random_game(9, turns=6)})
    said = {}
    for jobs in ("1", "2"):
        result = run("convert", str(folder), "--to", target, "-o", str(tmp_path / f"out-{jobs}") + "/", "--jobs", jobs)
        said[jobs] = (result.exit_code, result.stderr.replace(f"out-{jobs}", "out"))
    assert said["2"] == said["1"] and said["1"][0] == 3  # the broken record: unreadable
    one = _contents(tmp_path / "out-1")
    assert _contents(tmp_path / "out-2") == one
    many = [name for name in one if name.startswith("many")]
    assert many == ([f"many-{k}.genius" for k in range(7)] if target == "genius" else [f"many{ending(target)}"])
    assert "deep/games/x/a" + ending(target) in one


def test_renamed_keeps_the_compression_and_replaces_the_notation_ending():
    assert renamed("a.sgf.gz", ".jsonl") == "a.jsonl.gz"
    assert renamed("post.txt", ".rga") == "post.rga"
    assert renamed("a.sgf", ".jsonl", whole=True) == "a.sgf.jsonl"
    assert renamed("noending", ".sgf") == "noending.sgf"


def test_a_folder_output_needs_the_notation_named(tmp_path):
    folder = _tree(tmp_path)
    result = run("convert", str(folder), "-o", str(tmp_path / "out") + "/")
    assert result.exit_code == 2 and "--to" in result.stderr
    assert not (tmp_path / "out").exists()


def test_held_files_are_put_in_place_together_or_not_at_all(tmp_path):
    from catchup_notation.writing import atomic_files

    (tmp_path / "a.txt").write_text("old a\n", encoding="utf-8")
    with atomic_files(held=True) as files:
        for name in ("a.txt", "b.txt"):
            with files.output(tmp_path / name) as stream:
                stream.write(f"new {name}\n")
        assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "old a\n"  # held until the end
        assert not (tmp_path / "b.txt").exists()
    assert [(tmp_path / n).read_text(encoding="utf-8") for n in ("a.txt", "b.txt")] == ["new a.txt\n", "new b.txt\n"]
    with pytest.raises(RuntimeError), atomic_files(held=True) as files:
        with files.output(tmp_path / "a.txt") as stream:
            stream.write("newer\n")
        raise RuntimeError("stopped")
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "new a.txt\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]  # no temporary file left


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="modes are Unix's")
def test_a_read_only_output_file_stops_only_its_own_records(tmp_path):
    folder = _tree(tmp_path)
    (folder / "deep" / "broken.sgf").unlink()
    out = tmp_path / "out"
    (out / "deep" / "er").mkdir(parents=True)
    (out / "deep" / "er" / "b.jsonl").write_text("old\n", encoding="utf-8")
    (out / "deep" / "er" / "b.jsonl").chmod(0o444)
    result = run("convert", str(folder), "--to", "json", "-o", str(out), "--jobs", "2")
    assert result.exit_code == 1, result.output
    assert (out / "deep" / "er" / "b.jsonl").read_text(encoding="utf-8") == "old\n"
    assert _files(out) == ["a.jsonl", "deep/c.jsonl.gz", "deep/er/b.jsonl"]
    source = folder / "deep" / "er" / "b.sgf"
    assert f"{source}:1:1: error[output]: record 0 skipped, it was not written" in result.stderr
    assert "read-only" in result.stderr and "1 skipped (1 unwritable)" in result.stderr
