"""The words of `truco play`: each action as the players name it, each move of the other players
as a sentence, the envido and the flor settled out loud, and what a player types read back as an
action (truco_rules.cli.play_vocabulary holds what players say).

The truco calls are named by the ruleset's ladder (truco.calls[].name, in each language); the
envido, flor and answer words by the glossary (spec/data/glossary.yaml); every other word by the
gettext catalogues. A player may type an action's number in the list, its record form (`raise 4`,
`play 7H`), a card by its code or its name, or the words players say, in any of the languages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from truco_rules.cli.play_vocabulary import (
    COVER_VERBS,
    PLAY_VERBS,
    SAID,
    SIGNS,
    card_named,
    ladder_words,
    normal,
    strip_verb,
)
from truco_rules.text.catalogues import N_, gettext, translate
from truco_rules.text.hand_names import hand_name
from truco_rules.text.languages import LANGS

# action kind -> the glossary term naming it
_GLOSSARY_TERM = {"accept": "accept", "run": "run", "envido": "envido", "real-envido": "real-envido",
                  "falta-envido": "falta-envido", "flor": "flor", "contraflor": "contraflor",
                  "contraflor-resto": "contraflor-al-resto"}
# the actions the glossary does not name
_OWN_WORDS = {"flor-raise": N_("raise the flor"), "flor-pass": N_("pass on the flor"),
              "mazo": N_("go to the mazo")}  # ARG-9, URU-10
# each seña by the gesture that makes it (SEN-1, SEN-2, SEN-3)
SIGN_GESTURE = {"ciego": N_("close both eyes"), "tanto-27-29": N_("nod"),
                "tanto-30-plus": N_("wrinkle the nose")}
# what a partner's seña looks like to the other partner
SIGN_SEEN = {"ciego": N_("your partner closes both eyes: no card of 3 or higher (a blind hand)"),
             "tanto-27-29": N_("your partner nods: 27 to 29 points of envido"),
             "tanto-30-plus": N_("your partner wrinkles the nose: 30 or more points of envido")}
# the section of a ruleset file an action needs: an action of a section the file lacks is not of its game
FEATURE_OF = {"envido": "envido", "real-envido": "envido", "falta-envido": "envido", "flor": "flor",
              "flor-raise": "flor", "flor-pass": "flor", "contraflor": "flor", "contraflor-resto": "flor",
              "sign": "senas", "mazo": "mazo", "ten-play": "hand_of_ten", "ten-decline": "hand_of_ten"}
# the feature, as a sentence says that a game lacks it
_FEATURE_WORDS = {"envido": N_("{game} has no envido."), "flor": N_("{game} has no flor."),
                  "senas": N_("{game} has no señas."), "mazo": N_("{game} has no going to the mazo."),
                  "hand_of_ten": N_("{game} has no hand of ten.")}


@lru_cache(maxsize=1)
def _glossary() -> Mapping[str, Any]:
    from truco_rules.text.glossary import load_glossary

    return {term.id: term for term in load_glossary()}


def _ladder_names(ruleset_data: Mapping[str, Any]) -> dict[int, dict[str, str]]:
    """value -> language -> the call's name, as the ruleset names it."""
    calls = (ruleset_data.get("truco") or {}).get("calls") or []
    return {int(c["value"]): {lang: str(c.get("name", {}).get(lang, c["value"])) for lang in LANGS}
            for c in calls if isinstance(c, Mapping) and "value" in c}


def _special_hand(ruleset_data: Mapping[str, Any], lang: str) -> str:
    ten = ruleset_data.get("hand_of_ten") or {}
    return hand_name(int(ten.get("score", 10)), lang)


def who(seat: int, me: int, lang: str) -> str:
    """A seat as the player sees it: you, your partner or them."""
    if seat == me:
        return gettext("you", lang)
    if seat % 2 == me % 2:
        return gettext("your partner", lang)
    return gettext("them", lang)


# who a seat is to the player, as the subject of a sentence and inside one
_PEOPLE = {"me": (N_("You"), N_("you")), "partner": (N_("Your partner"), N_("your partner")),
           "opponent": (N_("Your opponent"), N_("your opponent")),
           "right": (N_("The opponent on your right"), N_("the opponent on your right")),
           "left": (N_("The opponent on your left"), N_("the opponent on your left"))}


def person(seat: int, me: int, players: int, lang: str, *, subject: bool = True) -> str:
    """One player: You, Your partner, Your opponent, or in pairs the opponent on your right (who
    plays after you) or on your left (who plays before you); `subject=False`: inside a sentence."""
    if seat == me:
        key = "me"
    elif seat % 2 == me % 2:
        key = "partner"
    elif players == 2:
        key = "opponent"
    else:
        key = "right" if seat == (me + 1) % players else "left"
    return translate(_PEOPLE[key][0 if subject else 1], lang)


