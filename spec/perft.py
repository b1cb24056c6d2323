"""Perft for Truco: how many distinct legal action sequences there are from fixed deals.

As in chess, `perft(d)` counts the action sequences of length d from a position, plus the
shorter ones that end the match; every action is one the rules allow at that point. A position
is fixed deals (hand k is dealt `deals[k - 1]`, drawn once from the seed by `perft_deals`) and a
prefix of actions played from the start of the match: the tables hold one position at the start
and one after the first round, where round and hand resolution fall within a few actions. The
reference tables (spec/data/perft/<ruleset>.json) carry the deals and the prefix, so that an
engine in any language can stack the same deals and play the same prefix. `divide` splits the
count by the first action, for finding where an engine's tree differs.

A whole hand's perft (`count_hand`, `truco perft --depth hand`) counts every sequence from a
position to the end of its hand (or of the match): no fixed depth covers a hand, which can take
14 actions in Mineiro.

The counts here come from the spec (truco_rules.spec.rules.state), never from an engine. The spec is walked
with push and pop (`SpecGame`, `count_walk`, `walk_hand`): a copy of the hand per node, never a
replay from the start. An engine is walked through the adapter contract (`engine_oracle`,
`count`): one new game per node, with the deals stacked, since the contract has no undo. `truco
perft` prints the spec's counts; `truco check --perft` compares an engine's with the tables.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from truco_rules.spec.catalogue import DATA_DIR
from truco_rules.spec.files import write_text_atomic
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import EngineFault
from truco_rules.spec.monitor.follow import Divergence, Follower
from truco_rules.spec.monitor.script import new_follower
from truco_rules.spec.rules.cards import deck
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions

TABLES_DIR = DATA_DIR / "perft"
TABLE_FORMAT = "truco-perft/1"
TABLE_SEEDS: tuple[int, ...] = (1, 2)

# Path (actions from the start) -> the legal actions there, or None where the match is over.
Oracle = Callable[[Sequence[str]], "list[str] | None"]


def perft_deals(rules: Rules, seed: int, hands: int) -> list[dict[str, Any]]:
    """The fixed deals of hands 1..`hands`: three cards per seat (and the muestra), drawn from the
    ruleset's deck with a generator seeded by (ruleset name, seed, hand number) alone. The name
    gives each ruleset its own hands: two rulesets on one deck would otherwise share them, and
    Uruguayo's tables would play Argentino's hands, where a pieza may never be in play."""
    cards = list(deck(rules))
    turned = 1 if rules.turns_up else 0  # URU-2, PAU-2: one more card, turned up
    out = []
    for number in range(1, hands + 1):
        drawn = random.Random(f"{TABLE_FORMAT}/{rules.ruleset}/{seed}/{number}").sample(
            cards, 3 * rules.players + turned)
        out.append({"hands": [drawn[3 * s:3 * s + 3] for s in range(rules.players)],
                    "muestra": drawn[-1] if turned else None})
    return out


def default_depth(rules: Rules) -> int:
    """The table depth: a few seconds of the spec's time per seed."""
    return 5 if rules.players <= 4 else 4


