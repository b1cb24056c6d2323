"""Envido and flor points of a three-card deal (ENV-2, ENV-4, ENV-7, AMB-21, AMB-24)."""

from __future__ import annotations

from engine.cards import THREE_STRENGTH, Deck


def envido_points(cards: tuple[int, ...], deck: Deck, sum_without_pair: bool) -> int:
    """ENV-2/ENV-4: 20 + the two highest values of a suit held twice or more; otherwise the highest
    value (AMB-21 highest-card) or the sum of the three (sum-of-cards)."""
    value = deck.envido
    suit = deck.suit
    best = -1
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            a, b = cards[i], cards[j]
            if suit[a] == suit[b]:
                best = max(best, 20 + value[a] + value[b])
    if best >= 0:
        return best
    values = [value[c] for c in cards]
    return sum(values) if sum_without_pair else max(values)


def flor_points(cards: tuple[int, ...], deck: Deck) -> int | None:
    """A flor's points, 20 + the envido values of its three cards (AMB-24), or None without flor."""
    suit = deck.suit
    if len(cards) == 3 and suit[cards[0]] == suit[cards[1]] == suit[cards[2]]:
        return 20 + sum(deck.envido[c] for c in cards)
    return None


def is_ciego(cards: tuple[int, ...], deck: Deck) -> bool:
    """SEN-1 / AMB-28: no card at or above the 3s."""
    return all(deck.strength[c] < THREE_STRENGTH for c in cards)
