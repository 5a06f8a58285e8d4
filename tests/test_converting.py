"""The check of a conversion (`converting`): a record the rules would judge otherwise once written
is refused, whatever the writer got wrong; a record that reads back as the same game is not
replayed; and a notation that writes a collection as its records' texts joined does so exactly."""

from __future__ import annotations

import attrs
import pytest
from cli_records import random_game, run, write_lg
from helpers import record

from catchup_notation import converting, formats
from catchup_notation.errors import WriteError
from catchup_notation.formats import lg as lg_module
from catchup_notation.model import Record

# A valid opening, then a stone on an occupied cell: invalid at turn 3.
BROKEN_AT_THE_END = record("catchup", "E5", "D4 F6", "E5")


def dropping_the_last_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Little Golem writer with a bug: it leaves out each record's last turn."""
    write_record = lg_module.write_record

    def buggy(record: Record):
        return write_record(attrs.evolve(record, turns=record.turns[:-1]))

    monkeypatch.setattr(lg_module.format, "write_record", buggy)  # the one `FORMAT.write` calls


def replays_counted(monkeypatch: pytest.MonkeyPatch) -> list[Record]:
    """The records `converting` replays, from now on."""
    replayed: list[Record] = []
    replay = converting.replay

    def counting(record: Record, *args, **kwargs):
        replayed.append(record)
        return replay(record, *args, **kwargs)

    monkeypatch.setattr(converting, "replay", counting)
    return replayed


def test_a_writer_bug_that_changes_the_verdict_is_caught(monkeypatch):
    dropping_the_last_turn(monkeypatch)
    with pytest.raises(WriteError) as caught:
        converting.faithfully(BROKEN_AT_THE_END, "lg")
    assert caught.value.code == "changes-verdict"
    assert "invalid at turn 3 (occupied)" in caught.value.message and "it would be valid" in caught.value.message


def test_convert_names_and_skips_a_record_a_writer_bug_would_make_valid(tmp_path, monkeypatch):
    source = write_lg(tmp_path / "g.sgf", random_game(1), BROKEN_AT_THE_END)
    dropping_the_last_turn(monkeypatch)
    result = run("convert", str(source), "--to", "lg")
    assert result.exit_code == 1
    assert "error[changes-verdict]: record 1 skipped" in result.stderr
    assert "wrote 1 of 2 records" in result.stderr
    assert result.stdout.count("(;") == 1  # the other record, as the (buggy) writer wrote it


def test_a_game_that_reads_back_changed_but_judged_alike_is_replayed_and_written(monkeypatch):
    unfinished = random_game(2, turns=6)
    dropping_the_last_turn(monkeypatch)
    replayed = replays_counted(monkeypatch)
    text, _ = converting.checked(unfinished, "lg")
    assert len(replayed) == 2  # both judged: valid, the same verdict
    assert text.count(";") == 1 + 5  # the root and the turns the writer kept


@pytest.mark.parametrize("target", ["lg", "json", "rga", "genius"])
def test_a_record_that_reads_back_as_the_same_game_is_not_replayed(monkeypatch, target):
    replayed = replays_counted(monkeypatch)
    for seed in range(3):
        converting.faithfully(random_game(seed), target)
    converting.faithfully(BROKEN_AT_THE_END, target)
    assert replayed == []


def test_a_valid_record_read_back_with_its_stones_reordered_is_replayed_once(monkeypatch):
    games = [random_game(seed) for seed in range(3)]
    replayed = replays_counted(monkeypatch)
    for game in games:
        converting.faithfully(game, "abstractplay")  # Abstract Play lists each turn's stones sorted
    # Each replayed once at most, and never the copy read back.
    assert 0 < len(replayed) <= len(games) and all(any(one is game for game in games) for one in replayed)


def test_an_invalid_record_read_back_with_its_stones_reordered_is_judged_twice(monkeypatch):
    broken = record("catchup", "E5", "F6 D4", "D4 E5")  # abstractplay sorts both: occupied either way
    replayed = replays_counted(monkeypatch)
    converting.faithfully(broken, "abstractplay")
    assert len(replayed) == 2 and replayed[0] is broken


def test_an_invalid_record_made_valid_by_the_notation_is_still_refused():
    # Two turns of player 1 in a row: Genius merges them into one turn, which would be legal.
    twice = Record(
        BROKEN_AT_THE_END.variant, (BROKEN_AT_THE_END.turns[0], attrs.evolve(BROKEN_AT_THE_END.turns[1], player=1))
    )
    with pytest.raises(WriteError) as caught:
        converting.faithfully(twice, "genius")
    assert caught.value.code == "changes-verdict"


JOINING = [fmt.name for fmt in formats.all_formats() if fmt.joins is not None]


@pytest.mark.parametrize("target", JOINING)
def test_a_joining_notation_writes_a_collection_as_its_records_alone_joined(target):
    records = [random_game(seed) for seed in range(4)]
    records[1] = attrs.evolve(records[1], players=("ann", "bob"), resigned=2)
    records.append(BROKEN_AT_THE_END)
    together, warned = formats.write_text(records, target)
    alone = [formats.write_text([one], target) for one in records]
    assert together == formats.get(target).joins.join(text for text, _ in alone)  # type: ignore[union-attr]
    assert {w.code for w in warned} == {w.code for _, more in alone for w in more}


def test_joining_notations_are_those_expected():
    assert set(JOINING) == {"lg", "json", "rga"}


@pytest.mark.parametrize("target", JOINING)
def test_convert_writes_what_the_writer_writes_of_the_collection(tmp_path, target):
    records = [random_game(seed) for seed in range(3)]
    source = write_lg(tmp_path / "g.sgf", *records)
    result = run("convert", str(source), "--to", target)
    assert result.exit_code == 0
    read = [item.record for item in formats.parse_text(source.read_text(encoding="utf-8"), format="lg")]
    assert result.stdout == formats.write_text(read, target)[0]


def test_an_rga_writer_bug_read_on_the_plain_path_is_caught(monkeypatch):
    """The rga reader reads the writer's own lines (rows with move entries beside them, the
    letters, the entries below) by regular expressions, not the grammar: a writer bug still shows."""
    from catchup_notation.formats.rga import lines, writer

    slots = writer._slots
    monkeypatch.setattr(writer, "_slots", lambda *args: slots(*args)[:-1])  # the last turn left out
    taken = []
    plain_line = lines._plain_line

    def spy(*args):
        line = plain_line(*args)
        taken.append(line is not None)
        return line

    monkeypatch.setattr(lines, "_plain_line", spy)
    with pytest.raises(WriteError) as caught:
        converting.faithfully(BROKEN_AT_THE_END, "rga")
    assert caught.value.code == "changes-verdict" and "it would be valid" in caught.value.message
    assert taken and all(taken)  # every line of the post read on the plain path
