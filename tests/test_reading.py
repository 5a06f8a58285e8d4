"""Reading: format detection, decoding in one place, streaming, every kind of source."""

import io

import pytest

import catchup_notation as cn
from catchup_notation.errors import NotationError
from catchup_notation.formats import decoding, detect, parse_text, write_text

GAME = "(;FF[4]PB[b]PW[w]SZ[5];W[E5];B[D4F6])"


def test_detect_by_extension_then_content():
    assert detect("a.sgf") == "lg"
    assert detect("a.jsonl") == "json"
    assert detect("a.json", '{"header": {}, "moves": []}') == "abstractplay"
    assert detect("a.json", '{"variant": "catchup"}') == "json"
    assert detect("a.txt", "\ufeff(;FF[4])") == "lg"
    assert detect(None, "Red: E5\nBlue: D4 F6\n") == "genius"
    with pytest.raises(NotationError) as info:
        detect("a.xyz", "")
    assert info.value.code == "unknown-format"


def test_parse_text_detects_and_normalises_line_ends():
    (item,) = parse_text("\ufeff" + GAME.replace(";B", "\r\n;B"), source="x.sgf")
    assert item.record.turns[1].at.line == 2


def test_unknown_format_and_variant_names_are_errors_at_once():
    with pytest.raises(NotationError):
        cn.read_text(GAME, format="nope")
    with pytest.raises(cn.VariantError):
        cn.read_text(GAME, variant="nope")


def test_streaming_large_collection_in_small_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(decoding, "CHUNK", 7)  # games, values and CRLF cut at every possible place
    path = tmp_path / "many.sgf"
    path.write_bytes(("\r\n".join(GAME.replace("b]", f"b{i}]") for i in range(50)) + "\r\n").encode())
    games = list(cn.read(path))
    assert len(games) == 50 and all(g.readable for g in games)
    assert [g.record.players[1] for g in games][:3] == ["b0", "b1", "b2"]
    assert [g.record.at.line for g in games] == list(range(1, 51))
    assert [g.source.line for g in games] == list(range(1, 51))


def test_multi_byte_characters_cut_by_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(decoding, "CHUNK", 3)
    path = tmp_path / "names.sgf"
    path.write_text(GAME.replace("PB[b]", "PB[Zoë ⟨Ω⟩]"), encoding="utf-8")
    (game,) = cn.read(path)
    assert game.record.players[1] == "Zoë ⟨Ω⟩"


def test_jsonl_streams_line_by_line(tmp_path, monkeypatch):
    monkeypatch.setattr(decoding, "CHUNK", 5)
    (record,) = [i.record for i in parse_text(GAME, format="lg")]
    text, _ = write_text([record] * 3, "json")
    path = tmp_path / "r.jsonl"
    path.write_text(text)
    assert [g.record for g in cn.read(path)] == [record] * 3


def test_undecodable_whole_file_format(tmp_path):
    path = tmp_path / "g.genius"
    path.write_bytes(b"E5\n\xff\n")
    (game,) = cn.read(path)
    assert not game.readable
    assert game.reading_error.code == "encoding" and game.reading_error.byte_offset == 3
    assert game.errors == (game.reading_error,)


def test_streams_text_and_binary():
    (from_text,) = cn.read(io.StringIO(GAME))
    (from_bytes,) = cn.read(io.BytesIO(GAME.encode()))
    assert from_text.record == from_bytes.record
    assert from_text.format == "lg" and len(from_text.record.turns) == 2


def test_a_missing_file_is_one_unreadable_game(tmp_path):
    (game,) = cn.read(tmp_path / "nope.sgf")
    assert game.reading_error.code == "io" and "nope.sgf" in str(game.reading_error)


def test_directories_hold_record_files_only(tmp_path):
    (tmp_path / "a.sgf").write_text(GAME)
    (tmp_path / "notes.txt").write_text("just some notes\n")
    (tmp_path / "post.txt").write_text(GAME)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.sgf").write_text(GAME)
    names = [g.source.file for g in cn.read(tmp_path)]
    assert names == [str(tmp_path / "a.sgf"), str(tmp_path / "post.txt"), str(tmp_path / "sub" / "b.sgf")]


def test_write_file_is_atomic_and_keeps_nothing_behind(tmp_path):
    (game,) = cn.read_text(GAME, source="g.sgf")
    out = tmp_path / "out.jsonl"
    written = game.write(out)
    assert written.format == "json" and written.warnings == () and out.read_text(encoding="utf-8") == written.text
    (back,) = cn.read(out)
    assert back.record == game.record
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
