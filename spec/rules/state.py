"""The play procedure as a state machine: who may act when, and what each action does.

It encodes docs/guide/procedure.md step by step on top of the finite rule functions. A `Match`
holds the scores and starts hands; a `Hand` replays actions. `Hand.apply(seat, text)` raises
`Illegal(clause, requires)` for an action the rules do not allow (and changes nothing then);
`legal_actions(hand)` lists every action text the to-act seat may take.
Readings always come from the register (spec.catalogue), never from defaults typed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from spec.catalogue import load_catalogue
from spec.rules import envido as env
from spec.rules import ladder as lad
from spec.rules.actions import Action, parse_action
from spec.rules.cards import COVERED, parse_card, strength
from spec.rules.hands import Decided, NobodyScores, Undecided, hand_over, hand_result
from spec.rules.match import (
    dealer,
    first_starter,
    next_starter,
    partidas_to_win,
    reached_target,
    side,
    target,
)
from spec.rules.rounds import TIE, next_leader, round_result
from spec.rules.senas import SIGNS, sign_allowed


class Illegal(Exception):
    """An action the rules do not allow: the clause it breaks and what the clause requires."""

    def __init__(self, clause: str, requires: str) -> None:
        super().__init__(f"[{clause}] {requires}")
        self.clause, self.requires = clause, requires


@dataclass(frozen=True)
class Rules:
    """A ruleset with its full reading map (defaults from the register, then overrides)."""

    ruleset: str
    variant: str
    players: int
    readings: Mapping[str, str]

    @classmethod
    def of(cls, ruleset: str, overrides: Mapping[str, str] | None = None) -> Rules:
        cat = load_catalogue()
        rs = cat.ruleset(ruleset)
        return cls(ruleset, rs.variant, rs.players, cat.readings(ruleset, overrides))

    def holds(self, clause_id: str) -> bool:
        """Whether the ruleset's own rulebook states the clause (catalogue: `rulesets`)."""
        return self.ruleset in load_catalogue().clause(clause_id).rulesets

    def reading(self, key: str) -> str | None:
        """The reading of `key`, or None when the ambiguity does not concern this ruleset."""
        return self.readings.get(key)


@dataclass
class Outcome:
    """How a hand ended, with the clause that decided each part (for the monitor's reports)."""

    winner: int | None = None
    points: int = 0
    clause: str = "HND-3"
    forfeit: int | None = None
    side_points: list[tuple[str, int, int, str]] = field(default_factory=list)  # contest, side, pts, clause
    partida_ended: bool = False  # the partida ended on envido/flor points in the middle of the hand


