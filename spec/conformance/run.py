"""Run the suite's cases on an engine: each passes, fails, is skipped or errors.

The cases are applied as data, the way any harness would apply them (docs: Interpreting the
suite): the engine's answers are compared with what the case says, not with the spec. Only when a
case fails does the spec come in: the case's situation is played again by the checker
(truco_rules.spec.monitor.drive.play_situation), whose cause-first diagnosis names the rule broken.

- pass: every step and the end hold;
- fail: the engine's answer differs from the case's (the first difference, at which step);
- skip: the engine lacks a capability the case needs (stacked deals; a set position where no way
  there from the start of a match is found), or declines a reading it did not announce: counted,
  said why, never hidden;
- error: the engine failed (an exception that is no refusal, a timeout, a protocol error), at
  new_game or anywhere in the case: never a pass, and never a skip.

Engine calls go through the follower's wrappers (truco_rules.spec.monitor.follow): timed, with the beacon that
lets the supervisor kill a call that hangs (truco_rules.spec.monitor.supervise).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.conformance.cases import PERFT, Case
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import EngineFault, stacks_deals
from truco_rules.spec.monitor.follow import CannotReach, Divergence, Follower
from truco_rules.spec.monitor.script import new_follower
from truco_rules.spec.monitor.views import cards_named
from truco_rules.spec.rules.state import Rules

PASS, FAIL, SKIP, ERROR = "pass", "fail", "skip", "error"

Factory = Callable[[], Any]


@dataclass
class CaseResult:
    """What one case came to on the engine."""

    id: str
    ruleset: str
    status: str
    message: str = ""  # the first difference (fail), the fault (error), the capability missing (skip)
    step: int | None = None  # the step (from 1) where it failed; None: at the start or at the end
    clause: str | None = None  # the rule a failure breaks, as the checker diagnoses it
    clauses: tuple[str, ...] = ()  # the rules the case exercises
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "ruleset": self.ruleset, "status": self.status}
        if self.message:
            out["message"] = self.message
        if self.step is not None:
            out["step"] = self.step
        if self.clause is not None:
            out["clause"] = self.clause
        out["clauses"] = list(self.clauses)
        out["seconds"] = round(self.seconds, 3)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaseResult:
        return cls(
            str(data["id"]),
            str(data["ruleset"]),
            str(data["status"]),
            str(data.get("message", "")),
            data.get("step"),
            data.get("clause"),
            tuple(data.get("clauses", ())),
            float(data.get("seconds", 0.0)),
        )


class Mismatch(Exception):
    """The engine's answer differs from the case's."""

    def __init__(self, message: str, step: int | None) -> None:
        super().__init__(message)
        self.message, self.step = message, step


@dataclass(frozen=True)
class CaseJob:
    """One case for a worker (truco_rules.spec.monitor.supervise)."""

    index: int
    case: Case
    diagnose: bool = True  # on a failure, play the case's situation with the checker for the clause
    announced: Mapping[str, str] = field(default_factory=dict)  # the readings the engine said it plays


@dataclass
class _Run:
    f: Follower
    case: Case
    lead_hands: int = 0  # hands played from the start of the match to reach the case's position
    observes: bool = field(init=False)
    # Legal actions that differed at a step where the engine still offered the case's action: said,
    # and stepped over (the case goes on), so that one difference hides no later one (issue #35).
    stepped: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.observes = callable(getattr(self.f.adapter, "observation", None))


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def _check_step(run: _Run, k: int, step: Any) -> None:
    f, n = run.f, k + 1
    seat = f.engine_to_act()
    if seat != step.seat:
        raise Mismatch(f"seat {step.seat} must act, the engine says {seat}", n)
    legal = sorted(f.engine_legal())
    if legal != list(step.legal):
        missing = sorted(set(step.legal) - set(legal))
        extra = sorted(set(legal) - set(step.legal))
        said = "the legal actions differ: " + "; ".join(
            p
            for p in (
                f"missing {_brief(missing)}" if missing else "",
                f"not legal {_brief(extra)}" if extra else "",
            )
            if p
        )
        if step.action not in legal:
            raise Mismatch(said, n)
        run.stepped.append((n, said))
    for action, _clause in step.refuse:  # the clause is not compared: a rule may forbid it twice
        before = (seat, legal, f.engine_record())
        refusal = f.attempt(action)
        if refusal is None:
            raise Mismatch(f"{action!r} must be refused; the engine took it", n)
        after = (f.engine_to_act(), sorted(f.engine_legal()), f.engine_record())
        if after != before:
            raise Mismatch(f"refusing {action!r} changed the engine's state", n)
    if run.observes and step.hidden:
        cards = tuple(c for d in run.case.deals for hand in d["hands"] for c in hand)
        for s, (hidden, shown) in enumerate(zip(step.hidden, step.shown, strict=True)):
            named = cards_named(f.safe("observation", s), cards)
            leaked = sorted(named.intersection(hidden))
            if leaked:
                raise Mismatch(f"seat {s}'s observation shows {', '.join(leaked)}", n)
            absent = sorted(set(shown) - named)
            if absent:
                raise Mismatch(f"seat {s}'s observation does not show {', '.join(absent)}", n)
    refusal = f.attempt(step.action)
    if refusal is not None:
        raise Mismatch(f"the engine refused {step.action!r}: {refusal.reason}", n)


def _check_end(run: _Run) -> None:
    f, end = run.f, run.case.end
    if end.get("over") is False and f.engine_to_act() is None:
        raise Mismatch("after the steps the match goes on; the engine says it is over", None)
    if "seat" in end:
        seat = f.engine_to_act()
        if seat != end["seat"]:
            want = "the match is over" if end["seat"] is None else f"seat {end['seat']} must act"
            raise Mismatch(f"after the steps {want}; the engine says {seat}", None)
    if "legal" in end:
        legal = sorted(f.engine_legal())
        if legal != list(end["legal"]):
            raise Mismatch(
                f"after the steps the legal actions must be {_brief(end['legal'])}; the engine lists "
                f"{_brief(legal)}",
                None,
            )
    record = f.engine_record()
    hands = record.get("hands")
    want = end.get("hands", [])
    lead = run.lead_hands  # the hands that led to the case's position come first in the record
    if not isinstance(hands, list) or len(hands) < lead + len(want):
        raise Mismatch(f"the record must hold {lead + len(want)} finished hands", None)
    for i, expected in enumerate(want):
        entry = hands[lead + i]
        got = entry.get("result") if isinstance(entry, dict) else None
        if not isinstance(got, dict):
            raise Mismatch(f"hand {i + 1} of the record has no result", None)
        for key, value in expected.items():
            if got.get(key, [] if key == "side_points" else None) != value:  # as the record monitor reads it
                raise Mismatch(
                    f"hand {i + 1}: {key} must be {_brief(value)}, the record says {_brief(got.get(key))}",
                    None,
                )
    result = end.get("result")
    if end.get("over") is False and record.get("result") is not None:
        raise Mismatch(
            f"after the steps the match goes on; the record's result is {_brief(record.get('result'))}", None
        )
    if result is not None:
        got_result = record.get("result")
        if not isinstance(got_result, dict) or got_result.get("winner") != result["winner"]:
            raise Mismatch(
                f"the match must be won by side {result['winner']}, the record says {_brief(got_result)}",
                None,
            )


# The faults of new_game that are an answer, not a breakdown: the engine says it does not play what
# it was asked (an error reply, or an exception of a Python adapter). A timeout, an exit, garbage or
# deals it ignored are breakdowns: errors, whatever was asked.
_BREAKDOWNS = ("timeout", "exited", "garbage", "wrong id", "deals ignored", "never ends")


def _declined(exc: EngineFault) -> bool:
    return exc.category.startswith("new_game:") and not any(exc.category.endswith(b) for b in _BREAKDOWNS)


def run_situation_case(factory: Factory, case: Case, call_timeout: float, beacon: Beacon,
                       announced: Mapping[str, str] | None = None) -> CaseResult:
    """One situation case, applied as data. An engine that sets no position but takes stacked deals
    is driven to the case's position from the start of a match, by hands the spec finds
    (truco_rules.spec.situations.reach), where there is a way."""
    out = CaseResult(case.id, case.ruleset, PASS, clauses=case.clauses)
    rules = Rules.of(case.ruleset, case.readings, case.edition)
    # The readings asked of new_game that the engine did not say it plays: a reading it may decline.
    unasked = {k: v for k, v in case.readings.items() if (announced or {}).get(k) != v}
    try:
        f = new_follower(factory, rules, 0, call_timeout, beacon)
        start = case.start or {}
        # An engine without stacked deals or a set position: the follower's start says so
        # (CannotReach, a skip below), before new_game.
        try:
            lead = _start(f, case, start)
        except EngineFault as exc:
            if unasked and _declined(exc) and _starts_without(factory, case, unasked, call_timeout, beacon):
                readings = ", ".join(f"{k}={v}" for k, v in sorted(unasked.items()))
                out.status, out.message = SKIP, f"the engine does not play {readings}: {exc}"
                return out
            raise
        run = _Run(f, case, lead)
        try:
            for k, step in enumerate(case.steps):
                _check_step(run, k, step)
            _check_end(run)
        except Mismatch as exc:
            run.stepped.append((exc.step or len(case.steps) + 1, exc.message))
        if run.stepped:  # the first difference, and each one after it (none hides another)
            first, *later = run.stepped
            also = "; then " + "; ".join(f"at step {k}: {m}" if k <= len(case.steps) else f"at the end: {m}"
                                         for k, m in later) if later else ""
            raise Mismatch(first[1] + also, first[0] if first[0] <= len(case.steps) else None)
    except Mismatch as exc:
        out.status, out.message, out.step = FAIL, exc.message, exc.step
    except CannotReach as exc:
        out.status, out.message = SKIP, str(exc)
    except Divergence as exc:  # new_game dealt other cards than the stacked ones (the follower's check)
        out.status, out.message, out.clause = FAIL, f"{exc.message}: the engine {exc.says}", exc.clause
    except EngineFault as exc:
        out.status, out.message = ERROR, str(exc)
    return out


def _starts_without(factory: Factory, case: Case, unasked: Mapping[str, str], call_timeout: float,
                    beacon: Beacon) -> bool:
    """Whether the engine starts a match of the case's ruleset without the readings `unasked`: then
    its fault was its answer to them (it does not play them), not a breakdown."""
    readings = {k: v for k, v in case.readings.items() if k not in unasked}
    try:
        new_follower(factory, Rules.of(case.ruleset, readings), 0, call_timeout, beacon).start(readings)
    except (EngineFault, CannotReach, Divergence):
        return False
    return True


def _start(f: Follower, case: Case, start: Mapping[str, Any]) -> int:
    """new_game at the case's position, or from the start of a match and the lead-in hands that
    reach it; the number of those hands."""
    try:
        f.start(case.readings, deals=case.deals, scores=start.get("scores"), dealer=start.get("dealer"),
                need_deals=True)
        return 0
    except CannotReach as exc:
        if case.start is None or not stacks_deals(f.adapter):
            raise
        from truco_rules.spec.situations.model import Situation
        from truco_rules.spec.situations.reach import lead_in

        scores = start.get("scores")
        sit = Situation(case.id, case.ruleset, "", case.about, case.deals,
                        tuple(s.action for s in case.steps), case.clauses, dict(case.readings),
                        None if scores is None else (scores[0], scores[1]), start.get("dealer"), case.reading)
        led = lead_in(sit)
        if led is None:
            raise CannotReach(f"{exc}, and no way there from the start of a match was found (some "
                              "positions are never reached: an odd score where every value is even)"
                              ) from None
    f.start(case.readings, deals=led.deals, need_deals=True)
    lead = led.prefix[: len(led.prefix) - len(case.steps)]
    for k, action in enumerate(lead):
        refusal = f.attempt(action)
        if refusal is not None:
            raise Mismatch(f"on the way to the case's position from the start of the match (action {k + 1} "
                           f"of {len(lead)}), the engine refused {action!r}: {refusal.reason}", None)
    return len(led.deals) - len(case.deals)


def run_perft_case(
    factory: Factory, case: Case, call_timeout: float, beacon: Beacon, index: int
) -> CaseResult:
    """One perft case: the engine's counts against the case's."""
    from truco_rules.spec.perft import PerftJob, run_perft_job

    out = CaseResult(case.id, case.ruleset, PASS, clauses=case.clauses)
    try:
        adapter = factory()
    except BaseException as exc:  # the factory is the engine's: whatever it raises is its fault
        out.status, out.message = ERROR, f"the factory raised {type(exc).__name__}: {exc}"
        return out
    if not stacks_deals(adapter):
        out.status, out.message = SKIP, "needs stacked deals (new_game's deals; the protocol feature 'deals')"
        return out
    p = case.perft
    position = {
        "seed": p["seed"],
        "deals": list(case.deals),
        "prefix": p["prefix"],
        "depth": p["depth"],
        "perft": p["counts"],
        "divide": p["divide"],
    }
    got = run_perft_job(
        PerftJob(index, case.ruleset, position, dict(case.readings)), (factory, call_timeout), beacon,
        lambda kind, data: None,
    )
    difference = got.get("difference")
    if difference is not None and difference.get("clause") == "ENGINE":
        out.status, out.message = ERROR, str(difference.get("message"))
    elif got["perft"] != p["counts"] or got["divide"] != p["divide"] or difference is not None:
        out.status = FAIL
        out.message = f"perft counts {got['perft']}, the case's {p['counts']}"
        if difference is not None:
            out.clause = difference.get("clause")
            out.message += (
                f"; first difference after {' '.join(difference.get('path') or []) or 'no action'}: "
                f"{difference.get('message')}"
            )
    return out


def diagnose(factory: Factory, case: Case, call_timeout: float, beacon: Beacon) -> str | None:
    """The clause the checker names when it plays the case's situation (cause first), or None."""
    from truco_rules.spec.monitor.drive import Settings, play_situation
    from truco_rules.spec.situations.model import Situation

    start = case.start or {}
    scores = start.get("scores")
    sit = Situation(
        case.id,
        case.ruleset,
        "",
        case.about,
        case.deals,
        tuple(s.action for s in case.steps),
        case.clauses,
        dict(case.readings),
        None if scores is None else (scores[0], scores[1]),
        start.get("dealer"),
        case.reading,
    )
    from truco_rules.spec.monitor.findings import Finding, ordered

    found: list[Finding] = []

    def emit(kind: str, data: Any) -> None:
        if kind == "finding":
            found.append(Finding.from_dict(data[0]))

    play_situation(factory, sit, 0, Settings(call_timeout=call_timeout), beacon, emit)
    return ordered(found)[0].violation.clause if found else None


