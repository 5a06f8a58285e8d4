"""`catchup verify`: text and JSON output, every exit code, --variant auto, --jobs order, stdin."""

from __future__ import annotations

import pytest
from cli_records import json_lines, occupied_game, random_game, run, write_lg

VERIFY_FIELDS = {
    "source",
    "index",
    "line",
    "format",
    "variant",
    "players",
    "status",
    "valid",
    "turns",
    "error",
    "warnings",
}
ERROR_FIELDS = {"code", "turn", "player", "cells", "line", "column", "message"}


@pytest.fixture
def files(tmp_path):
    good = write_lg(tmp_path / "good.sgf", random_game(1), random_game(2, turns=9))
    bad = write_lg(tmp_path / "bad.sgf", occupied_game())
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])\n", encoding="utf-8")
    return {"good": good, "bad": bad, "broken": broken, "dir": tmp_path}


def test_valid_records_exit_0_with_one_line_each_and_a_summary(files):
    result = run("verify", str(files["good"]))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith(f"{files['good']}:1:1: ok: ")
    assert "catchup(size=5)" in lines[0]
    assert lines[-1] == "2 records read: 2 valid, 0 invalid, 0 unreadable"


def test_json_fields_for_a_valid_record(files):
    result = run("verify", str(files["good"]), "--json")
    assert result.exit_code == 0
    first, second = json_lines(result.stdout)
    assert set(first) == VERIFY_FIELDS
    assert first == {
        "source": str(files["good"]),
        "index": 0,
        "line": 1,
        "format": "lg",
        "variant": "catchup(size=5)",
        "players": [None, None],
        "status": "valid",
        "valid": True,
        "turns": len(random_game(1).turns),
        "error": None,
        "warnings": [],
    }
    assert second["index"] == 1 and second["turns"] == 9


def test_rule_error_exits_1_and_names_turn_player_cells_and_position(files):
    result = run("verify", str(files["bad"]), "--json")
    assert result.exit_code == 1
    (record,) = json_lines(result.stdout)
    assert record["valid"] is False and record["turns"] == 6
    error = record["error"]
    assert set(error) == ERROR_FIELDS
    assert error["code"] == "occupied" and error["turn"] == 5 and error["player"] == 1
    assert len(error["cells"]) == 1 and error["cells"][0][0] in "ABCDEFGHI"  # an LG cell name
    assert error["line"] == 1 and error["column"] > 1
    assert error["cells"][0] in error["message"]


def test_rule_error_text_is_file_line_col(files):
    result = run("verify", str(files["bad"]))
    assert result.exit_code == 1
    assert f"{files['bad']}:1:" in result.output
    assert "error[occupied]: turn 5, White" in result.output
    assert "1 records read: 0 valid, 1 invalid, 0 unreadable" in result.output.replace("1 record ", "1 records ")


def test_syntax_error_exits_3_with_position_and_caret(files):
    result = run("verify", str(files["broken"]))
    assert result.exit_code == 3
    assert f"{files['broken']}:1:" in result.output and "^" in result.output
    (record,) = json_lines(run("verify", str(files["broken"]), "--json").stdout)
    assert record["valid"] is False and record["turns"] is None and record["variant"] is None
    assert record["error"]["line"] == 1 and record["error"]["column"] is not None
    assert record["error"]["turn"] is None and record["error"]["code"]


def test_unreadable_wins_over_broken_rules(files):
    result = run("verify", str(files["bad"]), str(files["broken"]), str(files["good"]))
    assert result.exit_code == 3
    assert result.output.splitlines()[-1] == "4 records read: 2 valid, 1 invalid, 1 unreadable"


def test_unreadable_and_undecodable_files_exit_3(tmp_path):
    result = run("verify", str(tmp_path / "nowhere.sgf"), "--json")
    assert result.exit_code == 2 and not result.stdout  # a missing path is a usage error, not a record
    latin = tmp_path / "latin.sgf"
    latin.write_bytes(b"(;FF[4]PW[J\xf6rg]SZ[5];W[E5])")
    result = run("verify", str(latin), "--json")
    assert result.exit_code == 3
    assert json_lines(result.stdout)[0]["error"]["code"] == "encoding"


def test_usage_errors_exit_2(files):
    assert run("verify").exit_code == 2
    assert run("verify", str(files["good"]), "--variant", "chess").exit_code == 2
    assert run("verify", str(files["good"]), "--format", "pgn").exit_code == 2
    assert run("verify", str(files["good"]), "--jobs", "0").exit_code == 2


def test_variant_auto_lists_accepting_variants(files):
    result = run("verify", str(files["good"]), "--variant", "auto", "--json")
    assert result.exit_code == 0
    records = json_lines(result.stdout)
    assert all(set(r) == VERIFY_FIELDS | {"accepted_by"} for r in records)
    assert "catchup(size=5)" in records[0]["accepted_by"]
    assert records[0]["variant"] == "catchup(size=5)"
    # A short opening is legal under more rule sets than a whole catchup game.
    assert len(records[1]["accepted_by"]) >= len(records[0]["accepted_by"])


