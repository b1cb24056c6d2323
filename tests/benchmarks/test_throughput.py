"""run_engine_bench under a fake clock: whole seeded matches until the time is up, every action
counted, the figures consistent with what it reports, the records it keeps.

A benchmark, not a rule check: these tests name no clause. The clock moves a fixed step at every
reading, however many readings the bench takes.
"""

from __future__ import annotations

import itertools
import time

import pytest

from truco_rules.benchmarks import throughput as B
from truco_rules.spec.monitor.replay import check_record


def _clock(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    ticks = itertools.count(1000.0, step)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))  # the standard clock the bench reads


def _actions(record: dict) -> int:
    return sum(len(h["actions"]) for h in record["hands"])


def test_bench_plays_whole_seeded_matches_until_the_time_is_up(monkeypatch: pytest.MonkeyPatch) -> None:
    _clock(monkeypatch, 0.125)
    out = B.run_engine_bench("mineiro-1v1-es", 1.0, seed=5, keep_records=1000)
    assert set(out) == {"ruleset", "seconds", "matches", "actions", "matches_per_s", "actions_per_s",
                        "records"}
    assert out["ruleset"] == "mineiro-1v1-es" and out["seconds"] >= 1.0 and out["matches"] >= 2
    records = out["records"]
    assert [r["seed"] for r in records] == list(range(5, 5 + out["matches"])), "one match per seed, in turn"
    for game, record in enumerate(records):
        assert record["result"] is not None and not check_record(record, "mineiro-1v1-es", game), \
            "each match is played to its end, by the rules"
    assert out["actions"] == sum(_actions(r) for r in records), "every action of every match is counted"
    assert out["matches_per_s"] == round(out["matches"] / out["seconds"], 1)
    assert out["actions_per_s"] == round(out["actions"] / out["seconds"], 1)


def test_bench_plays_one_whole_match_when_the_time_is_up_during_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _clock(monkeypatch, 60.0)
    out = B.run_engine_bench("gauderio-pairs-es", 1.0, keep_records=5)
    assert out["matches"] == 1 and len(out["records"]) == 1, "at least one match, never more past the time"
    (record,) = out["records"]
    assert record["seed"] == 0 and record["result"] is not None and out["actions"] == _actions(record)


def test_bench_keeps_only_the_first_records(monkeypatch: pytest.MonkeyPatch) -> None:
    _clock(monkeypatch, 0.125)
    out = B.run_engine_bench("mineiro-1v1-es", 1.0, seed=5, keep_records=2)
    assert out["matches"] > 2 and [r["seed"] for r in out["records"]] == [5, 6]
    _clock(monkeypatch, 0.125)
    assert "records" not in B.run_engine_bench("mineiro-1v1-es", 1.0, seed=5)


def test_bench_is_seeded_and_runs_about_a_second_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []
    for _ in range(2):
        _clock(monkeypatch, 0.125)
        runs.append(B.run_engine_bench("gauderio-pairs-es", seed=3, keep_records=1000))
    assert runs[0] == runs[1], "the same seed, the same matches"
    assert 1.0 <= runs[0]["seconds"] < 1.5
