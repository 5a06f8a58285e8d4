"""Small things a new user met: the endgame solver takes a record's Game, and adjudicate's
perfect-play line names the players and who moves first."""

from __future__ import annotations

import random

import pytest
from cli_records import run

from catchup_notation.formats import write_text
from catchup_notation.model import Record
from catchup_notation.reading import read
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import EndgameError, solve_endgame, solve_record


def _stopped(tmp_path, players=("ann", "bob")):
    game = parse_variant("catchup(size=3)").new_game()
    rng = random.Random(5)
    turns = []
    while game.empty > 6:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    record = Record(str(game.variant), tuple(turns), players=players)
    path = tmp_path / "stopped.sgf"
    path.write_text(write_text([record], "lg")[0], encoding="utf-8")
    return path, record, game


def test_solve_endgame_takes_a_records_game(tmp_path):
    path, record, _ = _stopped(tmp_path)
    (game,) = read(str(path))
    assert solve_endgame(game).winner == solve_record(record).winner


def test_solve_endgame_says_what_to_pass():
    (numbers,) = list(read("examples/isaksen-2015.numbers"))[:1]
    for wrong in (numbers, parse_variant("catch-up(set=1..4)").new_game(), 3):
        with pytest.raises(EndgameError, match="a Game read from a hex record, a HexGame"):
            solve_endgame(wrong)


def test_the_endgame_line_names_the_players_and_the_mover(tmp_path):
    path, record, game = _stopped(tmp_path)
    text = run("adjudicate", str(path), "--solve-endgame").output
    solved = solve_record(record)
    winner = ("ann (White)", "bob (Black)")[solved.winner - 1]
    mover = ("ann (White)", "bob (Black)")[game.to_move - 1]
    assert f"with perfect play {winner} wins" in text
    assert f"{mover} to move, line:" in text


@pytest.mark.parametrize("to", ["sgf", "abstractplay", "genius", "numbers"])
def test_an_rga_posts_own_diagram_is_not_a_lost_header(to):
    result = run("convert", "tests/quirks/rga-slip.rga", "--corrections", "diagram", "--to", to)
    assert "diagram" not in result.stderr.replace("--corrections diagram", ""), result.stderr
    assert "headers-dropped" not in result.stderr


GAME = "(;FF[4]SZ[5];W[E5];B[D4])\n"


def test_an_empty_file_in_a_folder_or_an_archive_is_named(tmp_path):
    import zipfile

    folder = tmp_path / "games"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.sgf").write_text(GAME, encoding="utf-8")
    (folder / "empty.sgf").write_bytes(b"")
    (folder / "sub" / "blank.txt").write_bytes(b"")
    result = run("verify", str(folder))
    assert result.exit_code == 0
    assert f"skipped {folder / 'empty.sgf'}: it is empty" in result.stderr
    assert f"skipped {folder / 'sub' / 'blank.txt'}: it is empty" in result.stderr
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("a.sgf", GAME)
        made.writestr("sub/empty.sgf", "")
    result = run("verify", str(archive))
    assert result.exit_code == 0 and f"skipped {archive}:sub/empty.sgf: it is empty" in result.stderr


def test_a_zip_members_source_keeps_the_archive_and_its_folders(tmp_path):
    import zipfile

    archive = tmp_path / "club.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("2024/spring.sgf", GAME)
        made.writestr("top.sgf", GAME)
    games = list(read(str(archive)))
    assert [str(game.source) for game in games] == ["club.zip:2024/spring.sgf#0", "club.zip:top.sgf#0"]