def run_case_job(
    job: CaseJob, context: tuple[Factory, float], beacon: Beacon, emit: Callable[[str, Any], None]
) -> dict[str, Any]:
    """The work of a worker: one case; its result as a dict."""
    factory, call_timeout = context
    beacon.at(job.index, 0)
    began = time.monotonic()
    case = job.case
    if case.kind == PERFT:
        result = run_perft_case(factory, case, call_timeout, beacon, job.index)
    else:
        result = run_situation_case(factory, case, call_timeout, beacon, job.announced)
        if result.status == FAIL and result.clause is None and job.diagnose and case.edition is None:
            try:
                result.clause = diagnose(factory, case, call_timeout, beacon)
            except Exception:
                result.clause = None
    if result.status == FAIL and result.clause is None and case.clauses:
        result.clause = case.clauses[0]  # a failing case always names a clause: the first it exercises
    result.seconds = time.monotonic() - began
    return result.to_dict()


def run_cases(
    factory: Factory,
    cases: Sequence[Case],
    call_timeout: float,
    workers: int,
    progress: Callable[[int], None] | None = None,
    announced: Mapping[str, str] | None = None,
) -> list[CaseResult]:
    """Every case on supervised workers, the results in the cases' order (the same for any number of
    workers). A case whose call hung or whose worker died is an error. `announced`: the readings the
    engine said it plays (hello): a reading the engine is asked for beside those, and declines at
    new_game, skips the case; any other fault is an error."""
    from truco_rules.spec.monitor.supervise import Supervisor

    jobs = [CaseJob(i, c, announced=dict(announced or {})) for i, c in enumerate(cases)]
    results: dict[int, CaseResult] = {}
    for event in Supervisor(run_case_job, (factory, call_timeout), workers).run(jobs) if jobs else iter(()):
        case = cases[event.index]
        if event.kind == "done":
            results[event.index] = CaseResult.from_dict(event.data)
        elif event.kind in ("hang", "died"):
            where = event.data or {}
            what = "did not return" if event.kind == "hang" else "ended the worker"
            results[event.index] = CaseResult(
                case.id, case.ruleset, ERROR, f"{where.get('call', 'a call')}() {what}", clauses=case.clauses
            )
        else:
            continue
        if progress is not None:
            progress(len(results))
    return [results[i] for i in range(len(cases))]
