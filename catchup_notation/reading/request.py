"""How to read: the notation, the variant, and what hand-written posts need (`Request`), checked
once before any input is opened."""

from __future__ import annotations

import attrs

from catchup_notation import formats
from catchup_notation.errors import VariantError
from catchup_notation.formats.base import Corrections, ReadOptions
from catchup_notation.rules.inference import AUTO
from catchup_notation.rules.registry import Variant, parse_variant


@attrs.frozen
class Request:
    """How to read: the format (None: tell from the name and content), the variant choice (None:
    the record's own; "auto": whichever accepts it), the rga corrections and what capitals in an
    rga move list mean."""

    format: str | None = None
    variant: str | Variant | None = None
    corrections: Corrections = None
    capitals: str | None = None

    @property
    def reading_variant(self) -> str | None:
        """The variant string the readers read under ("auto" reads under their defaults)."""
        if isinstance(self.variant, Variant):
            return str(self.variant)
        if self.variant is None or self.variant.strip().lower() == AUTO:
            return None
        return self.variant

    def options(self, name: str | None) -> ReadOptions:
        """What a reader of the input called `name` is told."""
        return ReadOptions(
            source=name, variant=self.reading_variant, corrections=self.corrections, capitals=self.capitals
        )


def make_request(
    format: str | None, variant: str | Variant | None, corrections: Corrections, capitals: str | None = None
) -> Request:
    """A `Request`, checked: an unknown format or variant, or corrections of the wrong kind, raise now."""
    if format is not None:
        format = formats.canonical_name(format)  # an unknown format is an error now, not at the first record
    if isinstance(variant, str) and variant.strip().lower() != AUTO:
        chosen = parse_variant(variant)  # likewise an unknown variant
        if "@" in variant:
            variant = str(chosen)  # a board file is read once, here, and its board spelt out
    if corrections is not None and not isinstance(corrections, str) and not hasattr(corrections, "items"):
        raise VariantError("corrections are a mapping of written names to cells, or 'diagram'")
    if isinstance(corrections, str) and corrections != "diagram":
        raise VariantError(f"corrections must be a mapping or 'diagram', not {corrections!r}")
    if capitals not in (None, "other-colour", "same"):
        raise VariantError(f"capitals is 'other-colour' or 'same' (or None), not {capitals!r}")
    return Request(format, variant, corrections, capitals)
