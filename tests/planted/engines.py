"""Deliberately broken engines: the reference engine with one planted rule bug each.

Each factory is `truco check --engine tests.planted.engines:<factory>`. `PLANTED` lists, per
factory, the ruleset where the bug shows and the clause `truco check` must name.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from truco_rules.engine import actions as A
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.engine.game import Game
from truco_rules.engine.phases import FLOR_OPP, PLAY, TRUCO


class _Overridable(Game):
    """A game whose action handlers a planted bug overrides (the engine looks them up on the
    instance, so an override is obeyed)."""


def _adapter(game_class: type[Game] = Game, **config: Any) -> type[ReferenceAdapter]:
    """An adapter whose games are `game_class`, with `config` fields of the Config replaced."""

    class Planted(ReferenceAdapter):
        def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                      **position: Any) -> Game:
            game = super().make_game(ruleset, seed, readings, deals, **position)  # muestras too (URU-2)
            if config:
                game._cfg = dataclasses.replace(game._cfg, **config)
                _deal_again(game)
            return game

    Planted.game_class = game_class
    return Planted


def _deal_again(game: Game) -> None:
    """Start the first hand again under the game's replaced Config: a hand copies what it needs of
    the Config when it starts (its strength table, its all-tied winner...), so without this the bug
    would show from the second hand on only, and never in a situation's stacked first hand."""
    game._hand_no = 0
    game._marks = []
    game._start_hand()
    game._mark()


# --- HND-6: X, Y, tie goes to the second-round winner (a config flag flipped) ----------------
class _SplitTie(ReferenceAdapter):
    def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                  **position: Any) -> Game:
        game = super().make_game(ruleset, seed, readings, deals, **position)
        game._cfg = dataclasses.replace(game._cfg, split_first_winner=not game._cfg.split_first_winner)
        _deal_again(game)
        return game


def tie_rule() -> ReferenceAdapter:
    return _SplitTie()


# --- BET-4: running from a call pays the called value, not the value before it --------------
class _RunPaysCall(_Overridable):
    def _do_run(self, action: A.Action) -> None:
        h = self.hand
        if h.phase == TRUCO:
            self._finish_hand(h.call_by & 1, self._cfg.ladder[h.ladder_i + 1])
            return
        super()._do_run(action)


def run_payout() -> ReferenceAdapter:
    return _adapter(_RunPaysCall)()


# --- TEN-3: truco may be called in the hand of ten ------------------------------------------
class _TrucoAtTen(Game):
    def _can_call(self, seat: int) -> bool:
        h = self.hand
        if h.no_truco and h.decided is None and h.ladder_i + 1 < len(self._cfg.ladder):
            return True
        return super()._can_call(seat)


def truco_at_ten() -> ReferenceAdapter:
    return _adapter(_TrucoAtTen)()


# --- CARD-2: the manilhas in reverse order (7 of diamonds strongest) ------------------------
def manilha_order() -> ReferenceAdapter:
    from truco_rules.engine.config import make_config

    deck = make_config("mineiro-1v1-es").deck
    strength = list(deck.strength)
    order = [deck.names.index(c) for c in ("4C", "7H", "AS", "7D")]
    for card, new in zip(order, [strength[c] for c in reversed(order)], strict=True):
        strength[card] = new
    return _adapter(deck=dataclasses.replace(deck, strength=tuple(strength)))()


# --- COV-1: a covered card counts at its face value -----------------------------------------
class _CoverWins(_Overridable):
    def _do_card(self, action: A.Action) -> None:
        if action.kind == "cover":
            action = A.PLAY_SLOT[action.slot] if action.slot is not None else A.Action("play", action.arg)
        super()._do_card(action)


def covered_wins() -> ReferenceAdapter:
    return _adapter(_CoverWins)()


# --- ENV-2, ENV-4: envido points without the 20 for a pair ------------------------------------
class _EnvidoNoBonus(Game):
    def _prepare_contests(self) -> None:
        super()._prepare_contests()
        self.hand.env_pts = tuple(p - 20 if p >= 20 else p for p in self.hand.env_pts)


