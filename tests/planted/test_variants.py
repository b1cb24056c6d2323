"""A variant is not a bug, and one difference never hides another (issue #35): planted engines that
leave out or add an optional action beside a rule bug, and one that plays a reading it does not
announce, on every published ruleset."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from tests.planted.engines import HIDDEN_READING, OPTIONAL_PLUS_BUG
from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import load_catalogue


def run(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("engine", list(OPTIONAL_PLUS_BUG), ids=lambda f: f.__name__)
def test_an_optional_action_left_out_or_added_hides_no_rule_bug(engine: Callable[[], object]) -> None:
    """The default check (situations, then random games): the optional action left out or added is
    one cause, stepped over, of which nothing follows; the rule bug is a root cause of its own,
    headed by its clause."""
    ruleset, optional, clause = OPTIONAL_PLUS_BUG[engine]
    code, out = run("check", "--engine", f"tests.planted.engines:{engine.__name__}", "--ruleset", ruleset,
                    "--games", "20", "--programs", "0")
    heads = {(g["clause"], bool(g.get("stepped"))): g for g in out["divergences"]}
    assert code == 1 and (optional, True) in heads and (clause, False) in heads, sorted(heads)
    assert not heads[(optional, True)]["consequences"], "nothing follows from a difference stepped over"
    bug = heads[(clause, False)]
    assert all(out["violations"][k]["divergence"] == out["divergences"].index(bug) for k in bug["violations"])


@pytest.mark.slow
def test_a_reading_played_unannounced_is_named_by_the_profile_on_every_ruleset() -> None:
    """One planted engine plays hand-length=always-three-rounds on every ruleset without saying so:
    its profile names that reading, not the ruleset's, and says to announce it; the same engine
    announcing it passes the check."""
    key, reading = HIDDEN_READING
    rulesets = list(load_catalogue().rulesets)
    code, out = run("profile", "--engine", "tests.planted.engines:hidden_reading", "--games", "4",
                    "--no-situations")
    assert code == 0 and set(out["rulesets"]) == set(rulesets), out.get("bugs")
    for name in rulesets:
        entry = next(e for e in out["rulesets"][name]["entries"] if e["key"] == key)
        assert entry["verdict"] == "other" and entry["agreeing"] == [reading], (name, entry)
        assert out["hello"]["readings"][name] == {key: reading}, (name, out["hello"])
    code, checked = run("check", "--engine", "tests.planted.engines:announced_reading", "--games", "4",
                        "--programs", "0", "--no-situations")
    assert code == 0, checked["divergences"][:3]
    assert checked["announced_readings"] == {name: {key: reading} for name in rulesets}


def test_the_profile_of_the_reference_engine_agrees_with_every_default() -> None:
    code, out = run("profile", "--ruleset", "mineiro-1v1-es", "--games", "3", "--no-situations")
    entries = out["rulesets"]["mineiro-1v1-es"]["entries"]
    assert code == 0 and entries and all(e["verdict"] == "agrees" for e in entries), entries
    assert out["hello"] == {}


def test_a_declared_optional_feature_is_checked_as_the_ruleset_without_it() -> None:
    """The engine without the mazo, declared with --without: no report of the mazo, the rule bug
    still reported, and what the mazo would have exercised listed as left out by the declaration."""
    code, out = run("check", "--engine", "tests.planted.engines:no_mazo_run_payout", "-r", "argentino-1v1",
                    "--without", "mazo", "--games", "10", "--programs", "0", "--no-situations")
    assert code == 1 and out["without"] == {"argentino-1v1": ["mazo"]}
    assert "ARG-9" not in {g["clause"] for g in out["divergences"]}
    assert "BET-4" in {g["clause"] for g in out["divergences"]}
    gap = next(g for g in out["unexercised"] if g.get("clause") == "ARG-9")
    assert "does not play the mazo" in gap["why"]


@pytest.mark.parametrize(("args", "says"), [
    (["--without", "envido"], "the optional features are"),
    (["--without", "flor", "-r", "mineiro-1v1-es"], None),
])
def test_without_names_only_optional_features(args: list[str], says: str | None) -> None:
    result = CliRunner().invoke(cli, ["check", "--games", "1", "--programs", "0", "--no-situations", *args])
    if says is None:  # a feature the ruleset does not have: nothing to leave out there
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 2 and says in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1


def test_an_engine_that_silently_ends_the_hand_is_named_by_the_rule_of_what_ended() -> None:
    """The engine ends the hand after two rounds won by each side; the next hand's first seat is
    often the seat the spec wants to lead the third round: the cause is the rule of the hand's
    end, not a card rule nor the order of play."""
    code, out = run("check", "--engine", "tests.planted.engines:ends_after_split_rounds", "-r",
                    "mineiro-1v1-es", "--games", "6", "--programs", "0", "--no-situations")
    heads = [g["clause"] for g in out["divergences"] if not g.get("stepped")]
    assert code == 1 and heads and set(heads) <= {"HND-1", "HND-2"}, [
        (g["clause"], g["category"], g["cause"]) for g in out["divergences"]]


@pytest.mark.parametrize(("ruleset", "target"), [("paulista-1v1", "PAU-10"), ("mineiro-1v1-es", "MAT-1")])
def test_a_final_score_capped_at_the_target_is_one_cause_under_the_target(ruleset: str, target: str) -> None:
    """However the last hand ended (a card, a run, the hand of ten's value), the capped score is one
    report, named by the target's rule, not one per clause of the hand's last action."""
    code, out = run("check", "--engine", "tests.planted.engines:caps_final_score", "-r", ruleset,
                    "--games", "12", "--programs", "0", "--no-situations")
    assert code == 1 and [g["clause"] for g in out["divergences"]] == [target], [
        (g["clause"], g["category"], g["cause"]) for g in out["divergences"]]