def test_explicit_variant_replays_under_it(tmp_path):
    ketchup = write_lg(tmp_path / "k.sgf", random_game(4, "ketchup-3"))
    assert run("verify", str(ketchup), "--variant", "ketchup-3").exit_code == 0
    (record,) = json_lines(run("verify", str(ketchup), "--variant", "ketchup-3", "--json").stdout)
    assert record["variant"] == "ketchup-3(size=5)" and record["valid"]


def test_directories_are_searched_recursively_and_stdin_is_read(files, tmp_path):
    nested = tmp_path / "deeper" / "still"
    nested.mkdir(parents=True)
    write_lg(nested / "more.sgf", random_game(3))
    (tmp_path / "notes.md").write_text("not a record")  # unknown extension: skipped in directories
    result = run("verify", str(tmp_path), "--json")
    sources = {r["source"] for r in json_lines(result.stdout)}
    assert str(nested / "more.sgf") in sources and str(files["good"]) in sources
    assert not any(s.endswith("notes.md") for s in sources)

    piped = run("verify", "-", "--format", "lg", "--json", input=files["good"].read_bytes())
    assert piped.exit_code == 0
    assert [r["source"] for r in json_lines(piped.stdout)] == ["<stdin>", "<stdin>"]


def test_jobs_2_output_equals_jobs_1(tmp_path):
    paths = []
    for i in range(8):
        record = occupied_game() if i == 5 else random_game(10 + i, turns=None if i % 2 else 12)
        paths.append(str(write_lg(tmp_path / f"g{i}.sgf", record)))
    serial = run("verify", *paths, "--json", "--jobs", "1")
    parallel = run("verify", *paths, "--json", "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 1
    assert serial.output == parallel.output
    assert [r["source"] for r in json_lines(parallel.stdout)] == paths


def test_one_big_file_on_two_cores_reads_as_on_one(tmp_path, monkeypatch):
    # Every file counts as big and jobs hold 3 records: the file is cut by its format's scan and
    # parsed by the workers, between broken games, text between games, a game cut short by the
    # next, and undecodable bytes at the end. The workers are forked, so they see these settings.
    from catchup_notation import batch

    monkeypatch.setattr(batch, "BIG_FILE", 1)
    monkeypatch.setattr(batch, "BATCH_RECORDS", 3)
    games = [random_game(40 + i, turns=None if i % 3 else 8) for i in range(10)]
    path = write_lg(tmp_path / "big.sgf", *games)
    text = path.read_text(encoding="utf-8").splitlines()
    text[2] = "(;FF[4]SZ[5];W[E5]C[a comment never closed"  # cut short by the next game
    text.insert(4, "some words between games")
    text.insert(6, "(;FF[4]SZ[5];W[E5];B[Z9])")
    path.write_bytes("\n".join(text).encode("utf-8") + b"\n(;FF[4]SZ[5];W[E5]\xff)\n")
    serial = run("verify", str(path), "--json", "--jobs", "1")
    parallel = run("verify", str(path), "--json", "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 3
    assert serial.output == parallel.output
    found = json_lines(parallel.stdout)
    assert [r["index"] for r in found] == list(range(len(found)))
    assert {r["error"]["code"] for r in found if r["error"]} == {"syntax", "off-board", "encoding"}
    assert sum("where reading resumed" in (r["error"] or {}).get("message", "") for r in found) == 1
    assert any(w["code"] == "ignored-text" for r in found for w in r["warnings"])
    piped = run("verify", "-", "--format", "lg", "--json", "--jobs", "2", input=path.read_bytes())
    assert [{**r, "source": None} for r in json_lines(piped.stdout)] == [{**r, "source": None} for r in found]


def test_a_big_file_whose_format_does_not_split_is_read_whole_by_a_worker(tmp_path, monkeypatch):
    from catchup_notation import batch

    monkeypatch.setattr(batch, "BIG_FILE", 1)
    games = write_lg(tmp_path / "g.sgf", *[random_game(70 + i) for i in range(4)])
    lines = run("convert", str(games), "--to", "json").stdout
    big = tmp_path / "big.jsonl"
    big.write_text(lines + "not json\n" + lines, encoding="utf-8")
    paths = [str(games), str(big), str(games)]
    serial = run("verify", *paths, "--json", "--jobs", "1")
    parallel = run("verify", *paths, "--json", "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 3
    assert serial.output == parallel.output
    assert [r["source"] for r in json_lines(parallel.stdout)] == [paths[0]] * 4 + [paths[1]] * 9 + [paths[2]] * 4
