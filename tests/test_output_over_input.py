"""An output file that is one of the inputs is refused before anything is read or written (exit 2,
the input untouched), however it is named: the same path, a symlink, a hard link, a file inside
a folder read, a zip archive read; and a path that does not exist is a usage error, not a record."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest
from cli_records import random_game, run, write_lg

COMMANDS = [
    ("verify",),
    ("adjudicate",),
    ("convert", "--to", "json"),
    ("view",),
]


def archive(tmp_path: Path) -> Path:
    return write_lg(tmp_path / "games.sgf", random_game(1), random_game(2))


def refused(args: list[str], victim: Path) -> None:
    before = victim.read_bytes()
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "one of the inputs" in result.stderr
    assert victim.read_bytes() == before


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_the_input_itself(tmp_path, command):
    source = archive(tmp_path)
    refused([*command, str(source), "-o", str(source)], source)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_symlink_to_the_input(tmp_path, command):
    source = archive(tmp_path)
    link = tmp_path / "link.txt"
    link.symlink_to(source.name)
    refused([*command, str(source), "-o", str(link)], source)
    assert link.is_symlink()


def test_a_hard_link_to_an_input_named_second(tmp_path):
    source = archive(tmp_path)
    other = write_lg(tmp_path / "other.sgf", random_game(3))
    linked = tmp_path / "same.sgf"
    os.link(source, linked)
    refused(["adjudicate", str(other), str(source), "-o", str(linked)], source)


def test_a_record_file_inside_a_folder_read(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    inner = write_lg(folder / "deep.sgf", random_game(4))
    refused(["verify", str(folder), "-o", str(inner)], inner)


def test_the_zip_archive_read(tmp_path):
    zipped = tmp_path / "games.zip"
    with zipfile.ZipFile(zipped, "w") as out:
        out.writestr("a.sgf", archive(tmp_path).read_text())
    refused(["convert", str(zipped), "--to", "lg", "-o", str(zipped)], zipped)


def test_show_picture_over_its_record(tmp_path):
    source = archive(tmp_path)
    refused(["show", str(source), "--svg", str(source)], source)


def test_a_new_output_beside_the_input_is_written(tmp_path):
    source = archive(tmp_path)
    out = tmp_path / "report.txt"
    result = run("verify", str(source), "-o", str(out))
    assert result.exit_code == 0 and "2 records read" in result.stderr and out.exists()


@pytest.mark.parametrize(
    "args", [("verify",), ("adjudicate",), ("convert", "--to", "json"), ("show",), ("solve",)], ids=lambda a: a[0]
)
def test_a_missing_path_is_a_usage_error(tmp_path, args):
    result = run(*args, str(tmp_path / "nosuch.sgf"))
    assert result.exit_code == 2
    assert "nosuch.sgf: no such file or folder" in result.stderr
    assert "record" not in result.stderr  # not counted as a record read


def test_view_of_a_missing_path_writes_nothing(tmp_path):
    page = tmp_path / "x.html"
    result = run("view", str(tmp_path / "nosuch.sgf"), "-o", str(page))
    assert result.exit_code == 2 and not page.exists()
