"""Who plays whom: round robin by the circle method, and Swiss rounds by points.

A pairing plays `pairs` mirrored pairs of matches: both matches of a pair deal the same cards (one
seed), with the bots in swapped seats, so that neither keeps the better cards. Every match has a
stable id (`r03-alpha-beta-2b`: round, the two bots, pair and leg), and its seed derives from the
tournament's seed and that id only: the schedule, and so every match, is the same in every run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Scheduled:
    """One match to play: its id, round, the bots of side 0 and side 1, and the deals' seed."""

    id: str
    round: int
    sides: tuple[str, str]
    seed: int


def seed_of(tournament_seed: int, key: str) -> int:
    digest = hashlib.sha256(f"{tournament_seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


def round_robin_rounds(bots: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every bot meets every other once: n-1 rounds (n with an odd count, one bot sitting out a
    round); seats alternate, so that no bot always sits first."""
    players: list[str | None] = list(bots)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds = []
    first: dict[str, int] = {}
    for _ in range(n - 1):
        pairings = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is not None and b is not None:  # first, the bot that sat first less often
                pair = (a, b) if first.get(a, 0) <= first.get(b, 0) else (b, a)
                first[pair[0]] = first.get(pair[0], 0) + 1
                pairings.append(pair)
        rounds.append(pairings)
        players = [players[0], players[-1], *players[1:-1]]  # the circle turns, the first stays
    return rounds


def swiss_round(bots: Sequence[str], points: dict[str, float], met: set[frozenset[str]],
                byes: set[str]) -> tuple[list[tuple[str, str]], str | None]:
    """The next Swiss round: bots ordered by points (then by their order in the file) meet the next
    one down they have not met yet; with an odd count, the lowest bot that has had no bye sits out."""
    order = sorted(bots, key=lambda b: (-points.get(b, 0.0), bots.index(b)))
    bye = None
    if len(order) % 2:
        bye = next((b for b in reversed(order) if b not in byes), order[-1])
        order.remove(bye)
    pairings = _pair(order, met)
    if pairings is None:  # everyone has met everyone they could: rematches, in order
        pairings = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    return pairings, bye


def _pair(order: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for k, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:k] + rest[k + 1:], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def matches_of(round_number: int, pairings: Sequence[tuple[str, str]], pairs: int,
               tournament_seed: int) -> list[Scheduled]:
    """The matches of one round: per pairing, `pairs` mirrored pairs (leg a as paired, leg b swapped)."""
    out = []
    for a, b in pairings:
        for k in range(1, pairs + 1):
            key = f"r{round_number:02d}-{a}-{b}-{k}"
            seed = seed_of(tournament_seed, key)
            out.append(Scheduled(key + "a", round_number, (a, b), seed))
            out.append(Scheduled(key + "b", round_number, (b, a), seed))
    return out
