"""What a text asserts in numbers and in a few loaded terms, so that a clause's text, a reading's
summary or its claims can be checked against the verbatim quotes they rest on.

The check is mechanical and deliberately narrow: a number (written in digits or as a word of one
of the four languages) or a term such as "partida" that a text asserts must also be in the quotes
it cites. It cannot tell whether a sentence means what its quote means; it can tell when a text
states a value or a unit its quote does not give (ENV-6 once turned 003's "ronda" into "partida").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from truco_rules.spec.clause_ids import CLAUSE_ID

# Cardinal number words, per language. "one"/"un"/"uno"/"una"/"um" are left out: they are also
# articles ("a hand"), and a lone 1 is written as a digit where the rulebooks mean the value.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
           "diez": 10, "once": 11, "doce": 12, "veinte": 20, "treinta": 30, "cuarenta": 40},
    "it": {"due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9,
           "dieci": 10, "undici": 11, "dodici": 12, "venti": 20, "trenta": 30, "quaranta": 40},
    "pt": {"dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
           "nove": 9, "dez": 10, "onze": 11, "doze": 12, "vinte": 20, "trinta": 30, "quarenta": 40},
}

# Terms that name a unit of play whose substitution changes a rule's meaning: a text that uses one
# must rest on a quote that uses it (in any of its spellings, the damaged ones of 003 included).
TERMS: dict[str, tuple[str, ...]] = {
    "partida": ("partida", "partidas", "pardida", "partita"),
}

# Clause and register IDs and the rulebooks' codes are names, not values.
_ID = re.compile(rf"\b{CLAUSE_ID}\b|\b00[0-3]\b")  # IDs and the rulebooks' numbers
_TOKEN = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*|\d+")


def _fold(text: str) -> str:
    """Lower case without accents (003 lost its accents: 'tres' must match 'três')."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def numbers(text: str, langs: Iterable[str] | None = None) -> set[int]:
    """The numbers a text states, in digits or as number words of `langs` (default: all four;
    an empty list: digits only, the way the project's own texts write a rule's values).

    English compounds written with a hyphen count as one number ("twenty-four" = 24)."""
    words: dict[str, int] = {}
    for lang in NUMBER_WORDS if langs is None else langs:
        words.update({_fold(w): n for w, n in NUMBER_WORDS[lang].items()})
    found: set[int] = set()
    for token in _TOKEN.findall(_fold(_ID.sub(" ", text))):
        if token.isdigit():
            found.add(int(token))
            continue
        parts = token.split("-")
        values = [words.get(p) for p in parts]
        if len(parts) == 2 and None not in values and values[0] % 10 == 0 and values[1] < 10:  # type: ignore[operator]
            found.add(values[0] + values[1])  # type: ignore[operator]
            continue
        found.update(v for v in values if v is not None)
    return found


def terms(text: str) -> set[str]:
    """The loaded terms (TERMS) a text uses."""
    tokens = set(_TOKEN.findall(_fold(text)))
    return {term for term, forms in TERMS.items() if tokens & set(forms)}


def mentions(text: str, words: str) -> bool:
    """Whether `words` occur in `text`, ignoring case, accents and runs of white space."""
    def squash(s: str) -> str:
        return " ".join(_fold(s).split())

    return squash(words) in squash(text)
