"""The deals of a match (DEAL-1, URU-2): one generator per match, seeded once, each hand's cards
drawn after the previous hand's.

The deal of hand k is a pure function of the match's deal seed and k (and of the deck and the
number of cards dealt): the k-th draw of a generator seeded with that seed. Deals are kept as
they are drawn, so undo, replay and copies of a game never draw again; copies share them, which
is safe because the sequence is fixed by the seed.
"""

from __future__ import annotations

import random

# The bits drawn for an index below m = last + 1 (as random.Random._randbelow draws), by last: a
# table look-up, not a bit_length() call per card.
_BITS = tuple((last + 1).bit_length() for last in range(256))


def generator_seed(deal_seed: int) -> int:
    """The generator's seed: random.Random seeds with the absolute value of an int, so negative
    deal seeds are mapped to odd numbers to keep every deal seed's deals its own."""
    return 2 * deal_seed if deal_seed >= 0 else -2 * deal_seed - 1


class Deals:
    """The deals drawn so far for one deal seed, by hand number."""

    __slots__ = ("_generator", "drawn")

    def __init__(self, deal_seed: int) -> None:
        self._generator = random.Random(generator_seed(deal_seed))
        self.drawn: list[list[int]] = []

    def hand(self, k: int, cards: tuple[int, ...], count: int) -> list[int]:
        """The `count` cards of hand `k` (1-based), drawn from `cards`. Every hand before it is
        drawn first (a stacked hand still takes its turn), so hand k's cards never depend on which
        hands were stacked."""
        drawn = self.drawn
        while len(drawn) < k:
            drawn.append(self._draw(cards, count))
        return drawn[k - 1]

    def _draw(self, cards: tuple[int, ...], count: int) -> list[int]:
        """`count` cards drawn from `cards`: exactly what random.Random.sample(cards, count) draws
        from the same generator for 6 to 21 cards from a deck of up to 85 (there, a partial
        shuffle of a pool, each index unbiased by rejection), written out so that a deal costs a
        few calls rather than dozens."""
        bits_of = self._generator.getrandbits
        pool = list(cards)
        n = len(pool)
        assert n <= len(_BITS), "a deck of at most 256 cards"
        out = []
        for last in range(n - 1, n - 1 - count, -1):  # the pool's last index: last + 1 cards left
            bits = _BITS[last]
            j = bits_of(bits)
            while j > last:
                j = bits_of(bits)
            out.append(pool[j])
            pool[j] = pool[last]
        return out
