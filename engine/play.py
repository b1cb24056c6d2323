"""Playing a card (RND-1 to RND-3, HND-1 to HND-10, COV-1, IRN-2): the round it completes, the
hand it may decide, and the play and cover actions of a deck's cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.engine.actions import Action
from truco_rules.engine.cards import Deck
from truco_rules.engine.tricks import ROUNDS, TIE, hand_result, round_result

if TYPE_CHECKING:
    from truco_rules.engine.game import Game

# The slots a seat may have left: every subset of (0, 1, 2) but the empty one.
LEFTS = ((0, 1, 2), (0, 1), (0, 2), (1, 2), (0,), (1,), (2,))
# The slots a seat has left after playing slot k.
_WITHOUT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {(left, k): tuple(x for x in left if x != k)
            for left in LEFTS for k in left}

CardActions = tuple[tuple[Action, ...], tuple[Action, ...], dict[Action, int]]
# Per deck (by its card names): card index -> interned play / cover action, and action -> index.
_CARD_ACTIONS: dict[tuple[str, ...], CardActions] = {}


def card_actions(deck: Deck) -> CardActions:
    found = _CARD_ACTIONS.get(deck.names)
    if found is None:
        play = tuple(Action("play", name) for name in deck.names)
        cover = tuple(Action("cover", name) for name in deck.names)
        index = {a: i for actions in (play, cover) for i, a in enumerate(actions)}
        found = _CARD_ACTIONS[deck.names] = (play, cover, index)
    return found


def do_card(game: Game, action: Action) -> None:
    """A card played or covered by the seat to act (a Game method: engine/game.py)."""
    cfg = game._cfg
    h = game.hand
    t = h.to_act
    assert t is not None
    deal = h.deal[t]
    if h.blind:  # IRN-2: by slot
        k = action.slot
        assert k is not None
        card = deal[k]
    else:
        card = game._card_of[action]
        k = deal.index(card)
    left = list(h.left)
    left[t] = _WITHOUT[left[t], k]
    h.left = tuple(left)
    covered = action.kind == "cover"
    if covered and cfg.cover_concedes:  # AMB-6 concedes-hand (COV-2): the other side wins
        game._finish_hand(1 - (t & 1), h.value)
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
        # HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9, HND-10 decide nothing on one round: no
        # call for the first
        decided = hand_result(rounds, cfg.split_first_winner, h.all_tied) if len(rounds) > 1 else None
        if decided is not None and cfg.always_three and len(rounds) < ROUNDS:
            h.decided = decided  # AMB-4 always-three-rounds: play on, the winner is fixed
            decided = None
    elif len(rounds) < ROUNDS:
        decided = None
    if decided is not None or len(rounds) == ROUNDS:  # HND-1: never more than three rounds
        game._finish_hand(decided, h.value)  # type: ignore[arg-type]
        return
    h.turn = h.to_act = h.leader
