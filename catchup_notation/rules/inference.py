"""Which registered variants accept a record whose rules are unknown."""

from __future__ import annotations

from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant, specs
from catchup_notation.rules.replay import replay


def accepting_variants(record: Record) -> list[str]:
    """Canonical strings of every variant of the record's family (at its board size or number
    set) under which all of its turns are legal, in registry order.

    A variant with a required parameter the record does not set (brink's margin x) is left out:
    it has no canonical string to offer, and x changes only the scoring, never which turns are legal.
    """
    own = parse_variant(record.variant)
    accepted = []
    for spec in specs():
        if spec.family != own.family:
            continue
        shared = {k: v for k, v in own.params.items() if any(p.name == k for p in spec.parameters)}
        if any(p.required and p.name not in shared for p in spec.parameters):
            continue
        candidate = parse_variant(spec.name, **shared)
        if replay(record, candidate).valid:
            accepted.append(str(candidate))
    return accepted
