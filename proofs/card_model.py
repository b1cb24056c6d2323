"""Card strength and round resolution (DECK-1, DECK-2, CARD-1..5, COV-1, RND-2, RND-3, AMB-5, AMB-6,
AMB-13).

Encoding shared with spec.rules.cards and spec.rules.rounds: a card is (rank, suit), two ints
(Mineiro: rank = index in 4 5 6 7 Q J K A 2 3, suit = index in C H S D; Gauderio: rank = face value,
suit = index in e b o c); a strength is an int, larger is stronger, COVERED = 0 below every card.

Two encodings again. `strength` is the model: a number per card. `above` is the rulebooks' order
read as a relation, with no numbers: the manilhas in CARD-2's list order above every common card
(CARD-3), common cards by rank alone (CARD-1, CARD-4), Gauderio's groups in CARD-5's list order.
The proofs show that comparing strengths is exactly that relation, so the order is a strict weak
order whose ties are exactly the ones the rules state.

A round is the strengths of the cards in the order played, from the leader; the seats alternate
between the sides (SET-2), so the side of the i-th card is (leader side + i) % 2.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from proofs.setup import Setup

COVERED = 0
TIE = 2
MINEIRO_RANK_NAMES = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
MINEIRO_SUIT_NAMES = "CHSD"
GAUDERIO_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
GAUDERIO_SUIT_NAMES = "eboc"
Q_RANK = 4  # AMB-13 spanish-without-tens drops the Qs
# CARD-2: "4 de Tréboles / 7 de Copas / As de Espadas / 7 de Oros", strongest first.
MANILHAS = ((0, 0), (3, 1), (7, 2), (3, 3))
# CARD-5, highest first: a group is a list of (rank, suit or None for "all the suits").
GAUDERIO_GROUPS: tuple[tuple[tuple[int, int | None], ...], ...] = (
    ((1, 0),), ((1, 1),), ((7, 0),), ((7, 2),), ((3, None),), ((2, None),), ((1, 2), (1, 3)),
    ((12, None),), ((11, None),), ((10, None),), ((7, 1), (7, 3)), ((6, None),), ((5, None),),
    ((4, None),),
)


@dataclass(frozen=True)
class Card:
    rank: z3.ArithRef
    suit: z3.ArithRef

    @classmethod
    def fresh(cls, tag: str) -> Card:
        return cls(z3.Int(f"rank_{tag}"), z3.Int(f"suit_{tag}"))

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [self.rank, self.suit]

    def is_(self, rank: int, suit: int | None) -> z3.BoolRef:
        return self.rank == rank if suit is None else z3.And(self.rank == rank, self.suit == suit)


def card_name(variant: str, rank: int, suit: int) -> str:
    if variant == "mineiro":
        return MINEIRO_RANK_NAMES[rank] + MINEIRO_SUIT_NAMES[suit]
    return f"{rank}{GAUDERIO_SUIT_NAMES[suit]}"


def in_deck(setup: Setup, c: Card) -> z3.BoolRef:
    """DECK-1 / DECK-2; AMB-13 `deck`: `spanish-without-tens` has no Q."""
    suit = z3.And(c.suit >= 0, c.suit <= 3)
    if setup.variant == "gauderio":
        return z3.And(suit, z3.Or(*[c.rank == r for r in GAUDERIO_RANKS]))
    ranks = z3.And(c.rank >= 0, c.rank <= 9)
    if setup.reading("deck") == "spanish-without-tens":
        ranks = z3.And(ranks, c.rank != Q_RANK)
    return z3.And(suit, ranks)


def deck_cards(setup: Setup) -> list[tuple[int, int]]:
    """The deck as concrete (rank, suit) pairs, by the same rule as `in_deck`."""
    if setup.variant == "gauderio":
        return [(r, s) for r in GAUDERIO_RANKS for s in range(4)]
    skip = Q_RANK if setup.reading("deck") == "spanish-without-tens" else None
    return [(r, s) for r in range(10) if r != skip for s in range(4)]


# --- the rules as a relation ----------------------------------------------------------------------

def _manilha_index(c: Card) -> z3.ArithRef:
    out: z3.ArithRef = z3.IntVal(-1)
    for i, (r, s) in reversed(list(enumerate(MANILHAS))):
        out = z3.If(c.is_(r, s), i, out)
    return out


def _group_index(c: Card) -> z3.ArithRef:
    out: z3.ArithRef = z3.IntVal(-1)
    for i, group in reversed(list(enumerate(GAUDERIO_GROUPS))):
        out = z3.If(z3.Or(*[c.is_(r, s) for r, s in group]), i, out)
    return out


def above(setup: Setup, a: Card, b: Card) -> z3.BoolRef:
    """`a` beats `b` by the text of the rules (no strengths involved)."""
    if setup.variant == "gauderio":
        return _group_index(a) < _group_index(b)  # CARD-5: earlier in the list is higher
    ma, mb = _manilha_index(a), _manilha_index(b)
    return z3.If(ma >= 0, z3.Or(mb < 0, ma < mb),  # CARD-2, CARD-3
                 z3.And(mb < 0, a.rank > b.rank))  # CARD-1, CARD-4: commons by rank only


def stated_tie(setup: Setup, a: Card, b: Card) -> z3.BoolRef:
    """The ties the rules state: the same card, two commons of one rank (CARD-4), or one group of
    CARD-5."""
    same = z3.And(a.rank == b.rank, a.suit == b.suit)
    if setup.variant == "gauderio":
        return _group_index(a) == _group_index(b)
    return z3.Or(same, z3.And(_manilha_index(a) < 0, _manilha_index(b) < 0, a.rank == b.rank))


# --- the model ------------------------------------------------------------------------------------

class CardModel:
    """Strength of a face-up card, and of a covered one; the subclasses break it on purpose."""

    def __init__(self, setup: Setup) -> None:
        self.variant = setup.variant

    def common(self, c: Card) -> z3.ArithRef:
        return c.rank + 1  # CARD-1: 4 (1) .. 3 (10)

    def manilhas(self) -> tuple[tuple[int, int], ...]:
        return MANILHAS

    def strength(self, c: Card) -> z3.ArithRef:
        if self.variant == "gauderio":
            return self._gauderio(c)
        out = self.common(c)
        for i, (r, s) in reversed(list(enumerate(self.manilhas()))):
            out = z3.If(c.is_(r, s), 14 - i, out)  # CARD-2 / CARD-3: 14 .. 11
        return out

    def _gauderio(self, c: Card) -> z3.ArithRef:
        # CARD-5 by ranks: the single cards first, then whole ranks.
        singles = {(1, 0): 14, (1, 1): 13, (7, 0): 12, (7, 2): 11}
        by_rank = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
        out: z3.ArithRef = z3.IntVal(0)
        for r, v in by_rank.items():
            out = z3.If(c.rank == r, v, out)
        for (r, s), v in singles.items():
            out = z3.If(c.is_(r, s), v, out)
        return out

    def covered(self) -> z3.ArithRef:
        return z3.IntVal(COVERED)  # COV-1 / AMB-6 worth-nothing: "que no vale nada"


class SwappedManilhas(CardModel):
    """Control: the 7 of hearts and the ace of spades swapped (AS above 7H)."""

    def manilhas(self) -> tuple[tuple[int, int], ...]:
        return (MANILHAS[0], MANILHAS[2], MANILHAS[1], MANILHAS[3])


class SuitSensitiveCommons(CardModel):
    """Control: common cards of one rank ordered by suit (diamonds above the other suits)."""

    def strength(self, c: Card) -> z3.ArithRef:
        out = 2 * (c.rank + 1) + z3.If(c.suit == 3, 1, 0)
        for i, (r, s) in reversed(list(enumerate(self.manilhas()))):
            out = z3.If(c.is_(r, s), 30 - i, out)
        return out


class SplitGroup(CardModel):
    """Control: Gauderio's group "1 de copas y 1 de oros" split, the 1 of oros above."""

    def _gauderio(self, c: Card) -> z3.ArithRef:
        return z3.If(c.is_(1, 2), 8, z3.If(c.is_(1, 3), 7, z3.If(c.rank == 12, 6, z3.If(
            c.rank == 11, 5, z3.If(c.rank == 10, 4, z3.If(z3.Or(c.is_(7, 1), c.is_(7, 3)), 3, z3.If(
                c.rank == 6, 2, z3.If(c.rank == 5, 1, z3.If(c.rank == 4, 0, super()._gauderio(c))))))))))


