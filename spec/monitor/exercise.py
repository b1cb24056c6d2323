"""Which clauses a check exercised, and which card rule decided a round.

The monitor counts, per clause, how many times it ran a check that the clause governs: an
action replayed under it, a round or hand result compared, a score added up. `truco check`
prints these counts beside the violations, and the clause-coverage test reads them.
"""

from __future__ import annotations

from collections import Counter

from spec.rules import ladder as lad
from spec.rules.cards import COVERED, strength
from spec.rules.rounds import TIE
from spec.rules.state import Hand, Rules

# The clauses an applied action exercises, by verb and the phase it was taken in.
_BY_VERB: dict[str, tuple[str, ...]] = {
    "cover": ("RND-1", "COV-1"),
    "ten-play": ("TEN-5", "TEN-2"),
    "ten-decline": ("TEN-5", "TEN-6"),
    "envido": ("ENV-1", "ENV-3"),
    "real-envido": ("ENV-1", "ENV-5"),
    "falta-envido": ("ENV-1", "ENV-6"),
    "flor": ("FLR-1", "FLR-2"),
    "flor-raise": ("FLR-3",),
    "flor-pass": ("FLR-3",),
    "contraflor": ("FLR-4", "FLR-6"),
    "contraflor-resto": ("FLR-6", "FLR-7"),
}
_SIGN = {"ciego": "SEN-1", "tanto-27-29": "SEN-2", "tanto-30-plus": "SEN-3"}


def action_clauses(rules: Rules, verb: str, arg: str, phase: str, kind: str) -> tuple[str, ...]:
    """Clauses exercised by an action that was replayed (`phase` and `kind` as before it)."""
    mineiro = rules.variant == "mineiro"
    ladder = ("BET-6", "BET-7") if mineiro else ("BET-9",)
    if verb == "play":
        out: tuple[str, ...] = ("RND-1",) if mineiro else ("RND-1", "ORD-1")
        return (*out, "IRN-2") if kind == lad.IRON else out
    if verb == "raise":
        if lad.iron_like_ten(kind, rules.reading("iron-hand")):
            no_call = "IRN-3" if kind == lad.IRON and rules.holds("IRN-3") else "TEN-3"
            return (no_call, "TEN-4") if rules.reading("ten-truco") != "refused" else (no_call,)
        top = ("BET-8",) if mineiro and arg == str(lad.ladder(rules.variant)[-1]) else ()
        if phase == "truco":
            return ("BET-2", "BET-5", *ladder, *top)
        return ("BET-1", "BET-10", *ladder, *top)
    if verb in ("accept", "run"):
        if phase == "envido":
            return ("ENV-2", "ENV-4", "ENV-7") if verb == "accept" else ("ENV-1",)
        if phase == "flor":
            return ("FLR-4", "FLR-5") if verb == "accept" else ("FLR-4", "FLR-8")
        return ("BET-2", "BET-3") if verb == "accept" else ("BET-2", "BET-4")
    if verb == "sign":
        return (_SIGN.get(arg, "SEN-1"),)
    return _BY_VERB.get(verb, ())


def _is_manilha(rules: Rules, card: tuple[int, int]) -> bool:
    return int(strength(rules.variant, *card)) > 10  # cards.mineiro_strength: manilhas are 11..14


def card_clause(rules: Rules, a: tuple[tuple[int, int], bool], b: tuple[tuple[int, int], bool]) -> str:
    """The clause that orders two played cards ((rank, suit), covered)."""
    (ca, cov_a), (cb, cov_b) = a, b
    if cov_a or cov_b:
        return "COV-1"
    if rules.variant != "mineiro":
        return "CARD-5"
    ma, mb = _is_manilha(rules, ca), _is_manilha(rules, cb)
    if ma and mb:
        return "CARD-2"
    if ma or mb:
        return "CARD-3"
    return "CARD-4" if ca[0] == cb[0] else "CARD-1"


def round_clause(hand: Hand, k: int) -> str:
    """The card clause that decided round `k` of a replayed hand: the comparison between the best
    card of the round and the best card of the other side (the tying cards for a tie)."""
    r = hand.rules
    plays = hand.past[k]
    cards = [(hand.cards[s][slot], cov) for s, slot, cov in plays]
    power = [COVERED if cov else int(strength(r.variant, *c)) for c, cov in cards]
    sides = [s % 2 for s, _, _ in plays]
    top = max(range(len(plays)), key=lambda i: power[i])
    others = [i for i in range(len(plays)) if sides[i] != sides[top]]
    if not others:
        return "RND-2"
    rival = max(others, key=lambda i: power[i])
    return card_clause(r, cards[top], cards[rival])


def resolution_clauses(rules: Rules, rounds: list[int]) -> tuple[str, ...]:
    """The hand-resolution clauses (HND-1..10) that the round results of a finished hand apply,
    those of the ruleset's own rulebook where it states them."""
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
        out.append("HND-10" if rules.reading("all-rounds-tied") == "dealer-side-wins" else "HND-9")
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
        for clause in resolution_clauses(r, hand.rounds):
            counts[clause] += 1
    if hand.kind == lad.TEN:
        counts["TEN-1"] += 1
        counts["TEN-2"] += 1
    elif hand.kind == lad.IRON:
        counts["IRN-1"] += 1
        if r.holds("IRN-4"):
            counts["IRN-4"] += 1
