"""Divergence domains of hand resolution (HND-1, HND-2, HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9,
HND-10, HND-11, AMB-1, AMB-2, AMB-3, AMB-4): the result of a sequence of round results, and whether the hand
goes on to another round."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import hand_model as hm
from truco_rules.proofs.domain import Built, Domain
from truco_rules.proofs.setup import Setup
from truco_rules.spec.catalogue import load_catalogue

TIE_NAME = "tie"


def _round_name(v: int) -> Any:
    return {hm.TIE: TIE_NAME, hm.NOT_PLAYED: None}.get(v, v)


def _outcome_name(v: int) -> Any:
    return {0: "side 0 wins", 1: "side 1 wins", hm.UNDECIDED: "another round",
            hm.NOBODY: "nobody scores"}[v]


def _hands(a: Setup, b: Setup) -> Built:
    h = hm.Rounds.fresh()
    two = hm.Rounds(h.r1, h.r2, z3.IntVal(hm.NOT_PLAYED), h.dealer)
    ma, mb = hm.HandModel(a), hm.HandModel(b)
    reach = z3.Implies(h.r3 != hm.NOT_PLAYED, z3.Or(ma.outcome(two) == hm.UNDECIDED,
                                                    mb.outcome(two) == hm.UNDECIDED))
    return h.variables, [h.domain(), reach], ma.outcome(h), mb.outcome(h), h.played() * 2 + h.dealer


def _hand_length(a: Setup, b: Setup) -> Built:
    h = hm.Rounds.fresh()

    def over(s: Setup) -> z3.BoolRef:
        if s.reading("hand-length") == "always-three-rounds":
            return h.played() == 3
        return hm.HandModel(s).outcome(h) != hm.UNDECIDED

    return h.variables, [h.domain(), h.dealer == 0], over(a), over(b), h.played()


def _rounds(cx: dict[str, Any]) -> dict[str, Any]:
    played = [_round_name(cx[k]) for k in ("r1", "r2", "r3") if cx[k] != hm.NOT_PLAYED]
    return {"rounds": played, "dealer_side": cx["dealer_side"]}


def _hand_reason(a: Setup, b: Setup, cx: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The clauses and the register entry behind a hand-resolution witness of (a, b): with every
    round tied, the clause each side resolves it by (HND-9, HND-10, ARG-4: none where only the
    register states the reading); otherwise the clauses of the case that belong to a's or b's ruleset."""
    r = [cx["r1"], cx["r2"], cx["r3"]]
    if r == [hm.TIE] * 3:
        sides = (hm.all_tied_clause(a), hm.all_tied_clause(b))
        return tuple(dict.fromkeys(c for c in sides if c)), ("AMB-1",)
    if r[0] == hm.TIE and r[1] == hm.TIE:
        return _of_rulesets(("HND-5", "HND-7", "HND-8"), a, b), ("AMB-3",)
    if r[2] == hm.TIE and {r[0], r[1]} == {0, 1}:
        return _of_rulesets(("HND-5", "HND-6"), a, b), ("AMB-2",)
    return (), ()


def _of_rulesets(clauses: tuple[str, ...], a: Setup, b: Setup) -> tuple[str, ...]:
    """The clauses that belong to a's or b's ruleset."""
    cat = load_catalogue()
    return tuple(c for c in clauses if {a.ruleset, b.ruleset} & set(cat.clauses[c].rulesets))


DOMAINS: tuple[Domain, ...] = (
    Domain("hand-resolution", ("HND-3", "HND-4", "HND-5", "HND-6", "HND-7", "HND-8", "HND-9", "HND-10"),
           ("all-rounds-tied", "split-then-tie", "first-two-tied"), lambda a, b: True,
           _hands, _rounds, _outcome_name, reason=_hand_reason),
    Domain("hand-length", ("HND-1", "HND-2"), ("hand-length",), lambda a, b: True,
           _hand_length, lambda cx: {"rounds": _rounds(cx)["rounds"]},
           lambda over: "hand over" if over else "another round is played"),
)