@dataclass
class Hand:
    rules: Rules
    number: int
    partida: int
    starter: int
    deal: tuple[tuple[str, ...], ...]
    score: list[int]  # the partida's score, live (side points under `immediately`)
    kind: str = lad.NORMAL
    # derived at start
    dealer: int = 0
    blind: bool = False
    value: int = 0
    phase: str = "play"  # ten-choice | play | truco | envido | flor | over
    turn: int = 0  # the seat whose next move is to play a card
    leader: int = 0
    rounds: list[int] = field(default_factory=list)
    plays: list[tuple[int, int, bool]] = field(default_factory=list)  # this round: seat, slot, covered
    past: list[list[tuple[int, int, bool]]] = field(default_factory=list)  # the plays of each round done
    used: list[set[int]] = field(default_factory=list)  # slots played per seat
    last_call_side: int | None = None  # side of the accepted call in force (BET-10)
    truco_called: bool = False
    call: int = 0  # pending truco value
    caller: int = 0
    responder: int = 0
    contest_done: bool = False
    chain: list[tuple[str, int]] = field(default_factory=list)  # envido calls: (call, seat)
    flor: dict[str, object] = field(default_factory=dict)
    signed: set[int] = field(default_factory=set)
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        n, r = self.rules.players, self.rules
        self.cards = [tuple(parse_card(r.variant, c) for c in seat_cards) for seat_cards in self.deal]
        self.dealer = dealer(self.starter, n)
        self.used = [set() for _ in range(n)]
        self.kind = lad.hand_kind(r.variant, *self.score)
        # IRN-2: "los jugadores no pueden ver sus cartas" (AMB-11 `iron-blind`).
        self.blind = self.kind == lad.IRON and r.reading("iron-blind") == "blind"
        self.value = lad.initial_value(r.variant, self.kind, r.reading("iron-hand"))
        self.turn = self.leader = self.starter
        if self.kind == lad.TEN and r.reading("ten-choice") == "may-decline":
            self.phase = "ten-choice"  # TEN-5

    # --- who acts -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def ten_side(self) -> int:
        return 0 if self.score[0] == 10 else 1

    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "ten-choice":
            # Procedure: the first seat in play order from the starter of the side at ten.
            first = self.starter if side(self.starter) == self.ten_side else self.starter + 1
            return first % self.rules.players
        if self.phase in ("truco", "envido"):
            return self.responder
        if self.phase == "flor":
            return int(self.flor["actor"])  # type: ignore[call-overload]
        return self.turn

    # --- helpers ------------------------------------------------------------------------------
    def _clause_ladder(self) -> str:
        return "BET-6" if self.rules.variant == "mineiro" else "BET-9"

    def _seat_flor(self, seat: int) -> bool:
        return bool(env.has_flor(*[s for _, s in self.cards[seat]]))

    def _flor_points(self, seat: int) -> int:
        return int(env.flor_points(*[r for r, _ in self.cards[seat]]))

    def _envido_points(self, seat: int) -> int:
        flat = [x for card in self.cards[seat] for x in card]
        return int(env.envido_points(*flat, without_pair=self.rules.readings["envido-without-pair"]))

    def _window_open(self, seat: int) -> bool:
        """AMB-23 `side-bet-window` (first-card-turn): the to-act seat, in the first round, before
        playing its card, no truco called and no envido or flor contest in the hand."""
        return (self.rules.variant == "gauderio" and self.phase == "play" and seat == self.turn
                and not self.rounds and not self.used[seat] and not self.truco_called
                and not self.contest_done)

    def _finish(self, winner: int | None, points: int, clause: str, forfeit: int | None = None) -> None:
        self.phase = "over"
        if self.outcome is None:
            self.outcome = Outcome()
        self.outcome.winner, self.outcome.points, self.outcome.clause = winner, points, clause
        self.outcome.forfeit = forfeit
        if self.rules.reading("side-bet-scoring") == "end-of-hand" and self.outcome.side_points:
            score = list(self.score)
            for _, s, p, _ in self.outcome.side_points:
                score[s] += p
            if any(reached_target(x, self.rules.variant, self.rules.readings) for x in score):
                # Procedure: the side points reach the target; the hand's own points are not scored.
                self.outcome.winner, self.outcome.points, self.outcome.partida_ended = None, 0, True

    def _award(self, contest: str, to_side: int, points: int, clause: str) -> None:
        """Envido/flor points: added at once (AMB-25 `immediately`) or at the end of the hand."""
        if self.outcome is None:
            self.outcome = Outcome()
        self.outcome.side_points.append((contest, to_side, points, clause))
        self.contest_done = True
        self.phase = "play"  # "After the contest the seat that opened it continues its turn."
        if self.rules.readings["side-bet-scoring"] == "immediately":
            self.score[to_side] += points
            if reached_target(self.score[to_side], self.rules.variant, self.rules.readings):
                # Procedure: "a partida ends when a side reaches the target, even in the middle of a hand".
                self.outcome.partida_ended = True
                self._finish(None, 0, "MAT-2")

    # --- actions ------------------------------------------------------------------------------
    def apply(self, seat: int, text: str, dry_run: bool = False) -> None:
        """Replay one action; raises Illegal (and changes nothing) when the rules forbid it."""
        action = parse_action(text)
        if action is None:
            raise Illegal("RND-1", f"{text!r} is not an action of the record format")
        if self.over:
            clause = "HND-2" if self.rules.holds("HND-2") else "HND-1"
            raise Illegal(clause, "the hand is over: no more actions")
        actor = self.to_act()
        handler = getattr(self, "_do_" + action.verb.replace("-", "_"))
        if seat != actor:
            raise Illegal(self._actor_clause(), f"seat {actor} acts now, not seat {seat}")
        handler(seat, action, dry_run)

    def _actor_clause(self) -> str:
        return {"ten-choice": "TEN-5", "truco": "BET-2", "envido": "ENV-1", "flor": "FLR-4"}.get(
            self.phase, "RND-1")

    def _need_phase(self, *phases: str, clause: str, what: str) -> None:
        if self.phase not in phases:
            raise Illegal(clause, f"{what} is not allowed now (pending: {self.phase})")

    # play / cover -------------------------------------------------------------------------
    def _resolve_card(self, seat: int, action: Action) -> int:
        """The slot (0-based) of the card an action plays."""
        if self.blind:
            if action.card is not None:
                # IRN-2: the player cannot see the cards: a slot, never a card name.
                raise Illegal("IRN-2", "in the blind iron hand a card is chosen by slot (#1-#3), not named")
            slot = int(action.slot) - 1  # type: ignore[arg-type]
        else:
            if action.card is None:
                raise Illegal("IRN-2", "a card is chosen by slot only in a blind iron hand")
            if action.card not in self.deal[seat]:
                raise Illegal("DEAL-1", f"{action.card} was not dealt to seat {seat}")
            slot = self.deal[seat].index(action.card)
        if slot in self.used[seat]:
            raise Illegal("RND-1", f"seat {seat} already played the card in slot {slot + 1}")
        return slot

    def _do_play(self, seat: int, action: Action, dry_run: bool) -> None:
        self._play(seat, action, covered=False, dry_run=dry_run)

    def _do_cover(self, seat: int, action: Action, dry_run: bool) -> None:
        self._play(seat, action, covered=True, dry_run=dry_run)

    def _check_cover(self) -> None:
        if self.rules.reading("covering") != "allowed":
            raise Illegal("COV-1", "cards may not be covered in this ruleset (AMB-7 covering)")
        if self.rules.reading("cover-round") == "not-first-round" and not self.rounds:
            raise Illegal("COV-1", "no card may be covered in the first round (AMB-8 cover-round)")

    def _check_mandatory_flor(self, seat: int) -> None:
        """AMB-26 `mandatory`: a seat holding flor sings it before its first card while it may."""
        if (self.rules.reading("flor-optional") == "mandatory" and self._seat_flor(seat)
                and self._window_open(seat)):
            raise Illegal("FLR-1", f"seat {seat} holds flor and must sing it before playing (AMB-26)")

    def _play(self, seat: int, action: Action, covered: bool, dry_run: bool) -> None:
        self._need_phase("play", clause=self._actor_clause(), what=action.verb)
        slot = self._resolve_card(seat, action)
        if covered:
            self._check_cover()
        self._check_mandatory_flor(seat)
        if dry_run:
            return
        self.used[seat].add(slot)
        if covered and self.rules.reading("covered-card") == "concedes-hand":
            # AMB-6 `concedes-hand` (COV-2): "Like the player is giving up disputing the hand."
            self._finish(1 - side(seat), self.value, "COV-2")
            return
        self.plays.append((seat, slot, covered))
        n = self.rules.players
        if len(self.plays) < n:
            self.turn = (seat + 1) % n  # RND-1 / ORD-1: in order from the leader
            return
        self._end_round()

    def _end_round(self) -> None:
        r = self.rules
        seats = [s for s, _, _ in self.plays]
        strengths = [COVERED if cov else int(strength(r.variant, *self.cards[s][slot]))
                     for s, slot, cov in self.plays]
        # In one against one the partner-tie ambiguity does not arise: both readings agree.
        partner_tie = r.reading("partner-tie") or "tie"
        result = int(round_result(strengths, [side(s) for s in seats], partner_tie))
        self.rounds.append(result)
        leader = next_leader(self.leader, seats, strengths, result, r.readings["round-leader"])
        self.leader = self.turn = leader
        self.past.append(self.plays)  # kept so a report can name the card rule that decided a round
        self.plays = []
        dealer_side = side(self.dealer)
        codes = ["tie" if x == TIE else x for x in self.rounds]
        if len(self.rounds) == 3 or hand_over(codes, r.readings, dealer_side):
            res = hand_result(codes, r.readings, dealer_side)
            if isinstance(res, Decided):
                all_tied = all(x == TIE for x in self.rounds)
                self._finish(res.winner, self.value, "HND-10" if all_tied else "HND-3")
            elif isinstance(res, NobodyScores):
                self._finish(None, 0, "HND-9")

    # truco -------------------------------------------------------------------------------
    def _do_raise(self, seat: int, action: Action, dry_run: bool) -> None:
        v, n, variant = int(action.value), self.rules.players, self.rules.variant  # type: ignore[arg-type]
        if self.phase == "truco":  # BET-5: raising the pending call
            nxt = lad.next_step(variant, self.call)
            if nxt == lad.NO_STEP:
                raise Illegal("BET-8" if variant == "mineiro" else "BET-9",
                              f"{self.call} is the top of the ladder: only accept or run")
            if v != nxt:
                raise Illegal(self._clause_ladder(), f"the only raise now is {nxt}, not {v}")
            if dry_run:
                return
            self.caller, self.responder, self.call = seat, self.caller, v
            return
        self._need_phase("play", clause="BET-1", what="a truco call")
        codes = ["tie" if x == TIE else x for x in self.rounds]
        if not isinstance(hand_result(codes, self.rules.readings, side(self.dealer)), Undecided):
            # Procedure (AMB-4 always-three-rounds): no call once the hand is decided.
            raise Illegal("BET-1", "the hand is already decided: no call may be made")
        if lad.iron_like_ten(self.kind, self.rules.reading("iron-hand")):
            self._raise_in_ten(seat, v, dry_run)
            return
        if self.last_call_side == side(seat):
            raise Illegal("BET-10", f"side {side(seat)} made the last call and may not call the next one")
        nxt = lad.next_step(variant, self.value)
        if nxt == lad.NO_STEP:
            raise Illegal("BET-8" if variant == "mineiro" else "BET-9",
                          "the hand is at the top of the ladder")
        if v != nxt:
            raise Illegal(self._clause_ladder(), f"the only call now is {nxt}, not {v}")
        if dry_run:
            return
        self.phase, self.call, self.caller = "truco", v, seat
        self.responder = (seat + 1) % n  # AMB-16 next-opponent: the next opponent after the caller
        self.truco_called = True

    def _raise_in_ten(self, seat: int, v: int, dry_run: bool) -> None:
        """TEN-3 "En la mano de 10 no se puede pedir truco", with AMB-9 `ten-truco` for what follows."""
        reading = self.rules.reading("ten-truco")
        clause = "IRN-3" if self.kind == lad.IRON and self.rules.holds("IRN-3") else "TEN-3"
        if reading == "refused":
            raise Illegal(clause, "no truco may be called in the hand of ten or the iron hand")
        nxt = lad.next_step(self.rules.variant, self.value)
        if v != nxt:
            raise Illegal(self._clause_ladder(), f"the only call now is {nxt}, not {v}")
        if dry_run:
            return
        self.truco_called = True
        if reading == "caller-loses-match":
            # TEN-4: "si uno jugador pide, pierde el juego automáticamente." Procedure: the hand
            # is recorded as won by the other side with 0 points, forfeit = the caller's side.
            self._finish(1 - side(seat), 0, "TEN-4", forfeit=side(seat))
        else:  # caller-loses-hand
            self._finish(1 - side(seat), self.value, "TEN-4")

    def _do_accept(self, seat: int, action: Action, dry_run: bool) -> None:
        if self.phase == "envido":
            self._envido_accept(dry_run)
        elif self.phase == "flor":
            self._flor_answer(seat, "accept", dry_run)
        else:
            self._need_phase("truco", clause="BET-2", what="accept")
            if dry_run:
                return
            # BET-3: "Si aceptan, la mano pasa a valer 4 y continúa normalmente."
            self.value, self.last_call_side, self.phase = self.call, side(self.caller), "play"

    def _do_run(self, seat: int, action: Action, dry_run: bool) -> None:
        if self.phase == "envido":
            self._envido_run(dry_run)
        elif self.phase == "flor":
            self._flor_answer(seat, "run", dry_run)
        else:
            self._need_phase("truco", clause="BET-2", what="run")
            if dry_run:
                return
            # BET-4: "el jugador que pidió 10 gana 6 puntos (el valor actual de la mano)".
            self._finish(side(self.caller), int(lad.run_payout(self.rules.variant, self.call)), "BET-4")

    # hand of ten -------------------------------------------------------------------------
    def _do_ten_play(self, seat: int, action: Action, dry_run: bool) -> None:
        self._need_phase("ten-choice", clause="TEN-5", what="ten-play")
        if not dry_run:
            self.phase = "play"  # TEN-2: "Il valore della mano sarà di quattro punti"

    def _do_ten_decline(self, seat: int, action: Action, dry_run: bool) -> None:
        self._need_phase("ten-choice", clause="TEN-5", what="ten-decline")
        if not dry_run:
            # TEN-6: "se la coppia scegli di non giocare, la coppia avversaria guadagnerà due punti."
            self._finish(1 - self.ten_side, 2, "TEN-6")

    # envido ------------------------------------------------------------------------------
    def _do_envido(self, seat: int, action: Action, dry_run: bool) -> None:
        self._envido_call(seat, env.ENVIDO, "ENV-1", dry_run)

    def _do_real_envido(self, seat: int, action: Action, dry_run: bool) -> None:
        self._envido_call(seat, env.REAL_ENVIDO, "ENV-5", dry_run)

    def _do_falta_envido(self, seat: int, action: Action, dry_run: bool) -> None:
        self._envido_call(seat, env.FALTA_ENVIDO, "ENV-6", dry_run)

    def _envido_call(self, seat: int, call: str, clause: str, dry_run: bool) -> None:
        if self.rules.variant != "gauderio":
            raise Illegal("ENV-1", "there is no envido in this ruleset")
        if self.phase == "envido":  # raising the chain (ENV-5, ENV-6, AMB-20)
            chain = [c for c, _ in self.chain] + [call]
            if not env.is_forward_chain(chain):
                raise Illegal(clause, "envido calls go forward: envido, envido, real-envido, falta-envido")
            if dry_run:
                return
            self.responder = self.chain[-1][1]  # the seat whose call was raised answers
            self.chain.append((call, seat))
            return
        if not self._window_open(seat):
            raise Illegal("ENV-1", "envido is called on one's turn in the first round, before playing, "
                                   "with no truco called and no envido or flor contest yet (AMB-23)")
        if dry_run:
            return
        self.phase, self.chain = "envido", [(call, seat)]
        self.responder = (seat + 1) % self.rules.players

    def _falta(self, winner: int) -> int:
        r = self.rules
        return int(env.falta(self.score[0], self.score[1], winner, target(r.variant, r.readings),
                             r.readings["falta-points"]))

    def _envido_accept(self, dry_run: bool) -> None:
        if dry_run:
            return
        points = [self._envido_points(s) for s in range(self.rules.players)]
        winner = int(env.contest_winner(points, self.starter))
        stake = env.envido_accepted_stake([c for c, _ in self.chain], self._falta(winner))
        self._award("envido", winner, stake, "ENV-4")

    def _envido_run(self, dry_run: bool) -> None:
        if dry_run:
            return
        last_caller = self.chain[-1][1]
        payout = env.envido_refused_payout([c for c, _ in self.chain])
        self._award("envido", side(last_caller), payout, "ENV-1")

    # flor --------------------------------------------------------------------------------
    def _do_flor(self, seat: int, action: Action, dry_run: bool) -> None:
        if self.rules.variant != "gauderio":
            raise Illegal("FLR-1", "there is no flor in this ruleset")
        if not self._seat_flor(seat):
            raise Illegal("FLR-1", f"seat {seat} does not hold three cards of one suit")
        if not self._window_open(seat):
            raise Illegal("FLR-1", "flor is sung before playing any card, in the side-bet window (AMB-23)")
        if dry_run:
            return
        self.phase = "flor"
        self.flor = {"singer": seat, "stake": env.FLOR_STAKE, "accepts": 0}
        partner = (seat + 2) % self.rules.players
        if self.rules.players == 4 and self._seat_flor(partner):
            self.flor.update(stage="partner", actor=partner)  # FLR-3
        else:
            self._flor_opponents()

    def _flor_opponents(self) -> None:
        singer, n = int(self.flor["singer"]), self.rules.players  # type: ignore[call-overload]
        answerers = [o for o in ((singer + 1) % n, (singer + 3) % n) if self._seat_flor(o)]
        answerers = list(dict.fromkeys(answerers))  # one against one: a single opponent
        if not answerers:
            # FLR-2: "slo puede ser aumentada si el oponente o el compaero tambin posee FLOR".
            self._award("flor", side(singer), int(self.flor["stake"]), "FLR-2")  # type: ignore[call-overload]
            return
        self.flor.update(stage="opponents", answerers=answerers, actor=answerers[0])

    def _do_flor_raise(self, seat: int, action: Action, dry_run: bool) -> None:
        self._flor_partner(raise_=True, dry_run=dry_run)

    def _do_flor_pass(self, seat: int, action: Action, dry_run: bool) -> None:
        self._flor_partner(raise_=False, dry_run=dry_run)

    def _flor_partner(self, raise_: bool, dry_run: bool) -> None:
        if self.phase != "flor" or self.flor.get("stage") != "partner":
            raise Illegal("FLR-3", "only the singer's partner holding flor answers flor-raise or flor-pass")
        if dry_run:
            return
        if raise_:
            self.flor["stake"] = env.FLOR_RAISED
        self._flor_opponents()

    def _do_contraflor(self, seat: int, action: Action, dry_run: bool) -> None:
        if self.phase != "flor" or self.flor.get("stage") != "opponents":
            raise Illegal("FLR-6", "contraflor answers a flor, by an opponent holding flor")
        if dry_run:
            return
        stake = int(self.flor["stake"])  # type: ignore[call-overload]
        # FLR-6: "CONTRAFLOR: dobla la puntuacin actual de FLOR"; the other opponents do not answer.
        self.flor.update(stage="contraflor", before=stake, pending=env.contraflor_stake(stake),
                         contra=seat, actor=self.flor["singer"])

    def _do_contraflor_resto(self, seat: int, action: Action, dry_run: bool) -> None:
        if self.phase != "flor" or self.flor.get("stage") != "contraflor":
            raise Illegal("FLR-6", "contraflor-resto answers a contraflor, by the singer")
        if dry_run:
            return
        self.flor.update(stage="resto", before=self.flor["pending"], pending=None, actor=self.flor["contra"])

    def _flor_answer(self, seat: int, answer: str, dry_run: bool) -> None:
        stage = self.flor.get("stage")
        if stage not in ("opponents", "contraflor", "resto"):
            raise Illegal("FLR-3", "the singer's partner answers flor-raise or flor-pass")
        if dry_run:
            return
        singer = int(self.flor["singer"])  # type: ignore[call-overload]
        reading = self.rules.readings["flor-refusal"]
        if stage == "opponents":
            if answer == "accept":
                self.flor["accepts"] = int(self.flor["accepts"]) + 1  # type: ignore[call-overload]
                self.flor.setdefault("accepted", []).append(seat)  # type: ignore[attr-defined]
            answerers: list[int] = self.flor["answerers"]  # type: ignore[assignment]
            rest = answerers[answerers.index(seat) + 1:]
            if rest:
                self.flor["actor"] = rest[0]
                return
            accepts = int(self.flor["accepts"])  # type: ignore[call-overload]
            if accepts:
                self._flor_compare(env.flor_accepted_stake(accepts), "FLR-5")
            else:  # FLR-8: every opponent said me achico: the singer's side scores the stake in force
                self._award("flor", side(singer), int(self.flor["stake"]), "FLR-8")  # type: ignore[call-overload]
            return
        before = int(self.flor["before"])  # type: ignore[call-overload]
        if stage == "contraflor":
            pending = int(self.flor["pending"])  # type: ignore[call-overload]
            if answer == "accept":
                self._flor_compare(pending, "FLR-6")
            else:
                contra_side = side(int(self.flor["contra"]))  # type: ignore[call-overload]
                self._award("flor", contra_side, env.flor_refused_payout(before, pending, reading), "FLR-8")
            return
        # stage resto: FLR-7 "slo pueden escoger QUIERO o ME ACHICO"
        if answer == "accept":
            self._flor_compare(None, "FLR-7")
        else:
            called = self._falta(side(singer))
            self._award("flor", side(singer), env.flor_refused_payout(before, called, reading), "FLR-8")

    def _flor_compare(self, stake: int | None, clause: str) -> None:
        """The highest flor wins the stake (the falta when stake is None); ties: the starter's side."""
        singer = int(self.flor["singer"])  # type: ignore[call-overload]
        contra = self.flor.get("contra")
        # Procedure: among the singer's side and the opponents who accepted (or sang contraflor).
        allowed = set(self.flor.get("accepted", [])) | ({int(contra)} if contra is not None else set())  # type: ignore[arg-type]
        points = [self._flor_points(s) if self._seat_flor(s) and (side(s) == side(singer) or s in allowed)
                  else -1 for s in range(self.rules.players)]
        winner = int(env.contest_winner(points, self.starter))
        self._award("flor", winner, self._falta(winner) if stake is None else stake, clause)

    # señas -------------------------------------------------------------------------------
    def _do_sign(self, seat: int, action: Action, dry_run: bool) -> None:
        r = self.rules
        if r.variant != "gauderio":
            raise Illegal("SEN-1", "there are no señas in this ruleset")
        self._need_phase("play", clause="SEN-1", what="a seña")
        if seat in self.signed:
            raise Illegal("SEN-1", f"seat {seat} already made its seña in this hand")
        if not sign_allowed(str(action.sign), self.cards[seat], r.readings["senas"],
                            r.readings["envido-without-pair"]):
            clause = {"ciego": "SEN-1", "tanto-27-29": "SEN-2", "tanto-30-plus": "SEN-3"}[str(action.sign)]
            raise Illegal(clause, f"the seña {action.sign} is not true of seat {seat}'s hand "
                                  "(AMB-28 truthful)")
        if not dry_run:
            self.signed.add(seat)


