"""What players say at the table, in Spanish, Portuguese, Italian and English, read back as the
actions of `truco play`: the answers (quiero, desce, não quero, corro...), the calls (truco,
retruco, seis, doze, envido, real envido, falta, flor, contraflor...), going to the mazo, the
choice of the hand of ten or eleven, the señas by their gestures, and a card by its code (`3C`,
`1e`), by its name (`3 de paus`, `três de paus`, `tres de bastos`, `3 of clubs`) or by its
nickname (zap, espadilha...).

A player may use the words of any of the four languages whatever the language of the game: the
table is read as typed, without accents, capitals or punctuation (`¡Quiero!` is `quiero`).
These are words players type, not words shown: what the game shows is in the gettext catalogues.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from truco_rules.text.languages import LANGS


def normal(text: str) -> str:
    """`¡No  Quiero!` -> `no quiero`: lower case, no accents, no punctuation, single spaces."""
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    return " ".join(re.sub(r"[¡!¿?.,;:\"'«»“”‘’()]", " ", text).split())


# action kind -> language -> what players say for it, the usual words first (compared after
# normal(), in every language). The truco ladder's calls come from the ruleset's file.
_ACCEPT = {"es": ("quiero", "acepto", "si"), "pt": ("quero", "desce", "aceito", "pode vir", "sim"),
           "it": ("accetto", "voglio", "si"), "en": ("accept", "i accept", "yes")}
_RUN = {"es": ("no quiero", "no acepto", "me voy", "huyo", "no"), "pt": ("nao quero", "corro", "fujo", "nao"),
        "it": ("non accetto", "non voglio", "rifiuto", "corro", "no"), "en": ("run", "i run", "refuse", "no")}
SAID: dict[str, dict[str, tuple[str, ...]]] = {
    "accept": _ACCEPT,
    "run": _RUN,
    "envido": {"es": ("envido",), "pt": ("envido",), "it": ("envido",), "en": ("envido",)},
    "real-envido": {"es": ("real envido", "real"), "pt": ("real envido",), "it": ("real envido",),
                    "en": ("real envido",)},
    "falta-envido": {"es": ("falta envido", "falta", "la falta"), "pt": ("falta envido", "falta"),
                     "it": ("falta envido", "falta"), "en": ("falta envido", "falta")},
    "flor": {"es": ("flor", "tengo flor"), "pt": ("flor", "tenho flor"), "it": ("flor", "ho flor"),
             "en": ("flor",)},
    "contraflor": {"es": ("contraflor", "contra flor"), "pt": ("contraflor",), "it": ("contraflor",),
                   "en": ("contraflor",)},
    "contraflor-resto": {"es": ("contraflor al resto", "contra flor al resto"),
                         "pt": ("contraflor ao resto",), "it": ("contraflor al resto",),
                         "en": ("contraflor al resto",)},
    "flor-raise": {"es": ("subo la flor", "aumento la flor"), "pt": ("aumento a flor", "subo a flor"),
                   "it": ("alzo la flor",), "en": ("raise the flor",)},
    "flor-pass": {"es": ("con flor me achico", "me achico", "paso"), "pt": ("passo",), "it": ("passo",),
                  "en": ("pass", "pass on the flor")},
    "mazo": {"es": ("me voy al mazo", "al mazo", "mazo"), "pt": ("vou ao mazo", "mazo"),
             "it": ("vado al mazzo", "mazo"), "en": ("go to the mazo", "mazo")},
    "ten-play": {"es": ("juego", "jugamos", "la juego", *_ACCEPT["es"]),
                 "pt": ("jogo", "jogamos", *_ACCEPT["pt"]), "it": ("gioco", "giochiamo", *_ACCEPT["it"]),
                 "en": ("play", "we play", "play it", *_ACCEPT["en"])},
    "ten-decline": {"es": ("no juego", "no jugamos", *_RUN["es"]),
                    "pt": ("nao jogo", "nao jogamos", *_RUN["pt"]),
                    "it": ("non gioco", *_RUN["it"]), "en": ("decline", "we decline", *_RUN["en"])},
}
# the señas of a pair, by the gesture players make and the names they give it (SEN-1, SEN-2, SEN-3)
SIGNS: dict[str, dict[str, tuple[str, ...]]] = {
    "ciego": {"es": ("ciego", "cierro los ojos", "ojos cerrados"),
              "pt": ("cego", "fecho os olhos", "olhos fechados"),
              "it": ("cieco", "chiudo gli occhi", "occhi chiusi"), "en": ("blind", "close both eyes")},
    "tanto-27-29": {"es": ("cabeceo", "tengo tanto"), "pt": ("aceno de cabeca", "aceno"),
                    "it": ("cenno del capo", "cenno"), "en": ("nod",)},
    "tanto-30-plus": {"es": ("frunzo la nariz", "nariz"), "pt": ("franzo o nariz", "nariz"),
                      "it": ("arriccio il naso", "naso"), "en": ("wrinkle my nose", "nose")},
}
# a call of the ladder by the words of its number: language -> value -> word
_NUMBER_WORDS: dict[str, dict[int, str]] = {
    "es": {3: "tres", 4: "cuatro", 6: "seis", 9: "nueve", 10: "diez", 12: "doce"},
    "pt": {3: "tres", 4: "quatro", 6: "seis", 9: "nove", 10: "dez", 12: "doze"},
    "it": {3: "tre", 4: "quattro", 6: "sei", 9: "nove", 10: "dieci", 12: "dodici"},
    "en": {3: "three", 4: "four", 6: "six", 9: "nine", 10: "ten", 12: "twelve"},
}
# the common names of the second and third calls, where the file names them otherwise
_STEP_WORDS = {2: ("retruco", "quiero retruco"),
               3: ("vale cuatro", "vale quatro", "vale 4", "quiero vale cuatro")}

# the card verbs, and the little words between a verb and its card
PLAY_VERBS = ("play", "juego", "jugar", "tiro", "jogo", "jogar", "gioco", "giocare", "butto")
COVER_VERBS = ("cover", "cubro", "cubrir", "tapo", "tapar", "copro", "coprire", "cobrir", "cubro con",
               "encubro", "esconder", "escondo")
_ARTICLES = {"el", "la", "lo", "il", "o", "a", "the", "un", "una", "um", "uma", "mi", "meu", "my", "carta"}
_OF = {"de", "of", "di", "do", "da", "del"}
# rank (as a deck writes it) -> what players call it
_RANK_WORDS: dict[str, tuple[str, ...]] = {
    "1": ("1", "uno", "um", "as", "ancho", "asso", "ace"), "A": ("a", "as", "asso", "ace", "uno", "um", "1"),
    "2": ("2", "dos", "dois", "duque", "due", "two"), "3": ("3", "tres", "tre", "three"),
    "4": ("4", "cuatro", "quatro", "quattro", "four"), "5": ("5", "cinco", "cinque", "five"),
    "6": ("6", "seis", "sei", "six"), "7": ("7", "siete", "sete", "sette", "seven"),
    "10": ("10", "sota", "diez", "dez", "dieci", "fante", "ten"), "11": ("11", "caballo", "cavalo", "cavallo",
                                                                        "once", "onze", "undici", "knight"),
    "12": ("12", "rey", "rei", "re", "doce", "doze", "dodici", "king"),
    "Q": ("q", "dama", "reina", "donna", "regina", "queen"), "J": ("j", "valete", "jota", "fante", "jack"),
    "K": ("k", "rei", "rey", "re", "king"),
}


def _suit_words(deck: Mapping[str, Any]) -> dict[str, str]:
    """word -> suit letter: the suit's letter and its name in every language, singular too."""
    out: dict[str, str] = {}
    for suit in deck.get("suits", ()):
        out[normal(str(suit))] = suit
        for lang in LANGS:
            name = normal(str((deck.get("suit_names") or {}).get(suit, {}).get(lang, "")))
            if name:
                out.setdefault(name, suit)
                out.setdefault(name[:-1] if name.endswith("s") else name, suit)
    return out


