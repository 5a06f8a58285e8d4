"""Locate the data files (grammars, variant descriptions) shipped with the package.

In a built wheel they sit inside the package (`catchup_notation/grammars`, `.../variants`); in a
source checkout or an editable install they are the top-level folders of the repository.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def data_dir(name: str) -> Path:
    """The directory holding the package's `name` data (`grammars` or `variants`)."""
    package = Path(__file__).resolve().parent  # importlib.resources would import zipfile & co. at every start
    packaged = package / name
    if packaged.is_dir():
        return packaged
    checkout = package.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"catchup_notation data folder {name!r} is missing from this installation")
