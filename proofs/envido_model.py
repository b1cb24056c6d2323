"""Envido and flor points and the falta (ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7, FLR-1, FLR-6, URU-5, URU-6,
AMB-21, AMB-22, AMB-24, AMB-30, AMB-38).

A card is (rank, suit), the indices of its rank and suit in the ruleset file's deck, as in
truco_rules.spec.rules. Every value is the file's: the envido value of each rank (ENV-7), the bonus of two
cards of a suit (ENV-2), and, where the ruleset has a muestra, the piezas' envido points (URU-5).
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup
from truco_rules.spec.rules.cards import pieza_index


@dataclass(frozen=True)
class Hand:
    cards: tuple[tuple[z3.ArithRef, z3.ArithRef], ...]
    muestra: tuple[z3.ArithRef, z3.ArithRef] | None = None

    @classmethod
    def fresh(cls, setup: Setup, tag: str = "") -> Hand:
        cards = tuple((z3.Int(f"rank{i}{tag}"), z3.Int(f"suit{i}{tag}")) for i in (1, 2, 3))
        muestra = None
        if setup.has("muestra"):
            muestra = (z3.Int(f"muestra_rank{tag}"), z3.Int(f"muestra_suit{tag}"))
        return cls(cards, muestra)

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [x for card in self.cards + ((self.muestra,) if self.muestra else ()) for x in card]

    def domain(self, setup: Setup) -> z3.BoolRef:
        """Three different cards of the ruleset's deck (and a muestra that is none of them)."""
        deck = setup.rules.deck
        cards = list(self.cards) + ([self.muestra] if self.muestra else [])
        out = [deck.index[n] for n in deck.names if n not in deck.in_play]
        ok = [z3.And(r >= 0, r < len(deck.ranks), s >= 0, s < len(deck.suits),
                     *[z3.Not(z3.And(r == a, s == b)) for a, b in out]) for r, s in cards]
        distinct = [z3.Or(a[0] != b[0], a[1] != b[1]) for i, a in enumerate(cards) for b in cards[i + 1:]]
        return z3.And(*ok, *distinct)

    def has_pair(self) -> z3.BoolRef:
        (_, s1), (_, s2), (_, s3) = self.cards
        return z3.Or(s1 == s2, s1 == s3, s2 == s3)

    def has_flor(self) -> z3.BoolRef:
        """FLR-1: "3 cartas del mismo palo" (piezas aside)."""
        (_, s1), (_, s2), (_, s3) = self.cards
        return z3.And(s1 == s2, s2 == s3)


def values(setup: Setup) -> list[int]:
    """ENV-7: the envido value of each rank, by rank index (the file's `envido.values`)."""
    r = setup.rules
    return [int(r.data["envido"]["values"][name]) for name in r.deck.ranks]


def card_value(setup: Setup, rank: z3.ArithRef) -> z3.ArithRef:
    """ENV-7: "Del 1 al 7: el valor que indican. Del 10 al 12: 0 puntos." """
    out: z3.ArithRef = z3.IntVal(0)
    for i, v in enumerate(values(setup)):
        out = z3.If(rank == i, v, out)
    return out


def bonus(setup: Setup) -> int:
    """ENV-2: "esto nos sumará 20 puntos adicionales" (the file's `pair_bonus`)."""
    return int(setup.rules.data["envido"]["pair_bonus"])


def piezas(setup: Setup) -> list[int]:
    """URU-5: the piezas' envido points, strongest first (none without a muestra)."""
    r = setup.rules
    return [int(p["envido"]) for p in r.data["muestra"]["piezas"]] if r.has("muestra") else []


def _max(*xs: z3.ArithRef) -> z3.ArithRef:
    out = xs[0]
    for x in xs[1:]:
        out = z3.If(x > out, x, out)
    return out


