"""Which registered variants accept a record whose rules are unknown, and which to judge it by."""

from __future__ import annotations

from catchup_notation.errors import VariantError
from catchup_notation.model import Record
from catchup_notation.rules.registry import Variant, parse_variant, specs
from catchup_notation.rules.replay import accepts, variant_for

#: The variant choice that means "whichever rules accept the record".
AUTO = "auto"


def accepting_variants(record: Record) -> list[str]:
    """Canonical strings of every variant of the record's family (at its board size or number
    set) under which all of its turns are legal, in registry order (those of `candidates`)."""
    return [str(candidate) for candidate in candidates(record.variant) if accepts(record, candidate)]


def candidates(variant: str) -> list[Variant]:
    """The variants asked of a record of `variant` (its own) by `accepting_variants`: every
    variant of its family at its board size or number set, in registry order.

    A variant with a required parameter the record does not set (brink's margin x) is left out:
    it has no canonical string to offer, and x changes only the scoring, never which turns are legal.
    So is one that cannot be played on the record's board (sabotage-malthus below side 4).
    """
    own = parse_variant(variant)
    found = []
    for spec in specs():
        if spec.family != own.family:
            continue
        shared = {k: v for k, v in own.params.items() if any(p.name == k for p in spec.parameters)}
        if any(p.required and p.name not in shared for p in spec.parameters):
            continue
        if own.params.get("board") is not None and not any(p.name == "board" for p in spec.parameters):
            continue
        try:
            found.append(parse_variant(spec.name, **shared))
        except VariantError:
            continue
    return found


def choose_variant(record: Record, choice: str | Variant | None) -> tuple[Variant, list[str] | None]:
    """The variant to judge `record` by, and (for `choice` "auto") every variant that accepts it.

    `choice` None is the record's own variant; a variant string takes the record's board size or
    number set unless it sets its own; "auto" is the record's own variant when that accepts it,
    else the first that does (registry order), else the record's own.
    Raises `VariantError` when the choice cannot apply to the record.
    """
    if not (isinstance(choice, str) and choice.strip().lower() == AUTO):
        return variant_for(record, choice), None
    accepted = accepting_variants(record)
    own = str(variant_for(record))
    chosen = own if own in accepted or not accepted else accepted[0]
    return variant_for(record, chosen), accepted
