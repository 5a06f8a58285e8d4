"""`--corrections` passes fixes to the rga reader: a post with two slips reads only with them."""

from __future__ import annotations

from pathlib import Path

from cli_records import json_lines, run

POST = Path(__file__).parent / "data" / "rga" / "post-as-typed.txt"


def test_the_post_is_unreadable_without_corrections():
    result = run("verify", str(POST), "--json")
    assert result.exit_code == 3
    (line,) = json_lines(result.stdout)
    assert line["error"]["code"] == "not-a-cell" and "h3" in line["error"]["message"]


def test_corrections_from_the_diagram_and_by_hand_give_the_same_verdict():
    for fixes in ("diagram", "h3=h4,12:n3=o3"):
        result = run("adjudicate", str(POST), "--json", "--corrections", fixes)
        assert result.exit_code == 0, result.output
        (line,) = json_lines(result.stdout)
        assert (line["status"], line["winner"], line["reason"]) == ("resigned", 1, "resignation")


def test_corrections_concern_rga_posts_only(tmp_path):
    game = tmp_path / "g.sgf"
    game.write_text("(;FF[4]SZ[5];W[E5])\n", encoding="utf-8")
    (tmp_path / "post.txt").write_text(POST.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("verify", str(tmp_path), "--corrections", "diagram", "--json")
    assert result.exit_code == 0, result.output
    assert [line["valid"] for line in json_lines(result.stdout)] == [True, True]
    assert run("verify", str(POST), "--corrections", "h3").exit_code == 2


SLIP = Path(__file__).parent / "quirks" / "rga-slip.rga"


def test_corrections_from_the_diagram_mend_a_cell_played_twice():
    result = run("verify", str(SLIP), "--json", "--variant", "catchup")
    (line,) = json_lines(result.stdout)
    assert line["valid"] is False and line["error"]["code"] == "occupied"
    result = run("verify", str(SLIP), "--json", "--variant", "catchup", "--corrections", "diagram")
    assert result.exit_code == 0, result.output
    (line,) = json_lines(result.stdout)
    assert line["valid"] is True
