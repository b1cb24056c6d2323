"""Properties of card strength and round resolution (DECK-1, DECK-2, CARD-1, CARD-2, CARD-3, CARD-4, CARD-5,
COV-1, RND-2, RND-3, AMB-5, AMB-6, AMB-13), each with its negative control."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import card_model as cm
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()


def _order(setup: Setup, model: cm.CardModel) -> Query:
    """Comparing strengths is the file's order; the file's order is a strict weak order. Where the
    ruleset has a muestra, for every muestra: the three cards are others of the deck."""
    a, b, c = cm.Card.fresh("a"), cm.Card.fresh("b"), cm.Card.fresh("c")
    m = cm.muestra_of(setup)
    sa, sb = model.strength(a, m), model.strength(b, m)
    above = lambda x, y: cm.above(setup, x, y, m)  # noqa: E731
    incomparable = lambda x, y: z3.And(z3.Not(above(x, y)), z3.Not(above(y, x)))  # noqa: E731
    claim = z3.And(
        (sa > sb) == above(a, b), (sa == sb) == cm.stated_tie(setup, a, b, m),
        z3.Not(above(a, a)),  # irreflexive
        z3.Implies(z3.And(above(a, b), above(b, c)), above(a, c)),  # transitive
        z3.Implies(z3.And(incomparable(a, b), incomparable(b, c)), incomparable(a, c)),  # ties transitive
        z3.Implies(above(a, b), z3.Not(above(b, a))),
    )
    cards = [a, b, c] if m is None else [a, b, c, m]
    variables = [v for x in cards for v in x.variables]
    assumptions = [cm.in_deck(setup, x) for x in cards]
    if m is not None:
        assumptions += [z3.Not(x.same(m)) for x in (a, b, c)]  # the muestra is in no hand
    return Query(claim, variables, assumptions)


def _cards(cx: dict[str, Any], *tags: str) -> list[tuple[int, int]]:
    return [(cx[f"rank_{t}"], cx[f"suit_{t}"]) for t in tags]


def _pair_in(setup: Setup, cx: dict[str, Any], first: int, second: int) -> bool:
    groups = setup.rules.groups
    a, b = _cards(cx, "a", "b")
    if first == second:
        return a != b and a in groups[first] and b in groups[first]
    return (a in groups[first] and b in groups[second]) or (a in groups[second] and b in groups[first])


ORDER_TITLE = "Card strength is the ruleset's order: a strict weak order with exactly the ties it states"

PROPERTIES.add(Property(
    id="card-order",
    title=ORDER_TITLE + " (its groups, strongest first, and the muestra's piezas above them)",
    clauses=("DECK-1", "DECK-2", "CARD-1", "CARD-2", "CARD-3", "CARD-5", "ARG-2", "URU-3", "URU-4"),
    ambiguities=("AMB-13", "AMB-41"),
    build=lambda s, broken: _order(s, (cm.SwappedGroups if broken else cm.CardModel)(s)),
    control="the second and the third strength groups swapped (Mineiro: 7H and AS)",
    expect=lambda s, cx: _pair_in(s, cx, *cm.SWAPPED),
))

PROPERTIES.add(Property(
    id="card-order-ties",
    title=ORDER_TITLE + " (the cards of one group are equal, whatever the suit)",
    clauses=("CARD-1", "CARD-4", "CARD-5", "ARG-2", "URU-3"), ambiguities=("AMB-41",),
    build=lambda s, broken: _order(s, (cm.SplitGroup if broken else cm.CardModel)(s)),
    control="the cards of one group ordered by suit (the first of the group above the others)",
    expect=lambda s, cx: _pair_in(s, cx, cm.split_group(s.rules), cm.split_group(s.rules)),
))


def _covered(setup: Setup, broken: bool) -> Query:
    m = (cm.CoveredAsLowest if broken else cm.CardModel)(setup)
    c = cm.Card.fresh("card")
    return Query(m.covered() < m.strength(c), c.variables, [cm.in_deck(setup, c)])


def _weakest(setup: Setup, cx: dict[str, Any]) -> bool:
    return (cx["rank_card"], cx["suit_card"]) in setup.rules.groups[-1]


PROPERTIES.add(Property(
    id="covered-below-face-up",
    title="A covered card is below every face-up card (and two covered cards are equal)",
    clauses=("COV-1",), ambiguities=("AMB-6", "AMB-7"),
    build=_covered, control="a covered card counts as the lowest common card",
    expect=_weakest,
    applies=lambda s: s.reading("covering") == "allowed" and s.reading("covered-card") == "worth-nothing",
    when="a card may be covered, and a covered card is worth nothing (AMB-7, AMB-6)",
))


def _round(setup: Setup, model: cm.RoundModel) -> Query:
    r = cm.Round.fresh(setup)
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
    when="partners at the table (pairs)",
))
