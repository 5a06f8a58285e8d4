"""`catchup solve` on hex positions: the JSON contract, openings, pictures, records and limits."""

from __future__ import annotations

from cli_records import json_lines, random_game, run, write_lg

from catchup_notation.rules.registry import parse_variant
from catchup_notation.solvers.endgame import solve_endgame


def test_empty_board_value_line_and_every_opening():
    result = run("solve", "--variant", "catchup(size=2)", "--moves", "--json", "--jobs", "1")
    assert result.exit_code == 0, result.output
    (data,) = json_lines(result.stdout)
    game = parse_variant("catchup(size=2)").new_game()
    assert data["value"] == solve_endgame(game).value and data["complete"] and data["status"] == "solved"
    # the line replays through the engine to the value's end
    for step in data["principal_line"]:
        game.play(_turn(game, step))
    assert game.over
    cells = sorted(m["cells"][0] for m in data["moves"])
    assert cells == sorted(parse_variant("catchup(size=2)").board.label(c) for c in game.board.cells)
    assert max(m["value"] for m in data["moves"]) == data["value"]
    assert len({m["orbit"] for m in data["moves"]}) == 2  # the centre, and the six edge cells alike


def _turn(game, step):
    from catchup_notation.model import Turn

    index = {game.board.label(c): c for c in game.board.cells}
    return Turn(step["player"], tuple(index[name] for name in step["cells"]), colours=tuple(step.get("colours", ())))


def test_svg_pictures_of_the_best_openings(tmp_path):
    result = run("solve", "--variant", "too(size=2)", "--svg", str(tmp_path / "maps"), "--jobs", "1")
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "maps").iterdir())
    assert any(name.startswith("best-") for name in written) and any(name.startswith("map") for name in written)
    assert all((tmp_path / "maps" / name).read_text().startswith("<svg") for name in written)


def test_svg_map_paints_each_cell_by_its_value_and_says_so(tmp_path):
    import xml.etree.ElementTree as ET

    from catchup_notation.solve_reports import VALUE_FILLS

    result = run("solve", "--variant", "too(size=2)", "--moves", "--json", "--svg", str(tmp_path), "--jobs", "1")
    assert result.exit_code == 0, result.output
    (data,) = json_lines(result.output.split("\nwrote", 1)[0])
    ns = {"s": "http://www.w3.org/2000/svg"}
    for colour, name in ((1, "black"), (2, "white")):
        root = ET.parse(tmp_path / f"map-{name}.svg").getroot()
        fills = {p.get("data-cell"): p.get("fill") for p in root.iterfind(".//s:polygon", ns)}
        values = {m["cells"][0]: m["value"] for m in data["moves"] if m.get("colours", [1])[0] == colour}
        assert fills == {cell: VALUE_FILLS[value] for cell, value in values.items()}
        caption = [t.text for t in root.iterfind(".//s:g[@class='caption']/s:text", ns)]
        assert caption[0] == "too(size=2), the empty board" and f"a {name.capitalize()} stone" in caption[1]
        words = {1: "green: win", 0: "grey: draw", -1: "red: loss"}  # the legend names the values shown
        assert caption[2] == ", ".join(words[v] for v in sorted(set(values.values()), reverse=True))
        # the picture is wide enough for its longest caption line (13 px text, about 7 px a character)
        assert float(root.get("width")) >= 6.5 * max(len(line) for line in caption)


def test_record_position_after_turn_n(tmp_path):
    path = write_lg(tmp_path / "g.sgf", random_game(3, "catchup", turns=30))
    result = run("solve", str(path), "--turn", "28", "--json", "--jobs", "1")
    assert result.exit_code == 0, result.output
    (data,) = json_lines(result.stdout)
    assert data["turns"] == 28 and data["value"] in (1, 0, -1) and data["principal_line"]
    assert data["source"] == str(path) and data["format"] == "lg" and data["error"] is None


def test_too_large_is_refused_and_a_budget_stops_with_what_is_known():
    from catchup_notation.solvers.estimate import OPENING_EMPTY

    result = run("solve", "--variant", "catchup(size=5)")
    assert result.exit_code == 1 and "--timeout" in result.output
    # an empty board: no stone to decide anything early, so it takes far longer than an endgame of
    # as many empty cells; side 3 is refused without a budget in Python (minutes) but solved by the
    # compiled core (seconds), side 4 by neither
    result = run("solve", "--variant", "catchup(size=3)")
    if OPENING_EMPTY < 19:
        assert result.exit_code == 1 and "--timeout" in result.output
    else:
        assert result.exit_code == 0 and "wins with perfect play" in result.output
    result = run("solve", "--variant", "catchup(size=4)")
    assert result.exit_code == 1 and "--timeout" in result.output
    result = run("solve", "--variant", "catchup(size=4)", "--timeout", "1", "--json", "--jobs", "1")
    assert result.exit_code == 1
    (data,) = json_lines(result.output.split("\n", 1)[0] if result.output.startswith("{") else result.stdout)
    assert data["complete"] is False and "--timeout" in data["stopped"]


def test_a_search_stopped_before_the_value_is_unsolved_in_its_status_and_words():
    as_json = run("solve", "--variant", "catchup(size=4)", "--max-nodes", "5", "--json", "--jobs", "1")
    assert as_json.exit_code == 1
    (data,) = json_lines(as_json.stdout)
    assert (data["status"], data["value"], data["complete"]) == ("unsolved", None, False)
    text = run("solve", "--variant", "catchup(size=4)", "--max-nodes", "5", "--jobs", "1")
    assert text.exit_code == 1 and "to move: unsolved (" in text.stdout
    numbers = run("solve", "--set", "1..12", "--max-nodes", "5", "--json", "--jobs", "1")
    assert numbers.exit_code == 1
    (data,) = json_lines(numbers.stdout)
    assert (data["status"], data["value"]) == ("unsolved", None)
