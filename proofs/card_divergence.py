"""Divergence domains of cards, rounds and covering (DECK-1, DECK-2, CARD-1, CARD-2, CARD-3, CARD-4, CARD-5,
COV-1, COV-2, RND-1, RND-2, RND-3, PAU-2, PAU-3, PAU-4, PAU-5, AMB-5, AMB-6, AMB-7, AMB-8, AMB-13, AMB-14,
AMB-45): the deck, when a card may be covered and what a covered card does, equal highest cards of
partners, who leads the next round, and who wins a round where a vira names the manilhas."""

from __future__ import annotations

import functools
from typing import Any

import z3

from truco_rules.proofs import card_model as cm
from truco_rules.proofs.domain import Built, Domain, same_deck
from truco_rules.proofs.evaluate import compile_term
from truco_rules.proofs.setup import Setup


def _deck(a: Setup, b: Setup) -> Built:
    c = cm.Card.fresh("card")
    d = a.rules.deck
    dom = [c.rank >= 0, c.rank < len(d.ranks), c.suit >= 0, c.suit < len(d.suits)]
    ta = z3.If(cm.in_deck(a, c), 1, 0)
    tb = z3.If(cm.in_deck(b, c), 1, 0)
    return c.variables, dom, ta, tb, c.rank * 4 + c.suit


def _may_cover(s: Setup, k: z3.ArithRef) -> z3.ArithRef:
    """AMB-7 `covering`, AMB-8 `cover-round` (a ruleset without it allows every round)."""
    allowed = s.reading("covering") == "allowed"
    first_barred = s.reading("cover-round") == "not-first-round"
    return z3.If(z3.And(allowed, z3.Not(z3.And(first_barred, k == 1))), 1, 0)


def _covering(a: Setup, b: Setup) -> Built:
    k = z3.Int("round")
    return [k], [k >= 1, k <= 3], _may_cover(a, k), _may_cover(b, k), k


COVER_RESULTS = {0: "the round goes to side 1", 1: "the round is tied", 2: "side 1 wins the hand"}


def _covered_card(a: Setup, b: Setup) -> Built:
    """The leader (side 0) covers its card; the next seat plays a card face up (1) or covers (0), the
    other seats of a pair game cover theirs."""
    up = z3.Int("reply_face_up")

    def code(s: Setup) -> z3.ArithRef:
        if s.reading("covered-card") == "concedes-hand":
            return z3.IntVal(2)  # COV-2: covering gives up the hand
        return z3.If(up == 1, 0, 1)  # COV-1: worth nothing; all covered: equal cards, a tie

    return [up], [z3.Or(up == 0, up == 1)], code(a), code(b), up


def _multiplicity(s: Setup) -> dict[int, int]:
    """How many cards of the deck have each strength."""
    return _multiplicity_of(s.rules.groups, tuple(cm.deck_cards(s)))


@functools.cache
def _multiplicity_of(groups: tuple[tuple[tuple[int, int], ...], ...],
                     deck: tuple[tuple[int, int], ...]) -> dict[int, int]:
    """Strength (the spec's: one per group, strongest highest) -> how many cards of the deck have it."""
    out: dict[int, int] = {}
    for card in deck:
        v = next((len(groups) - i for i, g in enumerate(groups) if card in g), 0)
        out[v] = out.get(v, 0) + 1
    return out


def _pair_round(a: Setup, b: Setup) -> tuple[cm.Round, list[z3.BoolRef]]:
    """A round of face-up cards, seat 0 leading, strengths only as many times as the deck has them."""
    r = cm.Round(tuple(z3.Int(f"s{i}") for i in range(a.players)), z3.IntVal(0))
    dom = [z3.And(x >= 1, x <= cm.top_strength(a)) for x in r.strengths]
    for v, n in _multiplicity(a).items():
        dom.append(sum((z3.If(x == v, 1, 0) for x in r.strengths), z3.IntVal(0)) <= n)
    dom.append(z3.And(*[z3.Or(*[x == v for v in _multiplicity(a)]) for x in r.strengths]))
    return r, dom


def _partner_tie(a: Setup, b: Setup) -> Built:
    r, dom = _pair_round(a, b)
    ta, tb = cm.RoundModel(a).result(r), cm.RoundModel(b).result(r)
    return list(r.strengths), dom, ta, tb, _round_size(r)


def _next_leader(s: Setup, r: cm.Round) -> z3.ArithRef:
    """AMB-14 `round-leader`: the seat that leads the next round (the leader is seat 0)."""
    first_top: z3.ArithRef = z3.IntVal(len(r.strengths) - 1)
    for i in reversed(range(len(r.strengths))):
        first_top = z3.If(r.strengths[i] == r.top(), i, first_top)
    tied = cm.RoundModel(s).result(r) == cm.TIE
    if s.reading("round-leader") == "winner-leads-tie-first-top":
        return first_top
    return z3.If(tied, 0, first_top)


def _round_leader(a: Setup, b: Setup) -> Built:
    r, dom = _pair_round(a, b)
    return list(r.strengths), dom, _next_leader(a, r), _next_leader(b, r), _round_size(r)


def _round_size(r: cm.Round) -> z3.ArithRef:
    """The sum of the strengths, then the strengths in play order: one size per round."""
    size = sum(r.strengths, z3.IntVal(0))
    for x in r.strengths:
        size = size * 15 + x
    return size


