"""The side contests: envido (ENV-*), flor (FLR-*) and señas (SEN-*), on the hand's state.

Functions of the match's Config and the HandState. They change the HandState only; points are
returned as an `Award` (contest, side, points) for the game to score, since scoring may end the
partida. Which calls exist, their stakes and the clause of each rule come from the ruleset file.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import actions as A
from engine.actions import Action
from engine.config import Config
from engine.features import CARDS_PER_SEAT, Sign
from engine.hand import NO_SEAT, HandState
from engine.phases import ENVIDO, FLOR_CONTRA, FLOR_OPP, FLOR_PARTNER, FLOR_RESTO, PLAY, TRUCO
from engine.rulesets import READINGS
from engine.tanto import envido_points, flor_points, is_ciego

Award = tuple[str, int, int]  # (contest, side, points)

# The catalogue clause that introduces each contest: cited when a ruleset has no such section,
# so that the refusal still names the rule the action belongs to.
ENVIDO_CLAUSE = "ENV-1"
FLOR_CLAUSE = "FLR-1"
FLOR_PARTNER_CLAUSE = "FLR-3"
CONTRAFLOR_CLAUSE = "FLR-6"
SENAS_CLAUSE = "SEN-1"
REFUSED_FIRST_CALL = 1  # AMB-20 classic: refusing the first call of a chain pays 1


def prepare(cfg: Config, h: HandState) -> None:
    """Each seat's envido and flor points, with the hand's piezas where there is a muestra."""
    deck = cfg.deck
    if cfg.envido is not None:
        h.env_pts = tuple(envido_points(d, deck, cfg.envido_sum_without_pair, h.pieza, cfg.envido_all_three)
                          for d in h.deal)
    else:
        h.env_pts = (0,) * cfg.n
    if cfg.flor is not None:
        h.flor_pts = tuple(flor_points(d, deck, h.pieza) for d in h.deal)
    else:
        h.flor_pts = (None,) * cfg.n
    if cfg.senas:  # what a seña states is fixed by the deal: decided once per hand (AMB-28)
        truthful = cfg.senas_truthful
        h.sign_moves = tuple(tuple(A.SIGN[s.name] for s in cfg.senas if not truthful or sign_true(h, seat, s))
                             for seat in range(cfg.n))


# ------------------------------------------------------------------ windows and legal moves


def window_open(h: HandState) -> bool:
    """AMB-23 first-card-turn: first round, before playing, no truco called, no contest yet."""
    return h.phase == PLAY and not h.rounds and not h.truco_called and not h.contest_done


def holds_flor(h: HandState, seat: int) -> bool:
    return h.flor_pts[seat] is not None


def must_sing_flor(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-26 mandatory: a seat holding flor sings it before playing, while the window is open."""
    return cfg.flor is not None and window_open(h) and holds_flor(h, seat)


