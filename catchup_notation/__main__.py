"""`python -m catchup_notation` runs the `catchup` command line."""

from catchup_notation.cli.main import main

main()