class SpecGame:
    """The spec's match on fixed deals: the legal actions at any point, one action at a time, and
    `push`/`pop` for walking the game tree without replaying the match from its start.

    A push applies the action to a copy of the hand in play (Hand.copy) and keeps the position
    before it, so that `pop` only puts that position back. Within a hand nothing of the match
    changes: it is copied only when a hand ends. A hand that ends is scored, and the next one
    dealt, by the next call that needs them (`over`, `legal`, `push`, `hand`, `match`), so that
    a walk stopping where the hand ends (`hand_over`) never pays for either."""

    def __init__(self, rules: Rules, deals: Sequence[Mapping[str, Any]], hands: int | None = None) -> None:
        self.rules, self.deals, self.limit = rules, deals, hands
        self._match = Match(rules)
        self._hand: Hand = self._deal(self._match)
        self._scored = False  # the match has taken in the end of self._hand
        # The positions before each push. self._hand is never one of them (a push works on a
        # copy, a pop takes its hand out), so `apply` may change it in place.
        self._undo: list[tuple[Match, Hand, bool]] = []

    def _deal(self, match: Match) -> Hand:
        number = match.number + 1
        if number > len(self.deals):
            raise IndexError(f"no fixed deal for hand {number}")
        d = self.deals[number - 1]
        hands = tuple(tuple(h) for h in d["hands"])
        if d.get("muestra") is None:
            return match.new_hand(hands)
        return match.new_hand(hands, muestra=d["muestra"])

    def _catch_up(self) -> None:
        """Score the hand that ended and deal the next one, unless the match is over or (with a
        hand limit) the last hand counted has ended; on a copy of the match, which the positions
        kept for `pop` may share."""
        hand = self._hand
        if not hand.over or self._scored:
            return
        assert hand.outcome is not None
        match = self._match = self._match.copy()
        match.end_hand(hand.kind, hand.outcome, hand.score)
        self._scored = True
        if not match.over and (self.limit is None or match.number < self.limit):
            self._hand, self._scored = self._deal(match), False

    @property
    def hand(self) -> Hand:
        """The hand in play (the last one once the match is over). Read it; change it only
        through apply or push."""
        self._catch_up()
        return self._hand

    @property
    def match(self) -> Match:
        """The match's scores and hands so far, the hand that ended taken in. Read it only."""
        self._catch_up()
        return self._match

    @property
    def hand_over(self) -> bool:
        """The hand in play has ended (and with it the match, maybe): where a walk of the hand stops."""
        return self._hand.over

    @property
    def over(self) -> bool:
        """The match is over, or (with a hand limit) the last hand counted has ended."""
        self._catch_up()
        return self._hand.over

    def legal(self) -> list[str]:
        """The legal actions of the seat to act, sorted (none once over)."""
        self._catch_up()
        return sorted(legal_actions(self._hand))

    def apply(self, action: str) -> None:
        """Play `action` for the seat to act, for good (no pop back to before it)."""
        self._catch_up()
        hand = self._hand
        hand.apply(hand.to_act(), action)  # type: ignore[arg-type]
        self._scored = False

    def push(self, action: str) -> None:
        """Play `action` for the seat to act, keeping the position before it for `pop`. Illegal
        (from Hand.apply) for an action the rules do not allow, and nothing changes then."""
        self._catch_up()
        new = self._hand.copy()
        new.apply(new.to_act(), action)  # type: ignore[arg-type]
        self._undo.append((self._match, self._hand, self._scored))
        self._hand, self._scored = new, False

    def pop(self) -> None:
        """Back to the position before the last push (IndexError when nothing was pushed)."""
        self._match, self._hand, self._scored = self._undo.pop()


class Walk(Protocol):
    """A game walked with push and pop: what `count_walk` needs of it."""

    def legal(self) -> list[str]: ...  # the legal actions; none once the match is over

    def push(self, action: str) -> None: ...

    def pop(self) -> None: ...


class _OracleWalk:
    """An oracle (the legal actions at a path from the start) walked as a game: each position is
    asked of the oracle afresh, the way an engine without undo is walked."""

    def __init__(self, oracle: Oracle) -> None:
        self.oracle, self.path = oracle, list[str]()

    def legal(self) -> list[str]:
        return self.oracle(self.path) or []

    def push(self, action: str) -> None:
        self.path.append(action)

    def pop(self) -> None:
        self.path.pop()


def spec_oracle(rules: Rules, deals: Sequence[Mapping[str, Any]], hands: int | None = None,
                prefix: Sequence[str] = ()) -> Oracle:
    """The spec's legal actions after prefix + path (the match replayed from the start)."""
    def legal_at(path: Sequence[str]) -> list[str] | None:
        game = SpecGame(rules, deals, hands)
        for action in [*prefix, *path]:
            game.apply(action)
        return None if game.over else game.legal()

    return legal_at


