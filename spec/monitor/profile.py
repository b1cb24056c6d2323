"""Which rules an engine plays (`truco profile`, and the profile section of every check report).

The engine's own games are played again, on the spec alone, under every reading of each register
entry: what the engine did in them (its seat and legal actions at each step, the actions taken,
the probes it refused, the result of each hand in its record: the event log a Follower keeps,
truco_rules.spec.monitor.follow) is compared with what the spec does under each reading. Only
what the readings of an entry disagree on is evidence about that entry (the points where they
all agree say nothing of it: an engine wrong there is wrong under every reading, a bug the check
reports); at each such point the readings the engine does not match are ruled out. An entry the
engine's games never brought to such a point is not reached. Where every reading is ruled out at
one point, no reading explains what the engine did: a bug, named by its clause.

Playing every reading of every entry along every game would cost a whole replay per reading. A
reading can only change the game where the spec consults it: the base replay (the readings the
game was checked under) records which register keys each hand consults, and an entry is played
under its other readings only from the hand where it was first consulted (forked there, the hand
replayed from its start), and dropped again at the end of a hand where every reading left the
match in the same state. An entry whose readings change the ruleset's data (its `sets`) is
played from the start.

Optional features: the legal actions the engine offered beside the spec's, per verb, tell an
optional rule it leaves out (the mazo never offered where the rules allow it) or adds.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.procedure.match import Match
from truco_rules.spec.rules.rounds import TIE
from truco_rules.spec.rules.ruleset import FEATURE_VERBS, OPTIONAL_FEATURES
from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions

Event = tuple[Any, ...]


class _Watched(dict[str, str]):
    """A reading map that remembers which keys were asked for (Rules.reading is its `get`)."""

    asked: set[str]

    def __init__(self, readings: Mapping[str, str]) -> None:
        super().__init__(readings)
        self.asked = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.asked.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> str:
        self.asked.add(key)
        return super().__getitem__(key)


@functools.lru_cache(maxsize=64)
def entries_of(ruleset: str) -> tuple[tuple[str, tuple[str, ...], bool], ...]:
    """The register entries of a ruleset: (key, its readings, whether a reading changes the file's
    data)."""
    cat = load_catalogue()
    data = cat.ruleset(ruleset).file.data["readings"]
    return tuple((a.key, tuple(r.name for r in a.readings), bool((data.get(a.key) or {}).get("sets")))
                 for a in cat.ambiguities_of(ruleset))


@dataclass
class _Spec:
    """One reading's replay: its match and hand, and the actions of the hand so far."""

    rules: Rules
    match: Match
    hand: Hand | None = None
    plays: int = 0
    before: list[int] = field(default_factory=lambda: [0, 0])  # the partida's score before the hand

    def deal(self, hands: Sequence[Sequence[str]], muestra: str | None) -> None:
        self.before = list(self.match.score)
        self.hand = self.match.new_hand(tuple(tuple(h) for h in hands), muestra)
        self.plays = 0

    @property
    def asked(self) -> set[str]:
        """The register keys its rules were asked for (its rules' readings are a _Watched map)."""
        readings = self.rules.readings
        return readings.asked if isinstance(readings, _Watched) else set()

    def same_as(self, other: _Spec) -> bool:
        """The same match and hand state (under other rules, maybe)."""
        if self.hand is None or other.hand is None:
            return self.hand is other.hand and self.state() == other.state()
        return self.state() == other.state() and self.hand.key() == other.hand.key()

    def facts(self) -> tuple[int | None, frozenset[str]]:
        """Its seat to act and its legal actions (None, nothing: its hand or match is over)."""
        hand = self.hand
        if hand is None or hand.over or self.match.over:
            return None, frozenset()
        return hand.to_act(), frozenset(legal_actions(hand))

    def play(self, action: str) -> bool:
        """Apply an action; False when this reading does not allow it."""
        hand = self.hand
        if hand is None or hand.over:
            return False
        try:
            hand.apply(hand.to_act(), action)  # type: ignore[arg-type]
        except Illegal:
            return False
        self.plays += 1
        if hand.over:
            assert hand.outcome is not None
            self.match.end_hand(hand.kind, hand.outcome, hand.score)
        return True

    def allows(self, action: str) -> bool:
        hand = self.hand
        if hand is None or hand.over or self.match.over:
            return False
        try:
            hand.apply(hand.to_act(), action, dry_run=True)  # type: ignore[arg-type]
        except Illegal:
            return False
        return True

    def result(self) -> dict[str, Any]:
        """What its hand scored, once over (the fields a record's result has, the score as a change)."""
        hand = self.hand
        if hand is None or not hand.over or hand.outcome is None:
            return {"over": False}
        o = hand.outcome
        return {"over": True, "rounds": tuple("tie" if x == TIE else x for x in hand.rounds),
                "winner": o.winner, "points": o.points,
                "side_points": tuple((c, s, p) for c, s, p, _ in o.side_points),
                "change": tuple(a - b for a, b in zip(self.match.hand_score, self.before, strict=True))}

    def state(self) -> tuple[Any, ...]:
        m = self.match
        return (tuple(m.score), m.partida, tuple(m.partidas), m.number, m.starter, m.winner)


