"""One hand as a state machine: its state, who acts, and the dispatch of actions to the rule areas.

The state lives here in plain fields, one small record per rule area (`TrucoState`,
`EnvidoState`, `FlorState`, in parts.py with the phases and `Illegal`). Each rule area (play,
truco, envido, flor, senas: the modules beside this one) gives, per verb, a *check* that raises
`Illegal` and changes nothing, and a *change* that applies an action its check allowed.
`Hand.apply` runs both; `legal_actions` runs only the checks. The order of play is
docs/en/guide/procedure.md.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.cards import card_names, parse_card
from truco_rules.spec.rules.hands import UNDECIDED_RESULT, HandResult
from truco_rules.spec.rules.match import capped_score, dealer, reached_target, side
from truco_rules.spec.rules.procedure import dispatch
from truco_rules.spec.rules.procedure.parts import (
    ENVIDO,
    FLOR,
    OVER,
    PLAY,
    TEN_CHOICE,
    TRUCO,
    EnvidoState,
    FlorState,
    Outcome,
    TrucoState,
)
from truco_rules.spec.rules.ruleset import Card, Rules


@dataclass(slots=True)
class Hand:
    rules: Rules
    number: int
    partida: int
    starter: int
    deal: tuple[tuple[str, ...], ...]
    score: list[int]  # the partida's score, live (side points under `immediately`)
    muestra: str | None = None  # the card turned up (rulesets with a muestra)
    kind: str = lad.NORMAL
    dealer: int = 0
    blind: bool = False
    value: int = 0
    phase: str = PLAY
    turn: int = 0  # the seat whose next move is to play a card
    leader: int = 0
    rounds: list[int] = field(default_factory=list)
    plays: list[tuple[int, int, bool]] = field(default_factory=list)  # this round: seat, slot, covered
    past: list[list[tuple[int, int, bool]]] = field(default_factory=list)  # the plays of each round done
    used: list[set[int]] = field(init=False)  # slots played per seat
    truco: TrucoState = field(default_factory=TrucoState)
    contest_done: bool = False  # an envido or flor contest happened (AMB-23: one per hand)
    envido: EnvidoState = field(default_factory=EnvidoState)
    flor: FlorState = field(default_factory=FlorState)
    signed: set[int] = field(default_factory=set)
    outcome: Outcome | None = None
    result: HandResult = UNDECIDED_RESULT  # hand_result of the rounds played so far (end_round keeps it)
    cards: list[tuple[Card, ...]] = field(init=False)  # the deal as (rank, suit)
    muestra_card: Card | None = None

    def __post_init__(self) -> None:
        n, r = self.rules.players, self.rules
        card = card_names(r).get  # parse_card, for the names of the deck
        self.cards = [tuple([card(c) for c in seat_cards]) for seat_cards in self.deal]  # type: ignore[misc]
        self.muestra_card = parse_card(r, self.muestra) if self.muestra is not None else None
        self.dealer = dealer(self.starter, n)
        self.used = [set() for _ in range(n)]
        self.kind = lad.hand_kind(r, *self.score)
        ordinary = lad.iron_ordinary(r, self.kind)  # AMB-61 ordinary-no-truco: seen, at the opening value
        # IRN-2: "los jugadores no pueden ver sus cartas" (AMB-11 `iron-blind`).
        self.blind = self.kind == lad.IRON and not ordinary and r.reading("iron-blind") == "blind"
        self.value = r.ladder[0] if ordinary else lad.initial_value(r, self.kind, r.reading("iron-hand"))
        self.turn = self.leader = self.starter
        # TEN-5, AMB-12 ten-choice; the iron hand offers no choice (AMB-10 like-hand-of-ten).
        if self.kind == lad.TEN and r.reading("ten-choice") == "may-decline":
            self.phase = TEN_CHOICE

    def copy(self) -> Hand:
        """An independent copy (what a walk of the game tree keeps at each node instead of
        replaying the hand from its start). The deal and the parsed cards never change: shared.
        Field by field, not in a loop over their names: a walk copies at every node, and the
        loop took a third of the copy (a field left out here fails tests/spec/test_state_copy.py,
        where comparing with the original reads every field)."""
        new = object.__new__(Hand)
        new.rules, new.number, new.partida, new.starter = self.rules, self.number, self.partida, self.starter
        new.deal, new.muestra, new.kind, new.dealer = self.deal, self.muestra, self.kind, self.dealer
        new.blind, new.value, new.phase, new.turn = self.blind, self.value, self.phase, self.turn
        new.leader, new.contest_done, new.result = self.leader, self.contest_done, self.result
        new.cards, new.muestra_card = self.cards, self.muestra_card
        new.score = self.score[:]
        new.rounds = self.rounds[:]
        new.plays = self.plays[:]
        new.past = [p[:] for p in self.past]
        new.used = [u.copy() for u in self.used]
        t = self.truco
        new.truco = TrucoState(t.last_call_side, t.called, t.pending, t.call, t.caller, t.responder)
        new.envido = EnvidoState(self.envido.chain[:], self.envido.responder)
        f = self.flor
        new.flor = FlorState(f.singer, f.stake, f.stage, f.actor, f.answerers[:], f.accepted[:],
                             f.before, f.pending, f.contra)
        new.signed = self.signed.copy()
        o = self.outcome
        new.outcome = None if o is None else Outcome(o.winner, o.points, o.clause, o.forfeit,
                                                       o.side_points[:], o.partida_ended)
        return new

    def key(self) -> tuple[object, ...]:
        """Every field an action can change, as one hashable value: two hands of the same deal
        with equal keys are the same state (the exhaustive walk's DAG, spec/monitor/walk.py, shares
        their subtree). Field by field, as copy is: a generic walk over the fields was half the
        time of building the DAG (tests/spec/test_state_copy.py checks it against one, over every
        state of whole hands, and fails when a field is added to Hand and not here)."""
        t, e, f, o = self.truco, self.envido, self.flor, self.outcome
        return (tuple(self.score), self.value, self.phase, self.turn, self.leader, tuple(self.rounds),
                tuple(self.plays), tuple([tuple(p) for p in self.past]),
                tuple([frozenset(u) for u in self.used]),
                (t.last_call_side, t.called, t.pending, t.call, t.caller, t.responder), self.contest_done,
                (tuple(e.chain), e.responder),
                (f.singer, f.stake, f.stage, f.actor, tuple(f.answerers), tuple(f.accepted), f.before,
                 f.pending, f.contra),
                frozenset(self.signed),
                None if o is None else (o.winner, o.points, o.clause, o.forfeit, tuple(o.side_points),
                                        o.partida_ended),
                self.result)

    # --- who acts -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def ten_side(self) -> int:
        return 0 if self.score[0] == int(self.rules.data["hand_of_ten"]["score"]) else 1

    def to_act(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == TEN_CHOICE:
            # Procedure: the first seat in play order from the starter of the side at ten.
            first = self.starter if side(self.starter) == self.ten_side else self.starter + 1
            return first % self.rules.players
        if self.phase == TRUCO:
            return self.truco.responder
        if self.phase == ENVIDO:
            return self.envido.responder
        if self.phase == FLOR:
            return self.flor.actor
        return self.turn

    # --- what the cards say -------------------------------------------------------------------
    def seat_flor(self, seat: int) -> bool:
        """FLR-1 (URU-6 with the muestra), where the ruleset has flor."""
        return self.rules.has("flor") and _holds_flor(self.rules, self.cards[seat], self.muestra_card)

    def flor_points(self, seat: int) -> int:
        return _flor_points(self.rules, self.cards[seat], self.muestra_card)

    def envido_points(self, seat: int) -> int:
        return _envido_points(self.rules, self.cards[seat], self.muestra_card)

    # --- ending the hand and scoring contests -------------------------------------------------------
    def finish(self, winner: int | None, points: int, clause: str, forfeit: int | None = None) -> None:
        self.phase = OVER
        if self.outcome is None:
            self.outcome = Outcome()
        self.outcome.winner, self.outcome.points, self.outcome.clause = winner, points, clause
        self.outcome.forfeit = forfeit
        if self.rules.reading("side-bet-scoring") == "end-of-hand" and self.outcome.side_points:
            score = list(self.score)
            for _, s, p, _ in self.outcome.side_points:
                score[s] = capped_score(self.rules, score[s] + p)  # AMB-59
            if any(reached_target(x, self.rules) for x in score):
                # Procedure: the side points reach the target; the hand's own points are not scored.
                self.outcome.winner, self.outcome.points, self.outcome.partida_ended = None, 0, True

    def resume(self) -> None:
        """After a contest: the seat that opened it continues its turn, or, after an envido that
        went first (AMB-29), the pending truco call is answered."""
        self.phase = TRUCO if self.truco.pending else PLAY

    def award(self, contest: str, to_side: int, points: int, clause: str) -> None:
        """Envido/flor points: added at once (AMB-25 `immediately`) or at the end of the hand."""
        if self.outcome is None:
            self.outcome = Outcome()
        self.outcome.side_points.append((contest, to_side, points, clause))
        self.contest_done = True
        self.resume()
        if self.rules.readings["side-bet-scoring"] == "immediately":
            self.score[to_side] = capped_score(self.rules, self.score[to_side] + points)  # AMB-59
            if reached_target(self.score[to_side], self.rules):
                # Procedure: "a partida ends when a side reaches the target, even in the middle of a hand".
                self.outcome.partida_ended = True
                self.finish(None, 0, self.rules.clause("match", "end"))

    # --- actions ------------------------------------------------------------------------------
    def check(self, seat: int, text: str) -> Action:
        """Raise Illegal if `seat` may not take the action `text` now; change nothing."""
        return dispatch.check_action(self, seat, text)

    def apply(self, seat: int, text: str, dry_run: bool = False) -> None:
        """Replay one action; raises Illegal (and changes nothing) when the rules forbid it.
        `dry_run` only checks (the same as `check`)."""
        action, change = dispatch.checked(self, seat, text)
        if not dry_run:
            change(self, seat, action)



# The hand's cards do not change: what they say is remembered (legal_actions asks at every step).
@functools.lru_cache(maxsize=4096)
def _holds_flor(rules: Rules, cards: tuple[Card, ...], muestra: Card | None) -> bool:
    (r1, s1), (r2, s2), (r3, s3) = cards
    return bool(env.has_flor(rules, r1, s1, r2, s2, r3, s3, muestra=muestra))


@functools.lru_cache(maxsize=4096)
def _flor_points(rules: Rules, cards: tuple[Card, ...], muestra: Card | None) -> int:
    (r1, s1), (r2, s2), (r3, s3) = cards
    return int(env.flor_points(rules, r1, s1, r2, s2, r3, s3, muestra=muestra))


@functools.lru_cache(maxsize=4096)
def _envido_points(rules: Rules, cards: tuple[Card, ...], muestra: Card | None) -> int:
    # AMB-21 envido-without-pair; AMB-38 envido-three-suit is read by envido_points itself.
    (r1, s1), (r2, s2), (r3, s3) = cards
    without_pair = rules.readings["envido-without-pair"]
    return int(env.envido_points(rules, r1, s1, r2, s2, r3, s3, without_pair=without_pair, muestra=muestra))
