"""Two opponents for play and simulation: uniform random, and a simple rule-of-thumb player.

Both decide from the seat's observation only (they never look at hidden cards).
"""

from __future__ import annotations

import random
from typing import Protocol

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.game import Game


class Bot(Protocol):
    def choose(self, game: Game) -> Action: ...


MAZO_RATE = 0.05  # how often a random player goes to the mazo where it may (ARG-9, URU-10)


class RandomBot:
    """Any legal action, uniformly; where the mazo is legal (ARG-9, URU-10), it goes to the mazo
    now and then (MAZO_RATE), so that random hands still reach their later rounds."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if A.MAZO in legal and len(legal) > 1:  # a ruleset without the mazo draws as before
            if self.rng.random() < MAZO_RATE:
                return A.MAZO
            return self.rng.choice([a for a in legal if a is not A.MAZO])
        return self.rng.choice(legal)


STRONG_GROUPS = 5  # a card in the deck's five strongest groups (or a pieza) counts as strong
ACCEPT_ENVIDO_FROM = 26  # envido points: accept a call
CALL_ENVIDO_FROM = 28  # ... open one
FALTA_FROM = 31  # ... answer with falta envido


class SimpleBot:
    """Plays the cheapest card that takes the round, calls and accepts with strong cards."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        seat = game.to_act
        assert seat is not None
        obs = game.observation(seat)
        deck = game.config.deck
        strength = deck.strengths(obs.get("muestra"))  # URU-3: the piezas of this hand's muestra
        mine = [deck.index(c["card"]) for c in obs["hand"] if c["card"] is not None]
        power = sorted((strength[c] for c in mine if c is not None), reverse=True)
        strong = sum(1 for p in power if p >= deck.groups - STRONG_GROUPS)
        pending = obs["pending"]
        kinds = {a.kind: a for a in legal}
        if pending is not None:
            kind = pending["kind"]
            if kind == "ten-choice":
                return A.TEN_PLAY if strong or self.rng.random() < 0.5 else A.TEN_DECLINE
            if kind == "envido":
                points = obs.get("envido_points", 0)
                if points >= FALTA_FROM and A.FALTA_ENVIDO in legal:
                    return A.FALTA_ENVIDO
                return A.ACCEPT if points >= ACCEPT_ENVIDO_FROM else A.RUN
            if kind in ("flor", "contraflor", "contraflor-resto"):
                if A.FLOR_RAISE in legal:
                    return A.FLOR_RAISE
                return A.ACCEPT if A.ACCEPT in legal else legal[0]
            if strong >= 2 and "raise" in kinds:
                return kinds["raise"]
            return A.ACCEPT if strong >= 1 or self.rng.random() < 0.3 else A.RUN
        if A.FLOR in legal:
            return A.FLOR
        if A.ENVIDO in legal and obs.get("envido_points", 0) >= CALL_ENVIDO_FROM:
            return A.ENVIDO
        if "raise" in kinds and strong >= 2 and self.rng.random() < 0.5:
            return kinds["raise"]
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return self.rng.choice(legal)
        if obs["blind"]:
            return self.rng.choice(plays)
        table = obs["table"]

        def card_strength(card: str) -> int:
            index = deck.index(card)
            assert index is not None, f"{card} is a card of the deck"
            return strength[index]

        by_strength = sorted(plays, key=lambda a: card_strength(str(a.arg)))
        if not table:
            return by_strength[-1] if len(by_strength) == 3 else by_strength[0]
        best = max(table, key=lambda p: -1 if p["covered"] else card_strength(p["card"]))
        if best["seat"] & 1 == seat & 1:
            return by_strength[0]
        top = -1 if best["covered"] else card_strength(best["card"])
        for action in by_strength:
            if card_strength(str(action.arg)) > top:
                return action
        return by_strength[0]


BOTS = {"random": RandomBot, "simple": SimpleBot}