def _match_at(rules: Rules, start: Event) -> Match:
    _, score, number, starter = start
    return Match(rules, list(score), number=number, starter=starter, hand_score=list(score))


@dataclass
class Verdict:
    """What one part of a game shows of one register entry."""

    contested: int = 0  # points where its readings disagreed
    alive: set[str] = field(default_factory=set)  # readings the engine matched at every one of them
    ruled_out: dict[str, dict[str, Any]] = field(default_factory=dict)  # reading -> where, first
    none: dict[str, Any] | None = None  # where no reading matched what the engine did

    def to_dict(self) -> dict[str, Any]:
        return {"contested": self.contested, "alive": sorted(self.alive), "ruled_out": self.ruled_out,
                "none": self.none}


class _Entry:
    """One entry played under each of its readings (forked from the base replay)."""

    def __init__(self, key: str, readings: Sequence[str], verdict: Verdict) -> None:
        self.key, self.readings, self.verdict = key, readings, verdict
        self.specs: dict[str, _Spec] = {}

    @property
    def done(self) -> bool:
        v = self.verdict
        return v.none is not None or (v.contested > 0 and len(v.alive) <= 1)

    def rule_out(self, matched: Mapping[str, bool], where: dict[str, Any]) -> None:
        v = self.verdict
        v.contested += 1
        for r, ok in matched.items():
            if not ok and r in v.alive:
                v.alive.discard(r)
                v.ruled_out.setdefault(r, where)
                self.specs.pop(r, None)
        if not v.alive:
            v.none = where

    # --- the events ---------------------------------------------------------------------------
    def legal(self, seat: int | None, offered: frozenset[str], where: dict[str, Any],
              ignored: frozenset[str] = frozenset()) -> None:
        """The seat to act and the legal actions, where the readings disagree on them. `ignored`:
        verbs the engine leaves out (or adds) wherever they are (an optional rule, not a reading)."""
        specs = list(self.specs.values())
        if len(specs) < 2:
            return
        if all(s.same_as(specs[0]) for s in specs[1:]):  # one state: only the entry can tell them apart
            asked = specs[0].asked
            asked.clear()
            specs[0].facts()
            if self.key not in asked:
                return
        facts = {r: _without_verbs(s.facts(), ignored) for r, s in self.specs.items()}
        if len(set(facts.values())) <= 1:
            return
        offered = _without_verbs((seat, offered), ignored)[1]
        seats = {f[0] for f in facts.values()}
        sets = [f[1] for f in facts.values()]
        differ = frozenset().union(*sets) - frozenset.intersection(*sets)
        matched = {r: (len(seats) == 1 or f[0] == seat) and (offered & differ) == (f[1] & differ)
                   for r, f in facts.items()}
        what = "who acts" if len(seats) > 1 else "the legal actions"
        told = {r: (f"seat {f[0]}" if len(seats) > 1 else sorted(f[1] & differ)) for r, f in facts.items()}
        engine = f"seat {seat}" if len(seats) > 1 else sorted(offered & differ)
        self.rule_out(matched, {**where, "what": what, "engine": engine, "readings": told})

    def probe(self, action: str, accepted: bool, where: dict[str, Any]) -> None:
        allowed = {r: s.allows(action) for r, s in self.specs.items()}
        if len(set(allowed.values())) <= 1:
            return
        self.rule_out({r: a == accepted for r, a in allowed.items()},
                      {**where, "what": f"whether {action!r} is allowed", "engine": accepted,
                       "readings": allowed})

    def play(self, action: str, engine: dict[str, Any] | None, where: dict[str, Any]) -> None:
        for r, s in list(self.specs.items()):
            if not s.play(action):  # an action this reading forbids: told at the legal actions before
                self.rule_out({r: False}, {**where, "what": f"whether {action!r} is allowed",
                                           "engine": True, "readings": {r: False}})
        results = {r: s.result() for r, s in self.specs.items()}
        keys = ("over", "rounds", "winner", "points", "side_points", "change")
        contested = [k for k in keys if len({_hashable(res.get(k)) for res in results.values()}) > 1]
        if not contested or len(self.specs) < 2:
            return
        mine = engine or {"over": None}
        overs = {res.get("over") for res in results.values()}
        if "over" not in contested and mine.get("over") not in overs:
            return  # the engine ends the hand elsewhere under every reading: not this entry's doing
        # The first kind of fact they disagree on decides: whether the hand is over, else what its
        # rounds, winner and points are, else the score (a sum of those, and of the side points).
        if "over" in contested:
            fields = {"over"}
        elif contested != ["change"]:
            fields = set(contested) - {"change"}
        else:
            fields = {"change"}
        matched = {r: all(_hashable(res.get(k)) == _hashable(mine.get(k)) for k in fields)
                   for r, res in results.items()}
        shown = sorted(fields, key=keys.index)
        self.rule_out(matched, {**where, "what": "the hand's " + ", ".join(shown),
                                "engine": {k: _plain(mine.get(k)) for k in shown},
                                "readings": {r: {k: _plain(res.get(k)) for k in shown}
                                             for r, res in results.items()}})

    def same_state(self) -> bool:
        """Every reading left the match in one state between two hands: nothing tells them apart
        any more until the entry is consulted again."""
        states = {s.state() for s in self.specs.values()}
        return len(states) <= 1 and all(s.hand is None or s.hand.over for s in self.specs.values())


