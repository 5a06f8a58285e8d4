"""The manual's own Sphinx extension: pages and tables written from the library when the manual is
built, so that they cannot fall behind it.

- Pages (written before Sphinx reads the sources, never committed; `GENERATED` lists them): the
  command-line reference from the typer app (`cli.md`), one page per family of variants from the
  registry (`rules/*.md`), the notebook tutorial run and turned into a page (`notebook.md`), and
  the scoring picture (`_generated/`).
- Directives for the format pages: `format-facts NAME` (extensions, family, ...), `format-carries
  NAME` (what a record can hold that the notation can or cannot write), `format-codes NAME` (every
  warning and error code it gives, with its meaning from `formats/codes.toml`), `shared-codes`,
  `rule-codes`, `verdict-codes`, `cell-names` (a few cells as each notation names them) and
  `variant-table` (every variant, with a link to its page).
- The browser page (`browser_page`): its site (Python, the library and the page's script) written
  into the built manual, and `browser-download`, the table of what it downloads.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from catchup_docs import browser_page, generate
from catchup_docs.docstrings import plain_docstring
from catchup_docs.tables import (
    CellNames,
    FormatCarries,
    FormatCodes,
    FormatFacts,
    RuleCodes,
    SharedCodes,
    VariantTable,
    VerdictCodes,
    check_descriptions,
)

logger = logging.getLogger(__name__)


def _write_pages(app: Sphinx) -> None:
    generate.write_all(Path(app.srcdir))
    for problem in check_descriptions():
        logger.warning(problem)


def _hide_attrs_noise(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, *rest: Any
) -> Any:
    """attrs spells a `factory=` default as NOTHING in signatures: show it as `...`."""
    if signature and "=NOTHING" in signature.replace(" ", ""):
        return signature.replace("= NOTHING", "= ...").replace("=NOTHING", "=..."), rest[0] if rest else None
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _write_pages)
    app.connect("autodoc-process-signature", _hide_attrs_noise)
    app.connect("autodoc-process-docstring", plain_docstring)
    app.add_directive("format-facts", FormatFacts)
    app.add_directive("cell-names", CellNames)
    app.add_directive("format-carries", FormatCarries)
    app.add_directive("format-codes", FormatCodes)
    app.add_directive("shared-codes", SharedCodes)
    app.add_directive("rule-codes", RuleCodes)
    app.add_directive("verdict-codes", VerdictCodes)
    app.add_directive("variant-table", VariantTable)
    browser_page.setup(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
