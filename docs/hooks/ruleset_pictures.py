"""The one place the site reads a ruleset's card order and truco ladder from, for its pictures.

`ruleset_pictures_data(ruleset)` returns the card order as groups of card names (strongest group
first; cards in one group are equal) and the ladder as steps (the starting value, then each call
with its names and what the calling side scores when the call is refused). Today it derives them
from the spec's functions (spec/rules/cards.py, spec/rules/ladder.py); when the rulesets become data
files, only this module changes. The drawing code (site_pictures.py) never looks anywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from spec.catalogue import load_catalogue
from spec.rules import cards, ladder


@dataclass(frozen=True)
class LadderStep:
    value: int  # what the hand is worth once this step is reached
    names: Mapping[str, str] = field(default_factory=dict)  # the call's name by language; {} for the start
    refusal_payout: int | None = None  # the calling side's points if the call is refused; None: the start


# The calls' names (BET-7, BET-9): what players shout, by ladder value.
_CALL_NAMES: dict[str, dict[int, dict[str, str]]] = {
    "mineiro": {
        4: {"es": "Truco", "en": "Truco", "it": "Truco", "pt": "Truco"},
        6: {"es": "Seis", "en": "Six", "it": "Sei", "pt": "Seis"},
        10: {"es": "Diez", "en": "Ten", "it": "Dieci", "pt": "Dez"},
        12: {"es": "Doce", "en": "Twelve", "it": "Dodici", "pt": "Doze"},
    },
    "gauderio": {
        2: {"es": "Truco", "en": "Truco", "it": "Truco", "pt": "Truco"},
        3: {"es": "Retruco", "en": "Retruco", "it": "Retruco", "pt": "Retruco"},
        4: {"es": "Vale cuatro", "en": "Vale cuatro", "it": "Vale cuatro", "pt": "Vale quatro"},
    },
}


def ruleset_pictures_data(ruleset: str) -> tuple[list[list[str]], list[LadderStep]]:
    """(groups of card names, strongest first; ladder steps, the starting value first) of a ruleset."""
    cat = load_catalogue()
    rs = cat.ruleset(ruleset)
    deck = cards.deck(rs.variant, cat.readings(ruleset).get("deck"))
    by_strength: dict[int, list[str]] = {}
    for name in deck:
        by_strength.setdefault(cards.card_strength(rs.variant, name), []).append(name)
    groups = [by_strength[s] for s in sorted(by_strength, reverse=True)]
    values = ladder.ladder(rs.variant)
    steps = [LadderStep(values[0])]
    steps += [LadderStep(v, _CALL_NAMES[rs.variant][v], int(ladder.run_payout(rs.variant, v)))
              for v in values[1:]]
    return groups, steps
