"""A long check keeps counts, not games: the parent's memory does not grow with each game."""

from __future__ import annotations

import tracemalloc

from truco_rules.cli.engines import engine_factory
from truco_rules.spec.monitor.drive import Report, Settings, check_engine


def _peak(games: int) -> tuple[int, Report]:
    factory, _, _ = engine_factory(None, None, 2.0, ["mineiro-1v1-es"])
    tracemalloc.start()
    try:
        report = check_engine(factory, ["mineiro-1v1-es"], {}, Settings(games=games, programs=0), jobs=1)
        return tracemalloc.get_traced_memory()[1], report
    finally:
        tracemalloc.stop()


def test_the_parent_keeps_no_tally_per_game() -> None:
    _peak(10)  # the imports and caches of a first check are not the games'
    small, _ = _peak(50)
    large, report = _peak(250)
    assert report.games == 250 and report.ok
    # About 3 KB a game when each game's tally was kept to the end; the bound leaves room for noise.
    assert large - small < 200 * 1024, f"{(large - small) // 1024} KB more for 200 more games"


def test_only_the_first_game_of_each_cause_keeps_its_trace() -> None:
    from tests.planted.engines import run_payout

    report = check_engine(run_payout, ["mineiro-1v1-es"], {}, Settings(games=30, programs=0), jobs=2)
    groups = report.groups()
    assert len(report.findings) > len(groups), "several games share a cause: the case under test"
    assert sorted(report.traces) == sorted(g.units[0] for g in groups), "what a report shrinks, no more"


def test_a_game_keeps_one_finding_a_clause_and_the_groups_are_the_same() -> None:
    import random

    from truco_rules.spec.monitor.findings import Finding, group
    from truco_rules.spec.monitor.violation import Violation

    rng = random.Random(7)
    every: dict[int, list[Finding]] = {}
    report = Report()
    for _ in range(3000):  # in no particular order, as jobs end
        game = rng.randrange(12)
        v = Violation(game, rng.choice(["BET-4", "MAT-1", "RND-3"]), "x")
        f = Finding(v, rng.choice(["a", "b"]), (rng.randrange(5), rng.randrange(3)))
        every.setdefault(game, []).append(f)
        report.found(f)
    assert sum(map(len, report.findings.values())) <= 12 * 3, "one finding a clause in each game"
    assert [g.to_dict() for g in report.groups()] == [g.to_dict() for g in group(every)]
    assert [g.examples for g in report.groups()] == [g.examples for g in group(every)]
