"""The public API as a user meets it: one import, games that say what they are, positions that print
and draw themselves, verdicts naming the record's players, only library errors, documented names."""

from __future__ import annotations

import importlib
import inspect
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import catchup_notation as cn

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
COLLECTION = EXAMPLES / "littlegolem-collection.sgf"


def test_a_notebook_session_with_one_import(capsys):
    # The check, as a user would type it: read the examples and a collection, walk, draw,
    # adjudicate and export to every format.
    games = list(cn.read(EXAMPLES, corrections="diagram"))
    collection = list(cn.read(COLLECTION))
    for game in collection:
        for position in game.positions():
            print(position)
        svg = game.position(-1).svg()
        print(game, game.result().explanation)
        texts = {fmt: game.export(fmt).text for fmt in cn.formats.names() if fmt != "numbers"}
    out = capsys.readouterr().out
    assert len(games) >= 10 and all(g.readable for g in games)
    assert len(collection) == 4 and "amsterdam (White) wins" in out
    assert ET.fromstring(svg).tag.endswith("svg")
    assert set(texts) == {"lg", "rga", "genius", "abstractplay", "json"}
    assert out.count(" A ") >= 40  # a board printed for every position of the first game at least


def test_everything_public_is_importable_documented_and_listed():
    assert sorted(cn.__all__) == sorted(set(cn.__all__))
    assert set(cn.__all__) <= set(dir(cn))
    for name in cn.__all__:
        value = getattr(cn, name)
        assert inspect.getdoc(value), f"{name} has no docstring"
        if inspect.isclass(value):
            for member, attribute in vars(value).items():
                if member.startswith("_") or not (callable(attribute) or isinstance(attribute, property)):
                    continue
                assert inspect.getdoc(getattr(value, member)), f"{name}.{member} has no docstring"


@pytest.mark.parametrize(
    "module",
    ["reading", "game", "reports", "batch", "writing", "formats", "formats.base", "formats.decoding", "rules.registry"],
)
def test_public_functions_of_the_library_modules_are_documented(module):
    loaded = importlib.import_module(f"catchup_notation.{module}")
    assert inspect.getdoc(loaded)
    for name, value in vars(loaded).items():
        if name.startswith("_") or getattr(value, "__module__", None) != loaded.__name__:
            continue
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), f"{module}.{name} has no docstring"


def test_game_and_position_reprs_are_short_and_say_what_they_are():
    game = next(cn.read(COLLECTION))
    assert repr(game) == (
        "<Game lg:littlegolem-collection.sgf#0 amsterdam vs brisbane, catchup(size=5), 38 turns: White wins>"
    )
    assert repr(game.position(12)) == (
        "<Position catchup(size=5) after turn 12 (E2): amsterdam (White) to move (1/2 stones)>"
    )
    assert len(repr(game.record)) < 120 and "38 turns" in repr(game.record)
    assert repr(game.record.turns[1]).startswith("Turn(2, (")


def test_verdicts_name_the_records_players():
    game = next(cn.read(COLLECTION))
    assert game.players == ("amsterdam", "brisbane")
    assert game.result().explanation.startswith("amsterdam (White) wins 29-1-... against brisbane (Black) 14-11-...")
    nameless = cn.Game(cn.Record(game.record.variant, game.record.turns))
    assert nameless.result().explanation.startswith("White wins 29-1-... against Black 14-11-...")


def test_rule_errors_name_the_player_and_are_located():
    text = "(;PB[bob]PW[al]SZ[5]\n;W[E5];B[D4F6];W[E5])"
    (game,) = cn.read_text(text, source="g.sgf")
    (error,) = game.errors
    assert isinstance(error, cn.IllegalTurn) and error.code == "occupied"
    assert error.error.turn == 3 and "turn 3, al (White): E5 already holds a White stone" in error.message
    assert str(error).startswith("g.sgf:2:15: error[occupied]")
    verdict = game.verify()
    assert not verdict.valid and verdict.error == error.error


def test_an_unreadable_record_is_a_game_with_an_error_and_no_turns():
    (game,) = cn.read_text("(;FF[4]SZ[5];W[E5];B[D4F6;W[C1])", source="broken.sgf")
    assert not game.readable and game.record.turns == () and game.errors == (game.reading_error,)
    assert not game.verify().valid and game.result().status == "invalid"
    assert list(game.positions()) == []
    assert "unreadable" in repr(game)


