"""Whole hands, exhaustively: every legal action sequence of a hand, engine and spec compared at
every node (`truco check --exhaustive`).

One walk is one deal (a class's representative, truco_rules.spec.exhaustive.classes) at one position (the
scores before the hand), depth first from the start of the hand to its end (the hand over, or
the match over). At every node the engine's seat to act and legal actions must be the spec's
(the Follower's comparison and its diagnosis); at every leaf the hand's winner, points and the
score the engine records must be the spec's. Bounded, deterministic samples (by the order of the
walk, so the same on any machine and for any number of workers): one forbidden action in
PROBE_EVERY nodes is probed (it must be refused with nothing changed), every seat's view is
checked at one node in VIEW_EVERY, and the record monitor reads the engine's record at one leaf
in RECORD_EVERY. Probing every forbidden action at every node would multiply the walk's time by
about thirty.

Spec side: the spec's hand is a DAG, each state computed once (`SpecTree`): a state met again by
another path (a truco accepted in the first round or in the second) has its legal actions and
children already. Its key (Hand.key) is every field an action can change, so two states share
a node only when the spec cannot tell them apart. Engine side: the adapter's optional `undo()`
takes the last action back (spec/adapter.py); an engine without it is started again on the
stacked deal and the path replayed at every step back (slow, but the same checks).

Then each class's SAMPLE concrete deals (other cards of equal strength, slots shuffled) are
walked over their card plays only, at the class's first position (every sequence of
`play`/`cover` actions, the calls left out; card plays are the same at every position): an
engine that tells two cards of equal strength apart diverges there.

On a divergence the engine plays on alone to the end of its match and the record monitor reads
its record, as in a random game (truco_rules.spec.monitor.drive): the earliest finding is the cause. The
walk of that deal stops; the next one goes on. The reproduction trace is the deal, stacked,
and the path to the divergence.
"""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import NoneType
from typing import Any

from truco_rules.spec.monitor import blame
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import EngineFault, checked_record
from truco_rules.spec.monitor.exercise import hand_clauses
from truco_rules.spec.monitor.findings import AFTER_RESULT, Finding, ordered, record_finding
from truco_rules.spec.monitor.follow import CannotReach, Divergence, Follower
from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.monitor.script import finding_of, new_follower
from truco_rules.spec.monitor.trace import LEGAL, REFUSED, Step, Trace
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions

PROBE_EVERY = 97  # one node in this many has one forbidden action probed
VIEW_EVERY = 31  # one node in this many has every seat's view checked
RECORD_EVERY = 101  # one leaf in this many has the engine's record read by the record monitor
GC_SPACING = 1000  # the youngest generation's threshold during a walk: a thousand times the default
CARD_VERBS = ("play", "cover")  # what the sample deals walk: the card plays

Factory = Callable[[], Any]


def can_undo(adapter: Any) -> bool:
    """Whether the adapter offers the optional `undo()` (spec/adapter.py)."""
    declared = getattr(adapter, "can_undo", None)
    if declared is not None:
        return bool(declared)
    return callable(getattr(adapter, "undo", None))


# --- the spec's tree of one hand ------------------------------------------------------------------
class SpecNode:
    """One state of the spec's hand: who acts, the legal actions, the children met so far; at a
    leaf, the match after the hand and the clauses the hand exercised."""

    __slots__ = ("children", "clauses", "expect", "hand", "legal", "legal_set", "match", "seat", "visits")

    def __init__(self, hand: Hand, match: Match, clauses: Counter[str] | None = None) -> None:
        self.hand, self.match = hand, match
        self.children: dict[str, SpecNode] = {}
        self.clauses: Counter[str] = clauses if clauses is not None else Counter()
        self.visits = 0  # times a walk reached this leaf (its clauses are counted that many times)
        self.expect: tuple[Any, Any, list[int]] | None = None  # at a leaf: the hand's result
        if hand.over:
            assert hand.outcome is not None
            self.match = match.copy()
            self.match.end_hand(hand.kind, hand.outcome, hand.score)
            self.seat: int | None = None
            self.legal: tuple[str, ...] = ()
            if clauses is None:
                hand_clauses(hand, self.clauses)
            self.expect = (hand.outcome.winner, hand.outcome.points, list(self.match.hand_score))
        else:
            self.seat = hand.to_act()
            self.legal = tuple(sorted(legal_actions(hand)))
        self.legal_set = frozenset(self.legal)

    @property
    def leaf(self) -> bool:
        return self.hand.over


