"""Why an action is not legal now: the clause that forbids it and a sentence a player can read.

The game calls `why_illegal` only for an action that is not among the legal ones; the contests'
part of the explanation is theirs (engine/contests.py sends it to envido, flor or señas). Clauses
that differ between rulesets come from the ruleset file; the catalogue clauses below are cited
where a file names none for that rule.
"""

from __future__ import annotations

from truco_rules.engine import actions as A
from truco_rules.engine import contests as C
from truco_rules.engine import flor as F
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.errors import InvalidActionError
from truco_rules.engine.hand import IRON, HandState
from truco_rules.engine.phases import OVER, PLAY, TEN_CHOICE, TRUCO
from truco_rules.engine.reading_notes import reading_note

ROUND_CLAUSE = "RND-1"  # a round: every player plays one card, in turn
COVER_CLAUSE = "COV-1"  # AMB-7 covering, AMB-8 cover-round
DECIDED_CLAUSE = "HND-2"  # AMB-4 always-three-rounds
BLIND_CLAUSE = "IRN-2"  # AMB-11 iron-blind
TEN_CHOICE_CLAUSE = "TEN-5"  # AMB-12 ten-choice


def deck_note(cfg: Config) -> str:
    """The deck clause, and the readings that change the deck (AMB-13 deck)."""
    note = reading_note(cfg, "deck")
    return f"{cfg.features.deck_clause}, {note[2:-1]}" if note else cfg.features.deck_clause


def pending(cfg: Config, h: HandState) -> tuple[str, str]:
    """Why only an answer is legal in the current phase."""
    if h.phase == TRUCO:
        return cfg.features.ladder.answer, "a truco call is pending: answer it first"
    if h.phase == TEN_CHOICE:
        clause = (cfg.ten.choice if cfg.ten else None) or TEN_CHOICE_CLAUSE
        return clause, f"side {h.ten_side} must first choose to play or decline"
    return C.pending_reason(cfg, h.phase)


def flor_first_reason(cfg: Config, seat: int, what: str) -> tuple[str, str]:
    """AMB-42 flor-first: the flor clause, and what the seat must do first."""
    return (cfg.flor.sing if cfg.flor else F.FLOR_CLAUSE,
            f"flor-before-truco=flor-first (AMB-42): seat {seat} holds flor and must sing it "
            f"before it {what}")


def why_illegal(cfg: Config, h: HandState, action: Action, card: int | None,
                scores: tuple[int, int] = (0, 0)) -> tuple[str, str]:
    """The clause and reason `action` is refused; `card` is its card's index in the deck, if any;
    `scores`: the match's (AMB-43 raise-cap reads them). InvalidActionError for a card that is not
    in this ruleset's deck."""
    kind = action.kind
    seat = h.to_act
    ladder = cfg.features.ladder
    if kind in ("play", "cover") and action.slot is None and cfg.deck.index(str(action.arg)) is None:
        raise InvalidActionError(
            f"there is no card {action.arg!r} in the {cfg.ruleset.name} deck ({deck_note(cfg)})")
    if h.phase == OVER:
        return cfg.features.match.end_clause, "the match is over"
    assert seat is not None
    if kind == "mazo":  # ARG-9, URU-10
        return mazo_refusal(cfg, h, seat)
    if kind == "sign" or kind in A.CONTEST_ACTIONS or h.phase not in (PLAY, TRUCO, TEN_CHOICE):
        found = C.why_illegal(cfg, h, action)
        if found:
            return found
    if kind in ("play", "cover"):
        return _card_refusal(cfg, h, action, card, seat)
    if kind == "raise":
        if h.phase == TRUCO:
            nxt = h.ladder_i + 2
            if nxt >= len(cfg.ladder):
                return ladder.top, "the call at the top can only be accepted or run from"
            if _capped(cfg, scores, seat, cfg.ladder[nxt - 1]):
                return ladder.top, _cap_reason(cfg, scores, seat, cfg.ladder[nxt - 1])
            if action.arg == cfg.ladder[nxt] and F.bars_truco(cfg, h, seat):
                return flor_first_reason(cfg, seat, "raises the truco")
            return ladder.order, f"the next step is {cfg.ladder[nxt]}, not {action.arg}"
        if h.phase != PLAY:
            return pending(cfg, h)
        if h.decided is not None:
            return DECIDED_CLAUSE, "hand-length=always-three-rounds (AMB-4): the hand is already decided"
        if h.no_truco and cfg.asks_for_truco(action.arg):  # type: ignore[arg-type]  # AMB-37
            iron = h.kind == IRON
            if cfg.ten_truco == "refused" or (iron and cfg.iron_ordinary):  # AMB-9: TEN-3, IRN-3; AMB-61
                if iron and cfg.iron is not None and cfg.iron.no_truco:
                    return cfg.iron.no_truco, "nobody may call truco in the iron hand"
                clause = cfg.ten.no_truco if cfg.ten else ladder.order
                return clause, f"nobody may call truco in the {'iron hand' if iron else 'hand of ten'}"
            nxt = h.ladder_i + 1
            allowed = [cfg.ladder[1]] if cfg.ten_call != "next-step" else []
            if cfg.ten_call != "truco-only" and nxt < len(cfg.ladder) and nxt != 1:
                allowed.append(cfg.ladder[nxt])  # the next step of the order clause
            calls = " or ".join(map(str, allowed)) or "none"
            return ladder.order, (f"ten-call={cfg.ten_call} (AMB-37): in this hand the call that asks "
                                  f"for truco is {calls}, not {action.arg}")
        if h.ladder_i + 1 >= len(cfg.ladder):
            return ladder.top, f"the hand is already worth {h.value}, the top"
        if _capped(cfg, scores, seat, h.value):
            return ladder.top, _cap_reason(cfg, scores, seat, h.value)
        if h.last_call_side == seat & 1 and cfg.other_side_next:
            return ladder.alternate, f"side {seat & 1} made the last call"
        step = cfg.ladder[h.ladder_i + 1]
        if action.arg == step and F.bars_truco(cfg, h, seat):
            return flor_first_reason(cfg, seat, "calls truco")
        return ladder.order, f"one step at a time: the next call is {step}, not {action.arg}"
    if kind in ("accept", "run"):
        if h.phase == TEN_CHOICE:
            return pending(cfg, h)
        if h.phase == TRUCO and kind == "accept" and F.bars_truco(cfg, h, seat):
            return flor_first_reason(cfg, seat, "accepts the truco")
        return ladder.answer, "there is no call to answer"
    if kind in ("ten-play", "ten-decline"):
        clause = (cfg.ten.choice if cfg.ten else None) or TEN_CHOICE_CLAUSE
        return clause, "there is no hand-of-ten choice to make now"
    if h.phase != PLAY:  # a call waits for its answer (truco, hand of ten, envido, flor)
        return pending(cfg, h)
    return ROUND_CLAUSE, f"{action.text} is not legal now"


