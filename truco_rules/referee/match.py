"""One match, refereed: the reference engine runs the game, the spec checks every decision.

A seat is one bot process (in pairs, each side's bot plays both of its seats, one process each, so
that partners share nothing but what the rules let them). At each decision the referee sends the
seat's view and the legal actions, and waits for one action within the time per decision and
what is left of the seat's bank. The answer is checked by the spec's own state of the hand
(truco_rules.spec.rules.state): an action it forbids is an `illegal` fault with the spec's clause.
A fault costs what the policy says (truco_rules.referee.faults). Every action applied, the bot's or
the referee's in its place, is applied to the spec's hand too; should the spec refuse one the engine
took (or the two end the match differently), the match is `abandoned`: a bug of ours, named as such.

The result is a record of the record format (truco-record/1) with a `referee` block: the bots, the
policy, every fault per decision, the termination and the winner by the referee's verdict. A match
stopped before its end has `result` null and its hand in play under `referee.unfinished`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from truco_rules.engine import Game, InvalidActionError
from truco_rules.engine.actions import Action
from truco_rules.referee import messages as msg
from truco_rules.referee.connection import CRASH, BotFault, BotProcess, BotSpec, Connection, connect
from truco_rules.referee.faults import (
    ABANDONED,
    ADJUDICATION,
    BY_FAULT,
    DISQUALIFICATION,
    FAULT_LIMIT,
    ILLEGAL,
    NORMAL,
    Fault,
    Policy,
)
from truco_rules.referee.view import bot_view
from truco_rules.spec.rules.state import Hand, Illegal, Match, Rules

REFEREE_FORMAT = "truco-referee/1"
CONCEDE = ("run", "mazo", "ten-decline")  # giving up the hand, where the rules let a seat (policy `hand`)


@dataclass(frozen=True)
class MatchSpec:
    """Everything one match depends on: the same spec, the same match (bots' timing aside)."""

    id: str
    ruleset: str
    seed: int  # the deals' seed: the two matches of a mirrored pair share it
    sides: tuple[BotSpec, BotSpec]  # the bot of side 0 (seats 0, 2, ...) and of side 1
    policy: Policy
    readings: tuple[tuple[str, str], ...] = ()
    tournament: str = ""
    disqualified: tuple[int, ...] = ()  # sides whose bot is disqualified: the match is not played
    start: tuple[int, int] | None = None  # the scores the match starts from (short matches)
    max_hands: int | None = None  # adjudicated after this many hands


class _Stop(Exception):
    """The match ends here: `termination`, and the side that loses it (None: nobody wins)."""

    def __init__(self, termination: str, loser: int | None, detail: str = "") -> None:
        super().__init__(termination)
        self.termination, self.loser, self.detail = termination, loser, detail


@dataclass
class _Seat:
    seat: int
    bot: BotSpec
    bank_ms: int
    conn: Connection | None = None
    hello: msg.Hello | None = None
    starts: int = 0
    decisions: int = 0
    next_id: int = 0
    greeting: bool = False  # hello written at the match's start, its answer not read yet
    stderr: list[str] = field(default_factory=list)


class Referee:
    """Plays one match; `run()` returns its record."""

    def __init__(self, spec: MatchSpec) -> None:
        self.spec, self.policy = spec, spec.policy
        self.game = Game.new(spec.ruleset, seed=spec.seed, readings=dict(spec.readings), scores=spec.start)
        self.n = self.game.config.n
        self.rules = Rules.of(spec.ruleset, dict(self.game.config.overrides))
        self.match = Match.at(self.rules, spec.start or (0, 0))
        self.hand: Hand | None = None
        self.history: list[tuple[int, str]] = []
        self.seats = [_Seat(s, spec.sides[s & 1], self.policy.bank_ms) for s in range(self.n)]
        self.faults: list[Fault] = []
        self.side_faults = [0, 0]
        self.conceding: int | None = None  # the side giving up the hand in play (policy `hand`)
        self.rng = random.Random(f"{spec.id}:{spec.seed}")  # the referee's own choices, the same every run

    # --- the match --------------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        stop: _Stop | None = None
        try:
            if self.spec.disqualified:
                both = len(self.spec.disqualified) == 2
                raise _Stop(DISQUALIFICATION, None if both else self.spec.disqualified[0])
            self._new_hand()
            for s in self.seats:
                self._launch(s)
            while (seat := self.game.to_act) is not None:
                self._turn(seat)
            if not self.match.over or self.match.winner != self.game.outcome().winner:  # type: ignore[union-attr]
                raise _Stop(ABANDONED, None, "the engine and the spec end the match differently")
        except _Stop as exc:
            stop = exc
        finally:
            self._close(stop)
        return self._record(stop)

    def _new_hand(self) -> None:
        deal = tuple(tuple(cards) for cards in self.game.deal())
        self.hand = self.match.new_hand(deal, self.game.muestra())
        self.history = []
        self.conceding = None

    def _turn(self, seat: int) -> None:
        legal = [a.text for a in self.game.legal_actions()]
        side = seat & 1
        action = self._concede(legal) if self.conceding == side else self._decide(seat, legal)
        assert self.hand is not None
        try:
            self.hand.apply(seat, action)
        except Illegal as exc:
            raise _Stop(ABANDONED, None, f"the spec refuses {action!r}, which the engine offered: "
                                         f"[{exc.clause}] {exc.requires}") from None
        self.game.push(action)
        self.history.append((seat, action))
        if self.hand.over:
            self.match.end_hand(self.hand.kind, self.hand.outcome, self.hand.score)  # type: ignore[arg-type]
            if self.match.over != self.game.is_over():
                raise _Stop(ABANDONED, None, "the engine and the spec end the match at different hands")
            if not self.match.over:
                self._adjudicate()
                self._new_hand()

    def _adjudicate(self) -> None:
        """Past the tournament's max_hands, the side ahead wins (level: nobody)."""
        limit = self.spec.max_hands
        if limit is not None and self.match.number >= limit:
            a, b = self.match.score
            raise _Stop(ADJUDICATION, None if a == b else (1 if a > b else 0),
                        f"{limit} hands played, the score {a} to {b}")

    def _concede(self, legal: list[str]) -> str:
        return next((a for a in CONCEDE if a in legal), legal[0])

    # --- one decision -----------------------------------------------------------------------------
    def _decide(self, seat: int, legal: list[str]) -> str:
        s = self.seats[seat]
        try:
            text = self._ask(s, legal)
        except BotFault as exc:
            return self._fault(seat, exc.kind, None, exc.detail, legal)
        try:
            Action.parse(text)
        except InvalidActionError:
            return self._fault(seat, "protocol", None, f"not an action text: {msg.brief(text)}", legal)
        assert self.hand is not None
        try:
            self.hand.check(seat, text)
        except Illegal as exc:
            return self._fault(seat, ILLEGAL, exc.clause, f"{msg.brief(text)}: {exc.requires}", legal)
        if text not in legal:  # the spec allows what the engine does not offer: ours to fix
            raise _Stop(ABANDONED, None, f"the spec allows {text!r}, the engine does not")
        return text

    def _ask(self, s: _Seat, legal: list[str]) -> str:
        policy = self.policy
        s.decisions += 1  # asked, even of a bot that cannot be started: its faults count against it
        if s.conn is None or s.greeting:
            self._start(s)
        assert s.conn is not None
        ident = s.next_id = s.next_id + 1
        view = bot_view(self.game, s.seat, self.history)
        request = msg.decide_request(ident, view, legal, policy.move_ms, s.bank_ms)
        began = time.monotonic()
        try:
            answer = s.conn.ask(request, (policy.move_ms + s.bank_ms) / 1000)
        except BotFault:
            self._drop(s)
            raise
        used = round((time.monotonic() - began) * 1000)
        s.bank_ms = max(0, s.bank_ms - max(0, used - policy.move_ms))
        try:
            return msg.parse_action(answer, ident)
        except msg.ProtocolError as exc:
            self._drop(s)  # out of step with us: a fresh process answers the next request
            raise BotFault("protocol", str(exc)) from None

    def _hello(self, s: _Seat) -> dict[str, Any]:
        p = self.policy
        return msg.hello_request(self.spec.ruleset, s.seat, self.n, self._bot_seed(s.seat), p.move_ms,
                                 p.bank_ms)

    def _launch(self, s: _Seat) -> None:
        """Start every seat's process at once, hello written, its answer read at its first decision:
        the processes start side by side, not one after the other."""
        if s.bot.url:
            return
        try:
            s.conn = connect(s.bot)
            assert isinstance(s.conn, BotProcess)
            s.conn.send(self._hello(s))
            s.starts, s.greeting = 1, True
        except BotFault:
            self._drop(s)  # it is started again, and its fault noted, at its first decision

    def _start(self, s: _Seat) -> None:
        """Start the seat's bot (again, after a crash: the view of every request is whole, so a
        new process can take over); hello must come back within start_ms."""
        p = self.policy
        try:
            if s.greeting:
                s.greeting = False
                assert isinstance(s.conn, BotProcess)
                answer = s.conn.receive(p.start_ms / 1000)
            else:
                if s.starts > p.restarts:
                    raise _Stop(BY_FAULT[CRASH], s.seat & 1, f"seat {s.seat}: not started again after "
                                                             f"{p.restarts} restarts")
                s.starts += 1
                s.conn = connect(s.bot)
                answer = s.conn.ask(self._hello(s), p.start_ms / 1000)
            s.hello = msg.parse_hello(answer)
        except msg.ProtocolError as exc:
            self._drop(s)
            raise BotFault("protocol", f"hello: {exc}") from None
        except BotFault:
            self._drop(s)
            raise
        if not s.hello.plays(self.spec.ruleset):
            self._drop(s)
            raise BotFault("protocol", f"hello: the bot does not play {self.spec.ruleset}")

    def _bot_seed(self, seat: int) -> int:
        return (self.spec.seed * 8 + seat) % (1 << 62)

    def _drop(self, s: _Seat) -> None:
        if s.conn is not None:
            tail = s.conn.stderr_tail()
            if tail:
                s.stderr = [*s.stderr[-2:], tail[-400:]]
            s.conn.close()
        s.conn = None

    def _fault(self, seat: int, kind: str, clause: str | None, detail: str, legal: list[str]) -> str:
        """Note the fault; return the action played in its place, or stop the match (the policy)."""
        side = seat & 1
        self.side_faults[side] += 1
        detail = msg.brief(detail, 400)  # the record format's bound; a bot's words shown escaped
        p = self.policy
        hand, index = self.match.number, len(self.history)
        if p.on_fault == "match" or self.side_faults[side] > p.max_faults:
            self.faults.append(Fault(seat, hand, index, kind, clause, detail, None))
            raise _Stop(BY_FAULT[kind] if p.on_fault == "match" else FAULT_LIMIT, side)
        if p.on_fault == "hand":
            self.conceding = side
            action = self._concede(legal)
        else:
            action = self.rng.choice(legal)
        self.faults.append(Fault(seat, hand, index, kind, clause, detail, action))
        return action

    # --- the end ----------------------------------------------------------------------------------
    def _close(self, stop: _Stop | None) -> None:
        outcome = self.game.outcome()
        result = {"termination": stop.termination if stop else NORMAL,
                  "winner": outcome.winner if outcome and not stop else None}
        for s in self.seats:
            if s.conn is not None:
                s.conn.tell(msg.over_message(result))
            self._drop(s)

    def _record(self, stop: _Stop | None) -> dict[str, Any]:
        record = self.game.record()
        outcome = self.game.outcome()
        if stop is None:
            winner: int | None = outcome.winner if outcome else None
        else:
            winner = None if stop.loser is None else 1 - stop.loser
            record["result"] = None
        referee: dict[str, Any] = {
            "format": REFEREE_FORMAT,
            "tournament": self.spec.tournament,
            "match": self.spec.id,
            "players": [{"seat": s.seat, "bot": s.bot.name,
                         "name": s.hello.name if s.hello else None,
                         "version": s.hello.version if s.hello else None} for s in self.seats],
            "policy": self.policy.to_dict(),
            "termination": stop.termination if stop else NORMAL,
            "winner": winner,
            "decisions": [s.decisions for s in self.seats],
            "starts": [s.starts for s in self.seats],
            "faults": [f.to_dict() for f in self.faults],
        }
        if stop is not None and stop.detail:
            referee["detail"] = msg.brief(stop.detail, 200)
        stderr = [{"seat": s.seat, "text": msg.brief(t, 400)} for s in self.seats for t in s.stderr]
        if stderr:
            referee["stderr"] = stderr[-8:]
        if stop is not None and self.hand is not None and not self.hand.over and self.history:
            referee["unfinished"] = {"number": self.match.number, "deal": self.game.deal(),
                                     "actions": [{"seat": a, "action": t} for a, t in self.history]}
        record["referee"] = referee
        return record


def play_match(spec: MatchSpec) -> dict[str, Any]:
    """The record of one refereed match (a function of `spec`: picklable, for any worker)."""
    return Referee(spec).run()
