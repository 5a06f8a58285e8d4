"""The project's addresses, from pyproject.toml (the one place they are written)."""

from __future__ import annotations

import tomllib
from pathlib import Path

with (Path(__file__).resolve().parents[3] / "pyproject.toml").open("rb") as _f:
    URLS: dict[str, str] = tomllib.load(_f)["project"]["urls"]

#: The repository: issues, sources and the changelog live there.
REPOSITORY = URLS["Homepage"]
#: The manual's address.
DOCUMENTATION = URLS["Documentation"]
