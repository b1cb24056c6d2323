"""Follow one game of an engine step by step with the spec (the core of `truco check`).

A `Follower` holds an engine (through the adapter contract of spec/adapter.py) and the spec's
own `Match`/`Hand` for the same game. At each step `legal()` compares the engine's legal
actions with the spec's and raises `Divergence` (with the clause at stake) when they differ;
`play(action)` applies an action both agree on; `probe(action)` applies an action the spec
forbids to the engine alone and checks that it is refused with the state unchanged. At every
probe, and at the start of every hand of ten and iron hand (where TEN-7 and IRN-2 change what a
seat sees), each seat's observation must show what the spec lets that seat see, and nothing more
(truco_rules.spec.rules.visibility).
When the spec ends the match, the engine must end it too, and the other way round: the
divergence names the spec's deciding clause (MAT-1, TEN-4, ...).
Which clause a divergence names is truco_rules.spec.monitor.blame's to say. A round the engine decided by
another card order shows in its record, which it writes once it has ended the hand alone: that
finding is placed at the round's last card, before the seat to act (truco_rules.spec.monitor.replay).

The engine is reached through truco_rules.spec.monitor.engine_calls (every call timed, its answer's type
checked, a refusal told from a crash), of which a `Follower` is one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from truco_rules.spec.monitor import blame
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import (
    START_LIMIT,
    Deal,
    EngineCalls,
    EngineFault,
    sets_position,
    stacks_deals,
)
from truco_rules.spec.monitor.findings import AFTER_RESULT, verb
from truco_rules.spec.monitor.trace import LEGAL, REFUSED, Step, Trace
from truco_rules.spec.monitor.views import view_problems
from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.match import next_starter, reached_target
from truco_rules.spec.rules.state import Hand, Illegal, Match, Rules, candidate_actions, legal_actions
from truco_rules.spec.rules.visibility import played_cards

ENGINE = "ENGINE"  # the pseudo-clause of an engine fault (it raised, hung or returned garbage)
MAX_STEPS = 20_000  # far above any real match: an engine still playing after this never ends
JUNK = ("raise 5", "raise 0", "play 8C", "play 9e", "cover #4", "sign wink", "fold", "")
_RAISE_PROBES = (1, 2, 3, 4, 6, 10, 12)  # values of every ladder in the rulebooks, tried off the ladder



class Divergence(Exception):
    """The engine and the spec disagree; `clause` is the rule at stake.

    `category` says which kind of check found it (legal, actor, end, accepted, refusal-changed,
    view, deal), and `cause` the rule state that decides it (the kind of hand, the phase, the
    verbs that differ; never a card or a score): with the clause they tell two root causes apart."""

    def __init__(self, clause: str, message: str, category: str = "legal", says: str = "",
                 cause: str = "", state: str = "") -> None:
        super().__init__(f"[{clause}] {message}" + (f" (engine: {says})" if says else ""))
        self.clause, self.message, self.category, self.says = clause, message, category, says
        self.cause = cause
        self.state = state  # a difference stepped over: the rule state it was first seen in


class ResultDiffers(Exception):
    """The hand just ended, and the engine's record scores it otherwise than the spec (raised by
    `play` only when `check_results` is on). The record monitor names the clause; the follower is
    left between hands: the spec's hand over and scored, the next one not started."""


class CannotReach(Exception):
    """A position the engine cannot be started from (it takes no stacked deals, or no set scores and
    dealer): the situation is reported as not reached, never as a violation."""


