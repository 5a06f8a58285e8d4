"""The engine protocol through a real subprocess: framing, every command, refusals that change
nothing, whole turns, the board as `catchup show` draws it, the final comparison, time settings
and the analysis commands: `catchup engine` itself, at its quickest level (the test double of
tests/engine_double.py stands in only where an engine must misbehave)."""

from __future__ import annotations

import os
import random
import re
import time

import pytest
from cli_records import run
from helpers import cell, cpu_seconds
from protocol_driver import Driver, double_command, engine_command
from reference_rules import Reference

from catchup_notation.engine.analysis import Limit
from catchup_notation.protocol.info import parse_line
from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame

REQUIRED = (
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "boardsize",
    "variant",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
)


@pytest.fixture(scope="module")
def server():
    # --no-resign: the whole-game tests play every game to its end, lost or not
    driver = Driver(engine_command("--level", "1", "--threads", "1", "--seed", "1", "--no-resign"))
    yield driver
    assert driver.close() == 0


@pytest.fixture
def fresh(server):
    server.ok("boardsize 5")
    server.ok("variant catchup")
    return server


def test_replies_carry_the_id_and_end_with_an_empty_line(fresh):
    fresh.write("7 protocol_version\n")
    assert fresh.line() == "=7 2"
    assert fresh.line() == ""
    fresh.write("\n# a comment line\n   \n  12   name   # a comment after it\n")
    assert fresh.reply() == ["=12 catchup-notation"]
    fresh.write("3\tversion\n")
    assert re.fullmatch(r"=3 \d+\.\d+\.\d+", fresh.reply()[0])
    fresh.write("5 no_such_command\n")
    assert fresh.reply() == ["?5 unknown command"]
    fresh.write("6\n")
    assert fresh.reply()[0].startswith("?6 ")
    fresh.write("nam\x01e\n")  # control characters are dropped before a line is read
    assert fresh.reply() == ["= catchup-notation"]


def test_every_command_the_protocol_names_is_listed_and_known(fresh):
    listed = fresh.ok("list_commands").split("\n")
    assert set(REQUIRED) <= set(listed)
    assert len(listed) == len(set(listed))
    for name in listed:
        assert fresh.ok(f"known_command {name}") == "true"
    assert fresh.ok("known_command make_coffee") == "false"
    assert fresh.ok("protocol_version") == "2"
    assert fresh.ok("name") == "catchup-notation"


def test_whole_turns_in_any_spelling_and_undo(fresh):
    fresh.ok("play w E5")
    fresh.ok("play b d4f6")  # run together, lower case
    fresh.ok("play white C3,C4")
    fresh.ok("play black G2 , G3")
    board = fresh.ok("showboard")
    rows = {line.split()[0]: line for line in board.split("\n") if re.match(r"\s*[A-I] ", line)}
    assert "b" in rows["D"] and "w" in rows["E"] and "w" in rows["C"] and "(bb)" in rows["G"].replace(" ", "")
    assert "after turn 4" in board
    for _ in range(4):
        fresh.ok("undo")
    assert "after turn 0" in fresh.ok("showboard")
    assert "no turn" in fresh.refused("undo")


def test_the_board_is_what_catchup_show_draws(fresh, tmp_path):
    turns = ["E5", "D4 F6", "C3 C4", "G2"]
    for k, turn in enumerate(turns):
        fresh.ok(f"play {'wb'[k % 2]} {turn}")
    shown = fresh.ok("showboard")
    record = tmp_path / "game.sgf"
    moves = "".join(f";{'WB'[k % 2]}[{''.join(c.lower() for c in t.replace(' ', ''))}]" for k, t in enumerate(turns))
    record.write_text(f"(;FF[4]SZ[5]{moves})", encoding="utf-8")
    result = run("show", str(record))
    assert result.exit_code == 0, result.output
    assert shown == result.stdout.rstrip("\n")


BAD = (  # after three turns: Black to move, with 1 or 2 stones
    "play",
    "play b",
    "play x E5",
    "play w A1",  # not White's turn
    "play b Z9",
    "play b E5",  # occupied
    "play b A1 A2 A3",  # three stones without the bonus
    "play b A1 A1",
    "play b pass",
    "genmove",
    "genmove w",  # not White's turn
    "genmove purple",
    "boardsize",
    "boardsize 1",
    "boardsize 99",
    "boardsize five",
    "boardsize 5 6",
    "variant",
    "variant nonsense",
    "variant catch-up",
    "variant catchup(size=1)",
    "known_command",
    "final_score",
    "time_settings 1 2",
    "time_settings a b c",
    "time_settings -1 0 0",
    "time_left w 10",
    "time_left x 10 0",
    "time_left w nan 0",
    "analyze x",
    "analyze w",
    "analyze 10 bogus 3",
    "analyze 10 time",
    "analyze 10 time 0",
    "analyze 10 playouts 1.5",
    "genmove_analyze",
    "genmove_analyze w time -1",
    "loadsgf",
    "loadsgf /no/such/file.sgf",
    "printsgf lg sgf",
    "printsgf nonsense",
)


