"""`truco validate --jobs N` and `--dask`: the same output, in the same order, and the same exit
code as one process, on input that has every kind of line (conforming, breaking a rule, every
kind of malformed, blank, too long, a file that cannot be opened, a line with no end).

The commands run as real processes: worker processes and a real local Dask cluster (two workers),
nothing mocked.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from spec_records import CONFORMING, mutated

MAX_LINE = 20_000  # above every record here, below the overlong lines


def mixed_lines(rounds: int) -> list[str]:
    records = [f() for f in CONFORMING.values()]
    rec = CONFORMING["mineiro_runs"]()
    one = [json.dumps(r) for r in records] + [
        json.dumps(mutated(rec, "hands[1].result.points", 2)),  # breaks BET-4
        json.dumps(mutated(rec, "ruleset", "mineiro-1v1-es")),  # conforms: the same rules as -en
        json.dumps(mutated(rec, "seed", "seven")),  # wrong type
        json.dumps(rec).replace('"seed": ', '"seed": 1, "seed": ', 1),  # a repeated key
        json.dumps(mutated(rec, "ruleset", "truco-paulista")),  # an unknown ruleset
        '{"format": "truco-record/1",',  # bad JSON
        "",  # blank
        "x" * (MAX_LINE + 10),  # too long
        "[" * 5000,  # deep nesting
    ]
    return one * rounds


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("parallel")
    first, second, runaway = folder / "first.jsonl", folder / "second.jsonl", folder / "runaway.jsonl"
    first.write_text("\n".join(mixed_lines(40)) + "\n", encoding="utf-8")
    second.write_bytes(b"\xff\xfe not UTF-8\n" + "\n".join(mixed_lines(7)).encode())  # no final newline
    runaway.write_bytes(b"{" * (64 * MAX_LINE + 100))
    return [str(first), str(folder / "missing.jsonl"), str(runaway), str(second)]


def validate(*args: str) -> tuple[int, str]:
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "3s"}  # Dask's own setting
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "validate", "--max-line-bytes",
                           str(MAX_LINE), *args], capture_output=True, text=True, timeout=600, check=False,
                          env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module")
def one_process(inputs: list[str]) -> dict[str, tuple[int, str]]:
    return {"json": validate("--json", *inputs), "text": validate(*inputs)}


def test_the_input_has_every_kind_of_result(one_process: dict[str, tuple[int, str]]) -> None:
    code, out = one_process["json"]
    items = [json.loads(line) for line in out.splitlines()]
    kinds = {i["kind"] for i in items}
    assert code == 2 and kinds == {"violation", "malformed", "error", "summary"}, kinds
    summary = items[-1]
    assert summary["kind"] == "summary" and summary["conforming"] == (len(CONFORMING) + 1) * 47, summary
    # the six malformed lines of each round, the line that is not UTF-8 and the line with no end
    assert summary["violations"] == 47 and summary["malformed"] == 6 * 47 + 2, summary
    errors = [Path(i["file"]).name for i in items if i["kind"] == "error"]
    assert errors == ["missing.jsonl", "runaway.jsonl"], errors


def test_jobs_give_the_output_of_one_process(inputs: list[str],
                                             one_process: dict[str, tuple[int, str]]) -> None:
    assert validate("--json", "--jobs", "2", *inputs) == one_process["json"]
    assert validate("--jobs", "2", *inputs) == one_process["text"]


def test_a_local_dask_cluster_gives_the_output_of_one_process(
        inputs: list[str], one_process: dict[str, tuple[int, str]]) -> None:
    assert validate("--json", "--dask", "local", "--jobs", "2", *inputs) == one_process["json"]


@pytest.mark.slow
def test_an_unreachable_dask_scheduler_is_a_one_line_error(inputs: list[str]) -> None:
    code, out = validate("--dask", "tcp://127.0.0.1:9", inputs[0])
    assert code == 2 and out.startswith("truco: error: cannot reach the Dask scheduler"), out
    assert len(out.strip().splitlines()) == 1, out
