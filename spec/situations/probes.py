"""The forbidden actions a check tries at each step of a situation's prefix: a fixed choice, which
the generator and the checker make alike, so that the clauses of the refusals are among a
situation's `clauses`.
"""

from __future__ import annotations

from truco_rules.spec.rules.state import Hand, candidate_actions, legal_actions

PROBES_PER_STEP = 1  # forbidden actions tried at each step of a prefix (a verb in turn)


def situation_probes(hand: Hand, step: int) -> list[str]:
    """The forbidden actions tried before step `step` of a prefix: the spec's candidate actions that
    are not legal now, grouped by verb, the verbs taken in turn from one step to the next."""
    legal = legal_actions(hand)
    by_verb: dict[str, str] = {}
    for text in sorted(set(candidate_actions(hand)) - legal):
        by_verb.setdefault(text.split(" ", 1)[0], text)
    # the truco call first (at a hand's first step it is the one most often barred: TEN-3, IRN-3)
    verbs = sorted(by_verb, key=lambda v: (v != "raise", v))
    if not verbs:
        return []
    return [by_verb[verbs[(step + i) % len(verbs)]] for i in range(min(PROBES_PER_STEP, len(verbs)))]