def candidate_actions(hand: Hand) -> list[str]:
    """Every action text that could make sense for the to-act seat (a superset of the legal ones)."""
    seat = hand.to_act()
    if seat is None:
        return []
    texts = ["accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido",
             "flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto"]
    texts += [f"sign {s}" for s in SIGNS]
    texts += [f"raise {v}" for v in lad.ladder(hand.rules.variant)[1:]]
    for verb in ("play", "cover"):
        texts += [f"{verb} #{k}" for k in (1, 2, 3)] + [f"{verb} {c}" for c in hand.deal[seat]]
    return texts


def legal_actions(hand: Hand) -> set[str]:
    """The action texts the rules allow the to-act seat right now (empty when the hand is over)."""
    seat = hand.to_act()
    legal = set()
    for text in candidate_actions(hand):
        try:
            hand.apply(seat, text, dry_run=True)  # type: ignore[arg-type]
        except Illegal:
            continue
        legal.add(text)
    return legal


@dataclass
class Match:
    """Scores, partidas and the sequence of hands (HND-11, MAT-1..4, IRN-4)."""

    rules: Rules
    score: list[int] = field(default_factory=lambda: [0, 0])
    partida: int = 1
    partidas: list[int] = field(default_factory=list)
    number: int = 0  # hands started so far
    starter: int = first_starter()
    winner: int | None = None
    forfeit: int | None = None
    end_clause: str = ""  # the clause that ended the match
    hand_score: list[int] = field(default_factory=lambda: [0, 0])  # the partida's score after the last hand

    @property
    def over(self) -> bool:
        return self.winner is not None

    def new_hand(self, deal: tuple[tuple[str, ...], ...]) -> Hand:
        """The next hand, with the starter due by AMB-15 (`self.starter` is that hand's starter)."""
        self.number += 1
        return Hand(self.rules, self.number, self.partida, self.starter, deal, list(self.score))

    def end_hand(self, hand_kind: str, outcome: Outcome, score_live: list[int] | None = None) -> str:
        """Score a finished hand and move on; returns the clause that ended the match or partida ('' if none).

        `score_live` is the score after side points already added during the hand (AMB-25 immediately).
        """
        r = self.rules
        score = list(score_live) if score_live is not None else list(self.score)
        self.starter = next_starter(self.starter, r.players, r.readings["hand-starter"])
        if outcome.forfeit is not None:  # TEN-4: the caller's side loses the match
            if outcome.winner is not None:
                score[outcome.winner] += outcome.points
            self.score, self.forfeit, self.winner = score, outcome.forfeit, 1 - outcome.forfeit
            self.hand_score, self.end_clause = list(score), "TEN-4"
            self.partidas.append(self.winner)
            return "TEN-4"
        additions: list[tuple[int, int]] = []
        if r.reading("side-bet-scoring") == "end-of-hand":
            additions += [(s, p) for _, s, p, _ in outcome.side_points]
        if outcome.winner is not None and not outcome.partida_ended:
            additions.append((outcome.winner, outcome.points))
        ended = next((s for s in (0, 1) if reached_target(score[s], r.variant, r.readings)), None)
        for s, p in additions:
            if ended is not None:
                break  # the partida is over: nothing more is added
            score[s] += p
            if reached_target(score[s], r.variant, r.readings):
                ended = s
        self.score, self.hand_score = score, list(score)
        clause = ""
        if ended is None and hand_kind == lad.IRON and outcome.winner is not None and r.holds("IRN-4"):
            ended, clause = outcome.winner, "IRN-4"  # "La coppia che vince questa mano vincerà la partita."
        if ended is None:
            return ""
        self.partidas.append(ended)
        clause = clause or ("MAT-1" if r.variant == "mineiro" else "MAT-2")
        if self.partidas.count(ended) >= partidas_to_win(r.variant, r.readings):
            self.winner, self.end_clause = ended, clause
        else:  # AMB-19 best-of-three: the scores restart at 0
            self.partida += 1
            self.score = [0, 0]
        return clause