def card_words(card: str, ruleset_data: Mapping[str, Any], lang: str) -> str:
    """`3C` -> `3 of clubs` in `lang` (the code itself for a card of no known deck)."""
    from truco_rules.text.witness_words import UnknownWitness, card_name

    try:
        return card_name(card, [ruleset_data["deck"]], lang)
    except (UnknownWitness, KeyError):
        return card


def action_words(action: Any, ruleset_data: Mapping[str, Any], lang: str) -> str:
    """How a player says `action` in `lang` (as an entry of the list of what can be done)."""
    kind, arg = action.kind, action.arg
    if kind == "raise":
        return _ladder_names(ruleset_data).get(int(arg), {}).get(lang) or str(action.text)
    if kind == "play":
        return gettext("play {card}", lang, card=str(arg))
    if kind == "cover":
        return gettext("cover {card}", lang, card=str(arg))
    if kind == "sign":
        gesture = SIGN_GESTURE.get(str(arg))
        if gesture is None:
            return str(action.text)
        return gettext("seña: {gesture}", lang, gesture=translate(gesture, lang))
    if kind == "ten-play":
        return gettext("play the {hand}", lang, hand=_special_hand(ruleset_data, lang))
    if kind == "ten-decline":
        return gettext("decline the {hand}", lang, hand=_special_hand(ruleset_data, lang))
    if kind in _GLOSSARY_TERM:
        return str(_glossary()[_GLOSSARY_TERM[kind]].name(lang))
    if kind in _OWN_WORDS:
        return translate(_OWN_WORDS[kind], lang)
    return str(action.text)


def said(action: Any, seat: int, me: int, players: int, ruleset_data: Mapping[str, Any], lang: str) -> str:
    """A move of another player (or of the player), told as a sentence in `lang`."""
    kind, arg = action.kind, action.arg
    subject = person(seat, me, players, lang)
    if kind == "play" and action.slot is not None:  # IRN-2: a blind hand, played unseen
        return gettext("{who} plays a card without seeing it.", lang, who=subject)
    if kind == "play":
        card = card_words(str(arg), ruleset_data, lang)
        return gettext("{who} plays {card}.", lang, who=subject, card=card)
    if kind == "cover":
        return gettext("{who} plays a card face down.", lang, who=subject)
    if kind == "accept":
        return gettext("{who} accepts: “Quiero!”", lang, who=subject)
    if kind == "run":
        return gettext("{who} does not accept: “No quiero.”", lang, who=subject)
    if kind == "sign":
        if seat % 2 != me % 2:  # SEN-1, SEN-2, SEN-3: only the partners see a seña
            return gettext("{who} makes a seña to their partner.", lang, who=subject)
        gesture = translate(SIGN_GESTURE[str(arg)], lang) if str(arg) in SIGN_GESTURE else str(arg)
        return gettext("{who} makes a seña: {gesture}.", lang, who=subject, gesture=gesture)
    if kind == "mazo":
        return gettext("{who} goes to the mazo.", lang, who=subject)
    if kind == "ten-play":
        return gettext("{who} plays the {hand}.", lang, who=subject, hand=_special_hand(ruleset_data, lang))
    if kind == "ten-decline":
        hand = _special_hand(ruleset_data, lang)
        return gettext("{who} declines the {hand}.", lang, who=subject, hand=hand)
    if kind == "flor-pass":
        return gettext("{who} passes on the flor.", lang, who=subject)
    if kind == "flor-raise":
        return gettext("{who} raises the flor.", lang, who=subject)
    words = action_words(action, ruleset_data, lang)  # a call: truco, retruco, envido, flor...
    return gettext("{who} calls: “{call}!”", lang, who=subject, call=words[:1].upper() + words[1:])


# ------------------------------------------------------------------ the contests, out loud

def settled(contest: str, side: int, points: int, accepted: bool, tantos: Mapping[int, int | None], me: int,
            players: int, lang: str) -> str:
    """An envido or flor settled: who had how many points (when the contest was played out) and
    which side scores. `tantos`: seat -> its points (envido, or flor; None: it holds none)."""
    name = str(_glossary()[_GLOSSARY_TERM[contest]].name(lang)) if contest in _GLOSSARY_TERM else contest
    scores = (gettext("your side scores {pts}", lang, pts=points) if side == me % 2
              else gettext("they score {pts}", lang, pts=points))
    had = ", ".join(gettext("{who} {n}", lang, who=person(s, me, players, lang, subject=False), n=n)
                    for s, n in sorted(tantos.items()) if n is not None)
    if accepted and had:
        return gettext("{contest}: {had}; {scores}.", lang, contest=name[:1].upper() + name[1:], had=had,
                       scores=scores)
    return gettext("{contest}: {scores}.", lang, contest=name[:1].upper() + name[1:], scores=scores)


# ------------------------------------------------------------------ what the player types

@dataclass(frozen=True)
class Reading:
    """What a player typed, read: the action it names (legal or not), or nothing it names."""

    action: Any | None = None
    out_of_range: bool = False  # a number beyond the list