def envido_sum() -> ReferenceAdapter:
    return _adapter(_EnvidoNoBonus)()


# --- FLR-1: flor may be sung after a card was played ----------------------------------------
class _LateFlor(Game):
    def _contest_openings(self, t: int, out: list[A.Action]) -> None:
        super()._contest_openings(t, out)
        h = self.hand
        if h.phase == PLAY and A.FLOR not in out and h.flor_pts[t] is not None and not h.contest_done:
            out.append(A.FLOR)


def late_flor() -> ReferenceAdapter:
    return _adapter(_LateFlor)()


# --- BET-6: a call may skip a step of the ladder --------------------------------------------
class _SkipStep(Game):
    def _compute_legal(self) -> tuple[A.Action, ...]:
        legal = super()._compute_legal()
        ladder, i = self._cfg.ladder, self.hand.ladder_i
        if self.hand.phase == PLAY and i + 2 < len(ladder):
            return tuple(A.raise_to(ladder[i + 2]) if a.kind == "raise" else a for a in legal)
        return legal


def skip_step() -> ReferenceAdapter:
    return _adapter(_SkipStep)()


# --- BET-10: the side that made the last call may call again --------------------------------
class _RaiseTwice(Game):
    def _can_call(self, seat: int) -> bool:
        h = self.hand
        saved = h.last_call_side
        h.last_call_side = -1
        try:
            return super()._can_call(seat)
        finally:
            h.last_call_side = saved


def raise_twice() -> ReferenceAdapter:
    return _adapter(_RaiseTwice)()


# --- AMB-14: the seat after the round's winner leads the next round -------------------------
class _WrongLeader(_Overridable):
    def _do_card(self, action: A.Action) -> None:
        hand, rounds = self._hand_no, len(self.hand.rounds)
        super()._do_card(action)
        h = self.hand
        if self._hand_no == hand and len(h.rounds) > rounds and h.phase == PLAY:
            h.turn = h.to_act = (h.leader + 1) % self._cfg.n


def wrong_leader() -> ReferenceAdapter:
    return _adapter(_WrongLeader)()


# --- MAT-1: the match is won at 10 (Mineiro scores are even: 11 would never show) -----------
def match_target() -> ReferenceAdapter:
    return _adapter(target=10)()


# --- IRN-2: the iron hand is played with the cards in sight ---------------------------------
def iron_open() -> ReferenceAdapter:
    return _adapter(iron_blind=False)()


# --- DECK-1: one card is dealt twice ---------------------------------------------------------
class _DoubleDeck(Game):
    def _start_hand(self) -> None:
        super()._start_hand()
        first, second, *rest = self.hand.deal
        self.hand.deal = (first, (first[0], *second[1:]), *rest)


def double_deck() -> ReferenceAdapter:
    return _adapter(_DoubleDeck)()


# --- SEN-1, SEN-2, SEN-3: señas that lie about the hand are allowed under the truthful reading
def lying_senas() -> ReferenceAdapter:
    return _adapter(senas_truthful=False)()


# --- ORD-2: the next hand's starter moves with the play, not against it ----------------------
def starter_with_play() -> ReferenceAdapter:
    return _adapter(starter_step=1)()


# --- VAL-1: a Mineiro hand starts at 1 point (a run from truco then pays 1) -------------------
def start_value() -> ReferenceAdapter:
    return _adapter(ladder=(1, 4, 6, 10, 12))()


# --- RND-3: a tied round goes to the side that played the top card first ----------------------
class _TieToFirst(_Overridable):
    def _do_card(self, action: A.Action) -> None:
        import truco_rules.engine.play as play_module

        original = play_module.round_result

        def no_ties(table: Any, strength: Any, partner_tie_is_tie: bool) -> tuple[int, int]:
            result, first = original(table, strength, partner_tie_is_tie)
            return (first & 1 if result == play_module.TIE else result), first

        play_module.round_result = no_ties  # only while this game resolves its card
        try:
            super()._do_card(action)
        finally:
            play_module.round_result = original


def no_tied_rounds() -> ReferenceAdapter:
    return _adapter(_TieToFirst)()


