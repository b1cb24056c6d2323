"""Gauderio's side contests: envido (ENV-*), flor (FLR-*) and señas (SEN-*), as a Game mixin."""

from __future__ import annotations

from engine import actions as A
from engine.actions import SIGNS, Action
from engine.phases import ENVIDO, FLOR_CONTRA, FLOR_OPP, FLOR_PARTNER, FLOR_RESTO, PLAY
from engine.tanto import envido_points, flor_points, is_ciego

_SIGN_CLAUSE = {"ciego": "SEN-1", "tanto-27-29": "SEN-2", "tanto-30-plus": "SEN-3"}
_ENVIDO_STAKE = {"envido": 2, "real-envido": 3}  # AMB-20 classic; ENV-5: real envido adds 3


class ContestsMixin:
    """Envido, flor and señas. Relies on the Game's state attributes."""

    def _prepare_contests(self) -> None:
        cfg = self._cfg
        deck = cfg.deck
        self._flor_pts = tuple(flor_points(d, deck) for d in self._deal)
        self._env_pts = tuple(envido_points(d, deck, cfg.envido_sum_without_pair) for d in self._deal)
        self._fl_singer = -1
        self._fl_stake = 0
        self._fl_queue = ()
        self._fl_accepts = 0
        self._fl_ran = ()
        self._fl_contra = -1
        self._fl_before = 0

    # ------------------------------------------------------------ windows and legal moves

    def _window_open(self) -> bool:
        """AMB-23 first-card-turn: first round, before playing, no truco called, no contest yet."""
        return (self._phase == PLAY and not self._rounds and not self._truco_called
                and not self._contest_done)

    def _must_sing_flor(self, seat: int) -> bool:
        return self._window_open() and self._flor_pts[seat] is not None  # AMB-26 mandatory

    def _sign_true(self, seat: int, sign: str) -> bool:
        """AMB-28 truthful: what each seña states about the signaller's dealt hand."""
        if sign == "ciego":
            return is_ciego(self._deal[seat], self._cfg.deck)  # SEN-1
        points = self._env_pts[seat]
        return 27 <= points <= 29 if sign == "tanto-27-29" else points >= 30  # SEN-2, SEN-3

    def _contest_openings(self, t: int, out: list[Action]) -> None:
        if self._window_open():
            out.extend((A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO))  # ENV-3: even without a pair
            if self._flor_pts[t] is not None:
                out.append(A.FLOR)  # FLR-1
        if not self._signed[t]:  # one seña per hand, before playing a card
            truthful = self._cfg.senas_truthful
            out.extend(A.SIGN[s] for s in SIGNS if not truthful or self._sign_true(t, s))

    def _envido_raises(self) -> tuple[Action, ...]:
        """ENV-5, ENV-6: the chain only goes forward: envido, envido, real-envido, falta-envido."""
        chain = self._env_chain
        out = []
        if "real-envido" not in chain and "falta-envido" not in chain:
            if chain.count("envido") < 2:
                out.append(A.ENVIDO)
            out.append(A.REAL_ENVIDO)
        if "falta-envido" not in chain:
            out.append(A.FALTA_ENVIDO)
        return tuple(out)

    def _contest_answers(self, phase: int) -> tuple[Action, ...]:
        if phase == ENVIDO:
            return (A.ACCEPT, A.RUN, *self._envido_raises())
        if phase == FLOR_PARTNER:
            return (A.FLOR_RAISE, A.FLOR_PASS)  # FLR-3
        if phase == FLOR_OPP:
            return (A.ACCEPT, A.CONTRAFLOR, A.RUN)  # FLR-4
        if phase == FLOR_CONTRA:
            return (A.ACCEPT, A.RUN, A.CONTRAFLOR_RESTO)  # FLR-6
        if phase == FLOR_RESTO:
            return (A.ACCEPT, A.RUN)  # FLR-7
        raise AssertionError(f"unknown phase {phase}")

    def _why_contest_illegal(self, action: Action) -> tuple[str, str] | None:
        cfg = self._cfg
        kind = action.kind
        seat = self._to_act
        phase = self._phase
        if kind == "sign":
            if not cfg.gauderio:
                return "SEN-1", "señas belong to Truco Gauderio"
            if phase != PLAY:
                return None
            if self._signed[seat]:
                return "SEN-1", f"seat {seat} has already made its seña in this hand"
            return (_SIGN_CLAUSE[str(action.arg)],
                    f"senas=truthful (AMB-28): '{action.arg}' is not true of seat {seat}'s hand")
        if kind in A.ENVIDO_CALLS:
            if not cfg.gauderio:
                return "ENV-1", "there is no envido in Truco Mineiro"
            if phase == ENVIDO:
                return "ENV-5", f"after {', '.join(self._env_chain)} the chain cannot go back to {kind}"
            if phase == PLAY:
                return "ENV-3", self._window_reason(seat)
            return None
        if kind == "flor":
            if not cfg.gauderio:
                return "FLR-1", "there is no flor in Truco Mineiro"
            if phase != PLAY:
                return None
            if self._flor_pts[seat] is None:
                return "FLR-1", f"seat {seat} does not hold three cards of one suit"
            return "FLR-1", self._window_reason(seat)
        if kind in ("flor-raise", "flor-pass"):
            return "FLR-3", "only the singer's partner holding flor raises or passes, right after the flor"
        if kind == "contraflor":
            return "FLR-6", "contraflor answers a flor, sung by an opponent holding flor"
        if kind == "contraflor-resto":
            if phase == FLOR_RESTO:
                return "FLR-7", "contraflor al resto may only be accepted or run from"
            return "FLR-6", "contraflor al resto answers a contraflor"
        if phase == FLOR_PARTNER and kind in ("accept", "run"):
            return "FLR-3", "the singer's partner raises the flor or passes"
        return None

    def _window_reason(self, seat: int) -> str:
        if self._contest_done:
            why = "there has already been an envido or flor contest in this hand"
        elif self._truco_called:
            why = "truco has been called in this hand"
        else:
            why = "it is past the first round"
        return f"side-bet-window=first-card-turn (AMB-23): {why}"

    # ------------------------------------------------------------ settling

    def _resume(self) -> None:
        """After the contest the seat that opened it continues its turn."""
        self._phase = PLAY
        self._to_act = self._turn

    def _falta(self, winner: int) -> int:
        """AMB-22: the points still missing, for falta envido and contraflor al resto."""
        target = self._cfg.target
        if self._cfg.falta_leader:
            return target - max(self._scores)
        return target - self._scores[winner]

    def _award(self, contest: str, side: int, points: int) -> bool:
        """Score contest points (AMB-25). True if that ended the partida, and with it the hand."""
        self._side_pts = (*self._side_pts, (contest, side, points))
        if self._cfg.side_points_now:
            s = list(self._scores)
            s[side] += points
            self._scores = (s[0], s[1])
            if s[side] >= self._cfg.target:  # MAT-2..4: the partida ends, even mid-hand
                self._close_hand(None, 0)
                self._end_partida(side)
                return True
        else:
            p = list(self._pending_pts)
            p[side] += points
            self._pending_pts = (p[0], p[1])
        return False

    def _best_side(self, points: tuple[int | None, ...], seats: tuple[int, ...]) -> int:
        """The side holding the highest points among `seats`; equal points: the starter's side
        (AMB-24 starter-side)."""
        best = max(points[s] for s in seats)
        sides = {s & 1 for s in seats if points[s] == best}
        return sides.pop() if len(sides) == 1 else self._starter & 1

    def _contest_accept(self) -> None:
        phase = self._phase
        if phase == ENVIDO:
            chain = self._env_chain
            winner = self._best_side(self._env_pts, tuple(range(self._cfg.n)))  # ENV-4
            # ENV-6: the falta; else AMB-20 classic, the sum of the chain
            stake = self._falta(winner) if "falta-envido" in chain else sum(_ENVIDO_STAKE[c] for c in chain)
            if not self._award("envido", winner, stake):
                self._resume()
            return
        if phase == FLOR_OPP:
            self._fl_accepts += 1
            self._flor_next_opponent()
            return
        if phase == FLOR_CONTRA:
            self._flor_compare(self._fl_stake)  # FLR-6: the doubled stake
            return
        self._flor_compare(None)  # FLR-7: contraflor al resto accepted, for the falta

    def _contest_run(self) -> None:
        phase = self._phase
        cfg = self._cfg
        if phase == ENVIDO:
            before = self._env_chain[:-1]
            if "falta-envido" in before:  # cannot happen: falta is the last call of a chain
                raise AssertionError("falta-envido before a refused call")
            stake = sum(_ENVIDO_STAKE[c] for c in before) or 1  # AMB-20: or 1 for a first call
            if not self._award("envido", self._env_caller & 1, stake):
                self._resume()
            return
        if phase == FLOR_OPP:
            self._fl_ran = (*self._fl_ran, self._to_act)
            self._flor_next_opponent()
            return
        if phase == FLOR_CONTRA:  # FLR-8 / AMB-27: the contraflor side scores
            stake = self._fl_before if cfg.flor_refusal_before else self._fl_stake
            if not self._award("flor", self._fl_contra & 1, stake):
                self._resume()
            return
        # FLOR_RESTO refused (FLR-7, FLR-8): the side that sang contraflor al resto scores
        singer_side = self._fl_singer & 1
        stake = self._fl_stake if cfg.flor_refusal_before else self._falta(singer_side)
        if not self._award("flor", singer_side, stake):
            self._resume()

    # ------------------------------------------------------------ handlers

    def _do_envido(self, action: Action) -> None:
        t = self._to_act
        if self._phase == PLAY:  # AMB-23: opens the hand's one contest
            self._contest_done = True
            self._env_chain = (action.kind,)
            self._phase = ENVIDO
            self._to_act = (t + 1) % self._cfg.n  # AMB-16: the next opponent answers
        else:  # ENV-5/6: answered by a later call; its caller answers next (AMB-16)
            self._env_chain = (*self._env_chain, action.kind)
            self._to_act = self._env_caller
        self._env_caller = t

    def _do_flor(self, action: Action) -> None:
        t = self._to_act
        n = self._cfg.n
        self._contest_done = True
        self._fl_singer = t
        self._fl_stake = 3  # FLR-2
        partner = (t + 2) % n
        if n == 4 and self._flor_pts[partner] is not None:  # FLR-3
            self._phase = FLOR_PARTNER
            self._to_act = partner
            return
        self._flor_to_opponents()

    def _do_flor_partner(self, action: Action) -> None:
        if action.kind == "flor-raise":
            self._fl_stake = 6  # FLR-3
        self._flor_to_opponents()

    def _flor_to_opponents(self) -> None:
        n = self._cfg.n
        s = self._fl_singer
        opponents = tuple(x for x in range(s + 1, s + n, 2) if self._flor_pts[x % n] is not None)
        opponents = tuple(x % n for x in opponents)  # FLR-4: in order of play after the singer
        if not opponents:  # FLR-2: no flor against it, the singer's side scores the stake
            if not self._award("flor", s & 1, self._fl_stake):
                self._resume()
            return
        self._fl_queue = opponents
        self._phase = FLOR_OPP
        self._to_act = opponents[0]

    def _flor_next_opponent(self) -> None:
        queue = self._fl_queue[1:]
        self._fl_queue = queue
        if queue:
            self._to_act = queue[0]
            return
        if self._fl_accepts == 0:  # FLR-8: all ran, the singer's side scores the stake in force
            if not self._award("flor", self._fl_singer & 1, self._fl_stake):
                self._resume()
            return
        self._flor_compare(9 if self._fl_accepts == 1 else 12)  # FLR-5

    def _do_contraflor(self, action: Action) -> None:  # FLR-6: doubles the stake, pending
        self._fl_contra = self._to_act
        self._fl_before = self._fl_stake
        self._fl_stake *= 2
        self._fl_queue = ()  # the other opponents do not answer
        self._phase = FLOR_CONTRA
        self._to_act = self._fl_singer

    def _do_contraflor_resto(self, action: Action) -> None:  # FLR-6, then FLR-7
        self._phase = FLOR_RESTO
        self._to_act = self._fl_contra

    def _flor_compare(self, stake: int | None) -> None:
        """The highest flor wins (ties: AMB-24); opponents who ran are out. None = the falta."""
        seats = tuple(s for s in range(self._cfg.n)
                      if self._flor_pts[s] is not None and s not in self._fl_ran)
        winner = self._best_side(self._flor_pts, seats)
        if stake is None:
            stake = self._falta(winner)
        if not self._award("flor", winner, stake):
            self._resume()

    def _do_sign(self, action: Action) -> None:  # SEN-1..3: does not pass the turn
        t = self._to_act
        signed = self._signed
        self._signed = (*signed[:t], True, *signed[t + 1:])
        self._signs = (*self._signs, (t, str(action.arg)))