class CoveredAsLowest(CardModel):
    """Control: a covered card counts as the lowest common card (it ties a 4)."""

    def covered(self) -> z3.ArithRef:
        return z3.IntVal(1)


# --- rounds ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Round:
    strengths: tuple[z3.ArithRef, ...]  # in the order played, from the leader
    leader_side: z3.ArithRef

    @classmethod
    def fresh(cls, players: int, tag: str = "") -> Round:
        return cls(tuple(z3.Int(f"s{i}{tag}") for i in range(players)), z3.Int(f"leader_side{tag}"))

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [*self.strengths, self.leader_side]

    def domain(self) -> z3.BoolRef:
        return z3.And(*[z3.And(s >= COVERED, s <= 14) for s in self.strengths],
                      z3.Or(self.leader_side == 0, self.leader_side == 1))

    def side(self, i: int) -> z3.ArithRef:
        return self.leader_side if i % 2 == 0 else 1 - self.leader_side

    def top(self) -> z3.ArithRef:
        out = self.strengths[0]
        for s in self.strengths[1:]:
            out = z3.If(s > out, s, out)
        return out

    def holds_top(self, k: int) -> z3.BoolRef:
        top = self.top()
        return z3.Or(*[z3.And(s == top, self.side(i) == k) for i, s in enumerate(self.strengths)])

    def top_count(self) -> z3.ArithRef:
        top = self.top()
        return sum((z3.If(s == top, 1, 0) for s in self.strengths), z3.IntVal(0))


