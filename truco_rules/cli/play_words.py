"""The words of `truco play`: each action as the players say it, in the player's language, and
what a player types read back as an action.

The truco calls are named by the ruleset's ladder (truco.calls[].name, in each language); the
envido, flor and answer words by the glossary (spec/data/glossary.yaml); every other word by the
gettext catalogues. A player may type a call's name in any of the four languages, the record form
of an action (`raise 4`, `play 7H`), or its number in the list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from truco_rules.text.catalogues import N_, gettext, translate
from truco_rules.text.languages import LANGS

# action kind -> the glossary term naming it
_GLOSSARY_TERM = {"accept": "accept", "run": "run", "envido": "envido", "real-envido": "real-envido",
                  "falta-envido": "falta-envido", "flor": "flor", "contraflor": "contraflor",
                  "contraflor-resto": "contraflor-al-resto"}
# the actions the glossary does not name
_OWN_WORDS = {"flor-raise": N_("raise the flor"), "flor-pass": N_("pass on the flor"),
              "ten-play": N_("play the hand of ten"), "ten-decline": N_("decline the hand of ten"),
              "mazo": N_("go to the mazo")}  # ARG-9, URU-10
# what a seña tells the partner (SEN-1, SEN-2, SEN-3)
SIGN_MEANS = {"ciego": N_("you hold no card of 3 or higher (a blind hand)"),
              "tanto-27-29": N_("you have 27 to 29 points of envido"),
              "tanto-30-plus": N_("you have 30 or more points of envido")}
_EXTRA_INPUT = {"accept": ("quiero", "yes", "sí", "si", "sim"), "run": ("no quiero", "no", "não", "nao")}


@lru_cache(maxsize=1)
def _glossary() -> Mapping[str, Any]:
    from truco_rules.text.glossary import load_glossary

    return {term.id: term for term in load_glossary()}


def _ladder_names(ruleset_data: Mapping[str, Any]) -> dict[int, dict[str, str]]:
    """value -> language -> the call's name, as the ruleset names it."""
    calls = (ruleset_data.get("truco") or {}).get("calls") or []
    return {int(c["value"]): {lang: str(c.get("name", {}).get(lang, c["value"])) for lang in LANGS}
            for c in calls if isinstance(c, Mapping) and "value" in c}


def who(seat: int, me: int, lang: str) -> str:
    """A seat as the player sees it: you, your partner or them."""
    if seat == me:
        return gettext("you", lang)
    if seat % 2 == me % 2:
        return gettext("your partner", lang)
    return gettext("them", lang)


def action_words(action: Any, ruleset_data: Mapping[str, Any], lang: str) -> str:
    """How a player says `action` in `lang`."""
    kind, arg = action.kind, action.arg
    if kind == "raise":
        return _ladder_names(ruleset_data).get(int(arg), {}).get(lang) or str(action.text)
    if kind == "play":
        return gettext("play {card}", lang, card=str(arg))
    if kind == "cover":
        return gettext("cover {card}", lang, card=str(arg))
    if kind == "sign":
        return gettext("seña {sign}", lang, sign=str(arg))
    if kind in _GLOSSARY_TERM:
        return str(_glossary()[_GLOSSARY_TERM[kind]].name(lang))
    if kind in _OWN_WORDS:
        return translate(_OWN_WORDS[kind], lang)
    return str(action.text)


def _said(action: Any, ruleset_data: Mapping[str, Any]) -> set[str]:
    """Every way of typing `action`: its record form, and its words in every language."""
    out = {action.text.lower(), *(action_words(action, ruleset_data, lang).lower() for lang in LANGS)}
    if action.kind in _GLOSSARY_TERM:
        out.update(n.lower() for n in _glossary()[_GLOSSARY_TERM[action.kind]].all_names())
    out.update(_EXTRA_INPUT.get(action.kind, ()))
    out.update(w.replace("-", " ") for w in list(out))
    return out


def read_answer(answer: str, legal: Sequence[Any], ruleset_data: Mapping[str, Any]) -> Any | None:
    """The legal action a player typed (a number, the record form, or the words of any language),
    or None when it names none of them."""
    typed = " ".join(answer.lower().split())
    if typed.isdigit():
        k = int(typed)
        return legal[k - 1] if 1 <= k <= len(legal) else None
    for action in legal:
        if typed in _said(action, ruleset_data):
            return action
    return None


def is_help(answer: str) -> bool:
    return answer.strip().lower() in ("?", "help", "ayuda", "aiuto", "ajuda")


def card_order(deck: Any, muestra: str | None, lang: str) -> str:
    """One line: the cards, strongest first; a rank whose four suits are equal is named once."""
    strength = deck.strengths(muestra)
    groups: dict[int, list[str]] = {}
    for card in deck.cards:
        groups.setdefault(strength[card], []).append(deck.names[card])
    parts = []
    present = {deck.names[c] for c in deck.cards}
    by_rank = {r: [r + s for s in deck.suits if r + s in present] for r in deck.ranks}
    for _, names in sorted(groups.items(), reverse=True):
        ranks = {r for r in deck.ranks if sorted(by_rank[r]) == sorted(names)}
        parts.append(next(iter(ranks)) if len(ranks) == 1 and len(names) > 1 else " ".join(names))
    return gettext("card order, strongest first: {order}", lang, order=" > ".join(parts))
