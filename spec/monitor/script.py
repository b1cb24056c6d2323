"""Play a trace again (a reproduction script), and shrink a trace to the shortest that still fails.

`run_script` starts the engine with the trace's seed, readings and stacked deals, and tries each
step in turn with the same checks as a game: the legal actions must agree before every step and
after the last one; a step the spec allows is applied, one it forbids must be refused with the
state unchanged. After a divergence the engine plays its hand to the end alone, and its record is
checked at the end: a round it decided otherwise, before the divergence, is then the earliest
finding, as in a game (truco_rules.spec.monitor.drive). It returns the findings, earliest first.

`shrink` is delta debugging (Zeller's ddmin) over the steps: it removes chunks of steps while
the earliest finding stays the same divergence (same clause, same kind of check, same cause). A step that a
removal makes illegal is tried as a refusal instead, so every candidate is a valid script. The
budget counts replayed steps, not seconds, so that the result does not depend on the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import START_LIMIT, EngineFault
from truco_rules.spec.monitor.findings import Finding, ordered, record_finding
from truco_rules.spec.monitor.follow import ENGINE, Divergence, Follower
from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.monitor.trace import LEGAL, REFUSED, Step, Trace
from truco_rules.spec.monitor.violation import Violation
from truco_rules.spec.rules.state import Rules

Factory = Callable[[], Any]
SHRINK_BUDGET = 40_000  # replayed steps a shrink may spend


@dataclass
class Outcome:
    """What a script run found, and the steps it really used (each marked legal or refused)."""

    findings: list[Finding]
    used: list[Step] = field(default_factory=list)
    hands: list[int] = field(default_factory=list)  # the hand number each used step was taken in
    deals: list[dict[str, Any]] = field(default_factory=list)

    @property
    def first(self) -> Finding | None:
        return self.findings[0] if self.findings else None


def finding_of(game: int, exc: Divergence | EngineFault, f: Follower | None, prefix: str = "") -> Finding:
    hand, action = f.position() if f is not None else (0, 0)
    steps = f.steps if f is not None else 0
    if isinstance(exc, Divergence):
        v = Violation(game, exc.clause, prefix + exc.message, exc.says, f"step {steps}", hand or None, action)
        return Finding(v, exc.category, (hand, action), exc.cause)
    v = Violation(game, ENGINE, prefix + str(exc), field=f"step {steps}", hand=hand or None, action=action)
    return Finding(v, "fault: " + exc.category, (hand, action))


def new_follower(factory: Factory, rules: Rules, seed: int, call_timeout: float, beacon: Beacon,
                 start_limit: float = START_LIMIT) -> Follower:
    """A follower around a new adapter from `factory` (a failure to make one is an EngineFault)."""
    beacon.enter("start", start_limit)
    try:
        adapter = factory()
    except EngineFault:
        beacon.leave()
        raise
    except BaseException as exc:  # SystemExit too: the engine's fault (truco_rules.spec.monitor.follow, safe)
        beacon.leave()
        raise EngineFault(f"the factory raised {type(exc).__name__}: {exc}", "start") from None
    beacon.leave()
    return Follower(adapter, rules, seed, call_timeout, beacon)


def run_script(factory: Factory, trace: Trace, call_timeout: float = 0.0, beacon: Beacon | None = None,
               game: int = 0) -> Outcome:
    """Play the trace's steps on a new engine with every check of a game; findings earliest first."""
    beacon = beacon if beacon is not None else Beacon()
    rules = Rules.of(trace.ruleset, trace.readings)
    found: list[Finding] = []
    out = Outcome(found)
    f: Follower | None = None
    try:
        f = new_follower(factory, rules, trace.seed, call_timeout, beacon)
        try:
            f.start(trace.readings, deals=trace.deals, scores=trace.scores, dealer=trace.dealer)
            for step in trace.steps:
                if f.over or f.hand is None:
                    break
                legal = f.legal()
                allowed = step.action in legal
                out.used.append(Step(f.hand.to_act(), step.action, LEGAL if allowed else REFUSED))
                out.hands.append(f.match.number)
                if allowed:
                    f.play(step.action)
                else:
                    f.probe(step.action)
            if not f.over and f.hand is not None:
                f.legal()  # a game stops where the legal actions differ: after its last step
        except Divergence as d:
            found.append(finding_of(game, d, f))
            f.finish_hand_alone()  # the record then shows how the engine decided that hand
        record = f.engine_record()
        in_progress = record.get("result") is None
        for v in check_record(record, ruleset=rules.ruleset, game=game, in_progress=in_progress):
            found.append(record_finding(v, record))
    except EngineFault as exc:
        found.append(finding_of(game, exc, f))
    if f is not None:
        out.deals = f.trace.deals
    out.findings = ordered(found)
    return out