def first_round(rules: Rules, deals: Sequence[Mapping[str, Any]]) -> list[str]:
    """A prefix that plays the first round: each seat takes its first `play` action in sorted order."""
    game = SpecGame(rules, deals)
    prefix: list[str] = []
    while not game.hand.rounds and not game.over:
        legal = game.legal()
        action = next((a for a in legal if a.startswith("play ")), legal[0])
        game.apply(action)
        prefix.append(action)
    return prefix


@dataclass
class Count:
    """perft(1..depth), and divide: perft(depth) split by the first action."""

    depth: int
    perft: list[int] = field(default_factory=list)
    divide: dict[str, int] = field(default_factory=dict)


def count(oracle: Oracle, depth: int) -> Count:
    """perft(1..depth) and the divide at `depth` of an oracle (a game without undo: each position
    is asked afresh, from the start); see count_walk."""
    return count_walk(_OracleWalk(oracle), depth)


def count_walk(game: Walk, depth: int) -> Count:
    """perft(1..depth) and the divide at `depth`, in one depth-first walk with push and pop.

    perft(d) = the paths of exactly d actions + the paths shorter than d that end the match.
    The last level is counted without being visited (its actions are each one path)."""
    nodes, ended = [0] * (depth + 1), [0] * (depth + 1)
    divide: Counter[str] = Counter()
    legal_of, push, pop = game.legal, game.push, game.pop

    def visit(d: int) -> int:
        """The paths counted at `depth` below this position (ended ones included)."""
        legal = legal_of()
        if not legal:  # the match is over
            ended[d] += 1
            return 1 if d < depth else 0
        if d == depth - 1:
            nodes[depth] += len(legal)
            return len(legal)
        nodes[d + 1] += len(legal)
        total = 0
        for action in legal:
            push(action)
            total += visit(d + 1)
            pop()
        return total

    if depth <= 0:
        return Count(depth, [], {})
    legal = legal_of()
    if legal and depth > 1:
        nodes[1] = len(legal)
        for action in legal:
            push(action)
            divide[action] = visit(1)
            pop()
    elif legal:
        nodes[1] = len(legal)
        divide.update({a: 1 for a in legal})
    else:
        ended[0] = 1
    perft = [nodes[d] + sum(ended[:d]) for d in range(1, depth + 1)]
    return Count(depth, perft, dict(sorted(divide.items())))


@dataclass
class HandCount:
    """A whole hand's perft: the action sequences from a position to the end of its hand (or of
    the match), `leaves`; the positions walked, the first and the last included, `nodes`; and
    `divide`, the leaves by first action."""

    leaves: int
    nodes: int
    divide: dict[str, int] = field(default_factory=dict)


def walk_hand(game: SpecGame) -> tuple[int, int]:
    """The push/pop walk from the game's position to the end of the hand in play: (leaves, nodes),
    leaves being the action sequences to the end of the hand (or of the match), nodes the
    positions visited, the first and the leaves included. A position where the hand has just
    ended is one leaf. The game is left where it was."""
    nodes = 0
    legal_of, push, pop = game.legal, game.push, game.pop

    def visit() -> int:
        nonlocal nodes
        nodes += 1
        if game.hand_over:
            return 1
        leaves = 0
        for action in legal_of():
            push(action)
            leaves += visit()
            pop()
        return leaves

    return visit(), nodes


def count_hand(game: SpecGame) -> HandCount:
    """The whole hand's perft from the game's position, split by first action (the game is left
    where it was). At a position where a hand has just ended the next hand is counted; where the
    match is over, one leaf."""
    if game.over:
        return HandCount(1, 1, {})
    nodes, divide = 1, {}
    for action in game.legal():
        game.push(action)
        divide[action], below = walk_hand(game)
        game.pop()
        nodes += below
    return HandCount(sum(divide.values()), nodes, divide)


