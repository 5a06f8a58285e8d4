"""The rename-based writer on targets a careful Unix tool would not silently replace, one named
test per case: a read-only file, a file of another user, a hard-linked file (refused before
anything is written, the target untouched), a file whose owner can be kept (kept); a killed run's
temporary file is removed even when the target's name holds glob characters; an interruption as
the temporary file is made leaves none. And integers of a record in ASCII digits alone."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest
from cli_records import run
from hypothesis import given
from hypothesis import strategies as st

import catchup_notation as cn
from catchup_notation.errors import VariantError
from catchup_notation.rules.registry import parse_variant
from catchup_notation.writing import OutputError, Spool, atomic_files, write_file

unix = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="owners and modes are Unix's")
GAME = "(;FF[4]SZ[5];W[E5];B[D4F6])\n"


def target(tmp_path: Path, mode: int = 0o644) -> Path:
    path = tmp_path / "out.jsonl"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(mode)
    return path


def as_user(monkeypatch: pytest.MonkeyPatch, uid: int, gid: int, groups: tuple[int, ...] = ()) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: uid)
    monkeypatch.setattr(os, "getegid", lambda: gid)
    monkeypatch.setattr(os, "getgroups", lambda: list(groups))


def users_file(path: Path) -> tuple[int, int]:
    """The (uid, gid) of `path`, made a user's other than root's when run as root (root may
    replace anything: the checks are for the others)."""
    info = path.stat()
    if info.st_uid == 0:
        os.chown(path, 1000, 1000)
        return 1000, 1000
    return info.st_uid, info.st_gid


@unix
def test_a_read_only_target_is_refused_and_left_as_it_was(tmp_path):
    path = target(tmp_path, 0o444)
    with pytest.raises(OutputError, match=r"read-only \(mode 0444\)"):
        write_file(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]  # no temporary file left


@unix
def test_the_command_line_refuses_a_read_only_output_with_exit_3(tmp_path):
    source = tmp_path / "g.sgf"
    source.write_text(GAME, encoding="utf-8")
    path = target(tmp_path, 0o444)
    result = run("convert", str(source), "--to", "json", "-o", str(path))
    assert result.exit_code == 3
    assert "read-only" in result.output
    assert path.read_text(encoding="utf-8") == "old\n"


@unix
def test_a_file_without_its_owners_write_permission_is_read_only_to_its_owner(tmp_path, monkeypatch):
    path = target(tmp_path, 0o466)  # others may write; its owner may not
    as_user(monkeypatch, *users_file(path))
    with pytest.raises(OutputError, match="read-only"):
        write_file(path, "new\n")


@unix
def test_a_file_of_another_user_is_refused(tmp_path, monkeypatch):
    path = target(tmp_path, 0o666)
    uid, gid = users_file(path)
    as_user(monkeypatch, uid + 1, gid)
    with pytest.raises(OutputError, match="belongs to another user"):
        write_file(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"


@unix
def test_a_file_of_a_group_not_ones_own_is_refused(tmp_path, monkeypatch):
    path = target(tmp_path, 0o666)
    uid, gid = users_file(path)
    as_user(monkeypatch, uid, gid + 1)
    with pytest.raises(OutputError, match="group"):
        write_file(path, "new\n")


@unix
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() != 0, reason="only root can give a file away")
def test_root_replacing_a_users_file_keeps_its_owner_group_and_mode(tmp_path):
    path = target(tmp_path, 0o640)
    os.chown(path, 4321, 4322)
    write_file(path, "new\n")
    info = path.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (4321, 4322, 0o640)
    assert path.read_text(encoding="utf-8") == "new\n"


@unix
def test_a_hard_linked_target_is_refused_so_that_no_link_splits_silently(tmp_path):
    path = target(tmp_path)
    other = tmp_path / "other-name.jsonl"
    os.link(path, other)
    with pytest.raises(OutputError, match="1 other hard link"):
        write_file(path, "new\n")
    assert path.read_text(encoding="utf-8") == other.read_text(encoding="utf-8") == "old\n"
    assert path.stat().st_ino == other.stat().st_ino


def test_a_killed_runs_temporary_file_is_removed_when_the_name_holds_glob_characters(tmp_path):
    path = tmp_path / "g[1].jsonl"
    dead = 2**22 + 12345  # above any pid this system hands out
    leftover = tmp_path / f".g[1].jsonl.catchup-{dead}.abcd1234.tmp"
    leftover.write_text("half", encoding="utf-8")
    write_file(path, "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g[1].jsonl"]


def test_files_written_together_list_their_folder_once_and_remove_what_killed_runs_left(tmp_path, monkeypatch):
    """Many files into one folder (convert -o FOLDER/): the folder is listed once, not once a file
    (which takes time growing with the square of their number), and each file's leftovers from a
    killed run are removed all the same, a live run's kept."""
    dead, alive = 2**22 + 12345, os.getpid()
    names = [f"g{k}.genius" for k in range(5)]
    for name in names[1:4]:
        (tmp_path / f".{name}.catchup-{dead}.abcd1234.tmp").write_text("half", encoding="utf-8")
    kept = tmp_path / f".{names[4]}.catchup-{alive}.abcd1234.tmp"
    kept.write_text("someone's", encoding="utf-8")
    listed = []
    listdir = os.listdir
    monkeypatch.setattr(os, "listdir", lambda folder: listed.append(folder) or listdir(folder))
    with atomic_files() as files:
        for name in names:
            with files.output(tmp_path / name) as out:
                out.write(name)
    assert listed == [tmp_path]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names, kept.name])
    assert [(tmp_path / name).read_text(encoding="utf-8") for name in names] == names


