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
from typing import Any

from spec.rules.state import Hand
from spec.rules.visibility import Sight, played_cards, sights

_WORDS = re.compile(r"[^\s,;:()\[\]{}\"'/|=\\]+")


def words(value: Any) -> set[str]:
    """Every word of every text in a JSON value (keys included; numbers too, which name no card).

    One pass of a regular expression over the JSON text: an observation is read at every probe."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # keys that JSON cannot hold: read their text all the same
        text = repr(value)
    return set(_WORDS.findall(text))


def view_problems(hand: Hand, seat: int, observation: Any,
                  played: dict[tuple[int, int], bool] | None = None) -> list[tuple[Sight, str]]:
    """(the rule broken, what the observation does) for each card `seat`'s observation shows or
    hides wrongly."""
    named = words(observation)
    found: list[tuple[Sight, str]] = []
    for s in sights(hand, seat, played_cards(hand) if played is None else played):
        if s.card in named and not s.visible:
            found.append((s, f"seat {seat}'s observation shows {s.card} (dealt to seat {s.owner})"))
        elif s.required and s.card not in named:
            found.append((s, f"seat {seat}'s observation does not show {s.card} (dealt to seat {s.owner})"))
    return found
