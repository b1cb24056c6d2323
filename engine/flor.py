"""The flor (FLR-1 to FLR-8): each seat's flor, its song, the partner's raise, the opponents'
answers, contraflor and contraflor al resto, what each pays, and why a flor move is refused.

Functions of the match's Config and the HandState; points are returned as an Award for the game
to score. The stakes and the clause of each rule come from the ruleset file.
"""

from __future__ import annotations

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.hand import NO_SEAT, HandState
from truco_rules.engine.phases import ENVIDO, FLOR_CONTRA, FLOR_OPP, FLOR_PARTNER, FLOR_RESTO, PLAY, TRUCO
from truco_rules.engine.reading_notes import reading_note
from truco_rules.engine.tanto import flor_points
from truco_rules.engine.tanto_window import (
    Award,
    answers_first_truco,
    best_side,
    falta,
    first_reason,
    flor_goes_first,
    flor_in_window,
    holds_flor,
    window_open,
    window_reason,
)

# The catalogue clauses cited where a ruleset has no flor section, so that the refusal still names
# the rule the action belongs to.
FLOR_CLAUSE = "FLR-1"
FLOR_PARTNER_CLAUSE = "FLR-3"
CONTRAFLOR_CLAUSE = "FLR-6"


def prepare(cfg: Config, h: HandState) -> None:
    """Each seat's flor points (None: no flor), with the hand's piezas where there is a muestra."""
    if cfg.flor is not None:
        deck = cfg.deck
        h.flor_pts = tuple(flor_points(d, deck, h.pieza) for d in h.deal)
    else:
        h.flor_pts = (None,) * cfg.n


