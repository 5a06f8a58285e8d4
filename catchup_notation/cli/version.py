"""What `catchup --version` prints (apart from the rest: it needs neither typer nor the reading stack)."""

from __future__ import annotations


def version_text() -> str:
    """The version and which implementation runs."""
    from catchup_notation.compiled import implementation
    from catchup_notation.version import __version__

    return f"catchup-notation {__version__}\n{implementation()}"