def _same(outcome: Outcome, key: tuple[str, ...]) -> bool:
    return outcome.first is not None and outcome.first.key == key


def shrink(factory: Factory, trace: Trace, key: tuple[str, ...], call_timeout: float = 0.0,
           beacon: Beacon | None = None, budget: int = SHRINK_BUDGET) -> tuple[Trace, Outcome]:
    """The shortest trace found whose earliest finding has `key`, and that run's outcome.

    Returns the trace unchanged (with its outcome) when it does not show `key` at all."""
    spent = 0

    def attempt(steps: list[Step]) -> Outcome | None:
        nonlocal spent
        spent += len(steps) + 1
        candidate = Trace(trace.ruleset, trace.readings, trace.seed, trace.deals, steps, trace.scores,
                          trace.dealer)
        outcome = run_script(factory, candidate, call_timeout, beacon)
        return outcome if _same(outcome, key) else None

    best = attempt(list(trace.steps))
    if best is None:
        return trace, run_script(factory, trace, call_timeout, beacon)
    steps = _cut(best)
    # One cheap pass first: without the refused steps, when the divergence is not about a refusal.
    if any(s.expect == REFUSED for s in steps):
        legal_only = attempt([s for s in steps if s.expect == LEGAL])
        if legal_only is not None:
            best, steps = legal_only, _cut(legal_only)
    n = 2
    while len(steps) >= 2 and spent < budget:
        size = -(-len(steps) // n)
        chunks = [steps[i:i + size] for i in range(0, len(steps), size)]
        reduced = False
        for i in range(len(chunks)):
            if spent >= budget:
                break
            rest = [s for j, c in enumerate(chunks) if j != i for s in c]
            outcome = attempt(rest)
            if outcome is not None:
                best, steps = outcome, _cut(outcome)
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if n >= len(steps):
                break
            n = min(len(steps), 2 * n)
    final = Trace(trace.ruleset, trace.readings, trace.seed, _deals_used(best, trace), steps, trace.scores,
                  trace.dealer)
    return final, best


def _cut(outcome: Outcome) -> list[Step]:
    """The steps used up to the earliest finding (those after it cannot matter)."""
    first = outcome.first
    assert first is not None
    hand = first.position[0]
    keep = []
    for step, at in zip(outcome.used, outcome.hands, strict=True):
        if at > hand:
            break
        keep.append(step)
    return keep


def _deals_used(outcome: Outcome, trace: Trace) -> list[dict[str, Any]]:
    """The stacked deals of the hands the shrunk script reaches (at least the first)."""
    reached = max(outcome.hands, default=1)
    if outcome.first is not None:
        reached = max(reached, outcome.first.position[0])
    return [dict(d) for d in trace.deals[:max(1, min(reached, len(trace.deals)))]]


@dataclass(frozen=True)
class ScriptJob:
    """A job for a supervised worker: run a trace ("run"), or shrink it to the shortest that still
    shows the divergence `key` ("shrink")."""

    index: int
    kind: str
    trace: dict[str, Any]
    key: tuple[str, ...] = ("", "", "")
    game: int = 0


def run_script_job(job: ScriptJob, context: tuple[Factory, float], beacon: Beacon,
                   emit: Callable[[str, Any], None]) -> dict[str, Any]:
    """The work of a worker (truco_rules.spec.monitor.supervise) for a ScriptJob: the trace it ends with, the
    findings of its run, and the number of steps it started from."""
    factory, call_timeout = context
    trace = Trace.from_dict(job.trace)
    beacon.at(job.index, job.game)
    if job.kind == "shrink":
        trace, outcome = shrink(factory, trace, job.key, call_timeout, beacon)
    else:
        outcome = run_script(factory, trace, call_timeout, beacon, job.game)
    return {"trace": trace.to_dict(), "findings": [f.to_dict() for f in outcome.findings],
            "from_steps": len(job.trace.get("steps") or [])}