class Follower(EngineCalls):
    """One game of an engine, followed by the spec."""

    def __init__(self, adapter: Any, rules: Rules, seed: int, call_timeout: float = 0.0,
                 beacon: Beacon | None = None) -> None:
        super().__init__(adapter, rules, call_timeout, beacon)
        self.seed = seed
        self.match = Match(rules)
        self.hand: Hand | None = None
        self.steps = 0
        self.hand_actions = 0  # actions applied in the current hand
        self.phase_before = ""  # the spec's phase before the last action applied
        self.probed: list[str] = []  # clauses of the refusals checked
        self.views_checked = 0
        self.exercised: Counter[str] = Counter()  # the visibility clauses the view checks applied
        self.trace = Trace(rules.ruleset, {}, seed, without=tuple(sorted(rules.without)))
        self.stacked: list[Deal] = []
        self.hands_before = 0  # hands of the game before this engine's match (a restart: spec.monitor.drive)
        self.steps_before = 0  # and its steps (`steps` counts on from them)
        self.counted = False  # its counts are in a tally (truco_rules.spec.monitor.drive)
        self.check_results = False  # compare the score the engine records after each hand (ResultDiffers)
        # Stepping over (issue #35, item 1): where set, a legal-set difference that leaves both sides in
        # the same state is handed to `step_over` once per root cause, and the follower goes on with
        # the actions both allow; where None, `legal()` raises it as a Divergence.
        self.step_over: Callable[[Divergence], None] | None = None
        self.stepped: set[tuple[str, str]] = set()  # (clause, verbs) of the differences stepped over
        self.engine_only: frozenset[str] = frozenset()  # what the engine offered beyond the spec, last asked
        # What the engine did, event by event, for `truco profile` (truco_rules.spec.monitor.profile:
        # its start, each deal, its seat and legal actions beside the spec's, each action, each
        # probe); None: not kept.
        self.log: list[tuple[Any, ...]] | None = None
        self.record_from = 0  # hands of the engine's record before this follower's part (adopted)
        self.adopted_start: dict[str, Any] = {}  # and the position its part starts from

    # --- following ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.match.over

    def position(self) -> tuple[int, int]:
        """(hand number, index of the next action in that hand): where a divergence found now is."""
        return self.hands_before + self.match.number, self.hand_actions

    def start(self, readings: Mapping[str, str], deals: Sequence[Mapping[str, Any]] | None = None,
              scores: Sequence[int] | None = None, dealer: int | None = None, *,
              need_deals: bool = False) -> None:
        """new_game; `deals` (objects {"hands", "muestra"}) stack the first hands when the engine
        takes stacked deals, else the seed alone fixes the deals (`need_deals`: CannotReach then).
        `scores` and `dealer` set the position the match starts from: the first partida's points and
        the seat that deals the first hand (CannotReach when the engine cannot set one)."""
        self.trace.readings = dict(readings)
        args: tuple[Any, ...] = (self.rules.ruleset, self.seed, dict(readings))
        position: dict[str, Any] = {}
        if scores is not None or dealer is not None:
            if not sets_position(self.adapter):
                raise CannotReach("the engine cannot start a match from a set position (scores, dealer)")
            position = {"scores": list(scores or (0, 0)),
                        "dealer": (self.rules.players - 1) if dealer is None else dealer}
            self.match = Match.at(self.rules, position["scores"], position["dealer"])
            self.trace.scores, self.trace.dealer = position["scores"], position["dealer"]
        if deals and stacks_deals(self.adapter):
            self.stacked = [Deal(tuple(tuple(h) for h in d["hands"]), d.get("muestra")) for d in deals]
            args += ([d.to_dict() for d in self.stacked],)
        elif deals and (need_deals or position):
            raise CannotReach("the engine cannot be given stacked deals")
        if self.log is not None:
            self.log.append(("start", list(self.match.score), self.match.number, self.match.starter))
        # new_game is the engine's start-up (it may load its tables, like UCI's isready): it gets
        # the start-up limit, not the per-call one.
        per_call, self.timeout = self.timeout, max(self.timeout, START_LIMIT) if self.timeout else 0.0
        try:
            self.safe("new_game", *args, **position)
        finally:
            self.timeout = per_call
        self.next_hand()

    def next_hand(self) -> None:
        deal = self.engine_deal()
        r = self.rules
        number = self.match.number + 1
        self.trace.deals.append(deal.to_dict())
        clause = r.clause("deck")
        if len(deal.hands) != r.players or any(len(s) != 3 for s in deal.hands):
            raise Divergence(r.clause("deal"), f"the deal must give three cards to each of {r.players} seats",
                             "deal", f"{[list(s) for s in deal.hands]}")
        flat = [c for s in deal.hands for c in s]
        if not set(flat) <= r.deck.in_play or len(set(flat)) != len(flat):
            shown = [list(s) for s in deal.hands]
            raise Divergence(clause, "the deal must be three distinct cards of the deck for each seat",
                             "deal", f"{shown}")
        muestra = deal.muestra
        if r.turns_up and (muestra is None or muestra not in r.deck.in_play or muestra in flat):
            raise Divergence(str(r.turned_clause),
                             f"the hand needs a {r.turned_name}, a card of the deck in nobody's hand",
                             "muestra", "no card turned up" if muestra is None else f"{muestra!r}")
        if not r.turns_up and muestra is not None:
            raise Divergence(r.clause("deal"), "this ruleset turns up no muestra", "muestra", f"{muestra!r}")
        # After the deal's own checks: a deal that breaks the deck's rules is that rule's divergence,
        # even where it was stacked; a valid deal other than the stacked one is the engine's fault.
        if number <= len(self.stacked) and deal != self.stacked[number - 1]:
            raise EngineFault(f"new_game() was given the deal of hand {number}, {self.stacked[number - 1]}, "
                              f"and the engine dealt {deal}", "new_game: deals ignored")
        self.hand = self.match.new_hand(deal.hands, muestra)
        self.hand_actions = 0
        if self.log is not None:
            self.log.append(("deal", self.match.number, deal.hands, muestra))
        if self.hand.kind != lad.NORMAL:  # the hands with visibility rules of their own (TEN-7, IRN-2)
            self.check_views(self.observations())

    def spec_legal(self) -> set[str]:
        return legal_actions(self.hand) if self.hand is not None and not self.over else set()

    def legal(self) -> list[str]:
        """The legal actions both sides agree on (sorted); Divergence if they do not agree."""
        seat = self.engine_to_act()
        want = self.hand.to_act() if self.hand is not None and not self.over else None
        if seat != want:
            clause, requires, category, says = blame.actor_divergence(self, seat, want)
            engine = "the engine's match is over" if seat is None else "another seat"
            raise Divergence(clause, requires, category, says, f"{self.state()}: {engine} to act")
        got = self.engine_legal()
        spec = self.spec_legal()
        if self.log is not None:
            self.log.append(("legal", seat, tuple(sorted(got)), tuple(sorted(spec))))
        offered = set(got)
        if offered == spec:
            self.engine_only = frozenset()
            return sorted(spec)
        ended = blame.state_divergence(self, offered, spec)  # the engine silently ended something
        if ended is not None:
            clause, requires, says = ended
            raise Divergence(clause, requires, "legal", says, f"{self.state()}: {_verbs(offered, spec)}")
        clause, requires, says = blame.set_divergence(self, offered, spec)
        both = spec & offered
        if self.step_over is None or not both:
            raise Divergence(clause, requires, "legal", says, f"{self.state()}: {_verbs(offered, spec)}")
        # Both sides are in the same state and agree on some actions: the difference is recorded
        # once per root cause (its clause and the verbs that differ) and the game goes on with
        # the actions both allow; the state it was first seen in goes with it.
        verbs = _verbs(offered, spec)
        self.engine_only = frozenset(offered - spec)
        if (clause, verbs) not in self.stepped:
            self.stepped.add((clause, verbs))
            self.step_over(Divergence(clause, requires, "legal", says, verbs, state=self.state()))
        return sorted(both)

    def state(self) -> str:
        """The rule state a divergence is found in, as its root cause names it: the kind of hand
        and its phase (the cards, the scores and the seats are left out: the same bug shows with
        any of them)."""
        hand = self.hand
        if hand is None:
            return "no hand"
        return f"{hand.kind} hand, {hand.phase}"

    def play(self, action: str) -> None:
        """Apply an action both agree is legal."""
        hand = self.hand
        assert hand is not None
        seat = hand.to_act()
        self.phase_before = hand.phase
        self.trace.steps.append(Step(seat, action, LEGAL))
        refusal = self.attempt(action)
        if refusal is not None:
            raise EngineFault(f"apply({action!r}) refused an action it listed as legal: {refusal.reason}",
                              "apply: refused a listed action")
        if self.log is not None:
            self.log.append(("play", action))
        hand.apply(seat, action)  # type: ignore[arg-type]
        self.steps += 1
        self.hand_actions += 1
        self.beacon.step(self.steps)
        if hand.over:
            assert hand.outcome is not None
            self.match.end_hand(hand.kind, hand.outcome, hand.score)
            if self.over:
                self.check_match_end()
                return
            if self.engine_to_act() is None:
                self.hand_actions = AFTER_RESULT
                raise Divergence(blame.target_clause(self),
                                 f"the match goes on at {self.match.score}: nobody has reached the target",
                                 "end", "the match is over",
                                 f"{hand.kind} hand over: the engine ends the match")
            if self.check_results and self.recorded_score() not in (None, self.match.hand_score):
                raise ResultDiffers(f"hand {self.match.number}")
            self.next_hand()

    def recorded_score(self) -> list[int] | None:
        """The score after the hand just ended in the engine's record (None where the record has no
        such hand, or not in the record format: the record monitor says so at the end)."""
        hands = self.engine_record().get("hands")
        number = self.match.number
        if not isinstance(hands, list) or len(hands) < number or not isinstance(hands[number - 1], dict):
            return None
        result = hands[number - 1].get("result")
        score = result.get("score") if isinstance(result, dict) else None
        return score if isinstance(score, list) else None

    def check_match_end(self) -> None:
        """The spec ended the match: the engine must have ended it too."""
        seat = self.engine_to_act()
        if seat is not None:
            # A truco call waiting behind the contest (AMB-29) is what an engine that plays on asks to
            # answer: then the contest is settled on both sides, and the target is the cause.
            waiting = self.hand is not None and self.hand.truco.pending
            asked = self.hand is not None and self.hand_actions and not waiting
            contest = blame.contest_cause(self) if asked else None
            if contest is not None:  # a contest's points ended it, but the engine asks for an answer
                raise Divergence(contest[0], f"the match is over ({contest[1] or contest[0]})", "actor",
                                 f"seat {seat} to act", f"{self.state()}: the engine plays on")
            clause = blame.end_clause(self)
            hand = self.hand
            if hand is None or hand.outcome is None or not hand.outcome.partida_ended:
                self.hand_actions = AFTER_RESULT
            # else the partida ended in the middle of the hand (side points reached the target): the
            # end is where the spec stopped, before anything the engine records after it.
            raise Divergence(clause, f"the match is over ({clause}: side {self.match.winner} won, score "
                                     f"{self.match.hand_score})", "end", f"seat {seat} to act",
                             f"{self.state()}: the engine plays on")

    def illegal_candidates(self) -> list[str]:
        """Actions the spec forbids now: other verbs, other seats' cards, malformed texts."""
        hand = self.hand
        if hand is None or self.over:
            return []
        legal = legal_actions(hand)
        texts = set(candidate_actions(hand)) | set(JUNK)
        for cards in hand.deal:
            texts.update(f"play {c}" for c in cards)
        texts.update(f"raise {v}" for v in (*self.rules.ladder, *_RAISE_PROBES))
        # What the engine offers beyond the spec was found, and stepped over, by legal(): it is not
        # tried again as a probe (the engine would take it, and leave the spec's state).
        return sorted(texts - legal - self.engine_only)

    def probe(self, action: str) -> str:
        """Apply a forbidden action to the engine: it must refuse it and change nothing.

        Also checks every seat's observation against what the spec lets it see. Returns the
        clause of the refusal; raises Divergence when the engine accepts the action or changes its
        state while refusing it, or when an observation shows or hides a card wrongly."""
        hand = self.hand
        assert hand is not None
        seat = hand.to_act()
        try:
            hand.apply(seat, action, dry_run=True)  # type: ignore[arg-type]
        except Illegal as exc:
            clause, why = exc.clause, exc.requires
        else:
            raise ValueError(f"{action!r} is legal: not a probe")
        self.trace.steps.append(Step(seat, action, REFUSED))
        before = self.snapshot()
        self.check_views(before[-1])
        refusal = self.attempt(action)
        if self.log is not None:
            self.log.append(("probe", action, refusal is None))
        if refusal is None:
            raise Divergence(clause, f"{action!r} must be refused: {why}", "accepted", f"accepted {action!r}",
                             f"{self.state()}: accepts {_verb(action)}")
        after = self.snapshot()
        if after != before:
            parts = ("to_act", "legal_actions", "deal", "record", "observation")
            changed = [name for name, a, b in zip(parts, before, after, strict=True) if a != b]
            raise Divergence(clause, f"a refused action changes nothing ({action!r}: {why})",
                             "refusal-changed", f"refused {action!r} but its {', '.join(changed)} changed",
                             f"{self.state()}: refusing {_verb(action)} changes {', '.join(changed)}")
        self.probed.append(clause)
        return clause

    def check_views(self, observations: tuple[Any, ...]) -> None:
        """Each seat's observation against spec.rules.visibility (nothing when the engine has none)."""
        hand = self.hand
        if not observations or hand is None or self.over:
            return
        played = played_cards(hand)
        played_names = {hand.deal[owner][slot] for owner, slot in played}
        for seat, obs in enumerate(observations):
            problems = view_problems(hand, seat, obs, played, self.exercised)
            if problems:
                # A card still in a hand is seen the same way since the deal; a played one only
                # since it was played: a wrong view of the first is the earlier cause.
                sight, says = min(problems, key=lambda p: p[0].card in played_names)
                seen = "a played card" if sight.card in played_names else "a card in a hand"
                raise Divergence(sight.clause, sight.why, "view", says, f"{self.state()}: {seen}")
        self.views_checked += 1

    # --- after a divergence ---------------------------------------------------------------------
    def adopted(self) -> Follower | None:
        """After a divergence, for an engine that sets no position: once the engine has ended the
        hand (finish_hand_alone, or the hand over on both sides), a follower of the same engine game
        whose spec takes the score the engine recorded, so that the check goes on with the next
        hand as a part of its own (a resynchronisation where the engine cannot be started again at
        the spec's position). None where that cannot be: the engine's match is over, its record
        does not have the hand, or a side reached the target, or the match is past its first
        partida (the score of a partida is all a position sets)."""
        if self.engine_to_act() is None or self.match.over or self.match.partida != 1 or self.match.partidas:
            return None
        hands = self.engine_record().get("hands")
        number = self.match.number
        if not isinstance(hands, list) or len(hands) != number or not isinstance(hands[-1], dict):
            return None
        last = hands[-1]
        result = last.get("result")
        score = result.get("score") if isinstance(result, dict) else None
        if last.get("partida") != 1 or not isinstance(score, list) or len(score) != 2 or not all(
                type(x) is int and x >= 0 for x in score) or any(reached_target(x, self.rules)
                                                                for x in score):
            return None
        hand = self.hand
        starter = self.match.starter
        if hand is not None and not hand.over:  # the spec's hand was left where it diverged: move on
            starter = next_starter(starter, self.rules.players, self.rules.readings["hand-starter"])
        g = Follower(self.adapter, self.rules, self.seed, self.timeout, self.beacon)
        g.match = Match(self.rules, list(score), number=number, starter=starter, hand_score=list(score))
        g.trace, g.stacked = self.trace, self.stacked  # one engine game
        if self.log is not None:
            g.log = [("start", list(score), number, starter)]
        g.steps = g.steps_before = self.steps
        g.record_from, g.check_results = number, self.check_results
        g.adopted_start = {"scores": list(score), "dealer": (starter - 1) % self.rules.players}
        g.step_over, g.stepped = self.step_over, self.stepped
        return g

    def segment_record(self) -> dict[str, Any]:
        """The engine's record of this follower's part of the game: after an adoption, the hands
        from there on, numbered from 1 and started at the adopted score (the record monitor judges
        it as a match of its own; the findings' hands are shifted back by `record_from`)."""
        record = self.engine_record()
        skip = self.record_from
        hands = record.get("hands")
        if not skip or not isinstance(hands, list) or len(hands) < skip:
            return record
        renumbered = [{**h, "number": h["number"] - skip}
                      if isinstance(h, dict) and type(h.get("number")) is int else h for h in hands[skip:]]
        return {**record, "hands": renumbered, "start": dict(self.adopted_start)}

    def finish_hand_alone(self) -> None:
        """After a divergence: play the engine's first legal action until the hand it is in ends,
        so that its record has the hand with the round results it claims (the cause of a seat to
        act that differs may be a round the engine decided otherwise)."""
        hands = len(self.engine_record().get("hands") or [])
        for _ in range(MAX_STEPS):
            if self.engine_to_act() is None or len(self.engine_record().get("hands") or []) > hands:
                return
            self._alone(min)
        raise EngineFault(f"the hand did not end within {MAX_STEPS} actions", "match: never ends")

    def finish_alone(self, rng: random.Random) -> None:
        """After a divergence: play the engine's own legal actions to the end of its match."""
        for _ in range(MAX_STEPS):
            if self.engine_to_act() is None:
                return
            self._alone(lambda legal: rng.choice(sorted(legal)))
        raise EngineFault(f"the match did not end within {MAX_STEPS} actions", "match: never ends")

    def _alone(self, choose: Callable[[list[str]], str]) -> None:
        """One action of the engine playing alone: `choose` picks it from its legal actions."""
        legal = self.engine_legal()
        if not legal:
            raise EngineFault("legal_actions() is empty but the match is not over", "legal_actions: empty")
        action = choose(legal)
        refusal = self.attempt(action)
        if refusal is not None:
            raise EngineFault(f"apply({action!r}) refused an action it listed as legal: {refusal.reason}",
                              "apply: refused a listed action")


def _verb(action: str) -> str:
    """An action's verb, or "another action" when it has none the spec knows (a malformed probe)."""
    return verb(action)


def _verbs(got: set[str], spec: set[str]) -> str:
    """The verbs an engine adds to the spec's legal actions and leaves out of them ("+raise -run"):
    the root cause of a legal-set divergence, without the cards or values that change game to game."""
    extra = sorted({_verb(a) for a in got - spec})
    missing = sorted({_verb(a) for a in spec - got})
    return " ".join([*(f"+{v}" for v in extra), *(f"-{v}" for v in missing)])
