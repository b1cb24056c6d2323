"""The referee's speed beside the engine's: matches per second, refereed (bot processes, the
protocol, the spec's check of every decision) and played by the engine alone (random playouts
through its API, as `truco bench` measures them)."""

from __future__ import annotations

import time
from typing import Any

from truco_rules.benchmarks.throughput import run_engine_bench
from truco_rules.referee.compliance import HOUSE
from truco_rules.referee.faults import Policy
from truco_rules.referee.match import MatchSpec, play_match


def run_referee_bench(ruleset: str, matches: int = 10, seconds: float = 1.0) -> dict[str, Any]:
    """Referee `matches` matches between two house bots (one process each), one after another, and
    time the engine's random playouts of the same ruleset for about `seconds`."""
    policy = Policy(on_fault="match")
    began = time.perf_counter()
    decisions = 0
    for i in range(matches):
        record = play_match(MatchSpec(f"bench-{i}", ruleset, i, (HOUSE, HOUSE), policy))
        decisions += sum(record["referee"]["decisions"])
    elapsed = time.perf_counter() - began
    engine = run_engine_bench(ruleset, seconds)
    refereed = matches / elapsed
    return {"ruleset": ruleset, "referee_matches": matches, "referee_seconds": round(elapsed, 3),
            "referee_matches_per_s": round(refereed, 2),
            "referee_decisions_per_s": round(decisions / elapsed, 1),
            "engine_matches_per_s": engine["matches_per_s"],
            "engine_per_referee": round(engine["matches_per_s"] / refereed, 1)}
