"""Divergence witnesses in words, in Spanish, English, Italian or Portuguese.

A witness (`proofs.divergence.witnesses`, `proofs/witnesses.json`) is a situation and the result of
each side, as data: `{"dealer_side": 0, "rounds": ["tie", "tie", "tie"]}`, `"side 0 wins"`. Readers
get short sentences instead, with the sides named as the rules name them: "All three rounds are
tied." / "The dealing pair wins the hand." Sides are numbered in the data; here they become roles
(the dealing side, the side that started the hand, the side that led the round), worded for one
against one, for pairs, or for both at once.

A domain or a result this module does not know raises `UnknownWitness`: the site's strict build
fails on it, so a new kind of witness cannot reach a page as raw data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from truco_rules.text.catalogues import N_, gettext, ngettext

Deck = Mapping[str, Any]  # a ruleset file's `deck`


class UnknownWitness(ValueError):
    """A witness domain or result with no wording here."""


# Placeholders are filled with str.format; roles are inserted as sentence subjects only, so no
# language needs a contracted preposition ("dalla", "del", "pela").
# The sides, by who is playing: one against one (/2), pairs (/4), or both kinds of game (/0); the
# seats in play order, the leader first; who leads next; a flor-holder's move.
_ROLES = {
    "dealer/2": N_("the dealer"),
    "dealer/4": N_("the dealing pair"),
    "dealer/0": N_("the dealing side"),
    "starter/2": N_("the player who started the hand"),
    "starter/4": N_("the pair that started the hand"),
    "starter/0": N_("the side that started the hand"),
    "other/2": N_("the other player"),
    "other/4": N_("the other pair"),
    "other/0": N_("the other side"),
    "seat0": N_("the leader"),
    "seat1": N_("the next player"),
    "seat2": N_("the leader's partner"),
    "seat3": N_("the last player"),
    "next0": N_("The same leader leads the next round."),
    "next1": N_("The next player leads the next round."),
    "next2": N_("The leader's partner leads the next round."),
    "next3": N_("The last player leads the next round."),
    "flor_move/calls truco on its turn to play": N_(
        "A seat holds flor and has not sung it: on its turn to play, it calls truco."
    ),
    "flor_move/accepts a truco call": N_(
        "A seat holds flor and has not sung it: asked for truco before its first card, it accepts."
    ),
    "flor_move/raises a truco call": N_(
        "A seat holds flor and has not sung it: asked for truco before its first card, it raises."
    ),
    "flor_move/runs from a truco call": N_(
        "A seat holds flor and has not sung it: asked for truco before its first card, it runs."
    ),
}
_CALLS = {"contraflor": "contraflor", "contraflor-resto": "contraflor al resto"}
# The envido calls by their names at the table (the same in the four languages).
_ENVIDO_CALLS = {"envido": "envido", "real-envido": "real envido", "falta-envido": "falta envido"}


def _role(key: str, lang: str) -> str:
    return gettext(_ROLES[key], lang)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def points(n: int, lang: str) -> str:
    return ngettext("{n} point", "{n} points", n, lang)


def decks_of(rulesets: Iterable[str]) -> list[Deck]:
    """The decks of the named rulesets (their files' `deck`), in that order."""
    from truco_rules.spec.rules.state import Rules

    return [Rules.of(name).data["deck"] for name in rulesets]


def card_name(name: str, decks: Iterable[Deck], lang: str) -> str:
    """ "4C" -> "4 of clubs", "1e" -> "1 of swords": the rank, and the suit as the first of `decks`
    that holds the card names it in the reader's language (a ruleset's `deck`: ranks, suits,
    suit_names and the pattern of a card's name)."""
    for deck in decks:
        pattern = str(deck.get("card", "{rank}{suit}"))
        for rank in deck.get("ranks", ()):
            for suit in deck.get("suits", ()):
                if pattern.format(rank=rank, suit=suit) == name:
                    suit_name = (deck.get("suit_names") or {}).get(suit, {}).get(lang)
                    if not suit_name:
                        raise UnknownWitness(f"the deck of {name!r} has no {lang} name for the suit {suit!r}")
                    return gettext("{rank} of {suit}", lang, rank=rank, suit=suit_name)
    raise UnknownWitness(f"not a card of the decks compared: {name!r}")


def _kind(players: Collection[int]) -> int:
    """2 or 4 when every game involved has that many players; 0 when both kinds are involved."""
    kinds = set(players)
    return kinds.pop() if len(kinds) == 1 and kinds <= {2, 4} else 0


def _side_role(side: int, dealer_side: int | None, kind: int, lang: str) -> str:
    if dealer_side is None:
        return gettext("one side", lang) if side == 0 else gettext("the other side", lang)
    return _role(f"{'dealer' if side == dealer_side else 'starter'}/{kind}", lang)


def _rounds(rounds: list[Any], dealer_side: int | None, kind: int, lang: str) -> str:
    if len(rounds) == 3 and all(r == "tie" for r in rounds):
        return gettext("All three rounds are tied.", lang)
    if dealer_side is None and len(rounds) == 2 and rounds[0] == rounds[1] != "tie":
        return gettext("One side wins the first two rounds.", lang)
    parts = []
    for n, r in enumerate(rounds, 1):
        if r == "tie":
            parts.append(gettext("round {n} is tied", lang, n=n))
        elif r in (0, 1):
            parts.append(
                gettext("{who} wins round {n}", lang, who=_side_role(r, dealer_side, kind, lang), n=n)
            )
        else:
            raise UnknownWitness(f"round result {r!r}")
    return _cap(", ".join(parts)) + "."


def _seats(cards: list[str], decks: Iterable[Deck], lang: str) -> str:
    names = (
        [_role(f"seat{i}", lang) for i in range(len(cards))]
        if len(cards) == 4
        else [gettext("the leader", lang), gettext("the next player", lang)]
    )
    return gettext(
        "Cards in play order: {cards}.",
        lang,
        cards=", ".join(f"{card_name(c, decks, lang)} ({who})" for who, c in zip(names, cards, strict=True)),
    )


# What each domain's situation may say. A situation with anything else (a muestra where none is
# worded, say) has no wording: words that left part of it out would tell another situation.
_SITUATION_KEYS: dict[str, frozenset[str]] = {
    domain: frozenset(keys)
    for domain, keys in {
        "hand-resolution": ("rounds", "dealer_side"),
        "hand-length": ("rounds",),
        "ladder": ("hand_value",),
        "run-payout": ("refused_call",),
        "hand-of-ten": ("scores",),
        "target": ("score",),
        "envido-points": ("hand", "muestra"),
        "falta": ("scores", "contest_winner"),
        "deck": ("card",),
        "covering": ("round",),
        "covered-card": ("round", "leader", "next_seat", "other_seats"),
        "partner-tie": ("cards_in_play_order", "leader_seat"),
        "round-leader": ("cards_in_play_order", "leader_seat"),
        "flor-refusal": ("partner_raised", "refused_call", "scores"),
        "side-bet-scoring": ("score", "contest_points"),
        "ten-call": ("hand", "call"),
        "iron-cards": ("blind_iron_hand", "cards_in_play_order", "leader_seat"),
        "card-pairs": ("cards_in_play_order", "leader_seat"),
        "contraflor-stake": ("partner_raised",),
        "envido-three-suit": ("hand",),
        "falta-added": ("accepted_chain", "falta"),
        "ciego": ("strongest_card",),
        "flor-before-truco": ("move",),
        "vira-round": ("vira", "cards_in_play_order", "leader_seat"),
    }.items()
}


# One function per witness domain: its situation (the witness's `situation` object) in words.
# Each takes (situation, language, players per game (2, 4, 6 or 0), decks).


def _sit_hand_resolution(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return _rounds(list(s["rounds"]), s.get("dealer_side"), kind, lang)


def _sit_hand_length(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return _rounds(list(s["rounds"]), None, kind, lang)


def _sit_ladder(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext("The hand is worth {pts}.", lang, pts=points(s["hand_value"], lang))


def _sit_run_payout(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext(
        "A call raising the hand to {pts} is refused.", lang, pts=points(s["refused_call"], lang)
    )


def _sit_hand_of_ten(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    # Which hand a score starts (the hand of ten, the iron hand) is each ruleset's own (TEN-1: 10,
    # PAU-8: 11): its result says it, with the ruleset's mark.
    a, b = s["scores"]
    return gettext("The score is {a} to {b}.", lang, a=a, b=b)


def _sit_target(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext("A side reaches {pts}.", lang, pts=points(s["score"], lang))


def _sit_envido_points(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    cards = ", ".join(card_name(c, decks, lang) for c in s["hand"])
    if "muestra" in s:
        return gettext(
            "A hand with {cards}; the muestra is {card}.",
            lang,
            cards=cards,
            card=card_name(s["muestra"], decks, lang),
        )
    return gettext("A hand with {cards}.", lang, cards=cards)


def _sit_falta(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    a, b = s["scores"]
    return gettext(
        "The score is {a} to {b}; the side with {w} wins a falta envido.",
        lang,
        a=a,
        b=b,
        w=s["scores"][s["contest_winner"]],
    )


def _sit_deck(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext("The card {card}.", lang, card=card_name(s["card"], decks, lang))


def _sit_covering(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext("Round {n} of a hand.", lang, n=s["round"])


def _sit_covered_card(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    parts = [
        gettext("Round {n}: the leader plays a card face down", lang, n=s["round"]),
        gettext("the next player also plays face down", lang)
        if s["next_seat"] == "covers"
        else gettext("the next player plays a card face up", lang),
    ]
    if kind == 4 and s.get("other_seats") == "cover":
        parts.append(gettext("the others play face down", lang))
    return "; ".join(parts) + "."


def _sit_partner_tie(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return _seats(list(s["cards_in_play_order"]), decks, lang)


def _sit_flor_refusal(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    a, b = s["scores"]
    flor = (
        gettext("Flor is sung and the singer's partner raises it to 6.", lang)
        if s["partner_raised"]
        else gettext("Flor is sung.", lang)
    )
    return " ".join(
        [
            gettext("The score is {a} to {b}.", lang, a=a, b=b),
            flor,
            gettext(
                "The call of {call} is answered “me achico”.", lang, call=_CALLS[s["refused_call"]]
            ),
        ]
    )


def _sit_side_bet_scoring(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext(
        "A pair at {s} wins an envido worth {pts}, enough to win.",
        lang,
        s=points(s["score"], lang),
        pts=points(s["contest_points"], lang),
    )


def _sit_ten_call(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    if s["hand"] != "hand of ten":
        raise UnknownWitness(f"ten-call situation {dict(s)!r}: no wording")
    return gettext("In the hand of ten, a player calls for {pts}.", lang, pts=points(s["call"], lang))


def _sit_iron_cards(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    if s["blind_iron_hand"] is not True:
        raise UnknownWitness(f"iron-cards situation {dict(s)!r}: no wording")
    return (
        gettext("Blind iron hand.", lang) + " " + _seats(list(s["cards_in_play_order"]), decks, lang)
    )


def _sit_card_pairs(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return _seats(list(s["cards_in_play_order"]), decks, lang)


def _sit_contraflor_stake(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    flor = (
        gettext("Flor is sung and the singer's partner raises it to 6.", lang)
        if s["partner_raised"]
        else gettext("Flor is sung.", lang)
    )
    return flor + " " + gettext("An opponent sings contraflor.", lang)


def _sit_envido_three_suit(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext(
        "A hand with {cards}.", lang, cards=", ".join(card_name(c, decks, lang) for c in s["hand"])
    )


def _sit_falta_added(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    calls = ", ".join(_ENVIDO_CALLS[c] for c in s["accepted_chain"])
    return gettext(
        "Calls accepted: {calls}; the falta is worth {pts}.",
        lang,
        calls=calls,
        pts=points(s["falta"], lang),
    )


def _sit_ciego(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return gettext(
        "A hand whose strongest card is {card}.",
        lang,
        card=card_name(s["strongest_card"], decks, lang),
    )


def _sit_flor_before_truco(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    return _role(f"flor_move/{s['move']}", lang)


def _sit_vira_round(s: Mapping[str, Any], lang: str, kind: int, decks: Sequence[Deck]) -> str:
    # The turned card by the name its rulesets give it (PAU-2: "vira"), the manilhas it makes unsaid:
    # which side wins the round shows them.
    return " ".join([
        gettext("The vira turned up is {card}.", lang, card=card_name(s["vira"], decks, lang)),
        _seats(list(s["cards_in_play_order"]), decks, lang),
    ])


_SITUATIONS: dict[str, Callable[[Mapping[str, Any], str, int, Sequence[Deck]], str]] = {
    "hand-resolution": _sit_hand_resolution,
    "hand-length": _sit_hand_length,
    "ladder": _sit_ladder,
    "run-payout": _sit_run_payout,
    "hand-of-ten": _sit_hand_of_ten,
    "target": _sit_target,
    "envido-points": _sit_envido_points,
    "falta": _sit_falta,
    "deck": _sit_deck,
    "covering": _sit_covering,
    "covered-card": _sit_covered_card,
    "partner-tie": _sit_partner_tie,
    "round-leader": _sit_partner_tie,
    "flor-refusal": _sit_flor_refusal,
    "side-bet-scoring": _sit_side_bet_scoring,
    "ten-call": _sit_ten_call,
    "iron-cards": _sit_iron_cards,
    "card-pairs": _sit_card_pairs,
    "contraflor-stake": _sit_contraflor_stake,
    "envido-three-suit": _sit_envido_three_suit,
    "falta-added": _sit_falta_added,
    "ciego": _sit_ciego,
    "flor-before-truco": _sit_flor_before_truco,
    "vira-round": _sit_vira_round,
}


def situation_text(
    witness: Mapping[str, Any], lang: str, players: Collection[int] = (), decks: Sequence[Deck] = ()
) -> str:
    """The witness's situation as one or two sentences. `players`: how many play in the games
    compared; `decks`: their decks (`deck` of each ruleset file), which name the cards."""
    domain, s = witness.get("domain"), witness.get("situation") or {}
    kind = _kind(players)
    if domain not in _SITUATION_KEYS:
        raise UnknownWitness(f"witness domain {domain!r} has no wording")
    unknown = sorted(set(s) - _SITUATION_KEYS[domain])
    if unknown:
        raise UnknownWitness(f"{domain} situation {dict(s)!r}: no wording for {', '.join(unknown)}")
    try:
        return _SITUATIONS[domain](s, lang, kind, decks)
    except UnknownWitness:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise UnknownWitness(f"{domain} situation {dict(s)!r}: {exc}") from exc


_SIDE_RESULT = re.compile(r"side (\d) wins(?: the (round|hand))?$|the round goes to side (\d)$")
_PLAIN: dict[str, str] = {
    "nobody scores": N_("Nobody scores; the hand is dealt again."),
    "another round": N_("Another round is played."),
    "hand over": N_("The hand is over."),
    "another round is played": N_("Another round is played all the same."),
    "partida won": N_("It wins the partida."),
    "play goes on": N_("Play goes on."),
    "in the deck": N_("It is in the deck."),
    "not in the deck": N_("It is not in the deck."),
    "a card may be played covered": N_("A card may be played face down (covered)."),
    "every card is played face up": N_("Every card is played face up."),
    "the round is tied": N_("The round is tied."),
    "round tied": N_("The round is tied."),
    "not a call of this ladder": N_("That is not a call of this ladder."),
    "partida won when the contest is settled; the hand is not played out": N_(
        "It wins the partida as soon as the envido is settled; the hand is not played out."
    ),
    "the hand is played out; the partida is won when it ends, without the hand's points": N_(
        "The hand is played out; it wins the partida when the hand ends, without the hand's points."
    ),
    "refused: the flor is sung first": N_("Refused: it must sing the flor first."),
    "the seat may do it": N_("It may: the flor does not stop it."),
}
_TEN_CALL_RESULTS = {
    "refused: out of the ladder's order": N_("The call is refused: it is not the next step of the ladder."),
    "refused: no truco in this hand": N_("The call is refused: there is no truco in this hand."),
    "asking for truco: AMB-9 ten-truco applies": N_(
        "It counts as asking for truco: what AMB-9 says applies."
    ),
    "an ordinary call: the hand rises": N_("It is an ordinary call: the hand rises."),
    "ciego may be signed": N_("Its holder may sign ciego."),
    "ciego may not be signed": N_("Its holder may not sign ciego."),
}
_TEN_CALLS = {
    "allowed": N_("Truco may be called."),
    "refused": N_("A truco call is not allowed."),
    "caller loses the match": N_("Calling truco loses the match."),
    "caller loses the hand": N_("Calling truco loses the hand."),
}


def outcome_text(witness: Mapping[str, Any], result: Any, lang: str, players: Collection[int] = ()) -> str:
    """One side's result as a sentence. `players`: how many play in that side's game."""
    domain, s = witness.get("domain"), witness.get("situation") or {}
    said: str | None = None
    if isinstance(result, str):
        said = _result_text(str(domain), s, result, _kind(players), lang)
    elif isinstance(result, int) and not isinstance(result, bool):
        said = _number_text(str(domain), result, lang)
    elif isinstance(result, Mapping):
        said = _mapping_text(str(domain), s, result, lang)
    if said is None:
        raise UnknownWitness(f"{domain} result {result!r} has no wording")
    return said


def _result_text(domain: str, s: Mapping[str, Any], result: str, kind: int, lang: str) -> str | None:
    """A result given as a phrase: a plain outcome, or "side N wins the round/hand"."""
    if result in _PLAIN:
        return gettext(_PLAIN[result], lang)
    if result in _TEN_CALL_RESULTS and domain in ("ten-call", "ciego"):
        return gettext(_TEN_CALL_RESULTS[result], lang)
    m = _SIDE_RESULT.match(result)
    if not m:
        return None
    side = int(m[1] if m[1] is not None else m[3])
    what = "round" if m[2] == "round" or m[3] is not None else "hand"
    if domain == "hand-resolution":
        who = _side_role(side, s.get("dealer_side"), kind, lang)
    elif domain == "partner-tie":
        who = gettext("the leader's pair", lang) if side == 0 else _role("other/4", lang)
    else:  # the side that led (0) or the other (1)
        who = gettext("the leader", lang) if side == 0 else _role(f"other/{kind}", lang)
    if what == "round":
        return gettext("{who} wins the round.", lang, who=_cap(who))
    return gettext("{who} wins the hand.", lang, who=_cap(who))


def _number_text(domain: str, result: int, lang: str) -> str | None:
    if domain in ("envido-points", "envido-three-suit"):
        return _cap(ngettext("{n} envido point", "{n} envido points", result, lang)) + "."
    if domain == "falta":
        return gettext("It scores {pts}.", lang, pts=points(result, lang))
    return None


def _ladder_result(s: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str:
    n = result["next_call"]
    if n is None:
        return gettext("There is no higher call.", lang)
    return gettext("The next call raises it to {pts}.", lang, pts=points(n, lang))


def _hand_of_ten_result(s: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str | None:
    if result["truco_call"] not in _TEN_CALLS or result["hand"] not in ("ordinary", "hand of ten",
                                                                         "iron hand"):
        return None
    at = result["at"]  # the score of this ruleset's hand of ten or iron hand (TEN-1, IRN-1), not a constant
    parts = []
    if result["hand"] == "hand of ten":
        parts.append(gettext("One side is at {n}: it is the hand of {n}.", lang, n=at))
    elif result["hand"] == "iron hand":
        parts.append(gettext("Both sides are at {n}: it is the iron hand.", lang, n=at))
    parts += [
        gettext("The hand starts at {pts}.", lang, pts=points(result["starts_at"], lang)),
        gettext(_TEN_CALLS[result["truco_call"]], lang),
    ]
    if result["hand"] == "hand of ten":  # choosing not to play concerns the one side at the mark
        parts.append(
            gettext("The side at {n} may choose not to play.", lang, n=at)
            if result["may_decline"]
            else gettext("The side at {n} must play.", lang, n=at)
        )
    return " ".join(parts)


_Said = Callable[[Mapping[str, Any], Mapping[str, Any], str], "str | None"]  # (situation, result, lang)


def _one_value(message: str, field: str) -> _Said:
    """A result {field: points} said by `message` (a message with {pts})."""
    return lambda s, result, lang: gettext(message, lang, pts=points(result[field], lang))


# A result given as an object, by domain: (its fields, how it is said).
_MAPPING_RESULTS: dict[str, tuple[frozenset[str], _Said]] = {
    "ladder": (frozenset({"next_call"}), _ladder_result),
    "run-payout": (frozenset({"caller_scores"}),
                   _one_value(N_("The calling side scores {pts}."), "caller_scores")),
    "round-leader": (frozenset({"next_leader_seat"}),
                     lambda s, result, lang: _role(f"next{result['next_leader_seat']}", lang)),
    "contraflor-stake": (frozenset({"contraflor_stakes"}),
                         _one_value(N_("The contraflor stakes {pts}."), "contraflor_stakes")),
    "falta-added": (frozenset({"stake"}),
                    _one_value(N_("The side that wins the envido scores {pts}."), "stake")),
    "flor-refusal": (frozenset({"last_singer_scores"}),
                     _one_value(N_("The pair that sang last scores {pts}."), "last_singer_scores")),
    "hand-of-ten": (frozenset({"starts_at", "truco_call", "may_decline", "hand", "at"}), _hand_of_ten_result),
}


def _mapping_text(domain: str, s: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> str | None:
    if domain not in _MAPPING_RESULTS or set(result) != _MAPPING_RESULTS[domain][0]:
        return None
    return _MAPPING_RESULTS[domain][1](s, result, lang)


def similar_text(n: int, lang: str, at_least: bool = False) -> str:
    """ "and 4 more situations with the same results" (empty for 0); `at_least`: n is a lower bound
    (the search stopped at its limit)."""
    if n <= 0:
        return ""
    if at_least:
        return ngettext(
            "and at least {n} more situation with the same results",
            "and at least {n} more situations with the same results",
            n,
            lang,
        )
    return ngettext(
        "and {n} more situation with the same results",
        "and {n} more situations with the same results",
        n,
        lang,
    )
