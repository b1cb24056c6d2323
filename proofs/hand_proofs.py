"""Properties of hand resolution (HND-1, HND-2, HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9, HND-10,
HND-11, AMB-1, AMB-2, AMB-3, AMB-4), each with its negative control."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import hand_model as hm
from truco_rules.proofs.property import AMBIGUITY, Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()
ALL_HND = ("HND-1", "HND-2", "HND-3", "HND-4", "HND-5", "HND-6", "HND-7", "HND-8", "HND-9", "HND-10")


def _exactly_one(setup: Setup, broken: bool) -> Query:
    h = hm.Rounds.fresh()
    w = hm.wording_of(setup)
    model = (hm.WonThenTieUndecided if broken else hm.HandModel)(setup)
    o = model.outcome(h)
    others = [z3.Implies(hm.allowed(h, setup, w, z3.IntVal(v)), o == v) for v in hm.OUTCOMES]
    claim = z3.And(hm.allowed(h, setup, w, o), *others)
    return Query(claim, h.variables, [h.domain(), hm.stops_when_decided(h, setup, w)])


def _won_then_tie(setup: Setup, cx: dict[str, Any]) -> bool:
    return cx["r1"] in (0, 1) and cx["r2"] == hm.TIE


PROPERTIES.add(Property(
    id="hand-exactly-one-result",
    title="The clauses give exactly one result for every sequence of round results, and it is the model's",
    clauses=ALL_HND, ambiguities=("AMB-1", "AMB-2", "AMB-3"),
    build=_exactly_one, control="round 1 won and round 2 tied leaves the hand undecided",
    expect=_won_then_tie,
))


def _three_rounds(setup: Setup, broken: bool) -> Query:
    h = hm.Rounds.fresh()
    model = (hm.AllTiedReplaysRound if broken else hm.HandModel)(setup)
    o = model.outcome(h)
    claim = z3.And(z3.Implies(h.played() == 3, o != hm.UNDECIDED),
                   z3.Implies(h.played() <= 1, o == hm.UNDECIDED))
    return Query(claim, h.variables, [h.domain()])


PROPERTIES.add(Property(
    id="hand-two-or-three-rounds",
    title="A hand is decided after two or three rounds, never one, and never needs a fourth",
    clauses=("HND-1", "HND-2"), ambiguities=("AMB-1",),
    build=_three_rounds, control="every round tied leaves the hand undecided",
    expect=lambda s, cx: (cx["r1"], cx["r2"], cx["r3"]) == (hm.TIE,) * 3,
))


def _fixed(setup: Setup, broken: bool) -> Query:
    h = hm.Rounds.fresh()
    model = (hm.LastRoundDecides if broken else hm.HandModel)(setup)
    two = hm.Rounds(h.r1, h.r2, z3.IntVal(hm.NOT_PLAYED), h.dealer)
    at_two = model.outcome(two)
    claim = z3.Implies(at_two != hm.UNDECIDED, model.outcome(h) == at_two)
    return Query(claim, h.variables, [h.domain()])


PROPERTIES.add(Property(
    id="hand-result-fixed-once-decided",
    title="Rounds played after the hand is decided never change its result",
    clauses=("HND-1", "HND-2"), ambiguities=("AMB-4",),
    build=_fixed, control="a won third round overrides the result of the first two",
    expect=lambda s, cx: cx["r3"] in (0, 1) and cx["r3"] not in (cx["r1"], cx["r2"]),
))


def _literal_unique(setup: Setup, broken: bool) -> Query:
    """Whether 000/003's wording alone names at most one winner (broken=True: 001's wording)."""
    h = hm.Rounds.fresh()
    w = hm.wording_of(setup)
    w = hm.Wording(w.clauses, literal_split=not broken, settle_split=broken)
    claim = z3.Not(z3.And(hm.allowed(h, setup, w, z3.IntVal(0)), hm.allowed(h, setup, w, z3.IntVal(1))))
    return Query(claim, h.variables, [h.domain(), hm.stops_when_decided(h, setup, w)])


def _split_then_tie(setup: Setup, cx: dict[str, Any]) -> bool:
    return {cx["r1"], cx["r2"]} == {0, 1} and cx["r3"] == hm.TIE


PROPERTIES.add(Property(
    id="hand-literal-split-then-tie",
    title="Read literally, 'any previous or subsequent round' names both sides after X, Y, tie",
    clauses=("HND-5",), ambiguities=("AMB-2",), kind=AMBIGUITY,
    build=_literal_unique,
    control="with 001's HND-6 as the exception, one winner only (must be proved)",
    expect=_split_then_tie,
    # HND-5's wording with no HND-6 to settle the case (000, 003).
    applies=lambda s: "HND-5" in hm.wording_of(s).clauses and "HND-6" not in hm.wording_of(s).clauses,
    when="HND-5's wording with no HND-6 (rulebooks 000, 003)",
))


def _literal_gap(setup: Setup, broken: bool) -> Query:
    """Whether 002's clauses alone decide every three-round hand (broken=True: with AMB-3)."""
    h = hm.Rounds.fresh()
    w = hm.Wording(hm.wording_of(setup).clauses, literal_gap=not broken)
    claim = z3.Implies(h.played() == 3, hm.decided(h, setup, w))
    return Query(claim, h.variables, [h.domain(), hm.stops_when_decided(h, setup, w)])


PROPERTIES.add(Property(
    id="hand-literal-first-two-tied",
    title="002's clauses name nobody when the first two rounds are tied and the third is won",
    clauses=("HND-7", "HND-8"), ambiguities=("AMB-3",), kind=AMBIGUITY,
    build=_literal_gap,
    control="with AMB-3's reading (the third round decides), every hand is decided (must be proved)",
    expect=lambda s, cx: cx["r1"] == hm.TIE and cx["r2"] == hm.TIE and cx["r3"] in (0, 1),
    # HND-7 and HND-8 with no HND-5 to cover a win after two ties (002).
    applies=lambda s: "HND-7" in hm.wording_of(s).clauses and "HND-5" not in hm.wording_of(s).clauses,
    when="HND-7 and HND-8 with no HND-5 (rulebook 002)",
))


def _own_001(setup: Setup, broken: bool) -> Query:
    """Whether 001's general tie sentence and HND-6, side by side, name at most one winner
    (broken=True: HND-6 as the exception that overrides the general sentence)."""
    h = hm.Rounds.fresh()
    w = hm.Wording(hm.wording_of(setup).clauses, own_001=True, exception=broken)
    claim = z3.Not(z3.And(hm.allowed(h, setup, w, z3.IntVal(0)), hm.allowed(h, setup, w, z3.IntVal(1))))
    return Query(claim, h.variables, [h.domain(), hm.stops_when_decided(h, setup, w)])


PROPERTIES.add(Property(
    id="hand-001-general-vs-hnd6",
    title="001 read as two rules of equal rank contradicts itself after X, Y, tie: 'already won the"
          " previous round' names Y, HND-6 names X",
    clauses=("HND-5", "HND-6"), ambiguities=("AMB-2",), kind=AMBIGUITY,
    build=_own_001,
    control="HND-6 as an exception node overriding the general sentence: one winner (must be proved)",
    expect=_split_then_tie,
    # 001's own sentences (its HND-5 differs in wording from 000's and 003's).
    applies=lambda s: hm.rulebook_of(s) == "001",
    when="rulebook 001's own wording",
))
