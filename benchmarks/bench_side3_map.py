"""The side-3 opening map (the value of every first turn) by the library's solver against a plain
C++ exact search, side by side (run on demand:
python benchmarks/bench_side3_map.py [--variants catchup-2012 catchup] [--runs 3] [--python]).

The plain search is benchmarks/plain_side3.cpp, compiled here with g++ -O2 into a temporary
directory: bitboards, the 12 symmetries by tables, a transposition table, a win/loss negamax to the
full board with no bounds and no move ordering. The library's solver runs as `solve_variant(...,
moves=True, jobs=1)` in a fresh process (the compiled core where it is built). Each contestant runs
--runs times, interleaved, and the least CPU time (user + system, from the child's resource
usage, start-up included) is kept; the two maps must agree. --python adds one run of the
pure-Python reference (CATCHUP_PURE=1: minutes). --every times the side-3 map of every hex variant
with the library's solver (one run each). Figures are ratios, with the machine's load, because the
machines are shared.
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
from typing import Any

HERE = Path(__file__).resolve().parent


def cpu_run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of a child and its standard output."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(command)} failed")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, out.read().decode()


def library_map(variant: str) -> dict[str, Any]:
    """The worker: the map of `variant` on side 3, as JSON on standard output."""
    from catchup_notation.compiled import implementation
    from catchup_notation.rules.registry import parse_variant
    from catchup_notation.solvers.endgame import solve_variant

    started = time.process_time()
    result = solve_variant(parse_variant(variant, size=3), moves=True, jobs=1)
    seconds = time.process_time() - started
    moves = {f"{m.turn.cells[0]}": m.value for m in result.moves if len(m.turn.cells) == 1}
    return {
        "value": result.value,
        "nodes": result.nodes,
        "search_cpu": seconds,
        "moves": moves,
        "entries": result.table_entries,
        "implementation": implementation(),
    }


def plain_map(output: str) -> dict[str, int]:
    """The plain search's verdicts, per orbit representative: {"(q, r)": 1 or -1}."""
    found = {}
    for line in output.splitlines():
        if line.startswith("("):
            cell, _, verdict = line.rpartition(" ")
            found[cell] = 1 if verdict == "wins" else -1
    return found


def agree(library: dict[str, int], plain: dict[str, int]) -> bool:
    """Whether every orbit the plain search valued has the same value in the library's map (the
    library values every cell; a representative's value is its orbit's)."""
    return all(library.get(cell) == value for cell, value in plain.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="*", default=["catchup-2012", "catchup"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--python", action="store_true", help="also one run of the pure-Python reference")
    parser.add_argument("--every", action="store_true", help="time the side-3 map of every hex variant")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(library_map(args.worker)))
        return
    me = [sys.executable, str(Path(__file__).resolve())]
    pure = {**os.environ, "CATCHUP_PURE": "1"}
    folder = Path(tempfile.mkdtemp(prefix="plain-side3-"))
    try:
        compiler = shutil.which("g++")
        plain = folder / "plain"
        if compiler:
            source = HERE / "plain_side3.cpp"
            subprocess.run([compiler, "-O2", "-std=c++17", str(source), "-o", str(plain)], check=True)
        print(f"side-3 opening maps, best of {args.runs} interleaved, CPU seconds; load {os.getloadavg()[0]:.2f}")
        for variant in args.variants:
            best: dict[str, tuple[float, str]] = {}
            contestants = {"library": [*me, "--worker", variant]}
            if compiler:
                contestants["plain C++"] = [str(plain), variant]
            for _ in range(args.runs):
                for name, command in contestants.items():
                    found = cpu_run(command)
                    if name not in best or found[0] < best[name][0]:
                        best[name] = found
            library = json.loads(best["library"][1])
            seconds = best["library"][0]
            print(
                f"{variant}: library {seconds:6.2f} s ({library['implementation']}; {library['nodes']:,} nodes, "
                f"{library['nodes'] / library['search_cpu']:,.0f} nodes/s in the search), value {library['value']}"
            )
            if "plain C++" in best:
                plain_seconds, output = best["plain C++"]
                calls = output.strip().splitlines()[-1]
                same = agree(library["moves"], plain_map(output))
                print(
                    f"{variant}: plain C++ {plain_seconds:6.2f} s ({calls}); maps agree: {same}; "
                    f"plain / library: {plain_seconds / seconds:.1f}x"
                )
            if args.python:
                python_seconds, output = cpu_run([*me, "--worker", variant], env=pure)
                python = json.loads(output)
                assert python["moves"] == library["moves"], "the pure-Python map differs"
                print(
                    f"{variant}: pure Python {python_seconds:6.1f} s ({python['nodes']:,} nodes; the same map); "
                    f"Python / library: {python_seconds / seconds:.1f}x"
                )
        if args.every:
            from catchup_notation.rules.registry import hex_variants

            for spec in hex_variants():
                if spec.name == "sauce":  # passes for ever: no value
                    continue
                name = f"{spec.name}(x=2)" if any(p.required for p in spec.parameters) else spec.name
                seconds, output = cpu_run([*me, "--worker", name])
                found = json.loads(output)
                print(
                    f"{name:18} {seconds:7.2f} s  value {found['value']:2}  {found['nodes']:>12,} nodes  "
                    f"{found['nodes'] / found['search_cpu']:>10,.0f} nodes/s"
                )
        print(f"load after: {os.getloadavg()[0]:.2f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
