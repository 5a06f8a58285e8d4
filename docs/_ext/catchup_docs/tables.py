"""Tables written from the library for the format and rules pages (see the package's docstring)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from sphinx.util.docutils import SphinxDirective

from catchup_docs.codes import FORMAT_MODULES, Code, format_codes, shared_codes

DESCRIPTIONS = Path(__file__).resolve().parents[2] / "formats" / "codes.toml"

#: How each kind of code is named in the tables, and its order there.
KINDS = {"error": "error", "write-error": "not written", "warning": "warning"}


@cache
def descriptions() -> dict[str, dict[str, str]]:
    """kind -> code -> what it means, from formats/codes.toml (kinds: those of KINDS, and `rule`)."""
    with DESCRIPTIONS.open("rb") as f:
        tables = tomllib.load(f)
    return {kind: {code: " ".join(text.split()) for code, text in table.items()} for kind, table in tables.items()}


def check_descriptions() -> list[str]:
    """Codes the library gives that codes.toml does not describe, and descriptions of no code."""
    from catchup_notation.errors import RULE_CODES

    given: set[Code] = set(shared_codes()).union(*(format_codes(name) for name in FORMAT_MODULES))
    given |= {Code(code, "rule") for code in RULE_CODES}
    described = {Code(code, kind) for kind, table in descriptions().items() for code in table}
    problems = [f"formats/codes.toml: no description of {c.kind} code {c.code!r}" for c in sorted(given - described)]
    problems += [f"formats/codes.toml: {c.kind} code {c.code!r} is given by nothing" for c in sorted(described - given)]
    return problems


def _codes_table(codes: set[Code]) -> str:
    order = list(KINDS)
    rows = ["| code | kind | meaning |", "|---|---|---|"]
    for c in sorted(codes, key=lambda c: (order.index(c.kind), c.code)):
        meaning = descriptions().get(c.kind, {}).get(c.code, "")
        rows.append(f"| `{c.code}` | {KINDS[c.kind]} | {meaning} |")
    return "\n".join(rows) + "\n"


class _Table(SphinxDirective):
    """A directive whose content is markdown made by `markdown()`."""

    has_content = False
    optional_arguments = 1

    def markdown(self) -> str:
        raise NotImplementedError

    def run(self) -> list[Any]:
        return self.parse_text_to_nodes(self.markdown())


class FormatCodes(_Table):
    """Every code the format named by the argument gives, but those every format shares."""

    required_arguments = 1

    def markdown(self) -> str:
        return _codes_table(format_codes(self.arguments[0]) - shared_codes())


class SharedCodes(_Table):
    """The codes of finding, opening and decoding an input, the same for every format."""

    def markdown(self) -> str:
        return _codes_table(shared_codes())


class RuleCodes(_Table):
    """The rules' error codes, in the order they are checked within a turn."""

    def markdown(self) -> str:
        from catchup_notation.errors import RULE_CODES

        rows = ["| code | the turn ... |", "|---|---|"]
        rows += [f"| `{code}` | {descriptions().get('rule', {}).get(code, '')} |" for code in RULE_CODES]
        return "\n".join(rows) + "\n"


class VerdictCodes(_Table):
    """The scoring rules' codes (`Result.decided_by`), with the library's own words for them."""

    def markdown(self) -> str:
        from catchup_notation.rules.scoring import VERDICT_CODES

        rows = ["| `decided_by` | the scoring rule |", "|---|---|"]
        rows += [f"| `{code}` | {words} |" for code, words in VERDICT_CODES.items()]
        return "\n".join(rows) + "\n"


class FormatFacts(_Table):
    """A format's name, file endings, the games it records and how it reads a collection."""

    required_arguments = 1

    def markdown(self) -> str:
        from catchup_notation.formats import get

        fmt = get(self.arguments[0])
        splits = getattr(fmt, "splits", False)
        games = {"hex": "hex games", "numbers": "number-set games", "any": "every game"}[fmt.family]
        rows = [
            "| | |",
            "|---|---|",
            f"| name | `{fmt.name}` ({fmt.title}) |",
            f"| file endings | {', '.join(f'`{e}`' for e in fmt.extensions)} |",
            f"| records | {games} |",
            f"| a big collection | {'read one record at a time' if fmt.streaming else 'read whole'}"
            f"{', on every core' if splits else ''} |",
        ]
        return "\n".join(rows) + "\n"


class FormatCarries(_Table):
    """What a record can hold, and whether the format can write it (else a warning or a refusal)."""

    required_arguments = 1

    def markdown(self) -> str:
        from catchup_notation.formats import get
        from catchup_notation.formats.base import FEATURES

        fmt = get(self.arguments[0])
        rows = ["| a record's ... | written |", "|---|---|"]
        for feature, words in FEATURES.items():
            rows.append(f"| {words} | {'yes' if feature in fmt.carries else 'no'} |")
        return "\n".join(rows) + "\n"


class CellNames(_Table):
    """Some cells of the side-5 board as each hex notation names them."""

    def markdown(self) -> str:
        from catchup_notation.board import hexhex
        from catchup_notation.formats import get, names

        board = hexhex(5)
        shown = [n for n in names() if get(n).family != "numbers" and n != "json"]
        cells = [("the top-left corner", "A", 1), ("the top-right corner", "A", 5), ("the centre", "E", 5)]
        cells += [("left of the centre, one row up", "D", 4), ("the bottom-right corner", "I", 5)]
        rows = ["| cell | " + " | ".join(f"`{n}`" for n in shown) + " | `json` |", "|---" * (len(shown) + 2) + "|"]
        for words, row, number in cells:
            cell = board.labelled(row, number)
            assert cell is not None
            rows.append(
                f"| {words} | "
                + " | ".join(f"`{get(n).cell_name(cell, board)}`" for n in shown)
                + f" | `[{cell[0]}, {cell[1]}]` |"
            )
        return "\n".join(rows) + "\n"


class VariantTable(_Table):
    """Every registered variant: its name, what it is, its other names, and its page."""

    def markdown(self) -> str:
        from catchup_docs.variant_pages import page_of
        from catchup_notation.rules.registry import specs

        rows = ["| variant | | also called |", "|---|---|---|"]
        for spec in specs():
            aliases = ", ".join(f"`{alias}`" for alias in spec.aliases)
            rows.append(f"| [`{spec.name}`]({page_of(spec.name)}.md#{spec.name}) | {spec.title} | {aliases} |")
        return "\n".join(rows) + "\n"
