"""Which clauses a check exercised, and which card rule decided a round.

The monitor counts, per clause, how many times it ran a check that the clause governs: an
action replayed under it, a round or hand result compared, a score added up. `truco check`
prints these counts beside the violations, and the clause-coverage test reads them. Every
clause is the one the ruleset's file gives for the rule, never one chosen by the ruleset's name.
"""

from __future__ import annotations

from collections import Counter

from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.cards import COVERED, pieza_index, strength, strength_clause
from truco_rules.spec.rules.procedure.play import all_tied_clause
from truco_rules.spec.rules.procedure.truco import no_truco_clause
from truco_rules.spec.rules.rounds import TIE
from truco_rules.spec.rules.senas import sign_clause
from truco_rules.spec.rules.state import Hand, Rules


def _verb_clauses(rules: Rules, verb: str) -> tuple[str, ...]:
    """The clauses an applied action exercises, by verb (those that do not depend on the phase)."""
    # (section, role, the catalogue clause where the file names none) for each clause exercised
    table: dict[str, tuple[tuple[str, str, str], ...]] = {
        "cover": (("", "", "RND-1"), ("", "", "COV-1")),
        "ten-play": (("hand_of_ten", "choice", "TEN-5"), ("hand_of_ten", "value", "TEN-2")),
        "ten-decline": (("hand_of_ten", "choice", "TEN-5"), ("hand_of_ten", "decline", "TEN-6")),
        "envido": (("envido", "contest", "ENV-1"), ("envido", "no_pair", "ENV-3")),
        "real-envido": (("envido", "contest", "ENV-1"), ("envido", "real", "ENV-5")),
        "falta-envido": (("envido", "contest", "ENV-1"), ("envido", "falta", "ENV-6")),
        "flor": (("flor", "sing", "FLR-1"), ("flor", "stake", "FLR-2")),
        "flor-raise": (("flor", "partner", "FLR-3"),),
        "flor-pass": (("flor", "partner", "FLR-3"),),
        "contraflor": (("flor", "answers", "FLR-4"), ("flor", "contraflor", "FLR-6")),
        "contraflor-resto": (("flor", "contraflor", "FLR-6"), ("flor", "resto", "FLR-7")),
    }
    out = tuple(
        rules.clause_or(section, role, default) if section else default
        for section, role, default in table.get(verb, ())
    )
    if verb == "cover":  # the ruleset's own clause of its covering reading, where its file names one (PAU-11)
        own = rules.reading_clause("covering")
        out = (*out, own) if own else out
    return out


def _unique(*clauses: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(clauses))


def action_clauses(
    rules: Rules, verb: str, arg: str, phase: str, kind: str, hand: Hand | None = None
) -> tuple[str, ...]:
    """Clauses exercised by an action that was replayed (`phase` and `kind` as before it)."""
    truco = rules.data["truco"]["clauses"]
    ladder = _unique(truco["order"], *(c for c in (truco.get("names"),) if c))
    if verb == "play":
        out: tuple[str, ...] = _unique("RND-1", rules.data["play"]["order"])
        blind = rules.clause_or("iron_hand", "blind", "IRN-2")
        return (*out, blind) if kind == lad.IRON else out
    if verb == "raise":
        if lad.iron_like_ten(kind, rules.reading("iron-hand")):
            no_call = (
                no_truco_clause(hand)
                if hand is not None
                else rules.clause_or("hand_of_ten", "no_truco", "TEN-3")
            )
            penalty = rules.clause_or("hand_of_ten", "penalty", "TEN-4")
            return (no_call, penalty) if rules.reading("ten-truco") != "refused" else (no_call,)
        top = (truco["top"],) if arg == str(rules.ladder[-1]) else ()
        if phase == "truco":
            return _unique(truco["answer"], truco["raise"], *ladder, *top)
        return _unique(truco["call"], truco.get("alternate", "BET-10"), *ladder, *top)
    if verb in ("accept", "run"):
        if phase == "envido":
            env = rules.data["envido"]["clauses"]
            if verb != "accept":
                return (env["contest"],)
            if hand is not None and "piezas" in env and _holds_pieza(hand):  # URU-5: envido with piezas
                return _unique(env["pair"], env["points"], env["values"], env["piezas"])
            return _unique(env["pair"], env["points"], env["values"])
        if phase == "flor":
            answers = rules.clause_or("flor", "answers", "FLR-4")
            second = rules.clause_or("flor", "accept" if verb == "accept" else "achico", answers)
            return _unique(answers, second)
        return (truco["answer"], truco["accept"]) if verb == "accept" else (truco["answer"], truco["refuse"])
    if verb == "sign":
        return (sign_clause(rules, arg),) if rules.has("senas") and arg in rules.data["senas"] else ("SEN-1",)
    return _verb_clauses(rules, verb)


