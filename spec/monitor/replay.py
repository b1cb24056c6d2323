"""Replay a game record step by step against a ruleset and report every violation.

What is checked, in order: the record format (field by field; a record that breaks it is not
replayed), the ruleset and readings, then for each hand its number, partida, starter and dealer,
the deal (players, three cards each, cards of the deck, no duplicates), every action and its
actor (truco_rules.spec.rules.state), what the record claims (round winners, hand winner and points, side
points, forfeit, score), and at the end that the match really ended with the claimed winner,
score and partidas.

Policy after an illegal action: the hand's later actions are not checked (the state the record
assumes is no longer the spec's). The hand's claimed result is still checked for its own
arithmetic (the score adds up), and the match goes on from the claimed score, so one broken
hand does not make every later hand fail. The same holds for a hand whose deal is invalid.
The monitor never repairs a record: it only reports.

A hand forfeited by a truco called in the hand of ten under `caller-loses-match` (TEN-4) is
recorded as the procedure says: winner = the other side, points 0, forfeit = the caller's side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.spec.catalogue import UnknownNameError
from truco_rules.spec.monitor.exercise import action_clauses, hand_clauses, resolution_clauses, round_clause
from truco_rules.spec.monitor.structure import structure_errors
from truco_rules.spec.monitor.violation import FORMAT, Violation
from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.match import reached_target
from truco_rules.spec.rules.rounds import TIE
from truco_rules.spec.rules.ruleset import NotOptionalError
from truco_rules.spec.rules.state import Hand, Illegal, Match, Outcome, Rules


def check_record(record: Any, ruleset: str | None = None, game: int = 0, *,
                 exercised: Counter[str] | None = None, in_progress: bool = False,
                 without: frozenset[str] = frozenset(), readings: Mapping[str, str] | None = None
                 ) -> list[Violation]:
    """Every violation in one record (a dict as in the record format).

    `ruleset`, when given, is the ruleset to check against; a record naming another one is
    reported (field `ruleset`) and checked no further: its hands are another game's, and every
    one of them would be reported for that one mistake. `exercised`, when
    given, is increased by one per clause for every check the monitor ran under it.
    `in_progress` checks a match not over yet: its `result` may be null and is not checked.
    `without`: optional features the ruleset is played without (an engine's declaration,
    truco_rules.spec.rules.ruleset.OPTIONAL_FEATURES). `readings`, when given, are checked against
    instead of the record's own (`truco profile` replays an engine's record under each reading).
    """
    stopped = stopped_by_referee(record)
    if (in_progress or stopped) and isinstance(record, dict) and record.get("result") is None:
        record = {**record, "result": {"winner": 0, "score": [0, 0], "partidas": [0]}}
        in_progress = True
    else:
        in_progress = False
    errors = structure_errors(record)
    if not errors and record["result"] is None:  # the format allows it only in a match a referee stopped
        errors = [("result", "must be an object: null only when referee.termination is not 'normal'", "null")]
    if errors:
        return [Violation(game, FORMAT, problem, says=value, field=path or "(record)")
                for path, problem, value in errors]
    found: list[Violation] = []
    name = record["ruleset"]
    if ruleset is not None and ruleset != name:
        return [Violation(game, FORMAT, f"the ruleset must be {ruleset}", says=name, field="ruleset")]
    try:
        rules = Rules.of(name, record["readings"] if readings is None else readings, record.get("edition"),
                         without=without)
    except NotOptionalError:  # the caller's declaration, not the record, is at fault
        raise
    except ValueError as exc:  # an edition the ruleset's file does not have
        found.append(Violation(game, FORMAT, str(exc), says=json_brief(record.get("edition")),
                               field="edition"))
        return found
    except UnknownNameError as exc:
        if exc.what == "ruleset":  # the field at fault is the ruleset, not the readings
            found.append(Violation(game, FORMAT, str(exc), says=json_brief(name), field="ruleset"))
        else:
            found.append(Violation(game, FORMAT, str(exc), says=json_brief(record["readings"]),
                                   field="readings"))
        return found
    start = record.get("start")
    if start is not None:
        bad = start_problem(rules, start["scores"], start["dealer"])
        if bad:
            found.append(Violation(game, FORMAT, bad[1], says=json_brief(start), field=bad[0]))
            return found
    checker = _MatchChecker(rules, record, game, exercised if exercised is not None else Counter())
    checker.counting = exercised is not None
    return found + checker.run(check_end=not in_progress)


def stopped_by_referee(record: Any) -> bool:
    """Whether a referee stopped the match before its end (a `referee` block, truco-referee/1,
    whose termination is not 'normal'): its hands so far are checked, not its end."""
    referee = record.get("referee") if isinstance(record, dict) else None
    return isinstance(referee, dict) and referee.get("termination") not in (None, "normal")


def start_problem(rules: Rules, scores: Sequence[int], dealer: int) -> tuple[str, str] | None:
    """(field, what is wrong) with a set start position, or None: each score below the target, the
    dealer a seat of the ruleset."""
    if any(reached_target(x, rules) for x in scores):
        return "start.scores", "a match cannot start with a side at the target"
    if dealer >= rules.players:
        return "start.dealer", f"the dealer is a seat 0..{rules.players - 1}"
    return None


def json_brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _MatchChecker:
    def __init__(self, rules: Rules, record: Mapping[str, Any], game: int, exercised: Counter[str]) -> None:
        self.rules, self.record, self.game, self.exercised = rules, record, game, exercised
        start = record.get("start") or {}
        self.match = Match.at(rules, start.get("scores", (0, 0)), start.get("dealer"))
        self.found: list[Violation] = []
        # Whether to count the clauses each action and round exercised: the checks do not need
        # it, and finding those clauses costs a quarter of a replay (validate never asks).
        self.counting = True
        # Asked once per match, not once per hand: the clauses the hand-by-hand checks cite.
        self.end_clauses = rules.clause("match", "end")
        self.order_clause = "ORD-2" if rules.holds("ORD-2") else "AMB-15"
        self.over_clause = "HND-2" if rules.holds("HND-2") else "HND-1"
        self.deck_clause, self.players_clause = rules.clause("deck"), rules.clause("players")
        self.deal_clause = rules.clause("deal")
        self.muestra_clause = rules.turned_clause  # URU-2, PAU-2
        self.round_ends: list[int] = []  # per round of the hand being checked: its last action

    def report(self, clause: str, requires: str, says: Any = "", field: str = "",
               hand: int | None = None, action: int | None = None) -> None:
        # What the record says, as it says it: a null is "null", never Python's "None".
        said = "null" if says is None else str(says)
        self.found.append(Violation(self.game, clause, requires, said, field, hand, action))

    def run(self, check_end: bool = True) -> list[Violation]:
        for i, hand in enumerate(self.record["hands"]):
            if self.match.over:
                self.report(self.match.end_clause or self.end_clauses,
                            "the match was already over: no more hands", f"{len(self.record['hands'])} hands",
                            f"hands[{i}]", hand["number"])
                break
            self.check_hand(i, hand)
        if check_end:
            self.check_result()
        return self.found

    # --- one hand -----------------------------------------------------------------------------
    def check_hand(self, i: int, rec: Mapping[str, Any]) -> None:
        m, r, path = self.match, self.rules, f"hands[{i}]"
        number = rec["number"]
        expect = (("number", m.number + 1, "HND-11"), ("partida", m.partida, self.end_clauses),
                  ("starter", m.starter, self.order_clause),
                  ("dealer", (m.starter - 1) % r.players, self.order_clause))
        for key, want, clause in expect:
            if rec[key] != want:
                self.report(clause, f"{key} must be {want}", rec[key], f"{path}.{key}", number)
        counting = self.counting
        if counting:
            self.exercised.update(clause for _, _, clause in expect)
        deal = tuple([tuple(cards) for cards in rec["deal"]])
        muestra = rec.get("muestra")
        if not self.deal_ok(deal, muestra, path, number):
            m.number += 1  # the hand counts even though it cannot be replayed
            self.resync(rec, path, number, hand=None)
            return
        hand = m.new_hand(deal, muestra)
        clean = True
        seen = self.exercised
        self.round_ends = []
        for j, act in enumerate(rec["actions"]):
            phase = hand.phase
            try:
                hand.apply(act["seat"], act["action"])
                if len(hand.rounds) > len(self.round_ends):
                    self.round_ends.append(j)
                if counting:
                    verb, _, arg = act["action"].partition(" ")
                    for clause in action_clauses(r, verb, arg, phase, hand.kind, hand):
                        seen[clause] += 1
            except Illegal as exc:
                self.report(exc.clause, exc.requires, f"seat {act['seat']}: {act['action']}",
                            f"{path}.actions[{j}]", number, j)
                clean = False
                break  # policy: the hand's later actions are not checked
        if clean and not hand.over:
            self.report(self.over_clause, f"the hand is not over after its {len(rec['actions'])} actions: "
                                f"seat {hand.to_act()} must act", f"{len(rec['actions'])} actions",
                        f"{path}.actions", number)
            clean = False
        if counting:
            hand_clauses(hand, seen)
        if not clean:
            self.check_rounds(hand, rec["result"]["rounds"][:len(hand.rounds)], path, number)
            self.resync(rec, path, number, hand)
            return
        self.check_outcome(hand, rec["result"], path, number)

    def deal_ok(self, deal: tuple[tuple[str, ...], ...], muestra: str | None, path: str, number: int) -> bool:
        r = self.rules
        ok = True
        if len(deal) != r.players:
            self.report(self.players_clause, f"the deal must have {r.players} seats",
                        len(deal), f"{path}.deal", number)
            return False
        cards = r.deck.in_play
        deck_clause, clause = self.deck_clause, self.muestra_clause
        if self.counting:
            self.exercised.update((deck_clause, self.players_clause, self.deal_clause))
            if clause is not None:
                self.exercised[clause] += 1
        if clause is not None:  # URU-2: one more card, turned up, in nobody's hand
            if muestra is None or muestra not in cards:
                self.report(clause, f"the hand must carry its {r.turned_name}, a card of the deck", muestra,
                            f"{path}.muestra", number)
                return False
            if any(muestra in hand for hand in deal):
                self.report(clause, f"the {r.turned_name} is in nobody's hand", muestra,
                            f"{path}.muestra", number)
                ok = False
        elif muestra is not None:
            self.report(self.deal_clause, "this ruleset turns up no muestra", muestra,
                        f"{path}.muestra", number)
            return False
        dealt = [c for hand in deal for c in hand]
        if not cards.issuperset(dealt):
            for s, hand in enumerate(deal):
                for k, card in enumerate(hand):
                    if card not in cards:
                        self.report(deck_clause, "every card must be a card of the deck", card,
                                    f"{path}.deal[{s}][{k}]", number)
                        ok = False
        dup = [] if len(set(dealt)) == len(dealt) else [c for c, n in Counter(dealt).items() if n > 1]
        if dup:
            self.report(deck_clause, "no card may be dealt twice", ", ".join(sorted(dup)),
                        f"{path}.deal", number)
            ok = False
        return ok

    def kind_clause(self, hand: Hand) -> str | None:
        """The clause of what a hand of ten or an iron hand is worth (TEN-2, IRN-1, PAU-8, PAU-9...):
        the rule of such a hand names what it scores, however it ended (one cause, not one per
        last action), else None."""
        r = self.rules
        if hand.kind == lad.IRON and r.has("iron_hand"):
            return r.clause("iron_hand", "kind")
        if hand.kind == lad.TEN and r.has("hand_of_ten"):
            return r.clause_or("hand_of_ten", "value", r.clause("hand_of_ten", "kind"))
        return None

    def points_clause(self, hand: Hand, outcome: Outcome, named: bool = True) -> str:
        """The clause of a hand's points: `named` for a finding (an iron hand's own rule), else the
        clause its check exercises (the catalogue of situations counts those)."""
        if outcome.clause not in ("HND-3", "HND-10", "COV-2"):
            return outcome.clause  # a rule of its own (a run, a declined hand of ten, the mazo...)
        if hand.truco.last_call_side is not None:
            return "BET-3"
        if lad.iron_like_ten(hand.kind, self.rules.reading("iron-hand")) and self.rules.has("hand_of_ten"):
            return self.rules.clause("hand_of_ten", "value")
        # An iron hand decided by its rounds: its own rule, whatever its last card (one cause).
        kind = self.kind_clause(hand) if named and hand.kind == lad.IRON else None
        return kind or str(self.rules.data["truco"]["opening"]["clause"])

    def winner_clause(self, hand: Hand, outcome: Outcome) -> str:
        """The clause that names a hand's winner: for a hand decided by its rounds, the resolution
        rule those rounds apply (HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9, HND-10), else the clause
        that ended the hand."""
        if outcome.clause not in ("HND-3", "HND-9", "HND-10"):
            return outcome.clause
        found = resolution_clauses(hand)
        return found[-1] if len(found) > 1 else outcome.clause

    def check_outcome(self, hand: Hand, res: Mapping[str, Any], path: str, number: int) -> None:
        o = hand.outcome
        assert o is not None
        self.check_rounds(hand, res["rounds"], path, number)
        winner, points = o.winner, o.points
        if self.counting:
            seen = self.exercised
            seen[o.clause] += 1
            seen[self.points_clause(hand, o, named=False)] += 1
            for *_, clause in o.side_points:
                seen[clause] += 1
            if o.forfeit is not None or res.get("forfeit") is not None:
                seen["TEN-4"] += 1
        claimed_forfeit = res.get("forfeit")
        if res["winner"] != winner:
            self.report(self.winner_clause(hand, o), f"the hand's winner is {_side(winner)}",
                        _side(res["winner"]), f"{path}.result.winner", number)
        if res["points"] != points:
            self.report(self.points_clause(hand, o), f"{_whose(hand)} points are {points}", res["points"],
                        f"{path}.result.points", number)
        side_points = [(c, s, p) for c, s, p, _ in o.side_points]
        claimed = [(x["contest"], x["side"], x["points"]) for x in res.get("side_points", [])]
        if claimed != side_points:
            k = next((k for k, (a, b) in enumerate(zip(claimed, side_points, strict=False)) if a != b),
                     min(len(claimed), len(side_points)))
            clause = o.side_points[k][3] if k < len(o.side_points) else "ENV-1"
            if k < len(claimed) and k < len(side_points) and claimed[k][0] == side_points[k][0] == "envido" \
                    and claimed[k][1] != side_points[k][1]:
                # The envido went to the other side: the points each seat counts decide it (ENV-4),
                # whatever the stake; the record does not show the points themselves.
                clause = str(self.rules.data["envido"]["clauses"]["points"])
            self.report(clause, f"the side points are {_pts(side_points)}", _pts(claimed),
                        f"{path}.result.side_points", number)
        if claimed_forfeit != o.forfeit:
            self.report("TEN-4", f"forfeit is {_side(o.forfeit)}", _side(claimed_forfeit),
                        f"{path}.result.forfeit", number)
        self.match.end_hand(hand.kind, o, hand.score)
        if res["score"] != self.match.hand_score:
            if self.capped(res["score"]):  # one cause, however the last hand ended: the target's rule
                self.report(self.rules.clause("match", "target"), f"the final score is not capped at the "
                            f"target: it is {self.match.hand_score}", res["score"], f"{path}.result.score",
                            number)
            else:
                self.report(self.points_clause(hand, o),
                            f"the score after the hand is {self.match.hand_score}", res["score"],
                            f"{path}.result.score", number)

    def capped(self, claimed: Any) -> bool:
        """Whether a claimed final score is the spec's with the points past the target left out."""
        m = self.match
        if not m.over or not isinstance(claimed, list) or len(claimed) != 2:
            return False
        target = int(self.rules.data["match"]["target"])
        return claimed == [min(x, target) for x in m.hand_score]

    def resync(self, rec: Mapping[str, Any], path: str, number: int, hand: Hand | None) -> None:
        """After a hand that could not be replayed: check that its claimed score adds up, then go on
        from what it claims."""
        res = rec["result"]
        m, r = self.match, self.rules
        before = list(m.score)
        side_points = [(x["contest"], x["side"], x["points"], "") for x in res.get("side_points", [])]
        outcome = Outcome(winner=res["winner"], points=res["points"], forfeit=res.get("forfeit"),
                          side_points=side_points)
        live = list(before)
        if r.reading("side-bet-scoring") == "immediately":
            for _, s, p, _ in side_points:
                live[s] += p
            outcome.partida_ended = res["winner"] is None and any(reached_target(x, r) for x in live)
        kind = hand.kind if hand is not None else lad.hand_kind(r, *before)
        m.end_hand(kind, outcome, live)
        if res["score"] != m.hand_score:
            self.report("HND-11", f"the claimed score does not add up: {before} plus the claimed points "
                                  f"make {m.hand_score}", res["score"], f"{path}.result.score", number)
            if m.partida == rec["partida"] and not m.over:
                m.score = list(res["score"])  # go on from what the record claims

    def check_rounds(self, hand: Hand, claimed: list[Any], path: str, number: int) -> None:
        """The claimed round results against the replayed ones; a wrong round also names the card
        rule that decided it (CARD-1, CARD-2, CARD-3, CARD-4, CARD-5, COV-1, URU-3...).

        A wrong round is placed at the action that ended it: the engine decided it there, and what
        it did next (who leads the next round, an early end of the hand) follows from it. The cause
        comes first: the tie rule when the spec's round is a tie (RND-3), else the card rule that
        orders the two cards (the engine ranked them otherwise), then the round rule."""
        rounds = ["tie" if x == TIE else x for x in hand.rounds]
        if claimed == rounds:
            return
        k = next((k for k, (a, b) in enumerate(zip(claimed, rounds, strict=False)) if a != b), None)
        if k is None or k >= len(hand.past):
            clause = "HND-1" if k is None else ("RND-3" if "tie" in (rounds[k], claimed[k]) else "RND-2")
            self.report(clause, f"the rounds are {rounds}", claimed, f"{path}.result.rounds", number)
            return
        at = self.round_ends[k] if k < len(self.round_ends) else None
        rule = "RND-3" if rounds[k] == "tie" else "RND-2"
        card = round_clause(hand, k)
        rows = [(rule, f"the rounds are {rounds}", claimed, f"{path}.result.rounds")]
        if card != rule:
            row = (card, f"round {k + 1} is {rounds[k]} by the order of the cards", claimed[k],
                   f"{path}.result.rounds[{k}]")
            rows.insert(0 if rule == "RND-2" else 1, row)
        for clause, requires, says, where in rows:
            self.report(clause, requires, says, where, number, at)

    # --- the end of the match -----------------------------------------------------------------
    def check_result(self) -> None:
        m, res = self.match, self.record["result"]
        self.exercised[self.end_clauses] += 1
        self.exercised[self.rules.clause("match", "target")] += 1
        if not m.over:
            self.report(self.end_clauses, f"the match is not over: the score is {m.score}",
                        f"winner {res['winner']}", "hands")
            return
        if res["winner"] != m.winner:
            self.report(m.end_clause, f"the match winner is side {m.winner}", res["winner"], "result.winner")
        if res["score"] != m.hand_score:
            said = " (not capped at the target)" if self.capped(res["score"]) else ""
            self.report(m.end_clause, f"the final score is {m.hand_score}{said}", res["score"],
                        "result.score")
        if res["partidas"] != m.partidas:
            self.report(self.end_clauses if m.end_clause != self.end_clauses else m.end_clause,
                        f"the partidas are won by {m.partidas}", res["partidas"], "result.partidas")


def _whose(hand: Hand) -> str:
    """Whose points a result names: the kind of a hand with a value rule of its own is said, so that
    the finding's cause is that rule, not the way the hand ended (truco_rules.spec.monitor.findings)."""
    if hand.kind == lad.IRON:
        return "the iron hand's"
    if hand.kind == lad.TEN:
        return "the hand of ten's"
    return "the hand's"


def _side(s: int | None) -> str:
    return "nobody" if s is None else f"side {s}"


def _pts(items: list[tuple[str, int, int]]) -> str:
    return ", ".join(f"{c} {p} to side {s}" for c, s, p in items) or "none"
