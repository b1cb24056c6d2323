"""Asking Z3, with a timeout, and reading its answer: proved, counterexample, or unknown (a failure).

Every query goes through `check_valid` (is the claim true for every value of its variables?),
`find` (is there a value making the condition true?) or `find_all` / `models` (every such value),
so that "unknown" is never taken for a pass.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

TIMEOUT_MS = 10_000

PROVED, COUNTEREXAMPLE, UNKNOWN = "proved", "counterexample", "unknown"
FOUND, NONE = "found", "none"


@dataclass(frozen=True)
class Answer:
    """What Z3 said. `values` holds the variables' values in a counterexample or witness."""

    status: str  # PROVED / COUNTEREXAMPLE / UNKNOWN for check_valid; FOUND / NONE / UNKNOWN for find
    seconds: float
    values: dict[str, Any] = field(default_factory=dict)
    reason: str = ""


def _value(model: z3.ModelRef, var: z3.ExprRef) -> Any:
    v = model.eval(var, model_completion=True)
    if z3.is_int_value(v):
        return v.as_long()
    if z3.is_true(v) or z3.is_false(v):
        return z3.is_true(v)
    return str(v)


def _solver(timeout_ms: int) -> z3.Solver:
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    return s


def find(condition: z3.BoolRef, variables: Sequence[z3.ExprRef], *,
         assumptions: Iterable[z3.BoolRef] = (), timeout_ms: int = TIMEOUT_MS) -> Answer:
    """A value of `variables` satisfying the assumptions and `condition`, if there is one."""
    s = _solver(timeout_ms)
    s.add(*assumptions, condition)
    start = time.perf_counter()
    r = s.check()
    seconds = time.perf_counter() - start
    if r == z3.sat:
        m = s.model()
        return Answer(FOUND, seconds, {str(v): _value(m, v) for v in variables})
    if r == z3.unsat:
        return Answer(NONE, seconds)
    return Answer(UNKNOWN, seconds, reason=s.reason_unknown())


def check_valid(claim: z3.BoolRef, variables: Sequence[z3.ExprRef], *,
                assumptions: Iterable[z3.BoolRef] = (), timeout_ms: int = TIMEOUT_MS) -> Answer:
    """Whether `claim` holds for every value of `variables` allowed by the assumptions.

    Valid exactly when assumptions and not-claim are unsatisfiable; a model of them is a
    counterexample. Z3 giving up (timeout, incompleteness) is UNKNOWN, which callers treat as failure.
    """
    a = find(z3.Not(claim), variables, assumptions=assumptions, timeout_ms=timeout_ms)
    status = {FOUND: COUNTEREXAMPLE, NONE: PROVED}.get(a.status, UNKNOWN)
    return Answer(status, a.seconds, a.values, a.reason)


@dataclass(frozen=True)
class Enumeration(Sequence[dict[str, Any]]):
    """The values found, and whether they are all there are: a search stopped at its limit says so,
    so that a count built on it is shown as a lower bound, never as the whole."""

    found: tuple[dict[str, Any], ...]
    complete: bool

    def __len__(self) -> int:
        return len(self.found)

    def __getitem__(self, i: int) -> dict[str, Any]:  # type: ignore[override]
        return self.found[i]


def models(condition: z3.BoolRef, variables: Sequence[z3.ExprRef], *,
           assumptions: Iterable[z3.BoolRef] = (), distinct: Sequence[z3.ExprRef] | None = None,
           timeout_ms: int = TIMEOUT_MS) -> Iterator[dict[str, Any]]:
    """Every value of `variables` satisfying the assumptions and the condition, one at a time, each
    blocked before the next is asked for: no two agree on all of `distinct` (default: `variables`).

    Raises RuntimeError if Z3 answers unknown: a partial list must not pass for a complete one.
    """
    s = _solver(timeout_ms)
    s.add(*assumptions, condition)
    while True:
        r = s.check()
        if r == z3.unsat:
            return
        if r != z3.sat:
            raise RuntimeError(f"z3 answered unknown: {s.reason_unknown()}")
        m = s.model()
        point = {v: m.eval(v, model_completion=True) for v in (variables if distinct is None else distinct)}
        yield {str(v): _value(m, v) for v in variables}
        s.add(z3.Or(*[v != val for v, val in point.items()]))


def find_all(condition: z3.BoolRef, variables: Sequence[z3.ExprRef], *,
             assumptions: Iterable[z3.BoolRef] = (), limit: int = 1000,
             timeout_ms: int = TIMEOUT_MS) -> Enumeration:
    """Every value of `variables` satisfying the condition, at most `limit`; `complete` is False when
    there are more (one more is asked for to know).

    Raises RuntimeError if Z3 answers unknown.
    """
    found = list(itertools.islice(models(condition, variables, assumptions=assumptions,
                                         timeout_ms=timeout_ms), limit + 1))
    return Enumeration(tuple(found[:limit]), complete=len(found) <= limit)
