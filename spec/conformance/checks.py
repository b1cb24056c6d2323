"""The checks a suite run adds after its cases: random games and the exhaustive walk, each as
results with stable IDs (`<ruleset>/random/<clause>`, `<ruleset>/exhaustive/<clause>`), so that a
known failure found there can be listed in an expectations file like a case."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from truco_rules.spec.conformance.run import ERROR, FAIL, PASS, SKIP, CaseResult

ENGINE = "ENGINE"  # the pseudo-clause of an engine fault (truco_rules.spec.monitor.follow): an error


def _status(clause: str) -> str:
    """A finding of a rule is a failure; an engine fault (it raised, hung, exited) is an error."""
    return ERROR if clause == ENGINE else FAIL


def random_results(
    factory: Callable[[], Any],
    ruleset: str,
    games: int,
    programs: int,
    seed: int,
    call_timeout: float,
    jobs: int,
    readings: Mapping[str, str] | None = None,
) -> list[CaseResult]:
    """`games` random games and `programs` Hypothesis programs (truco check without situations)
    under `readings`: one failing result per clause a divergence is caused by, else one passing
    result."""
    from truco_rules.spec.monitor.drive import Settings, check_engine

    cfg = Settings(games=games, programs=programs, seed=seed, call_timeout=call_timeout)
    report = check_engine(factory, [ruleset], {}, cfg, jobs=jobs, per_ruleset={ruleset: dict(readings or {})})
    exercised = tuple(sorted(c for c, n in report.per_ruleset.get(ruleset, {}).items() if n))
    by_clause: dict[str, list[Any]] = {}
    for g in report.groups():
        by_clause.setdefault(g.clause, []).append(g)
    if not by_clause:
        return [
            CaseResult(
                f"{ruleset}/random", ruleset, PASS, f"{games} games, {programs} programs", clauses=exercised
            )
        ]
    out = []
    for clause, groups in sorted(by_clause.items()):
        first = groups[0].first.violation
        n = sum(len(g.games) for g in groups)
        out.append(
            CaseResult(
                f"{ruleset}/random/{clause}",
                ruleset,
                _status(clause),
                f"{n} of {games + (1 if programs else 0)} games and programs (seed {seed}); first, game "
                f"{first.game}: {first.requires}; the engine: {first.says}",
                clause=clause,
                clauses=(clause,),
            )
        )
    return out


def exhaustive_results(
    factory: Callable[[], Any], ruleset: str, deals: int, call_timeout: float, jobs: int,
    readings: Mapping[str, str] | None = None,
) -> list[CaseResult]:
    """The exhaustive walk of `deals` classes under `readings` (0: not run, said as a skipped result)."""
    if deals <= 0:
        return [
            CaseResult(
                f"{ruleset}/exhaustive", ruleset, SKIP, "not run (--exhaustive-deals N walks N classes)"
            )
        ]
    from truco_rules.spec.monitor.exhaustive import check_exhaustive, plan, supervised

    plans = plan([ruleset], {ruleset: dict(readings or {})}, deals)
    if not any(p.jobs for p in plans):
        return [CaseResult(f"{ruleset}/exhaustive", ruleset, SKIP, "no class or position to walk")]
    report = check_exhaustive(plans, supervised(factory, call_timeout, jobs))
    tally = report.total()
    exercised = tuple(sorted(c for c, n in tally.exercised.items() if n))
    if report.ok:
        return [
            CaseResult(
                f"{ruleset}/exhaustive",
                ruleset,
                PASS,
                f"{tally.deals} deals, {tally.nodes:,} nodes, {tally.leaves:,} leaves",
                clauses=exercised,
            )
        ]
    out = []
    for g in report.groups():
        v = g.first.violation
        out.append(
            CaseResult(
                f"{ruleset}/exhaustive/{g.clause}",
                ruleset,
                _status(g.clause),
                f"{len(g.games)} walks; first: {v.requires}; the engine: {v.says}",
                clause=g.clause,
                clauses=(g.clause,),
            )
        )
    merged: dict[str, CaseResult] = {}
    for r in out:  # one result per clause, as for random games
        merged.setdefault(r.id, r)
    return list(merged.values())
