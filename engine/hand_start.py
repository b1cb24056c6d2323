"""A hand starts (DEAL-1, URU-2 to URU-4, AMB-15, AMB-1): its cards, its muestra and piezas, its
dealer and starter, and its kind, the iron hand (IRN-1) or the hand of ten (TEN-1); and the choice
the side at ten may make (TEN-5, TEN-6). Methods of Game (engine/game.py assigns them), so that a
subclass may override each one.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.features import CARDS_PER_SEAT, PLAYER_COUNTS
from truco_rules.engine.hand import FRESH, IRON, TEN, hand_of
from truco_rules.engine.phases import PLAY, TEN_CHOICE
from truco_rules.engine.tricks import NOBODY

if TYPE_CHECKING:
    from truco_rules.engine.game import Game

NO_CARD = -1  # a hand without a muestra
TEN_DECLINE_PAYOUT = 2  # TEN-6, where the file gives no decline_payout

# DEAL-1: the cards drawn for a hand as each seat's, three to each in turn (CARDS_PER_SEAT), by
# player count; the muestra, drawn last, is no seat's. One getter of slices, not a zip per hand.
_BY_SEAT = {n: itemgetter(*(slice(CARDS_PER_SEAT * s, CARDS_PER_SEAT * (s + 1)) for s in range(n)))
            for n in PLAYER_COUNTS}



def _kind(cfg: Config, scores: tuple[int, int], starter: int, fields: dict[str, Any]) -> None:
    """The iron hand (IRN-1) or the hand of ten (TEN-1), set on the hand's fields."""
    s0, s1 = scores
    iron, ten = cfg.iron, cfg.ten
    if iron is not None and s0 == iron.score and s1 == iron.score:  # IRN-1
        fields["kind"] = IRON
        if cfg.iron_ordinary:  # AMB-61 ordinary-no-truco: the opening value, cards seen, no truco
            fields["no_truco"] = True
            return
        fields["blind"] = cfg.iron_blind  # IRN-2 / AMB-11
        if cfg.iron_like_ten and ten is not None:  # AMB-10: like the hand of ten (TEN-2, TEN-3, IRN-3)
            fields["ladder_i"] = cfg.ladder.index(ten.value)
            fields["value"] = ten.value
            fields["no_truco"] = True
    # TEN-1: one side at ten, whatever the hands before (AMB-71 every-hand: the choice comes back)
    elif ten is not None and (s0 == ten.score) != (s1 == ten.score):
        ten_side = 0 if s0 == ten.score else 1
        fields["kind"] = TEN
        fields["ten_side"] = ten_side
        fields["ladder_i"] = cfg.ladder.index(ten.value)  # TEN-2
        fields["value"] = ten.value
        fields["no_truco"] = True  # TEN-3
        if cfg.ten_may_decline:  # TEN-5 / AMB-12: the first seat of the side at ten chooses
            fields["phase"] = TEN_CHOICE
            fields["to_act"] = starter if starter & 1 == ten_side else (starter + 1) % cfg.n


def start_hand(game: Game) -> None:
    cfg = game._cfg
    n = cfg.n
    deck = cfg.deck
    k = game._hand_no = game._hand_no + 1  # HND-11: the hands of a match, numbered one after another
    starter = game._starter
    if k <= len(game._stacked):
        deal = game._stacked[k - 1]
        muestra = game._muestras[k - 1] if game._muestras else NO_CARD
    else:
        dealt = CARDS_PER_SEAT * n
        shown = deck.has_muestra
        cards = game._deals.hand(k, deck.cards, dealt + 1 if shown else dealt)  # DEAL-1, URU-2
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
    fields["opened"] = len(game._moves)
    fields["all_tied"] = all_tied
    if cfg.iron is not None or cfg.ten is not None:
        _kind(cfg, game._scores, starter, fields)
    game.hand = hand_of(fields)
    if cfg.contests:
        game._prepare_contests()


def next_hand(game: Game) -> None:
    game._starter = (game._starter + game._cfg.starter_step) % game._cfg.n  # AMB-15, ORD-2
    game._start_hand()


def do_ten(game: Game, action: Action) -> None:
    """TEN-5: the side at ten plays the hand, worth the hand of ten's value (TEN-2), or declines
    it and the other side scores (TEN-6)."""
    h = game.hand
    if action is A.TEN_PLAY:
        h.phase = PLAY
        h.to_act = h.turn
        return
    ten = game._cfg.ten
    payout = TEN_DECLINE_PAYOUT if ten is None or ten.decline_payout is None else ten.decline_payout
    game._finish_hand(1 - h.ten_side, payout)
