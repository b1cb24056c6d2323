"""How fast validate checks records: per process, and with several worker processes.

For benchmarks (`truco bench`, scripts/bench_validate.py), not for tests: the figures depend on
the machine and on what else runs on it. The names of the returned keys are stable.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Sequence
from typing import Any

from truco_rules.spec.monitor.parallel import process_pool
from truco_rules.spec.monitor.stream import validate_lines, warm_up


def measure_validate(lines: Sequence[str | bytes], jobs: int = 2,
                     ruleset: str | None = None) -> dict[str, Any]:
    """Check `lines` (JSON records, one a line) once in this process and once on `jobs` worker
    processes, as `truco validate --jobs 1` and `--jobs N` do, and time both.

    Returns validate_records (how many lines), validate_records_per_s (one process),
    validate_jobs, validate_records_per_s_jobs (the pool's start included: it is part of what
    --jobs costs), validate_speedup (their ratio), validate_identical (both gave the same
    results, in the same order) and cpu_count. Like the command, it freezes the objects alive
    before the run out of the garbage collector's sight (gc.freeze) in this process.
    """
    warm_up(ruleset)
    gc.freeze()
    start = time.perf_counter()
    one = list(validate_lines(lines, ruleset))
    single = time.perf_counter() - start
    start = time.perf_counter()
    with process_pool(jobs, ruleset) as run:
        many = list(validate_lines(lines, ruleset, run=run))
    parallel = time.perf_counter() - start
    n = len(lines)
    per_s, per_s_jobs = n / max(single, 1e-9), n / max(parallel, 1e-9)
    return {"validate_records": n, "validate_records_per_s": round(per_s, 1), "validate_jobs": jobs,
            "validate_records_per_s_jobs": round(per_s_jobs, 1),
            "validate_speedup": round(per_s_jobs / max(per_s, 1e-9), 3),
            "validate_identical": one == many, "cpu_count": os.cpu_count()}
