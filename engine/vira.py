"""The vira (PAU-2, PAU-3, PAU-4): a card turned up after the deal whose next rank makes the
manilhas of that hand.

The rank after the vira's, in the file's rank order (`deck.ranks`, lowest first) and wrapping from
the last rank to the first, is the manilha rank (PAU-3); its four cards rank above every group of
the file, in the suit order the file's `vira.suits` lists, strongest first (PAU-4). Every other
card keeps the strength of its group. Ranks with no card in play are skipped.
"""

from __future__ import annotations


def manilha_rank(ranks: int, in_play: frozenset[int], suits: int, vira_rank: int) -> int:
    """PAU-3: the rank index after `vira_rank` (wrapping) that has a card in play."""
    for step in range(1, ranks + 1):
        rank = (vira_rank + step) % ranks
        if any(rank * suits + s in in_play for s in range(suits)):
            return rank
    return vira_rank


def vira_strength(strength: tuple[int, ...], groups: int, ranks: int, suits: int,
                  in_play: frozenset[int], order: tuple[int, ...], vira: int) -> tuple[int, ...]:
    """The strength table of a hand whose vira is card `vira` (PAU-3, PAU-4): the manilhas, the
    cards of the next rank, above every group, `order[0]`'s suit the strongest."""
    out = list(strength)
    rank = manilha_rank(ranks, in_play, suits, vira // suits)
    top = groups + len(order) - 1
    for i, suit in enumerate(order):  # PAU-4: zap, copas, espadilha, pica-fumo
        out[rank * suits + suit] = top - i
    return tuple(out)
