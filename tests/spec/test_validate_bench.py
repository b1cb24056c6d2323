"""The validate benchmark runs and reports its figures (their values are not tested: they depend
on the machine), and the names `truco bench` relies on stay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_script_prints_its_figures() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts/bench_validate.py"), "--records", "30",
                           "--garbage", "300"], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    figures = json.loads(next(line for line in lines if line.startswith("in process:")).split(":", 1)[1])
    assert set(figures) == {"validate_records", "validate_records_per_s", "validate_jobs",
                            "validate_records_per_s_jobs", "validate_speedup", "validate_identical",
                            "cpu_count"}, figures
    assert figures["validate_records"] == 30 and figures["validate_jobs"] == 2
    assert figures["validate_identical"] is True
    assert figures["validate_records_per_s"] > 0 and figures["validate_records_per_s_jobs"] > 0
    assert any("--jobs 2" in line and "output identical: True" in line for line in lines), lines
    assert sum("300 garbage lines" in line and "exit 1" in line for line in lines) == 2, lines
