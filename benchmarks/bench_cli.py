"""End-to-end command-line speed and memory, side by side: `catchup verify --json` (or any other
command) of one collection by several installations, interleaved, best of several runs.

    python benchmarks/bench_cli.py --catchup .venv/bin/catchup --catchup /other/venv/bin/catchup
    python benchmarks/bench_cli.py --records 10000 --command adjudicate --runs 5
    python benchmarks/bench_cli.py --floor --jobs 1,2        # our rate as a ratio to the plain floor
    python benchmarks/bench_cli.py --floor --pure --jobs 1   # the compiled core and the pure-Python code
    python benchmarks/bench_cli.py --floor --pure --jobs 1,2 --same  # and check that all print the same
    python benchmarks/bench_cli.py --file a.sgf --file a.jsonl  # one collection in two formats
    python benchmarks/bench_cli.py --startup --catchup .venv/bin/catchup --catchup /other/bin/catchup
      (start-up: run it with, and on, a regular installation, `pip install .`, not an editable one)
    python benchmarks/bench_cli.py --command convert --to lg,rga,json,abstractplay,genius --same
    python benchmarks/bench_cli.py --command verify --command adjudicate --extra '' --extra '--variant auto'
    python benchmarks/bench_cli.py --targets   # verify, --variant auto, convert to each: rates beside targets

The collection (random legal side-5 catchup games played by the rules engine, written as one Little
Golem file) is made once under /tmp, or given with --file. Each run's wall time and peak resident
memory are measured per child process (os.wait4), and so is its CPU time (user and system, the
child's and its workers'): on a loaded machine a one-process run's CPU rate is the steadier
figure, while `--jobs` is judged by wall time. Figures are ratios to the first contestant, with
the machine's load average, because these machines are shared and noisy. `convert` writes its
records to stdout (thrown away; `--same` compares them), one contestant per `--to` notation.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from catchup_notation.formats import write_text
from catchup_notation.model import Record
from catchup_notation.rules.registry import parse_variant


def legal_game(rng: random.Random, variant: str = "catchup(size=5)") -> Record:
    """A random complete game: random empty cells and a random allowed count each turn."""
    game = parse_variant(variant).new_game()
    turns = []
    while not game.over:
        turns.append(game.random_turn(rng))
        game.play(turns[-1])
    return Record(variant, tuple(turns))


def collection(records: int, unique: int = 1000, seed: int = 2024) -> str:
    """An LG collection of `records` games (`unique` distinct ones, repeated), as LG writes them."""
    rng = random.Random(seed)
    games = [legal_game(rng) for _ in range(unique)]
    chosen = (games[i % unique] for i in range(records))
    headers = {"EV": "catchup.ch.12.1.1", "SO": "https://www.littlegolem.net"}
    written = [
        Record(g.variant, g.turns, players=(f"white{i}", f"black{i}"), headers={**headers, "GC": f" game #{i}"})
        for i, g in enumerate(chosen)
    ]
    return write_text(written, "lg")[0]


# Every run may write byte code (an installation compiles it once, as pip does at install time): a
# shell that sets PYTHONDONTWRITEBYTECODE would otherwise time the compiling of every module.
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


#: Where `--targets` writes Genius files (one per game; a run replaces the last run's).
GENIUS_FOLDER = "/tmp/catchup-bench-genius/"

#: The archive commands' target rates (records a second on one core, CPU time), by command line:
#: what `--targets` runs, one process each (`--jobs 1`), beside `verify`.
TARGETS: dict[tuple[str, ...], int | None] = {
    ("verify", "--json", "--jobs", "1"): None,
    ("verify", "--json", "--jobs", "1", "--variant", "auto"): 20_000,
    ("adjudicate", "--json", "--jobs", "1"): 40_000,
    ("adjudicate", "--jobs", "1"): 40_000,
    ("adjudicate", "--csv", "--jobs", "1"): 40_000,
    **{("convert", "--to", to, "--jobs", "1"): 25_000 for to in ("lg", "json", "abstractplay")},
    ("convert", "--to", "rga", "--jobs", "1"): 10_000,
    # Genius holds one game a file: a collection goes to a folder, a file per game.
    ("convert", "--to", "genius", "--jobs", "1", "-o", GENIUS_FOLDER): 25_000,
}


def run(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak RSS (KB) of one run, its output thrown away."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed with {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catchup", action="append", help="a catchup executable (repeat to compare several)")
    parser.add_argument(
        "--command", action="append", help="verify, adjudicate or convert (default verify; repeat for several)"
    )
    parser.add_argument("--to", default="", help="convert's notations, e.g. 'lg,rga,json' (default lg)")
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument(
        "--file", type=Path, action="append", help="collections to read instead of the generated one (repeat)"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--extra", action="append", help="extra options for the command, e.g. '--variant catchup' (repeat for several)"
    )
    parser.add_argument("--jobs", default="", help="run each executable with each of these --jobs, e.g. '1,2'")
    parser.add_argument("--floor", action="store_true", help="compare with benchmarks/floor.py (the reference)")
    parser.add_argument(
        "--pure", action="store_true", help="also run each executable with CATCHUP_PURE=1 (the pure-Python reference)"
    )
    parser.add_argument("--startup", action="store_true", help="time start-up instead: --version, a one-game file")
    parser.add_argument(
        "--targets", action="store_true", help="run the command lines of TARGETS and print each rate beside its target"
    )
    parser.add_argument(
        "--same", action="store_true", help="check that every contestant but the floor prints the same, byte for byte"
    )
    args = parser.parse_args()
    executables = args.catchup or ["catchup"]
    commands = args.command or ["verify"]
    if args.startup:
        contestants = startup_contestants(executables)
        records = None
        print(f"start-up; load {os.getloadavg()[0]:.2f}")
        pythons = {sys.executable, *(interpreter_of(exe) for exe in executables)}
        dev = sorted(python for python in pythons if python is not None and editable(python))
        if dev:
            print(
                f"NOTE: {', '.join(dev)}: an editable installation, whose import hook loads pathlib, re and urllib"
                " into every start of Python, `python -c pass` included: the ratios come out about half what a"
                " regular installation (`pip install .`) gives. Measure one of those."
            )
    else:
        paths = args.file or [Path(f"/tmp/catchup-bench-{args.records}.sgf")]
        if not paths[0].exists():
            paths[0].write_text(collection(args.records), encoding="utf-8")
        records = args.records if args.file is None else None
        contestants = []
        if args.floor:
            floor = Path(__file__).with_name("floor.py")
            contestants.append(("floor", [sys.executable, str(floor), str(paths[0])]))
        for path in paths:
            for exe in executables:
                for command in commands:
                    for extra in command_lines(command, args) if not args.targets else [list(t) for t in TARGETS]:
                        label = f"{exe} {' '.join(extra)} {path.name}".strip()
                        contestants.append((label, [exe, *extra, str(path)]))
                        if args.pure:
                            pure = ["env", "CATCHUP_PURE=1", exe, *extra, str(path)]
                            contestants.append((f"{label} (CATCHUP_PURE=1)", pure))
            print(f"{path}: {path.stat().st_size / 1e6:.1f} MB")
        print(f"{', '.join(commands)}; load {os.getloadavg()[0]:.2f}")
    for _, command in contestants:  # a warm-up round, untimed: byte code written, files cached
        run(command)
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    peak: dict[str, int] = {}
    for _ in range(args.runs):  # interleaved: every contestant once per round
        for label, command in contestants:
            elapsed, used, rss = run(command)
            wall[label] = min(elapsed, wall.get(label, elapsed))
            cpu[label] = min(used, cpu.get(label, used))
            peak[label] = max(rss, peak.get(label, 0))
    base = wall[contestants[0][0]]
    base_cpu = cpu[contestants[0][0]]
    for label, _ in contestants:
        rate = f"{records / wall[label]:7.0f}/s wall {records / cpu[label]:7.0f}/s CPU" if records else ""
        # Start-up: how many times the interpreter's own start-up each takes (time, not rate).
        times = (
            f"  {wall[label] / base:5.2f}x its wall time, {cpu[label] / base_cpu:5.2f}x its CPU" if not records else ""
        )
        print(
            f"{label}: best {wall[label]:6.3f} s ({cpu[label]:6.3f} s CPU) {rate}  peak {peak[label] / 1024:6.1f} MB"
            f"  wall ratio {base / wall[label]:5.2f}x{times}"
        )
    print(f"load after: {os.getloadavg()[0]:.2f}; ratios are to the first line")
    if args.targets and records:
        for label, command in contestants:
            target = TARGETS.get(tuple(command[1:-1]))
            rate = records / cpu[label]
            where = f"target {target:6d}/s: {'met' if rate >= target else 'NOT met'}" if target else "the bar"
            ratio = cpu[contestants[0][0]] / cpu[label]
            print(f"{' '.join(command[1:-1]):45s} {rate:7.0f}/s CPU  {ratio:4.2f}x verify  {where}")
    if args.same:
        same_output(contestants)


def command_lines(command: str, args: argparse.Namespace) -> list[list[str]]:
    """The command lines (without the file) of one command: one per --extra and --jobs, and for
    convert one per --to notation (its records on stdout); the others report in JSON."""
    lines: list[list[str]] = []
    for extra in args.extra or [""]:
        for jobs in args.jobs.split(",") if args.jobs else [""]:
            options = [*extra.split(), *(["--jobs", jobs] if jobs and command != "convert" else [])]
            if command == "convert":
                lines.extend([command, "--to", to, *options] for to in (args.to or "lg").split(","))
            else:
                lines.append([command, "--json", *options])
    return lines


def same_output(contestants: list[tuple[str, list[str]]]) -> None:
    """Run each contestant once more and say, for each command line on each collection, whether
    every installation, --jobs and CATCHUP_PURE printed the same (stdout, byte for byte); the
    floor prints other things."""
    import hashlib

    digests: dict[tuple[str, ...], dict[str, str]] = {}
    for label, command in contestants:
        if label != "floor":
            done = subprocess.run(command, capture_output=True, env=ENVIRONMENT, check=False)
            digests.setdefault(what_it_does(command), {})[label] = hashlib.sha256(done.stdout).hexdigest()[:16]
    for what, found in digests.items():
        verdict = "the same output" if len(set(found.values())) == 1 else "DIFFERENT output"
        print(f"{' '.join(what)}: {verdict} from {len(found)} runs: " + ", ".join(sorted(set(found.values()))))


def what_it_does(command: list[str]) -> tuple[str, ...]:
    """A command line without what must not change its output: the executable, CATCHUP_PURE, --jobs."""
    words = command[3:] if command[0] == "env" else command[1:]
    kept = [word for i, word in enumerate(words) if word != "--jobs" and (i == 0 or words[i - 1] != "--jobs")]
    return tuple(kept)


def interpreter_of(executable: str) -> str | None:
    """The Python a console script runs (its #! line), or None where it does not say."""
    found = shutil.which(executable)
    try:
        with open(found or executable, "rb") as handle:
            first = handle.readline(4096)
    except OSError:
        return None
    return first[2:].decode(errors="replace").strip() or None if first.startswith(b"#!") else None


def editable(python: str) -> bool:
    """Whether `python` has catchup-notation installed in editable (development) mode."""
    check = "import sys; print(any(name.startswith('__editable__') for name in sys.modules))"
    try:
        answer = subprocess.run([python, "-c", check], capture_output=True, text=True, timeout=60, env=ENVIRONMENT)
    except (OSError, subprocess.SubprocessError):
        return False
    return answer.stdout.strip() == "True"


def startup_contestants(executables: list[str]) -> list[tuple[str, list[str]]]:
    """The interpreter alone, then each executable's --version, verify and convert of a one-game file."""
    small = Path("/tmp/catchup-bench-1.sgf")
    small.write_text(collection(1, unique=1), encoding="utf-8")
    contestants = [("python -c pass", [sys.executable, "-c", "pass"])]
    for exe in executables:
        contestants.append((f"{exe} --version", [exe, "--version"]))
        contestants.append((f"{exe} verify 1 game", [exe, "verify", str(small)]))
        # The same run through the typer app (--debug is one of the command lines left to it).
        contestants.append((f"{exe} --debug verify 1 game", [exe, "--debug", "verify", str(small)]))
        contestants.append((f"{exe} convert 1 game", [exe, "convert", str(small), "--to", "lg"]))
        contestants.append((f"{exe} --debug convert 1 game", [exe, "--debug", "convert", str(small), "--to", "lg"]))
    # Where a verify's start-up goes: the command-line framework alone, the one package the run
    # imports beside the library, and the library's reading and report stack as the run imports it
    # (this installation's interpreter).
    contestants.append(("python -c 'import typer'", [sys.executable, "-c", "import typer"]))
    contestants.append(("python -c 'import attrs'", [sys.executable, "-c", "import attrs"]))
    stack = "import catchup_notation.cli.verifying"
    contestants.append(("python -c 'import <verify's library stack>'", [sys.executable, "-c", stack]))
    # What any run that judges a game on the core must do before it reads a byte: make the
    # variant (the registry, the record model) and hand its rules and board to the core.
    rules = (
        "from catchup_notation.rules.registry import parse_variant\n"
        "from catchup_notation.rules.corerules import core_board, rules_of\n"
        "v = parse_variant('catchup(size=5)'); rules_of(v.new_game()); core_board(v.board)"
    )
    contestants.append(("python -c '<a variant's rules on the core>'", [sys.executable, "-c", rules]))
    return contestants


if __name__ == "__main__":
    main()