class SpecTree:
    """The spec's hand from its start, as a DAG of states each computed once."""

    def __init__(self, hand: Hand, match: Match) -> None:
        self.match = match.copy()
        self.nodes: dict[tuple[Any, ...], SpecNode] = {}
        # The clauses a finished hand exercised depend on its rounds alone (the cards played, their
        # results; the deal and the kind of hand are the tree's): many leaves share them.
        self.clauses: dict[tuple[Any, ...], Counter[str]] = {}
        self.root = self._node(hand.copy())

    def _node(self, hand: Hand) -> SpecNode:
        key = hand.key()
        node = self.nodes.get(key)
        if node is None:
            node = self.nodes[key] = SpecNode(hand, self.match, self._clauses(hand))
        return node

    def _clauses(self, hand: Hand) -> Counter[str] | None:
        if not hand.over:
            return None
        key = (tuple(hand.rounds), tuple([tuple(p) for p in hand.past]))
        found = self.clauses.get(key)
        if found is None:
            found = self.clauses[key] = Counter()
            hand_clauses(hand, found)
        return found

    def child(self, node: SpecNode, action: str) -> SpecNode:
        found = node.children.get(action)
        if found is None:
            hand = node.hand.copy()
            hand.apply(hand.to_act(), action)  # type: ignore[arg-type]
            found = node.children[action] = self._node(hand)
        return found


def _result_of(record: Any) -> tuple[Any, Any, list[Any]] | None:
    """(winner, points, score) of the one finished hand of a record of plain JSON values, or None
    for any other record. Exact types: True is not the winner 1."""
    if type(record) is not dict:
        return None
    hands = record.get("hands")
    if type(hands) is not list or len(hands) != 1 or type(hands[0]) is not dict:
        return None
    result = hands[0].get("result")
    if type(result) is not dict:
        return None
    winner, points, score = result.get("winner"), result.get("points"), result.get("score")
    if (type(winner) not in (int, NoneType) or type(points) is not int or type(score) is not list
            or not all(type(x) is int for x in score)):
        return None
    return winner, points, score


def _agrees(got: Any, node: SpecNode) -> bool:
    """Whether the engine's legal actions are the node's (a duplicate makes the set smaller than
    the list, so it disagrees, and the follower's check names it)."""
    if not isinstance(got, (list, tuple)) or len(got) != len(node.legal):
        return False
    try:
        return node.legal_set == set(got)
    except TypeError:  # unhashable items: not action texts
        return False


# --- one walk -------------------------------------------------------------------------------------
@dataclass
class WalkTally:
    """Counts of one walk job (or of a whole exhaustive check)."""

    exercised: Counter[str] = field(default_factory=Counter)
    deals: int = 0
    nodes: int = 0
    leaves: int = 0
    sample_nodes: int = 0
    refusals: int = 0
    views: int = 0
    records: int = 0
    unreached: int = 0  # walks of positions the engine cannot be started from
    replayed: bool = False  # the engine has no undo(): every step back replayed the path

    def add(self, other: WalkTally) -> None:
        self.exercised.update(other.exercised)
        self.deals += other.deals
        self.nodes += other.nodes
        self.leaves += other.leaves
        self.sample_nodes += other.sample_nodes
        self.refusals += other.refusals
        self.views += other.views
        self.records += other.records
        self.unreached += other.unreached
        self.replayed = self.replayed or other.replayed


class Stop(Exception):
    """The walk of this deal stops: `findings` (earliest first) say why."""

    def __init__(self, findings: list[Finding], trace: Trace) -> None:
        super().__init__(findings[0].violation.clause if findings else "")
        self.findings, self.trace = findings, trace


