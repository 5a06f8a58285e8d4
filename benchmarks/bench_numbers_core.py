"""The number-set solver on the compiled core against a plain packed-table C++ solver (not a test).

    python benchmarks/bench_numbers_core.py                       # N = 18..26, best of 5, interleaved
    python benchmarks/bench_numbers_core.py --sizes 18 21 --runs 9 --jobs 1 2
    python benchmarks/bench_numbers_core.py --large 30 31 32 --jobs 2 --timeout 3600

The C++ solver is our own, written for this comparison (benchmarks/numbers_table.cpp): the whole
game as a function of the remaining set and the mover's deficit, memoised in one table of 2^N
64-bit words, each holding the values for every deficit (2 bits each), stopping at the first win;
about 20 ns a call. It is compiled here with the same optimisation level as the core (g++ -O3)
into a temporary directory.

For each N of --sizes, the C++ solver and ours (on each number of threads of --jobs) solve
Catch-Up({1..N}) from 0-0 in turn, each in a fresh process, --runs times (the order alternating),
and the best time of each is kept: ours is the library's own timer (`Solution.seconds`: from the
call of `solve` to its answer, the process's start-up excluded), the C++ solver's its own timer
around its solve (its table's allocation included, which costs only as its pages are touched).
The processes' wall times, start-up included, are printed too, and how ours answered ("table": the
subset table of an odd game; "proof": the proof search). A ratio C++ / ours above 1 means ours is
faster. The machine's load average is printed before each size: the figures are only
comparable within one run.

With --large, ours alone solves each N given (one run each, on --jobs threads, --timeout seconds
at most, --memory MB of table): value, nodes, seconds, nodes a second.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "numbers_table.cpp"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def compile_table_solver(folder: Path) -> Path:
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        raise SystemExit("no C++ compiler (g++) found")
    binary = folder / "numbers_table"
    subprocess.run([compiler, "-O3", "-std=c++17", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def child(n: int, jobs: int, timeout: float | None, memory: int) -> None:
    """Solve 1..n with the library and print value, nodes and the library's seconds as JSON."""
    from catchup_notation import compiled
    from catchup_notation.solvers.limits import SearchStopped
    from catchup_notation.solvers.numberset.core import searched_on_core, uses_subset_table
    from catchup_notation.solvers.numberset.solver import Solution, solve

    try:
        s = solve(range(1, n + 1), jobs=jobs, time_limit=timeout, memory_mb=memory)
    except SearchStopped as exc:
        assert isinstance(exc.partial, Solution)
        s = exc.partial
    answer = {"value": s.value, "nodes": s.nodes, "seconds": s.seconds, "jobs": s.jobs}
    numbers = tuple(range(1, n + 1))
    table = searched_on_core(numbers) and uses_subset_table(numbers, 0, memory)
    print(json.dumps({**answer, "core": compiled.implementation(), "how": "table" if table else "proof"}))


def run(command: list[str]) -> tuple[dict[str, float], float]:
    """The JSON line a command prints, and the process's wall seconds."""
    started = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1]), time.perf_counter() - started


def ours(n: int, jobs: int, timeout: float | None = None, memory: int = 1024) -> list[str]:
    command = [sys.executable, __file__, "--child", str(n), "--jobs", str(jobs), "--memory", str(memory)]
    return command + ([] if timeout is None else ["--timeout", str(timeout)])


def compare(sizes: list[int], jobs: list[int], runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_table_solver(Path(tmp))
        probe, _ = run(ours(3, 1))
        print(f"implementation: {probe['core']}; best of {runs}, interleaved, each run a fresh process")
        names = [f"ours -j{j}" for j in jobs]
        print(
            "N   value  C++ calls     | C++ s    "
            + "".join(f"| {name}: nodes, s, C++/ours " for name in names)
            + "| wall s: "
            + " ".join(names)
            + " C++ | how | load"
        )
        for n in sizes:
            before = load()
            commands = {name: ours(n, j) for name, j in zip(names, jobs, strict=True)}
            commands["C++"] = [str(binary), str(n)]
            best = dict.fromkeys(commands, float("inf"))
            wall = dict.fromkeys(commands, float("inf"))
            answers: dict[str, dict[str, float]] = {}
            for r in range(runs):
                order = list(commands.items())
                for name, command in order if r % 2 == 0 else reversed(order):
                    answers[name], took = run(command)
                    best[name] = min(best[name], answers[name]["seconds"])
                    wall[name] = min(wall[name], took)
            values = {answer["value"] for answer in answers.values()}
            line = f"{n:<3} {answers['C++']['value']:>5}  {answers['C++']['calls']:>13,} | {best['C++']:8.4f} "
            for name in names:
                line += f"| {answers[name]['nodes']:>10,} {best[name]:8.4f} {best['C++'] / best[name]:6.2f} "
            how = answers[names[0]]["how"]
            line += "| " + " ".join(f"{wall[name]:6.3f}" for name in commands) + f" | {how} | {before}"
            print(line + ("" if len(values) == 1 else "  DISAGREE"), flush=True)
        print(f"load after: {load()}")


def large(sizes: list[int], jobs: int, timeout: float, memory: int) -> None:
    print(f"ours alone, one run each, --jobs {jobs}, --timeout {timeout:g} s, --memory {memory} MB")
    print("N   value         nodes      seconds   nodes/s   | load before")
    for n in sizes:
        before = load()
        answer, _ = run(ours(n, jobs, timeout, memory))
        value = "?" if answer["value"] is None else answer["value"]
        rate = answer["nodes"] / max(answer["seconds"], 1e-9)
        print(f"{n:<3} {value!s:>5}  {answer['nodes']:>13,}  {answer['seconds']:10.1f}  {rate:9.0f} | {before}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(18, 27)))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="threads of ours (each compared)")
    parser.add_argument("--large", type=int, nargs="+", metavar="N", help="ours alone on these N")
    parser.add_argument("--timeout", type=float, default=None, help="seconds for each --large solve")
    parser.add_argument("--memory", type=int, default=1024, help="MB of table for each --large solve")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.jobs[0], args.timeout, args.memory)
    elif args.large:
        large(args.large, args.jobs[0], args.timeout or 3600.0, args.memory)
    else:
        compare(args.sizes, args.jobs, args.runs)


if __name__ == "__main__":
    main()
