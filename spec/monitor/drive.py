"""Drive an engine through many games and check every step against the spec (`truco check`).

Two kinds of play, per ruleset:
- random games: random legal actions to the end of the match; at some steps an action the spec
  forbids (or a malformed one) is tried first, and must be refused with the state unchanged,
  and every seat's observation is compared with what the spec lets it see;
- Hypothesis programs: short sequences of legal and forbidden actions drawn by Hypothesis. On a
  disagreement Hypothesis shrinks the program, and the report shows the shortest one it found.

Every game ends with the record monitor on the engine's record. A disagreement does not end a
random game: so that a common bug does not hide a rarer one, the game is resynchronised, at most
`Settings.restarts` times. The engine ends the hand it diverged in alone and the monitor judges
its record (a wrong result of that hand is reported under the clause of the result); the spec
plays the same hand to its end with its own legal actions; then the engine is started again by a
new game at the spec's position after that hand (the scores and the dealer, the `position`
feature), and the step by step check goes on from there. Only the score and the dealer carry over
from one hand to the next, so engine and spec agree again on the whole state: whatever the engine
had wrong is gone, and a divergence after a restart is a cause of its own, never a consequence of
the one before. Where the position cannot be set (an engine without the feature, a match already
in its second partida, or the spec's match over), the engine plays on alone to the end of its
match as before. Each part of a game (its `segment`) has its findings ordered by their place in
the match: the first is the cause, the rest its consequences (truco_rules.spec.monitor.findings). An engine
fault (it raised, hung or returned garbage) is reported with the game and step, and the check
goes on with the next game.

The games run as jobs in supervised worker processes (truco_rules.spec.monitor.supervise), one or `jobs`:
the results, their order and the exit code do not depend on the number of workers. The time
limit of a call needs no signal: see truco_rules.spec.monitor.follow and truco_rules.spec.monitor.supervise.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.catalogue import counts_of_ruleset
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import EngineFault, sets_position, stacks_deals
from truco_rules.spec.monitor.findings import Finding, Group, causes, group, record_finding, split_causes
from truco_rules.spec.monitor.follow import (
    ENGINE,
    MAX_STEPS,
    CannotReach,
    Divergence,
    Follower,
    ResultDiffers,
)
from truco_rules.spec.monitor.profile import Profile, part_data
from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.monitor.script import (
    cause_of,
    finding_of,
    new_follower,
    record_findings,
    run_script,
    shrink,
)
from truco_rules.spec.monitor.supervise import Event, Supervisor
from truco_rules.spec.monitor.trace import Trace
from truco_rules.spec.monitor.unexercised import Gap, gaps
from truco_rules.spec.monitor.violation import Violation
from truco_rules.spec.rules.ruleset import FEATURE_VERBS
from truco_rules.spec.rules.state import Rules, legal_actions
from truco_rules.spec.ruleset_file import NEEDED_READINGS
from truco_rules.spec.situations.catalogue import situations_for
from truco_rules.spec.situations.model import Situation
from truco_rules.spec.situations.probes import situation_probes
from truco_rules.spec.situations.reach import lead_in

MAX_KEPT = 200  # violations kept for the report; every one is counted
PROGRAM_STEPS = 60  # actions per Hypothesis program
PROGRAM_SHRINK_BUDGET = 6_000  # replayed steps to shrink a failing program
START_LIMIT = 30.0  # seconds the factory may take to give an engine (an engine process starting)
GAME, PROGRAMS, SITUATION = "game", "programs", "situation"
MAZO_RATE = 0.05  # how often a random game goes to the mazo where it may (ARG-9, URU-10)
RESTARTS = 4  # restarts of a random game after a divergence: at most RESTARTS + 1 causes per game
Unit = tuple[int, int]  # (game, segment): the part of a game one cause heads


@dataclass(frozen=True)
class Settings:
    """How hard to check: games and programs per ruleset, probing rate and the call time limit."""

    games: int = 200
    programs: int = 25
    seed: int = 0
    probe_rate: float = 0.2
    call_timeout: float = 2.0
    situations: bool = False  # drive the engine through the ruleset's situations first (spec.situations)
    restarts: int = RESTARTS  # resynchronisations of a random game after a divergence (0: none)
    profile: bool = False  # judge each part of each game under every reading (spec.monitor.profile)
    # The situations of a reading tell the engine nothing of it (`truco profile`): the spec follows
    # them under their readings, the engine plays what it plays.
    as_played: bool = False


@dataclass(frozen=True)
class Job:
    """One unit of work for a worker: a random game, or a ruleset's Hypothesis programs."""

    index: int
    kind: str
    ruleset: str
    readings: Mapping[str, str]
    game: int
    seed: int
    situation: Situation | None = None
    without: tuple[str, ...] = ()  # the optional features the engine declared it does not play


