"""`truco check --exhaustive`: every class of deals of a ruleset, at every position, walked whole.

Per ruleset: its deal classes (truco_rules.spec.exhaustive.classes), its positions (0-0, the hand of ten for
either side, the iron hand), and an estimate of the nodes to walk (Knuth's estimator: random
descents of the spec's tree, the product of the branching factors, on one representative per
position). Above NODE_BOUND the ruleset is not walked: the plan says so and `--deals N` walks N
classes (spread evenly over them) instead. Each class at each position is one job (spec.monitor.walk)
for the supervised workers of truco_rules.spec.monitor.supervise, or for a Dask cluster; the results are put
back in job order, so the report is the same for any number of workers and on a cluster.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.catalogue import counts_of_ruleset
from truco_rules.spec.exhaustive.classes import DealClass, Position, classes, exact, positions, reduction
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.findings import Finding, Group, group
from truco_rules.spec.monitor.supervise import Event, Supervisor
from truco_rules.spec.monitor.walk import Factory, WalkJob, WalkTally, run_walk_job
from truco_rules.spec.rules.state import Match, Rules, legal_actions

NODE_BOUND = 60_000_000  # estimated nodes above which a ruleset is not walked whole (about 30 core-minutes)
DESCENTS = 64  # random descents per estimate


def estimate_tree(rules: Rules, deal: Mapping[str, Any], scores: Sequence[int],
                  descents: int = DESCENTS) -> int:
    """Knuth's estimate of the nodes of the spec's tree of this hand (seeded: the same every run)."""
    rng = random.Random(f"truco-estimate/{rules.ruleset}")
    match = Match.at(rules, scores)
    root = match.new_hand(tuple(tuple(h) for h in deal["hands"]), deal.get("muestra"))
    total = 0
    for _ in range(descents):
        hand, weight, nodes = root.copy(), 1, 1
        while not hand.over:
            legal = sorted(legal_actions(hand))
            weight *= len(legal)
            nodes += weight
            hand.apply(hand.to_act(), rng.choice(legal))  # type: ignore[arg-type]
        total += nodes
    return total // descents


@dataclass
class RulesetPlan:
    """What the exhaustive check of one ruleset walks, or why it does not walk it whole."""

    ruleset: str
    classes: int
    exact: bool
    positions: list[Position]
    estimate: int
    walked: bool  # the whole ruleset (every class), not a sample
    sample: int | None  # --deals N
    jobs: list[WalkJob] = field(default_factory=list)
    reduction: str = ""  # what a class keeps of a deal, and how the classes are found

    @property
    def refused(self) -> bool:
        return not self.jobs

    def message(self) -> str:
        if not self.positions or not self.classes:
            return f"{self.ruleset}: no class or position to walk"
        where = "" if self.exact else " at least (met in a sample of deals)"
        return (f"{self.ruleset}: {self.classes:,} classes{where} x {len(self.positions)} positions, about "
                f"{self.estimate:,} nodes: too many to walk whole (the bound is {NODE_BOUND:,}); "
                "--deals N walks N classes")


def spread(items: Sequence[DealClass], n: int) -> list[DealClass]:
    """n items spread evenly over the sequence, in its order."""
    if n >= len(items):
        return list(items)
    return [items[(i * len(items)) // n] for i in range(n)]


def plan(names: Sequence[str], readings: Mapping[str, Mapping[str, str]], deals: int | None,
         only_positions: Sequence[str] = (), only_classes: Sequence[int] = ()) -> list[RulesetPlan]:
    """The jobs of an exhaustive check, in report order: per ruleset, per class, per position
    (`only_positions`, `only_classes`: those alone, where the ruleset has them). A class's sample
    deals go with its first position."""
    out: list[RulesetPlan] = []
    index = 0
    for name in names:
        chosen = dict(readings.get(name, {}))
        rules = Rules.of(name, chosen)
        found = classes(rules)
        if only_classes:
            found = tuple(k for k in found if k.index in set(only_classes))
        where = [p for p in positions(rules) if not only_positions or p.name in only_positions]
        if not found or not where:
            out.append(RulesetPlan(name, len(found), exact(rules), where, 0, False, deals,
                                   reduction=reduction(rules)))
            continue
        estimate = len(found) * sum(estimate_tree(rules, found[0].deal, p.scores) for p in where)
        walked = deals is None and estimate <= NODE_BOUND
        p = RulesetPlan(name, len(found), exact(rules), where, estimate, walked, deals,
                        reduction=reduction(rules))
        if walked or deals is not None:
            for k in spread(found, len(found) if deals is None else deals):
                for at, pos in enumerate(where):
                    # The sample deals (the equal-strength check) at the class's first position only:
                    # their card plays are the same at every position, and walking them at each of
                    # the four was a quarter of the whole check.
                    p.jobs.append(WalkJob(index, name, chosen, k.index, pos.name, pos.scores, k.deal,
                                          k.sample if at == 0 else ()))
                    index += 1
        out.append(p)
    return out


@dataclass
class ExhaustiveReport:
    """What the walks found: counts per ruleset, findings per job (cause first), their groups."""

    per_ruleset: dict[str, WalkTally] = field(default_factory=dict)
    violated: Counter[str] = field(default_factory=Counter)
    findings: dict[int, list[Finding]] = field(default_factory=dict)  # job -> findings
    traces: dict[int, dict[str, Any]] = field(default_factory=dict)  # job -> reproduction trace
    jobs: dict[int, WalkJob] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.violated

    def groups(self) -> list[Group]:
        return group(self.findings)

    def total(self) -> WalkTally:
        out = WalkTally()
        for t in self.per_ruleset.values():
            out.add(t)
        return out


Events = Callable[[list[WalkJob]], Iterator[Event]]


def supervised(factory: Factory, call_timeout: float, workers: int) -> Events:
    """The jobs on `workers` supervised processes (a hung or dead engine is reported, not waited for)."""
    def run(jobs: list[WalkJob]) -> Iterator[Event]:
        yield from Supervisor(run_walk_job, (factory, call_timeout), workers).run(jobs)
    return run


def _on_dask(job: WalkJob, factory: Factory, call_timeout: float) -> list[tuple[str, Any]]:
    """One job on a Dask worker: its events, "done" last (no beacon is watched there)."""
    events: list[tuple[str, Any]] = []
    tally = run_walk_job(job, (factory, call_timeout), Beacon(),
                         lambda kind, data: events.append((kind, data)))
    events.append(("done", tally))
    return events


def on_dask(factory: Factory, call_timeout: float, address: str, workers: int | None) -> Callable[
        [list[WalkJob]], Iterator[Event]]:
    """The jobs on the Dask cluster at `address` ("local": one started here for the run)."""
    from truco_rules.spec.catalogue import added_ruleset_files
    from truco_rules.spec.monitor.parallel import dask_client

    def run(jobs: list[WalkJob]) -> Iterator[Event]:
        # The workers load the files added here (--ruleset-file), sent as their texts.
        with dask_client(address, workers, ruleset_files=added_ruleset_files()) as (client, _threads):
            futures = [client.submit(_on_dask, job, factory, call_timeout, pure=False) for job in jobs]
            for job, future in zip(jobs, futures, strict=True):
                for kind, data in future.result():
                    yield Event(kind, job.index, data)
    return run


def check_exhaustive(plans: Sequence[RulesetPlan], events: Events,
                     progress: Callable[[str, int], None] | None = None) -> ExhaustiveReport:
    """Run the plans' jobs and gather the report in job order (the same for any runner)."""
    jobs = [job for p in plans for job in p.jobs]
    by_index = {job.index: job for job in jobs}
    tallies: dict[int, WalkTally] = {}
    found: dict[int, list[tuple[Finding, dict[str, Any] | None]]] = {}
    done: Counter[str] = Counter()
    for event in events(jobs) if jobs else iter(()):
        job = by_index[event.index]
        if event.kind == "finding":
            data, trace = event.data
            found.setdefault(event.index, []).append((Finding.from_dict(data), trace))
            continue
        if event.kind == "done":
            tallies[event.index] = event.data
        else:  # hang or died
            from truco_rules.spec.monitor.drive import Job, lost_job

            finding, _ = lost_job(Job(job.index, "game", job.ruleset, job.readings, job.index, 0), event)
            found.setdefault(event.index, []).append((finding, None))
        done[job.ruleset] += 1
        if progress is not None:
            progress(job.ruleset, done[job.ruleset])
    report = ExhaustiveReport()
    for p in plans:
        report.per_ruleset[p.ruleset] = WalkTally()
    for job in jobs:
        report.jobs[job.index] = job
        tally = tallies.get(job.index, WalkTally())
        tally.exercised = counts_of_ruleset(job.ruleset, tally.exercised)  # only the clauses of its ruleset
        report.per_ruleset[job.ruleset].add(tally)
        for finding, trace in found.get(job.index, []):
            report.violated[finding.violation.clause] += 1
            report.findings.setdefault(job.index, []).append(finding)
            if trace is not None:
                report.traces.setdefault(job.index, trace)
    return report
