"""Deal classes: the deals of a ruleset, partitioned by what its rules can see of the cards.

The reduction. The rules see a dealt card only through its strength (DECK-2, CARD-1, CARD-2, CARD-3, CARD-4,
CARD-5, and URU-3/URU-4 under a muestra) and, where the ruleset has them, through the envido points (ENV-2)
and the flor (FLR-1) of the hand it is in. So two deals whose cards compare alike give the same game tree up
to the names of the cards: same shape, same results. What decides a round is how the card one seat plays
compares with the others' (RND-2, RND-3), so the class key is, for each pair of seats, the 3x3 matrix of
win/tie/lose between their cards, each seat's cards sorted by strength. Sorting is sound because the order in
which a seat plays its cards is that seat's choice (RND-1: any card of its hand; in a blind hand any slot): a
deal and the same deal with a seat's slots permuted have the same tree with the play actions renamed. For
Mineiro one against one this gives 115 classes (`exact_classes`, by enumeration of the strengths; the slots in
deal order would give 2,054). Rulesets with envido, flor or a muestra keep each seat's envido points, flor and
flor points too, and their strengths under the muestra: far more classes, counted on a sample of deals
(`sampled_classes`, a lower bound).

The assumption, that the rules see nothing else of a card, is the spec's (checked on the spec:
two deals of one class give equal tree counts, tests/spec/test_exhaustive.py). That an engine
treats cards of equal strength alike is checked by the sample: besides its representative
deal, each class has SAMPLE concrete deals, other strengths of the same class and other cards
of equal strength, with the slots shuffled (`DealClass.sample`), on which the walk plays every
sequence of card plays (truco_rules.spec.monitor.walk).

Positions: the hand walked is the first of a match at scores 0-0, or, where the ruleset has
them, a hand of ten for either side and the iron hand (the scores from the ruleset's
`hand_of_ten` and `iron_hand` data).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from truco_rules.spec.exhaustive import POSITION_NAMES
from truco_rules.spec.rules.cards import dealt_strength, deck
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.state import Hand, Match

SAMPLE = 2  # concrete deals per class besides its representative (the equal-strength check)
SAMPLED_DEALS = 20_000  # deals drawn to count the classes of rulesets with envido, flor or a muestra

Key = tuple[Any, ...]


@dataclass(frozen=True)
class Position:
    """Where the hand walked starts: the match's scores before it (the dealer is the match's first)."""

    name: str
    scores: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "scores": list(self.scores)}


@dataclass(frozen=True)
class DealClass:
    """One class: its key, a representative deal, and the concrete deals that check it."""

    index: int
    key: Key
    deal: dict[str, Any]
    sample: tuple[dict[str, Any], ...] = ()


def positions(rules: Rules) -> list[Position]:
    """0-0, then the hand of ten for side 0 and side 1 and the iron hand where the ruleset has them
    (TEN-1, IRN-1: the scores from its data)."""
    start, ten_0, ten_1, iron_hand = POSITION_NAMES
    out = [Position(start, (0, 0))]
    ten = rules.data.get("hand_of_ten")
    if ten:
        at = int(ten["score"])
        out += [Position(ten_0, (at, 0)), Position(ten_1, (0, at))]
    iron = rules.data.get("iron_hand")
    if iron:
        at = int(iron["score"])
        out.append(Position(iron_hand, (at, at)))
    return out


def _seat_key(hand: Hand, seat: int) -> tuple[tuple[int, ...], Key]:
    """A seat's strengths sorted, and what else the rules see of its hand (envido, flor)."""
    rules = hand.rules
    strengths = tuple(sorted(dealt_strength(rules, c, hand.muestra_card) for c in hand.cards[seat]))
    extra: Key = ()
    if rules.has("envido"):
        extra += (hand.envido_points(seat),)  # ENV-2 (URU-5 with the muestra)
    if rules.has("flor"):
        flor = hand.seat_flor(seat)  # FLR-1 (URU-6)
        extra += (flor, hand.flor_points(seat) if flor else 0)
    return strengths, extra


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def class_key(rules: Rules, deal: dict[str, Any]) -> Key:
    """The class of a deal: per pair of seats the win/tie/lose matrix of their sorted cards, and
    per seat its envido points and flor where the ruleset has them."""
    shown = deal.get("muestra") if rules.turns_up else None
    hand = Match(rules).new_hand(tuple(tuple(h) for h in deal["hands"]), shown)
    return _key_of([_seat_key(hand, seat) for seat in range(rules.players)])