Factory = Callable[[], Any]


@dataclass
class Tally:
    """Counts of one job (or of a whole check)."""

    exercised: Counter[str] = field(default_factory=Counter)
    games: int = 0
    programs: int = 0
    steps: int = 0
    refusals: int = 0
    views: int = 0
    situations: int = 0  # situations played
    by_situations: Counter[str] = field(default_factory=Counter)  # the part of `exercised` they did
    unreached: list[tuple[str, str]] = field(default_factory=list)  # (situation, why not)
    led_in: int = 0  # situations reached from the start of a match (the engine sets no position)

    def add(self, other: Tally) -> None:
        self.exercised.update(other.exercised)
        self.games += other.games
        self.programs += other.programs
        self.steps += other.steps
        self.refusals += other.refusals
        self.views += other.views
        self.situations += other.situations
        self.by_situations.update(other.by_situations)
        self.unreached += other.unreached
        self.led_in += other.led_in


@dataclass
class Report(Tally):
    """What a check found: clause counts, the findings of every game (cause first) and their groups."""

    violated: Counter[str] = field(default_factory=Counter)
    violations: list[Violation] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)  # the (game, segment) of each of `violations`
    kept: list[Finding] = field(default_factory=list)  # the finding of each of `violations`
    findings: dict[Unit, list[Finding]] = field(default_factory=dict)  # unit -> earliest of each clause
    more: dict[Unit, Counter[str]] = field(default_factory=dict)  # unit -> clause -> the others
    traces: dict[Unit, dict[str, Any]] = field(default_factory=dict)  # unit -> trace (units with findings)
    per_ruleset: dict[str, Counter[str]] = field(default_factory=dict)  # ruleset -> clauses exercised
    situations_of: dict[str, list[Situation]] = field(default_factory=dict)  # ruleset -> those it ran
    situation_games: dict[int, str] = field(default_factory=dict)  # game -> situation id
    ran_situations: bool = False
    readings: dict[str, dict[str, str]] = field(default_factory=dict)  # ruleset -> readings its games played
    without: dict[str, list[str]] = field(default_factory=dict)  # ruleset -> optional features left out
    program_games: set[int] = field(default_factory=set)  # the game numbers of the Hypothesis programs
    profile: Profile = field(default_factory=Profile)  # what the games show of each register entry

    def count(self, ruleset: str, tally: Tally) -> list[tuple[str, str]]:
        """Add a job's counts as soon as it ends: a check of many games keeps counts, not a tally
        of each game (about 3 KB a game). Its unreached situations, the only part whose order
        matters, are returned to be added in job order."""
        unreached, tally.unreached = tally.unreached, []
        tally.exercised = counts_of_ruleset(ruleset, tally.exercised)  # only the clauses of its ruleset
        self.add(tally)
        self.per_ruleset.setdefault(ruleset, Counter()).update(tally.exercised)
        return unreached

    def found(self, finding: Finding) -> None:
        v = finding.violation
        unit = (v.game, finding.segment)
        self.violated[v.clause] += 1
        if len(self.violations) < MAX_KEPT:
            self.violations.append(v)
            self.units.append(unit)
            self.kept.append(finding)
        # A unit keeps its earliest finding of each clause (the cause and one example of each
        # consequence, what its group needs); the others are counted (an engine wrong at every
        # step would otherwise keep every finding of every game).
        kept = self.findings.setdefault(unit, [])
        # (A difference stepped over is a cause of its own: kept by its whole key, not its clause.)
        same = next((f for f in kept if (f.key == finding.key if finding.stepped
                                         else f.violation.clause == v.clause and not f.stepped)), None)
        if same is not None:
            self.more.setdefault(unit, Counter())[v.clause] += 1
            if finding.position >= same.position:
                return
            kept.remove(same)
        kept.append(finding)

    @property
    def ok(self) -> bool:
        return not self.violated

    def groups(self) -> list[Group]:
        groups = group(self.findings, game_of=lambda unit: int(unit[0]))
        of_key = {g.key: g for g in groups}
        for unit, counted in self.more.items():  # the findings counted, not kept, as group() counts them
            _, cause, _ = split_causes(sorted(self.findings[unit], key=lambda f: f.order))
            if cause is None:
                continue  # only differences stepped over: each is sent once
            g = of_key[cause.key]
            for clause, n in counted.items():
                if clause == g.clause:
                    g.repeats += n
                else:
                    g.consequences[clause] += n
        return groups

    def members(self, groups: Sequence[Group]) -> list[list[int]]:
        """For each group, the indices in `violations` of the findings it holds: its causes and
        their consequences. Every violation kept is in exactly one group: a difference stepped over
        before anything else went wrong in its unit is in its own group, every other finding in
        the group of its unit's cause (the first finding not stepped over)."""
        of_key = {g.key: i for i, g in enumerate(groups)}
        head: dict[Unit, int] = {}  # unit -> the group of its first finding not stepped over
        before: dict[Unit, tuple[int, tuple[int, int]]] = {}  # unit -> that finding's order
        for unit, found in self.findings.items():
            _, cause, _ = split_causes(sorted(found, key=lambda f: f.order))
            if cause is not None:
                head[unit], before[unit] = of_key[cause.key], cause.order
        out: list[list[int]] = [[] for _ in groups]
        for k, (unit, finding) in enumerate(zip(self.units, self.kept, strict=True)):
            if finding.stepped and (unit not in before or finding.order < before[unit]):
                out[of_key[finding.key]].append(k)
            else:
                out[head[unit]].append(k)
        return out

    def seen_in(self, g: Group) -> tuple[int, int, int]:
        """The random games, situations and Hypothesis program runs a group was seen in (each
        counted against its own total: a situation or a program is no random game)."""
        situations = sum(1 for n in g.games if n in self.situation_games)
        programs = sum(1 for n in g.games if n in self.program_games)
        return len(g.games) - situations - programs, situations, programs

    def seen_text(self, g: Group) -> str:
        """Where a group was seen, in words: "12 of 80 games, 3 situations"."""
        games, situations, programs = self.seen_in(g)
        parts = [f"{games} of {self.games} games"] if games or not (situations or programs) else []
        if situations:
            parts.append(f"{situations} of {self.situations} situations")
        if programs:
            parts.append(f"{programs} Hypothesis program run{'s' if programs != 1 else ''}")
        return ", ".join(parts)

    def gaps(self) -> list[Gap]:
        """The clauses and readings of the checked rulesets that nothing exercised, with the reason."""
        stopped = {game for game, _ in self.findings}
        failed = {sid for game, sid in self.situation_games.items() if game in stopped}
        return gaps(self.per_ruleset, self.situations_of, self.unreached, failed, self.ran_situations,
                    self.readings, self.without)


