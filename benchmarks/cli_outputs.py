"""Every command's output on the bundled examples and the test data (tests/data, tests/quirks),
as a digest per run: run it before and after a change that should change no output (moving
modules, a faster path), and compare the two files.

    python benchmarks/cli_outputs.py > before.txt   # on the old tree
    python benchmarks/cli_outputs.py > after.txt    # on the new one
    diff before.txt after.txt && echo byte-identical

Each line is the command, its exit code and the SHA-256 of its standard output and error (with the
repository's path taken out, so two checkouts compare).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("lg", "json", "abstractplay", "genius", "rga", "numbers")


def inputs() -> list[str]:
    found = ["examples"]
    for folder in ("tests/data", "tests/quirks"):
        found += sorted(
            str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*") if p.is_file() and p.suffix != ".md"
        )
    return found


def commands() -> list[list[str]]:
    runs: list[list[str]] = []
    for path in inputs():
        for report in ([], ["--json"], ["--csv"]):
            runs.append(["verify", path, "--corrections", "diagram", *report])
            runs.append(["adjudicate", path, "--corrections", "diagram", *report])
        # The plain command lines too (they run without the command-line framework, see cli/quick.py).
        runs.append(["verify", path])
        runs.append(["adjudicate", path, "--json"])
        runs.append(["verify", path, "--variant", "auto", "--json"])
        for fmt in FORMATS:
            runs.append(["convert", path, "--corrections", "diagram", "--to", fmt])
    return runs


def digest(args: list[str]) -> str:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "catchup_notation", *args], cwd=ROOT, capture_output=True, env=env, timeout=600
    )
    text = (run.stdout + b"\0" + run.stderr).replace(str(ROOT).encode(), b"<root>")
    return f"{' '.join(args)}\texit {run.returncode}\t{hashlib.sha256(text).hexdigest()[:16]}"


def main() -> None:
    for args in commands():
        print(digest(args), flush=True)


if __name__ == "__main__":
    main()
