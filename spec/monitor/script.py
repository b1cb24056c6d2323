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

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import START_LIMIT, EngineFault, sets_position
from truco_rules.spec.monitor.findings import Finding, causes, ordered, record_finding
from truco_rules.spec.monitor.follow import ENGINE, Divergence, Follower, ResultDiffers
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


def finding_of(game: int, exc: Divergence | EngineFault, f: Follower | None, prefix: str = "",
               stepped: bool = False) -> Finding:
    """The finding of a divergence or fault where the follower `f` is; `stepped`: a difference the
    follower stepped over (Follower.step_over)."""
    hand, action = f.position() if f is not None else (0, 0)
    steps = f.steps if f is not None else 0
    if isinstance(exc, Divergence):
        v = Violation(game, exc.clause, prefix + exc.message, exc.says, f"step {steps}", hand or None, action)
        return Finding(v, exc.category, (hand, action), exc.cause, stepped=stepped,
                       state=exc.state if stepped else "")
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


def record_findings(f: Follower, game: int, exercised: Any = None,
                    in_progress: bool = False) -> list[Finding]:
    """The record monitor's findings on the engine's record of the follower's part of the game
    (Follower.segment_record), placed in the hands of the whole game."""
    record = f.segment_record()
    shift = f.hands_before + f.record_from
    out = []
    # Judged under the readings the engine was asked to play, whatever readings its record names.
    for v in check_record(record, ruleset=f.rules.ruleset, game=game, exercised=exercised,
                          in_progress=in_progress and record.get("result") is None, without=f.rules.without,
                          readings=f.rules.readings):
        finding = record_finding(v, record)
        if v.hand is not None and shift:  # the hands of the game, not of the part's record
            finding = dataclasses.replace(finding, violation=dataclasses.replace(v, hand=v.hand + shift),
                                          position=(v.hand + shift, finding.position[1]))
        out.append(finding)
    return out


def run_script(factory: Factory, trace: Trace, call_timeout: float = 0.0, beacon: Beacon | None = None,
               game: int = 0) -> Outcome:
    """Play the trace's steps on a new engine with every check of a game; findings earliest first.

    As in a game: a difference in the legal actions that leaves both sides in the same state is
    recorded and stepped over (a step only one side allows is passed over: neither applied nor
    tried); after any other divergence the engine ends its hand alone and, for an engine that sets
    no position, the spec takes the engine's score and the steps go on with the next hand, in a
    segment of their own (Follower.adopted)."""
    beacon = beacon if beacon is not None else Beacon()
    rules = Rules.of(trace.ruleset, trace.readings, without=trace.without)
    found: list[Finding] = []
    out = Outcome(found)
    f: Follower | None = None
    segment = 0

    def stepped(d: Divergence) -> None:
        found.append(dataclasses.replace(finding_of(game, d, f, stepped=True), segment=segment))

    try:
        f = new_follower(factory, rules, trace.seed, call_timeout, beacon)
        f.step_over = stepped
        f.check_results = not sets_position(f.adapter)  # the game's resynchronisation (drive)
        pending = list(reversed(trace.steps))
        begin: Callable[[], None] = functools.partial(
            f.start, trace.readings, deals=trace.deals, scores=trace.scores, dealer=trace.dealer)
        while True:
            between_hands = False
            try:
                begin()
                while pending and not f.over and f.hand is not None:
                    step = pending.pop()
                    legal = f.legal()
                    if step.action in legal:
                        out.used.append(Step(f.hand.to_act(), step.action, LEGAL))
                        out.hands.append(f.match.number)
                        f.play(step.action)
                    elif step.action not in f.spec_legal() and step.action not in f.engine_only:
                        out.used.append(Step(f.hand.to_act(), step.action, REFUSED))
                        out.hands.append(f.match.number)
                        f.probe(step.action)
                if not f.over and f.hand is not None:
                    f.legal()  # a game stops where the legal actions differ: after its last step
                break
            except Divergence as d:
                found.append(dataclasses.replace(finding_of(game, d, f), segment=segment))
            except ResultDiffers:
                between_hands = True
            if not between_hands:
                f.finish_hand_alone()  # the record then shows how the engine decided that hand
            g = f.adopted() if pending and f.check_results else None
            if g is None:
                break
            found += [dataclasses.replace(x, segment=segment)
                      for x in record_findings(f, game, in_progress=True)]
            f, segment = g, segment + 1
            begin = f.next_hand
        found += [dataclasses.replace(x, segment=segment)
                  for x in record_findings(f, game, in_progress=True)]
    except EngineFault as exc:
        found.append(dataclasses.replace(finding_of(game, exc, f), segment=segment))
    if f is not None:
        out.deals = f.trace.deals
    out.findings = ordered(found)
    return out


def _same(outcome: Outcome, key: tuple[str, ...]) -> bool:
    return any(c.key == key for c in causes(outcome.findings))


def cause_of(outcome: Outcome, key: tuple[str, ...]) -> Finding | None:
    """The earliest cause of the outcome with the divergence `key` (findings.causes), if any."""
    return next((c for c in causes(outcome.findings) if c.key == key), None)


def shrink(factory: Factory, trace: Trace, key: tuple[str, ...], call_timeout: float = 0.0,
           beacon: Beacon | None = None, budget: int = SHRINK_BUDGET) -> tuple[Trace, Outcome]:
    """The shortest trace found whose earliest finding has `key`, and that run's outcome.

    Returns the trace unchanged (with its outcome) when it does not show `key` at all."""
    spent = 0

    def attempt(steps: list[Step]) -> Outcome | None:
        nonlocal spent
        spent += len(steps) + 1
        candidate = Trace(trace.ruleset, trace.readings, trace.seed, trace.deals, steps, trace.scores,
                          trace.dealer, trace.without)
        outcome = run_script(factory, candidate, call_timeout, beacon)
        return outcome if _same(outcome, key) else None

    best = attempt(list(trace.steps))
    if best is None:
        return trace, run_script(factory, trace, call_timeout, beacon)
    steps = _cut(best, key)
    # One cheap pass first: without the refused steps, when the divergence is not about a refusal.
    if any(s.expect == REFUSED for s in steps):
        legal_only = attempt([s for s in steps if s.expect == LEGAL])
        if legal_only is not None:
            best, steps = legal_only, _cut(legal_only, key)
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
                best, steps = outcome, _cut(outcome, key)
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if n >= len(steps):
                break
            n = min(len(steps), 2 * n)
    final = Trace(trace.ruleset, trace.readings, trace.seed, _deals_used(best, trace, key), steps,
                  trace.scores, trace.dealer, trace.without)
    return final, best


def _cut(outcome: Outcome, key: tuple[str, ...]) -> list[Step]:
    """The steps used up to the hand of the cause with `key` (those after it cannot matter)."""
    first = cause_of(outcome, key)
    assert first is not None
    hand = first.position[0]
    keep = []
    for step, at in zip(outcome.used, outcome.hands, strict=True):
        if at > hand:
            break
        keep.append(step)
    return keep


def _deals_used(outcome: Outcome, trace: Trace, key: tuple[str, ...]) -> list[dict[str, Any]]:
    """The stacked deals of the hands the shrunk script reaches (at least the first)."""
    reached = max(outcome.hands, default=1)
    first = cause_of(outcome, key)
    if first is not None:
        reached = max(reached, first.position[0])
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
