"""The name of a ruleset's special hand, from the score its file gives it (hand_of_ten.score).

Truco Mineiro's side at 10 plays the hand of ten; Truco Paulista's side at 11 the mão de onze.
The rules are the same feature of the file (its `hand_of_ten` section), but a player knows the
hand by its number: the site and `truco play` name it by the file's score, never by the section.
"""

from __future__ import annotations

from truco_rules.text.catalogues import N_, gettext, translate

_BY_SCORE = {10: N_("hand of ten"), 11: N_("hand of eleven")}
_CAPITAL = {10: N_("Hand of ten"), 11: N_("Hand of eleven")}


def hand_name(score: int, lang: str, *, capital: bool = False) -> str:
    """`hand of ten` (score 10), `hand of eleven` (11), `hand of 9` for any other score."""
    names = _CAPITAL if capital else _BY_SCORE
    if score in names:
        return translate(names[score], lang)
    if capital:
        return gettext("Hand of {n}", lang, n=score)
    return gettext("hand of {n}", lang, n=score)