Found = dict[int, list[Finding]]  # job -> its findings
Traces = dict[int, dict[Unit, dict[str, Any]]]  # job -> unit -> the latest trace sent for it


def _keep_first_traces(found: Found, traces: Traces, index: int,
                       first_of: dict[tuple[str, ...], tuple[Unit, int]]) -> None:
    """When job `index` ends, keep the trace of each of its units only if that unit is the first
    unit of one of its causes so far (findings.causes): a report shrinks the first unit of each
    group, and an engine wrong in every game would otherwise keep a trace of every game to the end."""
    mine = traces.get(index)
    if not mine:
        return
    by_unit: dict[Unit, list[Finding]] = {}
    for f in found.get(index, []):
        by_unit.setdefault((f.violation.game, f.segment), []).append(f)
    dropped: set[tuple[Unit, int]] = set()
    for unit in sorted(by_unit):
        for cause in causes(by_unit[unit]):
            held = first_of.get(cause.key)
            if held is not None and held[0] <= unit:
                continue
            if held is not None:
                dropped.add((held[0], held[1]))
            first_of[cause.key] = (unit, index)
    needed = set(first_of.values())
    for unit in list(mine):
        if (unit, index) not in needed:
            del mine[unit]
    for unit, job in dropped - needed:
        traces.get(job, {}).pop(unit, None)


