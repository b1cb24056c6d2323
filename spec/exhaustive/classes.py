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
    """A seat's strengths sorted, and whether it holds flor where the ruleset has it (FLR-1, URU-6)."""
    rules = hand.rules
    strengths = tuple(sorted(dealt_strength(rules, c, hand.muestra_card) for c in hand.cards[seat]))
    return strengths, ((hand.seat_flor(seat),) if rules.has("flor") else ())


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def _contests(rules: Rules, envido: Sequence[int], flor: Sequence[bool], flor_points: Sequence[int]) -> Key:
    """What the rules see of the envido and flor points: only who has more (ENV-5, FLR-4, URU-5,
    URU-6; a tie goes to the mano, ENV-5), seat against seat: the sign of each difference, the flor
    points' only where both seats hold flor. The points themselves decide nothing else: a contest
    pays its stake, not the points."""
    pairs = list(itertools.combinations(range(len(envido)), 2))
    out: Key = ()
    if rules.has("envido"):
        out += tuple(_sign(envido[a], envido[b]) for a, b in pairs)
    if rules.has("flor"):
        out += tuple(_sign(flor_points[a], flor_points[b]) if flor[a] and flor[b] else 0 for a, b in pairs)
    return out


def class_key(rules: Rules, deal: dict[str, Any]) -> Key:
    """The class of a deal: per pair of seats the win/tie/lose matrix of their sorted cards; where
    the ruleset has them, per seat its flor, and per pair of seats who has more envido points and
    more flor points (`_contests`)."""
    shown = deal.get("muestra") if rules.turns_up else None
    hand = Match(rules).new_hand(tuple(tuple(h) for h in deal["hands"]), shown)
    seats = [_seat_key(hand, seat) for seat in range(rules.players)]
    if not (rules.has("envido") or rules.has("flor")):
        return _key_of(seats)
    n = rules.players
    flor = [bool(hand.seat_flor(s)) if rules.has("flor") else False for s in range(n)]
    envido = [hand.envido_points(s) if rules.has("envido") else 0 for s in range(n)]
    points = [hand.flor_points(s) if flor[s] else 0 for s in range(n)]
    return (*_key_of(seats), _contests(rules, envido, flor, points))


def _key_of(seats: Sequence[tuple[tuple[int, ...], Key]]) -> Key:
    matrices = tuple(tuple(tuple(_sign(x, y) for y in seats[b][0]) for x in seats[a][0])
                     for a, b in itertools.combinations(range(len(seats)), 2))
    return (matrices, tuple(extra for _, extra in seats))


def exact(rules: Rules) -> bool:
    """Whether the classes are derived from the rules, every one of them: two seats, and no muestra
    (whose piezas change the envido and flor points as well as the strengths)."""
    return rules.players == 2 and not rules.has("muestra")


@functools.cache
def exact_classes(rules: Rules) -> tuple[DealClass, ...]:
    """Every class of a two-seat ruleset without envido, flor or muestra, by enumerating the
    strengths each seat can hold (each strength group has only so many cards). The representative
    of a class is its first assignment of strengths, the first cards of each group in deck order;
    its sample, other assignments of the same class with random cards of those groups, the slots
    shuffled (a generator seeded by the ruleset and the class). With a vira: `vira_classes`."""
    if rules.has("vira"):
        return vira_classes(rules)
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


def _levels_under(rules: Rules, vira: str) -> list[tuple[str, ...]]:
    """The cards of the deck but the vira, by strength under it (PAU-3, PAU-4: the four manilhas
    above every group), strongest first; equal cards together, in deck order."""
    shown = rules.deck.index[vira]
    by: dict[int, list[str]] = {}
    for name in deck(rules):
        if name != vira:
            by.setdefault(dealt_strength(rules, rules.deck.index[name], shown), []).append(name)
    return [tuple(by[k]) for k in sorted(by, reverse=True)]


