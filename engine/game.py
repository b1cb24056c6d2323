"""The game: a Truco match as a state machine with legal moves, push/pop, copy and JSON.

Every rule applied names its clause (XXX-n) or register reading (AMB-n key) beside it; a clause
that differs between rulesets is read from the ruleset file. The order of play is the one fixed
by the play procedure. The match's state is a few immutable values on the Game; the hand's is a
HandState (engine/hand.py), which the side contests (engine/contests.py) work on too.

Undo costs little when nobody pops: a push keeps only the action (and the seat that made it); the
state is kept once per hand, as the hand starts (one snapshot of the match's values and the
HandState). `pop` goes back to the start of the hand and plays its moves again but the last, a
handful at most. The record keeps a compact entry per finished hand (engine/record.py) and builds
the dictionaries only when asked.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Any

from engine import actions as A
from engine import contests as C
from engine import positions as P
from engine import refusals as R
from engine.actions import Action
from engine.cards import Deck
from engine.config import Config, make_config
from engine.dealing import Deals
from engine.errors import (
    ArgumentTypeError,
    GameDocumentError,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
    TrucoError,
)
from engine.features import CARDS_PER_SEAT, PLAYER_COUNTS
from engine.hand import FRESH, IRON, NORMAL, TEN, HandState, hand_of
from engine.observation import ObservationMixin
from engine.phases import OVER, PLAY, TEN_CHOICE, TRUCO
from engine.record import RecordMixin
from engine.tricks import NOBODY, ROUNDS, TIE, hand_result, round_result

__all__ = ["IRON", "NORMAL", "TEN", "Game", "Outcome"]

FORMAT = "truco-engine-game/1"
NO_CARD = -1  # a hand without a muestra

# The slots a seat may have left: every subset of (0, 1, 2) but the empty one.
_LEFTS = ((0, 1, 2), (0, 1), (0, 2), (1, 2), (0,), (1,), (2,))
# The slots a seat has left after playing slot k.
_WITHOUT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {(left, k): tuple(x for x in left if x != k)
            for left in _LEFTS for k in left}
# Those slots as a slice of the seat's three cards (each subset is evenly spaced): the legal card
# actions are a slice of a tuple, not a list built slot by slot.
_PICK: dict[tuple[int, ...], slice] = {left: slice(left[0], left[-1] + 1, left[-1] - left[0] or 1)
                                       if len(left) < 3 else slice(0, 3) for left in _LEFTS}

TEN_DECLINE_PAYOUT = 2  # TEN-6, where the file gives no decline_payout

# The match's own state, besides the hand: what undo restores and equality compares.
_MATCH_FIELDS = ("_scores", "_partidas", "_partida", "_hand_no", "_starter", "_winner", "_forfeit")
_MATCH = attrgetter(*_MATCH_FIELDS)

# DEAL-1: the cards drawn for a hand as each seat's, three to each in turn (CARDS_PER_SEAT), by
# player count; the muestra, drawn last, is no seat's. One getter of slices, not a zip per hand.
_BY_SEAT = {n: itemgetter(*(slice(CARDS_PER_SEAT * s, CARDS_PER_SEAT * (s + 1)) for s in range(n)))
            for n in PLAYER_COUNTS}

# Per deck (by its card names): card index -> interned play / cover action, and action -> index.
_CARD_ACTIONS: dict[tuple[str, ...], tuple[tuple[Action, ...], tuple[Action, ...], dict[Action, int]]] = {}


def _card_actions(deck: Deck) -> tuple[tuple[Action, ...], tuple[Action, ...], dict[Action, int]]:
    found = _CARD_ACTIONS.get(deck.names)
    if found is None:
        play = tuple(Action("play", name) for name in deck.names)
        cover = tuple(Action("cover", name) for name in deck.names)
        index = {a: i for actions in (play, cover) for i, a in enumerate(actions)}
        found = _CARD_ACTIONS[deck.names] = (play, cover, index)
    return found


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning side, the last partida's score and each partida's winner."""

    winner: int
    score: tuple[int, int]
    partidas: tuple[int, ...]
    forfeit: int | None = None  # TEN-4: the side that lost by calling in the hand of ten


