"""Set positions for `Game.new` and `Game.from_json`: stacked deals, muestras, starting scores, the
first dealer.

Each is checked whole before a game is built, with a GameArgumentError (or InvalidActionError for
a card that is not in the deck) that says what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from truco_rules.engine.config import Config
from truco_rules.engine.errors import ArgumentTypeError, GameArgumentError, InvalidActionError
from truco_rules.engine.features import CARDS_PER_SEAT

Deal = tuple[tuple[int, ...], ...]  # three card indices per seat, in slot order


def card_index(cfg: Config, name: Any) -> int:
    i = cfg.deck.index(name)
    if i is None:
        raise InvalidActionError(f"there is no card {name!r} in the {cfg.ruleset.name} deck")
    return i


def parse_deals(cfg: Config, deals: Any) -> tuple[Deal, ...]:
    """Stacked hands: three distinct cards of this deck per seat (DEAL-1)."""
    if deals is None:
        return ()
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence):
        raise ArgumentTypeError("deals is a list of hands, each a list of three card names per seat")
    out = []
    for deal in deals:
        if (isinstance(deal, str | bytes) or not isinstance(deal, Sequence) or len(deal) != cfg.n
                or any(isinstance(c, str | bytes) or not isinstance(c, Sequence) or len(c) != CARDS_PER_SEAT
                       for c in deal)):
            raise GameArgumentError(f"a deal gives three cards to each of {cfg.n} seats")
        hand = tuple(tuple(card_index(cfg, name) for name in cards) for cards in deal)
        flat = [c for cards in hand for c in cards]
        if len(set(flat)) != len(flat):
            raise GameArgumentError("a card is dealt twice")
        out.append(hand)
    return tuple(out)


def parse_muestras(cfg: Config, muestras: Any, stacked: tuple[Deal, ...]
                    ) -> tuple[int, ...]:
    """URU-2 (PAU-2 for a vira): one turned card per stacked hand, a card of the deck that no seat
    holds in that hand; the errors call it what the ruleset calls it (`Deck.turned`)."""
    if not cfg.deck.has_muestra:
        if muestras:
            raise GameArgumentError(f"{cfg.ruleset.name} turns up no muestra")
        return ()
    muestras = () if muestras is None else muestras
    if isinstance(muestras, str | bytes) or not isinstance(muestras, Sequence):
        raise ArgumentTypeError("muestras is a list of card names, one per stacked deal")
    if len(muestras) != len(stacked):
        raise GameArgumentError(f"{cfg.ruleset.name} turns up a {cfg.deck.turned}: give one per stacked deal "
                                f"({len(stacked)} deals, {len(muestras)} muestras)")
    out = []
    for k, (name, deal) in enumerate(zip(muestras, stacked, strict=True)):
        card = card_index(cfg, name)
        if any(card in cards for cards in deal):
            raise GameArgumentError(f"the {cfg.deck.turned} {name} of stacked hand {k + 1} "
                                    "is also dealt to a seat")
        out.append(card)
    return tuple(out)


def parse_scores(cfg: Config, scores: Any) -> tuple[int, int]:
    if scores is None:
        return (0, 0)
    if (isinstance(scores, str | bytes) or not isinstance(scores, Sequence) or len(scores) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)):
        raise GameArgumentError("starting scores are two whole numbers, side 0's then side 1's")
    start = (int(scores[0]), int(scores[1]))
    if not all(0 <= x < cfg.target for x in start):
        raise GameArgumentError(f"starting scores must be 0..{cfg.target - 1}")
    return start


def parse_starter(cfg: Config, dealer: Any) -> int:
    """The seat that starts the first hand when `dealer` deals it (AMB-15: the starter sits just after
    the dealer); None: seat 0 starts."""
    if dealer is None:
        return 0
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise ArgumentTypeError("dealer is a seat number")
    if not 0 <= dealer < cfg.n:
        raise GameArgumentError(f"the dealer is a seat 0..{cfg.n - 1}")
    return (dealer + 1) % cfg.n