@functools.cache
def vira_classes(rules: Rules) -> tuple[DealClass, ...]:
    """Every class of a two-seat ruleset that turns up a vira (PAU-2), derived from the rules: the
    vira makes four manilhas, one card each, above every group (PAU-3, PAU-4), and takes itself out
    of its rank's group. Under any vira the cards fall in the same number of strength levels (four
    manilhas, then the other ranks' groups); what changes is which rank is the manilha one and which
    group lacks the vira. So the strengths each seat can hold are enumerated once, by level, and each
    assignment is realised under the viras where no level is asked for more cards than it has. The
    representative of a class: its first assignment under the first such vira (the first card of
    its rank), the first cards of each level; its sample, other assignments and other viras of the
    class (any suit), random cards of the levels, the slots shuffled."""
    per_vira: dict[str, list[tuple[str, ...]]] = {}
    for rank in rules.deck.ranks:  # one vira per rank first: its suit changes no strength
        first = next((c for c in deck(rules) if c[:-1] == rank), None)
        if first is not None:
            per_vira[first] = _levels_under(rules, first)
    sizes = {len(levels) for levels in per_vira.values()}
    if len(sizes) != 1:
        raise ValueError(f"{rules.ruleset}: the viras do not give one number of strength levels")
    n = sizes.pop()
    caps = {v: [len(level) for level in levels] for v, levels in per_vira.items()}
    least = [min(cap[lvl] for cap in caps.values()) for lvl in range(n)]  # what every vira leaves
    triples = list(itertools.combinations_with_replacement(range(n), 3))
    by_key: dict[Key, list[tuple[str, tuple[int, ...], tuple[int, ...]]]] = {}
    everywhere = list(caps)
    for a in triples:
        for b in triples:
            used = Counter(a + b)
            if all(k <= least[lvl] for lvl, k in used.items()):
                fits = everywhere
            else:
                fits = [v for v, cap in caps.items() if all(k <= cap[lvl] for lvl, k in used.items())]
                if not fits:
                    continue
            seats = [(tuple(sorted(n - lvl for lvl in t)), ()) for t in (a, b)]
            by_key.setdefault(_key_of(seats), []).extend((v, a, b) for v in fits)
    out = []
    for index, key in enumerate(sorted(by_key)):
        assignments = by_key[key]
        rng = random.Random(f"truco-classes/{rules.ruleset}/{index}")
        vira, seat0, seat1 = assignments[0]
        rep = _cards_for(per_vira[vira], (seat0, seat1), None) | {"muestra": vira}
        sample = []
        for _ in range(SAMPLE):
            vira, seat0, seat1 = rng.choice(assignments)
            other = rng.choice([c for c in deck(rules) if c[:-1] == vira[:-1]])  # the vira in any suit
            levels = _levels_under(rules, other)
            sample.append(_cards_for(levels, (seat0, seat1), rng) | {"muestra": other})
        out.append(DealClass(index, key, rep, tuple(sample)))
    return tuple(out)