def _capped(cfg: Config, scores: tuple[int, int], seat: int, value: int) -> bool:
    """AMB-43 raise-cap capped: the hand, worth `value` before the call, already pays what the
    caller's side lacks; AMB-60 trailing-need: or what the trailing side lacks (as
    truco_rules.engine.truco.capped)."""
    if cfg.raise_capped and value >= cfg.target - scores[seat & 1]:
        return True
    return cfg.raise_trailing and value >= cfg.target - min(scores)


def _cap_reason(cfg: Config, scores: tuple[int, int], seat: int, value: int) -> str:
    if cfg.raise_capped and value >= cfg.target - scores[seat & 1]:
        return (f"raise-cap=capped (AMB-43): the hand is worth {value} and side {seat & 1} lacks "
                f"{cfg.target - scores[seat & 1]} to win: no call or raise")
    return (f"raise-cap-trailing=trailing-need (AMB-60): the stake is {value} and the trailing side "
            f"lacks {cfg.target - min(scores)} to win: no call or raise")


def _card_refusal(cfg: Config, h: HandState, action: Action, card: int | None, seat: int) -> tuple[str, str]:
    if h.phase != PLAY:
        return pending(cfg, h)
    blind_clause = (cfg.iron.blind if cfg.iron else None) or BLIND_CLAUSE
    if action.slot is not None:
        if not h.blind:
            return blind_clause, "cards are played by slot only in a blind iron hand"
        if action.slot not in h.left[seat]:
            return ROUND_CLAUSE, f"seat {seat} has already played slot #{action.slot + 1}"
    else:
        if h.blind:
            return blind_clause, "the iron hand is blind: play a slot ('play #1'), not a card name"
        if card not in [h.deal[seat][k] for k in h.left[seat]]:
            return cfg.features.deal_clause, f"seat {seat} does not hold {action.arg}"
    if action.kind == "cover":
        if not cfg.cover_allowed:
            return COVER_CLAUSE, "covering=not-allowed (AMB-7): cards are played face up"
        if cfg.cover_not_first and not h.rounds:
            return (cfg.reading_clause("cover-round") or COVER_CLAUSE,  # PAU-11 where the file states it
                    "cover-round=not-first-round (AMB-8): no covered card in round 1")
    if cfg.flor_mandatory and F.must_sing(cfg, h, seat):
        return (cfg.flor.sing if cfg.flor else F.FLOR_CLAUSE,
                f"flor-optional=mandatory (AMB-26): seat {seat} must sing flor before playing")
    return ROUND_CLAUSE, "not a legal play now"


MAZO_CLAUSE = "ARG-9"  # going to the mazo (ARG-9, URU-10), cited where a ruleset has none


def mazo_refusal(cfg: Config, h: HandState, seat: int) -> tuple[str, str]:
    """Why going to the mazo is refused: the ruleset has no mazo, something other than a truco
    call is pending (an envido or flor call, the hand of ten's choice: answer it first), or the
    hand is already decided (AMB-4), or the seat must first sing its flor (AMB-42 flor-first)."""
    clause = cfg.features.mazo
    if clause is None:
        return MAZO_CLAUSE, f"the {cfg.ruleset.name} ruleset has no going to the mazo"
    if h.phase not in (PLAY, TRUCO):
        return clause, ("only on a turn to play or as the answer to a truco call: "
                        "answer the pending call first")
    if h.phase == PLAY and h.decided is not None:
        return clause, "hand-length=always-three-rounds (AMB-4): the hand is already decided"
    if F.bars_truco(cfg, h, seat):
        return flor_first_reason(cfg, seat, "goes to the mazo")
    return clause, "hand-length=always-three-rounds (AMB-4): the hand is already decided"
