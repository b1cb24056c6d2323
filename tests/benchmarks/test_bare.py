"""The bench's bare playout plays the same rules as the engine: dealt the same cards, it offers
the same legal actions in the same order at every step, and its matches end where the engine's do.

A benchmark's yardstick, not a rule check: these tests name no clause. They make the ratio that
`truco bench` reports an honest one (the bare loop is no faster for playing a simpler game).
"""

from __future__ import annotations

import random

import pytest

from truco_rules.benchmarks.bare import bare_match, bare_tables
from truco_rules.engine import Game

COVERED = ["mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es"]


class FlorDealer(random.Random):
    """Deals every other hand with three cards of one suit to each seat, so that the flor's rarer
    paths (the partner's raise, contraflor, contraflor al resto) come up within a few matches."""

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def,override]
        cards = super().sample(population, k)
        if self.random() < 0.5:
            return cards
        suits = 4
        by_suit = [[c for c in population if c % suits == s] for s in range(suits)]
        order = super().sample(range(suits), suits)
        out: list[int] = []
        for seat in range(k // 3):
            out.extend(super().sample(by_suit[order[seat]], 3))
        return out


def _replay(ruleset: str, seed: int, rng: random.Random | None = None) -> int:
    tables = bare_tables(ruleset)
    assert tables is not None
    trace: list = []
    actions = bare_match(tables, rng or random.Random(seed), trace)
    deals = [[[tables.names[c] for c in cards] for cards in entry[1]]
             for entry in trace if entry[0] == "deal"]
    game = Game.new(ruleset, seed=seed, deals=deals)
    steps = 0
    for entry in trace:
        if entry[0] == "deal":
            continue
        seat, legal, chosen = entry
        assert game.to_act == seat, (steps, game.moves)
        assert [a.text for a in game.legal_actions()] == legal, (steps, game.moves)
        game.push(chosen)
        steps += 1
    assert game.is_over(), "the bare match ended where the engine's goes on"
    assert steps == actions
    return steps


@pytest.mark.parametrize("ruleset", COVERED)
def test_the_bare_playout_offers_the_engines_legal_actions_at_every_step(ruleset: str) -> None:
    total = sum(_replay(ruleset, seed) for seed in range(60))
    assert total > 60 * 10


def test_the_bare_playout_says_which_rulesets_it_does_not_cover() -> None:
    assert bare_tables("uruguayo-1v1") is None  # the muestra
    assert bare_tables("argentino-1v1") is None  # the envido before the truco, the flor mandatory


def test_the_bare_playout_plays_the_flor_as_the_engine_does() -> None:
    seen: set[str] = set()
    for seed in range(40):
        tables = bare_tables("gauderio-pairs-es")
        trace: list = []
        bare_match(tables, FlorDealer(seed), trace)  # type: ignore[arg-type]
        seen.update(e[2] for e in trace if e[0] != "deal")
        _replay("gauderio-pairs-es", seed, FlorDealer(seed))
    assert {"flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto"} <= seen, seen