# --- DEAL-1: the observation shows the other seats' hands ----------------------------------------
class _LeakyObservation(ReferenceAdapter):
    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        g = self._game()
        names = g.config.deck.names
        obs["others"] = [[names[c] for c in cards] for s, cards in enumerate(g._deal) if s != seat]
        return obs


def leaky_observation() -> ReferenceAdapter:
    return _LeakyObservation()


# --- COV-1: a covered card shows its face to the other seats -----------------------------------
class _CoveredFaceUp(ReferenceAdapter):
    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        g = self._game()
        names = g.config.deck.names
        plays = [*g.hand.table, *(p for r in g.hand.past for p in r)]
        obs["covered_faces"] = [names[card] for _, card, covered in plays if covered]
        return obs


def covered_face_up() -> ReferenceAdapter:
    return _CoveredFaceUp()


# --- IRN-2: in the blind iron hand the observation shows the seat its own cards ---------------------
class _BlindPeek(ReferenceAdapter):
    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        g = self._game()
        names = g.config.deck.names
        obs["hand"] = [{"slot": k + 1, "card": names[g.hand.deal[seat][k]]} for k in g.hand.left[seat]]
        return obs


def blind_peek() -> ReferenceAdapter:
    return _BlindPeek()


# --- TEN-4: the forfeit for calling in the hand of ten does not end the match --------------------
class _PlaysOnAfterForfeit(_Overridable):
    def _finish_hand(self, winner: int, points: int, forfeit: int | None = None) -> None:
        super()._finish_hand(winner, points, None)


def plays_on_after_forfeit() -> ReferenceAdapter:
    return _adapter(_PlaysOnAfterForfeit)()


# --- MAT-1: the match goes on past 12 ------------------------------------------------------------
def plays_past_target() -> ReferenceAdapter:
    return _adapter(target=14)()


# --- URU-3: the piezas of the muestra in reverse order (the 2 weakest, the stand-in strongest) --
def pieza_order() -> ReferenceAdapter:
    from truco_rules.engine.config import make_config

    deck = make_config("uruguayo-1v1").deck
    # Each pieza keeps its envido points (URU-5): only the order of strength is reversed.
    return _adapter(deck=dataclasses.replace(deck, piezas=tuple(reversed(deck.piezas))))()


# --- FLR-4: every opponent answers a flor, holding flor or not ---------------------------------
class _EveryOpponentAnswers(_Overridable):
    """Sends a flor to every opponent in order of play after the singer (FLR-4: only those who
    hold flor answer it)."""

    def _do_flor(self, action: A.Action) -> None:
        with self._all_opponents():
            super()._do_flor(action)

    def _do_flor_partner(self, action: A.Action) -> None:
        with self._all_opponents():
            super()._do_flor_partner(action)

    @staticmethod
    @contextlib.contextmanager
    def _all_opponents() -> Iterator[None]:
        import truco_rules.engine.flor as flor

        original = flor._to_opponents

        def every_opponent(cfg: Any, h: Any) -> None:
            n, s = cfg.n, h.fl_singer
            h.fl_queue = tuple(x % n for x in range(s + 1, s + n, 2))
            h.phase = FLOR_OPP
            h.to_act = h.fl_queue[0]

        flor._to_opponents = every_opponent  # only while this game sings its flor
        try:
            yield
        finally:
            flor._to_opponents = original


def flor_to_every_opponent() -> ReferenceAdapter:
    return _adapter(_EveryOpponentAnswers)()


# --- engine faults: one that hangs, one that raises, one that returns garbage ----------------
class _Faulty(ReferenceAdapter):
    """Misbehaves from the `after`-th call to legal_actions of a game on."""

    after = 5

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str]) -> None:
        super().new_game(ruleset, seed, readings)
        self.calls = 0

    def legal_actions(self) -> list[str]:
        self.calls += 1
        if self.calls >= self.after:
            return self.fault()
        return super().legal_actions()

    def fault(self) -> Any:
        raise NotImplementedError


class _Hangs(_Faulty):
    def fault(self) -> Any:
        while True:  # busy: the call time limit must interrupt it
            time.sleep(0.01)


