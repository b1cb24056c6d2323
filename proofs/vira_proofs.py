"""Properties of the vira's manilhas (PAU-2, PAU-3, PAU-4, PAU-5; AMB-45), each with its negative
control: for every vira of the deck, the spec's strength of every other card is the order the
regulations state, read here on its own: the rank after the vira's in the file's rank order,
wrapping from the last rank to the first, makes four manilhas above every other card, in the
file's suit order; below them the file's groups."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import card_model as cm
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()


def _manilha_rank(setup: Setup, vira: cm.Card) -> z3.ArithRef:
    """PAU-3 as the regulations state it: the next rank, and after the last rank the first."""
    n = len(setup.rules.deck.ranks)
    return z3.If(vira.rank == n - 1, 0, vira.rank + 1)


def _suit_order(setup: Setup) -> list[int]:
    """PAU-4: the manilhas' suits, strongest first (zap, copas, espadilha, pica-fumo)."""
    suits = setup.rules.deck.suits
    return [suits.index(str(s)) for s in setup.rules.data["vira"]["suits"]]


def _position(setup: Setup, c: cm.Card, vira: cm.Card) -> z3.ArithRef:
    """Where the card stands, 0 first: the manilhas by suit, then the file's groups."""
    order = _suit_order(setup)
    groups = setup.rules.groups
    pos: z3.ArithRef = z3.IntVal(len(order) + len(groups))
    for g in reversed(range(len(groups))):
        pos = z3.If(z3.Or(*[c.is_(r, s) for r, s in groups[g]]), len(order) + g, pos)
    for k in reversed(range(len(order))):
        pos = z3.If(z3.And(c.rank == _manilha_rank(setup, vira), c.suit == order[k]), k, pos)
    return pos


class OwnRank(cm.CardModel):
    """Control: the manilhas are the cards of the vira's own rank, not of the next one."""

    def strength(self, c: cm.Card, muestra: cm.Card | None = None) -> z3.ArithRef:
        assert muestra is not None
        n = len(self.rules.deck.ranks)
        shifted = cm.Card(z3.If(muestra.rank == 0, n - 1, muestra.rank - 1), muestra.suit)
        return super().strength(c, shifted)


class ReversedSuits(cm.CardModel):
    """Control: the manilhas ordered by suit the other way round (pica-fumo above the zap)."""

    def strength(self, c: cm.Card, muestra: cm.Card | None = None) -> z3.ArithRef:
        base = super().strength(c, muestra)
        top = len(self.rules.groups) + len(self.rules.data["vira"]["suits"])
        low = len(self.rules.groups) + 1
        return z3.If(base >= low, top + low - base, base)


def _order(setup: Setup, model: cm.CardModel) -> Query:
    """For every vira and any two other cards of the deck: the strengths compare as the stated order."""
    a, b, v = cm.Card.fresh("a"), cm.Card.fresh("b"), cm.Card.fresh("vira")
    sa, sb = model.strength(a, v), model.strength(b, v)
    pa, pb = _position(setup, a, v), _position(setup, b, v)
    claim = z3.And((sa > sb) == (pa < pb), (sa == sb) == (pa == pb))
    assumptions = [cm.in_deck(setup, x) for x in (a, b, v)] + [z3.Not(a.same(v)), z3.Not(b.same(v))]
    return Query(claim, [*a.variables, *b.variables, *v.variables], assumptions)


def _cards(cx: dict[str, Any], tag: str) -> tuple[int, int]:
    return cx[f"rank_{tag}"], cx[f"suit_{tag}"]


def _touches_manilhas(setup: Setup, cx: dict[str, Any]) -> bool:
    """The counterexample compares a card of the vira's rank or of the manilha rank."""
    n = len(setup.rules.deck.ranks)
    vr = cx["rank_vira"]
    ranks = {vr, (vr + 1) % n}
    return any(_cards(cx, t)[0] in ranks for t in ("a", "b"))


def _two_manilhas(setup: Setup, cx: dict[str, Any]) -> bool:
    n = len(setup.rules.deck.ranks)
    target = (cx["rank_vira"] + 1) % n
    return all(_cards(cx, t)[0] == target for t in ("a", "b"))


PROPERTIES.add(Property(
    id="vira-manilha-rank",
    title="For every vira, the cards of the next rank (after the last rank, the first) are the four"
          " manilhas, above every other card; the other cards keep the file's order",
    clauses=("PAU-2", "PAU-3", "PAU-5"), ambiguities=("AMB-45",),
    build=lambda s, broken: _order(s, (OwnRank if broken else cm.CardModel)(s)),
    control="the manilhas are the cards of the vira's own rank",
    expect=_touches_manilhas,
    applies=lambda s: s.has("vira"),
    when="a vira (AMB-45 vira)",
))

PROPERTIES.add(Property(
    id="vira-manilha-suits",
    title="For every vira, the four manilhas rank by suit in the file's order: zap, copas, espadilha,"
          " pica-fumo",
    clauses=("PAU-4",), ambiguities=("AMB-45",),
    build=lambda s, broken: _order(s, (ReversedSuits if broken else cm.CardModel)(s)),
    control="the manilhas ordered by suit the other way round (pica-fumo above the zap)",
    expect=_two_manilhas,
    applies=lambda s: s.has("vira"),
    when="a vira (AMB-45 vira)",
))