class EnvidoModel:
    def __init__(self, setup: Setup, without_pair: str | None = None) -> None:
        self.setup = setup
        self.without_pair = without_pair or setup.reading("envido-without-pair")  # AMB-21
        self.three_suit = setup.reading("envido-three-suit") or "two-highest"  # AMB-38
        self.bonus = bonus(setup)

    def _pieza_points(self, h: Hand) -> list[z3.ArithRef]:
        """URU-5: each card's pieza points, or -1 for a card that is not a pieza."""
        if h.muestra is None or not self.setup.has("muestra"):
            return []
        out = []
        for r, s in h.cards:
            k = pieza_index(self.setup.rules, r, s, h.muestra)
            p: z3.ArithRef = z3.IntVal(-1)
            for i, v in enumerate(piezas(self.setup)):
                p = z3.If(k == i, v, p)
            out.append(p)
        return out

    def _with_piezas(self, h: Hand, plain: z3.ArithRef, others: int) -> z3.ArithRef:
        """URU-5 (others=1: the best other card) / URU-6 (others=2: both other cards): the highest
        pieza plus the other cards, another pieza counting its last digit."""
        pp = self._pieza_points(h)
        if not pp:
            return plain
        vals = [card_value(self.setup, r) for r, _ in h.cards]
        other = [z3.If(pp[i] >= 0, pp[i] % 10, vals[i]) for i in range(3)]
        best = []
        for i in range(3):
            rest = [other[j] for j in range(3) if j != i]
            add = _max(*rest) if others == 1 else rest[0] + rest[1]
            best.append(z3.If(pp[i] >= 0, pp[i] + add, -1))
        top = _max(*best)
        return z3.If(top >= 0, top, plain)

    def points(self, h: Hand) -> z3.ArithRef:
        """ENV-2 / ENV-4: the bonus plus the two best values of a suit held twice or more (AMB-38
        all-three: the three of a suit held three times); AMB-21 otherwise; URU-5 with a pieza."""
        vals = [card_value(self.setup, r) for r, _ in h.cards]
        suits = [s for _, s in h.cards]
        pairs = [z3.If(suits[i] == suits[j], self.bonus + vals[i] + vals[j], -1)
                 for i, j in ((0, 1), (0, 2), (1, 2))]
        pair = _max(*pairs)
        if self.three_suit == "all-three":
            pair = z3.If(h.has_flor(), self.bonus + vals[0] + vals[1] + vals[2], pair)
        alone = _max(*vals) if self.without_pair == "highest-card" else vals[0] + vals[1] + vals[2]
        return self._with_piezas(h, z3.If(h.has_pair(), pair, alone), 1)

    def flor_points(self, h: Hand) -> z3.ArithRef:
        """AMB-24 (starter-side): a flor counts the bonus plus the envido values of its three cards;
        URU-6 with a pieza."""
        plain = self.bonus + sum((card_value(self.setup, r) for r, _ in h.cards), z3.IntVal(0))
        return self._with_piezas(h, plain, 2)


class ThreeCardEnvido(EnvidoModel):
    """Control: a suit held three times adds all three values to the bonus."""

    def points(self, h: Hand) -> z3.ArithRef:
        vals = [card_value(self.setup, r) for r, _ in h.cards]
        three = self.bonus + vals[0] + vals[1] + vals[2]
        return z3.If(h.has_flor(), self._with_piezas(h, three, 1), super().points(h))


class FiguresAtFaceValue(EnvidoModel):
    """Control: the flor counts its cards at their rank's position in the deck plus one (the
    figures, worth 0 by ENV-7, count 8, 9 and 10 in a Spanish deck)."""

    def flor_points(self, h: Hand) -> z3.ArithRef:
        plain = self.bonus + sum((r + 1 for r, _ in h.cards), z3.IntVal(0))
        return self._with_piezas(h, plain, 2)


def falta(s0: z3.ArithRef, s1: z3.ArithRef, winner: z3.ArithRef, target: int, reading: str,
          halves: int | None = None, halves_reading: str | None = None) -> z3.ArithRef:
    """ENV-6 / FLR-6 / ARG-6, AMB-22: the points the leader (`leader-lacks`), the contest's winner
    (`winner-lacks`) or the trailing side (`trailer-lacks`) still needs to reach the target;
    AMB-30 `to-buenas`: where the partida has halves and that score is in the malas, to reach the
    buenas."""
    if reading == "winner-lacks":
        counted = z3.If(winner == 0, s0, s1)
    elif reading == "trailer-lacks":
        counted = z3.If(s0 < s1, s0, s1)
    else:
        counted = _max(s0, s1)
    if halves is None or halves_reading != "to-buenas":
        return target - counted
    return z3.If(counted < halves, halves - counted, target - counted)


def falta_of_trailer(s0: z3.ArithRef, s1: z3.ArithRef, winner: z3.ArithRef, target: int, reading: str,
                     halves: int | None = None, halves_reading: str | None = None) -> z3.ArithRef:
    """Control: the falta counted from the trailing side's score."""
    trailing = z3.If(s0 < s1, s0, s1)
    if halves is None or halves_reading != "to-buenas":
        return target - trailing
    return z3.If(trailing < halves, halves - trailing, target - trailing)


def falta_args(setup: Setup) -> tuple[int, str, int | None, str | None]:
    """The target, the AMB-22 reading, the halves and the AMB-30 reading of a setup."""
    m = setup.rules.data["match"]
    h = m.get("halves")
    return (int(m["target"]), setup.reading("falta-points") or "leader-lacks",
            None if h is None else int(h), setup.reading("falta-halves"))