def _phrases(ruleset_data: Mapping[str, Any]) -> dict[str, list[Any]]:
    """phrase -> the actions it may name, for this ruleset (the ladder's calls from its file)."""
    from truco_rules.engine.actions import Action, raise_to

    out: dict[str, list[Any]] = {}
    for kind, by_lang in SAID.items():
        for phrases in by_lang.values():
            for phrase in phrases:
                out.setdefault(phrase, []).append(Action.parse(kind))
    for sign, by_lang in SIGNS.items():
        for phrases in by_lang.values():
            for phrase in phrases:
                out.setdefault(phrase, []).append(Action.parse(f"sign {sign}"))
    for words in ladder_words(ruleset_data).values():
        for phrase, value in words.items():
            out.setdefault(phrase, []).insert(0, raise_to(value))
    return {phrase: list(dict.fromkeys(actions)) for phrase, actions in out.items()}


def _nickname(words: str, game: Any) -> str | None:
    """A manilha by its nickname: with a vira, the card of the manilha rank in the suit the file
    names so (zap, copas, espadilha, pica-fumo: PAU-4); with fixed manilhas, the glossary's card."""
    data = game.config.ruleset.data
    vira = data.get("vira")
    if vira:
        muestra = game.observation(game.to_act if game.to_act is not None else 0).get("muestra")
        if not muestra:
            return None
        ranks = [str(r) for r in data["deck"]["ranks"]]
        rank = muestra[:-1]
        if rank not in ranks:
            return None
        manilha = ranks[(ranks.index(rank) + 1) % len(ranks)]
        for suit, names in (vira.get("names") or {}).items():
            if words in {normal(str(n)) for n in names.values()}:
                return str(data["deck"].get("card", "{rank}{suit}")).format(rank=manilha, suit=suit)
        return None
    fixed = [g for g in data.get("strength", {}).get("groups", ()) if len(g) == 1][:4]
    for term in _glossary().values():
        cards = list(getattr(term, "cards", ()) or ())
        if cards and [cards[0]] in fixed and words in {normal(n) for n in term.all_names()}:
            return str(cards[0])
    return None


def read_answer(answer: str, legal: Sequence[Any], game: Any) -> Reading:
    """What the player typed: a number in the list of `legal` actions, the record form of an action,
    a card (by code, name or nickname, after a verb to play or cover it or alone), or the words
    players say for a call or an answer. The action it names may be illegal now (the game refuses
    it with its rule); a Reading with no action: nothing the game understands."""
    from truco_rules.engine.actions import Action
    from truco_rules.engine.errors import InvalidActionError

    typed = normal(answer)
    if not typed:
        return Reading()
    if typed.isdigit():
        k = int(typed)
        return Reading(legal[k - 1]) if 1 <= k <= len(legal) else Reading(out_of_range=True)
    try:
        return Reading(Action.parse(" ".join(answer.split())))
    except InvalidActionError:
        pass
    data = game.config.ruleset.data
    names = [game.config.deck.names[c] for c in game.config.deck.cards]
    for verb, verbs in (("cover", COVER_VERBS), ("play", PLAY_VERBS), ("play", ("",))):
        rest = strip_verb(typed, verbs) if verb == "cover" or verbs != ("",) else typed
        if rest is None:
            continue
        card = card_named(rest, data["deck"], names) or _nickname(rest, game)
        if card is not None:
            return Reading(Action.parse(f"{verb} {card}"))
    candidates = _phrases(data).get(typed, [])
    legal_set = set(legal)
    chosen = next((a for a in candidates if a in legal_set), candidates[0] if candidates else None)
    return Reading(chosen)


def missing_feature(action: Any, ruleset_data: Mapping[str, Any], game_name: str, lang: str) -> str | None:
    """"Truco Paulista has no envido." when `action` needs a part of the game its file lacks."""
    feature = FEATURE_OF.get(action.kind)
    if feature is None or ruleset_data.get(feature):
        return None
    return translate(_FEATURE_WORDS[feature], lang, game=game_name)


def ways_to_say(action: Any, ruleset_data: Mapping[str, Any], lang: str) -> list[str]:
    """What a player may type for `action` in `lang`, the usual words first."""
    kind, arg = action.kind, action.arg
    if kind in ("play", "cover") and action.slot is None:
        name = card_words(str(arg), ruleset_data, lang)
        verb = "" if kind == "play" else normal(gettext("cover {card}", lang, card="")).strip() + " "
        return [f"{verb}{arg}", f"{verb}{name}"]
    if kind == "raise":
        words = ladder_words(ruleset_data)[lang]
        return [p for p, v in words.items() if v == int(arg) and not p.startswith("raise")][:3]
    if kind == "sign":
        return list(SIGNS.get(str(arg), {}).get(lang, ()))[:2]
    return list(SAID.get(kind, {}).get(lang, ()))[:3]


def is_help(answer: str) -> bool:
    return answer.strip() == "?" or normal(answer) in ("help", "ayuda", "aiuto", "ajuda")


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
