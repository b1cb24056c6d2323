"""A worked hand: one hand of a ruleset played by the reference engine's bots, told step by step
for a reader (the cards dealt, each call and answer, who wins each round and why, the points), each
step with the one clause it follows.

A hand-written page asks for one with a marker on a line of its own, replaced at build time:
`<!-- truco:hand mineiro-1v1-es 3 -->` (the ruleset and the seed of the match). The same seed
gives the same hand; the tests check that each page's hand shows what its text promises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from truco_rules.engine import Game
from truco_rules.engine.bots import SimpleBot
from truco_rules.site.ruleset_pictures import card_nicknames, pieza_word
from truco_rules.site.site_md import esc
from truco_rules.spec.rules.cards import card_strength
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.catalogues import gettext
from truco_rules.text.witness_words import card_name, decks_of, points

MARKER = re.compile(r"^<!-- truco:hand ([a-z0-9-]+) ([0-9]{1,6}) -->$", re.MULTILINE)
NAMES = ("Ana", "Beto", "Carla", "Davi", "Elena", "Fabio")  # seat 0, 1, ...: the same in every language
MAX_ACTIONS = 200  # far above one hand


@dataclass(frozen=True)
class Step:
    text: str
    clause: str | None = None


def first_hand(ruleset: str, seed: int) -> dict[str, Any]:
    """The first hand of a match of `ruleset` between the engine's bots (the record's hand object)."""
    game = Game.new(ruleset, seed=seed)
    bots = {s: SimpleBot(seed=seed * 10 + s) for s in range(Rules.of(ruleset).players)}
    for _ in range(MAX_ACTIONS):
        if game.to_act is None or game.record()["hands"]:
            break
        game.push(bots[game.to_act].choose(game))
    hands = game.record()["hands"]
    if not hands:
        raise ValueError(f"{ruleset} seed {seed}: the first hand did not end")
    return dict(hands[0])


def _register_clause(key: str) -> str | None:
    from truco_rules.spec.catalogue import load_catalogue

    entry = next((a for a in load_catalogue().ambiguities.values() if a.key == key), None)
    return entry.clauses[0] if entry and entry.clauses else None


def _who(seat: int) -> str:
    return NAMES[seat]


def _side(side: int, players: int) -> str:
    return " & ".join(NAMES[s] for s in range(players) if s % 2 == side)


class _Teller:
    """Says one hand's actions in order, keeping what an answer answers and the cards of the round."""

    def __init__(self, rules: Rules, hand: Mapping[str, Any], lang: str) -> None:
        self.rules, self.hand, self.lang = rules, hand, lang
        self.decks = decks_of([rules.ruleset])
        self.nicknames = card_nicknames(rules.ruleset, lang)  # the zap, ...: said beside the card
        self.turned = hand.get("muestra")  # the vira or the muestra, where the ruleset turns a card
        self.nicknames.update(self._turned_names())
        self.pending: list[str] = []  # the contests waiting for an answer, the latest last
        self.round: list[tuple[int, str | None]] = []  # (seat, card or None for a covered card)
        self.rounds_told = 0
        self.level = 0  # truco calls made
        self.value = int(rules.data["truco"]["opening"]["value"])
        # The covered card's clause: the ruleset's own where its file states the reading (PAU-11),
        # else the first clause of the register entry that allows covering (AMB-7).
        self.cover_clause = rules.reading_clause("covering") or _register_clause("covering")

    def _above(self, card: str) -> bool:
        """The card ranks above the ruleset's own order: a manilha of the vira or a pieza."""
        return card_strength(self.rules, card, muestra=self.turned) > len(self.rules.groups)

    def _turned_names(self) -> dict[str, str]:
        """This hand's manilhas by the names the ruleset gives their suits (the vira's zap, ...),
        or its piezas (the muestra's)."""
        deck = self.rules.deck
        if not self.turned:
            return {}
        if not self.rules.has("vira"):
            word = pieza_word(self.lang)
            return {c: word for c in deck.cards if c in deck.in_play and c != self.turned and self._above(c)}
        names = self.rules.data["vira"].get("names") or {}
        return {c: str(names[deck.suits[deck.index[c][1]]][self.lang]) for c in deck.cards
                if c in deck.in_play and c != self.turned and self._above(c)
                and deck.suits[deck.index[c][1]] in names}

    def turned_clause(self, cards: Sequence[str]) -> str | None:
        """The clause that puts the round's best card above the others, where the turned card
        made it: the vira's suit order between two manilhas, else its rank; the muestra's order."""
        feature = "vira" if self.rules.has("vira") else "muestra"
        part = (self.rules.data.get(feature) or {}).get("clauses") or {}
        if feature == "vira":
            role = "suits" if sum(1 for c in cards if self._above(c)) > 1 else "above"
        else:
            role = "order"
        return str(part[role]) if role in part else None

    def card(self, name: str) -> str:
        said = card_name(name, self.decks, self.lang)
        return f"{said} ({self.nicknames[name]})" if name in self.nicknames else said

    def clause(self, section: str, role: str) -> str | None:
        part = self.rules.data.get(section) or {}
        found = (part.get("clauses") or {}).get(role)
        return str(found) if found else None

    def step(self, seat: int, action: str) -> list[Step]:
        verb, _, arg = action.partition(" ")
        lang, who = self.lang, _who(seat)
        out: list[Step] = []
        if verb in ("play", "cover"):
            if verb == "play":
                out.append(Step(gettext("{who} plays the {card}.", lang, who=who, card=self.card(arg)),
                                str(self.rules.data["play"]["order"])))
            else:
                out.append(Step(gettext("{who} plays a card face down.", lang, who=who), self.cover_clause))
            self.round.append((seat, arg if verb == "play" else None))
            if len(self.round) == self.rules.players:
                out.append(self.round_over())
        elif verb == "raise":
            calls = self.rules.data["truco"]["calls"]
            call = next(c for c in calls if int(c["value"]) == int(arg))
            role = "call" if self.level == 0 else "raise"
            self.level += 1
            self._call(f"truco:{arg}")
            said = gettext("{who} calls {call}: the hand would be worth {pts}.", lang, who=who,
                     call=call["name"][lang], pts=points(int(arg), lang))
            out.append(Step(said, self.clause("truco", role)))
        elif verb in ("envido", "real-envido", "falta-envido"):
            self._call("envido")
            role = {"envido": "contest", "real-envido": "real", "falta-envido": "falta"}[verb]
            name = {"envido": "envido", "real-envido": "real envido", "falta-envido": "falta envido"}[verb]
            out.append(Step(gettext("{who} calls {call}.", lang, who=who, call=name),
                            self.clause("envido", role)))
        elif verb == "flor":
            out.append(Step(gettext("{who} sings flor.", lang, who=who), self.clause("flor", "sing")))
        elif verb in ("contraflor", "contraflor-resto"):
            self._call("flor")
            name = "contraflor" if verb == "contraflor" else "contraflor al resto"
            out.append(Step(gettext("{who} calls {call}.", lang, who=who, call=name),
                            self.clause("flor", "contraflor")))
        elif verb in ("accept", "run"):
            out.append(self.answer(who, verb))
        elif verb == "sign":
            out.append(Step(gettext("{who} signals {sign} to the partner.", lang, who=who, sign=arg),
                            self.clause("senas", "sign")))
        elif verb in ("ten-play", "ten-decline"):
            score = int(self.rules.data["hand_of_ten"]["score"])
            said = (gettext("{who} plays the hand at {score}.", lang, who=who, score=score)
                    if verb == "ten-play"
                    else gettext("{who} gives up the hand at {score}.", lang, who=who, score=score))
            out.append(Step(said, self.clause("hand_of_ten", "choice" if verb == "ten-play" else "decline")
                            or self.clause("hand_of_ten", "kind")))
        elif verb in ("flor-raise", "flor-pass"):
            said = (gettext("{who}, the partner, also has flor and raises it.", lang, who=who)
                    if verb == "flor-raise"
                    else gettext("{who}, the partner, lets the flor stand.", lang, who=who))
            out.append(Step(said, self.clause("flor", "partner")))
        elif verb == "mazo":  # ARG-9, URU-10: the mazo section names its clause
            mazo = self.rules.data.get("mazo") or {}
            out.append(Step(gettext("{who} goes to the mazo and gives up the hand.", lang, who=who),
                            str(mazo["clause"]) if mazo.get("clause") else None))
        else:  # an action this page has no words for: said as the engine writes it
            out.append(Step(gettext("{who}: {action}.", lang, who=who, action=action)))
        return out

    def _call(self, contest: str) -> None:
        """A call waits for its answer; a call that raises the one waiting (retruco over truco,
        real envido over envido) takes its place."""
        if self.pending and self.pending[-1].split(":")[0] == contest.split(":")[0]:
            self.pending[-1] = contest
        else:
            self.pending.append(contest)

    def answer(self, who: str, verb: str) -> Step:
        lang = self.lang
        contest = self.pending.pop() if self.pending else "truco"
        if contest.startswith("truco:"):
            if verb == "accept":
                self.value = int(contest.split(":")[1])
                said = gettext("{who} accepts: the hand is worth {pts}.", lang, who=who,
                               pts=points(self.value, lang))
                return Step(said, self.clause("truco", "accept"))
            said = gettext("{who} refuses: the hand ends, and the side that called scores.", lang, who=who)
            return Step(said, self.clause("truco", "refuse"))
        section = "envido" if contest == "envido" else "flor"
        said = (gettext("{who} accepts the {contest}.", lang, who=who, contest=contest) if verb == "accept"
                else gettext("{who} refuses the {contest}.", lang, who=who, contest=contest))
        return Step(said, self.clause(section, "contest" if section == "envido" else "answers"))

    def round_over(self) -> Step:
        """Who wins the round just completed, and by which card."""
        lang = self.lang
        rounds = self.hand["result"]["rounds"]
        n = self.rounds_told
        self.rounds_told += 1
        cards, self.round = self.round, []
        result = rounds[n] if n < len(rounds) else None
        order = self.rules.clause("strength", "order")
        if result == "tie" or result is None:
            return Step(gettext("Round {n}: the highest cards are equal; the round is tied.", lang, n=n + 1),
                        order)
        best = max(((s, c) for s, c in cards if c is not None and s % 2 == result),
                   key=lambda sc: card_strength(self.rules, str(sc[1]), muestra=self.turned), default=None)
        side = _side(result, self.rules.players)
        if best is None:
            return Step(gettext("Round {n} goes to {side}.", lang, n=n + 1, side=side), order)
        if self.turned and self._above(str(best[1])):
            order = self.turned_clause([str(c) for _, c in cards if c is not None]) or order
        return Step(gettext("Round {n}: the {card} of {who} is the highest card; the round goes to {side}.",
                            lang,
                      n=n + 1, card=self.card(str(best[1])), who=_who(best[0]), side=side), order)