def test_positions_walk_from_the_empty_board_to_the_last_legal_turn():
    game = next(cn.read(COLLECTION))
    positions = list(game.positions())
    assert [p.number for p in positions] == list(range(len(game.record.turns) + 1))
    assert positions[0].state.stone_count == 0 and positions[0].turn is None
    assert positions[5].turn == game.record.turns[4]
    assert game.position(5) == positions[5] and game.position(-1) == positions[-1]
    assert positions[1].allowance.counts == (1, 2) and "did not increase" in positions[1].allowance.reason
    board = str(positions[3]).splitlines()
    assert board[1].strip().startswith("A ") and "amsterdam (White)" in str(positions[3])
    with pytest.raises(IndexError):
        game.position(999)
    with pytest.raises(cn.NoSuchPosition):
        game.position(-40)


def test_records_and_variants_are_values():
    game = next(cn.read(COLLECTION))
    assert hash(game.record) == hash(cn.Record(game.record.variant, game.record.turns, players=game.record.players))
    assert len({game.record, game.record}) == 1
    assert hash(cn.parse_variant("lg(size=7)")) == hash(cn.parse_variant("catchup(size=7)"))
    assert cn.parse_variant("lg(size=7)") == cn.parse_variant("catchup(size=7)")


def test_only_library_errors_escape_public_calls():
    assert issubclass(cn.NotationError, cn.CatchupError) and issubclass(cn.WriteError, cn.CatchupError)
    failing = [
        lambda: cn.parse_variant("catchup(size="),
        lambda: cn.parse_variant("nope"),
        lambda: cn.Board([(0, 0)]),
        lambda: cn.hexhex(1),
        lambda: cn.Turn(3, ((0, 0),)),
        lambda: cn.Turn(1, ((0, 0),), colours=(1, 2)),
        lambda: cn.Record("catchup", resigned=0),
        lambda: cn.from_data({"variant": "catchup", "turns": [{"player": "1"}]}, cn.Record),
        lambda: cn.read_text("", format="nope"),
        lambda: cn.read_text("", variant="nope"),
        lambda: cn.write_text([cn.Record("catch-up(set=1..3)", (cn.Turn(1, numbers=(3,)),))], "lg"),
        lambda: next(cn.read_text("(;SZ[5];W[E5])")).position(7),
        lambda: cn.new_game("catchup").play(cn.Turn(2, ((0, 0),))),
        lambda: cn.Game(None),
    ]
    for call in failing:
        with pytest.raises(cn.CatchupError):
            call()


def test_game_write_uses_the_name_and_keeps_nothing_half_written(tmp_path):
    game = next(cn.read(COLLECTION))
    target = tmp_path / "g.apjson"
    written = game.write(target)
    assert written.format == "abstractplay" and {w.code for w in written.warnings} == {"headers-dropped"}
    (back,) = cn.read(target)
    assert [set(t.cells) for t in back.record.turns] == [set(t.cells) for t in game.record.turns]
    assert back.format == "abstractplay"
    with pytest.raises(cn.OutputError):
        game.write(tmp_path / "missing" / "g.sgf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.apjson"]


def test_auto_variant_judges_by_the_rules_that_accept_the_record():
    (post,) = cn.read(EXAMPLES / "rga-post-as-typed.txt", corrections="diagram", variant="auto")
    verdict = post.verify()
    assert verdict.accepted_by == ("catchup(size=5)", "catchup-2012(size=5)", "ketchup-3(size=5)", "ketchup-2(size=5)")
    assert verdict.variant == "catchup(size=5)" and verdict.valid
    strict = post.with_variant("ketchup-4")
    assert strict.variant.name == "ketchup-4" and not strict.verify().valid


def test_export_gives_the_text_and_what_it_could_not_carry():
    game = next(cn.read(COLLECTION))
    exported = game.export("genius")
    assert str(exported) == exported.text and exported.format == "genius"
    assert {w.code for w in exported.warnings} == {"headers-dropped"}  # EV, GC, SO: the names are written
    assert "PB" not in exported.warnings[0].message and "PW" not in exported.warnings[0].message
    assert game.export("sgf").format == "lg" and game.export("json").warnings == ()
    with pytest.raises(cn.WriteError) as refused:
        game.export("genius", strict=True)
    assert refused.value.code == "lossy" and "EV" in refused.value.message
    assert game.export("json", strict=True).text == exported_json(game)


