"""Options of the number-set commands (solve, stats, tournament): the set and starting scores."""

from __future__ import annotations

from typing import Annotated

import typer

from catchup_notation.errors import VariantError
from catchup_notation.rules.registry import Multiset, parse_multiset, parse_variant


def _check_set(value: str | None) -> str | None:
    if value is not None:
        try:
            parse_multiset(value)
        except VariantError as exc:
            raise typer.BadParameter(str(exc)) from None
    return value


def _check_scores(value: str) -> str:
    try:
        parse_variant("catch-up", scores=value)
    except VariantError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


_SET = typer.Option(
    "--set",
    "-s",
    metavar="SET",
    help="The number multiset: 1..12, {2,2,2,3,3}, {1..4, 7}.",
    callback=_check_set,
    show_default=False,
)
SetSpec = Annotated[str | None, _SET]
#: --set where a command cannot do without it (stats, tournament): marked required in --help.
RequiredSetSpec = Annotated[str, _SET]
Scores = Annotated[
    str,
    typer.Option("--scores", metavar="P1:P2", help="Starting scores of P1 and P2, e.g. 0:3.", callback=_check_scores),
]


def numbers_and_scores(spec: str, scores: str) -> tuple[Multiset, tuple[int, int], str]:
    """The multiset, the starting scores and the canonical variant string they make."""
    variant = parse_variant("catch-up", set=spec, scores=scores)
    return variant.params["set"], variant.params["scores"], str(variant)