def steps(rules: Rules, hand: Mapping[str, Any], lang: str) -> list[Step]:
    teller = _Teller(rules, hand, lang)
    out: list[Step] = []
    for a in hand["actions"]:
        out += teller.step(int(a["seat"]), str(a["action"]))
    return out


def _result(rules: Rules, hand: Mapping[str, Any], lang: str) -> list[str]:
    res, n = hand["result"], rules.players
    if res.get("winner") is None:
        lines = [gettext("Nobody wins the hand.", lang)]
    else:
        lines = [gettext("The hand goes to {side}, for {pts}.", lang, side=_side(int(res["winner"]), n),
                   pts=points(int(res["points"]), lang))]
    lines += [gettext("The {contest} gives {side} {pts}.", lang, contest=sp["contest"],
                side=_side(int(sp["side"]), n), pts=points(int(sp["points"]), lang))
              for sp in res.get("side_points") or []]
    a, b = res["score"]
    lines.append(gettext("The score is {a} to {b}.", lang, a=a, b=b))
    return lines


def worked_hand(lang: str, link: Callable[[str], str], ruleset: str, seed: int) -> str:
    """The Markdown of one worked hand: who holds which cards, the numbered steps, the result.
    `link` writes a clause ID as the page shows it: a link on the site, the ID in the source."""
    rules = Rules.of(ruleset)
    hand = first_hand(ruleset, seed)
    decks = decks_of([ruleset])
    who = gettext("{dealer} deals; {starter} starts.", lang, dealer=_who(int(hand["dealer"])),
                  starter=_who(int(hand["starter"])))
    out = [gettext("A hand of {ruleset}, played by the bots (seed {seed}).", lang, ruleset=f"`{ruleset}`",
                   seed=seed) + " " + who, ""]
    if hand.get("muestra"):
        turned = card_name(hand["muestra"], decks, lang)
        out += [gettext("The card turned up is {card}.", lang, card=turned)]
        above = _Teller(rules, hand, lang)._turned_names()
        if above and rules.has("vira"):  # the vira's manilhas, strongest first
            named = sorted(above, key=lambda c: -card_strength(rules, c, muestra=hand["muestra"]))
            out[-1] += " " + gettext("The manilhas of this hand are {cards}.", lang, cards=", ".join(
                f"{card_name(c, decks, lang)} ({above[c]})" for c in named))
        out[-1] = esc(out[-1])  # card and manilha names come from the ruleset's file
        out.append("")
    # The deal as one paragraph (a list here would run on into the steps' numbered list).
    out += [" · ".join(f"**{_who(seat)}**: {', '.join(esc(card_name(c, decks, lang)) for c in cards)}"
                       for seat, cards in enumerate(hand["deal"])), ""]
    for i, step in enumerate(steps(rules, hand, lang), 1):
        cited = f" ({link(step.clause)})" if step.clause else ""
        out.append(f"{i}. {esc(step.text)}{cited}")
    out += ["", " ".join(esc(line) for line in _result(rules, hand, lang)), ""]
    return "\n".join(out)


def replace_markers(markdown: str, lang: str, link: Callable[[str], str], known: Callable[[str], bool],
                    warn: Callable[[str], None]) -> str:
    def one(m: re.Match[str]) -> str:
        if not known(m[1]):
            warn(f"worked-hand marker for unknown ruleset {m[1]!r}")
            return ""
        return worked_hand(lang, link, m[1], int(m[2]))

    return MARKER.sub(one, markdown)


__all__: Sequence[str] = ("first_hand", "replace_markers", "steps", "worked_hand")
