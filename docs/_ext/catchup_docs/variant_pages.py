"""One page per family of variants, written from the registry (`variants/*.toml`): each variant's
rules in words, parameters, sources, how we read them, and which notations carry its records
(found by writing a random game of it in each and reading it back)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from catchup_notation.rules.registry import VariantSpec

DOCS = Path(__file__).resolve().parents[2]

#: The families, in the order of the manual: file name, title, a line of introduction, members.
#: A variant that no family names gets a page of its own.
FAMILIES = (
    (
        "catchup",
        "Catchup",
        "Nick Bentley's game as it is played today, and the rules it had before 2015.",
        ("catchup", "catchup-2012"),
    ),
    (
        "ketchup",
        "Ketchup 1 to 4",
        "The versions of the game before it was called Catchup.",
        ("ketchup-4", "ketchup-4-amended", "ketchup-3", "ketchup-2", "ketchup-1"),
    ),
    (
        "others",
        "Variants by other players",
        "Rules other players made from Ketchup and Catchup.",
        ("alternative", "sauce", "sabotage-malthus"),
    ),
    (
        "predecessors",
        "The predecessors: Plur, Too, Brink, Product",
        "Bentley's earlier games about group sizes, from which Ketchup grew.",
        ("plur", "too", "brink", "product"),
    ),
    (
        "numbers",
        "Number-set Catch-Up",
        "The game of Isaksen, Ismail, Brams and Nealen (2015): players take numbers from a set.",
        ("catch-up",),
    ),
)

#: Parameters a variant needs to be played in the format survey (no source gives brink a margin).
REQUIRED = {"brink": "x=3"}


def family_pages() -> dict[str, str]:
    """File name (without .md) -> page text, for every family that has a registered variant."""
    from catchup_notation.rules.registry import specs

    registered = {spec.name: spec for spec in specs()}
    pages: dict[str, str] = {}
    placed: set[str] = set()
    for name, title, intro, members in FAMILIES:
        present = [registered[m] for m in members if m in registered]
        if present:
            pages[name] = _page(title, intro, present)
            placed.update(spec.name for spec in present)
    for spec in registered.values():
        if spec.name not in placed:
            pages[spec.name] = _page(spec.title, "", [spec])
    return pages


def families() -> list[tuple[str, str]]:
    """(file name, title) of the pages `family_pages` writes, in order."""
    pages = family_pages()
    titles = {name: title for name, title, _intro, _members in FAMILIES}
    return [(name, titles.get(name) or name) for name in pages]


def _page(title: str, intro: str, members: list[VariantSpec]) -> str:
    parts = [f"# {title}\n", intro + "\n" if intro else ""]
    parts.append("`catchup variants` prints the same. How games are scored is explained in [](index.md).\n")
    for spec in members:
        parts.append(_variant(spec))
    return "\n".join(parts)


def _variant(spec: VariantSpec) -> str:
    lines = [f"({spec.name})=", f"## `{spec.name}`: {spec.title}\n"]
    facts = []
    if spec.aliases:
        facts.append("Also called: " + ", ".join(f"`{alias}`" for alias in spec.aliases) + ".")
    facts.append(f"Players: {spec.players[0]} (first) and {spec.players[1]}.")
    if spec.colours != spec.players:
        either = " Either player may place a stone of either colour." if spec.either_colour else ""
        facts.append(f"Stones: {spec.colours[0]} and {spec.colours[1]}.{either}")
    if spec.reconstructed:
        facts.append("**Reconstructed**: no source states these rules whole; see below.")
    lines += [" ".join(facts) + "\n", "### Rules\n", _prose(spec.description)]
    if spec.parameters:
        lines += ["### Parameters\n", "| name | default | |", "|---|---|---|"]
        for p in spec.parameters:
            default = p.default_text()
            shown = "required" if p.required else "none" if default is None else f"`{default}`"
            low = f" (at least {p.minimum})" if p.minimum is not None else ""
            lines.append(f"| `{p.name}` | {shown} | {' '.join(p.description.split())}{low} |")
        lines.append("")
    lines += ["### Sources\n", *(f"- {source}" for source in spec.sources), ""]
    lines += ["### How we read them\n", _prose(spec.how_sure)]
    notes = DOCS / "variants" / f"{spec.name}.md"
    if notes.exists():
        lines += [f"```{{include}} ../variants/{spec.name}.md", ":heading-offset: 2", "```\n"]  # its # is our ###
    lines += ["### Notations\n", _carried_by(spec.name), ""]
    lines += _openings(spec.name)
    return "\n".join(lines)


def _prose(text: str) -> str:
    return "\n\n".join(" ".join(part.split()) for part in text.strip().split("\n\n")) + "\n"


@attrs.frozen
class Carried:
    """What one notation does with a record of a variant."""

    format: str
    written: bool
    warnings: tuple[str, ...]  # the codes
    refusal: str | None  # the code of the WriteError that refused it
    #: "yes" (as written), "variant" (only when told the variant) or "no".
    reads_back: str


def survey(name: str) -> list[Carried]:
    """Write a random finished game of variant `name` in every notation and read it back."""
    from catchup_notation import formats
    from catchup_notation.errors import WriteError
    from catchup_notation.model import Record
    from catchup_notation.rules.registry import find_spec, parse_variant

    spec = find_spec(name)
    if spec.family == "hex":
        least = next((p.minimum for p in spec.parameters if p.name == "size" and p.minimum), 2)
        small = f"size={max(3, least)}"
    else:
        small = "set=1..6"
    variant = parse_variant(f"{name}({', '.join(filter(None, [small, REQUIRED.get(name)]))})")
    engine = variant.new_game()
    rng = random.Random(7)
    turns = []
    while not engine.over:
        turn = engine.random_turn(rng)
        engine.play(turn)
        turns.append(turn)
    record = Record(variant=str(variant), turns=tuple(turns), players=("Ann", "Bob"))
    found = []
    for fmt in formats.names():
        try:
            text, warnings = formats.write_text([record], fmt)
        except WriteError as exc:
            found.append(Carried(fmt, False, (), exc.code, "no"))
            continue
        codes = tuple(sorted({w.code for w in warnings}))
        if _reads_back(text, fmt, record, None):
            found.append(Carried(fmt, True, codes, None, "yes"))
        else:
            told = _reads_back(text, fmt, record, record.variant)
            found.append(Carried(fmt, True, codes, None, "variant" if told else "no"))
    return found


def _reads_back(text: str, fmt: str, record: object, variant: str | None) -> bool:
    from catchup_notation import formats
    from catchup_notation.errors import CatchupError
    from catchup_notation.model import Record

    assert isinstance(record, Record)
    try:
        back = [p.record for p in formats.parse_text(text, format=fmt, variant=variant)]
    except CatchupError:
        return False
    return len(back) == 1 and back[0] is not None and _game(back[0]) == _game(record)


def _game(record: object) -> tuple[object, ...]:
    """A record's variant and turns, the order of a turn's stones left out (notations sort them)."""
    from catchup_notation.model import Record

    assert isinstance(record, Record)
    turns = [
        (t.player, frozenset(zip(t.cells, t.colours or [t.player] * len(t.cells), strict=True)), t.numbers)
        for t in record.turns
    ]
    return record.variant, tuple(turns)


def _carried_by(name: str) -> str:
    rows = ["| notation | writes it | reads it back as written |", "|---|---|---|"]
    for c in survey(name):
        link = f"[{c.format}](../formats/{c.format}.md)"
        if not c.written:
            rows.append(f"| {link} | no (`{c.refusal}`) | |")
            continue
        warned = f"yes, warning {', '.join(f'`{w}`' for w in c.warnings)}" if c.warnings else "yes"
        back = {"yes": "yes", "variant": f"when told the variant (`--variant {name}`)", "no": "no"}[c.reads_back]
        rows.append(f"| {link} | {warned} | {back} |")
    return "A random game on a small board, written in each notation and read back:\n\n" + "\n".join(rows) + "\n"


def _openings(name: str) -> list[str]:
    pictures = []
    for side in (2, 3):
        folder = DOCS / "openings" / f"side-{side}"
        found = sorted(folder.glob(f"{name}.svg")) + sorted(folder.glob(f"{name}-*.svg"))
        pictures += [(side, path) for path in found]
    if not pictures:
        return []
    words = "The value of every first move for the first player (green wins, red loses, grey draws):\n"
    lines = ["### With perfect play\n", words]
    for side, path in pictures:
        lines.append(f"![{name}, side {side}: {path.stem}](../openings/side-{side}/{path.name})")
    lines.append("\nHow these maps are made, and what they say: [](../solvers.md).\n")
    return lines


def page_of(name: str) -> str:
    """The family page (file name) a variant is described on."""
    for page, _title, _intro, members in FAMILIES:
        if name in members:
            return page
    return name
