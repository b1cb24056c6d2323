"""Follow one game of an engine step by step with the spec (the core of `truco check`).

A `Follower` holds an engine (through the adapter contract of spec/adapter.py) and the spec's
own `Match`/`Hand` for the same game. At each step `legal()` compares the engine's legal
actions with the spec's and raises `Divergence` (with the clause at stake) when they differ;
`play(action)` applies an action both agree on; `probe(action)` applies an action the spec
forbids to the engine alone and checks that it is refused with the state unchanged. At every
probe, and at the start of every hand of ten and iron hand (where TEN-7 and IRN-2 change what a
seat sees), each seat's observation must show what the spec lets that seat see, and nothing more
(spec.rules.visibility).
When the spec ends the match, the engine must end it too, and the other way round: the
divergence names the spec's deciding clause (MAT-1, TEN-4, ...).
When the seat to act differs, the divergence names the cause it can see: the clause of who
answers a contest where one is pending or was just called (the engine's legal answers show what it
thinks is pending), else the order of play (AMB-14, ORD-2...). A round the engine decided by
another card order shows in its record, which it writes once it has ended the hand alone: that
finding is placed at the round's last card, before the seat to act (spec.monitor.replay).
`EngineFault` is an engine that raised where it must not, hung, or returned the wrong type.

Refusals: an adapter names the exceptions that mean "refused" in `refusal_errors`; any other
exception is a fault, also on an illegal action. An adapter that declares none has every
exception read as a refusal (spec/adapter.py).

Time limit without signals: every call is timed, and one that returned after `call_timeout`
seconds is a fault. A call that never returns cannot be interrupted from inside the process: the
follower writes the call in progress to its `Beacon`, and the supervisor that runs the check in a
worker process (spec.monitor.supervise) kills the worker and reports the hang with game and step.
"""

from __future__ import annotations

import inspect
import json
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spec.monitor.beacon import Beacon
from spec.monitor.findings import AFTER_RESULT, verb
from spec.monitor.trace import LEGAL, REFUSED, Step, Trace
from spec.monitor.views import view_problems
from spec.rules import ladder as lad
from spec.rules.state import Hand, Illegal, Match, Rules, candidate_actions, legal_actions
from spec.rules.visibility import played_cards

ENGINE = "ENGINE"  # the pseudo-clause of an engine fault (it raised, hung or returned garbage)
MAX_STEPS = 20_000  # far above any real match: an engine still playing after this never ends
JUNK = ("raise 5", "raise 0", "play 8C", "play 9e", "cover #4", "sign wink", "fold", "")
_RAISE_PROBES = (1, 2, 3, 4, 6, 10, 12)  # values of every ladder in the rulebooks, tried off the ladder

# The calls and answers of each contest (a last action among them puts the seat to act in its hands).
_CONTESTS = {"truco": frozenset({"raise"}), "envido": frozenset({"envido", "real-envido", "falta-envido"}),
             "flor": frozenset({"flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto"})}
_ANSWERS = frozenset({"accept", "run", "contraflor", "contraflor-resto", "flor-raise", "flor-pass"})
# The clause that allows an action (named when the engine leaves out one the spec allows).
_GRANTS = {"play": "RND-1", "cover": "COV-1", "ten-play": "TEN-5", "ten-decline": "TEN-5",
           "envido": "ENV-1", "real-envido": "ENV-5", "falta-envido": "ENV-6", "flor": "FLR-1",
           "flor-raise": "FLR-3", "flor-pass": "FLR-3", "contraflor": "FLR-6",
           "contraflor-resto": "FLR-6", "sign": "SEN-1"}


class Divergence(Exception):
    """The engine and the spec disagree; `clause` is the rule at stake.

    `category` says which kind of check found it (legal, actor, end, accepted, refusal-changed,
    view, deal), and `cause` the rule state that decides it (the kind of hand, the phase, the
    verbs that differ; never a card or a score): with the clause they tell two root causes apart."""

    def __init__(self, clause: str, message: str, category: str = "legal", says: str = "",
                 cause: str = "") -> None:
        super().__init__(f"[{clause}] {message}" + (f" (engine: {says})" if says else ""))
        self.clause, self.message, self.category, self.says = clause, message, category, says
        self.cause = cause


