"""Helpers shared by the engine tests: set positions and scripted play."""

from __future__ import annotations

import copy
import json
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ruleset_yaml import shipped_ruleset_files

from truco_rules.engine import RULESETS, Game

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULESET_NAMES = ("mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es")  # golden
ALL_RULESETS = tuple(RULESETS)  # every ruleset file the engine loaded
RULESET_FILES = shipped_ruleset_files()


def ruleset_data(ruleset: str, readings: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A shipped ruleset file read here, with what the chosen readings `set` applied (the test's own
    reading of the file format, to compare the engine with)."""
    data = RULESET_FILES[ruleset]
    out = copy.deepcopy(data)
    for key, entry in data["readings"].items():
        reading = str((readings or {}).get(key, entry["default"]))
        sets = {str(k): v for k, v in (entry.get("sets") or {}).items()}
        for dotted, value in sets.get(reading, {}).items():
            *parents, last = dotted.split(".")
            target: Any = out
            for part in parents:
                target = target.setdefault(part, {}) if isinstance(target, dict) else None
            if isinstance(target, dict):  # a section an earlier reading removed (AMB-70): nothing to set
                target[last] = copy.deepcopy(value)
    return out


def new(ruleset: str, deals: Sequence[Sequence[Sequence[str]]] | None = None,
        scores: tuple[int, int] | None = None, seed: int = 0, muestras: Sequence[str] | None = None,
        **readings: str) -> Game:
    """A game with a stacked deck; readings as keyword arguments (underscores for dashes)."""
    return Game.new(ruleset, seed=seed, deals=deals, scores=scores, muestras=muestras,
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
