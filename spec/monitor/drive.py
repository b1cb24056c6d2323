"""Drive an engine through many games and check every step against the spec (`truco check`).

Two kinds of play, per ruleset:
- random games: random legal actions to the end of the match; at some steps an action the spec
  forbids (or a malformed one) is tried first, and must be refused with the state unchanged;
- Hypothesis programs: short sequences of legal and forbidden actions drawn by Hypothesis. On a
  disagreement Hypothesis shrinks the program, and the report shows the shortest one it found.

Every game ends with the record monitor on the engine's record. A disagreement ends the step by
step check of that game: the engine then plays on alone and the monitor judges its record, so
that a wrong result is also reported under the clause of the result. An engine fault (it
raised, hung or returned garbage) is reported with the game and step, and the check goes on
with the next game. Per-call time limit: see spec.monitor.follow.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from spec.monitor.follow import ENGINE, Divergence, EngineFault, Follower, call_limits
from spec.monitor.replay import check_record
from spec.monitor.violation import Violation
from spec.rules.state import Rules

MAX_KEPT = 200  # violations kept for the report; every one is counted
PROGRAM_STEPS = 60  # actions per Hypothesis program


@dataclass
class Report:
    """What a check found: clause counts and the violations, with game and step."""

    exercised: Counter[str] = field(default_factory=Counter)
    violated: Counter[str] = field(default_factory=Counter)
    violations: list[Violation] = field(default_factory=list)
    games: int = 0
    programs: int = 0
    steps: int = 0
    refusals: int = 0

    def add(self, v: Violation) -> None:
        self.violated[v.clause] += 1
        if len(self.violations) < MAX_KEPT:
            self.violations.append(v)

    @property
    def ok(self) -> bool:
        return not self.violated


@dataclass(frozen=True)
class Settings:
    """How hard to check: games and programs per ruleset, probing rate and the call time limit."""

    games: int = 200
    programs: int = 25
    seed: int = 0
    probe_rate: float = 0.2
    call_timeout: float = 2.0


Factory = Callable[[], Any]


def _violation(game: int, step: int, clause: str, message: str) -> Violation:
    return Violation(game, clause, message, field=f"step {step}")


def _finish(f: Follower, rng: random.Random, game: int, report: Report, readings: Mapping[str, str],
            diverged: bool) -> None:
    """Let the engine end its match if needed, then run the monitor on its record."""
    if diverged:
        f.finish_alone(rng)
    record = f.engine_record()
    for v in check_record(record, ruleset=f.rules.ruleset, game=game, exercised=report.exercised):
        report.add(v)


def play_random_game(factory: Factory, rules: Rules, readings: Mapping[str, str], seed: int, game: int,
                     report: Report, cfg: Settings, limited: bool) -> None:
    """One random game of the engine, checked step by step; findings go into `report`."""
    rng = random.Random(seed)
    f: Follower | None = None
    try:
        f = Follower(factory(), rules, seed, cfg.call_timeout, limited)
        diverged = False
        try:
            f.start(readings)
            while not f.over:
                if f.steps > 20_000:
                    raise EngineFault("the match did not end within 20000 actions")
                legal = f.legal()
                if rng.random() < cfg.probe_rate:
                    candidates = f.illegal_candidates()
                    if candidates:
                        report.exercised[f.probe(rng.choice(candidates))] += 1
                        report.refusals += 1
                f.play(rng.choice(legal))
        except Divergence as d:
            report.add(_violation(game, f.steps, d.clause, d.message))
            diverged = True
        _finish(f, rng, game, report, readings, diverged)
    except EngineFault as exc:
        report.add(_violation(game, f.steps if f else 0, ENGINE, str(exc)))
    finally:
        report.games += 1
        report.steps += f.steps if f else 0


def run_programs(factory: Factory, rules: Rules, readings: Mapping[str, str], first_game: int,
                 report: Report, cfg: Settings, limited: bool) -> None:
    """Hypothesis programs of legal and forbidden actions; the first failure is shrunk and reported."""
    if cfg.programs <= 0:
        return
    from hypothesis import HealthCheck, given, note, seed, settings
    from hypothesis import strategies as st

    counter = {"n": 0}

    @seed(cfg.seed)
    @settings(max_examples=cfg.programs, database=None, deadline=None, derandomize=False,
              report_multiple_bugs=False, suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.integers(0, 2**31 - 1), st.data())
    def program(game_seed: int, data: Any) -> None:
        counter["n"] += 1
        f = Follower(factory(), rules, game_seed, cfg.call_timeout, limited)
        f.start(readings)
        note(f"seed {game_seed}")
        for _ in range(PROGRAM_STEPS):
            if f.over:
                break
            legal = f.legal()
            if data.draw(st.integers(0, 3), label="kind") == 0:
                candidates = f.illegal_candidates()
                if candidates:
                    action = data.draw(st.sampled_from(candidates), label="forbidden")
                    report.exercised[f.probe(action)] += 1
                    report.refusals += 1
                    continue
            f.play(data.draw(st.sampled_from(legal), label="action"))
        found = check_record(f.engine_record(), ruleset=rules.ruleset, exercised=report.exercised,
                             in_progress=not f.over)
        if found:
            raise Divergence(found[0].clause, "the record breaks a rule: " + "; ".join(map(str, found[:3])))

    game = first_game
    try:
        program()
    except Divergence as d:
        report.add(Violation(game, d.clause, f"Hypothesis program (shrunk): {d.message}", field="program"))
    except EngineFault as exc:
        report.add(Violation(game, ENGINE, f"Hypothesis program: {exc}", field="program"))
    finally:
        report.programs += counter["n"]


def check_engine(factory: Factory, rulesets: list[str], readings: Mapping[str, str], cfg: Settings,
                 progress: Callable[[str, int], None] | None = None) -> Report:
    """Check an engine on each ruleset: `cfg.games` random games, then `cfg.programs` programs.

    `progress(ruleset, games_done)` is called after each game (for a progress bar)."""
    report = Report()
    with call_limits() as limited:
        game = 0
        for name in rulesets:
            rules = Rules.of(name, readings)
            for i in range(cfg.games):
                play_random_game(factory, rules, readings, cfg.seed + i, game, report, cfg, limited)
                game += 1
                if progress is not None:
                    progress(name, i + 1)
            run_programs(factory, rules, readings, game, report, cfg, limited)
            game += 1
    return report
