"""The legal actions of the seat to act, in a stable order: its cards (RND-1, IRN-2, AMB-7,
AMB-8), its truco calls (BET-1, BET-10), the answers to a pending call (BET-2, BET-5, TEN-5) and
the side contests' moves (engine/contests.py), and going to the mazo last (ARG-9, URU-10: on
the seat's turn to play, or as the answer to a pending truco call). A Game method
(engine/game.py assigns it), so that a subclass may override it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.engine import actions as A
from truco_rules.engine import contests as C
from truco_rules.engine import flor as F
from truco_rules.engine import truco as T
from truco_rules.engine.actions import Action
from truco_rules.engine.phases import OVER, PLAY, TEN_CHOICE, TRUCO
from truco_rules.engine.play import LEFTS
from truco_rules.engine.tanto_window import truco_openings

if TYPE_CHECKING:
    from truco_rules.engine.game import Game

# The slots not played yet as a slice of the seat's three cards (each subset is evenly spaced):
# the legal card actions are a slice of a tuple, not a list built slot by slot.
_PICK: dict[tuple[int, ...], slice] = {left: slice(left[0], left[-1] + 1, left[-1] - left[0] or 1)
                                       if len(left) < 3 else slice(0, 3) for left in LEFTS}


def compute_legal(game: Game) -> tuple[Action, ...]:
    h = game.hand
    ph = h.phase
    cfg = game._cfg
    if ph == PLAY:
        t = h.to_act
        assert t is not None
        must_sing = cfg.flor_mandatory and game._must_sing_flor(t)
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
                play = game._play_actions
                held: tuple[Action, ...] = (play[a], play[b], play[c])
                cards = held[pick]
                if cfg.cover_allowed and not (cfg.cover_not_first and not h.rounds):  # AMB-7/8
                    cover = game._cover_actions
                    covers: tuple[Action, ...] = (cover[a], cover[b], cover[c])
                    cards += covers[pick]
        calls: tuple[Action, ...] = ()
        if must_sing and cfg.flor_first:
            pass  # AMB-42 flor-first: no truco call before the flor
        elif h.no_truco or h.decided is not None or not game._own_calls or cfg.raise_caps:  # AMB-43, AMB-60
            out: list[Action] = []
            game._calls(t, out)
            calls = tuple(out)
        elif h.ladder_i + 1 < len(cfg.ladder) and (h.last_call_side != t & 1 or not cfg.other_side_next):
            calls = (cfg.raises[h.ladder_i + 1],)  # BET-1; BET-10; not past the top (the top clause)
        # ARG-9, URU-10: the seat to play may go to the mazo (not once the hand is decided, AMB-4;
        # AMB-42 flor-first: not before singing a mandatory flor)
        mazo: tuple[Action, ...] = ()
        if cfg.features.mazo is not None and h.decided is None and not (must_sing and cfg.flor_first):
            mazo = (A.MAZO,)
        if cfg.contests:
            out = [*cards, *calls]
            game._contest_openings(t, out)
            out += mazo
            return tuple(out)
        return cards + calls + mazo
    if ph == TRUCO:
        # BET-2: accept or run; BET-5: or raise to the next step (not at the top: the top clause)
        answers = cfg.truco_answers[h.ladder_i + 1]
        if cfg.raise_caps and len(answers) == 3 and h.to_act is not None \
                and T.capped(game, h.to_act, cfg.ladder[h.ladder_i + 1]):
            answers = answers[:2]  # AMB-43, AMB-60: the raise goes, accept or run stay (BET-2)
        if cfg.envido_first:  # AMB-29: the envido (or flor) may go first
            seat = h.to_act
            assert seat is not None
            # AMB-42 flor-first: a seat that may still sing its flor only runs before singing it
            barred = F.bars_truco(cfg, h, seat)
            out = [A.RUN] if barred else list(answers)
            truco_openings(cfg, h, seat, out)
            if cfg.features.mazo is not None and not barred:
                out.append(A.MAZO)  # ARG-9, URU-10: the mazo answers the call too (AMB-42: after the flor)
            return tuple(out)
        if cfg.features.mazo is not None:
            return (*answers, A.MAZO)  # ARG-9, URU-10: the mazo answers the call too
        return answers
    if ph == TEN_CHOICE:
        return (A.TEN_PLAY, A.TEN_DECLINE)  # TEN-5
    if ph == OVER:
        return ()
    return C.answers(cfg, h)
