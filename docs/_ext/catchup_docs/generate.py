"""The pages and pictures the manual writes from the library before Sphinx reads its sources."""

from __future__ import annotations

import random
from pathlib import Path

from catchup_docs.cli_page import cli_page
from catchup_docs.notebook import notebook_page
from catchup_docs.variant_pages import families, family_pages

#: Written when the manual is built (relative to docs/), never committed: see docs/.gitignore.
GENERATED = ("cli.md", "notebook.md", "rules/*.md but rules/index.md", "_generated/")
NOTEBOOK = "notebook/tutorial.ipynb"


def write_all(docs: Path) -> None:
    """Write every generated page and picture under `docs`."""
    _write(docs / "cli.md", cli_page())
    pages = family_pages()
    for name, text in pages.items():
        _write(docs / "rules" / f"{name}.md", text)
    for stale in (docs / "rules").glob("*.md"):
        if stale.stem not in pages and stale.name != "index.md":
            stale.unlink()  # a family that no longer exists
    toctree = ["```{toctree}", ":maxdepth: 1", "", *(f"/rules/{name}" for name, _title in families()), "```", ""]
    _write(docs / "_generated" / "families.md", "\n".join(toctree))
    svg, text = cascade_example()
    _write(docs / "_generated" / "cascade.svg", svg)
    _write(docs / "_generated" / "cascade.md", text)
    _write(docs / "notebook.md", notebook_page(docs / NOTEBOOK))
    _write(docs / "_generated" / "front-board.svg", front_board(docs.parent / "examples"))


def _write(path: Path, text: str) -> None:
    """Write `text` unless the file holds it already (so that Sphinx rebuilds only what changed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


#: The record the front page draws: `catchup show FILE --record N --svg board.svg` writes the same.
FRONT_RECORD = ("littlegolem-collection.sgf", 3)


def front_board(examples: Path) -> str:
    """The picture on the front page: the last position of an unfinished game of the examples,
    as `catchup show` draws it."""
    import catchup_notation as cn

    name, index = FRONT_RECORD
    game = list(cn.read(examples / name))[index]
    return str(game.position(-1).svg())


def cascade_example() -> tuple[str, str]:
    """A random side-3 Catchup game whose largest groups tie, decided by the next ones that both
    players have: its final position drawn by the library, and the record and the verdict as
    markdown."""
    import catchup_notation as cn

    for seed in range(1000):
        engine = cn.new_game("catchup(size=3)")
        rng = random.Random(seed)
        turns = []
        while not engine.over:
            turn = engine.random_turn(rng)
            engine.play(turn)
            turns.append(turn)
        result = engine.score()
        at = result.decided_at
        if at in (1, 2) and result.winner is not None and min(map(len, result.groups)) > at:
            break  # both players have the groups the comparison reached
    else:  # pragma: no cover - a thousand random games always hold one
        raise RuntimeError("no random side-3 game was decided by its second-largest groups")
    game = cn.Game(cn.Record(variant="catchup(size=3)", turns=tuple(turns)))
    final = game.position(-1)
    record = str(game.export("lg")).strip()  # an Export prints as its text
    groups = " and ".join(
        f"{name} {'-'.join(map(str, sizes))}" for name, sizes in zip(final.names, result.groups, strict=True)
    )
    text = "\n".join(
        [
            "```text",
            record,
            "```",
            "",
            f"The groups at the end are {groups}. The library's verdict:",
            "",
            f"> {game.result().explanation}",
            "",
        ]
    )
    return str(final.svg()), text
