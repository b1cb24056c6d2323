"""Engines for the suite's run rules (tests/conformance/test_suite_honesty.py): one that plays
readings other than paulista-1v1's defaults, those of CTruco (announcing them, or not), one that
cannot be given stacked deals, and one that crashes at new_game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from truco_rules.engine.adapter import ReferenceAdapter

# What CTruco plays of the register (AMB-59, AMB-60, AMB-61), none paulista-1v1's default.
CTRUCO = {"score-cap": "capped", "raise-cap-trailing": "trailing-need",
          "iron-or-ordinary": "ordinary-no-truco"}


class _PlaysCTruco(ReferenceAdapter):
    """Plays CTruco's readings whatever new_game asks."""

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                 scores: Any = None, dealer: Any = None) -> None:
        super().new_game(ruleset, seed, {**readings, **CTRUCO}, deals, scores, dealer)


def ctruco_announced() -> ReferenceAdapter:
    return _PlaysCTruco()


ctruco_announced.announced = {"paulista-1v1": dict(CTRUCO)}  # type: ignore[attr-defined]


def ctruco_silent() -> ReferenceAdapter:
    return _PlaysCTruco()


class _PlaysDefaults(ReferenceAdapter):
    """Plays paulista-1v1's defaults whatever new_game asks."""

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                 scores: Any = None, dealer: Any = None) -> None:
        super().new_game(ruleset, seed, {}, deals, scores, dealer)


def defaults_only() -> ReferenceAdapter:
    return _PlaysDefaults()


class _NoDeals(ReferenceAdapter):
    stacks_deals = False
    sets_position = False


def no_deals() -> ReferenceAdapter:
    return _NoDeals()


class _CrashesAtNewGame(ReferenceAdapter):
    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                 scores: Any = None, dealer: Any = None) -> None:
        raise RuntimeError("the engine's tables are missing")


def crashes_at_new_game() -> ReferenceAdapter:
    return _CrashesAtNewGame()


class _UruguayoEdition1(ReferenceAdapter):
    """Plays uruguayo-1v1 as its edition 1 was: the match to 30 (its hello says so)."""

    def make_game(self, ruleset: str, seed: int, readings: Mapping[str, str], deals: Any = (),
                  scores: Any = None, dealer: Any = None) -> Any:
        stacked = [[list(cards) for cards in d["hands"]] for d in deals]
        muestras = [d["muestra"] for d in deals if d.get("muestra") is not None]
        return self.game_class.new(ruleset, seed=seed, readings=dict(readings), deals=stacked or None,
                                   muestras=muestras or None, dealer=dealer, edition=1,
                                   scores=None if scores is None else (scores[0], scores[1]))


def uruguayo_edition_1() -> ReferenceAdapter:
    return _UruguayoEdition1()


uruguayo_edition_1.editions = {"uruguayo-1v1": 1}  # type: ignore[attr-defined]