def spec_game(rules: Rules, deals: Sequence[Mapping[str, Any]], hands: int | None = None,
              prefix: Sequence[str] = ()) -> SpecGame:
    """The spec's match on the deals, after the prefix."""
    game = SpecGame(rules, deals, hands)
    for action in prefix:
        game.apply(action)
    return game


def spec_count(rules: Rules, seed: int, depth: int, hands: int | None = None,
               prefix: Sequence[str] | None = ()) -> tuple[Count, list[dict[str, Any]]]:
    """The spec's perft from the seed's fixed deals (enough of them for `depth` actions), after
    `prefix`, or after the first round when prefix is None."""
    deals = perft_deals(rules, seed, (hands or depth) + 2)
    if prefix is None:
        prefix = first_round(rules, deals)
    return count_walk(spec_game(rules, deals, hands, prefix), depth), deals


def spec_hand_count(rules: Rules, seed: int, prefix: Sequence[str] | None = ()
                    ) -> tuple[HandCount, list[dict[str, Any]]]:
    """The spec's whole-hand perft from the seed's fixed deals, after `prefix` (after the first
    round when None): the hand in play at that point, walked to its end."""
    deals = perft_deals(rules, seed, len(prefix or ()) + 3)  # a hand takes two actions at least
    if prefix is None:
        prefix = first_round(rules, deals)
    return count_hand(spec_game(rules, deals, None, prefix)), deals


# --- the reference tables --------------------------------------------------------------------------
def table_path(ruleset: str) -> Path:
    return TABLES_DIR / f"{ruleset}.json"