class _Raises(_Faulty):
    def fault(self) -> Any:
        raise ZeroDivisionError("planted")


class _Garbage(_Faulty):
    def fault(self) -> Any:
        return "play 4C"  # a string, not a list of action texts


class _Exits(_Faulty):
    def fault(self) -> Any:
        import os

        os._exit(7)  # the whole interpreter ends: a worker of the checker dies


class _CrashesOnIllegal(ReferenceAdapter):
    """Raises a KeyError (not one of its refusal_errors) for any action it does not allow."""

    def apply(self, action: str) -> None:
        if action not in self.legal_actions():
            raise KeyError(action)
        super().apply(action)


def exits() -> ReferenceAdapter:
    return _Exits()


def crashes_on_illegal() -> ReferenceAdapter:
    return _CrashesOnIllegal()


def hangs() -> ReferenceAdapter:
    return _Hangs()


def raises() -> ReferenceAdapter:
    return _Raises()


def garbage() -> ReferenceAdapter:
    return _Garbage()


# Games to play where the bug needs a rare position (both sides at 10 for the iron hand).
GAMES: dict[str, int] = {"blind_peek": 150, "iron_open": 100}

# factory -> (ruleset, clause truco check must name)
PLANTED: dict[Callable[[], ReferenceAdapter], tuple[str, str]] = {  # `--engine` names each by __name__
    tie_rule: ("mineiro-1v1-en", "HND-6"),
    run_payout: ("mineiro-1v1-es", "BET-4"),
    truco_at_ten: ("mineiro-pairs-it", "TEN-3"),
    manilha_order: ("mineiro-1v1-es", "CARD-2"),
    covered_wins: ("mineiro-1v1-es", "COV-1"),
    envido_sum: ("gauderio-pairs-es", "ENV-4"),
    late_flor: ("gauderio-pairs-es", "FLR-1"),
    skip_step: ("mineiro-1v1-es", "BET-6"),
    raise_twice: ("gauderio-pairs-es", "BET-10"),
    wrong_leader: ("mineiro-pairs-it", "AMB-14"),
    match_target: ("mineiro-1v1-es", "MAT-1"),
    iron_open: ("mineiro-1v1-es", "IRN-2"),
    double_deck: ("mineiro-1v1-en", "DECK-1"),
    lying_senas: ("gauderio-pairs-es", "SEN-1"),
    starter_with_play: ("gauderio-pairs-es", "ORD-2"),
    start_value: ("mineiro-1v1-es", "VAL-1"),
    no_tied_rounds: ("mineiro-pairs-it", "RND-3"),
    leaky_observation: ("mineiro-pairs-it", "DEAL-1"),
    covered_face_up: ("mineiro-1v1-es", "COV-1"),
    blind_peek: ("mineiro-1v1-es", "IRN-2"),
    plays_on_after_forfeit: ("mineiro-1v1-es", "TEN-4"),
    plays_past_target: ("mineiro-1v1-es", "MAT-1"),
    pieza_order: ("uruguayo-1v1", "URU-3"),
    flor_to_every_opponent: ("gauderio-pairs-es", "FLR-4"),
}


# --- Bugs that random play misses, found by `truco check --exhaustive` (tests/check/test_exhaustive.py).
# Not in PLANTED: random games rarely reach them (the test shows it).
def _wrapped(game: Game, action: A.Action, name: str, wrap: Callable[..., Any]) -> None:
    """Resolve this card with truco_rules.engine.play's function `name` replaced by `wrap(original)` (only
    while it does)."""
    import truco_rules.engine.play as play_module

    original = getattr(play_module, name)
    setattr(play_module, name, wrap(original))
    try:
        Game._do_card(game, action)
    finally:
        setattr(play_module, name, original)