def _key_of(seats: Sequence[tuple[tuple[int, ...], Key]]) -> Key:
    matrices = tuple(tuple(tuple(_sign(x, y) for y in seats[b][0]) for x in seats[a][0])
                     for a, b in itertools.combinations(range(len(seats)), 2))
    return (matrices, tuple(extra for _, extra in seats))


def exact(rules: Rules) -> bool:
    """Whether the classes are enumerated exactly: two seats that the strengths alone tell apart."""
    return rules.players == 2 and not any(rules.has(f) for f in ("envido", "flor", "muestra"))


@functools.cache
def exact_classes(rules: Rules) -> tuple[DealClass, ...]:
    """Every class of a two-seat ruleset without envido, flor or muestra, by enumerating the
    strengths each seat can hold (each strength group has only so many cards). The representative
    of a class is its first assignment of strengths, the first cards of each group in deck order;
    its sample, other assignments of the same class with random cards of those groups, the slots
    shuffled (a generator seeded by the ruleset and the class)."""
    groups = [tuple(sorted(_names(rules, g))) for g in rules.groups]  # strongest group first
    strength_of = [len(groups) - i for i in range(len(groups))]
    triples = list(itertools.combinations_with_replacement(range(len(groups)), 3))
    by_key: dict[Key, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
    for a in triples:
        for b in triples:
            used = Counter(a + b)
            if any(n > len(groups[g]) for g, n in used.items()):
                continue
            seats = [(tuple(sorted(strength_of[g] for g in t)), ()) for t in (a, b)]
            by_key.setdefault(_key_of(seats), []).append((a, b))
    out = []
    for index, key in enumerate(sorted(by_key)):
        assignments = by_key[key]
        rng = random.Random(f"truco-classes/{rules.ruleset}/{index}")
        rep = _cards_for(groups, assignments[0], None)
        sample = tuple(_cards_for(groups, rng.choice(assignments), rng) for _ in range(SAMPLE))
        out.append(DealClass(index, key, rep, sample))
    return tuple(out)


def _names(rules: Rules, group: Sequence[tuple[int, int]]) -> list[str]:
    names = {card: name for name, card in rules.deck.index.items() if name in deck(rules)}
    return [names[c] for c in group if c in names]


def _cards_for(groups: Sequence[Sequence[str]], groups_of: tuple[tuple[int, ...], tuple[int, ...]],
               rng: random.Random | None) -> dict[str, Any]:
    """A deal whose seats hold cards of these groups: the first free cards of each group, or with
    `rng` random ones and each seat's slots shuffled."""
    free = {g: list(groups[g]) for g in range(len(groups))}
    if rng is not None:
        for cards in free.values():
            rng.shuffle(cards)
    hands = []
    for seat_groups in groups_of:
        hand = [free[g].pop(0) for g in seat_groups]
        if rng is not None:
            rng.shuffle(hand)
        hands.append(hand)
    return {"hands": hands, "muestra": None}


@functools.cache
def sampled_classes(rules: Rules, draws: int = SAMPLED_DEALS) -> tuple[DealClass, ...]:
    """The classes met in `draws` random deals (a generator seeded by the ruleset): a lower bound
    on the ruleset's classes, in the order first met; each keeps the first deal met as its
    representative and the next SAMPLE of its class as its sample."""
    rng = random.Random(f"truco-classes/{rules.ruleset}")
    cards = list(deck(rules))
    turned = 1 if rules.turns_up else 0  # URU-2, PAU-2: one more card, turned up
    found: dict[Key, list[dict[str, Any]]] = {}
    for _ in range(draws):
        drawn = rng.sample(cards, 3 * rules.players + turned)
        deal = {"hands": [drawn[3 * s:3 * s + 3] for s in range(rules.players)],
                "muestra": drawn[-1] if turned else None}
        met = found.setdefault(class_key(rules, deal), [])
        if len(met) <= SAMPLE:
            met.append(deal)
    return tuple(DealClass(i, key, deals[0], tuple(deals[1:]))
                 for i, (key, deals) in enumerate(found.items()))


def classes(rules: Rules) -> tuple[DealClass, ...]:
    """The ruleset's classes: exact where the strengths alone tell deals apart, else those met in a sample."""
    return exact_classes(rules) if exact(rules) else sampled_classes(rules)
