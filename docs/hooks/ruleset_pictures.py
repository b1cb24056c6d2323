"""The one place the site reads a ruleset's card order and truco ladder from, for its pictures.

`ruleset_pictures_data(ruleset)` returns the card order as groups of card names (strongest group
first; cards in one group are equal) and the ladder as steps (the starting value, then each call
with its names and what the calling side scores when the call is refused), both read from the
ruleset's file (spec/data/rulesets/NAME.yaml) as its default readings resolve it. The drawing code
(site_pictures.py) never looks anywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from spec.rules.ruleset import Rules


@dataclass(frozen=True)
class LadderStep:
    value: int  # what the hand is worth once this step is reached
    names: Mapping[str, str] = field(default_factory=dict)  # the call's name by language; {} for the start
    refusal_payout: int | None = None  # the calling side's points if the call is refused; None: the start


def ruleset_pictures_data(ruleset: str) -> tuple[list[list[str]], list[LadderStep]]:
    """(groups of card names, strongest first; ladder steps, the starting value first) of a ruleset.

    A ruleset with a muestra draws its fixed order (the piezas change with the card turned up)."""
    rules = Rules.of(ruleset)
    in_play = rules.deck.in_play
    groups = [[c for c in group if c in in_play] for group in rules.data["strength"]["groups"]]
    truco = rules.data["truco"]
    steps = [LadderStep(int(truco["opening"]["value"]))]
    steps += [LadderStep(int(c["value"]), {k: v[:1].upper() + v[1:] for k, v in c["name"].items()},
                         int(c["refused"])) for c in truco["calls"]]
    return [g for g in groups if g], steps