class RoundModel:
    """The result of a complete round: 0 or 1 (the side that won it) or TIE."""

    def __init__(self, setup: Setup) -> None:
        self.partner_tie = setup.reading("partner-tie") or "pair-wins"

    def result(self, r: Round) -> z3.ArithRef:
        h0, h1 = r.holds_top(0), r.holds_top(1)
        # AMB-5: under `tie` two equal highest cards of one pair tie the round too.
        own_tie = r.top_count() >= 2 if self.partner_tie == "tie" else z3.BoolVal(False)
        return z3.If(z3.And(h0, h1), TIE, z3.If(own_tie, TIE, z3.If(h0, 0, 1)))


class FirstPlayedWins(RoundModel):
    """Control: equal highest cards of both sides go to the side that played one first."""

    def result(self, r: Round) -> z3.ArithRef:
        first: z3.ArithRef = r.side(len(r.strengths) - 1)
        top = r.top()
        for i in reversed(range(len(r.strengths))):
            first = z3.If(r.strengths[i] == top, r.side(i), first)
        own_tie = r.top_count() >= 2 if self.partner_tie == "tie" else z3.BoolVal(False)
        both = z3.And(r.holds_top(0), r.holds_top(1))
        return z3.If(both, first, z3.If(own_tie, TIE, z3.If(r.holds_top(0), 0, 1)))


class OtherPartnerTie(RoundModel):
    """Control: AMB-5 read the other way from the setup's reading."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.partner_tie = "tie" if self.partner_tie == "pair-wins" else "pair-wins"


def round_rules(setup: Setup, r: Round) -> list[tuple[str, z3.BoolRef, z3.ArithRef]]:
    """(clause, condition, result it names) of each clause on a complete round."""
    top_side = r.side(0)
    for i in range(1, len(r.strengths)):
        top_side = z3.If(r.strengths[i] == r.top(), r.side(i), top_side)
    out = [
        # RND-2: "El jugador que juegue la carta más alta vence la ronda" (one highest card).
        ("RND-2", r.top_count() == 1, top_side),
        # RND-3: the highest card matched by an equal card of the other side.
        ("RND-3", z3.And(r.holds_top(0), r.holds_top(1)), z3.IntVal(TIE)),
    ]
    if setup.players == 4:
        partners_only = z3.And(r.top_count() >= 2, z3.Xor(r.holds_top(0), r.holds_top(1)))
        pair = z3.If(r.holds_top(0), 0, 1)
        tie = setup.reading("partner-tie") == "tie"
        out.append(("AMB-5", partners_only, z3.IntVal(TIE) if tie else pair))
    return out


def round_allowed(setup: Setup, r: Round, o: z3.ArithRef) -> z3.BoolRef:
    rs = round_rules(setup, r)
    fires = z3.Or(*[c for _, c, _ in rs])
    return z3.And(fires, z3.Or(*[z3.And(c, o == v) for _, c, v in rs]))
