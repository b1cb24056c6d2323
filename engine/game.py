"""The game: a Truco match as a state machine with legal moves, push/pop, copy and JSON.

`Game` holds the match's state and its public API; the rules it applies are one module per rule
area, whose functions it takes as its methods (so that a subclass may override any one of them):
a hand's start and the hand of ten's choice (engine/hand_start.py), playing a card
(engine/play.py), the truco (engine/truco.py), the side contests (engine/contests.py, with
engine/envido.py, engine/flor.py and engine/senas.py), the legal actions (engine/legal.py), why an
action is refused (engine/refusals.py), scoring and the match's end (engine/match.py), and the
JSON document (engine/document.py). Every rule applied names its clause (XXX-n) or register
reading (AMB-n key) beside it; a clause that differs between rulesets is read from the ruleset
file. The match's state is a few immutable values on the Game; the hand's is a HandState
(engine/hand.py).

Undo costs little when nobody pops: a push keeps only the action (and the seat that made it); the
state is kept once per hand, as the hand starts (one snapshot of the match's values and the
HandState). `pop` goes back to the start of the hand and plays its moves again but the last, a
handful at most. The record keeps a compact entry per finished hand (engine/record.py) and builds
the dictionaries only when asked.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from truco_rules.engine import contests as C
from truco_rules.engine import document, hand_start, legal, match, play, truco
from truco_rules.engine import positions as P
from truco_rules.engine import refusals as R
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config, make_config
from truco_rules.engine.dealing import Deals
from truco_rules.engine.errors import (
    ArgumentTypeError,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
)
from truco_rules.engine.hand import IRON, NORMAL, TEN, HandState
from truco_rules.engine.hand_start import NO_CARD
from truco_rules.engine.match import Outcome
from truco_rules.engine.observation import ObservationMixin
from truco_rules.engine.phases import OVER
from truco_rules.engine.record import RecordMixin

__all__ = ["IRON", "NORMAL", "TEN", "Game", "Outcome"]

# The match's own state, besides the hand: what undo restores and equality compares.
_MATCH_FIELDS = ("_scores", "_partidas", "_partida", "_hand_no", "_starter", "_winner", "_forfeit")
_MATCH = attrgetter(*_MATCH_FIELDS)

class Game(ObservationMixin, RecordMixin):
    """A match of Truco under one ruleset and its readings. Create with `Game.new`.

    `hand` is the state of the hand in play (read it; change it only through `push`)."""

    hand: HandState

    @classmethod
    def new(cls, ruleset: str, *, seed: int | None = None, readings: Mapping[str, str] | None = None,
            deals: Sequence[Sequence[Sequence[str]]] | None = None, muestras: Sequence[str] | None = None,
            scores: tuple[int, int] | None = None, dealer: int | None = None,
            edition: int | None = None) -> Game:
        """A new match. Same ruleset, readings and seed: same deals. `edition`: an earlier edition
        of the ruleset's file, played as it was (its changelog says what changed since).

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
        cfg = make_config(ruleset, readings, edition)
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
        g._play_actions, g._cover_actions, g._card_of = play.card_actions(cfg.deck)
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
        return document.to_json(self)

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Game:
        """The game saved by `to_json` (a JSON text or its parsed mapping), replayed move by move.
        GameDocumentError names what is wrong; configuration errors are those of `Game.new`."""
        return document.from_json(cls, text)

    # ----------------------------------------------------------------- the rules, by area

    # a hand starts (deal, muestra, kind), the next one, and the hand of ten's choice
    _start_hand = hand_start.start_hand
    _next_hand = hand_start.next_hand
    _do_ten = hand_start.do_ten
    # scoring, the partida and the match
    _finish_hand = match.finish_hand
    _end_partida = match.end_partida
    _end_match = match.end_match
    _award = match.award
    # the legal actions and the truco calls among them
    _compute_legal = legal.compute_legal
    _calls = truco.calls
    _can_call = truco.can_call
    # the handlers of the actions (looked up by kind: _HANDLERS)
    _do_card = play.do_card
    _do_raise = truco.do_raise
    _do_accept = truco.do_accept
    _do_run = truco.do_run
    _do_mazo = truco.do_mazo
    # the side contests
    _prepare_contests = C.prepare_contests
    _contest_openings = C.contest_openings
    _must_sing_flor = C.must_sing_flor
    _settle = C.settle
    _contest_accept = C.contest_accept
    _contest_run = C.contest_run
    _do_envido = C.do_envido
    _do_flor = C.do_flor
    _do_flor_partner = C.do_flor_partner
    _do_contraflor = C.do_contraflor
    _do_contraflor_resto = C.do_contraflor_resto
    _do_sign = C.do_sign

    # ----------------------------------------------------------------- refusals

    def _refuse(self, action: Action) -> None:
        """Raise the error that explains why `action` is not legal now."""
        clause, message = self._why_illegal(action)
        raise IllegalActionError(clause, message)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        return R.why_illegal(self._cfg, self.hand, action, self._card_of.get(action), self._scores)


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
    "mazo": "_do_mazo",
}

_HANDLER_TABLES: dict[type, dict[str, Any]] = {}


def _handlers(cls: type) -> dict[str, Any]:
    """The handler function of each action kind for `cls`, resolved once per class."""
    found = _HANDLER_TABLES.get(cls)
    if found is None:
        found = _HANDLER_TABLES[cls] = {kind: getattr(cls, name) for kind, name in _HANDLERS.items()}
    return found