def test_a_malformed_or_illegal_command_is_refused_and_changes_nothing(fresh):
    fresh.ok("play w E5")
    fresh.ok("play b D4 F6")
    fresh.ok("play w C3")
    before = fresh.ok("showboard")
    record = fresh.ok("printsgf")
    for command in BAD:
        message = fresh.refused(command)
        assert message, command
        assert fresh.ok("showboard") == before, command
        assert fresh.ok("printsgf") == record, command
    assert "off-board" not in fresh.refused("play b Z9")  # the library's own words, not a code
    assert "already holds" in fresh.refused("play b E5")
    assert "3 stones, but only 1 or 2 are allowed" in fresh.refused("play b A1 A2 A3")


def test_variant_and_boardsize(server):
    server.ok("boardsize 4")
    server.ok("variant ketchup-3")  # keeps the side boardsize set
    assert "ketchup-3(size=4)" in server.ok("showboard")
    server.ok("play r D4")
    server.ok("play g A1 A2")
    server.ok("variant catchup(size=6)")  # sets its own side, and clears
    board = server.ok("showboard")
    assert "catchup(size=6), after turn 0" in board
    server.ok("variant catchup")  # keeps 6 now
    assert "catchup(size=6)" in server.ok("showboard")
    server.ok("variant sauce")
    server.ok("play o E5")
    server.ok("play x pass")  # sauce allows a pass
    server.ok("clear_board")
    assert "after turn 0" in server.ok("showboard")
    server.ok("variant catchup(board={(0,0),(1,0),(0,1),(1,1),(2,0),(2,1)})")
    server.ok("play w A1")
    assert "board" in server.ok("printsgf json")


#: Turns a side-3 game may take in these tests (19 cells; sauce's passes are bounded below).
MAX_TURNS = 100


def name_of(axial: tuple[int, int], side: int) -> str:
    """The Little Golem name of a cell (the inverse of helpers.cell)."""
    q, r = axial
    radius = side - 1
    return f"{chr(ord('A') + r + radius)}{q + 1 - max(-radius, -radius - r)}"


def first_empty_turn(referee: Reference) -> list:
    """The fewest stones the mover may place (at least one), on the first empty cells."""
    count = min(c for c in referee.allowed_counts() if c > 0)
    empty = [c for c in sorted(referee.board.cells) if c not in referee.stones]
    placed = empty[:count]
    assert referee.verdict(referee.mover(), placed) is None
    return placed


@pytest.mark.parametrize("variant", ["catchup", "ketchup-2", "alternative", "too", "sauce"])
def test_a_whole_game_of_engine_turns_refereed_and_scored(server, variant):
    """genmove to the end on side 3, every turn checked by the separate rules implementation;
    final_score names the winner that implementation finds, and the groups. Sauce lets both
    players pass for ever (only a full board ends it): after two passes in a row the test itself
    places the next turn's stones, so that every game ends, in a bounded number of turns."""
    server.ok("boardsize 3")
    server.ok(f"variant {variant}")
    referee = Reference(variant, 3)
    colours = parse_variant(variant).spec.colours
    letters = [c[0].lower() for c in colours]
    for _ in range(MAX_TURNS):
        if referee.over():
            break
        mover = referee.mover()
        if len(referee.history) >= 2 and not any(cells for _, cells in referee.history[-2:]):
            placed = first_empty_turn(referee)
            server.ok(f"play {letters[mover - 1]} {' '.join(name_of(c, 3) for c in placed)}")
            referee.play(mover, placed)
            continue
        answer = server.ok(f"genmove {letters[mover - 1]}")
        assert answer != "resign"
        cells = [] if answer == "pass" else [cell(name.partition("=")[0], 3) for name in answer.split()]
        colours_of = None
        if "=" in answer:
            colours_of = [
                letters.index(mark) + 1 if mark else mover
                for mark in (name.partition("=")[2] for name in answer.split())
            ]
        assert referee.verdict(mover, cells, colours_of) is None, (answer, referee.history)
        referee.play(mover, cells, colours_of)
    assert referee.over(), f"not over after {MAX_TURNS} turns: {referee.history}"
    assert "game is over" in server.refused(f"genmove {letters[referee.mover() - 1]}")
    score = server.ok("final_score")
    winner = referee.winner()
    head = "0" if winner is None else f"{colours[winner - 1][0]}+"
    assert score.split()[0] == head, score
    first, second = referee.groups()
    assert f"{colours[0]} {'-'.join(map(str, first)) or '0'}" in score
    assert f"{colours[1]} {'-'.join(map(str, second)) or '0'}" in score


