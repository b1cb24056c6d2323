"""The vira (PAU-2, PAU-3, PAU-4), as the spec reads the ruleset's `vira` section.

A card is turned up after the deal (carried as the hand's muestra card); the rank after its rank
in the file's rank order (`deck.ranks`, lowest first), wrapping from the last rank to the first,
is the manilha rank (PAU-3). The four manilhas rank above every strength group of the file, in
the suit order of `vira.suits`, strongest first (PAU-4); the other cards keep their group.

AMB-45 manilha-velha: the reading fixed-manilhas removes the section through the file's `sets`
(and gives fixed strength groups), so every function here is only asked where a vira is turned.

Dual-use like truco_rules.spec.rules.cards: plain ints give ints, solver terms give terms (the proofs).
"""

from __future__ import annotations

import functools

from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.symbolic import And, If, Val


@functools.cache  # per ruleset: read from its file once
def manilha_suits(rules: Rules) -> tuple[int, ...]:
    """PAU-4: the suit indices of the manilhas, strongest first."""
    suits = rules.deck.suits
    return tuple(suits.index(str(s)) for s in rules.data["vira"]["suits"])


@functools.cache
def _next_ranks(rules: Rules) -> tuple[int, ...]:
    """PAU-3: for each rank index, the next rank (wrapping) that has a card in play."""
    deck = rules.deck
    n = len(deck.ranks)
    held = [any(deck.ranks[r] + s in deck.in_play for s in deck.suits) for r in range(n)]
    out = []
    for r in range(n):
        nxt = next(((r + k) % n for k in range(1, n + 1) if held[(r + k) % n]), r)
        out.append(nxt)
    return tuple(out)


def manilha_rank(rules: Rules, vira_rank: Val) -> Val:
    """PAU-3: the manilha rank of a vira of rank `vira_rank` (dual-use)."""
    nxt = _next_ranks(rules)
    if type(vira_rank) is int:
        return nxt[vira_rank]
    result: Val = nxt[-1]
    for r in reversed(range(len(nxt) - 1)):
        result = If(vira_rank == r, nxt[r], result)
    return result


def manilha_index(rules: Rules, rank: Val, suit: Val, vira: tuple[Val, Val]) -> Val:
    """Which manilha a card is under this vira (0 = the strongest, the zap), or -1 (dual-use)."""
    target = manilha_rank(rules, vira[0])
    order = manilha_suits(rules)
    if type(rank) is int and type(suit) is int and type(target) is int:
        return order.index(suit) if rank == target and suit in order else -1
    result: Val = -1
    for k, s in reversed(list(enumerate(order))):
        result = If(And(rank == target, suit == s), k, result)
    return result


def manilha_strength(rules: Rules, k: Val, base: Val) -> Val:
    """The strength of a card that is manilha `k` (or `base` where k is -1): above every group."""
    top = len(rules.groups) + len(manilha_suits(rules))
    if type(k) is int:
        return top - k if k >= 0 else base
    return If(k >= 0, top - k, base)
