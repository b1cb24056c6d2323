"""Card strength and round resolution (the ruleset's deck, strength and muestra clauses: DECK-1, DECK-2,
CARD-1, CARD-2, CARD-3, CARD-4, CARD-5, ARG-2, URU-2, URU-3, URU-4; COV-1, RND-2, RND-3, AMB-5, AMB-6,
AMB-13).

Encoding shared with spec.rules.cards and truco_rules.spec.rules.rounds: a card is (rank, suit), the indices
of its rank and suit in the ruleset file's `deck.ranks` and `deck.suits`; a strength is an int,
larger is stronger, COVERED = 0 below every card.

Two encodings. `strength` is the model: the spec's dual-use strength function (a number per card,
and per muestra where the ruleset has one). `above` is the file's order read as a relation, with
no numbers: earlier in the list of strength groups is higher, the cards of one group are equal,
and with a muestra its piezas, in the file's order, are above every group. The proofs show that
comparing strengths is exactly that relation, so the order is a strict weak order whose ties are
exactly the ones the file states; the controls break the model where the data gives the chance
(two groups swapped, a group split by suit).

A round is the strengths of the cards in the order played, from the leader; the seats alternate
between the sides (SET-2), so the side of the i-th card is (leader side + i) % 2.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup
from truco_rules.spec.rules import cards as spec_cards
from truco_rules.spec.rules.ruleset import Rules

COVERED = 0
TIE = 2


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

    def is_(self, rank: int, suit: int) -> z3.BoolRef:
        return z3.And(self.rank == rank, self.suit == suit)

    def same(self, other: Card) -> z3.BoolRef:
        return z3.And(self.rank == other.rank, self.suit == other.suit)


def card_name(setup: Setup, rank: int, suit: int) -> str:
    return setup.rules.deck.name((rank, suit))


def deck_cards(setup: Setup) -> list[tuple[int, int]]:
    """The cards in play as (rank, suit), in the deck's fixed order (the deck clause; AMB-13
    `deck` may leave cards out through the file)."""
    d = setup.rules.deck
    return [d.index[n] for n in d.cards]


def in_deck(setup: Setup, c: Card) -> z3.BoolRef:
    """The deck clause: a card of the file's ranks and suits, not one it leaves out."""
    d = setup.rules.deck
    out = [d.index[n] for n in d.names if n not in d.in_play]
    return z3.And(c.rank >= 0, c.rank < len(d.ranks), c.suit >= 0, c.suit < len(d.suits),
                  *[z3.Not(c.is_(r, s)) for r, s in out])


def top_strength(setup: Setup) -> int:
    """The strongest card's strength: one per group, and one per pieza where there is a muestra."""
    r = setup.rules
    piezas = len(r.data["muestra"]["piezas"]) if r.has("muestra") else 0
    return len(r.groups) + piezas


# --- the file's order as a relation ---------------------------------------------------------------

def group_index(rules: Rules, c: Card) -> z3.ArithRef:
    """The position of the card's group in the file's list (0: strongest), or -1."""
    out: z3.ArithRef = z3.IntVal(-1)
    for i, group in reversed(list(enumerate(rules.groups))):
        out = z3.If(z3.Or(*[c.is_(r, s) for r, s in group]), i, out)
    return out


def _position(setup: Setup, c: Card, muestra: Card | None) -> z3.ArithRef:
    """Where the card stands in the file's order, 0 first: the piezas of the muestra (URU-3,
    URU-4), then the groups (CARD-1, CARD-2, CARD-3, CARD-4, CARD-5, ARG-2)."""
    rules = setup.rules
    g = group_index(rules, c)
    if muestra is None:
        return g
    pieces = len(rules.data["muestra"]["piezas"])
    k = spec_cards.pieza_index(rules, c.rank, c.suit, (muestra.rank, muestra.suit))
    return z3.If(k >= 0, k, pieces + g)


def above(setup: Setup, a: Card, b: Card, muestra: Card | None = None) -> z3.BoolRef:
    """`a` beats `b` by the file's order (no strengths involved): earlier is higher."""
    return _position(setup, a, muestra) < _position(setup, b, muestra)


def stated_tie(setup: Setup, a: Card, b: Card, muestra: Card | None = None) -> z3.BoolRef:
    """The ties the file states: the same card, or two cards of one group (no pieza ties)."""
    return _position(setup, a, muestra) == _position(setup, b, muestra)


def muestra_of(setup: Setup) -> Card | None:
    return Card.fresh("muestra") if setup.has("muestra") else None


# --- the model ------------------------------------------------------------------------------------

class CardModel:
    """Strength of a face-up card (the spec's), and of a covered one; the subclasses break it on purpose."""

    def __init__(self, setup: Setup) -> None:
        self.rules = setup.rules

    def strength(self, c: Card, muestra: Card | None = None) -> z3.ArithRef:
        shown = None if muestra is None else (muestra.rank, muestra.suit)
        return spec_cards.strength(self.rules, c.rank, c.suit, shown)

    def covered(self) -> z3.ArithRef:
        return z3.IntVal(COVERED)  # COV-1 / AMB-6 worth-nothing: "que no vale nada"


SWAPPED = (1, 2)  # the groups SwappedGroups swaps: the second and the third


class SwappedGroups(CardModel):
    """Control: the second and the third strength groups swapped (Mineiro: 7H and AS)."""

    def strength(self, c: Card, muestra: Card | None = None) -> z3.ArithRef:
        base = super().strength(c, muestra)
        i, j = SWAPPED
        n = len(self.rules.groups)
        gi, gj = self.rules.groups[i], self.rules.groups[j]
        in_i = z3.Or(*[c.is_(r, s) for r, s in gi])
        in_j = z3.Or(*[c.is_(r, s) for r, s in gj])
        return z3.If(z3.And(in_i, base == n - i), n - j, z3.If(z3.And(in_j, base == n - j), n - i, base))


def split_group(rules: Rules) -> int:
    """The group the control splits: the first of more than one card."""
    return next(i for i, g in enumerate(rules.groups) if len(g) > 1)


class SplitGroup(CardModel):
    """Control: the cards of one group ordered by suit (the first card of the group above the rest),
    every strength spread to make room."""

    def strength(self, c: Card, muestra: Card | None = None) -> z3.ArithRef:
        base = super().strength(c, muestra)
        first = self.rules.groups[split_group(self.rules)][0]
        return 2 * base + z3.If(c.is_(*first), 1, 0)


class CoveredAsLowest(CardModel):
    """Control: a covered card counts as the lowest face-up card (it ties the weakest group)."""

    def covered(self) -> z3.ArithRef:
        return z3.IntVal(1)


# --- rounds ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Round:
    strengths: tuple[z3.ArithRef, ...]  # in the order played, from the leader
    leader_side: z3.ArithRef
    top_strength: int = 14  # the strongest card's strength (`top_strength` of the setup)

    @classmethod
    def fresh(cls, setup: Setup, tag: str = "") -> Round:
        return cls(tuple(z3.Int(f"s{i}{tag}") for i in range(setup.players)), z3.Int(f"leader_side{tag}"),
                   top_strength(setup))

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [*self.strengths, self.leader_side]

    def domain(self) -> z3.BoolRef:
        return z3.And(*[z3.And(s >= COVERED, s <= self.top_strength) for s in self.strengths],
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
