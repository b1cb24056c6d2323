"""Divergence domains of the raise ladder (VAL-1, VAL-2, BET-1, BET-2, BET-3, BET-4, BET-5, BET-6, BET-7,
BET-8, BET-9, BET-10): the next call from a hand value, and what running from a call pays."""

from __future__ import annotations

import z3

from truco_rules.proofs import ladder_model as lm
from truco_rules.proofs.domain import Built, Domain
from truco_rules.proofs.setup import Setup


def _ladder(a: Setup, b: Setup) -> Built:
    v = z3.Int("value")
    values = sorted(set(lm.steps_of(a)) & set(lm.steps_of(b)))  # a hand value both games reach
    la, lb = lm.LadderModel(a), lm.LadderModel(b)
    return [v], [z3.Or(*[v == x for x in values])], la.next_step(v), lb.next_step(v), v


def _run(a: Setup, b: Setup) -> Built:
    c = z3.Int("refused_call")
    values = sorted(set(lm.steps_of(a)[1:]) & set(lm.steps_of(b)[1:]))  # a call in both games
    la, lb = lm.LadderModel(a), lm.LadderModel(b)
    return [c], [z3.Or(*[c == x for x in values])], la.step_before(c), lb.step_before(c), c


DOMAINS: tuple[Domain, ...] = (
    Domain("ladder", ("VAL-1", "VAL-2", "BET-6", "BET-8", "BET-9"), (), lambda a, b: True,
           _ladder, lambda cx: {"hand_value": cx["value"]},
           lambda v: {"next_call": v or None}),
    Domain("run-payout", ("BET-4", "BET-6", "BET-9"), (), lambda a, b: True,
           _run, lambda cx: {"refused_call": cx["refused_call"]},
           lambda v: {"caller_scores": v} if v else "not a call of this ladder"),
)
