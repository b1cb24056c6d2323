"""The reference engine behind the engine-adapter contract that `truco check` drives.

The contract is described in spec/adapter.py; this class meets it structurally (the engine never
imports spec/). `make_adapter` is the factory: `truco check --engine truco_rules.engine.adapter:make_adapter`.
Subclasses may override `make_game` to drive a variant of the engine (tests plant bugs this way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.engine.errors import IllegalActionError, InvalidActionError
from truco_rules.engine.game import Game

Deals = Sequence[Mapping[str, Any]]  # stacked deals: {"hands": [[card, card, card], ...], "muestra": None}


class ReferenceAdapter:
    """One match of the reference engine, spoken to in action texts."""

    # The errors that mean "refused": anything else the engine raises on an action is a crash.
    refusal_errors = (IllegalActionError, InvalidActionError)
    game_class: type[Game] = Game  # the engine's game (tests plant bugs in a subclass)

    def __init__(self) -> None:
        self.game: Game | None = None
        self._before: list[Game] = []  # the game before each action applied, for undo()

    def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Deals = (),
                  scores: Sequence[int] | None = None, dealer: int | None = None) -> Game:
        stacked = [[list(cards) for cards in d["hands"]] for d in deals]
        muestras = [d["muestra"] for d in deals if d.get("muestra") is not None]  # URU-2
        return self.game_class.new(ruleset, seed=seed, readings=dict(readings), deals=stacked or None,
                                   muestras=muestras or None,
                                   scores=None if scores is None else (scores[0], scores[1]), dealer=dealer)

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Deals = (),
                 scores: Sequence[int] | None = None, dealer: int | None = None) -> None:
        """A new match; `deals` stack the first hands, with the card each turns up where there is one;
        `scores` and `dealer` set the position it starts from (the first partida's points, the seat
        that deals the first hand)."""
        # Subclasses that predate stacked deals (or set positions) override make_game without them.
        self._before = []
        if scores is not None or dealer is not None:
            self.game = self.make_game(ruleset, seed, readings, deals, scores=scores, dealer=dealer)
        else:
            self.game = self.make_game(ruleset, seed, readings, deals) if deals else self.make_game(
                ruleset, seed, readings)

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("no game: call new_game first")
        return self.game

    def to_act(self) -> int | None:
        return self._game().to_act

    def legal_actions(self) -> list[str]:
        return [a.text for a in self._game().legal_actions()]

    def apply(self, action: str) -> None:
        game = self._game()
        before = game.copy()
        game.push(action)  # a refusal raises here: nothing to take back
        self._before.append(before)

    def undo(self) -> None:
        """Take back the last action applied (the optional capability of the contract: the
        exhaustive check walks the game tree with it instead of replaying every path).

        The game as it was before that action, kept by apply: Game.copy is a few microseconds,
        where Game.pop replays the hand from its start (about a third of the exhaustive walk's
        time). The two are the same game (tests/engine: pop and copy agree)."""
        if not self._before:
            self._game().pop()  # raises NothingToUndoError, as the engine does
        self.game = self._before.pop()

    def deal(self) -> list[list[str]]:
        # The checker sees every card, so this is the game's own deal (not an observation,
        # which hides cards in a blind hand).
        return self._game().deal()

    def muestra(self) -> str | None:
        """The card turned up in the hand being played, or None where the ruleset has none."""
        return self._game().muestra()

    def record(self) -> dict[str, Any]:
        return self._game().record()

    def observation(self, seat: int) -> dict[str, Any]:
        return self._game().observation(seat)


def make_adapter() -> ReferenceAdapter:
    """The factory `truco check` calls once per game."""
    return ReferenceAdapter()