# --- one job, in a worker ------------------------------------------------------------------------
class _Game:
    """The findings of one game, sent to the parent as they are found (a hang loses none)."""

    def __init__(self, game: int, emit: Callable[[str, Any], None]) -> None:
        self.game, self.emit, self.traced = game, emit, False
        self.segment = 0  # the restarts so far (play_random_game)
        self.stale: Follower | None = None  # sent findings the trace sent with the first one lacks
        self.readings: Mapping[str, str] = {}  # the readings the game is checked under (its profile)
        self.told: frozenset[str] = frozenset()  # keys of a situation's readings the engine was told
        self.stepped: set[tuple[str, str]] = set()  # the differences stepped over in the whole game

    def follow(self, f: Follower, profile: bool = False) -> None:
        """Step over the differences `f` finds in the legal actions: each sent once in the game.
        `profile`: keep the engine's events for the profile (a follower made by Follower.adopted
        has begun its log)."""
        f.stepped = self.stepped
        f.step_over = lambda d: self.send(finding_of(self.game, d, f, stepped=True), f)
        if profile and f.log is None:
            f.log = []

    def restart(self) -> None:
        self.close()
        self.segment += 1
        self.traced = False  # each segment has its own reproduction: the trace of its engine's match

    def close(self) -> None:
        """The segment ends: where findings came after the trace sent with its first one (a
        difference stepped over, then the divergence it was restarted for), the trace now."""
        if self.stale is not None:
            self.emit("trace", (self.game, self.segment, self.stale.trace.to_dict()))
            self.stale = None

    def send(self, finding: Finding, follower: Follower | None, trace: Trace | None = None) -> None:
        data = None
        if trace is not None:
            data = trace.to_dict()
        elif follower is not None and not self.traced:
            data = follower.trace.to_dict()
            self.traced = True
        elif follower is not None:
            self.stale = follower
        self.emit("finding", (dataclasses.replace(finding, segment=self.segment).to_dict(), data))

    def record(self, f: Follower, tally: Tally, in_progress: bool = False) -> None:
        for finding in record_findings(f, self.game, tally.exercised, in_progress):
            self.send(finding, f)
        if f.log is not None:  # the part of the game is over: what it shows of each register entry
            where = {"game": self.game, **({"restart": self.segment} if self.segment else {})}
            log, f.log = f.log, None
            record = f.engine_record()
            try:
                data = part_data(f.rules.ruleset, self.readings, f.rules.without, log, record, where)
            except Exception:  # what the engine recorded cannot be read back: this part shows nothing
                return
            # An entry whose reading the engine was told (a situation of that reading) shows what it
            # was asked to play, not what it plays.
            data["entries"] = {k: v for k, v in data["entries"].items() if k not in self.told}
            self.emit("profile", (f.rules.ruleset, data))


def play_random_game(factory: Factory, rules: Rules, readings: Mapping[str, str], seed: int, game: int,
                     cfg: Settings, beacon: Beacon, emit: Callable[[str, Any], None]) -> Tally:
    """One random game of the engine, checked step by step; findings go to `emit`.

    A difference in the legal actions that leaves both sides in the same state is stepped over
    (Follower.step_over); a divergence in what they compute (points, round winners, who acts)
    resynchronises the game: a new game at the spec's position for an engine that sets one
    (resync_position), else the spec takes the engine's score once the engine has ended the hand
    (Follower.adopted); at most `cfg.restarts` times."""
    rng = random.Random(seed)
    tally = Tally(games=1)
    out = _Game(game, emit)
    f: Follower | None = None
    try:
        f = new_follower(factory, rules, seed, cfg.call_timeout, beacon, START_LIMIT)
        out.readings = readings
        out.follow(f, cfg.profile)
        f.check_results = cfg.restarts > 0  # a wrong score resynchronises the game
        positions = sets_position(f.adapter)
        begin: Callable[[], None] | None = functools.partial(f.start, readings)
        while True:
            between_hands = False
            try:
                if begin is not None:  # the first deal is checked too: it may diverge
                    started, begin = begin, None
                    started()
                while not f.over:
                    legal = f.legal()
                    if rng.random() < cfg.probe_rate:
                        candidates = f.illegal_candidates()
                        if candidates:
                            tally.exercised[f.probe(rng.choice(candidates))] += 1
                            tally.refusals += 1
                    f.play(random_move(rng, legal))
                break
            except Divergence as d:
                out.send(finding_of(game, d, f), f)
            except ResultDiffers:  # the record monitor names the clause, below
                between_hands = True
            more = out.segment < cfg.restarts
            if not positions:  # the spec takes the engine's score after the hand, where it can
                if not between_hands:
                    f.finish_hand_alone()
                g = f.adopted() if more else None
                if g is None:
                    if between_hands:  # past the first partida: no position to take, now or later
                        begin, f.check_results = f.next_hand, False  # the check goes on where it stopped
                        continue
                    f.finish_alone(rng)  # the engine alone to its match's end: its record shows what follows
                    break
                out.record(f, tally, in_progress=True)
                _count(tally, f)
                f = g
                f.check_results = out.segment + 1 < cfg.restarts  # after the last one: as without them
                out.restart()
                out.follow(f, cfg.profile)
                begin = f.next_hand
                continue
            at = resync_position(f, rng) if more else None
            if at is None:
                if between_hands:  # past the first partida: no position to restart at, now or later
                    begin, f.check_results = f.next_hand, False  # the check goes on where it stopped
                    continue
                f.finish_alone(rng)  # the engine alone to its match's end: its record shows what follows
                break
            if not between_hands:  # the hand it diverged in, ended alone: its record shows how it decided it
                f.finish_hand_alone()
            out.record(f, tally, in_progress=True)
            _count(tally, f)
            f = restarted(f, at, zlib.crc32(f"{seed}/{out.segment + 1}".encode()))
            f.check_results = out.segment + 1 < cfg.restarts  # after the last restart: as without them
            begin = functools.partial(f.start, readings, scores=at[0], dealer=at[1])
            out.restart()
            out.follow(f, cfg.profile)
        out.record(f, tally)
    except EngineFault as exc:
        out.send(finding_of(game, exc, f), f)
    finally:
        out.close()
        _count(tally, f)
    return tally


