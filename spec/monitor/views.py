"""Check a seat's observation against what the spec says that seat may see (spec.rules.visibility).

An observation is free-form JSON (each engine shapes its own), with cards written as in the record
format. The check reads every card name anywhere in it (keys and values, and words of texts such
as "play 7H"): a card the seat may not know is a leak under the clause that hides it; a card the
seat must see (its own cards in hand, the cards face up on the table) that appears nowhere is
missing. An observation speaks of the hand being played: a card of an earlier hand that is named
again would read as a card of this one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from spec.rules.state import Hand
from spec.rules.visibility import Sight, sights

_WORDS = re.compile(r"[^\s,;:()\[\]{}\"'/|=]+")


def words(value: Any) -> Iterator[str]:
    """Every word of every text in a JSON value (keys included)."""
    if isinstance(value, str):
        yield from _WORDS.findall(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from words(k)
            yield from words(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from words(v)


def view_problems(hand: Hand, seat: int, observation: Any) -> list[tuple[Sight, str]]:
    """(the rule broken, what is wrong) for each card `seat`'s observation shows or hides wrongly."""
    named = set(words(observation))
    found: list[tuple[Sight, str]] = []
    for s in sights(hand, seat):
        if s.card in named and not s.visible:
            found.append((s, f"seat {seat}'s observation shows {s.card} (dealt to seat {s.owner}): {s.why}"))
        elif s.required and s.card not in named:
            found.append((s, f"seat {seat}'s observation does not show {s.card} (dealt to seat {s.owner}): "
                             f"{s.why}"))
    return found
