"""Envido and flor points of a three-card deal (ENV-2, ENV-4, ENV-7, AMB-21, AMB-24), with the
piezas of a muestra where the ruleset has one (URU-5, URU-6)."""

from __future__ import annotations

from collections.abc import Sequence

from truco_rules.engine.cards import NOT_A_PIEZA, Deck

LAST_DIGIT = 10  # URU-5, URU-6 (AMB-58 pieza-and-digits): a second pieza counts only its last digit


def envido_points(cards: tuple[int, ...], deck: Deck, sum_without_pair: bool,
                  pieza: Sequence[int] | None = None, all_three: bool = False) -> int:
    """ENV-2/ENV-4: the pair bonus + the two highest values of a suit held twice or more (three of
    one suit: all three under AMB-38 all-three); otherwise the highest value (AMB-21 highest-card)
    or the sum of the three (sum-of-cards).

    With piezas (URU-5): the highest pieza's points + the highest value among the other cards,
    another pieza counting only its last digit."""
    value = deck.envido
    if pieza is not None:
        held = [c for c in cards if pieza[c] != NOT_A_PIEZA]
        if held:
            best = max(held, key=pieza.__getitem__)
            others = [pieza[c] % LAST_DIGIT if pieza[c] != NOT_A_PIEZA else value[c]
                      for c in cards if c != best]
            return pieza[best] + max(others, default=0)
    suit = deck.suit
    if all_three and len(cards) == 3 and suit[cards[0]] == suit[cards[1]] == suit[cards[2]]:
        return deck.pair_bonus + value[cards[0]] + value[cards[1]] + value[cards[2]]  # AMB-38
    best_pair = -1
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            a, b = cards[i], cards[j]
            if suit[a] == suit[b]:
                best_pair = max(best_pair, deck.pair_bonus + value[a] + value[b])
    if best_pair >= 0:
        return best_pair
    values = [value[c] for c in cards]
    return sum(values) if sum_without_pair else max(values)


def flor_points(cards: tuple[int, ...], deck: Deck, pieza: Sequence[int] | None = None) -> int | None:
    """A flor's points, or None without flor. Three cards of one suit: the pair bonus + their
    envido values (AMB-24). With piezas (URU-6) a pieza and two cards of one suit, or two or three
    piezas, are a flor too: the highest pieza's points + the last digit of any other pieza + the
    envido values of the other cards."""
    suit = deck.suit
    if pieza is not None:
        held = sorted((c for c in cards if pieza[c] != NOT_A_PIEZA), key=pieza.__getitem__, reverse=True)
        if held:
            others = [c for c in cards if pieza[c] == NOT_A_PIEZA]
            if len(held) == 1 and suit[others[0]] != suit[others[1]]:
                return None
            return (pieza[held[0]] + sum(pieza[c] % LAST_DIGIT for c in held[1:])
                    + sum(deck.envido[c] for c in others))
    if len(cards) == 3 and suit[cards[0]] == suit[cards[1]] == suit[cards[2]]:
        return deck.pair_bonus + sum(deck.envido[c] for c in cards)
    return None


def is_ciego(cards: tuple[int, ...], strength: Sequence[int], below: int) -> bool:
    """SEN-1 / AMB-28: every card weaker than `below` (the strength of the file's `below` rank)."""
    return all(strength[c] < below for c in cards)
