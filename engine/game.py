"""The game: a Truco match as a state machine with legal moves, push/pop, copy and JSON.

Every rule applied names its clause (XXX-n) or register reading (AMB-n key) beside it. The order
of play is the one fixed by the play procedure. State is held in plain immutable attribute values
(ints and tuples) so that an undo entry is one shallow copy of the instance dictionary.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import actions as A
from engine.actions import Action
from engine.config import Config, make_config
from engine.contests import ContestsMixin
from engine.errors import IllegalActionError, InvalidActionError
from engine.observation import ObservationMixin
from engine.phases import (
    ENVIDO,
    FLOR_CONTRA,
    FLOR_OPP,
    FLOR_PARTNER,
    FLOR_RESTO,
    OVER,
    PLAY,
    TEN_CHOICE,
    TRUCO,
)
from engine.record import RecordMixin
from engine.tricks import NOBODY, TIE, hand_result, round_result

NORMAL, TEN, IRON = 0, 1, 2  # hand kinds: TEN-1, IRN-1
_NO_CALL = -1
_DEALER = random.Random()  # reseeded per hand: the deal depends only on (seed, hand number)

# Per variant: card index -> interned play / cover action.
_PLAY_BY_INDEX: dict[str, tuple[Action, ...]] = {}
_COVER_BY_INDEX: dict[str, tuple[Action, ...]] = {}


def _card_actions(cfg: Config) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    v = cfg.deck.variant
    if v not in _PLAY_BY_INDEX:
        _PLAY_BY_INDEX[v] = tuple(A.PLAY[name] for name in cfg.deck.names)
        _COVER_BY_INDEX[v] = tuple(A.COVER[name] for name in cfg.deck.names)
    return _PLAY_BY_INDEX[v], _COVER_BY_INDEX[v]


def _parse_deal(cfg: Config, deal: Sequence[Sequence[str]]) -> tuple[tuple[int, ...], ...]:
    """One stacked hand: three distinct cards of this deck per seat (DEAL-1)."""
    if len(deal) != cfg.n or any(len(cards) != 3 for cards in deal):
        raise ValueError(f"a deal gives three cards to each of {cfg.n} seats")
    out = []
    for cards in deal:
        idx = []
        for name in cards:
            i = cfg.deck.index(name)
            if i is None:
                raise InvalidActionError(f"there is no card {name!r} in the {cfg.ruleset.name} deck")
            idx.append(i)
        out.append(tuple(idx))
    flat = [c for cards in out for c in cards]
    if len(set(flat)) != len(flat):
        raise ValueError("a card is dealt twice")
    return tuple(out)


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning side, the last partida's score and each partida's winner."""

    winner: int
    score: tuple[int, int]
    partidas: tuple[int, ...]
    forfeit: int | None = None  # TEN-4: the side that lost by calling in the hand of ten