class EngineFault(Exception):
    """The engine raised unexpectedly, hung, exited, or returned something of the wrong type.

    `category` names the failing call and the kind of failure (e.g. "legal_actions: timeout")."""

    def __init__(self, message: str, category: str = "") -> None:
        super().__init__(message)
        self.category = category or message.split("(", 1)[0]


@dataclass(frozen=True)
class Refusal:
    """An action the engine refused: the clause and reason it gave, when it gave them."""

    clause: str | None
    reason: str


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: per seat in deal order, and the card turned up (None in most rulesets)."""

    hands: tuple[tuple[str, ...], ...]
    muestra: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "muestra": self.muestra}


def refusal_types(adapter: Any) -> tuple[type[BaseException], ...]:
    """The exception types the adapter declares as refusals (every Exception when it declares none)."""
    declared = getattr(adapter, "refusal_errors", None)
    if declared is None:
        return (Exception,)
    types = (declared,) if isinstance(declared, type) else tuple(declared)
    if not types or not all(isinstance(t, type) and issubclass(t, BaseException) for t in types):
        raise EngineFault(f"refusal_errors must be exception classes, not {_brief(declared)}",
                          "adapter: refusal_errors")
    return types


def sets_position(adapter: Any) -> bool:
    """Whether the adapter's new_game takes a set position (a `sets_position` attribute says so, else
    `scores` and `dealer` parameters of new_game)."""
    declared = getattr(adapter, "sets_position", None)
    if declared is not None:
        return bool(declared)
    try:
        parameters = inspect.signature(adapter.new_game).parameters
    except (TypeError, ValueError):
        return False
    return "scores" in parameters and "dealer" in parameters


class ResultDiffers(Exception):
    """The hand just ended, and the engine's record scores it otherwise than the spec (raised by
    `play` only when `check_results` is on). The record monitor names the clause; the follower is
    left between hands: the spec's hand over and scored, the next one not started."""


class CannotReach(Exception):
    """A position the engine cannot be started from (it takes no stacked deals, or no set scores and
    dealer): the situation is reported as not reached, never as a violation."""


def stacks_deals(adapter: Any) -> bool:
    """Whether the adapter's new_game takes stacked deals (a `stacks_deals` attribute says so,
    else a `deals` parameter of new_game)."""
    declared = getattr(adapter, "stacks_deals", None)
    if declared is not None:
        return bool(declared)
    try:
        return "deals" in inspect.signature(adapter.new_game).parameters
    except (TypeError, ValueError):
        return False


START_LIMIT = 30.0  # seconds for an engine's start-up: its factory and its new_game


