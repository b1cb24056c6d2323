"""Time `truco check` on the reference engine with its default settings, on 1 and on N workers.

    python scripts/bench-check.py [--games 250] [--programs 40]

Prints wall-clock seconds, games per second and the speed-up; the reports of both runs must be
equal (they are compared). A benchmark, not a test: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import time

from truco_rules.cli.check_cmds import default_jobs
from truco_rules.engine.adapter import make_adapter
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.monitor.drive import Settings, check_engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--programs", type=int, default=40)
    args = parser.parse_args()
    rulesets = list(load_catalogue().rulesets)
    cfg = Settings(games=args.games, programs=args.programs)
    reports, times = {}, {}
    for jobs in sorted({1, default_jobs()}):
        start = time.perf_counter()
        reports[jobs] = check_engine(make_adapter, rulesets, {}, cfg, jobs=jobs)
        times[jobs] = time.perf_counter() - start
        games = reports[jobs].games
        print(f"jobs {jobs}: {times[jobs]:.1f} s, {games / times[jobs]:.0f} games/s, "
              f"{reports[jobs].steps / times[jobs]:.0f} actions/s")
    one, many = reports[1], reports[max(reports)]
    same = (one.exercised, one.violated, one.findings) == (many.exercised, many.violated, many.findings)
    print(f"speed-up with {max(reports)} workers: {times[1] / times[max(reports)]:.2f}x; same report: {same}")


if __name__ == "__main__":
    main()