class Walk:
    """The walk of one deal at one position, engine and spec side by side."""

    def __init__(self, factory: Factory, rules: Rules, readings: Mapping[str, str], deal: Mapping[str, Any],
                 scores: Sequence[int], game: int, tally: WalkTally, call_timeout: float = 0.0,
                 beacon: Beacon | None = None, cards_only: bool = False) -> None:
        self.factory, self.rules, self.readings = factory, rules, dict(readings)
        self.deal = {"hands": [list(h) for h in deal["hands"]], "muestra": deal.get("muestra")}
        self.scores = list(scores)
        self.game, self.tally, self.timeout = game, tally, call_timeout
        self.beacon = beacon if beacon is not None else Beacon()
        self.cards_only = cards_only
        self.path: list[str] = []
        self.steps: list[Step] = []  # the path as trace steps (the follower is new after a replay)
        self.visits = 0
        self.leaf_visits = 0
        self.f = self._start()
        assert self.f.hand is not None
        self.undo = can_undo(self.f.adapter)
        self._bind()
        tally.replayed = tally.replayed or not self.undo
        self.tree = SpecTree(self.f.hand, self.f.match)

    def _start(self) -> Follower:
        f = new_follower(self.factory, self.rules, self.game, self.timeout, self.beacon)
        # A set position only where the scores are not those of a new match: an engine that sets
        # none is still walked from 0-0 (CannotReach for the others: not reached, not a violation).
        scores = list(self.scores) if any(self.scores) else None
        f.start(self.readings, deals=[self.deal], scores=scores, need_deals=True)
        return f

    def _bind(self) -> None:
        adapter = self.f.adapter
        self._methods: dict[str, Callable[[], Any]] = {"to_act": adapter.to_act,
                                                       "legal_actions": adapter.legal_actions,
                                                       "record": adapter.record}
        self._engine_apply: Callable[[str], Any] = adapter.apply

    # --- the engine, back one step -----------------------------------------------------------------
    def back(self) -> None:
        self.path.pop()
        if self.undo:
            self.f.safe("undo")
            return
        # No undo: a new game on the stacked deal, the path played again (each action checked).
        spec_match, spec_hand = self.f.match, self.f.hand
        self.f = self._start()
        for action in self.path:
            refusal = self.f.attempt(action)
            if refusal is not None:
                raise EngineFault(f"apply({action!r}) refused an action it took before: {refusal.reason}",
                                  "apply: refused a listed action")
        self.f.match, self.f.hand = spec_match, spec_hand
        self._bind()

    def _query(self, name: str) -> Any:
        """to_act(), legal_actions() or record(), timed, without the follower's checks of the answer: the
        caller compares it with the spec's, and on any surprise the follower asks again with every
        check (both are queries: asking twice changes nothing)."""
        beacon, limit = self.beacon, self.timeout
        start = beacon.enter(name, limit)
        try:
            out = self._methods[name]()
        except BaseException:
            beacon.leave()
            return self.f.safe(name)  # the fault, with the follower's wording
        beacon.leave()
        if limit and time.monotonic() - start > limit:
            raise EngineFault(f"{name}() did not return within {limit:g} s", f"{name}: timeout")
        return out

    def _apply(self, action: str) -> None:
        """apply(action), timed, for an action the spec and the engine both list: as the follower's
        attempt, in a call fewer (this is the walk's most frequent call)."""
        beacon, limit = self.beacon, self.timeout
        start = beacon.enter("apply", limit)
        try:
            self._engine_apply(action)
        except EngineFault:
            beacon.leave()
            raise
        except BaseException as exc:  # a refusal, or a crash (refusal_of raises its EngineFault)
            beacon.leave()
            refusal = self.f.refusal_of(action, exc)
            raise EngineFault(f"apply({action!r}) refused an action it listed as legal: {refusal.reason}",
                              "apply: refused a listed action") from None
        beacon.leave()
        if limit and time.monotonic() - start > limit:
            raise EngineFault(f"apply() did not return within {limit:g} s", "apply: timeout")

    # --- checks at a node ----------------------------------------------------------------------------
    def _at(self, node: SpecNode) -> None:
        """Point the follower at this node's spec state (copies: its diagnosis may change them)."""
        self.f.hand, self.f.match = node.hand.copy(), node.match.copy()
        self.f.hand_actions = self.f.steps = len(self.path)

    def check_node(self, node: SpecNode) -> list[str]:
        """The node's legal actions, once the engine's seat and legal actions match the spec's."""
        f = self.f
        seat = self._query("to_act")
        got = self._query("legal_actions") if type(seat) is int and seat == node.seat else None
        if not _agrees(got, node):
            self._at(node)
            f.legal()  # raises the Divergence (or the fault) with its diagnosis; else they agree
        k = self.visits
        if k % VIEW_EVERY == 0:
            self._at(node)
            f.check_views(f.observations())
            self.tally.views += 1 if f.views_checked else 0
            f.views_checked = 0
        if k % PROBE_EVERY == 0:
            self._at(node)
            candidates = f.illegal_candidates()
            if candidates:
                action = candidates[(k // PROBE_EVERY) % len(candidates)]
                self.tally.exercised[f.probe(action)] += 1
                self.tally.refusals += 1
                f.trace.steps.pop()  # refused, as it must be: not a step of the path
        legal = list(node.legal)
        if self.cards_only:
            cards = [a for a in legal if a.split(" ", 1)[0] in CARD_VERBS]
            legal = cards or legal
        return legal

    def check_leaf(self, node: SpecNode) -> None:
        """The hand is over in the spec: the engine's hand too, with the same result."""
        f = self.f
        node.visits += 1
        over = node.match.over
        sampled = self.leaf_visits % RECORD_EVERY == 0
        self.leaf_visits += 1
        raw = self._query("record")
        # Most leaves: the one finished hand's result read straight off a plain record and equal to
        # the spec's, and the match over (its winner, nobody to act) or not as in the spec. Encoding
        # the record to check it is JSON data was a quarter of the walk; any other record (not
        # plain, another result) is checked in full below.
        if not sampled and _result_of(raw) == node.expect:
            end = raw.get("result")
            if not over and end is None:
                return
            won = type(end) is dict and type(end.get("winner")) is int and end["winner"] == node.match.winner
            if over and won and self._query("to_act") is None:
                return
        record = checked_record(raw)
        if over or record.get("result") is not None:  # the record has a result once the match is over
            self._at(node)
            if over:
                f.check_match_end()
            else:
                f.hand_actions = AFTER_RESULT  # as a game does: after the hand's result, its cause
                raise Divergence(blame.target_clause(f),
                                 f"the match goes on at {node.match.score}: nobody has reached the target",
                                 "end", "the match is over")
        hands = record.get("hands") or []
        entry = hands[0] if type(hands) is list and len(hands) == 1 else None
        result = entry.get("result") if type(entry) is dict else None
        result = result if type(result) is dict else {}
        outcome = node.hand.outcome
        assert outcome is not None
        same = _result_of(record) == node.expect
        found = check_record(record, ruleset=self.rules.ruleset, game=self.game, in_progress=not over,
                             exercised=self.tally.exercised)
        self.tally.records += 1
        if found:
            self._stop([record_finding(v, record) for v in found])
        if not same:
            self._at(node)
            if entry is None:
                raise Divergence(blame.outcome_clause(f), "the hand is over", "actor",
                                 f"seat {f.engine_to_act()} to act")
            raise Divergence(outcome.clause, f"the hand ends: side {outcome.winner} wins {outcome.points} "
                             f"(score {node.match.hand_score})", "result",
                             f"winner {result.get('winner')}, points {result.get('points')}, "
                             f"score {result.get('score')}")

    # --- the walk --------------------------------------------------------------------------------------
    def visit(self, node: SpecNode) -> None:
        self.visits += 1
        if self.cards_only:
            self.tally.sample_nodes += 1
        else:
            self.tally.nodes += 1
        if node.leaf:
            if not self.cards_only:
                self.tally.leaves += 1
            self.check_leaf(node)
            return
        seat = node.seat
        for action in self.check_node(node):
            self.steps.append(Step(seat, action, LEGAL))
            self._apply(action)
            self.path.append(action)
            self.visit(self.tree.child(node, action))
            self.back()
            self.steps.pop()

    def run(self) -> None:
        """Walk the whole tree; Stop with the findings at the first divergence."""
        try:
            self.visit(self.tree.root)
        except Stop:
            raise
        except (Divergence, EngineFault) as exc:
            self._diverged(exc)
        finally:
            visits: Counter[int] = Counter()  # per shared Counter of clauses, the leaves' visits
            shared = {}
            for node in self.tree.nodes.values():
                if node.visits:
                    visits[id(node.clauses)] += node.visits
                    shared[id(node.clauses)] = node.clauses
            for ident, n in visits.items():
                for clause, k in shared[ident].items():
                    self.tally.exercised[clause] += k * n

    def _diverged(self, exc: Divergence | EngineFault) -> None:
        f = self.f
        f.steps = len(self.path)
        if f.hand_actions != AFTER_RESULT:  # an end found after the hand's result stays after it
            f.hand_actions = len(self.path)
        findings = [finding_of(self.game, exc, f)]
        if isinstance(exc, Divergence):
            try:  # as a random game does: the engine plays on alone, the monitor reads its record
                f.finish_alone(random.Random(self.game))
                record = f.engine_record()
                findings += [record_finding(v, record)
                             for v in check_record(record, ruleset=self.rules.ruleset, game=self.game)]
            except EngineFault as fault:
                findings.append(finding_of(self.game, fault, f))
        self._stop(findings)

    def _stop(self, findings: list[Finding]) -> None:
        probed = self.f.trace.steps  # a probe that diverged left its refused step there
        last = probed[-1:] if probed and probed[-1].expect == REFUSED else []
        trace = Trace(self.rules.ruleset, self.readings, self.game, [dict(self.deal)], self.steps + last,
                      self.f.trace.scores, self.f.trace.dealer)
        raise Stop(ordered(findings), trace)


# --- a job for a worker -------------------------------------------------------------------------------
@dataclass(frozen=True)
class WalkJob:
    """One class at one position: its representative walked whole, its sample over card plays."""

    index: int
    ruleset: str
    readings: Mapping[str, str]
    klass: int
    position: str
    scores: tuple[int, int]
    deal: Mapping[str, Any]
    sample: tuple[Mapping[str, Any], ...] = ()


def run_walk_job(job: WalkJob, context: tuple[Factory, float], beacon: Beacon,
                 emit: Callable[[str, Any], None]) -> WalkTally:
    """The work of a worker (truco_rules.spec.monitor.supervise): the walks of one job; findings go to `emit`
    ("finding": (finding, trace) as dicts), the counts are returned."""
    factory, call_timeout = context
    rules = Rules.of(job.ruleset, job.readings)
    beacon.at(job.index, job.index)
    tally = WalkTally()
    with few_collections():
        _walk_deals(job, factory, call_timeout, rules, beacon, emit, tally)
    return tally


@contextmanager
def few_collections() -> Iterator[None]:
    """The garbage collector's youngest generation collected a thousand times less often: a walk's
    tree keeps hundreds of thousands of objects alive, and the default threshold spent about a
    third of the walk's time traversing them (the walk itself makes no cycles)."""
    before = gc.get_threshold()
    gc.set_threshold(before[0] * GC_SPACING, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _walk_deals(job: WalkJob, factory: Factory, call_timeout: float, rules: Rules, beacon: Beacon,
                emit: Callable[[str, Any], None], tally: WalkTally) -> None:
    for k, deal in enumerate((job.deal, *job.sample)):
        tally.deals += 1
        try:
            Walk(factory, rules, job.readings, deal, job.scores, job.index, tally, call_timeout, beacon,
                 cards_only=k > 0).run()
        except Stop as stop:
            for i, finding in enumerate(stop.findings):
                emit("finding", (finding.to_dict(), stop.trace.to_dict() if i == 0 else None))
            return
        except CannotReach:
            tally.deals -= 1
            tally.unreached += 1
            return
        except (Divergence, EngineFault) as exc:  # the engine failed to start, or dealt another deal
            scores = list(job.scores) if any(job.scores) else None
            trace = Trace(rules.ruleset, dict(job.readings), job.index, [dict(deal)], [], scores)
            emit("finding", (finding_of(job.index, exc, None).to_dict(), trace.to_dict()))
            return
