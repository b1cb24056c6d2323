"""A ruleset's deck: card names, strength, suits and envido values, all by card index.

A card is an int, its position in the file's ranks x suits list (rank-major, the file's order).
Tables are tuples indexed by that int so the game never parses names while playing.

Strength comes from the file's ranked groups (the strength clauses): the weakest group is 0,
each stronger group one more, and the cards of one group are equal. Where the ruleset has a
muestra, each hand has its own table: the piezas of the muestra's suit rank above every group, in
the listed order, and the stand-in rank takes the place of a pieza that is the muestra (URU-3,
URU-4); `Deck.hand_cards` builds it once per muestra card. Where the ruleset has a vira instead,
the cards of the rank after the vira's are the manilhas of the hand, above every group in the
file's suit order (PAU-3, PAU-4; engine/vira.py); the hand's table is built the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from truco_rules.engine.vira import vira_strength

COVERED = -1  # COV-1 / AMB-6 worth-nothing: below every face-up card; two covered cards are equal
NOT_A_PIEZA = -1  # in a hand's pieza table: the card is no pieza


@dataclass(frozen=True)
class HandCards:
    """The tables of one hand with a muestra: strength and pieza points by card index."""

    strength: tuple[int, ...]
    pieza: tuple[int, ...]  # a pieza's own envido points (URU-5), else NOT_A_PIEZA


@dataclass(frozen=True)
class Deck:
    """One ruleset's cards. `cards` lists the indices in play (the file may exclude some)."""

    names: tuple[str, ...]
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    cards: tuple[int, ...]
    strength: tuple[int, ...]  # CARD-1, CARD-2, CARD-3, CARD-4, CARD-5: by index, 0 = the weakest group
    groups: int  # how many strength groups
    suit: tuple[int, ...]
    envido: tuple[int, ...]  # ENV-7: each card's envido value (0 where the ruleset has no envido)
    pair_bonus: int  # ENV-2: added for two cards of one suit
    members: frozenset[int]
    piezas: tuple[tuple[int, int], ...] = ()  # (rank index, envido points), strongest first
    stand_in: int | None = None  # rank index of the stand-in (URU-4)
    vira_suits: tuple[int, ...] = ()  # PAU-4: the manilhas' suits, strongest first, where a vira is turned
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _hands: dict[int, HandCards] = field(default_factory=dict, init=False, compare=False, repr=False)
    # URU-2, PAU-2: a card is turned up where the deck has piezas or a vira (the game carries it as
    # the hand's muestra). A field, not a property: every hand dealt asks (set again by
    # dataclasses.replace too).
    has_muestra: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_muestra", bool(self.piezas) or bool(self.vira_suits))

    @property
    def turned(self) -> str:
        """What the card turned up is called, by the ruleset file's section that declares it: the
        vira (PAU-2) where its suits name the manilhas, else the muestra (URU-2)."""
        return "vira" if self.vira_suits else "muestra"

    def index(self, name: str) -> int | None:
        """The card index of `name` if it is in this deck, else None."""
        i = self._index.get(name) if isinstance(name, str) else None
        return i if i is not None and i in self.members else None

    def card(self, rank: int, suit: int) -> int:
        return rank * len(self.suits) + suit

    def hand_cards(self, muestra: int) -> HandCards:
        """The strength and pieza tables of a hand whose muestra is card `muestra`."""
        found = self._hands.get(muestra)
        if found is not None:
            return found
        pieza = [NOT_A_PIEZA] * len(self.names)
        if self.vira_suits:  # PAU-3, PAU-4: the manilhas of this vira
            found = self._hands[muestra] = HandCards(
                vira_strength(self.strength, self.groups, len(self.ranks), len(self.suits), self.members,
                              self.vira_suits, muestra), tuple(pieza))
            return found
        suit = self.suit[muestra]
        strength = list(self.strength)
        top = self.groups + len(self.piezas) - 1  # URU-3: the piezas rank above every group
        for i, (rank, points) in enumerate(self.piezas):
            card = self.card(rank, suit)
            if card == muestra:  # URU-4: the stand-in takes the place of the pieza turned up
                if self.stand_in is None:
                    continue
                card = self.card(self.stand_in, suit)
            strength[card] = top - i
            pieza[card] = points
        found = self._hands[muestra] = HandCards(tuple(strength), tuple(pieza))
        return found

    def strengths(self, muestra: str | None = None) -> tuple[int, ...]:
        """The strength table of a hand with this muestra (by name), or the deck's own."""
        m = self.index(muestra) if muestra is not None else None
        return self.strength if m is None or not self.has_muestra else self.hand_cards(m).strength


def make_deck(ranks: tuple[str, ...], suits: tuple[str, ...], exclude: frozenset[str],
              groups: list[list[str]], envido: dict[str, int], pair_bonus: int,
              piezas: tuple[tuple[str, int], ...] = (), stand_in: str | None = None,
              vira_suits: tuple[str, ...] = ()) -> Deck:
    """Build a deck from a ruleset's fields (already checked: every card in exactly one group)."""
    names = tuple(r + s for r in ranks for s in suits)
    index = {n: i for i, n in enumerate(names)}
    group_of = {card: len(groups) - 1 - g for g, cards in enumerate(groups) for card in cards}
    cards = tuple(i for i, n in enumerate(names) if n not in exclude)
    return Deck(
        names=names,
        ranks=ranks,
        suits=suits,
        cards=cards,
        strength=tuple(group_of.get(n, -1) for n in names),
        groups=len(groups),
        suit=tuple(i % len(suits) for i in range(len(names))),
        envido=tuple(envido.get(r, 0) for r in ranks for _ in suits),
        pair_bonus=pair_bonus,
        members=frozenset(cards),
        piezas=tuple((ranks.index(r), p) for r, p in piezas),
        stand_in=ranks.index(stand_in) if stand_in is not None else None,
        vira_suits=tuple(suits.index(s) for s in vira_suits),
        _index=index,
    )