class Game(ObservationMixin, RecordMixin):
    """A match of Truco under one ruleset and its readings. Create with `Game.new`.

    `hand` is the state of the hand in play (read it; change it only through `push`)."""

    hand: HandState

    @classmethod
    def new(cls, ruleset: str, *, seed: int | None = None, readings: Mapping[str, str] | None = None,
            deals: Sequence[Sequence[Sequence[str]]] | None = None, muestras: Sequence[str] | None = None,
            scores: tuple[int, int] | None = None, dealer: int | None = None) -> Game:
        """A new match. Same ruleset, readings and seed: same deals.

        For set positions (tests, puzzles): `deals` stacks the deck of the first hands (one list
        of three card names per seat, per hand; later hands are shuffled from the seed), with
        `muestras` the card turned up in each of them where the ruleset has a muestra, and
        `scores` sets the starting points of the first partida, and `dealer` the seat that deals the
        first hand (by default the last seat, so that seat 0 starts: AMB-15).

        Errors: UnknownRulesetError, UnknownReadingError, GameArgumentError (ArgumentTypeError
        for a wrong type), InvalidActionError for a card that is not in the deck."""
        if readings is not None and not isinstance(readings, Mapping):
            raise ArgumentTypeError(f"readings is a mapping of register key to reading, not "
                                    f"{type(readings).__name__}")
        cfg = make_config(ruleset, readings)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ArgumentTypeError("seed must be an int or None")
        deal_seed = seed if seed is not None else random.getrandbits(63)
        if deals is None and muestras is None and scores is None and dealer is None:  # nothing to check
            return cls._fresh(cfg, seed, deal_seed)
        stacked = P.parse_deals(cfg, deals)
        shown = P.parse_muestras(cfg, muestras, stacked)
        start = P.parse_scores(cfg, scores)
        first = P.parse_starter(cfg, dealer)
        return cls._fresh(cfg, seed, deal_seed, stacked, shown, start, first)

    @classmethod
    def _fresh(cls, cfg: Config, seed: int | None, deal_seed: int,
               stacked: tuple[tuple[tuple[int, ...], ...], ...] = (), muestras: tuple[int, ...] = (),
               start: tuple[int, int] = (0, 0), first_starter: int = 0) -> Game:
        g = cls.__new__(cls)
        g._cfg = cfg
        g._seed = seed
        g._deal_seed = deal_seed
        g._deals = Deals(deal_seed)  # DEAL-1: one generator per match; copies share what it drew
        g._stacked = stacked
        g._muestras = muestras
        g._start_scores = start
        g._marks = []  # (moves before, match values, hand snapshot, finished hands) per hand start
        g._hands = []
        g._moves = []
        g._seats = []  # the seat that made each move
        g._legal = None
        g._scores = start
        g._partidas = ()
        g._partida = 1
        g._hand_no = 0
        g._first_starter = first_starter
        g._starter = first_starter  # AMB-15: seat 0 starts the first hand, unless a dealer is set
        g._winner = None
        g._forfeit = None
        g._play_actions, g._cover_actions, g._card_of = _card_actions(cfg.deck)
        g._handlers = _handlers(cls)
        # The common truco call is inlined in _compute_legal, unless a subclass changes the rule.
        g._own_calls = cls._calls is Game._calls and cls._can_call is Game._can_call
        g._start_hand()
        g._mark()
        return g

    def _mark(self) -> None:
        """Keep the state as a hand starts: what pop goes back to."""
        self._marks.append((len(self._moves), _MATCH(self), self.hand.snapshot(), len(self._hands)))

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
        return self.hand.to_act  # None once the match is over (_end_match)

    @property
    def scores(self) -> tuple[int, int]:
        return self._scores

    @property
    def moves(self) -> tuple[Action, ...]:
        return tuple(self._moves)

    @property
    def _deal(self) -> tuple[tuple[int, ...], ...]:
        """The deal of the hand in play, by card index (the truth every observation hides)."""
        return self.hand.deal

    def deal(self) -> list[list[str]]:
        """The cards of the hand in play, per seat, in slot order (including cards played)."""
        names = self._cfg.deck.names
        return [[names[c] for c in cards] for cards in self.hand.deal]

    def muestra(self) -> str | None:
        """URU-2: the card turned up in the hand in play, or None where the ruleset has none."""
        m = self.hand.muestra
        return None if m == NO_CARD else self._cfg.deck.names[m]

    def is_over(self) -> bool:
        return self.hand.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.hand.phase != OVER:
            return None
        assert self._winner is not None, "a match over has its winner"
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
        """Apply `action` for the seat to act. On error the state is unchanged:
        InvalidActionError for a malformed action, IllegalActionError (with its clause) for one the
        rules forbid now."""
        if type(action) is not Action:
            action = Action.parse(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            self._refuse(action)
        h = self.hand
        self._moves.append(action)
        self._seats.append(h.to_act)
        self._legal = None
        try:
            self._handlers[action.kind](self, action)
        except BaseException:
            self.pop()  # a handler that fails leaves nothing half-applied
            raise
        if self.hand is not h:  # a new hand was dealt
            self._mark()

    def pop(self) -> Action:
        """Undo the last action exactly and return it."""
        moves = self._moves
        if not moves:
            raise NothingToUndoError("pop from a game with no moves")
        last = len(moves) - 1
        marks = self._marks
        while marks[-1][0] > last:  # the hand the last move dealt is undone with it
            marks.pop()
        start, match, hand, n_hands = marks[-1]
        for name, value in zip(_MATCH_FIELDS, match, strict=True):
            setattr(self, name, value)
        self.hand = HandState.restore(hand)
        del self._hands[n_hands:]
        action = moves[last]
        again = moves[start:last]
        del moves[start:]
        del self._seats[start:]
        handlers = self._handlers
        for move in again:  # legal when first played, and nothing else has changed since
            moves.append(move)
            self._seats.append(self.hand.to_act)
            handlers[move.kind](self, move)
        self._legal = None
        return action

    def peek(self) -> Action | None:
        return self._moves[-1] if self._moves else None

    def copy(self) -> Game:
        """An equal, independent game (with its own undo history)."""
        g = self.__class__.__new__(self.__class__)
        g.__dict__.update(self.__dict__)
        g.hand = self.hand.copy()
        g._marks = list(self._marks)
        g._hands = list(self._hands)
        g._moves = list(self._moves)
        g._seats = list(self._seats)
        return g

    def _state(self) -> tuple[Any, ...]:
        """Everything that makes the position and its history: what equality compares."""
        return (self._cfg, self._seed, self._deal_seed, self._stacked, self._muestras, self._start_scores,
                self._first_starter, _MATCH(self), self.hand.state(), self._hands, self._moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"<Game {self.ruleset} hand {self._hand_no} score {self._scores[0]}-{self._scores[1]} "
                f"to_act {self.to_act}>")

    def to_json(self) -> str:
        """The whole game as JSON: configuration, seeds and every move (replayed by from_json)."""
        names = self._cfg.deck.names
        doc: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "readings": self._cfg.overrides,
            "seed": self._seed,
            "deal_seed": self._deal_seed,
            "deals": [[[names[c] for c in cards] for cards in d] for d in self._stacked],
        }
        if self._cfg.deck.has_muestra:
            doc["muestras"] = [names[c] for c in self._muestras]
        doc["scores"] = list(self._start_scores)
        if self._first_starter:  # a set first dealer (documents without it: seat 0 starts)
            doc["dealer"] = (self._first_starter - 1) % self._cfg.n
        doc["moves"] = [a.text for a in self._moves]
        return json.dumps(doc)

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Game:
        """The game saved by `to_json` (a JSON text or its parsed mapping), replayed move by move.
        GameDocumentError names what is wrong; configuration errors are those of `Game.new`."""
        if isinstance(text, str | bytes):
            try:
                data = json.loads(text)
            except ValueError as err:
                raise GameDocumentError(f"not JSON: {err}") from None
        else:
            data = text
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise GameDocumentError(f"not a {FORMAT} document")

        def field(name: str, types: type | tuple[type, ...], default: Any = ...) -> Any:
            value = data.get(name, default)
            if value is ... or not isinstance(value, types) or isinstance(value, bool):
                raise GameDocumentError(f"{FORMAT}: field {name!r} is missing or of the wrong type")
            return value

        readings = field("readings", dict, {})
        cfg = make_config(field("ruleset", str), readings)
        seed = field("seed", (int, type(None)), None)
        stacked = P.parse_deals(cfg, field("deals", list, []))
        shown = P.parse_muestras(cfg, field("muestras", list, []), stacked)
        start = P.parse_scores(cfg, field("scores", list, [0, 0]))
        first = P.parse_starter(cfg, field("dealer", int, cfg.n - 1))
        g = cls._fresh(cfg, seed, field("deal_seed", int), stacked, shown, start, first)
        for i, move in enumerate(field("moves", list)):
            try:
                g.push(move)
            except TrucoError as err:
                raise GameDocumentError(f"{FORMAT}: moves[{i}] {move!r} cannot be replayed: {err}") from err
        return g

    # ----------------------------------------------------------------- hands

    def _start_hand(self) -> None:
        cfg = self._cfg
        n = cfg.n
        deck = cfg.deck
        k = self._hand_no = self._hand_no + 1
        starter = self._starter
        if k <= len(self._stacked):
            deal = self._stacked[k - 1]
            muestra = self._muestras[k - 1] if self._muestras else NO_CARD
        else:
            dealt = CARDS_PER_SEAT * n
            shown = deck.has_muestra
            cards = self._deals.hand(k, deck.cards, dealt + 1 if shown else dealt)  # DEAL-1, URU-2
            deal = _BY_SEAT[n](tuple(cards))  # three cards to each seat in turn; not the muestra
            muestra = cards[dealt] if shown else NO_CARD
        if muestra != NO_CARD:  # URU-3, URU-4: this hand's piezas
            tables = deck.hand_cards(muestra)
            strength, pieza = tables.strength, tables.pieza
        else:
            strength, pieza = deck.strength, None
        dealer = (starter - 1) % n  # AMB-15: the dealer sits just before the starter
        tied = cfg.all_rounds_tied  # AMB-1: HND-9, HND-10, or the starter's side (ARG-4)
        all_tied = NOBODY if tied == "nobody-scores" else \
            (dealer if tied == "dealer-side-wins" else starter) & 1
        fields = FRESH[n].copy()  # the hand's fields: nothing played or called yet, then the deal's
        fields["starter"] = fields["leader"] = fields["turn"] = fields["to_act"] = starter
        fields["dealer"] = dealer
        fields["deal"] = deal
        fields["muestra"] = muestra
        fields["strength"] = strength
        fields["pieza"] = pieza
        fields["value"] = cfg.ladder[0]
        fields["opened"] = len(self._moves)
        fields["all_tied"] = all_tied
        s0, s1 = self._scores
        iron, ten = cfg.iron, cfg.ten
        if iron is not None and s0 == iron.score and s1 == iron.score:  # IRN-1
            fields["kind"] = IRON
            fields["blind"] = cfg.iron_blind  # IRN-2 / AMB-11
            if cfg.iron_like_ten and ten is not None:  # AMB-10: like the hand of ten (TEN-2, TEN-3, IRN-3)
                fields["ladder_i"] = cfg.ladder.index(ten.value)
                fields["value"] = ten.value
                fields["no_truco"] = True
        elif ten is not None and (s0 == ten.score) != (s1 == ten.score):  # TEN-1: one side at ten
            ten_side = 0 if s0 == ten.score else 1
            fields["kind"] = TEN
            fields["ten_side"] = ten_side
            fields["ladder_i"] = cfg.ladder.index(ten.value)  # TEN-2
            fields["value"] = ten.value
            fields["no_truco"] = True  # TEN-3
            if cfg.ten_may_decline:  # TEN-5 / AMB-12: the first seat of the side at ten chooses
                fields["phase"] = TEN_CHOICE
                fields["to_act"] = starter if starter & 1 == ten_side else (starter + 1) % n
        self.hand = hand_of(fields)
        if cfg.contests:
            self._prepare_contests()

    def _next_hand(self) -> None:
        self._starter = (self._starter + self._cfg.starter_step) % self._cfg.n  # AMB-15, ORD-2
        self._start_hand()

    def _finish_hand(self, winner: int, points: int, forfeit: int | None = None) -> None:
        """Score a finished hand (winner may be NOBODY), record it, and go on to the next hand."""
        cfg = self._cfg
        h = self.hand
        s = list(self._scores)
        pending = h.pending_pts
        if pending[0] or pending[1]:  # AMB-25 end-of-hand: contest points first, before the hand's own
            s[0] += pending[0]
            s[1] += pending[1]
            h.pending_pts = (0, 0)
            for side in (0, 1):
                if s[side] >= cfg.target:  # the target clause: the partida ends on those points
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
        elif s[winner] >= cfg.target:  # the target clause (MAT-1, MAT-3, ...)
            self._end_partida(winner)
        elif h.kind == IRON and cfg.iron is not None and cfg.iron.decides_match:  # IRN-4
            self._end_match(winner)
        else:
            self._next_hand()

    def _end_partida(self, winner: int) -> None:
        self._partidas = (*self._partidas, winner)
        if self._partidas.count(winner) >= self._cfg.partidas_to_win:  # the end clause (MAT-2, AMB-19)
            self._end_match(winner)
            return
        self._scores = (0, 0)  # AMB-19 best-of-three: scores restart for the next partida
        self._partida += 1
        self._next_hand()  # MAT-2: started by the seat that would start the next hand anyway

    def _end_match(self, winner: int) -> None:
        if self._partidas.count(winner) < self._cfg.partidas_to_win:
            self._partidas = (*self._partidas, winner)  # TEN-4 or IRN-4 end the partida too
        self._winner = winner
        self.hand.phase = OVER
        self.hand.to_act = None

    # ----------------------------------------------------------------- legal actions

    def _calls(self, seat: int, out: list[Action]) -> None:
        """The truco calls `seat` may make now (its turn to play, nothing pending), by value."""
        h = self.hand
        cfg = self._cfg
        if h.no_truco and cfg.ten_call != "next-step" and h.ladder_i != 0 and h.decided is None \
                and cfg.ten_truco != "refused":
            out.append(cfg.raises[1])  # AMB-37: truco by its name asks for truco, at any point
        if self._can_call(seat):  # BET-1
            out.append(cfg.raises[h.ladder_i + 1])

    def _can_call(self, seat: int) -> bool:
        """May `seat` call the next truco step now (its turn to play, nothing pending)?"""
        h = self.hand
        cfg = self._cfg
        if h.decided is not None:
            return False  # AMB-4 always-three-rounds: nothing left to bet on once decided
        nxt = h.ladder_i + 1
        if nxt >= len(cfg.ladder):
            return False  # the top clause: the top of the ladder
        if h.no_truco and cfg.asks_for_truco(cfg.ladder[nxt]):  # TEN-3, IRN-3, AMB-37 ten-call
            return cfg.ten_truco != "refused"  # AMB-9
        return h.last_call_side != seat & 1 or not cfg.other_side_next  # BET-10

    def _must_sing_flor(self, seat: int) -> bool:
        return C.must_sing_flor(self._cfg, self.hand, seat)  # AMB-26 mandatory

    def _contest_openings(self, seat: int, out: list[Action]) -> None:
        C.openings(self._cfg, self.hand, seat, out)

    def _prepare_contests(self) -> None:
        C.prepare(self._cfg, self.hand)

    def _compute_legal(self) -> tuple[Action, ...]:
        h = self.hand
        ph = h.phase
        cfg = self._cfg
        if ph == PLAY:
            t = h.to_act
            assert t is not None
            must_sing = cfg.flor_mandatory and self._must_sing_flor(t)
            # Tuples, concatenated (cheaper than a list made a tuple), until a method appends
            cards: tuple[Action, ...]
            if must_sing:  # AMB-26
                cards = ()
            else:
                pick = _PICK[h.left[t]]  # the slots not played yet
                if h.blind:  # IRN-2: by slot only
                    cards = A.PLAY_SLOT[pick]
                    if cfg.cover_allowed and not (cfg.cover_not_first and not h.rounds):  # AMB-7/8
                        cards += A.COVER_SLOT[pick]
                else:  # by the cards they hold (CARDS_PER_SEAT: three)
                    a, b, c = h.deal[t]
                    play = self._play_actions
                    held: tuple[Action, ...] = (play[a], play[b], play[c])
                    cards = held[pick]
                    if cfg.cover_allowed and not (cfg.cover_not_first and not h.rounds):  # AMB-7/8
                        cover = self._cover_actions
                        covers: tuple[Action, ...] = (cover[a], cover[b], cover[c])
                        cards += covers[pick]
            calls: tuple[Action, ...] = ()
            if must_sing and cfg.flor_first:
                pass  # AMB-42 flor-first: no truco call before the flor
            elif h.no_truco or h.decided is not None or not self._own_calls:
                out: list[Action] = []
                self._calls(t, out)
                calls = tuple(out)
            elif h.ladder_i + 1 < len(cfg.ladder) and (h.last_call_side != t & 1 or not cfg.other_side_next):
                calls = (cfg.raises[h.ladder_i + 1],)  # BET-1; BET-10; not past the top (the top clause)
            if cfg.contests:
                out = [*cards, *calls]
                self._contest_openings(t, out)
                return tuple(out)
            return cards + calls
        if ph == TRUCO:
            # BET-2: accept or run; BET-5: or raise to the next step (not at the top: the top clause)
            answers = cfg.truco_answers[h.ladder_i + 1]
            if cfg.envido_first:  # AMB-29: the envido (or flor) may go first
                seat = h.to_act
                assert seat is not None
                # AMB-42 flor-first: a seat that may still sing its flor only runs before singing it
                out = [A.RUN] if C.flor_bars_truco(cfg, h, seat) else list(answers)
                C.truco_openings(cfg, h, seat, out)
                return tuple(out)
            return answers
        if ph == TEN_CHOICE:
            return (A.TEN_PLAY, A.TEN_DECLINE)  # TEN-5
        if ph == OVER:
            return ()
        return C.answers(cfg, h)

    # ----------------------------------------------------------------- refusals

    def _refuse(self, action: Action) -> None:
        """Raise the error that explains why `action` is not legal now."""
        clause, message = self._why_illegal(action)
        raise IllegalActionError(clause, message)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        return R.why_illegal(self._cfg, self.hand, action, self._card_of.get(action))

    # ----------------------------------------------------------------- handlers

    def _do_card(self, action: Action) -> None:
        cfg = self._cfg
        h = self.hand
        t = h.to_act
        assert t is not None
        deal = h.deal[t]
        if h.blind:  # IRN-2: by slot
            k = action.slot
            assert k is not None
            card = deal[k]
        else:
            card = self._card_of[action]
            k = deal.index(card)
        left = list(h.left)
        left[t] = _WITHOUT[left[t], k]
        h.left = tuple(left)
        covered = action.kind == "cover"
        if covered and cfg.cover_concedes:  # AMB-6 concedes-hand (COV-2): the other side wins
            self._finish_hand(1 - (t & 1), h.value)
            return
        if h.blind and cfg.iron_covered:  # AMB-35 covered: every card of the blind iron hand is
            covered = True  # a covered card, worth nothing (COV-1); it concedes nothing (AMB-6)
        # Concatenations rather than (*table, play): no list built on the way (noqa below)
        table = h.table + ((t, card, covered),)  # noqa: RUF005
        n = cfg.n
        if len(table) < n:  # RND-1: everyone plays once, in order from the leader
            h.table = table
            h.turn = h.to_act = (t + 1) % n
            return
        result, top = round_result(table, h.strength, cfg.partner_tie_is_tie)  # RND-2, RND-3
        rounds = h.rounds + (result,)  # noqa: RUF005
        h.rounds = rounds
        h.past = h.past + (table,)  # noqa: RUF005
        h.table = ()
        if result != TIE or not cfg.tie_leader_same:  # AMB-14
            h.leader = top
        decided = h.decided
        if decided is None:
            # HND-3..HND-10 decide nothing on one round: no call for the first
            decided = hand_result(rounds, cfg.split_first_winner, h.all_tied) if len(rounds) > 1 else None
            if decided is not None and cfg.always_three and len(rounds) < ROUNDS:
                h.decided = decided  # AMB-4 always-three-rounds: play on, the winner is fixed
                decided = None
        elif len(rounds) < ROUNDS:
            decided = None
        if decided is not None or len(rounds) == ROUNDS:  # HND-1: never more than three rounds
            self._finish_hand(decided, h.value)  # type: ignore[arg-type]
            return
        h.turn = h.to_act = h.leader

    def _do_raise(self, action: Action) -> None:
        cfg = self._cfg
        h = self.hand
        t = h.to_act
        assert t is not None
        if h.phase == PLAY:
            if h.no_truco and cfg.asks_for_truco(action.arg):  # type: ignore[arg-type]  # TEN-3 with AMB-9 caller-loses-match / -hand
                if cfg.ten_truco == "caller-loses-match":
                    self._finish_hand(1 - (t & 1), 0, forfeit=t & 1)  # TEN-4
                else:
                    self._finish_hand(1 - (t & 1), h.value)
                return
            h.truco_called = True
            h.call_by = t
            h.last_call_side = t & 1  # BET-10
            h.phase = TRUCO
            h.to_act = (t + 1) % cfg.n  # AMB-16: the next opponent after the caller answers
            return
        # BET-5: a raise accepts the pending call and passes the decision back to its caller
        h.ladder_i += 1
        h.value = cfg.ladder[h.ladder_i]
        h.to_act = h.call_by
        h.call_by = t
        h.last_call_side = t & 1

    def _do_accept(self, action: Action) -> None:
        h = self.hand
        if h.phase == TRUCO:  # BET-3: the hand is worth the value called
            h.ladder_i += 1
            h.value = self._cfg.ladder[h.ladder_i]
            h.phase = PLAY
            h.to_act = h.turn  # the seat whose turn it was to play continues
            return
        self._contest_accept()

    def _do_run(self, action: Action) -> None:
        h = self.hand
        if h.phase == TRUCO:  # BET-4: the caller's side wins what the file says a refusal pays
            self._finish_hand(h.call_by & 1, self._cfg.refused[h.ladder_i + 1])
            return
        self._contest_run()

    def _do_ten(self, action: Action) -> None:
        h = self.hand
        if action is A.TEN_PLAY:  # TEN-5: played, worth the hand of ten's value (TEN-2)
            h.phase = PLAY
            h.to_act = h.turn
            return
        ten = self._cfg.ten
        payout = TEN_DECLINE_PAYOUT if ten is None or ten.decline_payout is None else ten.decline_payout
        self._finish_hand(1 - h.ten_side, payout)  # TEN-6: the other side scores

    # side contests: the rules are in engine/contests.py; scoring is the game's

    def _settle(self, award: C.Award | None) -> None:
        if award is not None and not self._award(*award):
            C.resume(self.hand)

    def _contest_accept(self) -> None:
        self._settle(C.accept(self._cfg, self.hand, self._scores))

    def _contest_run(self) -> None:
        self._settle(C.run(self._cfg, self.hand, self._scores))

    def _do_envido(self, action: Action) -> None:
        C.call_envido(self._cfg, self.hand, action.kind)

    def _do_flor(self, action: Action) -> None:
        self._settle(C.sing_flor(self._cfg, self.hand))

    def _do_flor_partner(self, action: Action) -> None:
        self._settle(C.partner_answer(self._cfg, self.hand, action is A.FLOR_RAISE))

    def _do_contraflor(self, action: Action) -> None:
        C.contraflor(self._cfg, self.hand)

    def _do_contraflor_resto(self, action: Action) -> None:
        C.contraflor_resto(self.hand)

    def _do_sign(self, action: Action) -> None:
        C.make_sign(self.hand, str(action.arg))

    def _award(self, contest: str, side: int, points: int) -> bool:
        """Score contest points (AMB-25). True if that ended the partida, and with it the hand."""
        cfg = self._cfg
        h = self.hand
        h.side_pts = (*h.side_pts, (contest, side, points))
        if cfg.side_points_now:
            s = list(self._scores)
            s[side] += points
            self._scores = (s[0], s[1])
            if s[side] >= cfg.target:  # the target clause: the partida ends, even mid-hand
                self._close_hand(None, 0)
                self._end_partida(side)
                return True
        else:
            p = list(h.pending_pts)
            p[side] += points
            h.pending_pts = (p[0], p[1])
        return False


# Method names, looked up on the class (once per class), so that a subclass overriding a handler
# is obeyed.
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

_HANDLER_TABLES: dict[type, dict[str, Any]] = {}


def _handlers(cls: type) -> dict[str, Any]:
    """The handler function of each action kind for `cls`, resolved once per class."""
    found = _HANDLER_TABLES.get(cls)
    if found is None:
        found = _HANDLER_TABLES[cls] = {kind: getattr(cls, name) for kind, name in _HANDLERS.items()}
    return found
