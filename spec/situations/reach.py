"""Reaching a situation's position from the start of a match, for engines that cannot set one.

An engine that takes stacked deals but no set scores and dealer is driven to the position by hands
played first: a breadth-first search in the spec over (scores, the starter of the next hand), where
each hand is a filler deal (or the same with the seats' cards turned round, so that either side can
win it by its cards) ended in one of a few quick ways: the truco called and run from by either side,
called and accepted or not called and played out, the hand of ten played or declined, an envido
refused. Points are never taken back within a partida, so the search keeps to the scores at or
below the goal. The first path to the situation's scores with its starter becomes a lead-in: its
deals and actions go before the situation's own. Where no path is found, the situation is not
reached.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from truco_rules.spec.rules.match import reached_target
from truco_rules.spec.rules.state import Rules
from truco_rules.spec.situations.model import Situation
from truco_rules.spec.situations.plans import SKIP, Dealer, Plan, Step, muestras, realise
from truco_rules.spec.situations.play import SpecRun

MAX_HANDS = 40  # hands a lead-in may take

State = tuple[int, int, int]  # side 0's points, side 1's points, the starter of the next hand
Lead = tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...]  # per lead-in hand: its deal, its actions


def _endings(rules: Rules) -> list[tuple[Step, ...]]:
    """The quick ways a lead-in hand ends: each a plan's steps, completed by `complete`."""
    ladder = rules.ladder
    out: list[tuple[Step, ...]] = [()]
    if len(ladder) > 1:
        call = f"raise {ladder[1]}"
        out += [(call, "run"), (call, "accept"), (_play_first, call, "run"), (_play_first, call, "accept")]
    out += [("ten-decline",), ("ten-play",)]
    if rules.has("envido"):
        out += [("envido", "run"), (_play_first, "envido", "run")]
    return out


def _play_first(run: SpecRun) -> str | None:
    """The first seat plays a card, so that the call that follows comes from the other side."""
    plays = [a for a in run.legal() if a.startswith("play ")]
    return plays[0] if plays else SKIP


def _deals(rules: Rules) -> list[dict[str, Any]]:
    deal = Dealer(rules, muestras(rules)[0]).deal({})
    assert deal is not None
    turned = dict(deal, hands=[*deal["hands"][1:], deal["hands"][0]])  # each seat the next one's cards
    return [deal, turned]


@functools.lru_cache(maxsize=256)
def _lead(ruleset: str, readings: tuple[tuple[str, str], ...], goal: State) -> Lead | None:
    rules = Rules.of(ruleset, dict(readings))
    n = rules.players
    start: State = (0, 0, 0)
    came: dict[State, tuple[State, Mapping[str, Any], tuple[str, ...]]] = {}
    depth = {start: 0}
    queue = deque([start])
    endings, deals = _endings(rules), _deals(rules)
    while queue and goal not in depth:
        state = queue.popleft()
        if depth[state] >= MAX_HANDS:
            continue
        s0, s1, starter = state
        for deal in deals:
            for steps in endings:
                plan = Plan("lead-in", "", "", (deal,), steps, (s0, s1), (starter - 1) % n)
                realised = realise(rules, plan, probes=False)
                if realised is None:
                    continue
                prefix, run = realised
                m = run.match
                if m.over or m.partida != 1 or any(reached_target(x, rules) for x in m.score):
                    continue
                nxt: State = (m.score[0], m.score[1], m.starter)
                if nxt in depth or nxt[0] > goal[0] or nxt[1] > goal[1]:
                    continue
                depth[nxt] = depth[state] + 1
                came[nxt] = (state, deal, tuple(prefix))
                queue.append(nxt)
    if goal not in depth:
        return None
    out: list[tuple[Mapping[str, Any], tuple[str, ...]]] = []
    state = goal
    while state != start:
        state, used, actions = came[state]
        out.append((used, actions))
    return tuple(reversed(out))


def lead_in(sit: Situation) -> Situation | None:
    """The situation reached from the start of the match, with its lead-in hands first; None where the
    search finds no way there."""
    rules = Rules.of(sit.ruleset, sit.readings)
    scores = sit.scores or (0, 0)
    starter = 0 if sit.dealer is None else (sit.dealer + 1) % rules.players
    lead = _lead(sit.ruleset, tuple(sorted(sit.readings.items())), (scores[0], scores[1], starter))
    if lead is None:
        return None
    prefix = tuple(a for _, actions in lead for a in actions) + sit.prefix
    deals = tuple(dict(d) for d, _ in lead) + tuple(sit.deals)
    return replace(sit, deals=deals, prefix=prefix, scores=None, dealer=None)
