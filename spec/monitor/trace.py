"""What a followed game did, step by step: enough to play it again (a reproduction script).

A `Trace` holds the match's set-up (ruleset, readings, seed), the deal of every hand it reached
and every step: an action the spec allowed and that was applied (`legal`), or an action the spec
forbids that the engine had to refuse (`refused`). Replaying a trace through truco_rules.spec.monitor.script
repeats the same checks; the bug reports of `truco check --report` are shrunk traces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEGAL, REFUSED = "legal", "refused"


@dataclass(frozen=True)
class Step:
    """One action tried on the engine by the seat to act: applied (`legal`) or to be refused."""

    seat: int | None
    action: str
    expect: str = LEGAL  # LEGAL or REFUSED

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "expect": self.expect}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        return cls(data.get("seat"), str(data["action"]), str(data.get("expect", LEGAL)))


@dataclass
class Trace:
    """A game's set-up, the deal of each hand (`{"hands": [...], "muestra": ...}`) and its steps."""

    ruleset: str
    readings: dict[str, str]
    seed: int
    deals: list[dict[str, Any]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    scores: list[int] | None = None  # a set start position: the first partida's points
    dealer: int | None = None  # and the seat that deals the first hand
    without: tuple[str, ...] = ()  # the optional features the engine declared it does not play

    def to_dict(self) -> dict[str, Any]:
        out = {"ruleset": self.ruleset, "readings": dict(self.readings), "seed": self.seed,
               "deals": [dict(d) for d in self.deals], "steps": [s.to_dict() for s in self.steps]}
        if self.scores is not None or self.dealer is not None:
            out["start"] = {"scores": self.scores, "dealer": self.dealer}
        if self.without:
            out["without"] = list(self.without)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Trace:
        without = data.get("without") or []
        if not isinstance(without, list) or not all(isinstance(w, str) for w in without):
            raise ValueError("a script's without is a list of feature names")
        return cls(str(data["ruleset"]), dict(data.get("readings") or {}), int(data.get("seed") or 0),
                   [dict(d) for d in data.get("deals") or []],
                   [Step.from_dict(s) for s in data.get("steps") or []],
                   *_start(data.get("start")), tuple(without))


def _start(start: Any) -> tuple[list[int] | None, int | None]:
    if not isinstance(start, dict):
        return None, None
    scores, dealer = start.get("scores"), start.get("dealer")
    return (None if scores is None else [int(x) for x in scores]), (None if dealer is None else int(dealer))
