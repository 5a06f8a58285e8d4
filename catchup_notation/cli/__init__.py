"""The `catchup` command line. Each command lives in its own module with a `register(app)`
function; adding a command (solve, stats, ...) means adding its name to COMMANDS (`random-board`
lives in `random_board.py`). The command itself, `catchup`, is `main` in `main.py`.

Exit codes: 0 all good; 1 a record breaks a rule (or cannot be handled as asked, or with --strict
drew a warning); 2 usage error; 3 unreadable input (I/O, encoding, syntax, a limit; wins over 1);
4 an internal error (a bug); 5 nothing was read (no record at all in what was named).
"""

from __future__ import annotations

COMMANDS = (
    "verify",
    "adjudicate",
    "convert",
    "formats",
    "show",
    "variants",
    "boards",
    "random-board",
    "solve",
    "stats",
    "tournament",
    "view",
    "review",
    "engine",
    "play",
)
