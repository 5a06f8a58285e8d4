"""What `--jobs` gains: records per second of `verify`, `adjudicate` and `convert` with `--jobs 1`,
`--jobs 2` and the default, on one large Little Golem file and on a folder of many small files,
run side by side (interleaved: every contestant once per round), best of several rounds.

    python benchmarks/bench_jobs.py                      # 100,000 records; convert on 10,000
    python benchmarks/bench_jobs.py --records 20000 --runs 3 --commands verify,adjudicate
    python benchmarks/bench_jobs.py --jobs 1,2,4 --catchup /other/venv/bin/catchup

The collections are random legal side-5 catchup games written as Little Golem writes them (see
bench_cli.py), made once under /tmp: one file of `--records` games, and the same games in a folder
of files of `--per-file` games each; convert, a hundred times slower a record, reads the first
`--convert-records` of them (a file of its own, and a folder of its own). Each run writes its
output to a file; every `--jobs` of one command and input must write the same bytes (checked on
every run: a difference stops the benchmark). The figures are wall-clock rates (what `--jobs` is
for), CPU seconds beside them (the child's and its workers'), and each rate's ratio to
`--jobs 1`'s; the load average (`uptime`) is printed before and after, since on a shared machine
the ratios are only as good as the cores that were free.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_cli import ENVIRONMENT, collection  # a sibling script, not a package

OUT = Path("/tmp/catchup-bench-jobs.out")


def inputs(records: int, per_file: int) -> tuple[Path, Path]:
    """The large file of `records` games and the folder of the same games, `per_file` a file."""
    big = Path(f"/tmp/catchup-jobs-{records}.sgf")
    folder = Path(f"/tmp/catchup-jobs-{records}-by-{per_file}")
    if not big.exists():
        big.write_text(collection(records), encoding="utf-8")
    if not folder.exists():
        parts = Path(f"{folder}.part")
        shutil.rmtree(parts, ignore_errors=True)
        parts.mkdir()
        games = big.read_text(encoding="utf-8").splitlines(keepends=True)  # one game a line, as LG writes
        for start in range(0, len(games), per_file):
            (parts / f"games-{start // per_file:06d}.sgf").write_text("".join(games[start : start + per_file]))
        parts.rename(folder)
    return big, folder


def run(command: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (with the workers') and a digest of stdout and the exit code."""
    with OUT.open("wb") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, env=ENVIRONMENT)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed with exit code {code}")
    digest = hashlib.sha256(OUT.read_bytes() + f"exit {code}".encode()).hexdigest()[:16]
    return elapsed, usage.ru_utime + usage.ru_stime, digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catchup", default="catchup", help="the catchup executable")
    parser.add_argument("--records", type=int, default=100_000, help="games of the large file (and the folder)")
    parser.add_argument("--per-file", type=int, default=50, help="games in each file of the folder")
    parser.add_argument("--convert-records", type=int, default=10_000, help="games that convert reads")
    parser.add_argument("--commands", default="verify,adjudicate,convert")
    parser.add_argument("--to", default="lg", help="convert's notation")
    parser.add_argument("--jobs", default="1,2,default", help="the --jobs to compare ('default': none given)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    big, folder = inputs(args.records, args.per_file)
    small_big, small_folder = inputs(args.convert_records, args.per_file)
    contestants: list[tuple[str, str, str, int, list[str]]] = []  # command, input, jobs, records, line
    for command in args.commands.split(","):
        converting = command == "convert"
        for kind, path in (
            ("one file", small_big if converting else big),
            ("many files", small_folder if converting else folder),
        ):
            records = args.convert_records if converting else args.records
            for jobs in args.jobs.split(","):
                line = [args.catchup, command, str(path)]
                line += ["--to", args.to] if converting else ["--json"]
                line += [] if jobs == "default" else ["--jobs", jobs]
                contestants.append((command, kind, jobs, records, line))
    print(f"{big}: {big.stat().st_size / 1e6:.1f} MB; {folder}: {len(list(folder.iterdir()))} files")
    print(f"cores: {len(os.sched_getaffinity(0))}; uptime load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for *_, line in contestants:  # a warm-up round, untimed: byte code written, files cached
        run(line)
    wall: dict[int, float] = {}
    cpu: dict[int, float] = {}
    digests: dict[tuple[str, str], set[str]] = {}
    for _ in range(args.runs):
        for k, (command, kind, _, _, line) in enumerate(contestants):
            elapsed, used, digest = run(line)
            wall[k] = min(elapsed, wall.get(k, elapsed))
            cpu[k] = min(used, cpu.get(k, used))
            digests.setdefault((command, kind), set()).add(digest)
            if len(digests[(command, kind)]) > 1:
                raise SystemExit(f"{command} on {kind}: --jobs changed the output ({' '.join(line)})")
    print(f"uptime load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'command':<11}{'input':<12}{'--jobs':<9}{'records/s':>10}{'wall s':>9}{'CPU s':>8}{'vs 1':>7}")
    base: dict[tuple[str, str], float] = {}
    for k, (command, kind, jobs, records, _) in enumerate(contestants):
        rate = records / wall[k]
        if jobs == "1":
            base[(command, kind)] = rate
        ratio = f"{rate / base[(command, kind)]:6.2f}x" if (command, kind) in base else ""
        print(f"{command:<11}{kind:<12}{jobs:<9}{rate:>10.0f}{wall[k]:>9.3f}{cpu[k]:>8.3f}{ratio:>7}")
    print(f"best of {args.runs} runs each; every --jobs wrote the same output")


if __name__ == "__main__":
    main()
