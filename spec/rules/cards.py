"""The deck and the strength of the cards (the deck, strength and muestra clauses of the ruleset:
DECK-1, DECK-2, CARD-1, CARD-2, CARD-3, CARD-4, CARD-5, ARG-2, URU-2, URU-3, URU-4; COV-1), and the
vira's manilhas (PAU-2 to PAU-4, truco_rules.spec.rules.vira) where the ruleset turns up a vira instead.

Finite encoding, shared with the solver models: a card is (rank, suit), the indices of its rank
and suit in the ruleset's deck (truco_rules.spec.rules.ruleset). Strength: a larger int is a stronger card,
equal ints are equal cards; COVERED (0) is below all. The strength groups of the file get
1 (weakest) .. len(groups) (strongest); where the ruleset has a muestra, its piezas get the
values above those, strongest first. AMB-41 `card-pairs` (in-order) splits two of Gauderio's
groups through the file's `sets`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from types import MappingProxyType

from truco_rules.spec.rules.ruleset import Card, Rules
from truco_rules.spec.rules.symbolic import And, If, Or, Val, concrete_cache
from truco_rules.spec.rules.vira import manilha_index, manilha_strength

COVERED = 0  # COV-1: "Carta cubierta ... que no vale nada": below every face-up card

_NAME_RE = re.compile(r"^([0-9A-Z]{1,2})([a-zA-Z])$")

Muestra = tuple[Val, Val] | None  # the muestra as (rank, suit), where the ruleset has one


def deck(rules: Rules) -> tuple[str, ...]:
    """The names of the cards in play, in a fixed order (the deck clause; AMB-13 `deck` may
    exclude cards through the file)."""
    return rules.deck.cards


def parse_card(rules: Rules, name: str) -> Card | None:
    """(rank, suit) of a card name of the ruleset's ranks and suits, or None."""
    if type(name) is str:  # remembered per ruleset: every hand of a record parses its deal
        return _parse_name(rules, name)
    return _parse_name.__wrapped__(rules, name)  # a str subclass: not kept


@functools.cache
def card_names(rules: Rules) -> Mapping[str, Card]:
    """The card names of the ruleset's deck that parse_card reads, each with its (rank, suit):
    `card_names(rules).get(name)` is parse_card(rules, name) for any text `name`."""
    return MappingProxyType({name: card for name, card in rules.deck.index.items() if _NAME_RE.match(name)})


@functools.lru_cache(maxsize=4096)
def _parse_name(rules: Rules, name: str) -> Card | None:
    m = _NAME_RE.match(name)
    return rules.deck.index.get(name) if m else None


def _group_strength(rules: Rules, rank: Val, suit: Val) -> Val:
    """The strength of a card by the file's ranked groups (dual-use): strongest group highest."""
    groups = rules.groups
    result: Val = 0
    for i, group in reversed(list(enumerate(groups))):
        result = If(Or(*[And(rank == r, suit == s) for r, s in group]), len(groups) - i, result)
    return result


@functools.cache  # per ruleset: read from its file once
def _pieza_ranks(rules: Rules) -> tuple[int, ...]:
    index = rules.deck.ranks.index
    return tuple(index(str(p["rank"])) for p in rules.data["muestra"]["piezas"])


@functools.cache
def _stand_in(rules: Rules) -> int | None:
    stand_in = rules.data["muestra"].get("stand_in")
    return None if stand_in is None else rules.deck.ranks.index(str(stand_in))


@concrete_cache(keys=(Rules,))  # forty cards by forty muestras: the monitor asks at every flor check
def pieza_index(rules: Rules, rank: Val, suit: Val, muestra: tuple[Val, Val]) -> Val:
    """Which pieza a card is (0 = the strongest), or -1 (dual-use; URU-3, URU-4).

    A card of the muestra's suit whose rank is a pieza rank is that pieza, unless it is the
    muestra itself; the stand-in rank of the muestra's suit is the pieza that the muestra is."""
    mr, ms = muestra
    result: Val = -1
    stand_in = _stand_in(rules)
    for k, p in reversed(list(enumerate(_pieza_ranks(rules)))):
        own = And(suit == ms, rank == p, mr != p)
        if stand_in is not None:
            own = Or(own, And(suit == ms, rank == stand_in, mr == p))
        result = If(own, k, result)
    return result


