"""Properties of card strength and round resolution (DECK-*, CARD-*, COV-1, RND-2, RND-3, AMB-5, AMB-6,
AMB-13), each with its negative control."""

from __future__ import annotations

from typing import Any

import z3

from proofs import card_model as cm
from proofs.property import Property, Query, Registry
from proofs.setup import Setup

PROPERTIES = Registry()
MINEIRO = lambda s: s.variant == "mineiro"  # noqa: E731


def _order(setup: Setup, model: cm.CardModel) -> Query:
    """Comparing strengths is the rules' order; the rules' order is a strict weak order."""
    a, b, c = cm.Card.fresh("a"), cm.Card.fresh("b"), cm.Card.fresh("c")
    sa, sb = model.strength(a), model.strength(b)
    ab, ba = cm.above(setup, a, b), cm.above(setup, b, a)
    bc, ac = cm.above(setup, b, c), cm.above(setup, a, c)
    incomparable = lambda x, y: z3.And(z3.Not(cm.above(setup, x, y)), z3.Not(cm.above(setup, y, x)))  # noqa: E731
    claim = z3.And(
        (sa > sb) == ab, (sa == sb) == cm.stated_tie(setup, a, b),
        z3.Not(cm.above(setup, a, a)),  # irreflexive
        z3.Implies(z3.And(ab, bc), ac),  # transitive
        z3.Implies(z3.And(incomparable(a, b), incomparable(b, c)), incomparable(a, c)),  # ties transitive
        z3.Implies(ab, z3.Not(ba)),
    )
    return Query(claim, [*a.variables, *b.variables, *c.variables],
                 [cm.in_deck(setup, a), cm.in_deck(setup, b), cm.in_deck(setup, c)])


def _cards(cx: dict[str, Any], *tags: str) -> set[tuple[int, int]]:
    return {(cx[f"rank_{t}"], cx[f"suit_{t}"]) for t in tags}


ORDER_TITLE = "Card strength is the rules' order: a strict weak order with exactly the ties they state"

PROPERTIES.add(Property(
    id="card-order-manilhas",
    title=ORDER_TITLE + " (Mineiro: 4C > 7H > AS > 7D above every common card)",
    clauses=("DECK-1", "CARD-1", "CARD-2", "CARD-3", "CARD-4"), ambiguities=("AMB-13",),
    build=lambda s, broken: _order(s, (cm.SwappedManilhas if broken else cm.CardModel)(s)),
    control="the 7 of hearts and the ace of spades swapped",
    expect=lambda s, cx: _cards(cx, "a", "b") == {(3, 1), (7, 2)},
    applies=MINEIRO,
))

PROPERTIES.add(Property(
    id="card-order-commons",
    title=ORDER_TITLE + " (Mineiro: common cards by rank, whatever the suit)",
    clauses=("DECK-1", "CARD-1", "CARD-3", "CARD-4"), ambiguities=("AMB-13",),
    build=lambda s, broken: _order(s, (cm.SuitSensitiveCommons if broken else cm.CardModel)(s)),
    control="common cards of one rank ordered by suit",
    expect=lambda s, cx: cx["rank_a"] == cx["rank_b"] and cx["suit_a"] != cx["suit_b"],
    applies=MINEIRO,
))

PROPERTIES.add(Property(
    id="card-order-groups",
    title=ORDER_TITLE + " (Gauderio: the groups of CARD-5)",
    clauses=("DECK-2", "CARD-5"), ambiguities=(),
    build=lambda s, broken: _order(s, (cm.SplitGroup if broken else cm.CardModel)(s)),
    control="the 1 of oros above the 1 of copas (their group split)",
    expect=lambda s, cx: _cards(cx, "a", "b") == {(1, 2), (1, 3)},
    applies=lambda s: s.variant == "gauderio",
))


def _covered(setup: Setup, broken: bool) -> Query:
    m = (cm.CoveredAsLowest if broken else cm.CardModel)(setup)
    c = cm.Card.fresh("card")
    return Query(m.covered() < m.strength(c), c.variables, [cm.in_deck(setup, c)])


PROPERTIES.add(Property(
    id="covered-below-face-up",
    title="A covered card is below every face-up card (and two covered cards are equal)",
    clauses=("COV-1",), ambiguities=("AMB-6", "AMB-7"),
    build=_covered, control="a covered card counts as the lowest common card",
    expect=lambda s, cx: cx["rank_card"] == 0 and cx["suit_card"] != 0,
    applies=lambda s: s.reading("covering") == "allowed" and s.reading("covered-card") == "worth-nothing",
))


def _round(setup: Setup, model: cm.RoundModel) -> Query:
    r = cm.Round.fresh(setup.players)
    o = model.result(r)
    unique = [z3.Implies(cm.round_allowed(setup, r, z3.IntVal(v)), o == v) for v in (0, 1, cm.TIE)]
    holds = z3.And(*[z3.Implies(o == k, z3.And(r.holds_top(k), z3.Not(r.holds_top(1 - k)))) for k in (0, 1)])
    return Query(z3.And(cm.round_allowed(setup, r, o), *unique, holds), r.variables, [r.domain()])


def _top_sides(setup: Setup, cx: dict[str, Any]) -> tuple[int, set[int]]:
    s = [cx[f"s{i}"] for i in range(setup.players)]
    top = max(s)
    sides = {(cx["leader_side"] + i) % 2 for i, x in enumerate(s) if x == top}
    return s.count(top), sides


PROPERTIES.add(Property(
    id="round-exactly-one-result",
    title="Every complete round has exactly one result, the clauses' one, and a winning side holds a"
          " highest card that the other side does not match",
    clauses=("RND-1", "RND-2", "RND-3"), ambiguities=("AMB-5",),
    build=lambda s, broken: _round(s, (cm.FirstPlayedWins if broken else cm.RoundModel)(s)),
    control="equal highest cards of both sides go to the side that played one first",
    expect=lambda s, cx: _top_sides(s, cx)[1] == {0, 1},
))

PROPERTIES.add(Property(
    id="round-partner-tie",
    title="Equal highest cards of two partners give the round to their pair (pair-wins) or tie it (tie),"
          " as the ruleset reads AMB-5",
    clauses=("RND-2", "RND-3", "SET-2"), ambiguities=("AMB-5",),
    build=lambda s, broken: _round(s, (cm.OtherPartnerTie if broken else cm.RoundModel)(s)),
    control="partner-tie read the other way",
    expect=lambda s, cx: _top_sides(s, cx)[0] >= 2 and len(_top_sides(s, cx)[1]) == 1,
    applies=lambda s: s.players == 4,
))