class _ThirdTieToStarter(_Overridable):
    """HND-9: three tied rounds, the third tied by two face-up cards of equal strength: the hand
    goes to the starter's side instead of nobody (three rounds tied by covered cards still score
    nothing, so only equal cards in hand show it)."""

    def _do_card(self, action: A.Action) -> None:
        from truco_rules.engine.tricks import TIE

        h = self.hand
        if h.rounds != (TIE, TIE) or action.kind != "play" or any(c for _, _, c in h.table):
            super()._do_card(action)
            return
        side = h.starter & 1

        def wrap(original: Callable[..., int | None]) -> Callable[..., int | None]:
            def starter_wins(rounds: tuple[int, ...], split_first_winner: bool, all_tied: int) -> int | None:
                return side if rounds == (TIE, TIE, TIE) else original(rounds, split_first_winner, all_tied)
            return starter_wins

        _wrapped(self, action, "hand_result", wrap)


def third_tie_to_starter() -> ReferenceAdapter:
    return _adapter(_ThirdTieToStarter)()


FAVOURED = "6H"  # a card no class representative holds: only the sample of concrete deals has it


class _FavouredCard(_Overridable):
    """RND-3, CARD-4: one card beats the other cards of its rank (two cards of equal strength told
    apart), so a round they tie goes to its side."""

    def _do_card(self, action: A.Action) -> None:
        favoured = self._cfg.deck.index(FAVOURED)

        def wrap(original: Callable[..., tuple[int, int]]) -> Callable[..., tuple[int, int]]:
            def unequal(table: Any, strength: Any, partner_tie_is_tie: bool) -> tuple[int, int]:
                tilted = tuple(s + 0.5 if i == favoured else s for i, s in enumerate(strength))
                return original(table, tilted, partner_tie_is_tie)
            return unequal

        _wrapped(self, action, "round_result", wrap)


def favoured_card() -> ReferenceAdapter:
    return _adapter(_FavouredCard)()


class _NoTrucoAfterTwoTies(Game):
    """Truco may not be called once two rounds are tied (a rare position in random games)."""

    def _can_call(self, seat: int) -> bool:
        from truco_rules.engine.tricks import TIE

        return self.hand.rounds != (TIE, TIE) and super()._can_call(seat)


def no_truco_after_two_ties() -> ReferenceAdapter:
    return _adapter(_NoTrucoAfterTwoTies)()


class _CommonAndRare(_RaiseTwice, _NoTrucoAfterTwoTies):
    """Two independent bugs, each seen step by step: the side that made the last call may call
    again (BET-10, in most games, early) and no truco after two tied rounds (rare)."""


def common_and_rare() -> ReferenceAdapter:
    return _adapter(_CommonAndRare)()


class _WrongPayoutAndTies(_RunPaysCall, _TieToFirst):
    """Two independent bugs of what the engine computes: running from a call pays the called value
    (BET-4, in most games) and a tied round goes to the side that played first (RND-3): each
    resynchronises the game, so the first hides the second unless the game is restarted."""


def payout_and_ties() -> ReferenceAdapter:
    return _adapter(_WrongPayoutAndTies)()


class _EndsAfterSplitRounds(_Overridable):
    """HND-3: after a round won by each side the hand ends, the first round's winner taking it,
    where the rules play the third round; the next hand's first seat is often the one the spec
    wants to lead the third round, with other cards: the engine silently ended the hand, and the
    rule of what it ended is the cause."""

    def _do_card(self, action: A.Action) -> None:
        from truco_rules.engine.tricks import TIE

        def wrap(original: Callable[..., int | None]) -> Callable[..., int | None]:
            def split_decides(rounds: tuple[int, ...], split_first_winner: bool, all_tied: int) -> int | None:
                if len(rounds) == 2 and TIE not in rounds and rounds[0] != rounds[1]:
                    return rounds[0]
                return original(rounds, split_first_winner, all_tied)
            return split_decides

        _wrapped(self, action, "hand_result", wrap)


def ends_after_split_rounds() -> ReferenceAdapter:
    return _adapter(_EndsAfterSplitRounds)()


