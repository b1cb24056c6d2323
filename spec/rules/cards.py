"""The deck and the strength of the cards (DECK-1, DECK-2, CARD-1..5, COV-1).

Finite encoding, shared with the solver model: a card is (rank, suit), two small ints.
- Mineiro: rank = index in MINEIRO_RANKS (0 = '4' .. 9 = '3'), suit = index in MINEIRO_SUITS.
- Gauderio: rank = the face value (1..7, 10..12), suit = index in GAUDERIO_SUITS.
Strength: a larger int is a stronger card, equal ints are equal cards; COVERED (0) is below all.
"""

from __future__ import annotations

import functools
import re

from spec.rules.symbolic import And, If, Val

# CARD-1: "Orden de las cartas (de menor a mayor): 4, 5, 6, 7, Q, J, K, A, 2, 3."
MINEIRO_RANKS: tuple[str, ...] = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
MINEIRO_SUITS: tuple[str, ...] = ("C", "H", "S", "D")  # clubs, hearts, spades, diamonds
GAUDERIO_RANKS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
GAUDERIO_SUITS: tuple[str, ...] = ("e", "b", "o", "c")  # espadas, bastos, oros, copas

COVERED = 0  # COV-1: "Carta cubierta ... que no vale nada": below every face-up card

Card = tuple[int, int]  # (rank, suit) in the encoding above

_MINEIRO_RE = re.compile(r"^([4567QJKA23])([CHSD])$")
_GAUDERIO_RE = re.compile(r"^(1[0-2]|[1-7])([eboc])$")


@functools.lru_cache(maxsize=8)
def deck(variant: str, deck_reading: str | None = None) -> tuple[str, ...]:
    """The card names of the deck, in a fixed order.

    DECK-1: "una baraja, el comodín y las cartas 8, 9, y 10 no se utilizan" (Mineiro, forty cards).
    AMB-13 `deck`: `spanish-without-tens` drops the Qs (36 cards).
    DECK-2: "Una baraja espaola de 40 cartas, siendo que las cartas 8 y 9 no son utilizadas."
    """
    if variant == "mineiro":
        ranks = MINEIRO_RANKS
        if deck_reading == "spanish-without-tens":
            ranks = tuple(r for r in ranks if r != "Q")
        return tuple(r + s for r in ranks for s in MINEIRO_SUITS)
    if variant == "gauderio":
        return tuple(f"{r}{s}" for r in GAUDERIO_RANKS for s in GAUDERIO_SUITS)
    raise ValueError(f"unknown variant {variant!r}")


@functools.lru_cache(maxsize=1024)
def parse_card(variant: str, name: str) -> Card | None:
    """(rank, suit) of a card name of `variant`, or None if the text names no card of it."""
    if variant == "mineiro":
        m = _MINEIRO_RE.match(name)
        return (MINEIRO_RANKS.index(m[1]), MINEIRO_SUITS.index(m[2])) if m else None
    m = _GAUDERIO_RE.match(name)
    return (int(m[1]), GAUDERIO_SUITS.index(m[2])) if m else None


def mineiro_strength(rank: Val, suit: Val) -> Val:
    """Strength 1..14 of a face-up Mineiro card (dual-use).

    CARD-2: "4 de Tréboles / 7 de Copas / As de Espadas / 7 de Oros" (strongest first): 14..11.
    CARD-3: manilhas are above every common card, the 3s included.
    CARD-1 and CARD-4: common cards rank 4 < ... < 3 (1..10), "non dipende dall'abito".
    """
    common = rank + 1
    return If(And(rank == 0, suit == 0), 14,  # 4C, zap
           If(And(rank == 3, suit == 1), 13,  # 7H, copas
           If(And(rank == 7, suit == 2), 12,  # AS, espadilha
           If(And(rank == 3, suit == 3), 11,  # 7D, pica-fumo
              common))))


def gauderio_strength(rank: Val, suit: Val) -> Val:
    """Strength 1..14 of a Gauderio card (dual-use).

    CARD-5: "1 de espadas, 1 de bastos, 7 de espadas, 7 de oros, Todos los 3, Todos los 2, 1 de copas
    y 1 de oros, Todos los 12 ..., Todos los 11 ..., Todos los 10 ..., 7 de bastos y 7 de copas,
    Todos los 6, Todos los 5, Todos los 4" (highest first); cards of one group are equal.
    """
    return If(And(rank == 1, suit == 0), 14,  # 1e
           If(And(rank == 1, suit == 1), 13,  # 1b
           If(And(rank == 7, suit == 0), 12,  # 7e
           If(And(rank == 7, suit == 2), 11,  # 7o
           If(rank == 3, 10,
           If(rank == 2, 9,
           If(rank == 1, 8,  # 1o = 1c
           If(rank == 12, 7,
           If(rank == 11, 6,
           If(rank == 10, 5,
           If(rank == 7, 4,  # 7b = 7c
              rank - 3)))))))))))  # 6, 5, 4 -> 3, 2, 1


def strength(variant: str, rank: Val, suit: Val) -> Val:
    """Strength of a face-up card of `variant`."""
    if type(rank) is int and type(suit) is int:
        return _concrete_strength(variant, rank, suit)
    if variant == "mineiro":
        return mineiro_strength(rank, suit)
    return gauderio_strength(rank, suit)


@functools.lru_cache(maxsize=256)
def _concrete_strength(variant: str, rank: int, suit: int) -> int:
    """The same rule on plain ints, remembered: a replay asks for each card many times."""
    if variant == "mineiro":
        return int(mineiro_strength(rank, suit))
    return int(gauderio_strength(rank, suit))


@functools.lru_cache(maxsize=1024)  # pure, over a few dozen names: the monitor asks per card played
def card_strength(variant: str, name: str, covered: bool = False) -> int:
    """Strength of a named card as played; a covered card is COVERED (COV-1, AMB-6 worth-nothing)."""
    if covered:
        return COVERED
    card = parse_card(variant, name)
    if card is None:
        raise ValueError(f"not a {variant} card: {name!r}")
    return strength(variant, *card)