def random_move(rng: random.Random, legal: Sequence[str]) -> str:
    """A random game's next move: uniform among the legal ones, except that where the mazo is
    legal (ARG-9, URU-10) it is taken now and then (MAZO_RATE), so that random hands still reach
    their later rounds; a ruleset without the mazo draws exactly as uniform choice does."""
    if "mazo" in legal and len(legal) > 1:
        if rng.random() < MAZO_RATE:
            return "mazo"
        return rng.choice([a for a in legal if a != "mazo"])
    return rng.choice(legal)


def resync_position(f: Follower, rng: random.Random) -> tuple[list[int], int, int] | None:
    """After a divergence: the spec plays the hand it is in to its end with its own legal actions
    (drawn by `rng`), and gives the position after it (the scores, the seat that deals next, the
    hands played), or None where a new game cannot start there: the engine sets no position, the
    match is over, or it is past its first partida (a position is the first partida's points)."""
    match, hand = f.match, f.hand
    if not sets_position(f.adapter) or match.over:
        return None
    if hand is not None and not hand.over:
        for _ in range(MAX_STEPS):
            hand.apply(hand.to_act(), rng.choice(sorted(legal_actions(hand))))  # type: ignore[arg-type]
            if hand.over:
                break
        assert hand.outcome is not None
        match.end_hand(hand.kind, hand.outcome, hand.score)
    if match.over or match.partida != 1 or match.partidas:
        return None
    dealer = (match.starter - 1) % f.rules.players  # Match.at: the starter sits after the dealer
    return list(match.score), dealer, f.hands_before + match.number


def restarted(f: Follower, at: tuple[list[int], int, int], seed: int) -> Follower:
    """A new follower of the same engine for a new game at the position `at` (resync_position),
    with its own trace: the reproduction of what it finds starts at that position."""
    g = Follower(f.adapter, f.rules, seed, f.timeout, f.beacon)
    g.hands_before = at[2]
    g.steps = g.steps_before = f.steps  # the game's step count goes on (a hang is reported at its step)
    return g



def _count(tally: Tally, f: Follower | None) -> None:
    """What a followed game adds to its tally: its steps, its view checks and their clauses (once
    for each follower: a restarted game has one per segment)."""
    if f is not None and not f.counted:
        f.counted = True
        tally.steps += f.steps - f.steps_before
        tally.views += f.views_checked
        tally.exercised.update(f.exercised)


def play_situation(factory: Factory, sit: Situation, game: int, cfg: Settings, beacon: Beacon,
                   emit: Callable[[str, Any], None], without: tuple[str, ...] = (),
                   engine_readings: Mapping[str, str] | None = None) -> Tally:
    """One situation: the engine started from its position, every step of its prefix checked (with
    the situation's probes of forbidden actions), then its record. A situation the engine cannot be
    started from (no stacked deals, no set position, a reading it does not play) is not reached:
    counted and said, never a violation."""
    rules = Rules.of(sit.ruleset, sit.readings, without=without)
    tally = Tally(situations=1)
    out = _Game(game, emit)
    f: Follower | None = None
    try:
        f = new_follower(factory, rules, situation_seed(sit), cfg.call_timeout, beacon, START_LIMIT)
        out.readings = sit.readings
        out.told = frozenset(sit.readings) if engine_readings is None else frozenset()
        out.follow(f, cfg.profile)
        try:
            try:
                sit = _start_situation(f, sit, tally, engine_readings)
            except EngineFault as exc:
                if sit.readings and exc.category.startswith("new_game"):
                    # its answer alone: what it wrote to stderr explains a fault, not a reading it lacks
                    why = f"the engine does not play {_readings_text(sit.readings)}: {exc.answer}"
                    tally.unreached.append((sit.id, why))
                    return tally
                raise
            for k, action in enumerate(sit.prefix):
                legal = f.legal()
                assert f.hand is not None
                for probe in situation_probes(f.hand, k):
                    tally.exercised[f.probe(probe)] += 1
                    tally.refusals += 1
                if action not in f.spec_legal():  # the spec and the catalogue disagree: it is stale
                    raise CannotReach(f"{action!r} is not legal in the spec at step {k + 1}: the catalogue "
                                      "is older than the spec (truco situations --write)")
                if action not in legal:  # the engine lacks it: told (stepped over), and the rest not reached
                    raise CannotReach(f"the engine does not offer {action!r} at step {k + 1}")
                f.play(action)
            if not f.over:
                f.legal()
        except Divergence as d:
            out.send(finding_of(game, d, f), f)
            if f.hand is not None:
                f.finish_hand_alone()  # the record then shows how the engine decided that hand (its cause)
        out.record(f, tally, in_progress=True)
    except CannotReach as exc:
        tally.unreached.append((sit.id, str(exc)))
    except EngineFault as exc:
        out.send(finding_of(game, exc, f), f)
    finally:
        out.close()
        _count(tally, f)
        tally.by_situations.update(tally.exercised)
    return tally


