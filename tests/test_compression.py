"""Compressed archives: gzip, bzip2, xz and zip read as they are (told by their first bytes), held
to a bound against decompression bombs, and outputs written compressed by their name."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import subprocess
import sys
import zipfile

import pytest
from cli_records import json_lines, random_game, run, write_lg

import catchup_notation as cn
from catchup_notation import compression
from catchup_notation.formats import write_text

COMPRESS = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress}
MAGIC = {".gz": b"\x1f\x8b", ".bz2": b"BZh", ".xz": b"\xfd7zXZ\x00"}


def lg_text(*records):
    return write_text(records, "lg")[0].encode("utf-8")


@pytest.fixture
def text():
    return lg_text(random_game(1), random_game(2, turns=9))


@pytest.mark.parametrize("ending", [".gz", ".bz2", ".xz"])
def test_a_compressed_file_reads_as_its_text(tmp_path, text, ending):
    plain = tmp_path / "g.sgf"
    plain.write_bytes(text)
    packed = tmp_path / f"g.sgf{ending}"
    packed.write_bytes(COMPRESS[ending](text))
    expected = [g.record for g in cn.read(plain)]
    games = list(cn.read(packed))
    assert [g.record for g in games] == expected and len(expected) == 2
    assert all(g.format == "lg" and g.source.file == str(packed) for g in games)
    # told by its bytes, not its name: a misnamed file, and a name that says nothing
    misnamed = tmp_path / "misnamed.sgf"
    misnamed.write_bytes(COMPRESS[ending](text))
    nameless = tmp_path / f"games{ending}"
    nameless.write_bytes(COMPRESS[ending](text))
    assert [g.record for g in cn.read(misnamed)] == expected == [g.record for g in cn.read(nameless)]
    with open(packed, "rb") as stream:  # an open binary stream too
        assert [g.record for g in cn.read(stream)] == expected


def test_a_zip_archive_reads_every_member_named_after_it(tmp_path, text):
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("one/a.sgf", text)
        z.writestr("b.sgf.gz", gzip.compress(text))
        z.writestr("notes.md", "# notes")
        z.writestr("inner.zip", b"PK\x05\x06" + bytes(18))
    games = list(cn.read(archive))
    assert [g.source.file for g in games] == [f"{archive}:one/a.sgf"] * 2 + [f"{archive}:b.sgf.gz"] * 2
    result = run("verify", str(archive))
    assert result.exit_code == 0 and f"{archive}:one/a.sgf:1:1: ok" in result.stdout
    assert f"skipped {archive}:notes.md: no notation reads .md" in result.stderr
    assert f"skipped {archive}:inner.zip: a zip archive inside a zip archive" in result.stderr


def test_a_folder_holds_compressed_records_and_archives(tmp_path, text):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a.sgf.gz").write_bytes(gzip.compress(text))
    (folder / "b.xz").write_bytes(lzma.compress(text))  # no ending under it: read if its text is a notation's
    (folder / "c.gz").write_bytes(gzip.compress(b"just some notes\n"))
    with zipfile.ZipFile(folder / "d.zip", "w") as z:
        z.writestr("d.sgf", text)
    result = run("verify", str(folder), "--json")
    sources = [r["source"] for r in json_lines(result.stdout)]
    assert sources == [str(folder / "a.sgf.gz")] * 2 + [str(folder / "b.xz")] * 2 + [f"{folder / 'd.zip'}:d.sgf"] * 2
    assert f"skipped {folder / 'c.gz'}: no notation recognises its text" in result.stderr
    assert run("verify", str(folder), "--json", "--jobs", "2").stdout == result.stdout


@pytest.mark.parametrize("kind", ["gzip", "zip"])
def test_standard_input_may_be_compressed(text, kind):
    if kind == "gzip":
        given = gzip.compress(text)
    else:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as z:
            z.writestr("a.sgf", text)
        given = buffer.getvalue()
    result = run("verify", "-", "--json", input=given)
    assert result.exit_code == 0
    sources = {r["source"] for r in json_lines(result.stdout)}
    assert sources == ({"<stdin>"} if kind == "gzip" else {"<stdin>:a.sgf"})


def test_a_decompression_bomb_is_a_limit_error_and_nothing_else_is_lost(tmp_path, monkeypatch, text):
    monkeypatch.setattr(compression, "FLOOR", 1 << 20)  # the bound of small inputs, made small
    bomb = tmp_path / "a-bomb.sgf.gz"
    bomb.write_bytes(gzip.compress(text + b" " * (8 << 20) + text, compresslevel=9))
    after = write_lg(tmp_path / "b.sgf", random_game(3))
    result = run("verify", str(bomb), str(after), "--json")
    reports = json_lines(result.stdout)
    assert result.exit_code == 3
    assert [r["valid"] for r in reports] == [True, True, False, True]  # read up to the bound, then the next file
    assert reports[2]["error"]["code"] == "limit" and "decompression bomb" in reports[2]["error"]["message"]
    # a zip member is bounded by its declared size, before it is opened
    archive = tmp_path / "c.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("big.sgf", b" " * (8 << 20))
        z.writestr("fine.sgf", text)
    reports = json_lines(run("verify", str(archive), "--json").stdout)
    assert [(r["source"].rsplit(":", 1)[1], r["valid"]) for r in reports] == [
        ("big.sgf", False),
        ("fine.sgf", True),
        ("fine.sgf", True),
    ]
    assert reports[0]["error"]["code"] == "limit"


def test_damaged_compressed_data_is_a_compression_error(tmp_path, text):
    cut = tmp_path / "cut.sgf.gz"
    cut.write_bytes(gzip.compress(text)[:-30])
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"PK\x03\x04" + b"not an archive")
    reports = json_lines(run("verify", str(cut), str(bad), "--json").stdout)
    assert [r["error"]["code"] for r in reports if r["error"]] == ["compression", "compression"]


@pytest.mark.parametrize("ending", [".gz", ".bz2", ".xz"])
@pytest.mark.parametrize("tail", [b"GARBAGE", b"\0\0\0\0garbage", b"x"])
def test_bytes_after_the_compressed_data_are_damage_for_every_kind(tmp_path, text, ending, tail):
    source = tmp_path / f"tail.sgf{ending}"
    source.write_bytes(COMPRESS[ending](text) + tail)
    result = run("verify", str(source), "--json")
    assert result.exit_code == 3
    reports = json_lines(result.stdout)
    assert reports[-1]["error"]["code"] == "compression"
    assert [r["valid"] for r in reports[:-1]] == [True, True]  # what came before the damage is read


@pytest.mark.parametrize("ending", [".gz", ".bz2", ".xz"])
def test_streams_one_after_the_other_are_one_input(tmp_path, text, ending):
    source = tmp_path / f"two.sgf{ending}"
    source.write_bytes(COMPRESS[ending](text) + COMPRESS[ending](text) + (b"\0" * 8 if ending == ".xz" else b""))
    result = run("verify", str(source), "--json")
    assert result.exit_code == 0 and len(json_lines(result.stdout)) == 4


def test_xz_padding_must_come_in_fours(tmp_path, text):
    source = tmp_path / "pad.sgf.xz"
    source.write_bytes(lzma.compress(text) + b"\0\0")
    assert run("verify", str(source)).exit_code == 3


@pytest.mark.parametrize("ending", [".gz", ".bz2", ".xz"])
def test_outputs_named_compressed_are_written_compressed(tmp_path, text, ending):
    source = tmp_path / "g.sgf"
    source.write_bytes(text)
    out = tmp_path / f"all.jsonl{ending}"
    assert run("convert", str(source), "-o", str(out)).exit_code == 0
    assert out.read_bytes().startswith(MAGIC[ending])
    assert [g.record for g in cn.read(out)] == [g.record for g in cn.read(source)]
    report = tmp_path / f"report.csv{ending}"
    assert run("verify", str(source), "-o", str(report)).exit_code == 0
    assert report.read_bytes().startswith(MAGIC[ending])
    game = next(cn.read(source))
    written = game.write(tmp_path / f"one.sgf{ending}")
    assert written.format == "lg" and (tmp_path / f"one.sgf{ending}").read_bytes().startswith(MAGIC[ending])
    assert next(cn.read(tmp_path / f"one.sgf{ending}")).record == game.record


def test_a_failed_compressed_write_leaves_the_old_file(tmp_path, monkeypatch, text):
    source = tmp_path / "g.sgf"
    source.write_bytes(text)
    out = tmp_path / "out.sgf.gz"
    out.write_bytes(b"old")
    monkeypatch.setattr("os.replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    assert run("convert", str(source), "-o", str(out)).exit_code == 3
    assert out.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["g.sgf", "out.sgf.gz"]


def test_a_python_built_without_bz2_or_lzma_refuses_those_kinds_alone(tmp_path, monkeypatch, text):
    """CPython may be built without bz2 or lzma (Pyodide, the browser page's Python, ships lzma
    apart): importing the library needs neither, and only the kind whose module is missing is
    refused, with an error that says why."""
    files = {"g.sgf": text, **{f"g.sgf{ending}": compress(text) for ending, compress in COMPRESS.items()}}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    script = (
        "import sys\n"
        "sys.modules['bz2'] = sys.modules['lzma'] = None  # as a Python built without them\n"
        "import catchup_notation as cn\n"
        "print(len([g for g in cn.read(sys.argv[1]) if g.readable]))\n"
    )
    probe = subprocess.run([sys.executable, "-c", script, str(tmp_path / "g.sgf")], capture_output=True, text=True)
    assert (probe.returncode, probe.stdout, probe.stderr) == (0, "2\n", "")

    monkeypatch.setitem(sys.modules, "lzma", None)
    result = run("verify", str(tmp_path), "--json")
    assert result.exit_code == 3
    reports = json_lines(result.stdout)
    read = [r["source"].rsplit("/", 1)[1] for r in reports if r["error"] is None]
    assert read == ["g.sgf", "g.sgf", "g.sgf.bz2", "g.sgf.bz2", "g.sgf.gz", "g.sgf.gz"]
    (refused,) = [r for r in reports if r["error"] is not None]
    assert refused["source"].endswith("g.sgf.xz") and refused["error"]["code"] == "compression"
    assert refused["error"]["message"] == "xz data needs Python's lzma module, which this Python was built without"
    out = tmp_path / "all.jsonl.xz"
    written = run("convert", str(tmp_path / "g.sgf"), "-o", str(out))
    assert written.exit_code == 3 and "lzma module" in written.output and not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)  # no temporary file left