def flor_bars_truco(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-42 flor-first: `seat` holds a mandatory flor it may still sing (its turn to play in the
    window of AMB-23, or answering a truco call while the envido may go first, AMB-29), so it may
    not call, accept or raise truco yet; it may still run."""
    if not cfg.flor_first or cfg.flor is None or not holds_flor(h, seat):
        return False
    return window_open(h) or (cfg.envido_first and may_go_first(h, seat))


def may_go_first(h: HandState, seat: int) -> bool:
    """AMB-29 envido-first: the seat answering the hand's first truco call, in the first round,
    before it has played a card, with no contest yet, may open the envido (or sing flor)."""
    return h.phase == TRUCO and h.ladder_i == 0 and not h.rounds and len(h.left[seat]) == 3 \
        and not h.contest_done


def past_sign_time(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-39: a seña is made on any turn to play (any-turn), or only before the seat's first card
    of the hand (before-first-card)."""
    return cfg.senas_before_first and len(h.left[seat]) < CARDS_PER_SEAT


def sign_true(h: HandState, seat: int, sign: Sign) -> bool:
    """AMB-28 truthful: what a seña states about the signaller's dealt hand."""
    if sign.below is not None:
        return is_ciego(h.deal[seat], h.strength, sign.below)  # SEN-1
    low, high = sign.envido or (0, -1)
    return low <= h.env_pts[seat] <= high  # SEN-2, SEN-3


def _open_calls(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    flor = cfg.flor is not None and holds_flor(h, seat)
    if cfg.envido is not None and not (flor and cfg.flor_replaces_envido):  # AMB-31
        out.extend(cfg.envido_openings)  # ENV-3: even without a pair
    if flor:
        out.append(A.FLOR)  # FLR-1


def openings(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """The contest moves of `seat` on its turn to play."""
    if window_open(h):
        _open_calls(cfg, h, seat, out)
    if cfg.senas and not h.signed[seat] and not past_sign_time(cfg, h, seat):  # one seña per hand
        out.extend(h.sign_moves[seat])  # AMB-28: the true ones, under truthful


def truco_openings(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """AMB-29 envido-first: the contest moves of the seat that must answer a truco call."""
    if cfg.envido_first and may_go_first(h, seat):
        _open_calls(cfg, h, seat, out)


def _envido_raises(cfg: Config, h: HandState) -> tuple[Action, ...]:
    """ENV-5, ENV-6: the calls that may answer the last one (its `then`), each at most `times`."""
    envido = cfg.envido
    assert envido is not None
    seat = h.to_act
    assert seat is not None, "an envido is answered by a seat"
    if cfg.flor_replaces_envido and holds_flor(h, seat):  # AMB-31: it sings flor instead
        return ()
    chain = h.env_chain
    return tuple(A.BY_CALL[c] for c in envido.calls[chain[-1]].then if chain.count(c) < envido.calls[c].times)


def answers(cfg: Config, h: HandState) -> tuple[Action, ...]:
    """The legal answers in a contest phase."""
    phase = h.phase
    if phase == ENVIDO:
        out = (A.ACCEPT, A.RUN, *_envido_raises(cfg, h))
        seat = h.to_act
        if cfg.flor_replaces_envido and cfg.flor is not None and seat is not None and holds_flor(h, seat):
            out = (*out, A.FLOR)  # AMB-31 flor-replaces-envido
        return out
    if phase == FLOR_PARTNER:
        return (A.FLOR_RAISE, A.FLOR_PASS)  # FLR-3
    if phase == FLOR_OPP:
        return (A.ACCEPT, A.CONTRAFLOR, A.RUN)  # FLR-4
    if phase == FLOR_CONTRA:
        return (A.ACCEPT, A.RUN, A.CONTRAFLOR_RESTO)  # FLR-6
    if phase == FLOR_RESTO:
        return (A.ACCEPT, A.RUN)  # FLR-7
    raise AssertionError(f"unknown phase {phase}")


# ------------------------------------------------------------------ refusals


def reading_note(cfg: Config, section: str) -> str:
    """The readings in force that decide whether the file has `section` (e.g. AMB-32)."""
    listed = dict(cfg.readings)
    out = []
    for key, entry in cfg.ruleset.data["readings"].items():
        touched = any(str(path).split(".")[0] == section for sets in (entry.get("sets") or {}).values()
                      for path in sets)
        if touched and key in listed:
            out.append(f"{READINGS[key][0]} {key}={listed[key]}")
    return f" ({', '.join(out)})" if out else ""


def window_reason(h: HandState) -> str:
    if h.contest_done:
        why = "there has already been an envido or flor contest in this hand"
    elif h.truco_called:
        why = "truco has been called in this hand"
    else:
        why = "it is past the first round"
    return f"side-bet-window=first-card-turn (AMB-23): {why}"


def _first_reason(cfg: Config, h: HandState, seat: int) -> str:
    if not cfg.envido_first:
        return "envido-first=truco-closes-envido (AMB-29): answer the truco call first"
    if h.ladder_i != 0:
        why = "only the hand's first truco call can wait for the envido"
    elif h.contest_done:
        why = "there has already been an envido or flor contest in this hand"
    elif h.rounds:
        why = "it is past the first round"
    else:
        why = f"seat {seat} has already played a card"
    return f"envido-first=envido-first (AMB-29): {why}"


def why_illegal(cfg: Config, h: HandState, action: Action) -> tuple[str, str] | None:
    """The clause and reason a contest move is refused, or None to let the game explain."""
    kind = action.kind
    seat = h.to_act
    assert seat is not None
    phase = h.phase
    family = cfg.ruleset.family
    flor = cfg.flor
    if kind == "sign":
        if not cfg.senas:
            return SENAS_CLAUSE, f"there are no señas in {family}"
        sign = next((s for s in cfg.senas if s.name == action.arg), None)
        if sign is None:
            return cfg.senas[0].clause, f"{family} has no seña {action.arg!r}"
        if phase != PLAY:
            return None
        if h.signed[seat]:
            return sign.clause, f"seat {seat} has already made its seña in this hand"
        if past_sign_time(cfg, h, seat):
            return sign.clause, (f"sena-timing=before-first-card (AMB-39): seat {seat} has already "
                                 "played a card in this hand")
        return sign.clause, f"senas=truthful (AMB-28): '{action.arg}' is not true of seat {seat}'s hand"
    replaces = cfg.flor_replaces_envido and flor is not None and holds_flor(h, seat)
    if kind in A.ENVIDO_CALLS:
        envido = cfg.envido
        if envido is None:
            return ENVIDO_CLAUSE, f"there is no envido in {family}{reading_note(cfg, 'envido')}"
        if kind not in envido.calls:
            return envido.contest, f"there is no {kind} in {family}"
        if replaces and flor is not None and phase in (PLAY, TRUCO, ENVIDO):
            return flor.sing, (f"flor-over-envido=flor-replaces-envido (AMB-31): seat {seat} holds flor "
                               "and sings it instead of envido")
        if phase == ENVIDO:
            return envido.chain, f"after {', '.join(h.env_chain)} the chain cannot go back to {kind}"
        if phase == PLAY:
            return envido.window, window_reason(h)
        if phase == TRUCO:
            return envido.window, _first_reason(cfg, h, seat)
        return None
    if kind == "flor":
        if flor is None:
            return FLOR_CLAUSE, f"there is no flor in {family}{reading_note(cfg, 'flor')}"
        if phase not in (PLAY, TRUCO, ENVIDO) or (phase == ENVIDO and not cfg.flor_replaces_envido):
            return None
        if not holds_flor(h, seat):
            held = "flor" if cfg.deck.has_muestra else "three cards of one suit"
            return flor.sing, f"seat {seat} does not hold {held}"
        if phase == TRUCO:
            return flor.sing, _first_reason(cfg, h, seat)
        return flor.sing, window_reason(h)
    if kind in ("flor-raise", "flor-pass"):
        return (flor.partner if flor else FLOR_PARTNER_CLAUSE,
                "only the singer's partner holding flor raises or passes, right after the flor")
    if kind == "contraflor":
        return flor.contraflor if flor else CONTRAFLOR_CLAUSE, \
            "contraflor answers a flor, sung by an opponent holding flor"
    if kind == "contraflor-resto":
        if phase == FLOR_RESTO and flor is not None:
            return flor.resto, "contraflor al resto may only be accepted or run from"
        return flor.contraflor if flor else CONTRAFLOR_CLAUSE, "contraflor al resto answers a contraflor"
    if phase == FLOR_PARTNER and kind in ("accept", "run") and flor is not None:
        return flor.partner, "the singer's partner raises the flor or passes"
    return None


def pending_reason(cfg: Config, phase: int) -> tuple[str, str]:
    """Why nothing but an answer is legal while a contest call is pending."""
    if phase == ENVIDO:
        assert cfg.envido is not None
        return cfg.envido.chain, "an envido call is pending: answer it first"
    flor = cfg.flor
    assert flor is not None
    if phase == FLOR_PARTNER:
        return flor.partner, "the singer's partner must answer the flor first"
    if phase == FLOR_OPP:
        return flor.answers, "the flor must be answered first"
    if phase == FLOR_CONTRA:
        return flor.contraflor, "the contraflor must be answered first"
    return flor.resto, "contraflor al resto may only be accepted or run from"


# ------------------------------------------------------------------ settling


def falta(cfg: Config, scores: tuple[int, int], side: int) -> int:
    """The points still missing (ENV-6, FLR-7): counted from the higher score (AMB-22
    leader-lacks) or the winner's; to the target, or to the first half while that score is still
    in the malas (AMB-30 to-buenas)."""
    base = max(scores) if cfg.falta_leader else scores[side]
    goal = cfg.target
    if cfg.halves is not None and cfg.falta_to_buenas and base < cfg.halves:
        goal = cfg.halves
    return goal - base


def best_side(h: HandState, points: Sequence[int | None], seats: Sequence[int]) -> int:
    """The side holding the highest points among `seats`; equal points: the starter's side
    (AMB-24 starter-side)."""
    best = max(points[s] for s in seats)  # type: ignore[type-var]
    sides = {s & 1 for s in seats if points[s] == best}
    return sides.pop() if len(sides) == 1 else h.starter & 1


def resume(h: HandState) -> None:
    """After a contest the seat that opened it continues its turn; a truco call that waited for
    the envido (AMB-29) is answered now, by the seat that went first."""
    if h.truco_paused != NO_SEAT:
        h.phase = TRUCO
        h.to_act = h.truco_paused
        h.truco_paused = NO_SEAT
        return
    h.phase = PLAY
    h.to_act = h.turn


def _chain_stake(cfg: Config, chain: Sequence[str], scores: tuple[int, int], side: int) -> int:
    """The sum of the chain's stakes (ENV-5); where a call stakes the falta (ENV-6), the falta
    alone (AMB-20 classic) or added to the other calls' stakes (falta-added)."""
    calls = cfg.envido.calls  # type: ignore[union-attr]
    fixed = sum(calls[c].stake or 0 for c in chain)
    if any(calls[c].stake is None for c in chain):
        return falta(cfg, scores, side) + (fixed if cfg.falta_added else 0)
    return fixed


def accept(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    phase = h.phase
    if phase == ENVIDO:
        winner = best_side(h, h.env_pts, range(cfg.n))  # ENV-4
        return "envido", winner, _chain_stake(cfg, h.env_chain, scores, winner)
    if phase == FLOR_OPP:
        h.fl_accepts += 1
        return _next_flor_opponent(cfg, h, scores)
    if phase == FLOR_CONTRA:
        return _flor_compare(cfg, h, scores, h.fl_stake)  # FLR-6: the doubled stake
    return _flor_compare(cfg, h, scores, None)  # FLR-7: contraflor al resto accepted, for the falta


def run(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    phase = h.phase
    if phase == ENVIDO:  # the last caller's side scores the chain before the refused call
        side = h.env_caller & 1
        before = h.env_chain[:-1]
        return "envido", side, (_chain_stake(cfg, before, scores, side) if before else REFUSED_FIRST_CALL)
    if phase == FLOR_OPP:
        h.fl_out = (*h.fl_out, h.to_act)  # type: ignore[arg-type]
        return _next_flor_opponent(cfg, h, scores)
    if phase == FLOR_CONTRA:  # FLR-8 / AMB-27: the contraflor side scores
        return "flor", h.fl_contra & 1, (h.fl_before if cfg.flor_refusal_before else h.fl_stake)
    # FLOR_RESTO refused (FLR-7, FLR-8): the side that sang contraflor al resto scores
    side = h.fl_singer & 1
    return "flor", side, (h.fl_stake if cfg.flor_refusal_before else falta(cfg, scores, side))


def call_envido(cfg: Config, h: HandState, kind: str) -> None:
    seat = h.to_act
    assert seat is not None
    if h.phase in (PLAY, TRUCO):  # AMB-23: opens the hand's one contest (AMB-29: before the truco)
        if h.phase == TRUCO:
            h.truco_paused = seat
        h.contest_done = True
        h.env_chain = (kind,)
        h.phase = ENVIDO
        h.to_act = (seat + 1) % cfg.n  # AMB-16: the next opponent answers
    else:  # ENV-5/6: answered by a later call; its caller answers next (AMB-16)
        h.env_chain = (*h.env_chain, kind)
        h.to_act = h.env_caller
    h.env_caller = seat


def sing_flor(cfg: Config, h: HandState) -> Award | None:
    seat = h.to_act
    assert seat is not None and cfg.flor is not None
    if h.phase == TRUCO:  # AMB-29: the flor goes first, the truco waits
        h.truco_paused = seat
    elif h.phase == ENVIDO:  # AMB-31 flor-replaces-envido: the envido is dropped, nobody scores
        h.env_chain = ()
        h.env_caller = NO_SEAT
    h.contest_done = True
    h.fl_singer = seat
    h.fl_stake = cfg.flor.stake  # FLR-2
    if cfg.flor.partner_raise is not None:  # FLR-3: the first partner holding flor answers
        n = cfg.n
        partner = next((p % n for p in range(seat + 2, seat + n, 2) if holds_flor(h, p % n)), None)
        if partner is not None:
            h.phase = FLOR_PARTNER
            h.to_act = partner
            return None
    return _to_opponents(cfg, h)


def partner_answer(cfg: Config, h: HandState, raised: bool) -> Award | None:
    if raised:
        h.fl_stake = cfg.flor.partner_raise  # type: ignore[assignment,union-attr]  # FLR-3
    return _to_opponents(cfg, h)


def _to_opponents(cfg: Config, h: HandState) -> Award | None:
    n = cfg.n
    s = h.fl_singer
    # FLR-4: the opponents holding flor, in order of play after the singer
    opponents = tuple(x % n for x in range(s + 1, s + n, 2) if holds_flor(h, x % n))
    if not opponents:  # FLR-2: no flor against it, the singer's side scores the stake
        return "flor", s & 1, h.fl_stake
    h.fl_queue = opponents
    h.phase = FLOR_OPP
    h.to_act = opponents[0]
    return None


def _next_flor_opponent(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    queue = h.fl_queue[1:]
    h.fl_queue = queue
    if queue:
        h.to_act = queue[0]
        return None
    if h.fl_accepts == 0:  # FLR-8: all ran, the singer's side scores the stake in force
        return "flor", h.fl_singer & 1, h.fl_stake
    accepted = cfg.flor.accepted  # type: ignore[union-attr]  # FLR-5: by the number of accepts
    return _flor_compare(cfg, h, scores, accepted[min(h.fl_accepts, len(accepted)) - 1])


def contraflor(cfg: Config, h: HandState) -> None:
    """FLR-6: pending, twice the stake in force (AMB-34 double-stake) or twice what one quiero
    makes the flor (double-quiero); the stake before it is kept for a refusal (AMB-27)."""
    h.fl_contra = h.to_act  # type: ignore[assignment]
    h.fl_before = h.fl_stake
    h.fl_stake = 2 * (cfg.flor.accepted[0] if cfg.contraflor_double_quiero else h.fl_stake)  # type: ignore[union-attr]
    h.fl_out = (*h.fl_out, *h.fl_queue[1:])  # AMB-40 in-turn: the others do not answer, and
    h.fl_queue = ()  # their flors are not compared
    h.phase = FLOR_CONTRA
    h.to_act = h.fl_singer


def contraflor_resto(h: HandState) -> None:  # FLR-6, then FLR-7
    h.phase = FLOR_RESTO
    h.to_act = h.fl_contra


def _flor_compare(cfg: Config, h: HandState, scores: tuple[int, int], stake: int | None) -> Award:
    """The highest flor wins (ties: AMB-24) among the singer's side and the opponents who accepted
    or sang contraflor (AMB-40 in-turn). None = the falta."""
    seats = tuple(s for s in range(cfg.n) if holds_flor(h, s) and s not in h.fl_out)
    winner = best_side(h, h.flor_pts, seats)
    return "flor", winner, (falta(cfg, scores, winner) if stake is None else stake)


def make_sign(h: HandState, name: str) -> None:  # SEN-1..3: does not pass the turn
    seat = h.to_act
    assert seat is not None
    signed = h.signed
    h.signed = (*signed[:seat], True, *signed[seat + 1:])
    h.signs = (*h.signs, (seat, name))