def _without_verbs(facts: tuple[int | None, frozenset[str]], verbs: frozenset[str]
                   ) -> tuple[int | None, frozenset[str]]:
    if not verbs:
        return facts
    return facts[0], frozenset(a for a in facts[1] if a.split(" ", 1)[0] not in verbs)


def _hashable(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _engine_result(record: Mapping[str, Any], number: int, plays: int, before: Sequence[int],
                   partida: int) -> dict[str, Any] | None:
    """The engine's result of hand `number` once it has `plays` actions, else {"over": False}."""
    hands = record.get("hands")
    if not isinstance(hands, list) or not 0 < number <= len(hands) or not isinstance(hands[number - 1], dict):
        return {"over": False}
    hand = hands[number - 1]
    actions, res = hand.get("actions"), hand.get("result")
    if not isinstance(actions, list) or len(actions) != plays or not isinstance(res, dict):
        return {"over": False}
    score = res.get("score")
    same = hand.get("partida") == partida
    change = (tuple(a - (b if same else 0) for a, b in zip(score, before, strict=False))
              if isinstance(score, list) and len(score) == 2 and all(type(x) is int for x in score) else None)
    side = res.get("side_points")
    return {"over": True, "rounds": tuple(res.get("rounds") or ()), "winner": res.get("winner"),
            "points": res.get("points"),
            "side_points": tuple((x.get("contest"), x.get("side"), x.get("points")) for x in side
                                 if isinstance(x, dict)) if isinstance(side, list) else (),
            "change": change}


def judge(ruleset: str, readings: Mapping[str, str], without: Iterable[str], log: Sequence[Event],
          record: Mapping[str, Any], where: Mapping[str, Any] | None = None) -> dict[str, Verdict]:
    """The verdict of each register entry of `ruleset` that one part of a game brought to a point
    where its readings disagree (the others are not in the result). `readings`: those the part was
    checked under (every entry's other readings are played with them); `log`: the follower's
    events; `record`: the engine's record (its hands numbered as the log's deals)."""
    without = tuple(sorted(without))
    cat_readings = load_catalogue().readings(ruleset, readings)
    base_rules = Rules.of(ruleset, readings, without=without)
    entries = {key: (names, sets) for key, names, sets in entries_of(ruleset)}
    verdicts: dict[str, Verdict] = {}
    active: dict[str, _Entry] = {}
    done: set[str] = set()
    base: _Spec | None = None
    hand_start: Match | None = None  # the base match before the current hand's deal
    hand_events: list[Event] = []  # the current hand's events so far (its deal first)
    watched = _Watched(cat_readings)
    record_before = [0, 0]
    record_partida = 1
    at = dict(where or {})
    ignored = _everywhere(log)

    def fork(key: str) -> None:
        if key in done or key in active or base is None:
            return
        names, _ = entries[key]
        v = verdicts.setdefault(key, Verdict(alive=set(names)))
        entry = _Entry(key, names, v)
        for r in sorted(v.alive):
            plain = Rules.of(ruleset, {**readings, key: r}, without=without)
            rules = Rules(ruleset, _Watched(plain.readings), plain.data, plain.edition, plain.without)
            source = hand_start if hand_start is not None else base.match
            m = source.copy()
            m.rules = rules
            spec = _Spec(rules, m)
            ok = True
            for ev in hand_events:
                if ev[0] == "deal":
                    spec.deal(ev[2], ev[3])
                elif ev[0] == "play":
                    ok = ok and spec.play(ev[1])
            if ok:
                entry.specs[r] = spec
            else:  # cannot be: the hand did not consult the entry before (kept out all the same)
                v.alive.discard(r)
        active[key] = entry

    def settle(key: str) -> None:
        entry = active[key]
        if entry.done:
            done.add(key)
            del active[key]

    def consulted() -> list[str]:
        asked = [k for k in watched.asked if k in entries and k not in done and k not in active]
        return sorted(asked)

    for ev in log:
        kind = ev[0]
        if kind == "start":
            watched = _Watched(cat_readings)
            rules = Rules(ruleset, watched, base_rules.data, base_rules.edition, base_rules.without)
            base = _Spec(rules, _match_at(rules, ev))
            record_before, record_partida = list(ev[1]), 1
            active.clear()
            hand_start, hand_events = None, []
            for key, (_, sets) in entries.items():
                if sets:
                    fork(key)
            continue
        if base is None:
            continue
        if kind == "deal":
            # A fresh watched map each hand: the values the spec caches per Rules are asked again.
            watched = _Watched(cat_readings)
            base.match.rules = Rules(ruleset, watched, base_rules.data, base_rules.edition,
                                     base_rules.without)
            hand_start = base.match.copy()
            hand_events = [ev]
            base.deal(ev[2], ev[3])
            at["hand"] = ev[1]
            for entry in active.values():
                for s in entry.specs.values():
                    s.deal(ev[2], ev[3])
            for key in consulted():
                fork(key)
            continue
        if kind == "legal":
            _, seat, offered, _ = ev
            if base.hand is not None and not base.hand.over:
                legal_actions(base.hand)  # what it consults
            for key in consulted():
                fork(key)
            for key in list(active):
                active[key].legal(seat, frozenset(offered), dict(at), ignored)
                settle(key)
            continue
        if kind == "probe":
            _, action, accepted = ev
            base.allows(action)
            for key in consulted():
                fork(key)
            for key in list(active):
                active[key].probe(action, accepted, dict(at))
                settle(key)
            continue
        if kind == "play":
            number = base.match.number
            base.play(ev[1])
            for key in consulted():
                fork(key)  # replayed to this action, which it then takes below
            hand_events.append(ev)
            plays = base.plays
            engine = _engine_result(record, number, plays, record_before, record_partida)
            for key in list(active):
                active[key].play(ev[1], engine, dict(at))
                settle(key)
            if engine is not None and engine.get("over"):
                hands = record.get("hands") or []
                res = hands[number - 1].get("result") or {}
                if isinstance(res.get("score"), list):
                    record_before = list(res["score"])
                record_partida = hands[number - 1].get("partida", record_partida)
            if base.hand is not None and base.hand.over:
                for key in list(active):
                    if active[key].same_state():
                        del active[key]  # not done: a later hand may consult it again
    return {k: v for k, v in verdicts.items() if v.contested}


def _everywhere(log: Sequence[Event]) -> frozenset[str]:
    """The verbs the engine leaves out wherever the spec allows them, or offers where the spec
    never does, in this part of the game: an optional rule it does not play (or adds), which no
    reading of another entry explains."""
    lacks: Counter[str] = Counter()
    both: Counter[str] = Counter()
    spec_has: Counter[str] = Counter()
    extra: Counter[str] = Counter()
    for ev in log:
        if ev[0] != "legal":
            continue
        engine = {a.split(" ", 1)[0] for a in ev[2]}
        spec = {a.split(" ", 1)[0] for a in ev[3]}
        for v in spec:
            spec_has[v] += 1
            both[v] += v in engine
            lacks[v] += v not in engine
        for v in engine - spec:
            extra[v] += 1
    out = {v for v in lacks if lacks[v] and not both[v]} | {v for v in extra if not spec_has[v]}
    return frozenset(out)


@dataclass
class FeatureUse:
    """How often the engine offered an optional feature's actions beside the spec."""

    allowed: int = 0  # steps where the spec allows one of its actions
    both: int = 0  # of those, where the engine offers one too
    added: int = 0  # steps where the engine offers one the spec does not allow

    def to_dict(self) -> dict[str, int]:
        return {"allowed": self.allowed, "both": self.both, "added": self.added}


def feature_use(log: Sequence[Event]) -> dict[str, FeatureUse]:
    """Per optional feature, from the follower's legal events."""
    out: dict[str, FeatureUse] = {}
    for ev in log:
        if ev[0] != "legal":
            continue
        engine = {a.split(" ", 1)[0] for a in ev[2]}
        spec = {a.split(" ", 1)[0] for a in ev[3]}
        for feature in OPTIONAL_FEATURES:
            verbs = set(FEATURE_VERBS[feature])
            allowed, offered = bool(spec & verbs), bool(engine & verbs)
            if not (allowed or offered):
                continue
            use = out.setdefault(feature, FeatureUse())
            use.allowed += allowed
            use.both += allowed and offered
            use.added += bool((engine - spec) & verbs)
    return out


# --- the profile of a check: the verdicts of every part of every game, added up ---------------
@dataclass
class EntryProfile:
    """One register entry over a check: in how many parts of games it was reached, the readings
    ruled out (how often, and where first), and where no reading matched."""

    key: str
    readings: tuple[str, ...]
    reached: int = 0
    ruled_out: Counter[str] = field(default_factory=Counter)
    first_out: dict[str, dict[str, Any]] = field(default_factory=dict)
    none: int = 0
    first_none: dict[str, Any] | None = None

    @property
    def agreeing(self) -> list[str]:
        """The readings the engine's games never ruled out but where no reading matched (a bug,
        counted in `none`, which rules every reading out at once)."""
        return [r for r in self.readings if self.ruled_out[r] <= self.none] if self.reached else []

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "readings": list(self.readings), "reached": self.reached,
                "agreeing": self.agreeing, "ruled_out": dict(self.ruled_out), "first_out": self.first_out,
                "none": self.none, "first_none": self.first_none}


