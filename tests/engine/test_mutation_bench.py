"""run_engine_bench with a scripted clock: how many matches, the figures, the records kept."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine import bench as B


def _replay(ruleset: str, seed: int, rng: random.Random) -> tuple[dict, int]:
    game = Game.new(ruleset, seed=seed)
    actions = 0
    while game.to_act is not None:
        game.push(rng.choice(game.legal_actions()))
        actions += 1
    return game.record(), actions


@pytest.mark.clause("MAT-1")
def test_bench_plays_until_the_deadline_and_reports_per_second(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([10.0, 11.0, 12.0, 13.123456])  # start, after match 1, after match 2, end
    monkeypatch.setattr(B.time, "perf_counter", lambda: next(clock))
    out = B.run_engine_bench("mineiro-1v1-es", 2.0, seed=5, keep_records=10)
    rng = random.Random(5)
    (first, n1), (second, n2) = _replay("mineiro-1v1-es", 5, rng), _replay("mineiro-1v1-es", 6, rng)
    assert out == {
        "ruleset": "mineiro-1v1-es", "seconds": 3.123, "matches": 2, "actions": n1 + n2,
        "matches_per_s": round(2 / 3.123456, 1), "actions_per_s": round((n1 + n2) / 3.123456, 1),
        "records": [first, second],
    }, "[MAT-1] two whole matches, each to its end, seeded seed + match number"
    assert out["matches_per_s"] == 0.6


def test_bench_keeps_only_the_first_records(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 0.1, 0.2, 5.0, 5.0])  # start, three matches, end
    monkeypatch.setattr(B.time, "perf_counter", lambda: next(clock))
    out = B.run_engine_bench("mineiro-1v1-es", 1.0, seed=5, keep_records=2)
    assert out["matches"] == 3 and len(out["records"]) == 2
    assert out["records"][0] == _replay("mineiro-1v1-es", 5, random.Random(5))[0]


def test_bench_without_records(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 1.5, 7.5])  # past the default second after one match
    monkeypatch.setattr(B.time, "perf_counter", lambda: next(clock))
    out = B.run_engine_bench("gauderio-pairs-es")
    assert "records" not in out and out["matches"] == 1 and out["seconds"] == 7.5
    assert out["actions"] == _replay("gauderio-pairs-es", 0, random.Random(0))[1]
