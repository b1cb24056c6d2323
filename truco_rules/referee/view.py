"""What a bot is shown at a decision: its seat's observation (the engine protocol's: its own
cards, the table, the rounds, the score, the call pending), the hand's history as that seat saw
it, and the order of the cards in this hand (the weakest group first; it changes with the vira or
the muestra where the ruleset has one).

In the history, a card another seat covered is written `cover` without the card (COV-1: a covered
card is seen by nobody but its player), and a seña is kept only for the signer's partners (SEN-1,
SEN-2, SEN-3); every call and every card played face up is there, in order.
"""

from __future__ import annotations

from typing import Any

from truco_rules.engine import Game


def seen_by(seat: int, actor: int, text: str) -> str | None:
    """The action `text` of `actor` as `seat` saw it, or None where `seat` did not see it."""
    verb = text.partition(" ")[0]
    if verb == "cover" and actor != seat:
        return "cover"  # COV-1
    if verb == "sign":
        return text if (actor - seat) % 2 == 0 else None  # SEN-1, SEN-2, SEN-3: the signer and its partners
    return text


def bot_view(game: Game, seat: int, history: list[tuple[int, str]]) -> dict[str, Any]:
    """The `view` of a decide request for `seat` (spec/schemas/bot-protocol.schema.json)."""
    view = game.observation(seat)
    players = game.config.n
    view["players"] = players
    deck = game.config.deck
    strength = deck.strengths(view.get("muestra"))  # PAU-2, URU-3: this hand's vira or muestra counts
    ranked: dict[int, list[str]] = {}
    for index, name in enumerate(deck.names):
        ranked.setdefault(strength[index], []).append(name)
    view["card_order"] = [ranked[k] for k in sorted(ranked)]  # weakest group first, ties together
    view["history"] = [{"seat": actor, "action": shown} for actor, text in history
                       if (shown := seen_by(seat, actor, text)) is not None]
    return view
