"""Which rule a divergence breaks: the clause a follower (truco_rules.spec.monitor.follow) names when the
engine's seat to act, its legal actions or its end of the match differ from the spec's.

When the seat to act differs, the cause is the one it can see: the clause of who answers a
contest where one is pending or was just called (the engine's legal answers show what it thinks
is pending), else the order of play (AMB-14, ORD-2...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.monitor.trace import LEGAL
from truco_rules.spec.rules.state import Illegal

if TYPE_CHECKING:
    from truco_rules.spec.monitor.follow import Follower

# The calls and answers of each contest (a last action among them puts the seat to act in its hands).
_CONTESTS = {"truco": frozenset({"raise"}), "envido": frozenset({"envido", "real-envido", "falta-envido"}),
             "flor": frozenset({"flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto"})}
_ANSWERS = frozenset({"accept", "run", "contraflor", "contraflor-resto", "flor-raise", "flor-pass"})
# The clause that allows an action (named when the engine leaves out one the spec allows).
_GRANTS = {"play": "RND-1", "cover": "COV-1", "ten-play": "TEN-5", "ten-decline": "TEN-5",
           "envido": "ENV-1", "real-envido": "ENV-5", "falta-envido": "ENV-6", "flor": "FLR-1",
           "flor-raise": "FLR-3", "flor-pass": "FLR-3", "contraflor": "FLR-6",
           "contraflor-resto": "FLR-6", "sign": "SEN-1"}


def target_clause(f: Follower) -> str:
    return f.rules.clause("match", "target")


def end_clause(f: Follower) -> str:
    """The clause that ended the spec's match (the target's clause for a target reached)."""
    end = f.match.end_clause
    return target_clause(f) if end in (f.rules.clause("match", "end"), "") else end


def actor_divergence(f: Follower, seat: int | None, want: int | None) -> tuple[str, str, str, str]:
    hand, r = f.hand, f.rules
    if want is None:
        end = end_clause(f)
        return end, f"the match is over ({end})", "end", f"seat {seat} to act"
    assert hand is not None
    if seat is None:
        return outcome_clause(f), f"seat {want} must act", "end", "the match is over"
    recorded = len(f.engine_record().get("hands") or [])
    if recorded != f.match.number - 1:
        return (outcome_clause(f), f"hand {f.match.number} goes on: seat {want} must act", "actor",
                f"hand {f.match.number} is over")
    contest = contest_cause(f)
    if contest is not None:
        clause, settled = contest
        return clause, f"seat {want} must act" + (f" ({settled})" if settled else ""), "actor", \
            f"seat {seat} to act"
    if hand.phase == "ten-choice":
        clause = r.clause_or("hand_of_ten", "choice", "TEN-5")
    elif hand.phase in _CONTESTS:
        clause = answer_clause(f, hand.phase)
    elif hand.plays:
        clause = str(r.data["play"]["order"])
    elif hand.rounds:
        clause = "AMB-14"  # the round leader (register: round-leader)
    else:
        clause = "ORD-2" if r.holds("ORD-2") else "AMB-15"
    return clause, f"seat {want} must act", "actor", f"seat {seat} to act"


def last_action(f: Follower) -> tuple[str, str]:
    """(the last action applied in this hand, the spec's phase before it), or ("", "")."""
    if not f.hand_actions:
        return "", ""
    step = next(s for s in reversed(f.trace.steps) if s.expect == LEGAL)
    return step.action, f.phase_before


def answer_clause(f: Follower, contest: str, offered: frozenset[str] = frozenset()) -> str:
    """The clause of who answers a pending contest (truco, envido, flor), from the ruleset's file.
    The flor's stage is the spec's, or where its flor is over, the one the engine's answers
    (`offered`) show it is at."""
    r, hand = f.rules, f.hand
    if contest == "truco":
        return str(r.data["truco"]["clauses"]["answer"])
    if contest == "envido":
        return r.clause_or("envido", "contest", "ENV-1")
    stage = hand.flor.stage if hand is not None and hand.phase == "flor" else ""
    if not stage and offered:
        stage = "partner" if "flor-raise" in offered else "resto" if "contraflor-resto" in offered else ""
    if stage == "partner":
        return r.clause_or("flor", "partner", "FLR-3")
    if stage in ("contraflor", "resto"):
        return r.clause_or("flor", "contraflor", "FLR-6")
    return r.clause_or("flor", "answers", "FLR-4")


def contest_cause(f: Follower) -> tuple[str, str] | None:
    """Where the engine's seat to act differs because of a contest: (the clause of who must
    answer it, "the <contest> is settled" where the spec's contest is over, else ""), else None.

    A contest decides who acts until it is settled: when the last action was one of its
    calls or answers, or the engine offers answers, the clause of who answers the contest is
    the cause, not the order of play that a wrong answerer then breaks (ORD-2, AMB-14)."""
    hand = f.hand
    assert hand is not None
    last, before = last_action(f)
    verb = last.split(" ", 1)[0]
    offered = frozenset(a.split(" ", 1)[0] for a in f.engine_legal()) & _ANSWERS
    if not offered and hand.phase not in _CONTESTS:
        return None  # neither side has a contest pending: the order of play decides
    called = next((c for c in _CONTESTS if verb in _CONTESTS[c]), "")
    # A call names its contest; else the contest the spec waits on, or the one just settled.
    contest = called or (hand.phase if hand.phase in _CONTESTS else before)
    if contest not in _CONTESTS:
        return None
    settled = "" if hand.phase in _CONTESTS else f"the {contest} is settled"
    return answer_clause(f, contest, offered), settled


def outcome_clause(f: Follower) -> str:
    """The hand-resolution clause the current hand is at (for an engine that ended it early)."""
    hand, r = f.hand, f.rules
    assert hand is not None
    if len(hand.rounds) >= 1 and r.reading("hand-length") != "always-three-rounds":
        return "HND-2" if r.holds("HND-2") else "HND-1"
    return "RND-1"


_ANSWER_VERBS = frozenset({"accept", "run"})
_CARD_VERBS = frozenset({"play", "cover"})


def state_divergence(f: Follower, got: set[str], spec: set[str]) -> tuple[str, str, str] | None:
    """Where the legal sets differ because the engine is in another state, not because it offers
    another action in the same one: (clause, what the rules require, what the engine does), named by
    the rule of what the engine ended (or never ended) while the same seat acts next; else None.

    - the engine offers cards the seat does not hold: its hand is over (the rule that ends a hand);
    - the spec waits for an answer to a call (accept, run) and the engine offers none: the engine
      ended that contest silently (the clause of who answers it);
    - the engine waits for an answer the spec does not: it did not end a contest the spec ended, or
      opened one (the clause of who answers that contest).
    Such a difference is never stepped over: the two sides no longer compute the same game."""
    hand = f.hand
    if hand is None:
        return None
    seat = hand.to_act()
    held = set(hand.deal[seat]) if seat is not None else set()
    foreign = sorted(a for a in got if a.split(" ", 1)[0] in _CARD_VERBS and " " in a
                     and not a.split(" ", 1)[1].startswith("#") and a.split(" ", 1)[1] not in held)
    if foreign:
        return (outcome_clause(f), f"hand {f.match.number} goes on: seat {seat} holds {sorted(held)}",
                f"offers {foreign[:3]}: cards of another deal (its hand {f.match.number} is over)")
    asks = {a for a in spec if a in _ANSWER_VERBS}
    offers = {a for a in got if a in _ANSWER_VERBS}
    if asks and not offers:
        pending = hand.phase if hand.phase in _CONTESTS else "truco"
        return (answer_clause(f, pending), f"the {pending} waits for its answer: {sorted(spec)}",
                f"it ended the {pending} silently: {sorted(got)}")
    if offers and not asks:
        contest = contest_cause(f)
        clause = contest[0] if contest is not None else answer_clause(f, "truco")
        settled = contest[1] if contest is not None and contest[1] else "no call waits for an answer"
        return clause, settled, f"it waits for an answer: {sorted(got)}"
    return None


def set_divergence(f: Follower, got: set[str], spec: set[str]) -> tuple[str, str, str]:
    """(clause, what the rules require, what the engine does) for legal sets that differ."""
    hand = f.hand
    assert hand is not None
    extra, missing = sorted(got - spec), sorted(spec - got)
    also = f"; it leaves out {missing}" if missing else ""
    if extra:
        try:
            hand.apply(hand.to_act(), extra[0], dry_run=True)  # type: ignore[arg-type]
            clause, why = "RND-1", "not allowed now"
        except Illegal as exc:
            clause, why = exc.clause, exc.requires
        return clause, f"{extra[0]!r} is not allowed now: {why}", f"allows {extra}{also}"
    verb = missing[0].split(" ", 1)[0]
    if verb == "raise":
        clause = "BET-5" if hand.phase == "truco" else "BET-1"
    elif verb in ("accept", "run"):
        clause = {"envido": "ENV-1", "flor": "FLR-4"}.get(hand.phase, "BET-2")
    elif verb == "mazo" and hand.rules.has("mazo"):
        clause = hand.rules.clause("mazo")  # ARG-9, URU-10: the file's clause of the mazo
    else:
        clause = _GRANTS.get(verb, "RND-1")
    return clause, f"{missing[0]!r} is allowed now", f"leaves out {missing}"
