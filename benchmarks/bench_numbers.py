"""Timings for the number-set Catch-Up analysis (not a test).

    python benchmarks/bench_numbers.py                  # solve N=3..20, stats N=3..12, Table 6
    python benchmarks/bench_numbers.py --solve-to 28 --reference-from 21 --stats-to 13 --heuristics 20000
    python benchmarks/bench_numbers.py --baseline restructure --compare 21,22,23,24,25,26,27 --runs 1
    python benchmarks/bench_numbers.py --jobs 1 2 --compare 21,22,24,25,26 --runs 3
    python benchmarks/bench_numbers.py --diagnose 22 --runs 5
    python benchmarks/bench_numbers.py --lockstep 0 6 --compare 20,21,22,23,24,25

Prints, per N, the value of Catch-Up({1..N}) for P1 with the published Table 2 value where there is
one, nodes and seconds; optionally the independent reference search for cross-checking beyond the
paper; then the Table 5 statistics, Table 6 for N=12, and Tables 3-4 by tournament.

With --baseline REF (a git commit or branch of this repository) the solver at REF and the one in
this working tree solve each N of --compare side by side, interleaved, each in a fresh process:
value, nodes (independent of the machine's load) and CPU seconds (best of --runs), with the ratios
baseline / now.

With several --jobs (and no --baseline) the solver in this working tree solves each N of --compare
with each number of processes in turn, interleaved, each in a fresh process: nodes of all processes,
CPU seconds of all processes and wall seconds (best of --runs), with the ratios to the first --jobs.

With --diagnose N, what a node of a solve of 1..N costs in CPU (microseconds), and why two processes
cost more a node than one: one search alone; two independent searches at once (what the machine
itself costs: shared cores, caches, memory); one search that also publishes every position it
searches, as a worker of a parallel solve does (what sharing costs); and a solve on two processes
(--jobs 2). Interleaved, each in fresh processes, best
and median of --runs, with the ratios to the search alone. Two processes started from one terminal
may share one core while another session's process keeps the other busy (autogroup scheduling):
look at the wall seconds, which then double.

With --lockstep D..., each N of --compare is solved by one process and then by two workers taking
turns every SYNC_EVERY nodes in one process (solvers/numberset/lockstep.py: deterministic, whatever
the load), marking positions to SPLIT_DEPTH = D plies below a root move (0: no marks, the workers
split only the root's moves): the nodes a worker searched (which stand for the wall time of two
processes on two cores) and of both, as ratios to one process's nodes.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from catchup_notation.solvers.numberset.heuristics import tournament
from catchup_notation.solvers.numberset.solver import reference_value, solve
from catchup_notation.solvers.numberset.stats import level_branching, tree_stats

PUBLISHED_TABLE_2 = {3: 0, 4: 0, 5: 1, 6: 1, 7: 0, 8: 0, 9: -1, 10: -1, 11: 0, 12: 0, 13: 1, 14: -1,
                     15: 0, 16: 0, 17: 1, 18: -1, 19: 0, 20: 0}  # fmt: skip
HEURISTICS = ("Random", "MaxScore", "MinScore", "UseMostNums")


def bench_solve(last: int, reference_from: int | None) -> None:
    print("N  value  paper  nodes       seconds   | reference value  nodes       seconds")
    total = 0.0
    for n in range(3, last + 1):
        s = solve(range(1, n + 1), with_moves=False)
        total += s.seconds
        paper = PUBLISHED_TABLE_2.get(n, "")
        line = f"{n:<2} {s.value:>5}  {paper!s:>5}  {s.nodes:<10}  {s.seconds:8.2f}"
        if reference_from is not None and n >= reference_from:
            started = time.perf_counter()
            value, nodes = reference_value(range(1, n + 1))
            agree = "agrees" if value == s.value else "DISAGREES"
            line += f"   | {value:>5} {agree:<9} {nodes:<10}  {time.perf_counter() - started:8.2f}"
        print(line, flush=True)
    print(f"total solve time N=3..{last}: {total:.2f} s\n", flush=True)


def bench_stats(last: int) -> None:
    print("N  game-tree        states     branch  depth  win%    tie%    loss%   seconds")
    for n in range(3, last + 1):
        started = time.perf_counter()
        t = tree_stats(range(1, n + 1))
        print(
            f"{n:<2} {t.game_tree_size:<16} {t.state_space_size:<10} {t.max_branching:<7} {t.min_depth:<6} "
            f"{t.win_percent:6.2f}  {t.tie_percent:6.2f}  {t.loss_percent:6.2f}  {time.perf_counter() - started:7.2f}",
            flush=True,
        )
    started = time.perf_counter()
    levels = level_branching(range(1, 13))
    print("\nTable 6, N=12 (turn: B_avg over tree nodes / per unique state, B_max)")
    for level in levels:
        print(f"  {level.level:>2}: {level.average:8.2f} / {level.average_per_state:8.2f}  {level.maximum}")
    print(f"  ({time.perf_counter() - started:.2f} s)\n", flush=True)


def bench_heuristics(games: int) -> None:
    print(f"Table 3, N=10, P1 win % ({games} games a cell; rows P1, columns P2)")
    started = time.perf_counter()
    for p1 in HEURISTICS:
        cells = [100 * tournament(range(1, 11), p1, p2, games, seed=1).p1_win_rate for p2 in HEURISTICS]
        print(f"  {p1:<12}" + "".join(f"{c:8.2f}" for c in cells), flush=True)
    print("Table 4: P1 win % against P2 UseMostNums+MinScore")
    for p1 in HEURISTICS:
        print(f"  {p1:<12}{100 * tournament(range(1, 11), p1, 'UseMostNums+MinScore', games, seed=2).p1_win_rate:8.2f}")
    print(f"  ({time.perf_counter() - started:.1f} s)", flush=True)


REPOSITORY = Path(__file__).resolve().parent.parent


def child(n: int, jobs: int) -> None:
    """Solve 1..n and print value, nodes and the solve's CPU seconds (its workers' included) as JSON
    (the child of the comparisons)."""
    before = cpu_seconds()
    s = solve(range(1, n + 1), jobs=jobs)
    print(json.dumps({"value": s.value, "nodes": s.nodes, "cpu": cpu_seconds() - before}))


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_child(package: Path, n: int, jobs: int) -> tuple[dict[str, int], float, float]:
    """(answer, CPU seconds of the child and its workers, wall seconds) of one solve with `package`."""
    env = {**os.environ, "PYTHONPATH": str(package)}
    command = [sys.executable, __file__, "--child", str(n), "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    out = subprocess.run(command, env=env, cwd=package, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return json.loads(out), cpu, wall


def compare(ref: str, numbers: list[int], jobs: int, runs: int) -> None:
    """The solver now against the one at `ref` on 1..N for each N, interleaved, best of `runs`."""
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; jobs {jobs}")
    print(f"N   value  {ref} nodes   now nodes  ratio  | {ref} CPU s  now CPU s  ratio  | now wall s")
    with tempfile.TemporaryDirectory() as tmp:
        base, now = Path(tmp, "baseline"), REPOSITORY
        archive = Path(tmp, "tree.tar")
        subprocess.run(
            ["git", "-C", str(REPOSITORY), "archive", "-o", str(archive), ref, "catchup_notation"], check=True
        )
        with tarfile.open(archive) as tar:
            tar.extractall(base, filter="data")
        for n in numbers:
            cpu = {base: float("inf"), now: float("inf")}
            answers: dict[Path, dict[str, int]] = {}
            wall = 0.0
            for _ in range(runs):
                for package in (base, now):
                    answers[package], seconds, took = run_child(package, n, jobs)
                    cpu[package] = min(cpu[package], seconds)
                    if package == now:
                        wall = took
            value = answers[now]["value"]
            agree = "" if answers[base]["value"] == value else f" DISAGREES (baseline {answers[base]['value']})"
            old, new = answers[base]["nodes"], answers[now]["nodes"]
            print(
                f"{n:<3} {value:>5}  {old:>12,}  {new:>10,}  {old / new:5.2f}  | {cpu[base]:10.1f}  {cpu[now]:9.1f}"
                f"  {cpu[base] / cpu[now]:5.2f}  | {wall:9.1f}{agree}",
                flush=True,
            )
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


def compare_jobs(numbers: list[int], jobs: list[int], runs: int) -> None:
    """The solver with each number of processes in `jobs` on 1..N for each N, interleaved (one run of
    each in turn, `runs` rounds), each in a fresh process: nodes of all processes, best CPU seconds
    (all processes) and best wall seconds, with the ratios to the first entry of `jobs`."""
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; best of {runs}, interleaved")
    print("N   jobs value       nodes  ratio |  CPU s  ratio | wall s  ratio | load")
    for n in numbers:
        cpu = dict.fromkeys(jobs, float("inf"))
        wall = dict.fromkeys(jobs, float("inf"))
        answers: dict[int, dict[str, int]] = {}
        for _ in range(runs):
            for j in jobs:
                answers[j], seconds, took = run_child(REPOSITORY, n, j)
                cpu[j], wall[j] = min(cpu[j], seconds), min(wall[j], took)
        first = jobs[0]
        for j in jobs:
            agree = "" if answers[j]["value"] == answers[first]["value"] else " DISAGREES"
            print(
                f"{n:<3} {j:>4} {answers[j]['value']:>5} {answers[j]['nodes']:>11,}"
                f"  {answers[j]['nodes'] / answers[first]['nodes']:5.2f} | {cpu[j]:6.1f}  {cpu[j] / cpu[first]:5.2f}"
                f" | {wall[j]:6.1f}  {wall[j] / wall[first]:5.2f} | {os.getloadavg()[0]:.2f}{agree}",
                flush=True,
            )
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def search_child(n: int, shared: bool) -> None:
    """Value 1..n by one proof search (with `shared`, publishing every position searched as a worker
    of a parallel solve does, to a partner that writes nothing); print value, nodes and CPU seconds
    as JSON (the --diagnose child)."""
    # imported here: the --baseline comparison runs this script against older solvers
    from catchup_notation.solvers.hexsolve.table import BYTES_PER_ENTRY
    from catchup_notation.solvers.numberset.exchange import Exchange
    from catchup_notation.solvers.numberset.packing import Packing
    from catchup_notation.solvers.numberset.solver import DEFAULT_MEMORY_MB, SYNC_EVERY, ProofSearch

    numbers = tuple(range(1, n + 1))
    total = sum(numbers)
    packing = Packing.for_multiset(numbers)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20 * n + 1000))
    search = ProofSearch(packing, total + 1, capacity=DEFAULT_MEMORY_MB * 2**20 // BYTES_PER_ENTRY)
    if shared:
        words = Exchange.allocate(2, multiprocessing.get_context())
        search.share(Exchange(words, 2), 0, SYNC_EVERY)
    before = cpu_seconds()
    value = search.value(packing.pack(numbers), 0, total)
    print(json.dumps({"value": value, "nodes": search.nodes, "cpu": cpu_seconds() - before}))


def run_together(commands: list[list[str]]) -> list[tuple[dict[str, float], float, float]]:
    """Start `commands` at once; (answer, the search's CPU seconds as the process reports them, wall
    seconds of the process, start-up included) of each."""
    started = time.perf_counter()
    children = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for command in commands]
    results = []
    for command, process in zip(commands, children, strict=True):
        out, _ = process.communicate()
        if process.returncode:
            raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
        answer = json.loads(out)
        results.append((answer, answer["cpu"], time.perf_counter() - started))
    return results


def diagnose(n: int, runs: int) -> None:
    """CPU a node of a solve of 1..n: alone, two at once, one publishing as a worker does, two processes."""
    me = [sys.executable, __file__]
    alone = [*me, "--search-child", str(n)]
    configurations = {
        "one search alone": [alone],
        "two independent at once": [alone, alone],
        "one search, publishing": [[*me, "--search-child", str(n), "--shared"]],
        "--jobs 2 (sharing)": [[*me, "--child", str(n), "--jobs", "2"]],
    }
    costs: dict[str, list[float]] = {name: [] for name in configurations}
    walls: dict[str, list[float]] = {name: [] for name in configurations}
    nodes: dict[str, int] = {}
    print(f"1..{n}: CPU microseconds a node (all processes' CPU / all their nodes); load before each run")
    for _ in range(runs):
        for name, commands in configurations.items():
            load = os.getloadavg()[0]
            results = run_together(commands)
            for answer, cpu, wall in results:
                costs[name].append(1e6 * cpu / answer["nodes"])
                walls[name].append(wall)
                nodes[name] = int(answer["nodes"])
            per = ", ".join(
                f"{1e6 * cpu / answer['nodes']:.2f} us ({cpu:.1f} s, wall {wall:.1f} s)"
                for answer, cpu, wall in results
            )
            print(f"  {name:<26} load {load:4.2f}: {per}", flush=True)
    base = min(costs["one search alone"])
    base_median = sorted(costs["one search alone"])[len(costs["one search alone"]) // 2]
    print("configuration               nodes a process   best us  ratio | median us  ratio | best wall s")
    for name, values in costs.items():
        best, median = min(values), sorted(values)[len(values) // 2]
        print(
            f"{name:<26}  {nodes[name]:>15,}  {best:8.2f}  {best / base:5.2f}"
            f" | {median:9.2f}  {median / base_median:5.2f} | {min(walls[name]):6.1f}",
            flush=True,
        )
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def lockstep(sizes: list[int], depths: list[int]) -> None:
    # imported here: --baseline runs this script against older trees, which have no lockstep module
    from catchup_notation.solvers.numberset.lockstep import lockstep_solve

    print("N   value  one process | " + " | ".join(f"depth {d}: a worker, both" for d in depths))
    for n in sizes:
        one = solve(range(1, n + 1))
        line = f"{n:<3} {one.mover_value:>5}  {one.nodes:>11,} |"
        for depth in depths:
            run = lockstep_solve(range(1, n + 1), split_depth=depth)
            assert run.mover_value == one.mover_value
            line += f" {run.steps / one.nodes:>15.2f} {run.nodes / one.nodes:5.2f} |"
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--solve-to", type=int, default=20)
    parser.add_argument("--reference-from", type=int, default=None, help="also run the reference search from this N")
    parser.add_argument("--stats-to", type=int, default=12)
    parser.add_argument("--heuristics", type=int, default=0, help="games per Table 3/4 cell (0: skip)")
    parser.add_argument("--baseline", metavar="REF", help="compare the solver with the one at this git commit")
    parser.add_argument("--compare", default="21,22,23,24,25,26,27", help="the N to compare (with --baseline)")
    parser.add_argument(
        "--jobs",
        type=int,
        nargs="+",
        default=[1],
        help="processes per solve (with --baseline); several (e.g. --jobs 1 2): compare them on --compare",
    )
    parser.add_argument("--runs", type=int, default=1, help="runs per N and solver, best CPU kept (with --baseline)")
    parser.add_argument("--diagnose", type=int, metavar="N", help="CPU a node of 1..N: alone, two at once, shared")
    parser.add_argument("--lockstep", type=int, nargs="+", metavar="D", help="two workers in lockstep on --compare")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--search-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--shared", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.jobs[0])
        return
    if args.search_child is not None:
        search_child(args.search_child, args.shared)
        return
    if args.diagnose is not None:
        diagnose(args.diagnose, args.runs)
        return
    if args.lockstep:
        lockstep([int(n) for n in args.compare.split(",")], args.lockstep)
        return
    if args.baseline:
        compare(args.baseline, [int(n) for n in args.compare.split(",")], args.jobs[0], args.runs)
        return
    if len(args.jobs) > 1:
        compare_jobs([int(n) for n in args.compare.split(",")], args.jobs, args.runs)
        return
    bench_solve(args.solve_to, args.reference_from)
    if args.stats_to >= 3:
        bench_stats(args.stats_to)
    if args.heuristics:
        bench_heuristics(args.heuristics)


if __name__ == "__main__":
    main()
