"""The situations a check drives an engine through, and the forbidden actions it tries on the way.

`situations_for(ruleset, readings)` reads the catalogue file of a ruleset under its default
readings (spec/data/situations), or generates the situations for readings chosen by the user and
for rulesets without a file (a ruleset file of one's own). `situation_probes` is the fixed choice of
forbidden actions tried at each step of a prefix: the generator and the checker make the same one,
so the clauses of the refusals are among a situation's `clauses`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from spec.rules.state import Hand, candidate_actions, legal_actions
from spec.situations.model import Situation, catalogue_path, load_situations

PROBES_PER_STEP = 1  # forbidden actions tried at each step of a prefix (a verb in turn)


def situations_for(ruleset: str, readings: Mapping[str, str] | None = None) -> list[Situation]:
    """The situations of a ruleset under `readings` (those that differ from its defaults)."""
    return list(_situations(ruleset, tuple(sorted((readings or {}).items()))))


@functools.lru_cache(maxsize=64)
def _situations(ruleset: str, readings: tuple[tuple[str, str], ...]) -> tuple[Situation, ...]:
    if not readings and catalogue_path(ruleset).exists():
        return tuple(load_situations(ruleset))
    from spec.situations.generate import generate  # the spec's search: only where no file has them

    return tuple(generate(ruleset, dict(readings)))


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
