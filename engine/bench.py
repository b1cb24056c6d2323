"""Random-playout throughput through the public API (what `truco bench` reports).

`run_engine_bench` is the reusable hook: another command can time other work (for instance the
monitor's validation of the same records) and print it beside these figures.
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine.game import Game


def _warm_up(ruleset: str) -> None:
    """One untimed match first, so that the figures do not include building tables and caches."""
    rng = random.Random(-1)
    game = Game.new(ruleset, seed=-1)
    while game.to_act is not None:
        game.push(rng.choice(game.legal_actions()))
    game.record()


def run_engine_bench(ruleset: str, seconds: float = 1.0, *, seed: int = 0,
                     keep_records: int = 0) -> dict[str, Any]:
    """Play random matches of `ruleset` for about `seconds`: legal_actions, push, record at the
    end. Returns matches/s, actions/s and, with keep_records, the first that many records.

    The number kept is capped because holding every record would measure the garbage
    collector walking a growing heap rather than the engine (a third slower, measured)."""
    _warm_up(ruleset)
    rng = random.Random(seed)
    choice = rng.choice
    matches = actions = 0
    records = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = Game.new(ruleset, seed=seed + matches)
        while game.to_act is not None:
            game.push(choice(game.legal_actions()))
            actions += 1
        record = game.record()
        if matches < keep_records:
            records.append(record)
        matches += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    out: dict[str, Any] = {
        "ruleset": ruleset,
        "seconds": round(elapsed, 3),
        "matches": matches,
        "actions": actions,
        "matches_per_s": round(matches / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
    }
    if keep_records:
        out["records"] = records
    return out