def exported_json(game):
    return cn.write_text([game.record], "json")[0]


def test_no_false_headers_dropped_when_the_players_are_written():
    (game,) = cn.read_text("(;FF[4]PB[bo]PW[al]SZ[5];W[E5];B[D4F6])", source="g.sgf")
    for fmt in ("genius", "rga", "abstractplay", "lg", "json"):
        assert game.export(fmt).warnings == (), fmt


def test_an_engine_plays_cells_by_name_prints_a_board_and_has_a_one_line_repr():
    engine = cn.new_game("catchup")
    engine.play("E5")
    engine.play("D4 F6")
    assert engine.state().stones == (((0, 0),), ((0, -1), (1, 1)))
    assert repr(engine) == "<CatchupGame catchup(size=5) after turn 2: White to move (1/2 stones), 58 empty>"
    board = str(engine)
    assert "E . . . . w . . . . E" in board and "score 1" in board
    with pytest.raises(cn.IllegalTurn):
        engine.play("e5")  # names in either case; E5 is taken
    with pytest.raises(cn.NotationError) as unknown:
        engine.play("E5=q")
    assert unknown.value.code == "colour-mark"
    assert engine.turn_text(engine.parse_turn("c2 c3")) == "C2 C3"
    numbers = cn.new_game("catch-up(set=1..4)")
    numbers.play("3")
    numbers.play("<1,4>")
    assert numbers.state().scores == (3, 5) and "<2> left" in repr(numbers)


def test_a_game_engine_names_cells_in_the_records_notation():
    text = '{"header": {"game": {"name": "Catchup", "variants": ["#board"]}}, "moves": [["e5"]]}'
    (game,) = cn.read_text(text, format="abstractplay")
    engine = game.engine()
    engine.play("a1 a2")  # Abstract Play counts rows from the bottom
    assert game.turn_text(engine_turn(engine)) == "a1 a2"
    assert repr(game.position(1)) == "<Position catchup(size=5) after turn 1 (e5): Black to move (1/2 stones)>"


def engine_turn(engine):
    return cn.Turn(2, tuple(sorted(engine.state().stones[1])))


def test_turns_are_constructor_reprs_and_types_agree():
    # A bare Turn has no board (the same pair is E5 on side 5 and D4 on side 4), so its repr is the
    # constructor's; where a board is known (a Position, an engine, a Game) turns are said by name.
    turn = cn.Turn(1, ((0, 0),))
    assert eval(repr(turn), {"Turn": cn.Turn}) == turn
    game = next(cn.read(COLLECTION))
    first = cn.hexhex(5).label(game.turns[0].cells[0])
    assert game.turn_text(game.turns[0]) == first == game.position(1).turn_text
    (post,) = cn.read(EXAMPLES / "rga-post-as-typed.txt", corrections="diagram", variant="auto")
    assert isinstance(post.accepting_variants(), tuple) and post.accepting_variants() == post.verify().accepted_by


def test_dir_of_the_package_shows_only_public_names():
    names = dir(cn)
    assert not {"Any", "TYPE_CHECKING", "import_module", "annotations"} & set(names)
    assert set(names) == {*cn.__all__, "__version__"}


def test_report_rows_are_flat_and_load_as_a_table():
    import csv
    import io

    from catchup_notation.reports import ROW_FIELDS

    games = list(cn.read(EXAMPLES, corrections="diagram"))
    rows = list(cn.report_rows(cn.adjudication_report(g) for g in games))
    assert len(rows) == len(games) and all(list(row) == list(ROW_FIELDS["adjudicate"]) for row in rows)
    assert all(type(v) in (str, int, bool, type(None)) for row in rows for v in row.values())
    out = io.StringIO()
    writer = csv.DictWriter(out, ROW_FIELDS["adjudicate"])
    writer.writeheader()
    writer.writerows(rows)
    back = list(csv.DictReader(io.StringIO(out.getvalue())))
    first = next(r for r in back if r["source"].endswith("littlegolem-collection.sgf"))
    assert (first["player_1"], first["player_2"], first["winner"], first["winner_name"]) == (
        "amsterdam",
        "brisbane",
        "1",
        "amsterdam",
    )
    assert first["decided_at"] == "0"  # decided by the largest groups alone
    assert first["decisive_groups_1"] == "29" and first["decisive_groups_2"] == "14"
