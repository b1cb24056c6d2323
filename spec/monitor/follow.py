"""Follow one game of an engine step by step with the spec (the core of `truco check`).

A `Follower` holds an engine (through the adapter contract of spec/adapter.py) and the spec's
own `Match`/`Hand` for the same game. At each step `legal()` compares the engine's legal
actions with the spec's and raises `Divergence` (with the clause at stake) when they differ;
`play(action)` applies an action both agree on; `probe(action)` applies an action the spec
forbids to the engine alone and checks that it is refused with the state unchanged.
`EngineFault` is an engine that raised where it must not, hung, or returned the wrong type.

Time limit: every call to the engine runs under `signal.setitimer` (SIGALRM), so a call that
takes longer than `call_timeout` seconds is interrupted and reported as a hang. This works in
the main thread of a POSIX process only; elsewhere (another thread, Windows) the calls run
without a limit, and only the per-match step cap stops an engine that never ends its match.
"""

from __future__ import annotations

import random
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from spec.rules.state import Hand, Illegal, Match, Rules, candidate_actions, legal_actions

ENGINE = "ENGINE"  # the pseudo-clause of an engine fault (it raised, hung or returned garbage)
MAX_STEPS = 20_000  # far above any real match: an engine still playing after this never ends
JUNK = ("raise 5", "raise 0", "play 8C", "play 9e", "cover #4", "sign wink", "fold", "")
_RAISE_PROBES = (1, 2, 3, 4, 6, 10, 12)  # values of every ladder in the rulebooks, tried off the ladder

# The clause that allows an action (named when the engine leaves out one the spec allows).
_GRANTS = {"play": "RND-1", "cover": "COV-1", "ten-play": "TEN-5", "ten-decline": "TEN-5",
           "envido": "ENV-1", "real-envido": "ENV-5", "falta-envido": "ENV-6", "flor": "FLR-1",
           "flor-raise": "FLR-3", "flor-pass": "FLR-3", "contraflor": "FLR-6",
           "contraflor-resto": "FLR-6", "sign": "SEN-1"}


class Divergence(Exception):
    """The engine and the spec disagree; `clause` is the rule at stake."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"[{clause}] {message}")
        self.clause, self.message = clause, message


class EngineFault(Exception):
    """The engine raised unexpectedly, hung, or returned something of the wrong type."""


class CallTimeout(Exception):
    """Raised inside an engine call that ran past the time limit."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise CallTimeout


