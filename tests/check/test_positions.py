"""Set positions: a match started from given scores and a given first dealer, in the engine's API,
the adapter contract, the engine protocol, the record format and the checker."""

from __future__ import annotations

import random
import shlex
import sys

import pytest

from truco_rules.engine.adapter import ReferenceAdapter, make_adapter
from truco_rules.engine.errors import GameArgumentError
from truco_rules.engine.game import Game
from truco_rules.spec.monitor.engine_calls import sets_position
from truco_rules.spec.monitor.follow import CannotReach, Follower
from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.protocol.client import EngineCommand, stop_all
from truco_rules.spec.rules.state import Rules


def _play_out(f: Follower, seed: int) -> None:
    rng = random.Random(seed)
    while not f.over:
        f.play(rng.choice(f.legal()))


@pytest.mark.parametrize("ruleset", ["mineiro-1v1-es", "gauderio-pairs-es", "uruguayo-1v1"])
def test_the_engine_starts_where_it_is_told(ruleset: str) -> None:
    rules = Rules.of(ruleset)
    last = rules.players - 1
    g = Game.new(ruleset, seed=4, scores=(3, 5), dealer=last - 1)
    assert g.scores == (3, 5)
    assert g.to_act == last  # AMB-15: the seat after the dealer starts
    assert Game.from_json(g.to_json()) == g
    assert Game.new(ruleset, seed=4, dealer=last) == Game.new(ruleset, seed=4)  # the default dealer
    with pytest.raises(GameArgumentError):
        Game.new(ruleset, seed=4, dealer=rules.players)


@pytest.mark.parametrize("ruleset", ["mineiro-1v1-es", "mineiro-pairs-it", "argentino-1v1"])
def test_a_game_from_a_set_position_passes_the_checker_and_its_record_says_where_it_began(
        ruleset: str) -> None:
    rules = Rules.of(ruleset)
    target = int(rules.data["match"]["target"])
    for seed in range(5):
        f = Follower(make_adapter(), rules, seed)
        f.start({}, scores=[target - 1, target - 2], dealer=0)
        assert f.match.score == [target - 1, target - 2] and f.hand is not None and f.hand.starter == 1
        _play_out(f, seed)
        record = f.engine_record()
        assert record["start"] == {"scores": [target - 1, target - 2], "dealer": 0}
        assert check_record(record, ruleset=ruleset) == []
        # The same record read as if it began at 0-0 breaks the score: the start is what it is judged by.
        del record["start"]
        assert check_record(record, ruleset=ruleset)


def test_a_record_cannot_start_at_the_target() -> None:
    g = Game.new("mineiro-1v1-es", seed=1)
    record = g.record()
    record["start"] = {"scores": [12, 0], "dealer": 1}
    [v] = check_record(record, in_progress=True)
    assert v.field == "start.scores"


class _NoPosition(ReferenceAdapter):
    def new_game(self, ruleset: str, seed: int, readings: object, deals: object = ()) -> None:  # type: ignore[override]
        super().new_game(ruleset, seed, readings, deals)  # type: ignore[arg-type]


def test_an_engine_that_cannot_set_a_position_is_not_reached_not_blamed() -> None:
    assert sets_position(make_adapter()) and not sets_position(_NoPosition())
    f = Follower(_NoPosition(), Rules.of("mineiro-1v1-es"), 1)
    with pytest.raises(CannotReach):
        f.start({}, scores=[10, 0])


def test_the_protocol_passes_the_position_to_an_engine_that_announces_it() -> None:
    serve = [sys.executable, "-m", "truco_rules.spec.protocol.serve",
     "truco_rules.engine.adapter:make_adapter"]
    command = EngineCommand(shlex.join(serve), call_timeout=10)
    try:
        assert "position" in command.hello().features
        adapter = command()
        assert sets_position(adapter)
        f = Follower(adapter, Rules.of("mineiro-1v1-es"), 2)
        f.start({}, scores=[10, 4], dealer=0)
        assert f.legal()  # the engine's hand of ten, as the spec's
        _play_out(f, 2)
        assert f.engine_record()["start"] == {"scores": [10, 4], "dealer": 0}
    finally:
        stop_all()