@dataclass
class Profile:
    """Per ruleset, what the engine's games show of each register entry and optional feature."""

    entries: dict[str, dict[str, EntryProfile]] = field(default_factory=dict)
    features: dict[str, dict[str, FeatureUse]] = field(default_factory=dict)
    parts: Counter[str] = field(default_factory=Counter)  # ruleset -> parts of games judged

    def add(self, ruleset: str, data: Mapping[str, Any]) -> None:
        """One part of a game: the `profile` event a worker sent (part_data)."""
        self.parts[ruleset] += 1
        mine = self.entries.setdefault(ruleset, {})
        names = {k: n for k, n, _ in entries_of(ruleset)}
        for key, v in data.get("entries", {}).items():
            e = mine.setdefault(key, EntryProfile(key, names.get(key, ())))
            e.reached += 1
            for r, where in v["ruled_out"].items():
                e.ruled_out[r] += 1
                e.first_out.setdefault(r, where)
            if v["none"] is not None:
                e.none += 1
                if e.first_none is None:
                    e.first_none = v["none"]
        uses = self.features.setdefault(ruleset, {})
        for feature, counts in data.get("features", {}).items():
            u = uses.setdefault(feature, FeatureUse())
            u.allowed += counts["allowed"]
            u.both += counts["both"]
            u.added += counts["added"]


def part_data(ruleset: str, readings: Mapping[str, str], without: Iterable[str], log: Sequence[Event],
              record: Mapping[str, Any], where: Mapping[str, Any]) -> dict[str, Any]:
    """What a worker sends of one part of a game: the entries it reached and the feature counts."""
    verdicts = judge(ruleset, readings, without, log, record, where)
    return {"entries": {k: v.to_dict() for k, v in verdicts.items()},
            "features": {k: u.to_dict() for k, u in feature_use(log).items()}}
