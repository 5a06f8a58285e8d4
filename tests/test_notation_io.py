"""read_text / read_path / detect_format / write_records / convert / write_atomically."""

import pytest

import catchup_notation.formats.io_old as io
from catchup_notation.errors import NotationError
from catchup_notation.formats import convert, detect_format, read_path, read_text, write_atomically, write_records

GAME = "(;FF[4]PB[b]PW[w]SZ[5];W[E5];B[D4F6])"


def test_detect_by_extension_then_content():
    assert detect_format("a.sgf") == "lg"
    assert detect_format("a.jsonl") == "json"
    assert detect_format("a.json", '{"header": {}, "moves": []}') == "abstractplay"
    assert detect_format("a.json", '{"variant": "catchup"}') == "json"
    assert detect_format("a.txt", "\ufeff(;FF[4])") == "lg"
    assert detect_format(None, "Red: E5\nBlue: D4 F6\n") == "genius"
    with pytest.raises(NotationError) as info:
        detect_format("a.xyz", "")
    assert info.value.code == "unknown-format"


def test_read_text_detects_and_normalises_line_ends():
    (item,) = read_text("\ufeff" + GAME.replace(";B", "\r\n;B"), source="x.sgf")
    assert item.record.turns[1].at.line == 2


def test_unknown_format_name():
    with pytest.raises(NotationError):
        list(read_text(GAME, format="nope"))


def test_streaming_large_collection_in_small_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(io, "CHUNK", 7)  # games, values and CRLF cut at every possible place
    path = tmp_path / "many.sgf"
    path.write_bytes(("\r\n".join(GAME.replace("b]", f"b{i}]") for i in range(50)) + "\r\n").encode())
    items = list(read_path(path))
    assert len(items) == 50 and all(i.record is not None for i in items)
    assert [i.record.players[1] for i in items][:3] == ["b0", "b1", "b2"]
    assert [i.record.at.line for i in items] == list(range(1, 51))


def test_jsonl_streams_line_by_line(tmp_path, monkeypatch):
    monkeypatch.setattr(io, "CHUNK", 5)
    (record,) = [i.record for i in read_text(GAME, format="lg")]
    text, _ = write_records([record] * 3, "json")
    path = tmp_path / "r.jsonl"
    path.write_text(text)
    assert [i.record for i in read_path(path)] == [record] * 3


def test_undecodable_whole_file_format(tmp_path):
    path = tmp_path / "g.genius"
    path.write_bytes(b"E5\n\xff\n")
    (item,) = read_path(path)
    assert item.error.code == "encoding" and item.error.byte_offset == 3


def test_convert_and_atomic_write(tmp_path):
    source = tmp_path / "in.sgf"
    source.write_text(GAME + "\n(;W[E5];B[?])\n")
    out = tmp_path / "out.jsonl"
    result = convert(source, "json", output=out)
    assert len(result.records) == 1 and len(result.failed) == 1
    assert out.read_text() == result.text
    back = list(read_path(out))
    assert back[0].record == result.records[0]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_write_atomically_replaces(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old")
    write_atomically(path, "new\n")
    assert path.read_text() == "new\n"
