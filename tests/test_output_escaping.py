"""Output that cannot lie: control characters of a record (escape sequences, line breaks, bidi
overrides) are shown as escapes in every text output, SVG pictures stay well-formed XML, the HTML
viewer holds none of them raw, and JSON output keeps the values as they are (JSON escapes them)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from cli_records import json_lines, run

import catchup_notation as cn
from catchup_notation.errors import NotationError
from catchup_notation.escaping import printable, printable_lines

CLEAR = "\x1b[2J\x1b[H"
HOSTILE_NAME = f"{CLEAR}ALL RECORDS VALID\x07"
FORGED = "x\nALL RECORDS VALID"
#: Raw control characters a terminal would act on (the tab and the line break are the output's own).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def lg_game(black: str, white: str = "w", moves: str = ";W[E5];B[D4F6]") -> str:
    return f"(;FF[4]PB[{black}]PW[{white}]SZ[5]{moves})\n"


def test_printable_escapes_every_control_character_and_keeps_the_rest():
    assert printable("a\x1b[2Jb\nc\td\u202ee\x9b") == "a\\x1b[2Jb\\nc\td\\u202ee\\x9b"
    assert printable_lines("one\x07\ntwo") == "one\\x07\ntwo"
    assert printable("Černý ♞ 黒") == "Černý ♞ 黒"


@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_an_escape_sequence_in_a_record_never_reaches_the_terminal(tmp_path, command):
    path = tmp_path / "hostile.sgf"
    path.write_text(lg_game(HOSTILE_NAME) + lg_game("b", moves=f";W[E5];B[Z99{CLEAR}]"), encoding="utf-8")
    result = run(command, str(path))
    assert RAW.search(result.output) is None, repr(result.output)
    assert "\\x1b[2J" in result.output


def test_a_line_break_in_a_name_forges_no_report_line(tmp_path):
    path = tmp_path / "forged.sgf"
    path.write_text(lg_game(FORGED), encoding="utf-8")
    result = run("adjudicate", str(path))
    assert not any(line.startswith("ALL RECORDS VALID") for line in result.output.splitlines())
    assert "x\\nALL RECORDS VALID" in result.output


def test_bidi_overrides_are_shown_as_escapes(tmp_path):
    path = tmp_path / "bidi.sgf"
    path.write_text(lg_game("\u202edilav\u202c"), encoding="utf-8")
    result = run("adjudicate", str(path))
    assert "\u202e" not in result.output and "\\u202e" in result.output


def test_json_output_keeps_the_names_as_they_are(tmp_path):
    path = tmp_path / "names.sgf"
    path.write_text(lg_game(FORGED), encoding="utf-8")
    (report,) = json_lines(run("verify", "--json", str(path)).stdout)
    assert "\n" not in json.dumps(report)  # one object a line: JSON escaped the line break
    (game,) = cn.read(str(path))
    assert game.record is not None and game.record.players == ("w", FORGED)


def test_show_escapes_the_names_under_the_board(tmp_path):
    path = tmp_path / "show.sgf"
    path.write_text(lg_game(HOSTILE_NAME), encoding="utf-8")
    result = run("show", str(path))
    assert result.exit_code == 0
    assert RAW.search(result.output) is None and "\\x1b" in result.output


def test_show_svg_with_a_control_character_in_a_name_is_well_formed_xml(tmp_path):
    path = tmp_path / "svg.sgf"
    path.write_text(lg_game("a\x01b\x0cc", "w\x1b[31m"), encoding="utf-8")
    picture = tmp_path / "position.svg"
    result = run("show", str(path), "--svg", str(picture))
    assert result.exit_code == 0
    root = ET.parse(picture).getroot()
    words = " ".join(text for text in root.itertext())
    assert "a\\x01b\\x0cc" in words and "w\\x1b[31m" in words


def test_the_html_viewer_holds_no_raw_control_character(tmp_path):
    path = tmp_path / "view.sgf"
    path.write_text(lg_game(HOSTILE_NAME) + lg_game("b", moves=";W[E5];B[Z99\x07]"), encoding="utf-8")
    page = tmp_path / "view.html"
    result = run("view", str(path), "-o", str(page))
    assert result.exit_code in (0, 1, 3), result.output
    html = page.read_text(encoding="utf-8")
    assert RAW.search(html) is None


def test_an_error_message_escapes_its_excerpt_and_keeps_its_caret_under_the_character():
    error = NotationError("bad", source="f", line=1, column=5, text="\x1b[2JZ9")
    excerpt, caret = str(error).split("\n")[1:]
    assert excerpt == "    \\x1b[2JZ9"
    assert excerpt[caret.index("^")] == "Z"
