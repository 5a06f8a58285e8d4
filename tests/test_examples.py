"""The bundled examples: the front page's first command on every one of them, and the opening maps of
the manual redrawn."""

from __future__ import annotations

from pathlib import Path

from cli_records import json_lines, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_every_example_verifies():
    result = run("verify", "--corrections", "diagram", "--json", str(EXAMPLES))
    rows = json_lines(result.stdout)
    assert result.exit_code == 0, result.output
    assert rows and all(row["valid"] for row in rows)
    assert {Path(row["source"]) for row in rows} == {p for p in EXAMPLES.rglob("*") if p.is_file()}


def test_every_example_adjudicates():
    result = run("adjudicate", "--corrections", "diagram", "--json", str(EXAMPLES))
    rows = json_lines(result.stdout)
    assert result.exit_code == 0, result.output
    assert all(row["status"] in ("finished", "resigned", "unfinished") for row in rows)
    by_rule = {row["decided_by"] for row in rows if row["status"] == "finished"}
    assert {"plurality", "no-cut", "second-largest", "product", "margin"} <= by_rule


def test_side_2_opening_maps_are_what_solve_draws_now(tmp_path):
    """docs/openings/side-2/*.svg are `catchup solve --variant "V(size=2)" --moves --svg DIR`'s maps,
    so a change in the rules, the solver or the drawing that alters them shows here."""
    from catchup_notation.rules.registry import parse_variant
    from catchup_notation.solve_reports import write_move_pictures
    from catchup_notation.solvers.endgame import solve_endgame

    folder = EXAMPLES.parent / "docs" / "openings" / "side-2"
    either_colour = ("too", "product")  # one map per stone colour: too-black.svg, too-white.svg
    committed = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.svg")}
    variants = {name.rsplit("-", 1)[0] if name.startswith(either_colour) else name[:-4] for name in committed}
    assert len(variants) == 12
    for name in sorted(variants):
        game = parse_variant(f"{name}(size=2{', x=2' if name == 'brink' else ''})").new_game()
        drawn = write_move_pictures(game, solve_endgame(game, moves=True), tmp_path / name)
        maps = {
            p.name.replace("map", name, 1): p.read_text(encoding="utf-8") for p in drawn if p.name.startswith("map")
        }
        assert maps == {n: text for n, text in committed.items() if n in maps}
        assert len(maps) == (2 if name in either_colour else 1)