@functools.cache
def contest_classes(rules: Rules) -> tuple[DealClass, ...]:
    """Every class of a two-seat ruleset with envido or flor and no card turned up, derived from the
    rules: each seat's three cards are enumerated (the deck's 3-card hands), each with its strength
    groups, envido points, flor and flor points; for each pair of group assignments the seats can
    hold (no group asked for more cards than it has), each outcome of the contests (`_contests`)
    that the two seats' points allow is looked for in hands with no card in common. So every class
    is found, each with up to SAMPLE + 1 deals that realise it: the first its representative, the
    others its sample (the slots shuffled)."""
    groups = [tuple(sorted(_names(rules, g))) for g in rules.groups]  # strongest group first
    level = {name: i for i, g in enumerate(groups) for name in g}
    n = len(groups)
    shaped: dict[tuple[int, ...], dict[tuple[int, bool, int], list[tuple[str, ...]]]] = {}
    index = rules.deck.index
    for hand in itertools.combinations(deck(rules), 3):
        cards = tuple(index[c] for c in hand)
        flor = bool(rules.has("flor") and _holds(rules, cards))
        values = (_envido_of(rules, cards) if rules.has("envido") else 0, flor,
                  _flor_points_of(rules, cards) if flor else 0)
        shaped.setdefault(tuple(sorted(level[c] for c in hand)), {}).setdefault(values, []).append(hand)
    found: dict[Key, list[dict[str, Any]]] = {}
    for a, by_a in shaped.items():
        for b, by_b in shaped.items():
            used = Counter(a + b)
            if any(k > len(groups[g]) for g, k in used.items()):
                continue
            seats = [(tuple(sorted(n - g for g in t)), ()) for t in (a, b)]
            matrices = _key_of(seats)[0]
            for va, hands_a in by_a.items():
                for vb, hands_b in by_b.items():
                    contests = _contests(rules, (va[0], vb[0]), (va[1], vb[1]), (va[2], vb[2]))
                    extras = ((va[1],), (vb[1],)) if rules.has("flor") else ((), ())
                    key = (matrices, extras, contests)
                    if len(found.get(key, ())) > SAMPLE:
                        continue
                    pair = next(((x, y) for x in hands_a for y in hands_b if not set(x) & set(y)), None)
                    if pair is not None:
                        found.setdefault(key, []).append({"hands": [list(pair[0]), list(pair[1])],
                                                          "muestra": None})
    out = []
    for i, key in enumerate(sorted(found)):
        rng = random.Random(f"truco-classes/{rules.ruleset}/{i}")
        deals = found[key]
        sample = tuple({"hands": [rng.sample(h, 3) for h in d["hands"]], "muestra": None} for d in deals[1:])
        out.append(DealClass(i, key, deals[0], sample))
    return tuple(out)


def _holds(rules: Rules, cards: tuple[tuple[int, int], ...]) -> bool:
    from truco_rules.spec.rules import envido as env

    (r1, s1), (r2, s2), (r3, s3) = cards
    return bool(env.has_flor(rules, r1, s1, r2, s2, r3, s3))


def _envido_of(rules: Rules, cards: tuple[tuple[int, int], ...]) -> int:
    from truco_rules.spec.rules import envido as env

    (r1, s1), (r2, s2), (r3, s3) = cards
    return int(env.envido_points(rules, r1, s1, r2, s2, r3, s3,
                                 without_pair=rules.readings["envido-without-pair"]))


def _flor_points_of(rules: Rules, cards: tuple[tuple[int, int], ...]) -> int:
    from truco_rules.spec.rules import envido as env

    (r1, s1), (r2, s2), (r3, s3) = cards
    return int(env.flor_points(rules, r1, s1, r2, s2, r3, s3))


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


def reduction(rules: Rules) -> str:
    """The reduction the classes of a ruleset make, in words: what a class keeps of a deal, and how
    the classes are found."""
    seen = "per pair of seats the win, tie or lose of their cards, each seat's sorted by strength"
    if rules.has("vira"):
        seen += " under the vira (its four manilhas above every group)"
    elif rules.has("muestra"):
        seen += " under the muestra (its piezas above every group)"
    if rules.has("envido"):
        seen += "; who has more envido points"
    if rules.has("flor"):
        seen += "; each seat's flor, and who has more flor points where both hold one"
    if not exact(rules):
        how = f"the classes met in {SAMPLED_DEALS:,} random deals (at least that many)"
    elif rules.has("envido") or rules.has("flor"):
        how = "derived from every 3-card hand of each seat"
    elif rules.has("vira"):
        how = "derived from the strengths each seat can hold under every vira"
    else:
        how = "derived from the strengths each seat can hold"
    return f"a class keeps {seen}: {how}"


def classes(rules: Rules) -> tuple[DealClass, ...]:
    """The ruleset's classes: derived from the rules for two seats without a muestra (by strengths
    alone, under the vira, or with the envido and flor contests), else those met in a sample."""
    if not exact(rules):
        return sampled_classes(rules)
    if rules.has("envido") or rules.has("flor"):
        return contest_classes(rules)
    return exact_classes(rules)