def lost_side3_position() -> tuple[list[str], str]:
    """The turns, as `play` commands, of a random side-3 position the solver proves lost for
    the player to move, and that player's colour letter."""
    seed = 0
    while True:
        seed += 1
        game = parse_variant("catchup", size=3).new_game()
        rng = random.Random(seed)
        commands = []
        while not game.over and game.empty > 10:
            turn = game.random_turn(rng)
            commands.append(f"play {'wb'[turn.player - 1]} {' '.join(name_of(c, 3) for c in turn.cells)}")
            game.play(turn)
        if not game.over and solve_endgame(game).value == -1:
            return commands, "wb"[game.mover - 1]


@pytest.mark.parametrize("resigns", [True, False])
def test_genmove_resigns_a_proven_loss_unless_told_not_to(resigns):
    """By default the engine resigns a position it has proven lost, and the board stays as it
    was; with --no-resign it plays a turn there."""
    options = ("--threads", "1", "--seed", "1", "--playouts", "3000")
    driver = Driver(engine_command(*options, *(() if resigns else ("--no-resign",))))
    try:
        driver.ok("boardsize 3")
        commands, mover = lost_side3_position()
        for command in commands:
            driver.ok(command)
        before = driver.ok("showboard")
        answer = driver.ok(f"genmove {mover}")
        if resigns:
            assert answer == "resign"
            assert driver.ok("showboard") == before
        else:
            assert answer not in ("resign", "pass") and driver.ok("showboard") != before
    finally:
        assert driver.close() == 0


def test_time_settings_give_genmove_its_time(server):
    """Loosely (the figures over whole games are benchmarks/match.py's): under 0 T 1 an answer
    comes, within a generous bound, and the budget the server allowed is at most T."""
    server.ok("boardsize 5")
    server.ok("variant catchup")
    server.ok("time_settings 0 0.5 1")
    server.ok("time_left w 0.5 1")
    seen = len(server.errors)
    lines, seconds = server.timed("genmove w")
    assert lines[0].startswith("= ")
    assert seconds < 10
    deadline = time.monotonic() + 5
    while len(server.errors) == seen and time.monotonic() < deadline:
        time.sleep(0.01)
    said = server.errors[seen]
    allowed = float(re.search(r"of ([0-9.]+) s allowed", said).group(1))
    assert 0 < allowed <= 0.5
    server.ok("time_settings 0 1 0")  # byo-yomi with no stones: no limit, the engine's own time
    assert server.ok("genmove b")


def test_analyze_streams_until_the_next_command(server):
    server.ok("boardsize 5")
    server.ok("variant catchup")
    server.ok("play w E5")
    server.write("analyze b 10 candidates 3\n")
    assert server.line() == "="
    first = server.line()
    assert first.startswith("info move ")
    analysis = parse_line(first, parse_variant("catchup"), 2, Limit())
    assert analysis.to_move == 2 and analysis.best is not None and analysis.best.player == 2
    assert 1 <= len(analysis.candidates) <= 3
    server.line()  # another line: it goes on
    started = time.monotonic()
    server.write("name\n")
    while (line := server.line()) != "":
        assert line.startswith("info ")
    assert time.monotonic() - started < 5
    assert server.reply() == ["= catchup-notation"]


def test_analyze_with_a_limit_ends_with_the_reason(server):
    server.ok("clear_board")
    lines = server.ok("analyze w 5 time 0.3 candidates 2").split("\n")
    assert len(lines) >= 2
    assert all(" stopped - " in line for line in lines[:-1])
    final = parse_line(lines[-1], parse_variant("catchup"), 1, Limit(time=0.3))
    assert final.stopped == "time" and final.best is not None


def test_genmove_analyze_gives_the_analysis_and_plays_the_turn(server):
    server.ok("clear_board")
    lines = server.ok("genmove_analyze w time 0.1").split("\n")
    assert lines[-1].startswith("play ")
    played = lines[-1].split()[1]
    assert "after turn 1" in server.ok("showboard")
    assert parse_line(lines[0], parse_variant("catchup"), 1, Limit(time=0.1)).stopped
    server.ok("undo")
    server.ok(f"play w {played}")


