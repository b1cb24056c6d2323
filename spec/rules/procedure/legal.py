"""The legal actions of the seat to act: every candidate text that passes its check."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from truco_rules.spec.rules.actions import Action, parse_action
from truco_rules.spec.rules.envido import calls_of
from truco_rules.spec.rules.procedure import dispatch
from truco_rules.spec.rules.procedure.parts import Check, Illegal
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.senas import SIGNS, signs_of

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def candidate_actions(hand: Hand) -> list[str]:
    """Every action text that could make sense for the to-act seat (a superset of the legal ones)."""
    seat = hand.to_act()
    if seat is None:
        return []
    return _texts(hand.rules, hand.deal[seat])


def legal_actions(hand: Hand) -> set[str]:
    """The action texts the rules allow the to-act seat right now (empty when the hand is over):
    the candidates that pass their verb's check.

    Hand.check would first refuse an action by another seat or after the end of the hand; here the
    seat is the one to act, so each candidate goes to its verb's check directly. Left out, as the
    checks would refuse them: verbs whose check cannot pass in the hand's phase (dispatch.PHASES),
    cards already played (RND-1), and the candidates the ruleset's data rules out first thing
    (`_candidates`)."""
    seat = hand.to_act()
    if seat is None:
        return set()
    used = hand.used[seat]
    legal = set()
    for text, action, slot, check in _candidates(hand.rules, tuple(hand.deal[seat]), hand.phase, hand.blind):
        if slot in used:
            continue
        try:
            check(hand, seat, action)
        except Illegal:
            continue
        legal.add(text)
    return legal


_FLOR_VERBS = frozenset({"flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto"})


def of_ruleset(rules: Rules, action: Action) -> bool:
    """Whether the ruleset's data has the action at all, in any position: señas it has (SEN-1),
    envido calls it has (ENV-1), flor where it has flor (FLR-1), the mazo where it has the mazo
    (ARG-9, URU-10), covering where it is allowed (COV-1, AMB-7 covering). An action it has not is
    no action of this game: an engine may offer it as one of its own (the protocol's extra actions)."""
    verb = action.verb
    if verb == "sign":
        return action.sign in signs_of(rules)
    if verb in ("envido", "real-envido", "falta-envido"):
        return rules.has("envido") and verb in calls_of(rules)
    if verb in _FLOR_VERBS:
        return rules.has("flor")
    if verb == "mazo":
        return rules.has("mazo")
    if verb == "cover":
        return rules.reading("covering") == "allowed"
    return True


@functools.lru_cache(maxsize=4096)  # a ruleset, a seat's three cards, a phase, blind or not
def _candidates(rules: Rules, cards: tuple[str, ...], phase: str, blind: bool
                ) -> tuple[tuple[str, Action, int, Check], ...]:
    """The candidate texts worth checking for a seat holding `cards` in `phase`: each with its
    action, the slot it plays (-1: none) and its verb's check. The ruleset's data rules out,
    as the checks do first thing: señas it has not (SEN-1), envido calls it has not (ENV-1), flor
    where it has none (FLR-1), the mazo where it has none (ARG-9, URU-10), a card named in the
    blind iron hand or by slot outside it (IRN-2), and covering where it is not allowed (COV-1,
    AMB-7 covering)."""
    out = []
    for text in _texts(rules, cards):
        action = parse_action(text)
        if action is None:  # not an action of the record format: Hand.check refuses it (RND-1)
            continue
        verb = action.verb
        if phase not in dispatch.PHASES[verb] or not of_ruleset(rules, action):
            continue
        slot = -1
        if verb in ("play", "cover"):
            if blind != (action.card is None):
                continue
            slot = cards.index(action.card) if action.card is not None else int(action.slot or 0) - 1
        out.append((text, action, slot, dispatch.check_of(verb)))
    return tuple(out)


def _texts(rules: Rules, cards: tuple[str, ...]) -> list[str]:
    """candidate_actions' texts for a seat holding `cards`."""
    texts = [
        "accept",
        "run",
        "ten-play",
        "ten-decline",
        "envido",
        "real-envido",
        "falta-envido",
        "flor",
        "flor-raise",
        "flor-pass",
        "contraflor",
        "contraflor-resto",
    ]
    if rules.has("mazo"):  # ARG-9, URU-10: only where the file has it (the others' probes unchanged)
        texts.append("mazo")
    texts += [f"sign {s}" for s in SIGNS]
    texts += [f"raise {v}" for v in rules.ladder[1:]]
    for verb in ("play", "cover"):
        texts += [f"{verb} #{k}" for k in (1, 2, 3)] + [f"{verb} {c}" for c in cards]
    return texts
