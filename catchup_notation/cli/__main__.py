"""`python -m catchup_notation.cli` runs the `catchup` command line."""

from catchup_notation.cli.main import main

main()