class Game(ContestsMixin, ObservationMixin, RecordMixin):
    """A match of Truco under one ruleset and its readings. Create with `Game.new`."""

    # Attributes that are not part of the position (left out of ==).
    _NOT_STATE = frozenset({"_undo", "_legal", "_hands", "_moves"})

    @classmethod
    def new(cls, ruleset: str, *, seed: int | None = None, readings: Mapping[str, str] | None = None,
            deals: Sequence[Sequence[Sequence[str]]] | None = None,
            scores: tuple[int, int] | None = None) -> Game:
        """A new match. Same ruleset, readings and seed: same deals.

        For set positions (tests, puzzles): `deals` stacks the deck of the first hands (one list
        of three card names per seat, per hand; later hands are shuffled from the seed), and
        `scores` sets the starting points of the first partida."""
        cfg = make_config(ruleset, readings)
        if seed is not None and not isinstance(seed, int):
            raise TypeError("seed must be an int or None")
        deal_seed = seed if seed is not None else random.getrandbits(63)
        stacked = tuple(_parse_deal(cfg, d) for d in deals or ())
        start = (0, 0)
        if scores is not None:
            start = (int(scores[0]), int(scores[1]))
            if not all(0 <= x < cfg.target for x in start):
                raise ValueError(f"starting scores must be 0..{cfg.target - 1}")
        return cls._fresh(cfg, seed, deal_seed, stacked, start)

    @classmethod
    def _fresh(cls, cfg: Config, seed: int | None, deal_seed: int,
               stacked: tuple[tuple[tuple[int, ...], ...], ...] = (),
               start: tuple[int, int] = (0, 0)) -> Game:
        g = cls.__new__(cls)
        g._cfg = cfg
        g._seed = seed
        g._deal_seed = deal_seed
        g._stacked = stacked
        g._start_scores = start
        g._undo = []
        g._hands = []
        g._moves = []
        g._legal = None
        g._scores = start
        g._partidas = ()
        g._partida = 1
        g._hand_no = 0
        g._starter = 0  # AMB-15: seat 0 starts the first hand
        g._winner = None
        g._forfeit = None
        g._play_actions, g._cover_actions = _card_actions(cfg)
        g._start_hand()
        return g

    # ----------------------------------------------------------------- public API

    @property
    def config(self) -> Config:
        return self._cfg

    @property
    def ruleset(self) -> str:
        return self._cfg.ruleset.name

    @property
    def readings(self) -> dict[str, str]:
        """Every reading in force (defaults and overrides)."""
        return dict(self._cfg.readings)

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return None if self._phase == OVER else self._to_act

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def moves(self) -> tuple[Action, ...]:
        return tuple(self._moves)

    def is_over(self) -> bool:
        return self._phase == OVER

    def outcome(self) -> Outcome | None:
        if self._phase != OVER:
            return None
        return Outcome(self._winner, self._scores, self._partidas, self._forfeit)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act, in a stable order (empty once the match is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def is_legal(self, action: Action | str) -> bool:
        try:
            return Action.parse(action) in self.legal_actions()
        except InvalidActionError:
            return False

    def push(self, action: Action | str) -> None:
        """Apply `action` for the seat to act. On error the state is unchanged."""
        if type(action) is not Action:
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            self._refuse(action)
        self._undo.append((self.__dict__.copy(), len(self._hands)))
        self._moves.append(action)
        self._hact = (*self._hact, (self._to_act, action.text))
        self._legal = None
        getattr(self, _HANDLERS[action.kind])(action)

    def pop(self) -> Action:
        """Undo the last action exactly and return it."""
        if not self._undo:
            raise IndexError("pop from a game with no moves")
        saved, n_hands = self._undo.pop()
        undo, hands, moves = self._undo, self._hands, self._moves
        self.__dict__.clear()
        self.__dict__.update(saved)
        self._undo, self._hands, self._moves = undo, hands, moves
        del hands[n_hands:]
        return moves.pop()

    def peek(self) -> Action | None:
        return self._moves[-1] if self._moves else None

    def copy(self) -> Game:
        """An equal, independent game (with its own undo history)."""
        g = self.__class__.__new__(self.__class__)
        g.__dict__.update(self.__dict__)
        g._undo = list(self._undo)
        g._hands = list(self._hands)
        g._moves = list(self._moves)
        return g

    def _state(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in self._NOT_STATE}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._state() == other._state() and self._hands == other._hands
                and self._moves == other._moves)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Game {self.ruleset} hand {self._hand_no} score {self._scores[0]}-{self._scores[1]} "
                f"to_act {self.to_act}>")

    def to_json(self) -> str:
        """The whole game as JSON: configuration, seeds and every move (replayed by from_json)."""
        return json.dumps({
            "format": "truco-engine-game/1",
            "ruleset": self.ruleset,
            "readings": self._cfg.overrides,
            "seed": self._seed,
            "deal_seed": self._deal_seed,
            "deals": [[[self._cfg.deck.names[c] for c in cards] for cards in d] for d in self._stacked],
            "scores": list(self._start_scores),
            "moves": [a.text for a in self._moves],
        })

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Game:
        data = json.loads(text) if isinstance(text, str) else text
        if data.get("format") != "truco-engine-game/1":
            raise ValueError("not a truco-engine-game/1 document")
        cfg = make_config(data["ruleset"], data.get("readings"))
        stacked = tuple(_parse_deal(cfg, d) for d in data.get("deals", ()))
        start = tuple(data.get("scores", (0, 0)))
        g = cls._fresh(cfg, data.get("seed"), int(data["deal_seed"]), stacked, (start[0], start[1]))
        for move in data["moves"]:
            g.push(move)
        return g

    # ----------------------------------------------------------------- hands

    def _start_hand(self) -> None:
        cfg = self._cfg
        n = cfg.n
        self._hand_no += 1
        starter = self._starter
        self._dealer = (starter - 1) % n  # AMB-15: the dealer sits just before the starter
        if self._hand_no <= len(self._stacked):
            self._deal = self._stacked[self._hand_no - 1]
        else:
            _DEALER.seed(self._deal_seed * 1_000_003 + self._hand_no)
            cards = _DEALER.sample(cfg.deck.cards, 3 * n)  # DEAL-1 / AMB-17: three cards each
            self._deal = tuple(tuple(cards[3 * s:3 * s + 3]) for s in range(n))
        self._left = ((0, 1, 2),) * n
        self._table = ()
        self._past = ()
        self._rounds = ()
        self._leader = starter  # AMB-14: the starter leads the first round
        self._turn = starter
        self._to_act = starter
        self._phase = PLAY
        self._decided = None
        self._ladder_i = 0  # VAL-1 / VAL-2
        self._value = cfg.ladder[0]
        self._last_call_side = _NO_CALL
        self._call_by = _NO_CALL
        self._truco_called = False
        self._hact = ()
        self._hand_kind = NORMAL
        self._no_truco = False
        self._blind = False
        self._ten_side = _NO_CALL
        self._contest_done = False
        self._side_pts = ()
        self._pending_pts = (0, 0)
        self._signed = (False,) * n
        self._signs = ()
        self._env_chain = ()
        self._env_caller = _NO_CALL
        if cfg.gauderio:
            self._prepare_contests()
            return
        s0, s1 = self._scores
        if s0 == 10 and s1 == 10:  # IRN-1
            self._hand_kind = IRON
            self._blind = cfg.iron_blind  # IRN-2 / AMB-11
            if cfg.iron_like_ten:  # AMB-10: worth 4, no truco (TEN-2, TEN-3, IRN-3)
                self._ladder_i = cfg.ladder.index(4)
                self._value = 4
                self._no_truco = True
        elif s0 == 10 or s1 == 10:  # TEN-1
            self._hand_kind = TEN
            self._ten_side = 0 if s0 == 10 else 1
            self._ladder_i = cfg.ladder.index(4)  # TEN-2: worth 4
            self._value = 4
            self._no_truco = True  # TEN-3
            if cfg.ten_may_decline:  # TEN-5 / AMB-12: the first seat of the side at ten chooses
                self._phase = TEN_CHOICE
                self._to_act = starter if starter & 1 == self._ten_side else (starter + 1) % n

    def _next_hand(self) -> None:
        self._starter = (self._starter + self._cfg.starter_step) % self._cfg.n  # AMB-15, ORD-2
        self._start_hand()

    def _finish_hand(self, winner: int, points: int, forfeit: int | None = None) -> None:
        """Score a finished hand (winner may be NOBODY), record it, and go on to the next hand."""
        cfg = self._cfg
        s = list(self._scores)
        pending = self._pending_pts
        if pending != (0, 0):  # AMB-25 end-of-hand: contest points first, before the hand's own
            s[0] += pending[0]
            s[1] += pending[1]
            self._pending_pts = (0, 0)
            for side in (0, 1):
                if s[side] >= cfg.target:  # MAT-2..4: the partida ends on those points
                    self._scores = (s[0], s[1])
                    self._close_hand(None, 0)
                    self._end_partida(side)
                    return
        if winner == NOBODY:
            self._scores = (s[0], s[1])
            self._close_hand(None, 0)  # HND-9: nobody scores, a new hand is dealt
            self._next_hand()
            return
        if forfeit is None:
            s[winner] += points
        self._scores = (s[0], s[1])
        self._close_hand(winner, points, forfeit)
        if forfeit is not None:  # TEN-4: the caller's side loses the match at once
            self._forfeit = forfeit
            self._end_match(1 - forfeit)
        elif s[winner] >= cfg.target:  # MAT-1 (12) / MAT-3, MAT-4 (AMB-18)
            self._end_partida(winner)
        elif self._hand_kind == IRON and cfg.ruleset.iron_wins_match:  # IRN-4
            self._end_match(winner)
        else:
            self._next_hand()

    def _end_partida(self, winner: int) -> None:
        self._partidas = (*self._partidas, winner)
        if self._partidas.count(winner) >= self._cfg.partidas_to_win:  # MAT-2 / AMB-19
            self._end_match(winner)
            return
        self._scores = (0, 0)  # AMB-19 best-of-three: scores restart for the next partida
        self._partida += 1
        self._next_hand()  # MAT-2: started by the seat that would start the next hand anyway

    def _end_match(self, winner: int) -> None:
        if self._partidas.count(winner) < self._cfg.partidas_to_win:
            self._partidas = (*self._partidas, winner)  # TEN-4 or IRN-4 end the partida too
        self._winner = winner
        self._phase = OVER
        self._to_act = None

    # ----------------------------------------------------------------- legal actions

    def _can_call(self, seat: int) -> bool:
        """May `seat` call the next truco step now (its turn to play, nothing pending)?"""
        if self._decided is not None:
            return False  # AMB-4 always-three-rounds: nothing left to bet on once decided
        if self._ladder_i + 1 >= len(self._cfg.ladder):
            return False  # BET-8 / BET-9: the top of the ladder
        if self._no_truco:
            return self._cfg.ten_truco != "refused"  # TEN-3 / AMB-9
        return self._last_call_side != seat & 1  # BET-10

    def _compute_legal(self) -> tuple[Action, ...]:
        ph = self._phase
        cfg = self._cfg
        if ph == PLAY:
            t = self._to_act
            out: list[Action] = []
            if not (cfg.flor_mandatory and self._must_sing_flor(t)):  # AMB-26
                left = self._left[t]
                can_cover = cfg.cover_allowed and not (cfg.cover_not_first and not self._rounds)  # AMB-7/8
                if self._blind:  # IRN-2: by slot only
                    out.extend(A.PLAY_SLOT[k] for k in left)
                    if can_cover:
                        out.extend(A.COVER_SLOT[k] for k in left)
                else:
                    deal = self._deal[t]
                    play = self._play_actions
                    out.extend(play[deal[k]] for k in left)
                    if can_cover:
                        cover = self._cover_actions
                        out.extend(cover[deal[k]] for k in left)
            if self._can_call(t):  # BET-1
                out.append(A.raise_to(cfg.ladder[self._ladder_i + 1]))
            if cfg.gauderio:
                self._contest_openings(t, out)
            return tuple(out)
        if ph == TRUCO:
            i = self._ladder_i + 2  # the step after the pending call
            if i < len(cfg.ladder):
                return (A.ACCEPT, A.RUN, A.raise_to(cfg.ladder[i]))  # BET-2, BET-5
            return (A.ACCEPT, A.RUN)  # BET-8
        if ph == TEN_CHOICE:
            return (A.TEN_PLAY, A.TEN_DECLINE)  # TEN-5
        if ph == OVER:
            return ()
        return self._contest_answers(ph)

    # ----------------------------------------------------------------- refusals

    def _refuse(self, action: Action) -> None:
        """Raise the error that explains why `action` is not legal now."""
        clause, message = self._why_illegal(action)
        raise IllegalActionError(clause, message)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        cfg = self._cfg
        kind = action.kind
        seat = self._to_act
        if kind in ("play", "cover") and action.slot is None:
            name = action.arg
            if cfg.deck.index(str(name)) is None:
                readings = dict(cfg.readings)
                deck = f" (DECK-1, AMB-13 deck={readings['deck']})" if "deck" in readings else " (DECK-2)"
                raise InvalidActionError(f"there is no card {name!r} in the {cfg.ruleset.name} deck{deck}")
        if self._phase == OVER:
            return ("MAT-2" if cfg.gauderio else "MAT-1"), "the match is over"
        if kind == "sign" or kind in A.SIMPLE[4:] or self._phase not in (PLAY, TRUCO, TEN_CHOICE):
            found = self._why_contest_illegal(action)
            if found:
                return found
        pending = {TRUCO: ("BET-2", "a truco call is pending: answer it first"),
                   TEN_CHOICE: ("TEN-5", f"side {self._ten_side} must first choose to play or decline"),
                   ENVIDO: ("ENV-5", "an envido call is pending: answer it first"),
                   FLOR_PARTNER: ("FLR-3", "the singer's partner must answer the flor first"),
                   FLOR_OPP: ("FLR-4", "the flor must be answered first"),
                   FLOR_CONTRA: ("FLR-6", "the contraflor must be answered first"),
                   FLOR_RESTO: ("FLR-7", "contraflor al resto may only be accepted or run from")}
        if kind in ("play", "cover"):
            if self._phase != PLAY:
                return pending[self._phase]
            if action.slot is not None:
                if not self._blind:
                    return "IRN-2", "cards are played by slot only in a blind iron hand"
                if action.slot not in self._left[seat]:
                    return "RND-1", f"seat {seat} has already played slot #{action.slot + 1}"
            else:
                if self._blind:
                    return "IRN-2", "the iron hand is blind: play a slot ('play #1'), not a card name"
                if action.card not in [self._deal[seat][k] for k in self._left[seat]]:
                    return "DEAL-1", f"seat {seat} does not hold {action.arg}"
            if kind == "cover":
                if not cfg.cover_allowed:
                    return "COV-1", "covering=not-allowed (AMB-7): cards are played face up"
                if cfg.cover_not_first and not self._rounds:
                    return "COV-1", "cover-round=not-first-round (AMB-8): no covered card in round 1"
            if cfg.flor_mandatory and self._must_sing_flor(seat):
                return "FLR-1", f"flor-optional=mandatory (AMB-26): seat {seat} must sing flor before playing"
            return "RND-1", "not a legal play now"
        if kind == "raise":
            ladder_clause = "BET-9" if cfg.gauderio else "BET-6"
            top_clause = "BET-9" if cfg.gauderio else "BET-8"
            if self._phase == TRUCO:
                nxt = self._ladder_i + 2
                if nxt >= len(cfg.ladder):
                    return top_clause, "the call at the top can only be accepted or run from"
                return ladder_clause, f"the next step is {cfg.ladder[nxt]}, not {action.arg}"
            if self._phase != PLAY:
                return pending[self._phase]
            if self._decided is not None:
                return "HND-2", "hand-length=always-three-rounds (AMB-4): the hand is already decided"
            if self._no_truco:
                if self._hand_kind == IRON and cfg.ruleset.iron_wins_match:
                    return "IRN-3", "nobody may call truco in the iron hand"
                return "TEN-3", "nobody may call truco in the hand of ten"
            if self._ladder_i + 1 >= len(cfg.ladder):
                return top_clause, f"the hand is already worth {self._value}, the top"
            if self._last_call_side == seat & 1:
                return "BET-10", f"side {seat & 1} made the last call"
            step = cfg.ladder[self._ladder_i + 1]
            return ladder_clause, f"one step at a time: the next call is {step}, not {action.arg}"
        if kind in ("accept", "run"):
            if self._phase == TEN_CHOICE:
                return pending[TEN_CHOICE]
            return "BET-2", "there is no call to answer"
        if kind in ("ten-play", "ten-decline"):
            return "TEN-5", "there is no hand-of-ten choice to make now"
        return "RND-1", f"{action.text} is not legal now"

    # ----------------------------------------------------------------- handlers

    def _do_card(self, action: Action) -> None:
        cfg = self._cfg
        t = self._to_act
        deal = self._deal[t]
        k = action.slot if self._blind else deal.index(action.card)  # IRN-2: by slot
        left = self._left
        self._left = (*left[:t], tuple(x for x in left[t] if x != k), *left[t + 1:])
        covered = action.kind == "cover"
        if covered and cfg.cover_concedes:  # AMB-6 concedes-hand (COV-2): the other side wins
            self._finish_hand(1 - (t & 1), self._value)
            return
        table = (*self._table, (t, deal[k], covered))
        n = cfg.n
        if len(table) < n:  # RND-1: everyone plays once, in order from the leader
            self._table = table
            self._turn = self._to_act = (t + 1) % n
            return
        result, top = round_result(table, cfg.deck.strength, cfg.partner_tie_is_tie)  # RND-2, RND-3
        rounds = (*self._rounds, result)
        self._rounds = rounds
        self._past = (*self._past, table)
        self._table = ()
        if result != TIE or not cfg.tie_leader_same:  # AMB-14
            self._leader = top
        decided = self._decided
        if decided is None:
            decided = hand_result(rounds, cfg.split_first_winner, cfg.nobody_on_all_tied, self._dealer & 1)
            if decided is not None and cfg.always_three and len(rounds) < 3:
                self._decided = decided  # AMB-4 always-three-rounds: play on, the winner is fixed
                decided = None
        elif len(rounds) < 3:
            decided = None
        if decided is not None or len(rounds) == 3:  # HND-1: never more than three rounds
            self._finish_hand(decided, self._value)
            return
        self._turn = self._to_act = self._leader

    def _do_raise(self, action: Action) -> None:
        cfg = self._cfg
        t = self._to_act
        if self._phase == PLAY:
            if self._no_truco:  # TEN-3 with AMB-9 caller-loses-match / caller-loses-hand
                if cfg.ten_truco == "caller-loses-match":
                    self._finish_hand(1 - (t & 1), 0, forfeit=t & 1)  # TEN-4
                else:
                    self._finish_hand(1 - (t & 1), self._value)
                return
            self._truco_called = True
            self._call_by = t
            self._last_call_side = t & 1  # BET-10
            self._phase = TRUCO
            self._to_act = (t + 1) % cfg.n  # AMB-16: the next opponent after the caller answers
            return
        # BET-5: a raise accepts the pending call and passes the decision back to its caller
        self._ladder_i += 1
        self._value = cfg.ladder[self._ladder_i]
        self._to_act = self._call_by
        self._call_by = t
        self._last_call_side = t & 1

    def _do_accept(self, action: Action) -> None:
        if self._phase == TRUCO:  # BET-3: the hand is worth the value called
            self._ladder_i += 1
            self._value = self._cfg.ladder[self._ladder_i]
            self._phase = PLAY
            self._to_act = self._turn  # the seat whose turn it was to play continues
            return
        self._contest_accept()

    def _do_run(self, action: Action) -> None:
        if self._phase == TRUCO:  # BET-4: the caller's side wins at the value before the call
            self._finish_hand(self._call_by & 1, self._value)
            return
        self._contest_run()

    def _do_ten(self, action: Action) -> None:
        if action is A.TEN_PLAY or action == A.TEN_PLAY:  # TEN-5: played, worth 4 (TEN-2)
            self._phase = PLAY
            self._to_act = self._turn
            return
        self._finish_hand(1 - self._ten_side, 2)  # TEN-6: the other side scores 2


# Method names, looked up on the instance, so that a subclass overriding a handler is obeyed.
_HANDLERS = {
    "play": "_do_card",
    "cover": "_do_card",
    "raise": "_do_raise",
    "accept": "_do_accept",
    "run": "_do_run",
    "ten-play": "_do_ten",
    "ten-decline": "_do_ten",
    "envido": "_do_envido",
    "real-envido": "_do_envido",
    "falta-envido": "_do_envido",
    "flor": "_do_flor",
    "flor-raise": "_do_flor_partner",
    "flor-pass": "_do_flor_partner",
    "contraflor": "_do_contraflor",
    "contraflor-resto": "_do_contraflor_resto",
    "sign": "_do_sign",
}
