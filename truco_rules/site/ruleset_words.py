"""The register's questions and readings about the hand of ten, worded with one ruleset's numbers.

The register states these entries in the rulebooks' terms (a side at 10, a hand worth 4, a
decline that pays 2, the next step 6), but a ruleset's page must say what its own file says: Truco
Paulista's side at 11 plays the mão de onze, worth 3, and declining it pays 1. Here each such
question and reading has a sentence whose numbers and names are filled from the ruleset's file
(its hand_of_ten section, its truco ladder); the page shows it in place of the register's words,
and links to the register's reading as before. An entry or reading without one here is shown in
the register's words.
"""

from __future__ import annotations

from typing import Any

from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.catalogues import N_, translate
from truco_rules.text.hand_names import hand_name
from truco_rules.text.witness_words import points

# register key -> its question, with the ruleset's numbers
QUESTIONS = {
    "ten-truco": N_("What happens when a player calls truco in the {hand}?"),
    "iron-hand": N_("Is the iron hand also a {hand} (worth {value}, no truco)?"),
    "ten-choice": N_("May the side at {score} refuse to play the {hand}?"),
    "ten-call": N_("The {hand} already starts worth {value}, and truco is the call to {truco}: in the "
                   "{hand}, which call is asking for truco, and can the hand rise above {value}?"),
    "iron-or-ordinary": N_("When both sides are at {score}, is that hand the iron hand, or an ordinary "
                           "hand?"),
    "ten-recurs": N_("A side at {score} is still at that score after the hand: it declined it, lost it or "
                     "nobody scored. Is the next hand again a {hand}, with its value, its bar on truco and "
                     "its choice?"),
}
# (register key, reading) -> the reading, with the ruleset's numbers
SUMMARIES = {
    ("iron-hand", "like-hand-of-ten"): N_(
        "Yes: both sides have {score}, so the rules of the {hand} apply (worth {value}, no truco). "
        "The choice to decline it is not offered, since both sides are at {score}."),
    ("iron-hand", "ordinary-hand"): N_("No: the iron hand starts at {opening} and truco may be called."),
    ("ten-choice", "must-play"): N_("No: the {hand} is played, worth {value}."),
    ("ten-recurs", "every-hand"): N_("Yes: every hand that a side begins at {score} is a {hand}, however "
                                     "many follow one another."),
    ("ten-choice", "may-decline"): N_(
        "Yes: after seeing the cards, the side at {score} chooses; declining gives the opponents {decline}. "
        "Its first seat in the order of play from the starter answers for it."),
    ("ten-call", "next-step"): N_(
        "Asking for truco there is the hand's next call, to {next} (the next step above {value}): that "
        "is the call AMB-9 applies to. A call to {truco} is out of order and refused "
        "by the ladder's order clause; the hand stays at {value}."),
    ("ten-call", "truco-by-name"): N_(
        "Asking for truco there is a call of truco by its name (to {truco}) or of the next step (to "
        "{next}): AMB-9 applies to either. The hand stays at {value}."),
    ("ten-call", "truco-only"): N_(
        "Only a call of truco by its name (to {truco}) is barred, and AMB-9 applies "
        "to it; the hand, which starts at {value}, rises by the later calls, {later}, as any hand does."),
}
# the labels of the "how it is played" list that name the hand
LABELS = {
    "ten-call": N_("Which call is asking for truco in the {hand}"),
    "ten-truco": N_("What asking for truco in the {hand} does"),
    "ten-choice": N_("Whether the side at {score} may decline the hand"),
    "iron-hand": N_("Whether the iron hand is a {hand}"),
}


def numbers(rules: Rules, lang: str) -> dict[str, Any] | None:
    """The hand of ten's numbers and names in the ruleset's file; None for a ruleset without one."""
    ten = rules.data.get("hand_of_ten")
    if not ten:
        return None
    ladder = list(rules.ladder)  # the hand's values, the opening first
    value = int(ten["value"])
    above = [v for v in ladder if v > value]
    decline = ten.get("decline_payout")
    return {
        "score": int(ten["score"]),
        "hand": hand_name(int(ten["score"]), lang),
        "value": value,
        "opening": ladder[0],
        "truco": ladder[1],
        "next": above[0] if above else value,
        "later": ", ".join(str(v) for v in above),
        "decline": points(int(decline), lang) if decline is not None else "—",
    }


def _worded(message: str | None, rules: Rules, lang: str) -> str | None:
    fill = numbers(rules, lang)
    return None if message is None or fill is None else translate(message, lang, **fill)


def question(key: str, rules: Rules, lang: str) -> str | None:
    """The register's question of `key`, in the ruleset's numbers; None: the register's words."""
    return _worded(QUESTIONS.get(key), rules, lang)


def summary(key: str, reading: str, rules: Rules, lang: str) -> str | None:
    """The reading of `key`, in the ruleset's numbers; None: the register's words."""
    return _worded(SUMMARIES.get((key, reading)), rules, lang)


def how_label(key: str, rules: Rules, lang: str) -> str | None:
    """The label of the ruleset's reading of `key` in "how it is played"; None: the site's label."""
    return _worded(LABELS.get(key), rules, lang)
