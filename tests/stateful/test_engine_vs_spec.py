"""The reference engine against the spec, step by step, with Hypothesis stateful testing.

One machine per ruleset drives the engine (through its adapter) with legal actions and actions
the spec forbids. At every step the engine's legal actions must be the spec's; a forbidden
action must be refused with the state unchanged; the record must pass the monitor at the end.
A failure names the clause ("[BET-10] ...") and Hypothesis shrinks it to a short program.

CI runs the `ci` profile (derandomized). For a long random run:
    HYPOTHESIS_PROFILE=deep python -m pytest tests/stateful
"""

from __future__ import annotations

from hypothesis import note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from truco_rules.engine.adapter import make_adapter
from truco_rules.spec.monitor import check_record
from truco_rules.spec.monitor.follow import Divergence, Follower
from truco_rules.spec.rules.state import Rules


def clause_assert(ok: bool, clause: str, message: str) -> None:
    assert ok, f"[{clause}] {message}"


class EngineVsSpec(RuleBasedStateMachine):
    ruleset = "mineiro-1v1-es"
    engine_factory = staticmethod(make_adapter)  # the engine under test (swapped in the self-test)

    @initialize(seed=st.integers(0, 2**31 - 1))
    def start(self, seed: int) -> None:
        self.follower = Follower(self.engine_factory(), Rules.of(self.ruleset), seed)
        note(f"{self.ruleset} seed {seed}")
        self.follower.start({})

    def agreed(self) -> list[str]:
        try:
            return self.follower.legal()
        except Divergence as d:
            raise AssertionError(str(d)) from None

    @precondition(lambda self: not self.follower.over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(self.agreed()), label="action")
        self.follower.play(action)

    @precondition(lambda self: not self.follower.over)
    @rule(data=st.data())
    def try_forbidden(self, data: st.DataObject) -> None:
        candidates = self.follower.illegal_candidates()
        if not candidates:
            return
        action = data.draw(st.sampled_from(candidates), label="forbidden")
        try:
            self.follower.probe(action)
        except Divergence as d:
            raise AssertionError(str(d)) from None

    @precondition(lambda self: self.follower.over)
    @rule(seed=st.integers(0, 2**31 - 1))
    def next_match(self, seed: int) -> None:
        self.check_record()
        self.start(seed)

    @invariant()
    def legal_sets_agree(self) -> None:
        if hasattr(self, "follower"):
            self.agreed()

    def teardown(self) -> None:
        if hasattr(self, "follower"):
            self.check_record()

    def check_record(self) -> None:
        f = self.follower
        found = check_record(f.engine_record(), ruleset=self.ruleset, in_progress=not f.over)
        clause_assert(not found, found[0].clause if found else "", "; ".join(map(str, found[:3])))


class MineiroEs(EngineVsSpec):
    ruleset = "mineiro-1v1-es"


class MineiroEn(EngineVsSpec):
    ruleset = "mineiro-1v1-en"


class MineiroPairs(EngineVsSpec):
    ruleset = "mineiro-pairs-it"


class Gauderio(EngineVsSpec):
    ruleset = "gauderio-pairs-es"


# A whole-match step is slow next to a unit step: the everyday profiles run fewer programs, the
# deep profile (thousands of examples) keeps its own count.
_EXAMPLES = settings.default.max_examples if settings.default.max_examples >= 1000 else 25
for _machine in (MineiroEs, MineiroEn, MineiroPairs, Gauderio):
    _machine.TestCase.settings = settings(settings.default, max_examples=_EXAMPLES)

TestMineiroEs = MineiroEs.TestCase
TestMineiroEn = MineiroEn.TestCase
TestMineiroPairs = MineiroPairs.TestCase
TestGauderio = Gauderio.TestCase
