"""Helpers shared by the engine tests: set positions and scripted play."""

from __future__ import annotations

import json
import pathlib
from collections.abc import Iterable, Sequence
from typing import Any

from engine import Game

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULESET_NAMES = ("mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es")


def new(ruleset: str, deals: Sequence[Sequence[Sequence[str]]] | None = None,
        scores: tuple[int, int] | None = None, seed: int = 0, **readings: str) -> Game:
    """A game with a stacked deck; readings as keyword arguments (underscores for dashes)."""
    return Game.new(ruleset, seed=seed, deals=deals, scores=scores,
                    readings={k.replace("_", "-"): v for k, v in readings.items()})


def play(game: Game, *actions: str) -> Game:
    for action in actions:
        game.push(action)
    return game


def legal_texts(game: Game) -> list[str]:
    return [a.text for a in game.legal_actions()]


def last_hand(game: Game) -> dict[str, Any]:
    return game.record()["hands"][-1]


def schema() -> dict[str, Any]:
    return json.loads((ROOT / "spec" / "schemas" / "record.schema.json").read_text())


def deal(*hands: Iterable[str]) -> list[list[list[str]]]:
    """One stacked hand from per-seat card strings: deal("4C 7H AS", "3C 3H 2S")."""
    return [[h.split() if isinstance(h, str) else list(h) for h in hands]]
