"""Plans: the intended actions of a situation, played in the spec, and the deals they start from.

A plan is a list of intended actions (or choices made on the spec's state); where the spec does not
allow one, the situation is left out (a raise in a hand where truco is barred...). After the plan,
the hand is played to its end by a fixed policy (`complete`). `Dealer` builds the deals: the cards
a plan names, and weak filler cards for every other slot, suits spread so that no seat holds a flor
it was not given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from truco_rules.spec.rules.cards import card_strength, deck
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.state import Hand, Rules
from truco_rules.spec.rules.visibility import sights
from truco_rules.spec.situations.play import SpecRun
from truco_rules.spec.situations.probes import situation_probes

Step = str | Callable[[SpecRun], str | None]  # an action, or a choice made on the run's state


SKIP = ""  # what a choice returns for a step the hand does not need


MAX_ACTIONS = 60  # a hand that has not ended after this many actions is a plan gone wrong


@dataclass(frozen=True)
class Plan:
    family: str
    detail: str
    about: str
    deals: tuple[Mapping[str, Any], ...]
    steps: tuple[Step, ...]
    scores: tuple[int, int] | None = None
    dealer: int | None = None
    hands: int = 1  # the stacked hands the plan plays


# --- playing a plan ----------------------------------------------------------------------------------
def complete(run: SpecRun) -> str:
    """The fixed policy that ends a hand after its plan: play the lowest card name that may be played,
    else sing a flor that must be sung, accept a contest, play the hand of ten, or the first action."""
    legal = run.legal()
    for prefix in ("play ", "flor", "accept", "ten-play"):
        for action in legal:
            if action.startswith(prefix):
                return action
    return legal[0]


def realise(rules: Rules, plan: Plan, probes: bool = True) -> tuple[list[str], SpecRun] | None:
    """The prefix the plan gives in the spec (plan steps, then `complete` to the end of its hands), or
    None when a step is not allowed. `probes`: count what the checker's probes exercise on the way."""
    run = SpecRun(rules, plan.deals, plan.scores, plan.dealer)
    prefix: list[str] = []

    def take(action: str) -> None:
        hand = run.hand
        assert hand is not None
        if probes:
            _probe(run, hand, len(prefix))
        run.apply(action)
        prefix.append(action)

    for step in plan.steps:
        if run.over:  # the hand ended before the plan did (a pattern of rounds decided early)
            break
        action = step(run) if callable(step) else step
        if action == SKIP:
            continue
        if action is None or action not in run.legal():
            return None
        take(action)
    while not run.over and len(prefix) < MAX_ACTIONS * plan.hands:
        take(complete(run))
    return (prefix, run) if run.over else None


def _probe(run: SpecRun, hand: Hand, step: int) -> None:
    """What the checker's probes before this step exercise (spec.situations.catalogue): the clause of
    each refusal, and the visibility clauses of the view check made at every probe."""
    probes = situation_probes(hand, step)
    seat = hand.to_act()
    assert seat is not None
    for text in probes:
        try:
            hand.check(seat, text)
        except Illegal as exc:
            run.probed[exc.clause] += 1
    if probes:
        for s in range(run.rules.players):
            run.probed.update({x.clause for x in sights(hand, s)})


# --- cards and deals ---------------------------------------------------------------------------------
def groups_under(rules: Rules, muestra: str | None) -> list[list[str]]:
    """The deck's cards by strength, strongest first, equal cards together (without the muestra)."""
    by: dict[int, list[str]] = {}
    for name in deck(rules):
        if name != muestra:
            by.setdefault(card_strength(rules, name, muestra=muestra), []).append(name)
    return [by[k] for k in sorted(by, reverse=True)]


def suit(name: str) -> str:
    return name[-1]


class Dealer:
    """Builds deals: the cards a plan names, and filler cards for every other slot, the weakest
    cards of the deck first, with the suits spread so that no seat holds a flor it was not given."""

    def __init__(self, rules: Rules, muestra: str | None = None) -> None:
        self.rules, self.muestra = rules, muestra
        self.groups = groups_under(rules, muestra)

    def deal(self, named: Mapping[int, Sequence[str]]) -> dict[str, Any] | None:
        n = self.rules.players
        used = {c for cards in named.values() for c in cards}
        if len(used) != sum(len(c) for c in named.values()):
            return None
        fill = [c for g in reversed(self.groups) for c in g if c not in used]
        hands: list[list[str]] = []
        for seat in range(n):
            cards = list(named.get(seat, ()))
            while len(cards) < 3:
                suits = Counter(suit(c) for c in cards)
                pick = next((c for c in fill if suits[suit(c)] < 2 - (len(cards) == 2)), None)
                pick = pick or (fill[0] if fill else None)
                if pick is None:
                    return None
                fill.remove(pick)
                cards.append(pick)
            hands.append(cards)
        return {"hands": hands, "muestra": self.muestra}


def muestras(rules: Rules) -> list[str | None]:
    """The muestras the card situations are played under: none where the ruleset turns up no card;
    else a plain one and one that is itself a pieza (its stand-in then takes its place: URU-4).
    Under a vira: one of the lowest rank, and one of the highest, whose manilhas wrap round to the
    lowest rank (PAU-3)."""
    if rules.has("vira"):
        cards = deck(rules)
        return [cards[0], cards[-1]]
    if not rules.has("muestra"):
        return [None]
    pieza_ranks = [str(p["rank"]) for p in rules.data["muestra"]["piezas"]]
    cards = deck(rules)
    plain = next(
        c
        for c in cards
        if c[:-1] not in pieza_ranks and c[:-1] != str(rules.data["muestra"].get("stand_in", ""))
    )
    pieza = next(c for c in cards if c[:-1] == pieza_ranks[0])
    return [plain, pieza]