def card_named(words: str, deck: Mapping[str, Any], names: Iterable[str]) -> str | None:
    """The card of `deck` (among `names`, its cards' names) that `words` names: its code (`3C`,
    `1e`, any case) or `RANK of SUIT` in any language (`3 de paus`, `tres de bastos`, `ás de
    espadas`, `queen of hearts`). None when it names none."""
    names = list(names)
    by_code = {normal(n): n for n in names}
    if words in by_code:
        return by_code[words]
    parts = words.split()
    parts = [p for i, p in enumerate(parts) if not (p in _OF and 0 < i < len(parts) - 1)]
    while len(parts) > 2 and parts[0] in _ARTICLES:
        parts.pop(0)
    suits = _suit_words(deck)
    if len(parts) != 2:
        return None
    rank_word, suit_word = parts
    suit = suits.get(suit_word)
    if suit is None:
        return None
    pattern = str(deck.get("card", "{rank}{suit}"))
    for rank in deck.get("ranks", ()):
        if rank_word in _RANK_WORDS.get(str(rank), (normal(str(rank)),)) or rank_word == normal(str(rank)):
            card = pattern.format(rank=rank, suit=suit)
            if card in names:
                return card
    return None


def ladder_words(ruleset_data: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """language -> phrase -> the value of the truco call it names: each call's name as the file
    gives it, `truco` for the first call, the words of its number, the common names of the second
    and third steps (retruco, vale cuatro), and the record form (`raise 6`)."""
    calls = [c for c in (ruleset_data.get("truco") or {}).get("calls") or [] if isinstance(c, Mapping)]
    out: dict[str, dict[str, int]] = {lang: {} for lang in LANGS}
    for lang, words in out.items():
        for step, call in enumerate(calls, start=1):
            value = int(call["value"])
            name = (call.get("name") or {}).get(lang)
            if name:
                words.setdefault(normal(str(name)), value)
            if step == 1:
                words.setdefault("truco", value)
            for word in _STEP_WORDS.get(step, ()):
                words.setdefault(word, value)
            if step > 1 and value in _NUMBER_WORDS[lang]:  # the first call is truco, not its number
                words.setdefault(_NUMBER_WORDS[lang][value], value)
            words.setdefault(f"raise {value}", value)
    return out


def strip_verb(words: str, verbs: Iterable[str]) -> str | None:
    """`jogo o 3 de paus` -> `o 3 de paus` when it starts with one of `verbs`; else None."""
    for verb in sorted(verbs, key=len, reverse=True):
        if words == verb:
            return ""
        if words.startswith(verb + " "):
            return words[len(verb) + 1:]
    return None