class _CapsFinalScore(ReferenceAdapter):
    """The final score capped at the target (a side at 11 winning 3 ends at 12, not 14): one cause,
    the target's rule, however the last hand ended (issue #35)."""

    def record(self) -> dict[str, Any]:
        rec = super().record()
        if rec.get("result") is None or not rec["hands"]:
            return rec
        from truco_rules.engine.config import make_config

        target = make_config(rec["ruleset"], rec.get("readings") or {}).target

        def cap(score: list[int]) -> list[int]:
            return [min(x, target) for x in score]

        last = {**rec["hands"][-1], "result": {**rec["hands"][-1]["result"],
                                                "score": cap(rec["hands"][-1]["result"]["score"])}}
        return {**rec, "hands": [*rec["hands"][:-1], last],
                "result": {**rec["result"], "score": cap(rec["result"]["score"])}}


def caps_final_score() -> ReferenceAdapter:
    return _CapsFinalScore()


# --- An optional action left out or added, with one rule bug (issue #35): the left-out or added
# action is stepped over (each game goes on with the actions both allow), and the rule bug is a root
# cause of its own, under its clause.
class _WithoutMazo(ReferenceAdapter):
    """The reference engine without the mazo (ARG-9, URU-10), as an engine that never plays it."""

    def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                  **position: Any) -> Game:
        game = super().make_game(ruleset, seed, readings, deals, **position)
        features = dataclasses.replace(game._cfg.features, mazo=None)
        game._cfg = dataclasses.replace(game._cfg, features=features)
        _deal_again(game)
        return game


class _NoMazoRunPaysCall(_WithoutMazo):
    game_class = _RunPaysCall


def no_mazo_run_payout() -> ReferenceAdapter:
    """No mazo, and running from a call pays the called value (BET-4)."""
    return _NoMazoRunPaysCall()


class _MazoWhileEnvidoWaits(Game):
    """The mazo offered while an envido waits for its answer, where the rules take it only on a turn
    to play or in answer to a truco call (URU-10); never applied there by the checker."""

    def _compute_legal(self) -> tuple[A.Action, ...]:
        from truco_rules.engine.phases import ENVIDO

        legal = super()._compute_legal()
        if self.hand.phase == ENVIDO and self._cfg.features.mazo is not None and A.MAZO not in legal:
            return (*legal, A.MAZO)
        return legal


class _MazoWhileEnvidoAndNoBonus(_MazoWhileEnvidoWaits, _EnvidoNoBonus):
    """And envido points summed without the 20 for two cards of a suit (ENV-4)."""


def envido_mazo_and_sum() -> ReferenceAdapter:
    return _adapter(_MazoWhileEnvidoAndNoBonus)()


# --- A reading played without announcing it (issue #35): on every ruleset, `truco profile` names it;
# announced (the adapter's `readings`, as a hello's), the check is clean.
HIDDEN_READING = ("hand-length", "always-three-rounds")  # every ruleset's default is ends-when-decided


class _HiddenReading(ReferenceAdapter):
    def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                  **position: Any) -> Game:
        plays = {HIDDEN_READING[0]: HIDDEN_READING[1], **readings}
        return super().make_game(ruleset, seed, plays, deals, **position)


def hidden_reading() -> ReferenceAdapter:
    return _HiddenReading()


class _AnnouncedReading(_HiddenReading):
    readings: ClassVar[dict[str, str]] = {HIDDEN_READING[0]: HIDDEN_READING[1]}  # flat: every ruleset


def announced_reading() -> ReferenceAdapter:
    return _AnnouncedReading()


# factory -> (ruleset, the clause of the optional action left out or added, the bug's clause)
OPTIONAL_PLUS_BUG: dict[Callable[[], ReferenceAdapter], tuple[str, str, str]] = {
    no_mazo_run_payout: ("argentino-1v1", "ARG-9", "BET-4"),
    envido_mazo_and_sum: ("uruguayo-1v1", "URU-10", "ENV-4"),
}


# factory -> (ruleset, the clause the exhaustive check must name as the cause)
EXHAUSTIVE_PLANTED: dict[Callable[[], ReferenceAdapter], tuple[str, str]] = {
    third_tie_to_starter: ("mineiro-1v1-es", "HND-9"),
    favoured_card: ("mineiro-1v1-es", "RND-3"),  # the round is a tie (CARD-4, equal ranks, follows)
}
