"""The library's version (a module of its own, so that what prints it need not import the package's
front door, which names everything)."""

__version__ = "0.3.0"