def _same_table(a: Setup, b: Setup) -> bool:
    return same_deck(a, b) and a.rules.groups == b.rules.groups and a.players == b.players


def strength_cards(setup: Setup, strengths: list[int]) -> list[str]:
    """Card names for a round of strengths: for each strength, its cards in deck order, each used once."""
    m = cm.CardModel(setup)
    c = cm.Card.fresh("m")
    f = compile_term(m.strength(c), c.variables)
    pool = [(f(r, su), cm.card_name(setup, r, su)) for r, su in cm.deck_cards(setup)]
    out = []
    for v in strengths:
        name = next(n for x, n in pool if x == v and n not in out)
        out.append(name)
    return out


def _round_shown(setup: Setup, cx: dict[str, Any]) -> dict[str, Any]:
    strengths = [cx[f"s{i}"] for i in range(setup.players)]
    return {"cards_in_play_order": strength_cards(setup, strengths), "leader_seat": 0}


def _vira_applies(a: Setup, b: Setup) -> bool:
    """The vira round: one deck, one against one, a vira on at least one side and a muestra on
    neither (the muestra's piezas are not modelled here: divergence.UNMODELLED_FEATURES)."""
    return (same_deck(a, b) and a.players == b.players == 2 and (a.has("vira") or b.has("vira"))
            and not a.has("muestra") and not b.has("muestra"))


def _vira_round(a: Setup, b: Setup) -> Built:
    """A vira is turned up (PAU-2) and the leader and the next player each play a card: who wins
    the round where the vira's next rank makes the manilhas (PAU-3, PAU-4) and where the manilhas
    are fixed (CARD-2, CARD-3) or the vira names others. A side without a vira ignores it, but it is
    still a card of the deck that nobody holds."""
    vira, lead, reply = cm.Card.fresh("vira"), cm.Card.fresh("lead"), cm.Card.fresh("reply")
    cards = (vira, lead, reply)
    dom = [*(cm.in_deck(s, c) for s in (a, b) for c in cards),
           z3.Not(vira.same(lead)), z3.Not(vira.same(reply)), z3.Not(lead.same(reply))]

    def result(s: Setup) -> z3.ArithRef:
        m = cm.CardModel(s)
        shown = vira if s.has("vira") else None
        r = cm.Round((m.strength(lead, shown), m.strength(reply, shown)), z3.IntVal(0), cm.top_strength(s))
        return cm.RoundModel(s).result(r)  # RND-2, RND-3

    # Smallest first: a round the two sides give to opposite players (clearer than a tie against a
    # win), then low cards, then a low vira.
    ta, tb = result(a), result(b)
    tied = z3.If(z3.Or(ta == cm.TIE, tb == cm.TIE), 1, 0)
    size = (((tied * 100 + lead.rank + reply.rank) * 100 + vira.rank * 10 + lead.suit) * 10) + reply.suit
    return [*vira.variables, *lead.variables, *reply.variables], dom, ta, tb, size


def _vira_shown(s: Setup, cx: dict[str, Any]) -> dict[str, Any]:
    name = functools.partial(cm.card_name, s)
    return {"vira": name(cx["rank_vira"], cx["suit_vira"]),
            "cards_in_play_order": [name(cx["rank_lead"], cx["suit_lead"]),
                                    name(cx["rank_reply"], cx["suit_reply"])],
            "leader_seat": 0}


DOMAINS: tuple[Domain, ...] = (
    Domain("deck", ("DECK-1", "CARD-1"), ("deck",), same_deck,
           _deck, lambda cx: {}, lambda inside: "in the deck" if inside else "not in the deck",
           show_in=lambda s, cx: {"card": cm.card_name(s, cx["rank_card"], cx["suit_card"])}),
    Domain("covering", ("COV-1",), ("covering", "cover-round"), lambda a, b: True,
           _covering, lambda cx: {"round": cx["round"]},
           lambda may: "a card may be played covered" if may else "every card is played face up"),
    Domain("covered-card", ("COV-1", "COV-2"), ("covered-card",),
           lambda a, b: a.reading("covering") == "allowed" and b.reading("covering") == "allowed",
           _covered_card,
           lambda cx: {"round": 1, "leader": "covers",
                       "next_seat": "face up" if cx["reply_face_up"] else "covers", "other_seats": "cover"},
           lambda v: COVER_RESULTS[v]),
    Domain("partner-tie", ("RND-2", "RND-3"), ("partner-tie",),
           lambda a, b: _same_table(a, b) and a.players == 4,
           _partner_tie, lambda cx: {}, lambda v: "round tied" if v == cm.TIE else f"side {v} wins the round",
           show_in=_round_shown),
    Domain("round-leader", ("RND-1", "RND-2", "RND-3"), ("round-leader", "partner-tie"), _same_table,
           _round_leader, lambda cx: {}, lambda seat: {"next_leader_seat": seat}, show_in=_round_shown),
    Domain("vira-round", ("PAU-2", "PAU-3", "PAU-4", "PAU-5", "CARD-1", "CARD-2", "CARD-3", "CARD-4",
                          "CARD-5", "RND-2", "RND-3"), ("manilha-velha",), _vira_applies,
           _vira_round, lambda cx: {},
           lambda v: "round tied" if v == cm.TIE else f"side {v} wins the round", show_in=_vira_shown),
)