def strength(rules: Rules, rank: Val, suit: Val, muestra: Muestra = None) -> Val:
    """Strength of a face-up card (dual-use on rank, suit and the muestra)."""
    if type(rank) is int and type(suit) is int and (muestra is None or all(type(x) is int for x in muestra)):
        return _concrete_strength(rules, rank, suit, muestra)
    base = _group_strength(rules, rank, suit)
    if muestra is not None and rules.has("vira"):  # PAU-3, PAU-4
        return manilha_strength(rules, manilha_index(rules, rank, suit, muestra), base)
    if muestra is None or not rules.has("muestra"):
        return base
    top = len(rules.groups)
    k = pieza_index(rules, rank, suit, muestra)
    return If(k >= 0, top + len(_pieza_ranks(rules)) - k, base)


@functools.lru_cache(maxsize=8192)
def _concrete_strength(rules: Rules, rank: int, suit: int, muestra: tuple[int, int] | None) -> int:
    """The same rule on plain ints, remembered: a replay asks for each card many times."""
    base = next((len(rules.groups) - i for i, g in enumerate(rules.groups) if (rank, suit) in g), 0)
    if muestra is not None and rules.has("vira"):  # PAU-3, PAU-4
        return int(manilha_strength(rules, manilha_index(rules, rank, suit, muestra), base))
    if muestra is None or not rules.has("muestra"):
        return base
    k = int(pieza_index(rules, rank, suit, muestra))
    return len(rules.groups) + len(_pieza_ranks(rules)) - k if k >= 0 else base


@functools.lru_cache(maxsize=8192)
def dealt_strength(rules: Rules, card: Card, muestra: Card | None) -> int:
    """The strength of a dealt card, face up (plain values; remembered: a replay asks for the
    same cards again and again)."""
    return int(strength(rules, card[0], card[1], muestra))


def card_strength(rules: Rules, name: str, covered: bool = False, muestra: str | None = None) -> int:
    """Strength of a named card as played; a covered card is COVERED (COV-1, AMB-6 worth-nothing)."""
    if covered:
        return COVERED
    card = parse_card(rules, name)
    if card is None:
        raise ValueError(f"not a card of {rules.ruleset}: {name!r}")
    shown = parse_card(rules, muestra) if muestra is not None else None
    return int(strength(rules, *card, shown))


def strength_clause(rules: Rules, a: Card, b: Card, muestra: Card | None = None) -> str:
    """The clause that orders two face-up cards: the muestra's where a pieza is involved, else the
    file's strength clause that says it (Mineiro: CARD-2 between manilhas, CARD-3 a manilha and a
    common card, CARD-4 equal ranks, CARD-1 the common order)."""
    if muestra is not None and rules.has("vira"):
        ka, kb = (int(manilha_index(rules, *c, muestra)) for c in (a, b))
        if ka >= 0 or kb >= 0:  # PAU-4 between two manilhas, PAU-3 a manilha above a common card
            vira = rules.data["vira"]
            return str(vira["clauses"]["suits" if ka >= 0 and kb >= 0 else "above"])
    if muestra is not None and rules.has("muestra") and (
            int(pieza_index(rules, *a, muestra)) >= 0 or int(pieza_index(rules, *b, muestra)) >= 0):
        return str(rules.data["muestra"].get("clauses", {}).get("order", rules.clause("muestra")))
    clauses = rules.data["strength"]["clauses"]
    top = int(rules.data["strength"].get("top", 0))
    ta, tb = (any(c in g for g in rules.groups[:top]) for c in (a, b))
    if ta and tb:
        return str(clauses.get("top", clauses["order"]))
    if ta or tb:
        return str(clauses.get("above", clauses["order"]))
    if a[0] == b[0] and "equal" in clauses:
        return str(clauses["equal"])
    return str(clauses["order"])
