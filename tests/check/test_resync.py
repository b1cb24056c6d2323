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

# common_and_rare: BET-10 in most games, early; no truco after two tied rounds (BET-1) is rare. With
# these settings no game without a BET-10 first reaches the rare one: only a restart shows it.
TWO_BUGS = ["--engine", "tests.planted.engines:common_and_rare", "-r", "mineiro-1v1-es", "--games", "15",
            "--seed", "30", "--programs", "0", "--no-situations"]
RARE = ("BET-1", "legal", "normal hand, play: -raise")


def check(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["check", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def causes(out: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(g["clause"], g["category"], g["cause"]) for g in out["divergences"]]


def test_a_rare_bug_behind_a_common_one_is_reported_once_the_game_is_restarted() -> None:
    before = check(*TWO_BUGS, "--restarts", "0")
    assert [c[0] for c in causes(before)] == ["BET-10"], causes(before)  # the common bug hides the rare one
    after = check(*TWO_BUGS)
    assert causes(after)[0][0] == "BET-10" and RARE in causes(after), causes(after)
    rare = after["divergences"][causes(after).index(RARE)]
    held = [after["violations"][k] for k in rare["violations"]]
    # Found after a restart, in games whose first cause is the common bug: a cause of its own.
    assert all(v["restart"] >= 1 and v["clause"] == "BET-1" for v in held), held
    assert set(rare["games"]) <= set(after["divergences"][0]["games"])
    assert "BET-1" not in after["divergences"][0]["consequences"]


def test_a_cause_found_after_a_restart_replays_from_the_position_it_was_restarted_at(tmp_path: Path) -> None:
    out = check(*TWO_BUGS, "--report", str(tmp_path))
    rare = out["divergences"][causes(out).index(RARE)]
    page = tmp_path / rare["report"]
    assert "from the position" in page.read_text(encoding="utf-8")
    assert next(e for e in out["reports"] if e["file"] == rare["report"])["reproduced"]
    engine = "tests.planted.engines:common_and_rare"
    result = CliRunner().invoke(cli, ["replay", str(page), "--engine", engine])
    assert result.exit_code == 1 and "the divergence this file describes still shows" in result.output, \
        result.output


def test_restarts_are_bounded_and_the_same_for_any_number_of_workers() -> None:
    one = check(*TWO_BUGS, "--restarts", "1", "--jobs", "1")
    assert max(v["restart"] for v in one["violations"]) == 1
    per_game: dict[int, set[int]] = defaultdict(set)
    for v in one["violations"]:
        per_game[v["game"]].add(v["restart"])
    assert all(segments <= {0, 1} for segments in per_game.values())
    assert check(*TWO_BUGS, "--jobs", "1") == check(*TWO_BUGS, "--jobs", "2")


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


def test_an_engine_that_sets_no_position_is_not_restarted() -> None:
    with_position = check("--engine", "tests.planted.engines:common_and_rare", "-r", "mineiro-1v1-es",
                          "--games", "6", "--programs", "0", "--no-situations")
    assert any(v["restart"] for v in with_position["violations"])
    # The same bugs behind an adapter without the position feature: the game is never restarted.
    out = check("--engine", "tests.check.test_resync:no_position_two_bugs", "-r", "mineiro-1v1-es",
                "--games", "6", "--programs", "0", "--no-situations")
    assert out["violations"] and all(v["restart"] == 0 for v in out["violations"])


def no_position_two_bugs() -> Any:
    from tests.planted.engines import common_and_rare

    adapter = common_and_rare()
    adapter.sets_position = False  # type: ignore[attr-defined]
    return adapter


def test_two_root_causes_of_one_clause_get_a_page_each_and_every_finding_is_on_one(tmp_path: Path) -> None:
    """No truco after two tied rounds breaks BET-1 in a normal hand and in the hand of ten: one
    clause and one kind of check, two rule states, two pages. Each finding of --json is listed on
    exactly one page, the page of its divergence."""
    out = check("--engine", "tests.planted.engines:no_truco_after_two_ties", "-r", "mineiro-1v1-es",
                "--games", "40", "--programs", "0", "--no-situations", "--report", str(tmp_path))
    same = [g for g in out["divergences"] if (g["clause"], g["category"]) == ("BET-1", "legal")]
    assert len({g["cause"] for g in same}) == len(same) >= 2, causes(out)
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
