"""Locate the data files (grammars, variant descriptions) shipped with the package.

In a built wheel they sit inside the package (`catchup_notation/grammars`, `.../variants`); in a
source checkout or an editable install they are the top-level folders of the repository.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def data_dir(name: str) -> Path:
    """The directory holding the package's `name` data (`grammars` or `variants`)."""
    packaged = Path(str(resources.files("catchup_notation"))) / name
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"catchup_notation data folder {name!r} is missing from this installation")