def make_table(rules: Rules, seeds: Sequence[int] = TABLE_SEEDS, depth: int | None = None,
               progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The reference table of a ruleset (its default readings): per seed the deals, perft(1..depth)
    and the divide at depth."""
    depth = depth or default_depth(rules)
    positions = []
    for i, seed in enumerate(seeds):
        deals = perft_deals(rules, seed, depth + 2)
        prefix = first_round(rules, deals) if i % 2 else []  # every other position after round 1
        result = count_walk(spec_game(rules, deals, None, prefix), depth)
        positions.append({"seed": seed, "deals": deals, "prefix": prefix, "depth": depth,
                          "perft": result.perft, "divide": result.divide})
        if progress is not None:
            progress(seed)
    return {"format": TABLE_FORMAT, "ruleset": rules.ruleset, "readings": {},
            "about": "perft(d): legal action sequences of d actions after the prefix (played from the "
                     "start of the match), plus shorter ones that end it, hand k being dealt deals[k-1]; "
                     "divide: perft(depth) by first action. Computed by the spec (truco perft --table "
                     "[--ruleset R]).",
            "positions": positions}


def load_table(ruleset: str) -> dict[str, Any] | None:
    path = table_path(ruleset)
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_table(table: Mapping[str, Any]) -> Path:
    path = table_path(str(table["ruleset"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(table, indent=1, ensure_ascii=False)
    write_text_atomic(path, text + "\n")
    return path


# --- an engine's tree ---------------------------------------------------------------------------------
def engine_oracle(factory: Callable[[], Any], rules: Rules, seed: int, deals: Sequence[Mapping[str, Any]],
                  call_timeout: float = 0.0, beacon: Beacon | None = None,
                  prefix: Sequence[str] = (), readings: Mapping[str, str] | None = None) -> Oracle:
    """The engine's legal actions after prefix + path: a new game on the stacked deals (and the
    reading overrides `readings`), then the actions.

    Every call is checked as in `truco check` (types, time limit); an engine that refuses an
    action of the prefix (which the table, not the engine, chose) or one it listed is an
    EngineFault, each named as what it is."""
    beacon = beacon if beacon is not None else Beacon()
    overrides = dict(readings or {})

    def legal_at(path: Sequence[str]) -> list[str] | None:
        f = new_follower(factory, rules, seed, call_timeout, beacon)
        f.safe("new_game", rules.ruleset, seed, overrides, [dict(d) for d in deals])
        for i, action in enumerate([*prefix, *path]):
            refusal = f.attempt(action)
            if refusal is not None and i < len(prefix):
                raise EngineFault(f"apply({action!r}) refused the prefix action {action!r} of the perft "
                                  f"table (action {i + 1} of {len(prefix)}): {refusal.reason}",
                                  "apply: refused a prefix action")
            if refusal is not None:
                raise EngineFault(f"apply({action!r}) refused an action it listed as legal: {refusal.reason}",
                                  "apply: refused a listed action")
        if f.engine_to_act() is None:
            return None
        legal = f.engine_legal()
        if not legal:
            raise EngineFault("legal_actions() is empty but the match is not over", "legal_actions: empty")
        return sorted(legal)

    return legal_at


def first_difference(factory: Callable[[], Any], rules: Rules, seed: int, deals: Sequence[Mapping[str, Any]],
                     depth: int, call_timeout: float = 0.0, beacon: Beacon | None = None,
                     prefix: Sequence[str] = (), readings: Mapping[str, str] | None = None
                     ) -> tuple[list[str], Divergence | EngineFault] | None:
    """The first point, depth first, where the engine and the spec disagree within `depth`
    actions after the prefix: the path to it (prefix included) and the divergence, or None."""
    beacon = beacon if beacon is not None else Beacon()

    def follower(path: Sequence[str]) -> Follower:
        f = new_follower(factory, rules, seed, call_timeout, beacon)
        f.start(dict(readings or {}), deals=deals)
        for action in [*prefix, *path]:
            f.legal()
            f.play(action)
        return f

    def visit(path: list[str]) -> tuple[list[str], Divergence | EngineFault] | None:
        try:
            f = follower(path)
            legal = f.legal()
        except (Divergence, EngineFault) as exc:
            return [*prefix, *path], exc
        if len(path) >= depth - 1 or f.over:
            return None
        for action in legal:
            found = visit([*path, action])
            if found is not None:
                return found
        return None

    return visit([])


@dataclass(frozen=True)
class PerftJob:
    """A job for a supervised worker: one position of a table, counted on the engine."""

    index: int
    ruleset: str
    position: Mapping[str, Any]
    readings: Mapping[str, str] = field(default_factory=dict)  # overrides; the tables have none


def run_perft_job(job: PerftJob, context: tuple[Callable[[], Any], float], beacon: Beacon,
                  emit: Callable[[str, Any], None]) -> dict[str, Any]:
    """The engine's counts at one position of a table, and where it first differs from the spec."""
    factory, call_timeout = context
    rules = Rules.of(job.ruleset, dict(job.readings))
    pos = job.position
    beacon.at(job.index, 0)
    seed, deals, depth = int(pos["seed"]), pos["deals"], int(pos["depth"])
    prefix = list(pos.get("prefix") or [])
    out: dict[str, Any] = {"seed": seed, "depth": depth, "table": pos["perft"], "perft": None,
                           "divide": None, "difference": None}
    try:
        got = count(engine_oracle(factory, rules, seed, deals, call_timeout, beacon, prefix, job.readings),
                    depth)
        out["perft"], out["divide"] = got.perft, got.divide
        wrong = [d for d, (a, b) in enumerate(zip(got.perft, pos["perft"], strict=True), 1) if a != b]
        if not wrong and got.divide == pos["divide"]:
            return out
        reach = wrong[0] if wrong else depth
    except EngineFault as exc:
        out["difference"] = {"path": [], "clause": "ENGINE", "message": str(exc), "says": ""}
        return out
    found = first_difference(factory, rules, seed, deals, reach, call_timeout, beacon, prefix, job.readings)
    if found is not None:
        path, problem = found
        if isinstance(problem, Divergence):
            out["difference"] = {"path": path, "clause": problem.clause, "message": problem.message,
                                 "says": problem.says}
        else:
            out["difference"] = {"path": path, "clause": "ENGINE", "message": str(problem), "says": ""}
    return out
