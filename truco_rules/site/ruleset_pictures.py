"""The one place the site reads a ruleset's card order and truco ladder from, for its pictures.

`ruleset_pictures_data(ruleset)` returns the card order as groups of card names (strongest group
first; cards in one group are equal) and the ladder as steps (the starting value, then each call
with its names and what the calling side scores when the call is refused), both read from the
ruleset's file (spec/data/rulesets/NAME.yaml) as its default readings resolve it. The drawing code
(site_pictures.py) never looks anywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.cards import card_strength, pieza_index
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.glossary import load_glossary


@dataclass(frozen=True)
class LadderStep:
    value: int  # what the hand is worth once this step is reached
    names: Mapping[str, str] = field(default_factory=dict)  # the call's name by language; {} for the start
    refusal_payout: int | None = None  # the calling side's points if the call is refused; None: the start


def ruleset_pictures_data(ruleset: str) -> tuple[list[list[str]], list[LadderStep]]:
    """(groups of card names, strongest first; ladder steps, the starting value first) of a ruleset.

    A ruleset with a muestra draws its fixed order (the piezas change with the card turned up)."""
    rules = Rules.of(ruleset)
    in_play = rules.deck.in_play
    groups = [[c for c in group if c in in_play] for group in rules.data["strength"]["groups"]]
    truco = rules.data["truco"]
    steps = [LadderStep(int(truco["opening"]["value"]))]
    steps += [LadderStep(int(c["value"]), {k: v[:1].upper() + v[1:] for k, v in c["name"].items()},
                         int(c["refused"])) for c in truco["calls"]]
    return [g for g in groups if g], steps


@dataclass(frozen=True)
class MuestraExample:
    """One hand's card order where the ruleset has a muestra: the card turned up, the piezas it
    makes (strongest first, with their envido points) and every other card in its fixed group."""

    muestra: str
    piezas: list[tuple[str, int]]
    groups: list[list[str]]  # all the cards in play but the muestra, strongest group first


def muestra_examples(ruleset: str) -> list[MuestraExample]:
    """Two hands of a ruleset with a muestra (none without): an ordinary muestra, then a muestra
    that is itself a pieza (where the file names a card that stands in for it). The order is the
    spec's own (truco_rules.spec.rules.cards), not worked out again here."""
    rules = Rules.of(ruleset)
    if not rules.has("muestra"):
        return []
    data = rules.data["muestra"]
    pieza_ranks = [str(p["rank"]) for p in data["piezas"]]
    plain = next(c for g in reversed(rules.data["strength"]["groups"]) for c in g
                 if c in rules.deck.in_play and rules.deck.ranks[rules.deck.index[c][0]] not in
                 (*pieza_ranks, data.get("stand_in")))
    suit = rules.deck.suits[rules.deck.index[plain][1]]
    shown = [plain]
    if data.get("stand_in") is not None and pieza_ranks[0] + suit in rules.deck.in_play:
        shown.append(pieza_ranks[0] + suit)
    return [_muestra_example(rules, m) for m in shown]


def _muestra_example(rules: Rules, muestra: str) -> MuestraExample:
    top = len(rules.groups)  # strengths above this are piezas
    shown = rules.deck.index[muestra]
    by_strength: dict[int, list[str]] = {}
    for card in rules.deck.cards:
        if card != muestra:
            by_strength.setdefault(card_strength(rules, card, muestra=muestra), []).append(card)
    envido = [int(p["envido"]) for p in rules.data["muestra"]["piezas"]]
    piezas = [(c, envido[int(pieza_index(rules, *rules.deck.index[c], shown))])
              for s in sorted(by_strength, reverse=True) if s > top for c in by_strength[s]]
    groups = [by_strength[s] for s in sorted(by_strength, reverse=True)]
    return MuestraExample(muestra, piezas, groups)


def card_nicknames(ruleset: str, lang: str) -> dict[str, str]:
    """The cards the game gives a name of their own (the zap, 4C in Mineiro): the glossary's words
    for a card, in the rulesets that hold the word's clause, in the reader's language."""
    held = {c.id for c in load_catalogue().clauses_of(ruleset)}
    in_play = Rules.of(ruleset).deck.in_play
    return {card: term.name(lang) for term in load_glossary() if term.clause in held
            for card in term.cards if card in in_play}


def pieza_word(lang: str) -> str:
    """What a pieza is called in `lang` (the glossary's word)."""
    return next(t.name(lang) for t in load_glossary() if t.id == "pieza")


@dataclass(frozen=True)
class ViraExample:
    """One hand's card order where the ruleset has a vira: the card turned up, the manilhas it
    makes (strongest first, each with its name) and every other card in its group."""

    vira: str
    manilhas: list[tuple[str, str]]  # (card, its name in the reader's language)
    groups: list[list[str]]  # all the cards in play but the vira, strongest group first


def vira_examples(ruleset: str, lang: str) -> list[ViraExample]:
    """Two hands of a ruleset with a vira (none without): a vira in the middle of the order, and
    the last rank's (the manilhas wrap round to the first rank). The order is the spec's own."""
    rules = Rules.of(ruleset)
    if not rules.has("vira"):
        return []
    names = rules.data["vira"].get("names") or {}
    ranks, suits = rules.deck.ranks, rules.deck.suits
    in_play = rules.deck.in_play
    middle, last = f"{ranks[len(ranks) // 2 - 2]}{suits[-1]}", f"{ranks[-1]}{suits[0]}"
    shown = [c for c in (middle, last) if c in in_play]
    out = []
    for vira in shown:
        by_strength: dict[int, list[str]] = {}
        for card in rules.deck.cards:
            if card != vira and card in in_play:
                by_strength.setdefault(card_strength(rules, card, muestra=vira), []).append(card)
        order = sorted(by_strength, reverse=True)
        top = len(rules.groups)  # strengths above this are the vira's manilhas
        manilhas = [(c, str(names.get(rules.deck.suits[rules.deck.index[c][1]], {}).get(lang, "")))
                    for s in order if s > top for c in by_strength[s]]
        out.append(ViraExample(vira, manilhas, [by_strength[s] for s in order]))
    return out