def test_an_interruption_as_the_temporary_file_is_made_leaves_no_file(tmp_path, monkeypatch):
    # Ctrl-C landing just after the file exists but before the writer holds it (a signal is run by
    # the main thread whichever thread caught it, so no signal mask can close this window)
    path = target(tmp_path)
    made = os.open

    def interrupted(name, flags, mode=0o777, **kwargs):
        made(name, flags, mode, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "open", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_file(path, "new\n")
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]
    assert path.read_text(encoding="utf-8") == "old\n"


@pytest.mark.parametrize("size", ["5_0", "\u0665", "\uff15", "\u0035\u0301"])
def test_a_board_side_is_read_in_ascii_digits_alone(size):
    (game,) = cn.read_text(f"(;FF[4]SZ[{size}];W[E5])\n", format="lg")
    assert game.reading_error is not None and game.reading_error.code == "bad-size"


@pytest.mark.parametrize("variant", ["catchup(size=5_0)", "catchup(size=\u0665)", "catch-up(set=1..1\uff10)"])
def test_a_variant_string_reads_ascii_digits_alone(variant):
    with pytest.raises(VariantError):
        parse_variant(variant)


def test_cells_and_numbers_of_records_read_ascii_digits_alone():
    (genius,) = cn.read_text("Red: E\u0665\n", format="genius")
    assert genius.reading_error is not None
    numbers = list(cn.read_text("S = {1, 2, \u0663}\n<1>\n", format="numbers"))
    assert numbers[0].reading_error is not None


@given(st.lists(st.text(max_size=40), max_size=30), st.integers(0, 200))
def test_a_spool_delivers_what_was_written_in_memory_or_in_its_file(pieces, limit):
    """What a spool holds comes out whole and in order, however much went to its file; closed, its
    file is gone."""
    target = io.StringIO()
    with Spool(limit) as spool:
        for piece in pieces:
            assert spool.write(piece) == len(piece)
        assert (spool.file is not None) == (sum(map(len, pieces)) > limit)
        spool.deliver(target)
        held = spool.file
    assert target.getvalue() == "".join(pieces)
    assert held is None or held.closed
