"""A conformance case: a position, the steps played from it and what must hold at each.

A case is plain data (spec/data/conformance/cases/<ruleset>.json, schema.json beside it), so that a
harness in any language can apply it without the spec:

- `situation` cases start a match on `deals` (and `start`: the scores and dealer, where set) under
  `readings`, then play `steps`: before each step the seat to act and the legal set must be the
  case's, each action of `refuse` (with the clause that forbids it) must be refused with nothing
  changed, and where the engine has
  observations, no seat's names a card of its `hidden` list and each names every card of its
  `shown` list; then the step's `action` is applied. At the end, `end` says who acts (null: the
  match is over), and the results every finished hand must have in the record.
- `perft` cases count the legal action sequences from `deals` after `prefix`, as perft does.

Every case lists the register keys its outcome `depends` on. An engine that plays another reading
of one of them skips the case and runs it generated again under its readings; every other case
holds whatever it plays of the rest.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from truco_rules.spec.conformance import CASES_DIR, FORMAT, SUITE_DIR

SITUATION, PERFT = "situation", "perft"
DEALS, POSITION = "deals", "position"  # what an engine may lack


@dataclass(frozen=True)
class CaseStep:
    """One step: what holds before it, then the action."""

    seat: int
    legal: tuple[str, ...]
    action: str
    refuse: tuple[tuple[str, str], ...] = ()  # (forbidden action, the clause that forbids it)
    hidden: tuple[tuple[str, ...], ...] = ()  # per seat: cards its observation must not name
    shown: tuple[tuple[str, ...], ...] = ()  # per seat: cards its observation must name

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "legal": list(self.legal)}
        if self.refuse:
            out["refuse"] = [{"action": a, "clause": c} for a, c in self.refuse]
        if self.hidden:
            out["hidden"] = [list(h) for h in self.hidden]
            out["shown"] = [list(s) for s in self.shown]
        out["action"] = self.action
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaseStep:
        return cls(
            int(data["seat"]),
            tuple(data["legal"]),
            str(data["action"]),
            tuple((str(r["action"]), str(r["clause"])) for r in data.get("refuse", ())),
            tuple(tuple(h) for h in data.get("hidden", ())),
            tuple(tuple(s) for s in data.get("shown", ())),
        )


@dataclass(frozen=True)
class Case:
    """One case of the suite (see the module's text)."""

    id: str
    ruleset: str
    kind: str
    about: str
    clauses: tuple[str, ...]  # the rules it exercises
    deals: tuple[Mapping[str, Any], ...]
    readings: Mapping[str, str] = field(default_factory=dict)  # those in force that differ from the defaults
    reading: str | None = None  # "key=reading": the reading it is about, when not the default
    start: Mapping[str, Any] | None = None  # {"scores": [a, b], "dealer": seat}
    steps: tuple[CaseStep, ...] = ()
    end: Mapping[str, Any] = field(default_factory=dict)  # situation: {"seat", "legal"?, "hands", "result"}
    perft: Mapping[str, Any] = field(default_factory=dict)  # perft: {"prefix", "depth", "counts", "divide"}
    # The register keys its outcome depends on: generated again under each other reading of the
    # key, the case differs (spec/conformance/depends.py); under the others' readings it is the same.
    depends: tuple[str, ...] = ()
    edition: int | None = None  # an earlier edition of the ruleset's file it was played again under

    @property
    def needs(self) -> tuple[str, ...]:
        """The engine capabilities the case cannot be run without."""
        return (DEALS, POSITION) if self.start is not None else (DEALS,)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "about": self.about,
            "clauses": list(self.clauses),
        }
        if self.reading:
            out["reading"] = self.reading
        if self.readings:
            out["readings"] = dict(self.readings)
        out["needs"] = list(self.needs)
        out["depends"] = list(self.depends)
        if self.edition is not None:
            out["edition"] = self.edition
        if self.start is not None:
            out["start"] = dict(self.start)
        out["deals"] = [
            {"hands": [list(h) for h in d["hands"]], "muestra": d.get("muestra")} for d in self.deals
        ]
        if self.kind == SITUATION:
            out["steps"] = [s.to_dict() for s in self.steps]
            out["end"] = dict(self.end)
        else:
            out["perft"] = dict(self.perft)
        return out

    @classmethod
    def from_dict(cls, ruleset: str, data: Mapping[str, Any]) -> Case:
        return cls(
            str(data["id"]),
            ruleset,
            str(data["kind"]),
            str(data["about"]),
            tuple(data["clauses"]),
            tuple(dict(d) for d in data["deals"]),
            dict(data.get("readings") or {}),
            data.get("reading"),
            data.get("start"),
            tuple(CaseStep.from_dict(s) for s in data.get("steps", ())),
            dict(data.get("end") or {}),
            dict(data.get("perft") or {}),
            tuple(str(k) for k in data.get("depends", ())),
            data.get("edition"),
        )


def cases_path(ruleset: str) -> Path:
    return CASES_DIR / f"{ruleset}.json"


def version() -> str:
    return (SUITE_DIR / "VERSION").read_text(encoding="utf-8").strip()


def load_cases(ruleset: str) -> list[Case]:
    """The published cases of a ruleset ([] for a ruleset the suite has none of)."""
    path = cases_path(ruleset)
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Case.from_dict(ruleset, c) for c in data["cases"]]


def cases_text(ruleset: str, cases: Sequence[Case], suite_version: str) -> str:
    doc = {
        "format": FORMAT,
        "version": suite_version,
        "ruleset": ruleset,
        "about": "Conformance cases: a position, the steps played from it and what must hold at each "
        "(docs: Interpreting the suite). Generated by the spec: truco conformance --write-suite.",
        "cases": [c.to_dict() for c in cases],
    }
    # One case per line: a diff of the file shows which cases changed.
    lines = [
        json.dumps({k: v for k, v in doc.items() if k != "cases"}, ensure_ascii=False)[:-1] + ', "cases": ['
    ]
    lines += [
        json.dumps(c, ensure_ascii=False, separators=(",", ":")) + ("," if i < len(doc["cases"]) - 1 else "")
        for i, c in enumerate(doc["cases"])
    ]
    return "\n".join(lines) + "\n]}\n"
