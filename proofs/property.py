"""A property to prove, its negative control, and the record of one run.

Every property names the clauses it checks. Its negative control is the same query on a model
broken on purpose (a skipped step, a wrong tie rule, a missing guard): Z3 must refute it, with a
counterexample of the expected shape, or the property is reported as failing, because a proof that
cannot fail proves nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from truco_rules.proofs.setup import Setup
from truco_rules.proofs.solver import COUNTEREXAMPLE, PROVED, Answer, check_valid

INVARIANT = "invariant"  # expected: proved
AMBIGUITY = "ambiguity"  # a rulebook's literal wording: expected to be refuted, with the register's case


@dataclass(frozen=True)
class Query:
    claim: z3.BoolRef
    variables: Sequence[z3.ExprRef]
    assumptions: Sequence[z3.BoolRef] = ()


@dataclass(frozen=True)
class Property:
    id: str
    title: str
    clauses: tuple[str, ...]
    ambiguities: tuple[str, ...]
    build: Callable[[Setup, bool], Query]  # (setup, broken) -> query; broken builds the control
    control: str  # what the negative control breaks
    expect: Callable[[Setup, dict[str, Any]], bool]  # is the control's counterexample the right one?
    applies: Callable[[Setup], bool] = lambda s: True
    kind: str = INVARIANT
    when: str = ""  # what a ruleset needs for the property to concern it (where `applies` is given)


@dataclass(frozen=True)
class Outcome:
    prop: Property
    setup: Setup
    answer: Answer
    control: Answer
    control_as_expected: bool

    @property
    def ok(self) -> bool:
        if self.prop.kind == AMBIGUITY:
            # The literal wording admits two results (witness of the register's case), and the
            # control, a wording that settles the case, is proved unambiguous.
            return (self.answer.status == COUNTEREXAMPLE and self.control.status == PROVED
                    and self.control_as_expected)
        return (self.answer.status == PROVED and self.control.status == COUNTEREXAMPLE
                and self.control_as_expected)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.prop.id, "title": self.prop.title, "kind": self.prop.kind,
            "ruleset": self.setup.ruleset, "readings": dict(self.setup.readings),
            "clauses": list(self.prop.clauses), "ambiguities": list(self.prop.ambiguities),
            "status": self.answer.status, "seconds": round(self.answer.seconds, 4),
            "counterexample": self.answer.values or None,
            "control": {"breaks": self.prop.control, "status": self.control.status,
                        "seconds": round(self.control.seconds, 4),
                        "counterexample": self.control.values or None,
                        "as_expected": self.control_as_expected},
            "ok": self.ok,
        }


def run(prop: Property, setup: Setup) -> Outcome:
    q = prop.build(setup, False)
    answer = check_valid(q.claim, q.variables, assumptions=q.assumptions)
    qc = prop.build(setup, True)
    control = check_valid(qc.claim, qc.variables, assumptions=qc.assumptions)
    if prop.kind == AMBIGUITY:
        # The witness of the literal wording is what must have the expected shape.
        expected = answer.status == COUNTEREXAMPLE and prop.expect(setup, answer.values)
    else:
        expected = control.status == COUNTEREXAMPLE and prop.expect(setup, control.values)
    return Outcome(prop, setup, answer, control, expected)


@dataclass
class Registry:
    """The properties, in the order they are reported."""

    items: list[Property] = field(default_factory=list)

    def add(self, prop: Property) -> Property:
        if any(p.id == prop.id for p in self.items):
            raise ValueError(f"duplicate property {prop.id}")
        self.items.append(prop)
        return prop