def must_sing(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-26 mandatory: a seat holding flor sings it before playing, while the window is open."""
    return cfg.flor is not None and window_open(h) and holds_flor(h, seat)


def bars_truco(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-42 flor-first: `seat` holds a mandatory flor it may still sing (its turn to play in the
    window of AMB-23, or answering a truco call while the envido may go first, AMB-29), so it may
    not call, accept or raise truco yet; it may still run."""
    if not cfg.flor_first or cfg.flor is None or not holds_flor(h, seat):
        return False
    return window_open(h) or (cfg.envido_first and flor_goes_first(cfg, h, seat))


def answers(phase: int) -> tuple[Action, ...]:
    """The legal answers in a flor phase."""
    if phase == FLOR_PARTNER:
        return (A.FLOR_RAISE, A.FLOR_PASS)  # FLR-3
    if phase == FLOR_OPP:
        return (A.ACCEPT, A.CONTRAFLOR, A.RUN)  # FLR-4
    if phase == FLOR_CONTRA:
        return (A.ACCEPT, A.RUN, A.CONTRAFLOR_RESTO)  # FLR-6
    if phase == FLOR_RESTO:
        return (A.ACCEPT, A.RUN)  # FLR-7
    raise AssertionError(f"unknown phase {phase}")


def sing(cfg: Config, h: HandState) -> Award | None:
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


def _next_opponent(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    queue = h.fl_queue[1:]
    h.fl_queue = queue
    if queue:
        h.to_act = queue[0]
        return None
    if h.fl_accepts == 0:  # FLR-8: all ran, the singer's side scores the stake in force
        return "flor", h.fl_singer & 1, h.fl_stake + cfg.flor_achico_one  # AMB-51: or one more
    accepted = cfg.flor.accepted  # type: ignore[union-attr]  # FLR-5: by the number of accepts
    return _compare(cfg, h, scores, accepted[min(h.fl_accepts, len(accepted)) - 1])


def contraflor(cfg: Config, h: HandState) -> None:
    """FLR-6: pending, twice the stake in force (AMB-34 double-stake), twice what one quiero
    makes the flor (double-quiero) or the flor's own stake more (three-more: 3 more); the stake
    before it is kept for a refusal (AMB-27)."""
    h.fl_contra = h.to_act  # type: ignore[assignment]
    h.fl_before = h.fl_stake
    if cfg.contraflor_three_more:
        h.fl_stake = h.fl_stake + cfg.flor.stake  # type: ignore[union-attr]
    else:
        h.fl_stake = 2 * (cfg.flor.accepted[0] if cfg.contraflor_double_quiero else h.fl_stake)  # type: ignore[union-attr]
    h.fl_out = (*h.fl_out, *h.fl_queue[1:])  # AMB-40 in-turn: the others do not answer, and
    h.fl_queue = ()  # their flors are not compared
    h.phase = FLOR_CONTRA
    h.to_act = h.fl_singer


def contraflor_resto(h: HandState) -> None:  # FLR-6, then FLR-7
    h.phase = FLOR_RESTO
    h.to_act = h.fl_contra


def _compared(cfg: Config, h: HandState) -> tuple[int, ...]:
    """The seats whose flors are compared: the singer's side and the opponents who accepted or sang
    contraflor (AMB-40 in-turn)."""
    return tuple(s for s in range(cfg.n) if holds_flor(h, s) and s not in h.fl_out)


def resto_stake(cfg: Config, h: HandState, scores: tuple[int, int], side: int) -> int:
    """What contraflor al resto stakes (FLR-6, ARG-8): the falta of `side` (AMB-55 falta), or the
    points the leading side lacks to reach the target and each compared flor's stake
    (to-target-and-flores: 'la diferencia entre 30 y la anotación más alta de los dos bandos, además
    de los 3 tantos por cada flor cantada')."""
    if cfg.resto_to_target:
        return cfg.target - max(scores) + cfg.flor.stake * len(_compared(cfg, h))  # type: ignore[union-attr]
    return falta(cfg, scores, side)


def _compare(cfg: Config, h: HandState, scores: tuple[int, int], stake: int | None) -> Award:
    """The highest flor wins (ties: AMB-24) among the seats compared. None = contraflor al resto's."""
    winner = best_side(h, h.flor_pts, _compared(cfg, h))
    return "flor", winner, (resto_stake(cfg, h, scores, winner) if stake is None else stake)


def accept(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    phase = h.phase
    if phase == FLOR_OPP:
        h.fl_accepts += 1
        return _next_opponent(cfg, h, scores)
    if phase == FLOR_CONTRA:
        return _compare(cfg, h, scores, h.fl_stake)  # FLR-6: the doubled stake
    return _compare(cfg, h, scores, None)  # FLR-7: contraflor al resto accepted, for its stake (AMB-55)


def run(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award | None:
    phase = h.phase
    if phase == FLOR_OPP:
        h.fl_out = (*h.fl_out, h.to_act)  # type: ignore[arg-type]
        return _next_opponent(cfg, h, scores)
    if phase == FLOR_CONTRA:  # FLR-8 / AMB-27: the contraflor side scores
        return "flor", h.fl_contra & 1, (h.fl_before if cfg.flor_refusal_before else h.fl_stake)
    # FLOR_RESTO refused (FLR-7, FLR-8): the side that sang contraflor al resto scores
    side = h.fl_singer & 1
    return "flor", side, (h.fl_stake if cfg.flor_refusal_before else resto_stake(cfg, h, scores, side))


def why_illegal(cfg: Config, h: HandState, kind: str, seat: int) -> tuple[str, str] | None:
    """The clause and reason a flor move (or an answer while the partner must answer) is refused,
    or None to let the game explain."""
    flor = cfg.flor
    phase = h.phase
    if kind == "flor":
        if flor is None:
            return FLOR_CLAUSE, f"there is no flor in {cfg.ruleset.family}{reading_note(cfg, 'flor')}"
        if phase not in (PLAY, TRUCO, ENVIDO) or (phase == ENVIDO and not cfg.flor_replaces_envido):
            return None
        if not holds_flor(h, seat):
            held = "flor" if cfg.deck.has_muestra else "three cards of one suit"
            return flor.sing, f"seat {seat} does not hold {held}"
        if not flor_in_window(cfg, h, seat) \
                and (phase == ENVIDO or (cfg.envido_first and answers_first_truco(h))):
            return flor.sing, f"flor-window=before-first-card (AMB-53): seat {seat} has already played a card"
        if phase == TRUCO:
            return flor.sing, first_reason(cfg, h, seat)
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
    """Why nothing but an answer is legal while a flor call is pending."""
    flor = cfg.flor
    assert flor is not None
    if phase == FLOR_PARTNER:
        return flor.partner, "the singer's partner must answer the flor first"
    if phase == FLOR_OPP:
        return flor.answers, "the flor must be answered first"
    if phase == FLOR_CONTRA:
        return flor.contraflor, "the contraflor must be answered first"
    return flor.resto, "contraflor al resto may only be accepted or run from"