def _holds_pieza(hand: Hand) -> bool:
    m = hand.muestra_card
    return m is not None and any(int(pieza_index(hand.rules, *c, m)) >= 0
                                 for cards in hand.cards for c in cards)


def _stand_in(rules: Rules, card: tuple[int, int], muestra: tuple[int, int] | None) -> bool:
    """URU-4: the card is the stand-in of a muestra that is itself a pieza."""
    if muestra is None or not rules.has("muestra") or "stand_in" not in rules.data["muestra"]:
        return False
    ranks = rules.deck.ranks
    stand_in = ranks.index(str(rules.data["muestra"]["stand_in"]))
    piezas = {ranks.index(str(p["rank"])) for p in rules.data["muestra"]["piezas"]}
    return card == (stand_in, muestra[1]) and muestra[0] in piezas


def card_clause(
    rules: Rules,
    a: tuple[tuple[int, int], bool],
    b: tuple[tuple[int, int], bool],
    muestra: tuple[int, int] | None = None,
) -> str:
    """The clause that orders two played cards ((rank, suit), covered)."""
    (ca, cov_a), (cb, cov_b) = a, b
    if cov_a or cov_b:
        return "COV-1"
    return strength_clause(rules, ca, cb, muestra)


def round_clause(hand: Hand, k: int) -> str:
    """The card clause that decided round `k` of a replayed hand: the comparison between the best
    card of the round and the best card of the other side (the tying cards for a tie)."""
    r = hand.rules
    plays = hand.past[k]
    cards = [(hand.cards[s][slot], cov) for s, slot, cov in plays]
    power = [COVERED if cov else int(strength(r, *c, hand.muestra_card)) for c, cov in cards]
    sides = [s % 2 for s, _, _ in plays]
    top = max(range(len(plays)), key=lambda i: power[i])
    others = [i for i in range(len(plays)) if sides[i] != sides[top]]
    if not others:
        return "RND-2"
    rival = max(others, key=lambda i: power[i])
    m = hand.muestra_card
    if m is not None and any(not cov and _stand_in(r, c, m) for c, cov in (cards[top], cards[rival])):
        return str(r.data["muestra"]["clauses"].get("stand_in", r.clause("muestra")))  # URU-4
    return card_clause(r, cards[top], cards[rival], m)


def resolution_clauses(hand: Hand) -> tuple[str, ...]:
    """The hand-resolution clauses (HND-1, HND-2, HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9, HND-10)
    that the round results of a finished hand apply, those of the ruleset's own rulebook where it states
    them."""
    rules, rounds = hand.rules, hand.rounds
    t = [x == TIE for x in rounds]
    if len(rounds) < 2:
        return ()
    out = ["HND-2" if rules.holds("HND-2") else "HND-1"]
    if not t[0] and rounds[0] == rounds[1]:
        out.append("HND-4" if rules.holds("HND-4") else "HND-3")
    elif not t[0] and t[1]:
        out.append("HND-8" if rules.holds("HND-8") else "HND-5")
    elif t[0] and not t[1]:
        out.append("HND-7" if rules.holds("HND-7") else "HND-5")
    elif len(rounds) == 3 and all(t):
        out.append(all_tied_clause(hand))
    elif len(rounds) == 3 and t[0]:
        out.append("HND-5")
    elif len(rounds) == 3 and t[2]:
        out.append("HND-6" if rules.reading("split-then-tie") == "first-round-winner" else "HND-5")
    elif len(rounds) == 3:
        out.append("HND-4" if rules.holds("HND-4") else "HND-3")
    return tuple(out)


def hand_clauses(hand: Hand, counts: Counter[str]) -> None:
    """Count the clauses of the rounds, their resolution and the kind of a replayed hand."""
    r = hand.rules
    for k, result in enumerate(hand.rounds):
        if k >= len(hand.past):
            break
        counts["RND-3" if result == TIE else "RND-2"] += 1
        counts[round_clause(hand, k)] += 1
    if hand.over:
        for clause in resolution_clauses(hand):
            counts[clause] += 1
    if hand.kind == lad.TEN:
        counts[r.clause("hand_of_ten", "kind")] += 1
        counts[r.clause("hand_of_ten", "value")] += 1
    elif hand.kind == lad.IRON:
        counts[r.clause("iron_hand", "kind")] += 1
        if r.data["iron_hand"]["decides_match"]:
            counts[r.clause("iron_hand", "decides_match")] += 1
