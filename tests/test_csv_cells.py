"""CSV reports: a field holding a line break is quoted (the row stays one row for a CSV reader),
and text a spreadsheet would evaluate is guarded wherever it starts: at the field's start, after
spaces, or at the start of any of its lines."""

from __future__ import annotations

import csv
import io

import pytest
from cli_records import run
from hypothesis import given
from hypothesis import strategies as st

from catchup_notation.cli.runs import csv_line
from catchup_notation.report_lines import csv_cell

NASTY = '(;FF[4]PB[Bob\n=HYPERLINK("http://x")]PW[ -1+1]SZ[5];W[E5];B[D4F6])\n(;FF[4]PB[b]PW[w]SZ[5];W[E5])\n'


@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_a_name_with_a_line_break_stays_in_its_row_and_is_guarded(tmp_path, command):
    source = tmp_path / "nasty.sgf"
    source.write_text(NASTY, encoding="utf-8")
    result = run(command, str(source), "--csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["index"] for row in rows] == ["0", "1"]
    assert rows[0]["player_2"] == 'Bob\n\'=HYPERLINK("http://x")'
    assert rows[0]["player_1"] == "' -1+1"
    for row in rows:
        for value in row.values():
            for line in value.splitlines():
                assert not line.lstrip(" ").startswith(("=", "+", "-", "@")), (command, value)


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("plain", "plain"),
        ("=1+1", "'=1+1"),
        ("  @SUM(A1)", "'  @SUM(A1)"),
        ("a\r\n+1", '"a\r\n\'+1"'),
        ("a\rb", '"a\rb"'),
        ("x\n\ny", '"x\n\ny"'),
    ],
)
def test_one_field(value, written):
    assert csv_line({"f": value}, ["f"]) == written
    assert csv_line({"n": 3, "none": None}, ["n", "none"]) == "3,"


@given(st.one_of(st.none(), st.text(), st.text(alphabet=' ,"\r\n=+-@\tab')))
def test_a_cell_written_alone_is_the_cell_of_its_row(value):
    """`csv_cell`, which writes the cells of adjudicate's lines made without a report, writes a
    text as `csv_line` writes it among other cells (guarded, quoted where the writer quotes)."""
    assert csv_cell(value) + ",3" == csv_line({"f": value, "n": 3}, ["f", "n"])
    assert "3," + csv_cell(value) == csv_line({"n": 3, "f": value}, ["n", "f"])