def _start_situation(f: Follower, sit: Situation, tally: Tally,
                     engine_readings: Mapping[str, str] | None = None) -> Situation:
    """new_game at the situation's position; for an engine that sets no position, from the start of a
    match with lead-in hands where a way there is found (the situation then returned has them).
    `engine_readings`: what the engine is told (the situation's readings unless given)."""
    told = sit.readings if engine_readings is None else engine_readings
    try:
        f.start(told, deals=sit.deals, scores=sit.scores, dealer=sit.dealer, need_deals=True)
        return sit
    except CannotReach as exc:
        if not sit.needs_position or not stacks_deals(f.adapter):
            raise
        led = lead_in(sit)
        if led is None:
            raise CannotReach(f"{exc}, and no way there from the start of a match was found (some "
                              "positions are never reached: an odd score where every value is even)"
                              ) from None
    tally.led_in += 1
    f.start(led.readings if engine_readings is None else engine_readings, deals=led.deals, need_deals=True)
    return led


def _readings_text(readings: Mapping[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(readings.items()))


def situation_seed(sit: Situation) -> int:
    """The seed an engine gets for a situation: later hands than the stacked ones come from it."""
    return zlib.crc32(sit.id.encode("utf-8"))


def run_programs(factory: Factory, rules: Rules, readings: Mapping[str, str], game: int, cfg: Settings,
                 beacon: Beacon, emit: Callable[[str, Any], None]) -> Tally:
    """Hypothesis programs of legal and forbidden actions. Hypothesis finds a failing program, and
    delta debugging (truco_rules.spec.monitor.script) shrinks it within a budget of steps: Hypothesis' own
    shrinker, bounded by time, took minutes on whole matches and gave different results on a
    slower machine."""
    tally = Tally()
    if cfg.programs <= 0:
        return tally
    from hypothesis import HealthCheck, Phase, given, seed, settings
    from hypothesis import strategies as st

    last: dict[str, Follower] = {}
    # The differences the programs stepped over: the first of each, with the program's trace then.
    stepped: dict[tuple[str, str], tuple[Finding, Trace]] = {}

    def step_over(f: Follower, d: Divergence) -> None:
        if (d.clause, d.cause) not in stepped:
            stepped[(d.clause, d.cause)] = (finding_of(game, d, f, stepped=True),
                                            Trace.from_dict(f.trace.to_dict()))

    @seed(cfg.seed)
    @settings(max_examples=cfg.programs, database=None, deadline=None, derandomize=False,
              phases=[Phase.explicit, Phase.generate], report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.integers(0, 2**31 - 1), st.data())
    def program(game_seed: int, data: Any) -> None:
        tally.programs += 1
        f = last["f"] = new_follower(factory, rules, game_seed, cfg.call_timeout, beacon, START_LIMIT)
        f.step_over = functools.partial(step_over, f)
        # A wrong score ends the program at the hand it is in (its record names the clause, below):
        # what the engine then offers at another score is no difference of its own.
        f.check_results = True
        f.start(readings)
        try:
            for _ in range(PROGRAM_STEPS):
                if f.over:
                    break
                legal = f.legal()
                if data.draw(st.integers(0, 3), label="kind") == 0:
                    candidates = f.illegal_candidates()
                    if candidates:
                        action = data.draw(st.sampled_from(candidates), label="forbidden")
                        tally.exercised[f.probe(action)] += 1
                        tally.refusals += 1
                        continue
                f.play(data.draw(st.sampled_from(legal), label="action"))
        except ResultDiffers:
            pass
        record = f.engine_record()
        found = check_record(record, ruleset=rules.ruleset, exercised=tally.exercised, in_progress=not f.over)
        if found:
            first = record_finding(found[0], record)
            raise Divergence(first.violation.clause, "the record breaks a rule: " + str(found[0]),
                             first.category, cause=first.cause)

    out = _Game(game, emit)
    try:
        program()
    except (Divergence, EngineFault) as exc:  # Hypothesis ran the failing program last
        f = last.get("f")
        if f is None or isinstance(exc, EngineFault):
            _send_stepped(out, stepped, factory, cfg, beacon)
            out.send(finding_of(game, exc, f, "Hypothesis program: "), f)
            return tally
        # The program stopped at the first step that diverged; its record may show an earlier cause.
        rerun = run_script(factory, f.trace, cfg.call_timeout, beacon, game)
        head = next((c for c in causes(rerun.findings) if not c.stepped), None)
        key = head.key if head is not None else finding_of(game, exc, f).key
        trace, outcome = shrink(factory, f.trace, key, cfg.call_timeout, beacon, PROGRAM_SHRINK_BUDGET)
        first = cause_of(outcome, key) or finding_of(game, exc, f)
        v = first.violation
        shrunk = Violation(game, v.clause, f"Hypothesis program (shrunk to {len(trace.steps)} steps): "
                           f"{v.requires}", v.says, "program", v.hand, v.action)
        _send_stepped(out, stepped, factory, cfg, beacon)
        out.send(Finding(shrunk, first.category, first.position, first.cause), None, trace)
        return tally
    _send_stepped(out, stepped, factory, cfg, beacon)
    return tally


def _send_stepped(out: _Game, stepped: Mapping[tuple[str, str], tuple[Finding, Trace]], factory: Factory,
                  cfg: Settings, beacon: Beacon) -> None:
    """The differences the programs stepped over, each shrunk, each in a part of its own (each was
    found in its own program), then a part for what comes next."""
    for finding, found_in in stepped.values():
        trace, outcome = shrink(factory, found_in, finding.key, cfg.call_timeout, beacon,
                                PROGRAM_SHRINK_BUDGET // len(stepped))
        first = cause_of(outcome, finding.key) or finding
        v = first.violation
        said = f"Hypothesis program (shrunk to {len(trace.steps)} steps): {v.requires}"
        out.send(dataclasses.replace(first, violation=dataclasses.replace(
            v, game=out.game, requires=said, field="program")), None, trace)
        out.restart()


def run_job(job: Job, context: tuple[Factory, Settings], beacon: Beacon,
            emit: Callable[[str, Any], None]) -> Tally:
    """The work of a worker (truco_rules.spec.monitor.supervise): one job, its findings sent by `emit`."""
    factory, cfg = context
    rules = Rules.of(job.ruleset, job.readings, without=job.without)
    beacon.at(job.index, job.game)
    if job.kind == GAME:
        return play_random_game(factory, rules, job.readings, job.seed, job.game, cfg, beacon, emit)
    if job.kind == SITUATION:
        assert job.situation is not None
        told = job.readings if cfg.as_played else None  # truco profile: the engine plays its own
        return play_situation(factory, job.situation, job.game, cfg, beacon, emit, job.without, told)
    return run_programs(factory, rules, job.readings, job.game, cfg, beacon, emit)


# --- the whole check, in the parent --------------------------------------------------------------
def plan(rulesets: Sequence[str], readings: Mapping[str, Mapping[str, str]], cfg: Settings,
         without: Mapping[str, Sequence[str]] | None = None) -> list[Job]:
    """The jobs of a check, in report order: per ruleset its situations, its games, then its programs.
    `without`: per ruleset, the optional features the engine declared it does not play (the
    situations that need one are left out)."""
    jobs: list[Job] = []
    game = 0
    # The situations are numbered after every random game and program, so that game N is the same
    # game with or without them (a report's "game 179" stays game 179).
    situation_game = (cfg.games + 1) * len(rulesets)
    for name in rulesets:
        left = tuple(sorted((without or {}).get(name, ())))
        if cfg.situations:
            for sit in situations_for(name, readings.get(name, {})):
                if left and needs_feature(sit, left):
                    continue
                told = readings.get(name, {}) if cfg.as_played else sit.readings
                jobs.append(Job(len(jobs), SITUATION, name, dict(told), situation_game, 0, sit, left))
                situation_game += 1
        for i in range(cfg.games):
            jobs.append(Job(len(jobs), GAME, name, dict(readings.get(name, {})), game, cfg.seed + i, None,
                            left))
            game += 1
        if cfg.programs > 0:
            jobs.append(Job(len(jobs), PROGRAMS, name, dict(readings.get(name, {})), game, cfg.seed, None,
                            left))
        game += 1
    return jobs


def needs_feature(sit: Situation, features: Sequence[str]) -> bool:
    """Whether a situation plays one of the optional `features` (an action of it in its prefix, or
    its clause the feature's): left out for an engine that declares it does not play it."""
    verbs = {v for f in features for v in FEATURE_VERBS.get(f, ())}
    keys = {k for f in features for k in NEEDED_READINGS.get(f, ())}
    return bool(keys & set(sit.readings)) or any(a.split(" ", 1)[0] in verbs for a in sit.prefix)


def lost_job(job: Job, event: Event, segment: int = 0) -> tuple[Finding, Tally]:
    """The finding for a job whose worker was killed (a hang) or died, from where its beacon was."""
    where = event.data
    call = where.get("call") or "the engine"
    if event.kind == "hang":
        what = f"{call}() did not return within {where['limit']:g} s (stopped after {where['seconds']:g} s)"
        category = f"fault: {call}: timeout"
    else:
        what = f"the engine ended the checker's worker process (exit code {where['exitcode']}) in {call}()"
        category = f"fault: {call}: died"
    if job.kind == PROGRAMS:
        what = "Hypothesis program: " + what
    v = Violation(job.game, ENGINE, what, field=f"step {where['step']}")
    # In the segment the job was in when it was lost (its last finding's): after the cause there.
    return Finding(v, category, (10**8, 0), segment=segment), Tally(games=1 if job.kind == GAME else 0)


def check_engine(factory: Factory, rulesets: list[str], readings: Mapping[str, str], cfg: Settings,
                 progress: Callable[[str, int], None] | None = None, jobs: int = 1,
                 per_ruleset: Mapping[str, Mapping[str, str]] | None = None,
                 without: Mapping[str, Sequence[str]] | None = None) -> Report:
    """Check an engine on each ruleset: `cfg.games` random games, then `cfg.programs` programs.

    `factory` must be picklable (a module-level callable): the games run in `jobs` worker
    processes. `readings` apply to every ruleset, or `per_ruleset` gives each its own.
    `without`: per ruleset, the optional features the engine declared it does not play: it is
    checked exactly as on the ruleset without them.
    `progress(ruleset, games_done)` is called after each game (for a progress bar)."""
    by_ruleset = per_ruleset if per_ruleset is not None else {name: readings for name in rulesets}
    work = plan(rulesets, by_ruleset, cfg, without)
    report = Report(ran_situations=cfg.situations)
    report.without = {name: sorted(feats) for name, feats in (without or {}).items() if feats}
    for job in work:  # the rulesets in job order, whatever the order the jobs end in
        report.per_ruleset.setdefault(job.ruleset, Counter())
        report.readings.setdefault(job.ruleset, dict(by_ruleset.get(job.ruleset, {})))
    unreached: dict[int, list[tuple[str, str]]] = {}
    found: Found = {}
    traces: Traces = {}
    profiles: dict[int, list[tuple[str, dict[str, Any]]]] = {}  # job -> its parts' profile data
    first_of: dict[tuple[str, ...], tuple[Unit, int]] = {}  # cause -> (unit, job) that keeps a trace
    done: Counter[str] = Counter()
    for event in Supervisor(run_job, (factory, cfg), jobs).run(work):
        job = work[event.index]
        if event.kind == "finding":
            data, trace = event.data
            finding = Finding.from_dict(data)
            found.setdefault(event.index, []).append(finding)
            if trace is not None:
                traces.setdefault(event.index, {})[(finding.violation.game, finding.segment)] = trace
            continue
        if event.kind == "trace":
            game, segment, trace = event.data
            traces.setdefault(event.index, {})[(game, segment)] = trace
            continue
        if event.kind == "profile":
            profiles.setdefault(event.index, []).append(event.data)
            continue
        if event.kind == "done":
            tally = event.data
        else:  # hang or died
            finding, tally = lost_job(job, event, max((f.segment for f in found.get(event.index, [])),
                                                      default=0))
            found.setdefault(event.index, []).append(finding)
        _keep_first_traces(found, traces, event.index, first_of)
        left = report.count(job.ruleset, tally)
        if left:
            unreached[event.index] = left
        if job.kind in (GAME, SITUATION):
            done[job.ruleset] += 1
            if progress is not None:
                progress(job.ruleset, done[job.ruleset])
    for job in work:  # job order: the same report whatever the number of workers
        report.unreached += unreached.get(job.index, [])
        if job.situation is not None:
            report.situations_of.setdefault(job.ruleset, []).append(job.situation)
            report.situation_games[job.game] = job.situation.id
        if job.kind == PROGRAMS:
            report.program_games.add(job.game)
        # Earliest first within the game, as its groups are: the step that diverged is found
        # before the record is judged, but a wrong result of an earlier hand is the cause.
        for finding in sorted(found.get(job.index, []), key=lambda f: f.order):
            report.found(finding)
        for unit, trace in sorted(traces.get(job.index, {}).items()):
            report.traces.setdefault(unit, trace)
        for ruleset, data in profiles.get(job.index, []):  # in job order: the same for any number of workers
            report.profile.add(ruleset, data)
    return report

