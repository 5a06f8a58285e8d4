"""catchup-notation: read, verify, convert and adjudicate records of Catchup and its relatives."""

__version__ = "0.1.0"