@contextmanager
def call_limits() -> Iterator[bool]:
    """Install the SIGALRM handler for the duration of a check; yields whether limits apply."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield False
        return
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Follower:
    """One game of an engine, followed by the spec."""

    def __init__(self, adapter: Any, rules: Rules, seed: int, call_timeout: float = 0.0,
                 limited: bool = False) -> None:
        self.adapter, self.rules, self.seed = adapter, rules, seed
        self.timeout = call_timeout if limited else 0.0
        self.match = Match(rules)
        self.hand: Hand | None = None
        self.steps = 0
        self.probed: list[str] = []  # clauses of the refusals checked

    # --- calling the engine ---------------------------------------------------------------------
    def call(self, name: str, *args: Any) -> Any:
        """One call to the engine under the time limit; anything unexpected is an EngineFault."""
        method: Callable[..., Any] = getattr(self.adapter, name)
        if self.timeout:
            signal.setitimer(signal.ITIMER_REAL, self.timeout)
        try:
            return method(*args)
        except CallTimeout:
            raise EngineFault(f"{name}() did not return within {self.timeout:g} s") from None
        finally:
            if self.timeout:
                signal.setitimer(signal.ITIMER_REAL, 0)

    def safe(self, name: str, *args: Any) -> Any:
        try:
            return self.call(name, *args)
        except EngineFault:
            raise
        except Exception as exc:
            raise EngineFault(f"{name}() raised {type(exc).__name__}: {exc}") from None

    def engine_to_act(self) -> int | None:
        seat = self.safe("to_act")
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.rules.players):
            raise EngineFault(f"to_act() returned {seat!r}, not a seat 0..{self.rules.players - 1} or None")
        return seat

    def engine_legal(self) -> list[str]:
        legal = self.safe("legal_actions")
        if not isinstance(legal, (list, tuple)) or not all(isinstance(a, str) for a in legal):
            raise EngineFault(f"legal_actions() returned {_brief(legal)}, not a list of action texts")
        if len(set(legal)) != len(legal):
            raise EngineFault("legal_actions() listed an action twice")
        return list(legal)

    def engine_deal(self) -> tuple[tuple[str, ...], ...]:
        cards = self.safe("deal")
        if not isinstance(cards, (list, tuple)) or not all(
                isinstance(s, (list, tuple)) and all(isinstance(c, str) for c in s) for s in cards):
            raise EngineFault(f"deal() returned {_brief(cards)}, not a list of card names per seat")
        return tuple(tuple(s) for s in cards)

    def engine_record(self) -> dict[str, Any]:
        rec = self.safe("record")
        if not isinstance(rec, dict):
            raise EngineFault(f"record() returned {_brief(rec)}, not a truco-record/1 object")
        return rec

    def snapshot(self) -> tuple[Any, ...]:
        """What must not change when the engine refuses an action."""
        obs: tuple[Any, ...] = ()
        if callable(getattr(self.adapter, "observation", None)):
            obs = tuple(self.safe("observation", s) for s in range(self.rules.players))
        return (self.engine_to_act(), sorted(self.engine_legal()), self.engine_deal(),
                self.engine_record(), obs)

    # --- following ------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.match.over

    def start(self, readings: Mapping[str, str]) -> None:
        self.safe("new_game", self.rules.ruleset, self.seed, dict(readings))
        self.next_hand()

    def engine_muestra(self) -> str | None:
        """The card the engine turned up (rulesets with a muestra; adapters without `muestra()` have none)."""
        if not callable(getattr(self.adapter, "muestra", None)):
            return None
        card = self.safe("muestra")
        if card is not None and not isinstance(card, str):
            raise EngineFault(f"muestra() returned {_brief(card)}, not a card name or None")
        return card

    def next_hand(self) -> None:
        deal = self.engine_deal()
        r = self.rules
        clause = r.clause("deck")
        if len(deal) != r.players or any(len(s) != 3 for s in deal):
            raise Divergence(r.clause("deal"),
                             f"the deal must give three cards to each of {r.players} seats: {deal}")
        flat = [c for s in deal for c in s]
        if not set(flat) <= r.deck.in_play or len(set(flat)) != len(flat):
            shown = [list(s) for s in deal]
            raise Divergence(clause, f"the deal {shown} is not three distinct cards of the deck")
        muestra = self.engine_muestra()
        if r.has("muestra") and (muestra is None or muestra not in r.deck.in_play or muestra in flat):
            raise Divergence(r.clause("muestra"), f"the hand needs a muestra, a card of the deck in nobody's "
                                                  f"hand: the engine turned up {muestra!r}")
        if not r.has("muestra") and muestra is not None:
            raise Divergence(r.clause("deal"),
                             f"this ruleset turns up no muestra; the engine has {muestra!r}")
        self.hand = self.match.new_hand(deal, muestra)

    def spec_legal(self) -> set[str]:
        return legal_actions(self.hand) if self.hand is not None and not self.over else set()

    def legal(self) -> list[str]:
        """The legal actions both sides agree on (sorted); Divergence if they do not agree."""
        seat = self.engine_to_act()
        want = self.hand.to_act() if self.hand is not None and not self.over else None
        if seat != want:
            raise Divergence(*self.actor_divergence(seat, want))
        got = self.engine_legal()
        spec = self.spec_legal()
        if set(got) != spec:
            raise Divergence(*self.set_divergence(set(got), spec))
        return sorted(spec)

    def play(self, action: str) -> None:
        """Apply an action both agree is legal."""
        hand = self.hand
        assert hand is not None
        seat = hand.to_act()
        try:
            self.call("apply", action)
        except EngineFault:
            raise
        except Exception as exc:
            raise EngineFault(f"apply({action!r}) refused an action it listed as legal: "
                              f"{type(exc).__name__}: {exc}") from None
        hand.apply(seat, action)  # type: ignore[arg-type]
        self.steps += 1
        if hand.over:
            assert hand.outcome is not None
            self.match.end_hand(hand.kind, hand.outcome, hand.score)
            if self.over:
                return
            if self.engine_to_act() is None:
                raise Divergence(self.target_clause(), f"the engine ended the match at a score the spec "
                                                       f"plays on from: {self.match.score}")
            self.next_hand()

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

        Returns the clause of the refusal; raises Divergence when the engine accepts the action or
        changes its state while refusing it."""
        hand = self.hand
        assert hand is not None
        try:
            hand.apply(hand.to_act(), action, dry_run=True)  # type: ignore[arg-type]
        except Illegal as exc:
            clause = exc.clause
        else:
            raise ValueError(f"{action!r} is legal: not a probe")
        before = self.snapshot()
        try:
            self.call("apply", action)
        except EngineFault:
            raise
        except Exception:
            after = self.snapshot()
            if after != before:
                raise Divergence(clause, f"refusing {action!r} changed the engine's state") from None
            self.probed.append(clause)
            return clause
        raise Divergence(clause, f"the engine accepted {action!r}, which the rules forbid now")

    # --- diagnosis ------------------------------------------------------------------------------
    def target_clause(self) -> str:
        return self.rules.clause("match", "target")

    def actor_divergence(self, seat: int | None, want: int | None) -> tuple[str, str]:
        hand, r = self.hand, self.rules
        end = self.match.end_clause
        if end == r.clause("match", "end"):
            end = self.target_clause()
        if want is None:
            return end, f"the match is over ({end}) but the engine has seat {seat} to act"
        assert hand is not None
        if seat is None:
            return self.outcome_clause(), f"the engine ended the match; seat {want} must act"
        recorded = len(self.engine_record()["hands"])
        if recorded != self.match.number - 1:
            return self.outcome_clause(), (f"the engine ended hand {self.match.number} early "
                                           f"(seat {want} must act)")
        phase_clause = {"ten-choice": "TEN-5", "truco": "BET-2", "envido": "ENV-1", "flor": "FLR-4"}
        if hand.phase in phase_clause:
            clause = phase_clause[hand.phase]
        elif hand.plays:
            clause = str(r.data["play"]["order"])
        elif hand.rounds:
            clause = "AMB-14"  # the round leader (register: round-leader)
        else:
            clause = "ORD-2" if r.holds("ORD-2") else "AMB-15"
        return clause, f"seat {want} must act, the engine has seat {seat}"

    def outcome_clause(self) -> str:
        """The hand-resolution clause the current hand is at (for an engine that ended it early)."""
        hand, r = self.hand, self.rules
        assert hand is not None
        if len(hand.rounds) >= 1 and r.reading("hand-length") != "always-three-rounds":
            return "HND-2" if r.holds("HND-2") else "HND-1"
        return "RND-1"

    def set_divergence(self, got: set[str], spec: set[str]) -> tuple[str, str]:
        hand = self.hand
        assert hand is not None
        extra, missing = sorted(got - spec), sorted(spec - got)
        if extra:
            try:
                hand.apply(hand.to_act(), extra[0], dry_run=True)  # type: ignore[arg-type]
                clause = "RND-1"
            except Illegal as exc:
                clause = exc.clause
            return clause, f"the engine allows {extra} which the rules forbid; missing {missing}"
        verb = missing[0].split(" ", 1)[0]
        if verb == "raise":
            clause = "BET-5" if hand.phase == "truco" else "BET-1"
        elif verb in ("accept", "run"):
            clause = {"envido": "ENV-1", "flor": "FLR-4"}.get(hand.phase, "BET-2")
        else:
            clause = _GRANTS.get(verb, "RND-1")
        return clause, f"the engine does not allow {missing}, which the rules allow"

    def finish_alone(self, rng: random.Random) -> None:
        """After a divergence: play the engine's own legal actions to the end of its match."""
        for _ in range(MAX_STEPS):
            if self.engine_to_act() is None:
                return
            legal = self.engine_legal()
            if not legal:
                raise EngineFault("legal_actions() is empty but the match is not over")
            try:
                self.call("apply", rng.choice(sorted(legal)))
            except EngineFault:
                raise
            except Exception as exc:
                raise EngineFault(f"apply() refused an action it listed as legal: {exc}") from None
        raise EngineFault(f"the match did not end within {MAX_STEPS} actions")


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