class Follower:
    """One game of an engine, followed by the spec."""

    def __init__(self, adapter: Any, rules: Rules, seed: int, call_timeout: float = 0.0,
                 beacon: Beacon | None = None) -> None:
        self.adapter, self.rules, self.seed = adapter, rules, seed
        self.timeout = call_timeout
        self.beacon = beacon if beacon is not None else Beacon()
        self.refusals = refusal_types(adapter)
        self.match = Match(rules)
        self.hand: Hand | None = None
        self.steps = 0
        self.hand_actions = 0  # actions applied in the current hand
        self.phase_before = ""  # the spec's phase before the last action applied
        self.probed: list[str] = []  # clauses of the refusals checked
        self.views_checked = 0
        self.exercised: Counter[str] = Counter()  # the visibility clauses the view checks applied
        self.trace = Trace(rules.ruleset, {}, seed)
        self.stacked: list[Deal] = []
        self.hands_before = 0  # hands of the game before this engine's match (a restart: spec.monitor.drive)
        self.steps_before = 0  # and its steps (`steps` counts on from them)
        self.counted = False  # its counts are in a tally (spec.monitor.drive)
        self.check_results = False  # compare the score the engine records after each hand (ResultDiffers)

    # --- calling the engine ---------------------------------------------------------------------
    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """One call to the engine, timed; a call that took longer than the limit is an EngineFault."""
        method: Callable[..., Any] = getattr(self.adapter, name)
        beacon = self.beacon
        start = beacon.enter(name, self.timeout)
        try:
            out = method(*args, **kwargs)
        except EngineFault:
            beacon.leave()
            raise
        except BaseException:
            self._in_time(name, start)
            raise
        self._in_time(name, start)
        return out

    def _in_time(self, name: str, start: float) -> None:
        """The call is over: clear the beacon, and fault a call that took longer than the limit."""
        self.beacon.leave()
        if self.timeout and time.monotonic() - start > self.timeout:
            raise EngineFault(f"{name}() did not return within {self.timeout:g} s", f"{name}: timeout")

    def safe(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.call(name, *args, **kwargs)
        except EngineFault:
            raise
        # Whatever the engine raises is its fault, SystemExit and KeyboardInterrupt too: the
        # check runs in workers that ignore Ctrl-C (the parent stops them), so none is the user's.
        except BaseException as exc:
            raise EngineFault(f"{name}() raised {type(exc).__name__}: {exc}",
                              f"{name}: {type(exc).__name__}") from None

    def attempt(self, action: str) -> Refusal | None:
        """apply(action): None when the engine took it, the Refusal when it refused it; any other
        exception is an EngineFault."""
        try:
            self.call("apply", action)
        except EngineFault:
            raise
        except BaseException as exc:  # SystemExit and the like too (see safe)
            return self.refusal_of(action, exc)
        return None

    def refusal_of(self, action: str, exc: BaseException) -> Refusal:
        """What apply(action) raised, as a Refusal when it is one of the adapter's refusal errors;
        anything else is a crash (an EngineFault)."""
        if isinstance(exc, self.refusals):
            return Refusal(getattr(exc, "clause", None), str(exc))
        raise EngineFault(f"apply({action!r}) raised {type(exc).__name__}: {exc} (not one of the "
                          f"adapter's refusal_errors: a crash, not a refusal)",
                          f"apply: {type(exc).__name__}") from None

    def engine_to_act(self) -> int | None:
        seat = self.safe("to_act")
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.rules.players):
            raise EngineFault(f"to_act() returned {_brief(seat)}, not a seat 0..{self.rules.players - 1} "
                              "or None", "to_act: type")
        return seat

    def engine_legal(self) -> list[str]:
        legal = self.safe("legal_actions")
        if not isinstance(legal, (list, tuple)) or not all(isinstance(a, str) for a in legal):
            raise EngineFault(f"legal_actions() returned {_brief(legal)}, not a list of action texts",
                              "legal_actions: type")
        if len(set(legal)) != len(legal):
            raise EngineFault("legal_actions() listed an action twice", "legal_actions: duplicate")
        return list(legal)

    def engine_deal(self) -> Deal:
        value = self.safe("deal")
        muestra: Any = None
        cards = value
        if isinstance(value, Mapping):
            cards, muestra = value.get("hands"), value.get("muestra")
        else:  # an in-process adapter gives the hands; the card turned up, if any, by muestra()
            muestra = self.engine_muestra()
        if not isinstance(cards, (list, tuple)) or not all(
                isinstance(s, (list, tuple)) and all(isinstance(c, str) for c in s) for s in cards) or not (
                muestra is None or isinstance(muestra, str)):
            raise EngineFault(f"deal() returned {_brief(value)}, not the card names per seat "
                              "(and the muestra or null)", "deal: type")
        return Deal(tuple(tuple(s) for s in cards), muestra)

    def engine_record(self) -> dict[str, Any]:
        return checked_record(self.safe("record"))

    def observations(self) -> tuple[Any, ...]:
        if not callable(getattr(self.adapter, "observation", None)):
            return ()
        return tuple(_json_data(self.safe("observation", seat), "observation")
                     for seat in range(self.rules.players))

    def snapshot(self) -> tuple[Any, ...]:
        """What must not change when the engine refuses an action."""
        return (self.engine_to_act(), sorted(self.engine_legal()), self.engine_deal(),
                self.engine_record(), self.observations())

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
        # new_game is the engine's start-up (it may load its tables, like UCI's isready): it gets
        # the start-up limit, not the per-call one.
        per_call, self.timeout = self.timeout, max(self.timeout, START_LIMIT) if self.timeout else 0.0
        try:
            self.safe("new_game", *args, **position)
        finally:
            self.timeout = per_call
        self.next_hand()

    def engine_muestra(self) -> str | None:
        """The card the engine turned up (rulesets with a muestra; adapters without `muestra()` have none)."""
        if not callable(getattr(self.adapter, "muestra", None)):
            return None
        card = self.safe("muestra")
        if card is not None and not isinstance(card, str):
            raise EngineFault(f"muestra() returned {_brief(card)}, not a card name or None", "muestra: type")
        return card

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
                             "the hand needs a muestra, a card of the deck in nobody's hand",
                             "muestra", f"{muestra!r}")
        if not r.turns_up and muestra is not None:
            raise Divergence(r.clause("deal"), "this ruleset turns up no muestra", "muestra", f"{muestra!r}")
        # After the deal's own checks: a deal that breaks the deck's rules is that rule's divergence,
        # even where it was stacked; a valid deal other than the stacked one is the engine's fault.
        if number <= len(self.stacked) and deal != self.stacked[number - 1]:
            raise EngineFault(f"new_game() was given the deal of hand {number}, {self.stacked[number - 1]}, "
                              f"and the engine dealt {deal}", "new_game: deals ignored")
        self.hand = self.match.new_hand(deal.hands, muestra)
        self.hand_actions = 0
        if self.hand.kind != lad.NORMAL:  # the hands with visibility rules of their own (TEN-7, IRN-2)
            self.check_views(self.observations())

    def spec_legal(self) -> set[str]:
        return legal_actions(self.hand) if self.hand is not None and not self.over else set()

    def legal(self) -> list[str]:
        """The legal actions both sides agree on (sorted); Divergence if they do not agree."""
        seat = self.engine_to_act()
        want = self.hand.to_act() if self.hand is not None and not self.over else None
        if seat != want:
            clause, requires, category, says = self.actor_divergence(seat, want)
            engine = "the engine's match is over" if seat is None else "another seat"
            raise Divergence(clause, requires, category, says, f"{self.state()}: {engine} to act")
        got = self.engine_legal()
        spec = self.spec_legal()
        if set(got) != spec:
            clause, requires, says = self.set_divergence(set(got), spec)
            raise Divergence(clause, requires, "legal", says, f"{self.state()}: {_verbs(set(got), spec)}")
        return sorted(spec)

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
                raise Divergence(self.target_clause(), f"the match goes on at {self.match.score}: nobody "
                                                       "has reached the target", "end", "the match is over",
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
            contest = self.contest_cause() if asked else None
            if contest is not None:  # a contest's points ended it, but the engine asks for an answer
                raise Divergence(contest[0], f"the match is over ({contest[1] or contest[0]})", "actor",
                                 f"seat {seat} to act", f"{self.state()}: the engine plays on")
            clause = self.end_clause()
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
        return sorted(texts - legal)

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

    # --- diagnosis ------------------------------------------------------------------------------
    def target_clause(self) -> str:
        return self.rules.clause("match", "target")

    def end_clause(self) -> str:
        """The clause that ended the spec's match (the target's clause for a target reached)."""
        end = self.match.end_clause
        return self.target_clause() if end in (self.rules.clause("match", "end"), "") else end

    def actor_divergence(self, seat: int | None, want: int | None) -> tuple[str, str, str, str]:
        hand, r = self.hand, self.rules
        if want is None:
            end = self.end_clause()
            return end, f"the match is over ({end})", "end", f"seat {seat} to act"
        assert hand is not None
        if seat is None:
            return self.outcome_clause(), f"seat {want} must act", "end", "the match is over"
        recorded = len(self.engine_record().get("hands") or [])
        if recorded != self.match.number - 1:
            return (self.outcome_clause(), f"hand {self.match.number} goes on: seat {want} must act", "actor",
                    f"hand {self.match.number} is over")
        contest = self.contest_cause()
        if contest is not None:
            clause, settled = contest
            return clause, f"seat {want} must act" + (f" ({settled})" if settled else ""), "actor", \
                f"seat {seat} to act"
        if hand.phase == "ten-choice":
            clause = r.clause_or("hand_of_ten", "choice", "TEN-5")
        elif hand.phase in _CONTESTS:
            clause = self.answer_clause(hand.phase)
        elif hand.plays:
            clause = str(r.data["play"]["order"])
        elif hand.rounds:
            clause = "AMB-14"  # the round leader (register: round-leader)
        else:
            clause = "ORD-2" if r.holds("ORD-2") else "AMB-15"
        return clause, f"seat {want} must act", "actor", f"seat {seat} to act"

    def last_action(self) -> tuple[str, str]:
        """(the last action applied in this hand, the spec's phase before it), or ("", "")."""
        if not self.hand_actions:
            return "", ""
        step = next(s for s in reversed(self.trace.steps) if s.expect == LEGAL)
        return step.action, self.phase_before

    def answer_clause(self, contest: str, offered: frozenset[str] = frozenset()) -> str:
        """The clause of who answers a pending contest (truco, envido, flor), from the ruleset's file.
        The flor's stage is the spec's, or where its flor is over, the one the engine's answers
        (`offered`) show it is at."""
        r, hand = self.rules, self.hand
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

    def contest_cause(self) -> tuple[str, str] | None:
        """Where the engine's seat to act differs because of a contest: (the clause of who must
        answer it, "the <contest> is settled" where the spec's contest is over, else ""), else None.

        A contest decides who acts until it is settled: when the last action was one of its
        calls or answers, or the engine offers answers, the clause of who answers the contest is
        the cause, not the order of play that a wrong answerer then breaks (ORD-2, AMB-14)."""
        hand = self.hand
        assert hand is not None
        last, before = self.last_action()
        verb = last.split(" ", 1)[0]
        offered = frozenset(a.split(" ", 1)[0] for a in self.engine_legal()) & _ANSWERS
        if not offered and hand.phase not in _CONTESTS:
            return None  # neither side has a contest pending: the order of play decides
        called = next((c for c in _CONTESTS if verb in _CONTESTS[c]), "")
        # A call names its contest; else the contest the spec waits on, or the one just settled.
        contest = called or (hand.phase if hand.phase in _CONTESTS else before)
        if contest not in _CONTESTS:
            return None
        settled = "" if hand.phase in _CONTESTS else f"the {contest} is settled"
        return self.answer_clause(contest, offered), settled

    def outcome_clause(self) -> str:
        """The hand-resolution clause the current hand is at (for an engine that ended it early)."""
        hand, r = self.hand, self.rules
        assert hand is not None
        if len(hand.rounds) >= 1 and r.reading("hand-length") != "always-three-rounds":
            return "HND-2" if r.holds("HND-2") else "HND-1"
        return "RND-1"

    def set_divergence(self, got: set[str], spec: set[str]) -> tuple[str, str, str]:
        """(clause, what the rules require, what the engine does) for legal sets that differ."""
        hand = self.hand
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
        else:
            clause = _GRANTS.get(verb, "RND-1")
        return clause, f"{missing[0]!r} is allowed now", f"leaves out {missing}"

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


def checked_record(value: Any) -> dict[str, Any]:
    """What record() returned, once it is JSON data and an object (else the engine's fault)."""
    rec = _json_data(value, "record")
    if not isinstance(rec, dict):
        raise EngineFault(f"record() returned {_brief(rec)}, not a truco-record/1 object", "record: type")
    return rec


def _json_data(value: Any, call: str) -> Any:
    """`value` when it is JSON data: a set, an object or a value that holds itself would crash the
    comparisons of a refusal and the record monitor, so it is the engine's fault."""
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise EngineFault(f"{call}() returned what is not JSON data ({type(exc).__name__}: {exc})",
                          f"{call}: type") from None
    return value


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
