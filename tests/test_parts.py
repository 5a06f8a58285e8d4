"""A big file read in parts by the workers says exactly what one process reading it whole says,
also where what the bytes tell of a part is wrong: a '(;' that starts no record (the index each
part is given is then read again), a line that starts with '(' inside a record (the rest of the
file is read in the usual way), line ends of CR alone (no line starts: one stretch), CRLF, a BOM,
bytes that are not UTF-8 in a later part (the file ends there), a file cut off inside a record."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from unittest import mock

import pytest

from catchup_notation import batch
from catchup_notation.reading import make_request
from catchup_notation.reading.parts import cuts, part_format
from catchup_notation.workers import available_cores
from tests.test_jobs import printed
from tests.test_plain_judge import archive, games

two_cores = pytest.mark.skipif(available_cores() < 2, reason="two worker processes need two cores")


def plain(count: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(games(5)) + "\n" for _ in range(count))


def alike(path: Path, part: int, command: str = "verify", mode: str = "json") -> dict[str, int]:
    """Checks that two workers reading `path` in parts of `part` bytes write what one process
    writes; how many parts were handed out (read again ones included) and how often the rest of
    a file was read here."""
    calls = {"parts": 0, "here": 0}
    work, here = batch._part_work, batch._read_here

    def counted_work(file, cut):
        calls["parts"] += 1
        return work(file, cut)

    def counted_here(file, start):
        calls["here"] += 1
        return here(file, start)

    one = printed([str(path)], command, mode, 1)
    with (
        mock.patch.object(batch, "BIG_FILE", 1),
        mock.patch.object(batch, "PART_BYTES", part),
        mock.patch.object(batch, "PART_REACH", part * 2),
        mock.patch.object(batch, "_part_work", counted_work),
        mock.patch.object(batch, "_read_here", counted_here),
    ):
        assert printed([str(path)], command, mode, 2) == one
    return calls


@two_cores
@pytest.mark.parametrize("command", ["verify", "adjudicate"])
def test_plain_games_in_parts(tmp_path, command):
    path = tmp_path / "plain.sgf"
    path.write_text(plain(400), encoding="utf-8")
    assert alike(path, 3000, command)["here"] == 0


@two_cores
def test_a_mixed_archive_in_parts_of_every_size(tmp_path):
    rng = random.Random(7)
    path = tmp_path / "mixed.sgf"
    path.write_text(archive(rng, 200), encoding="utf-8")
    for part in (1, 100, 2000):
        alike(path, part, mode=rng.choice(["json", "csv", "text"]))


@two_cores
def test_a_record_start_in_a_comment_makes_the_parts_after_read_again(tmp_path):
    text = plain(60)
    lines = text.splitlines(keepends=True)
    lines[10] = lines[10].replace("SZ[5]", "SZ[5]C[(;no record here)]", 1)  # a '(;' that starts none
    path = tmp_path / "comment.sgf"
    path.write_text("".join(lines), encoding="utf-8")
    parts = len(list(cuts(str(path), 3000, 6000)))
    assert parts > 3
    assert alike(path, 3000)["parts"] > parts  # those after it read again, told where they start


@two_cores
def test_a_line_that_starts_with_a_parenthesis_inside_a_record(tmp_path):
    text = plain(60)
    lines = text.splitlines(keepends=True)
    # A comment over lines, one starting with '(' (not a record's start): no part may end there.
    lines[7] = lines[7].replace("SZ[5]", "SZ[5]C[a comment\n" + "(over lines)\n" * 30 + "]", 1)
    path = tmp_path / "comment.sgf"
    path.write_text("".join(lines), encoding="utf-8")
    assert alike(path, 100)["here"] == 1


@two_cores
@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_other_line_ends(tmp_path, ending):
    path = tmp_path / "ends.sgf"
    path.write_bytes(("\ufeff" + plain(80)).replace("\n", ending).encode())
    alike(path, 1000)


@two_cores
def test_bytes_not_utf8_end_the_file_in_a_later_part(tmp_path):
    path = tmp_path / "bad.sgf"
    path.write_bytes(plain(40).encode() + b"(;SZ[5]C[\xff];W[E5])\n" + plain(40, seed=2).encode())
    assert alike(path, 800)["here"] == 0


@two_cores
def test_a_file_cut_off_inside_a_record(tmp_path):
    path = tmp_path / "cut.sgf"
    path.write_text(plain(40) + "(;FF[4]SZ[5];W[E5];B[", encoding="utf-8")
    alike(path, 800)


def test_the_parts_end_where_a_line_starts_with_a_parenthesis(tmp_path):
    path = tmp_path / "plain.sgf"
    text = plain(100)
    path.write_text(text, encoding="utf-8")
    found = list(cuts(str(path), 1000, 2000))
    data = text.encode()
    assert found[0].start == 0 and found[-1].end is None
    for before, after in itertools.pairwise(found):
        assert before.end == after.start and data[after.start - 1 : after.start + 1] == b"\n("
        assert after.first == data[: after.start].count(b"(") and after.line == data[: after.start].count(b"\n") + 1
    one_line = tmp_path / "one-line.sgf"
    one_line.write_text(text.replace("\n", " "), encoding="utf-8")
    assert [cut.whole for cut in cuts(str(one_line), 1000, 2000)] == [False]


def test_which_files_are_read_in_parts(tmp_path):
    request = make_request(None, None, None)
    (tmp_path / "games.sgf").write_text(plain(3), encoding="utf-8")
    (tmp_path / "games.txt").write_text(plain(3), encoding="utf-8")
    assert part_format(str(tmp_path / "games.sgf"), request) == "lg"
    assert part_format(str(tmp_path / "games.txt"), request) == "lg"  # told by its content
    import gzip

    (tmp_path / "games.sgf.gz").write_bytes(gzip.compress(plain(3).encode()))
    assert part_format(str(tmp_path / "games.sgf.gz"), request) is None
    (tmp_path / "post.rga").write_text("anything", encoding="utf-8")
    assert part_format(str(tmp_path / "post.rga"), request) is None


def test_a_part_that_cannot_be_opened_fails_at_its_own_first_record(tmp_path):
    # a file removed while its parts were being read: the failure is placed where the part starts
    from catchup_notation.formats.base import Part
    from catchup_notation.reading.records import read_part

    gone = tmp_path / "gone.sgf"
    request = make_request("lg", None, None)
    (failed,) = read_part(str(gone), request, None, (4096, None), Part(index=40, line=81))
    assert failed.reading_error is not None and failed.reading_error.code == "io"
    assert failed.source.index == 40