def test_loadsgf_and_printsgf(server, tmp_path):
    record = tmp_path / "game.sgf"
    record.write_text("(;FF[4]SZ[5];W[e5];B[d4f6];W[c3])", encoding="utf-8")
    server.ok(f"loadsgf {record}")
    assert "after turn 3" in server.ok("showboard")
    server.ok(f"loadsgf {record} 2")  # the position before turn 2
    assert "after turn 1" in server.ok("showboard")
    written = server.ok("printsgf")
    assert written.startswith("(;") and "e5" in written.lower() and "d4" not in written.lower()
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;FF[4]SZ[5];W[e5];B[e5])", encoding="utf-8")
    before = server.ok("showboard")
    assert "already holds" in server.refused(f"loadsgf {broken}")
    assert server.ok("showboard") == before
    (tmp_path / "seven.sgf").write_text("(;FF[4]SZ[7];W[g7])", encoding="utf-8")
    server.ok(f"loadsgf {tmp_path / 'seven.sgf'}")
    assert "catchup(size=7), after turn 1" in server.ok("showboard")


def test_a_line_too_long_is_refused_and_the_server_goes_on(server):
    server.write("play w " + "E5 " * 30000 + "\n")
    assert server.reply()[0].startswith("? a command line is at most")
    assert server.ok("name") == "catchup-notation"


def test_only_replies_go_to_standard_output_and_quit_exits_0():
    driver = Driver(double_command(0.01))
    driver.ok("genmove w")
    assert driver.ask("quit") == ["="]
    assert driver.process.wait(timeout=10) == 0
    assert driver.lines.get(timeout=10) is None  # nothing after the reply to quit
    assert any("engine" in line for line in driver.errors)  # the banner went to stderr
    driver.close()


def test_the_end_of_the_input_ends_the_server():
    driver = Driver(double_command(0.01))
    driver.ok("name")
    driver.process.stdin.close()
    assert driver.process.wait(timeout=10) == 0


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads a process's time from /proc")
def test_a_server_waiting_for_a_command_uses_no_processor_time():
    """The command reader blocks on its input: a server with nothing to do stays idle (no
    polling), while a search it is given runs."""
    driver = Driver(engine_command("--level", "1", "--threads", "1"))
    try:
        driver.ok("name")
        before = cpu_seconds(driver.process.pid)
        time.sleep(1.5)
        assert cpu_seconds(driver.process.pid) - before < 0.2
    finally:
        assert driver.close() == 0


def test_the_end_of_the_input_stops_an_analysis_and_ends_the_server():
    driver = Driver(engine_command("--level", "1", "--threads", "1"))
    driver.write("analyze w 5\n")  # no limit: it would run until the next command
    assert driver.line() == "="
    assert driver.line().startswith("info ")
    driver.process.stdin.close()
    assert driver.process.wait(timeout=15) == 0
    driver.close()


def test_review_judges_every_turn_as_the_library_does(server):
    """Side 2, where the exact solver proves every position at once: each turn's line gives the
    same proofs, loss and class as the library's own review of the same turns."""
    from catchup_notation.engine.review import review_game

    server.ok("boardsize 2")
    server.ok("variant catchup")
    turns = ["B2", "A1 C2", "B1 B3", "A2", "C1"]
    for k, turn in enumerate(turns):
        server.ok(f"play {'wb'[k % 2]} {turn}")
    lines = server.ok("review playouts 200").split("\n")
    assert len(lines) == len(turns) + 1
    game = parse_variant("catchup(size=2)").new_game()
    played = []
    for turn in turns:
        played.append(game.parse_turn(turn))
        game.play(played[-1])
    expected = review_game(parse_variant("catchup(size=2)").new_game(), played, analyser=None)
    proof = {1: "win", 0: "draw", -1: "loss"}
    for line, turn, mine in zip(lines, turns, expected.turns, strict=False):
        words = line.split()
        assert words[:4] == ["turn", str(mine.number), "wb"[(mine.number - 1) % 2], turn.replace(" ", ",")], line
        assert words[8] == proof[mine.before.proven] and words[13] == proof[mine.after.proven], line
        assert words[words.index("class") + 1] == (mine.judgement or "-"), line
    last = lines[-1].split()
    assert last[:3] == ["game", "result", "W+"]  # White 4 against Black 2-1
    assert last[last.index("losing_turn") + 1] == str(expected.losing_turn or "-")
    assert "must be above 0" in server.refused("review level 0")
    server.ok("clear_board")
    assert server.ok("review").startswith("game result - decided_at")  # no turn: the game's line alone
