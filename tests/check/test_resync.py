"""After a divergence a random game goes on, restarted at the spec's position (spec.monitor.drive):
a common bug no longer hides a rarer one, a consequence is never a cause of its own, and every
finding of the JSON is on exactly one bug report page, one page per root cause."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import load_catalogue

# common_and_rare: BET-10 in most games, early; no truco after two tied rounds (BET-1) is rare. Both are
# differences in the legal actions that leave engine and spec in the same state: each is stepped over.
TWO_BUGS = ["--engine", "tests.planted.engines:common_and_rare", "-r", "mineiro-1v1-es", "--games", "15",
            "--seed", "30", "--programs", "0", "--no-situations"]
RARE = ("BET-1", "legal", "-raise")
# payout_and_ties: two bugs of what the engine computes (a run pays the called value, BET-4; a tied round
# goes to the side that played first, RND-3): each resynchronises the game. With these settings the
# first BET-4 of game 0 is found after its third restart.
COMPUTED = ["--engine", "tests.planted.engines:payout_and_ties", "-r", "mineiro-1v1-es", "--games", "15",
            "--seed", "30", "--programs", "0", "--no-situations"]
PAYOUT = ("BET-4", "record: hands[].result.points", "a hand ended by run")


def check(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["check", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def causes(out: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(g["clause"], g["category"], g["cause"]) for g in out["divergences"]]


def test_a_rare_bug_behind_a_common_one_is_stepped_over_not_hidden() -> None:
    """Both bugs leave engine and spec in the same state: each difference is recorded once and the
    game goes on with the actions both allow, with no restart at all."""
    out = check(*TWO_BUGS, "--restarts", "0")
    assert causes(out)[0][0] == "BET-10" and RARE in causes(out), causes(out)
    rare = out["divergences"][causes(out).index(RARE)]
    assert rare["stepped"] and set(rare["games"]) & set(out["divergences"][0]["games"])
    assert all(out["violations"][k]["restart"] == 0 for k in rare["violations"])
    assert "BET-1" not in out["divergences"][0]["consequences"]


def test_a_bug_behind_another_computed_one_is_reported_once_the_game_is_restarted() -> None:
    out = check(*COMPUTED)
    assert PAYOUT in causes(out), causes(out)
    payout = out["divergences"][causes(out).index(PAYOUT)]
    held = [out["violations"][k] for k in payout["violations"] if out["violations"][k]["clause"] == "BET-4"]
    # Found after a restart, in a game whose first cause is the other bug: a cause of its own.
    first_of_game_0 = next(v for v in out["violations"] if v["game"] == 0)
    assert first_of_game_0["clause"] == "RND-3"
    assert any(v["game"] == 0 and v["restart"] >= 1 for v in held), held


def test_a_cause_found_after_a_restart_replays_from_the_position_it_was_restarted_at(tmp_path: Path) -> None:
    out = check(*COMPUTED, "--report", str(tmp_path))
    payout = out["divergences"][causes(out).index(PAYOUT)]
    page = tmp_path / payout["report"]
    assert "from the position" in page.read_text(encoding="utf-8")
    assert next(e for e in out["reports"] if e["file"] == payout["report"])["reproduced"]
    engine = "tests.planted.engines:payout_and_ties"
    result = CliRunner().invoke(cli, ["replay", str(page), "--engine", engine])
    assert result.exit_code == 1 and "the divergence this file describes still shows" in result.output, \
        result.output


def test_restarts_are_bounded_and_the_same_for_any_number_of_workers() -> None:
    one = check(*COMPUTED, "--restarts", "1", "--jobs", "1")
    assert max(v["restart"] for v in one["violations"]) == 1
    per_game: dict[int, set[int]] = defaultdict(set)
    for v in one["violations"]:
        per_game[v["game"]].add(v["restart"])
    assert all(segments <= {0, 1} for segments in per_game.values())
    assert check(*COMPUTED, "--jobs", "1") == check(*COMPUTED, "--jobs", "2")


def test_a_consequence_of_a_wrong_score_is_not_a_new_cause() -> None:
    """A run from truco that pays the called value gives a wrong score: without restarts the engine
    plays on with it and breaks the hand of ten, the target..., all grouped under BET-4. Restarted
    at the spec's position, the engine has the right score again: BET-4 is still the only cause, and
    far fewer findings follow from it."""
    args = ["--engine", "tests.planted.engines:run_payout", "-r", "mineiro-1v1-es", "--games", "20",
            "--programs", "0", "--no-situations"]
    before, after = check(*args, "--restarts", "0"), check(*args)
    assert [c[0] for c in causes(before)] == [c[0] for c in causes(after)] == ["BET-4"]
    assert any(v["restart"] for v in after["violations"])
    assert sum(after["divergences"][0]["consequences"].values()) < sum(
        before["divergences"][0]["consequences"].values())


def test_an_engine_that_sets_no_position_is_resynchronised_by_taking_its_score() -> None:
    """Without the position feature the engine cannot be started again at the spec's position: once
    it has ended the hand it diverged in, the spec takes the score it recorded, and the game goes
    on with the next hand in a part of its own (a cause after it is a cause)."""
    out = check("--engine", "tests.check.test_resync:no_position_payout_and_ties", "-r", "mineiro-1v1-es",
                "--games", "6", "--programs", "0", "--no-situations")
    restarted = [v for v in out["violations"] if v["restart"]]
    assert restarted and {v["clause"] for v in restarted} & {"BET-4", "RND-3"}, out["violations"][:5]
    assert {c[0] for c in causes(out)} >= {"BET-4", "RND-3"}, causes(out)


def no_position_payout_and_ties() -> Any:
    from tests.planted.engines import payout_and_ties

    adapter = payout_and_ties()
    adapter.sets_position = False  # type: ignore[attr-defined]
    return adapter


def test_one_left_out_call_is_one_page_and_every_finding_is_on_one(tmp_path: Path) -> None:
    """No truco after two tied rounds leaves out the call in a normal hand and in the hand of ten:
    one cause (the call left out), one page, which names the states it was first seen in. Each
    finding of --json is listed on exactly one page, the page of its divergence."""
    out = check("--engine", "tests.planted.engines:no_truco_after_two_ties", "-r", "mineiro-1v1-es",
                "--games", "40", "--programs", "0", "--no-situations", "--report", str(tmp_path))
    same = [g for g in out["divergences"] if (g["clause"], g["category"]) == ("BET-1", "legal")]
    assert len(same) == 1 and same[0]["stepped"] and same[0]["states"], same
    assert next(iter(same[0]["states"])) in (tmp_path / same[0]["report"]).read_text(encoding="utf-8")
    assert len({g["report"] for g in out["divergences"]}) == len(out["divergences"])
    listed: dict[int, list[str]] = defaultdict(list)
    for g in out["divergences"]:
        text = (tmp_path / g["report"]).read_text(encoding="utf-8")
        assert g["cause"] in text
        for k in re.findall(r"^- #(\d+) ", text, re.MULTILINE):
            listed[int(k)].append(g["report"])
    assert sorted(listed) == list(range(len(out["violations"])))
    for k, v in enumerate(out["violations"]):
        assert listed[k] == [out["divergences"][v["divergence"]]["report"]], (k, listed[k])
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert sorted(k for e in summary["divergences"] for k in e["violations"]) == list(range(len(listed)))


def test_unexercised_lists_only_what_applies_to_the_ruleset_checked() -> None:
    """Its own clauses, the readings of its own register entries, and never the reading its games
    played (here one switched by --reading)."""
    ruleset = "mineiro-pairs-it"
    out = check("-r", ruleset, "--games", "2", "--programs", "0", "--no-situations",
                "--reading", "hand-length=always-three-rounds")
    cat = load_catalogue()
    own = {c.id for c in cat.clauses_of(ruleset)}
    keys = {a.key for a in cat.ambiguities_of(ruleset)}
    gaps = out["unexercised"]
    assert gaps and all(g["ruleset"] == ruleset for g in gaps)
    assert {g["clause"] for g in gaps if "clause" in g} <= own
    readings = {g["reading"] for g in gaps if "reading" in g}
    assert {r.split("=")[0] for r in readings} <= keys
    assert "hand-length=always-three-rounds" not in readings
    assert "hand-length=ends-when-decided" in readings  # the default, which no game played


def test_a_wrong_result_is_told_apart_by_how_the_hand_ended_never_by_the_engines_text() -> None:
    from truco_rules.spec.monitor.findings import record_finding
    from truco_rules.spec.monitor.violation import Violation

    def record(last: str) -> dict[str, Any]:
        return {"hands": [{"actions": [{"seat": 0, "action": "raise 4"}, {"seat": 1, "action": last}]}]}

    points = Violation(0, "BET-4", "the hand is worth 1", field="hands[0].result.points", hand=1)
    by_run, by_play = record_finding(points, record("run")), record_finding(points, record("play 4C"))
    assert (by_run.cause, by_play.cause) == ("a hand ended by run", "a hand ended by play")
    assert by_run.key != by_play.key and by_run.key[:2] == by_play.key[:2]
    assert record_finding(points, record("<b>run</b> \x1b[2J")).cause == "a hand ended by another action"
    side = Violation(0, "ENV-4", "envido 2", field="hands[0].result.side_points", hand=1)
    assert record_finding(side, record("run")).cause == record_finding(side, record("play 4C")).cause == ""
    at = Violation(0, "BET-10", "not now", field="hands[0].actions[0]", hand=1, action=0)
    assert record_finding(at, record("run")).cause == "at raise"
    assert record_finding(points).cause == "" and record_finding(points, {"hands": "x"}).cause == ""
