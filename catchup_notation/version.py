"""The library's version (a module of its own, so that what prints it need not import the package's
front door, which names everything)."""

__version__ = "0.3.0"

#: The manual on the web (pyproject.toml's Documentation URL; a test holds them equal): what the
#: command line points to, since an installed package carries no docs/ folder.
MANUAL_URL = "https://catchup-notation.github.io/catchup-notation/"


def manual_page(name: str) -> str:
    """The web address of one page of the manual, e.g. `manual_page("reports")`."""
    return f"{MANUAL_URL}{name}.html"
