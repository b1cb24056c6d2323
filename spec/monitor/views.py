"""Check a seat's observation against what the spec says that seat may see (spec.rules.visibility).

An observation is free-form JSON (each engine shapes its own), with cards written as in the record
format. The check reads every card name anywhere in it (keys and values, and words of texts such
as "play 7H"): a card the seat may not know is a leak under the clause that hides it; a card the
seat must see (its own cards in hand, the cards face up on the table) that appears nowhere is
missing. An observation speaks of the hand being played: a card of an earlier hand that is named
again would read as a card of this one.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from truco_rules.spec.rules.state import Hand
from truco_rules.spec.rules.visibility import Sight, played_cards, sights

# Whatever looks like a card name, as a whole word: a rank of one or two characters and a suit
# letter ("4C", "QS", "1e", "12c"); "1e" is not read inside "11e", nor "4C" inside "14C".
_CARDLIKE = re.compile(r"(?<![0-9A-Za-z#])([0-9QJKA]{1,2}[A-Za-z])(?![0-9A-Za-z])")


def cards_named(value: Any, cards: tuple[str, ...]) -> set[str]:
    """Which of `cards` a JSON value names anywhere (keys and values, words of texts included).

    One pass of one regular expression over the JSON text: an observation is read at every probe."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):  # values or keys that JSON cannot hold: read their text all the same
        text = repr(value)
    return set(_CARDLIKE.findall(text)).intersection(cards)


def view_problems(hand: Hand, seat: int, observation: Any,
                  played: dict[tuple[int, int], bool] | None = None,
                  seen: Counter[str] | None = None) -> list[tuple[Sight, str]]:
    """(the rule broken, what the observation does) for each card `seat`'s observation shows or
    hides wrongly. `seen`, when given, counts the clause of each card's sight once per clause."""
    named = cards_named(observation, tuple(c for cards in hand.deal for c in cards))
    found: list[tuple[Sight, str]] = []
    checked = sights(hand, seat, played_cards(hand) if played is None else played)
    if seen is not None:
        seen.update({s.clause for s in checked})
    for s in checked:
        if s.card in named and not s.visible:
            found.append((s, f"seat {seat}'s observation shows {s.card} (dealt to seat {s.owner})"))
        elif s.required and s.card not in named:
            found.append((s, f"seat {seat}'s observation does not show {s.card} (dealt to seat {s.owner})"))
    return found
