"""Benchmark of `truco validate`: records/s on one process and on --jobs N, the speed-up, and how
long garbage takes to report. Prints figures; asserts nothing about speed.

    python scripts/bench_validate.py                    # 20,000 records, --jobs 2, 200,000 garbage lines
    python scripts/bench_validate.py --dask             # also --dask local with --jobs workers
    python scripts/bench_validate.py --records 2000 --garbage 20000

The records are played by the reference engine's random bots (mineiro-1v1-es, seeds 0..N-1).
Each run of the command is a fresh process, timed from outside (wall clock) with the processor
time it and its workers used. On a machine that other work shares, the wall-clock speed-up
understates what the same run gets on idle cores; the processor time does not depend on the
load, so the line "cpu bound" gives the speed-up that the work would allow on N idle cores
(N times the one-process CPU time over the N-process CPU time).

On Linux with autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled = 1) a busy machine
gives each session the same share of the processors however many processes it runs, so --jobs N
cannot beat --jobs 1 there. To measure what idle cores would give, run the benchmark in a session
of its own with a higher share (as root, for the minute it takes):

    setsid sh -c 'echo -20 > /proc/self/autogroup && exec python scripts/bench_validate.py'
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import resource
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def make_records(n: int, ruleset: str = "mineiro-1v1-es") -> list[str]:
    from truco_rules.engine import Game
    from truco_rules.engine.bots import BOTS

    lines = []
    for seed in range(n):
        game = Game.new(ruleset, seed=seed)
        bots = {s: BOTS["random"](seed * 4 + s) for s in range(game.config.n)}
        while (seat := game.to_act) is not None:
            game.push(bots[seat].choose(game))
        lines.append(json.dumps(game.record(), separators=(",", ":")))
    return lines


def make_garbage(n: int) -> list[str]:
    rng = random.Random(0)
    alphabet = string.ascii_letters + string.digits + '{}[]":, '
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))) for _ in range(n)]


def run_cli(*args: str) -> tuple[float, float, int, bytes]:
    """(wall seconds, processor seconds of the command and its workers, exit code, output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "validate", *args], capture_output=True,
                          check=False, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if b"Traceback" in done.stderr:
        sys.exit(done.stderr.decode())
    return wall, cpu, done.returncode, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--garbage", type=int, default=200_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dask", action="store_true", help="also time --dask local")
    opts = parser.parse_args()

    print(f"# truco validate benchmark, {datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()}: "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    records = make_records(opts.records)
    print(f"made {len(records):,} records with the engine in {time.perf_counter() - start:.1f} s")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        path.write_text("\n".join(records) + "\n", encoding="utf-8")

        from truco_rules.spec.monitor.throughput import measure_validate

        figures = measure_validate(records, jobs=opts.jobs)
        print("in process:", json.dumps(figures))

        wall1, cpu1, code1, out1 = run_cli("--json", str(path))
        print(f"truco validate --jobs 1: {wall1:6.2f} s wall, {cpu1:6.2f} s cpu, "
              f"{opts.records / wall1:8,.0f} records/s, exit {code1}")
        wall, cpu, code, out = run_cli("--json", "--jobs", str(opts.jobs), str(path))
        print(f"truco validate --jobs {opts.jobs}: {wall:6.2f} s wall, {cpu:6.2f} s cpu, "
              f"{opts.records / wall:8,.0f} records/s, exit {code}, output identical: {out == out1}")
        print(f"speed-up --jobs {opts.jobs} over --jobs 1: {wall1 / wall:.2f} wall clock, "
              f"{opts.jobs * cpu1 / cpu:.2f} cpu bound")
        if opts.dask:
            wall, cpu, code, out = run_cli("--json", "--dask", "local", "--jobs", str(opts.jobs), str(path))
            print(f"truco validate --dask local --jobs {opts.jobs}: {wall:6.2f} s wall (cluster start "
                  f"included), exit {code}, output identical: {out == out1}")

        garbage = Path(tmp) / "garbage.txt"
        garbage.write_text("\n".join(make_garbage(opts.garbage)) + "\n", encoding="utf-8")
        for args in (["--json"], []):
            wall, cpu, code, out = run_cli(*args, str(garbage))
            print(f"{opts.garbage:,} garbage lines, {' '.join(args) or 'text'}: {wall:.2f} s wall, "
                  f"{len(out.splitlines()):,} output lines, exit {code}")
    print(f"# load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
