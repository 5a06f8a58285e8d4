"""The client (`catchup_notation.protocol.popen`) against a real server process: the same
`analyse`, `play` and `analysis` as the in-process engine, the engine's board brought to each
position, clean shutdown, timeouts, and failures as the library's own errors: `catchup engine`
itself, and the test double of tests/engine_double.py where an engine must misbehave."""

from __future__ import annotations

import subprocess
import sys

import pytest
from protocol_driver import double_command, engine_command

import catchup_notation as cn
from catchup_notation.engine.analysis import Analysis, Limit, PlayResult
from catchup_notation.errors import CatchupError
from catchup_notation.protocol import EngineError, EngineTerminated, EngineTimeout, Line, popen


@pytest.fixture(scope="module")
def engine():
    with popen(engine_command("--level", "2", "--threads", "1", "--seed", "1"), stderr=subprocess.DEVNULL) as client:
        yield client
    assert client.process.returncode == 0


def game_of(text: str) -> cn.Game:
    return next(iter(cn.read_text(text, format="lg")))


def after_turns(client) -> int:
    board = client.command("showboard")
    return int(board.split("after turn ")[1].split(":")[0])


def test_the_handshake(engine):
    assert engine.name == "catchup-notation"
    assert engine.version == cn.__version__
    assert "running" in repr(engine)


def test_analyse_gives_the_shared_analysis(engine):
    game = game_of("(;FF[4]SZ[5];W[e5];B[d4f6])")
    info = engine.analyse(game, Limit(time=0.05), candidates=3)
    assert isinstance(info, Analysis)
    assert info.to_move == 1 and info.limit == Limit(time=0.05)
    assert 1 <= len(info.candidates) <= 3
    assert info.best is not None and info.best.player == 1 and info.line[0] == info.best
    position = game.engine()
    for candidate in info.candidates:
        assert position.check(candidate.turn) is None
        assert candidate.line[0] == candidate.turn
        assert [t.player for t in candidate.line] == [1 + k % 2 for k in range(len(candidate.line))]
    assert info.stopped == "time" and info.threads >= 1


def test_play_gives_a_legal_turn_and_the_board_follows_each_position(engine):
    game = game_of("(;FF[4]SZ[5];W[e5];B[d4f6];W[c3])")
    result = engine.play(game, Limit(time=0.05))
    assert isinstance(result, PlayResult) and not result.resign
    assert game.engine().check(result.turn) is None and result.turn.player == 2
    assert after_turns(engine) == 4  # the engine played its turn on its board
    shorter = game_of("(;FF[4]SZ[5];W[e5])")
    engine.analyse(shorter, Limit(time=0.01))
    assert after_turns(engine) == 1  # brought back by undo
    line = Line("catchup(size=5)", (*game.record.turns, result.turn))
    reply = engine.play(line, Limit(playouts=10))
    assert reply.turn.player == 1 and after_turns(engine) == 5
    engine.analyse(Line("ketchup-3(size=4)"), Limit(time=0.01))
    assert "ketchup-3(size=4), after turn 0" in engine.command("showboard")
    assert engine.analyse(cn.new_game("catchup(size=6)"), Limit(time=0.01)).to_move == 1


def test_analysis_streams_and_stops_when_closed(engine):
    game = game_of("(;FF[4]SZ[5];W[e5])")
    seen = []
    stream = engine.analysis(game, interval=0.05, candidates=2)
    for snapshot in stream:
        seen.append(snapshot)
        assert snapshot.to_move == 2
        if len(seen) == 3:
            break
    stream.close()
    assert engine.command("name") == "catchup-notation"
    limited = list(engine.analysis(game, Limit(time=0.2), interval=0.05))
    assert limited and limited[-1].stopped == "time"
    assert all(not s.stopped for s in limited[:-1])


def test_refusals_are_engine_errors_and_change_nothing(engine):
    engine.analyse(game_of("(;FF[4]SZ[5];W[e5])"), Limit(time=0.01))
    with pytest.raises(EngineError, match="names no cell") as caught:
        engine.command("play b Z9")
    assert isinstance(caught.value, CatchupError)
    assert after_turns(engine) == 1
    mid_game = game_of("(;FF[4]SZ[5];W[e5])").engine()
    with pytest.raises(EngineError, match="Game, or a Line"):
        engine.analyse(mid_game, Limit(time=0.01))
    with pytest.raises(EngineError, match="limit"):
        engine.analyse(game_of("(;FF[4]SZ[5])"), Limit())


def test_a_timeout_ends_the_process():
    client = popen(double_command(0.05, overrun=30.0), stderr=subprocess.DEVNULL)  # a stuck engine
    with pytest.raises(EngineTimeout) as caught:
        client.analyse(game_of("(;FF[4]SZ[5])"), Limit(time=0.05), timeout=0.5)
    assert isinstance(caught.value, TimeoutError)
    assert client.process.poll() is not None
    with pytest.raises(EngineTerminated):
        client.command("name")
    client.close()


def test_an_engine_that_dies_is_engine_terminated():
    client = popen(double_command(0.01), stderr=subprocess.DEVNULL)
    client.process.kill()
    client.process.wait()
    with pytest.raises(EngineTerminated):
        client.play(game_of("(;FF[4]SZ[5])"), Limit(time=0.01))
    client.close()


def test_what_cannot_start_or_does_not_speak_the_protocol():
    with pytest.raises(EngineTerminated, match="cannot start"):
        popen(["/no/such/engine"])
    with pytest.raises(EngineError, match="outside the protocol"):
        popen([sys.executable, "-c", "print('hello'); import time; time.sleep(5)"], timeout=5)
    with pytest.raises(EngineTerminated):
        popen([sys.executable, "-c", "pass"])
