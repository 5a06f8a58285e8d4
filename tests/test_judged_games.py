"""`read` hands out the games the compiled core judged valid while reading as `JudgedGame`s (their
verdict known, their record read when asked): the same games in every respect as reading each
record gives, and verifying one does not read its record."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import catchup_notation as cn
from catchup_notation.compiled import core
from catchup_notation.formats import write_text
from catchup_notation.formats.lg.splitting import game_texts
from catchup_notation.game import Game
from catchup_notation.model import Record
from catchup_notation.reading import records
from catchup_notation.reading.judged import JudgedGame
from catchup_notation.rules.registry import parse_variant

ROOT = Path(__file__).parent.parent
needs_core = pytest.mark.skipif(core("_hexcore") is None, reason="the compiled core is not built")
LITTLE_GOLEM = sorted(
    [*(ROOT / "tests" / "quirks").glob("*.sgf"), *(ROOT / "examples").rglob("*.sgf")], key=lambda path: path.name
)


def legal_games(count: int, seed: int = 7) -> list[Record]:
    rng = random.Random(seed)
    games = []
    for i in range(count):
        variant = ("catchup", "catchup(size=6)", "catchup(size=4)")[i % 3]
        game = parse_variant(variant).new_game()
        turns = []
        while not game.over and len(turns) < 5 + i % 9:
            turns.append(game.random_turn(rng))
            game.play(turns[-1])
        games.append(Record(variant, tuple(turns), players=(f"w{i}", None if i % 4 else f"b{i}")))
    return games


def eager(monkeypatch: pytest.MonkeyPatch, games: Callable[[], Iterator[Game]]) -> list[Game]:
    """The games `games()` gives with no judge: each record read and replayed."""
    with monkeypatch.context() as patched:
        patched.setattr(records, "text_judge", lambda request: None)
        return list(games())


def facts(game: Game) -> tuple[object, ...]:
    """Everything a caller can ask of a game (the record last: asking for it reads a JudgedGame's)."""
    verdict = game.verify()
    return (
        verdict,
        repr(game),
        game.source,
        game.format,
        game.readable,
        game.reading_warnings,
        [str(e) for e in game.errors],
        game.warnings,
        str(game.variant),
        game.result(),
        [str(p.state) for p in game.positions()],
        game.record,
        game.export("lg").text if game.readable else None,
    )


def same_games(judged: list[Game], read: list[Game]) -> int:
    """Asserts the two readings agree game by game; how many games were JudgedGames."""
    assert len(judged) == len(read)
    for fast, slow in zip(judged, read, strict=True):
        assert type(slow) is Game
        assert facts(fast) == facts(slow)
    return sum(isinstance(game, JudgedGame) for game in judged)


@needs_core
@pytest.mark.parametrize("path", LITTLE_GOLEM, ids=lambda path: path.name)
def test_every_little_golem_file_reads_the_same(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    same_games(list(cn.read(path)), eager(monkeypatch, lambda: cn.read(path)))


@needs_core
def test_a_collection_with_everything_around_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = write_text(legal_games(24), "lg")[0].splitlines()
    broken = "(;FF[4]SZ[5];W[E5];B[E5])"  # a stone on a stone: judged by the reader
    text = "\n".join(
        [
            *plain[:6],
            "  " + "   ".join(plain[6:9]),  # several on a line
            "notes between games",  # text the reader warns of
            *plain[9:12],
            broken,
            plain[12].replace(";", " ;\n", 3),  # a game over several lines
            plain[13][:-1],  # cut short by the next game
            *plain[14:20],
            "(;FF[4]SZ[5]C[a comment];W[E5])",
            *plain[20:],
        ]
    )
    judged = list(cn.read_text(text, source="games.sgf"))
    read = eager(monkeypatch, lambda: cn.read_text(text, source="games.sgf"))
    assert 18 <= same_games(judged, read) < len(read)  # most games judged, the odd ones read
    assert [game.verify().valid for game in read].count(False) >= 2  # the broken game, the one cut short
    assert any(game.reading_warnings for game in read)


@needs_core
def test_verifying_a_judged_game_does_not_read_its_record() -> None:
    text = write_text(legal_games(30), "lg")[0]
    games = list(cn.read_text(text, source="games.sgf"))
    judged = [game for game in games if isinstance(game, JudgedGame)]
    assert len(judged) == len(games)
    for game in judged:
        assert game.verify().valid
        assert "_record" not in vars(game)  # the record is read only when asked for
    assert judged[3].record.turns  # and then it is
    assert "_record" in vars(judged[3])
    copy = pickle.loads(pickle.dumps(judged[4]))  # a game kept or sent elsewhere, its record unread
    assert "_record" not in vars(copy)
    assert (copy.verify(), copy.record, copy.source) == (judged[4].verify(), judged[4].record, judged[4].source)


def test_games_not_cut_as_the_reader_cuts_them_are_left_to_it() -> None:
    game = "(;FF[4]SZ[5];W[E5])"
    assert game_texts(f"{game}\n {game}\n", 0, 2 * len(game) + 2, 2) == [game, game]
    assert game_texts(f"{game}  {game}", 0, 2 * len(game) + 2, 2) == [game, game]
    assert game_texts(f"{game}x {game}", 0, 2 * len(game) + 2, 2) is None  # not blanks between
    assert game_texts(f"{game} (;FF[4] ", 0, len(game) + 9, 2) is None  # the second is not whole


def test_verify_replays_in_python_only_to_explain_a_broken_rule() -> None:
    good = legal_games(6)
    first = good[0].turns
    broken = Record("catchup", (*first[:3], first[1]), players=("w", "b"))  # a stone on a taken cell
    text = write_text([*good, broken], "json")[0]
    games = list(cn.read_text(text, format="json", source="games.jsonl"))
    assert not any(isinstance(game, JudgedGame) for game in games)  # read the usual way
    for game in games[:-1]:
        assert game.verify().valid
        assert game._replay is None or core("_hexcore") is None  # the core said so: no replay
        assert game.result() == cn.read_text(write_text([game.record], "json")[0], format="json").__next__().result()
    verdict = games[-1].verify()
    assert not verdict.valid and verdict.error is not None
    assert verdict.error.turn == 4 and verdict.error.code == "occupied"
    assert verdict.error == games[-1].replay().error  # type: ignore[union-attr]  # the engine's own diagnostic


@needs_core
@pytest.mark.parametrize("variant", ["auto", "catchup-2012"])
def test_judged_games_read_with_a_variant_say_what_reading_them_says(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With variant "auto" the core judges every variant at once: a judged game names the variant
    chosen and every variant that accepts it (`accepted_by`) as the game read and replayed does."""
    records = legal_games(12)
    other = parse_variant("ketchup-4(size=5)").new_game()  # a game catchup itself refuses, taken too
    rng, turns = random.Random(3), []
    while not other.over and len(turns) < 9:
        turns.append(other.random_turn(rng))
        other.play(turns[-1])
    text = write_text([*records, Record("ketchup-4(size=5)", tuple(turns))], "lg")[0]
    judged = list(cn.read_text(text, source="games.sgf", variant=variant))
    read = eager(monkeypatch, lambda: cn.read_text(text, source="games.sgf", variant=variant))
    assert same_games(judged, read) >= len(read) // 2
    if variant == "auto":
        assert all(game.verify().accepted_by for game in judged)
        assert len({game.verify().accepted_by for game in judged}) >= 2
