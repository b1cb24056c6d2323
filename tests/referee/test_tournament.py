"""`truco tournament FILE`: whole tournaments, their results, resuming, and the same results on
one process, two, and a Dask cluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from referee_support import hostile, java_bot, kit, write_tournament

from truco_rules.cli.main import cli
from truco_rules.referee import run
from truco_rules.referee.faults import TERMINATIONS
from truco_rules.referee.journal import MATCHES, Journal
from truco_rules.referee.match import play_match
from truco_rules.referee.tournament_file import load_tournament
from truco_rules.spec.catalogue import load_catalogue

FIELD = [kit("heuristic-py"), hostile("illegal"), hostile("crash")]


def _run(*args: str) -> Any:
    result = CliRunner().invoke(cli, ["tournament", *args])
    return result


def _results(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "results.json").read_text(encoding="utf-8"))


def _check_results(results: dict[str, Any], folder: Path, bots: int) -> None:
    """What a tournament's end must show: every match with its termination, every fault with its
    kind (and clause), a crosstable that adds up, ratings with their uncertainty, valid records."""
    assert len(results["standings"]) == bots
    assert sum(results["terminations"].values()) == results["matches_played"] == len(results["matches"])
    assert set(results["terminations"]) <= set(TERMINATIONS)
    wins = sum(r["wins"] for r in results["standings"])
    losses = sum(r["losses"] for r in results["standings"])
    assert wins == losses, "each match won is a match lost"
    cells = [c for row in results["crosstable"].values() for c in row.values()]
    assert sum(c[0] for c in cells) == wins
    assert sum(c[1] for c in cells) == sum(r["draws"] for r in results["standings"])
    clauses = load_catalogue().clauses
    for row in results["standings"]:
        assert row["rating"]["sigma"] > 0
        assert set(row["faults"]) <= {"illegal", "time-over", "crash", "protocol"}
        assert sum(row["clauses"].values()) == row["faults"].get("illegal", 0)
        assert all(c in clauses for c in row["clauses"])
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "validate", str(folder / MATCHES)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = (folder / MATCHES).read_text(encoding="utf-8").splitlines()
    ids = [json.loads(line)["referee"]["match"] for line in lines]
    assert len(ids) == len(set(ids)) == results["matches_played"], "no match played twice"


@pytest.mark.slow
def test_a_round_robin_with_faulty_bots_runs_to_its_end(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "cup.yaml", FIELD, start=[9, 9])
    result = _run(str(file), "--json")
    assert result.exit_code == 0, result.output
    results = json.loads(result.output)
    assert results == _results(tmp_path / "cup.run")
    _check_results(results, tmp_path / "cup.run", len(FIELD))
    rows = {r["bot"]: r for r in results["standings"]}
    assert rows["illegal"]["faults"]["illegal"] > 0 and rows["illegal"]["clauses"]
    assert rows["crash"]["faults"]["crash"] > 0
    assert rows["heuristic-py"]["faults"] == {} and results["matches_played"] == 6


@pytest.mark.slow
def test_an_interrupted_run_resumes_and_ends_as_an_uninterrupted_one(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "cup.yaml", FIELD, start=[9, 9])
    whole = _run(str(file), "--out", str(tmp_path / "whole"), "--json")
    assert whole.exit_code == 0, whole.output
    t = load_tournament(file)
    journal = Journal(tmp_path / "cut", t.digest, t.name)

    def stops_after_four(specs: list[Any]) -> Any:
        for spec in specs:
            if len(journal.done) >= 4:
                raise KeyboardInterrupt
            yield play_match(spec)

    with pytest.raises(KeyboardInterrupt):
        run.play(t, journal, stops_after_four)
    journal.close()
    assert len(journal.done) == 4
    with (tmp_path / "cut" / MATCHES).open("a", encoding="utf-8") as fh:
        fh.write('{"format": "truco-record/1", "cut sho')  # a line a kill cut short
    resumed = _run(str(file), "--out", str(tmp_path / "cut"), "--json")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.output) == json.loads(whole.output)
    _check_results(json.loads(resumed.output), tmp_path / "cut", len(FIELD))
    again = _run(str(file), "--out", str(tmp_path / "cut"), "--json")  # a finished run plays nothing more
    assert json.loads(again.output) == json.loads(whole.output)
    assert len((tmp_path / "cut" / MATCHES).read_text().splitlines()) == 6


@pytest.mark.slow
def test_two_processes_give_the_same_results(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "cup.yaml", FIELD, start=[9, 9], pairs=2)
    one = _run(str(file), "--out", str(tmp_path / "one"), "--json")
    two = _run(str(file), "--out", str(tmp_path / "two"), "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert json.loads(one.output) == json.loads(two.output)


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_results(tmp_path: Path) -> None:
    file = write_tournament(tmp_path / "cup.yaml", FIELD, start=[9, 9])
    one = _run(str(file), "--out", str(tmp_path / "one"), "--json")
    dask = _run(str(file), "--out", str(tmp_path / "dask"), "--json", "--dask", "local", "--jobs", "2")
    assert one.exit_code == dask.exit_code == 0, one.output + dask.output
    assert json.loads(one.output) == json.loads(dask.output)


def test_a_swiss_tournament_disqualifies_a_bot_above_the_fault_rate(tmp_path: Path) -> None:
    bots = [kit("heuristic-py"), kit("random-py"), hostile("garbage", 1), hostile("illegal", 1),
            kit("random-js")]
    file = write_tournament(tmp_path / "swiss.yaml", bots, {"min_decisions": 2}, system="swiss", rounds=3,
                            start=[10, 10])
    result = _run(str(file), "--json")
    assert result.exit_code == 0, result.output
    results = json.loads(result.output)
    _check_results(results, tmp_path / "swiss.run", len(bots))
    assert len(results["byes"]) == 3 and len(set(results["byes"])) == 3
    out = {r["bot"] for r in results["standings"] if r["disqualified"]}
    assert out == {"garbage", "illegal"}
    assert results["terminations"].get("disqualification", 0) > 0
    assert [r["bot"] for r in results["standings"][-2:]] == sorted(out, key=[r["bot"] for r in
                                                                            results["standings"]].index)


HEAD = "format: truco-tournament/1\nname: x\nruleset: paulista-1v1\n"
TWO = "bots: [{name: a, command: [a]}, {name: b, command: [b]}]\n"


@pytest.mark.parametrize(("text", "says"), [
    (HEAD + "bots: []\n", "bots"),
    (HEAD.replace("paulista-1v1", "nope-1v1") + TWO, "nope-1v1"),
    (HEAD + "bots: [{name: a, command: [a], url: 'http://x'}, {name: b, command: [b]}]\n", "one of the two"),
    ("format: truco-tournament/1\nname: &n x\nruleset: paulista-1v1\ntitle: *n\nbots: []\n", "aliases"),
    (HEAD + "system: swiss\n" + TWO, "rounds"),
    ("[unclosed", "not YAML"),
])
def test_a_file_that_cannot_be_used_is_one_line_and_exit_2(tmp_path: Path, text: str, says: str) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(text, encoding="utf-8")
    result = _run(str(file))
    assert result.exit_code == 2
    assert says in result.output and result.output.count("\n") == 1, result.output
    assert not (tmp_path / "bad.run").exists(), "nothing written for a file that cannot be used"


def test_a_run_folder_belongs_to_one_tournament(tmp_path: Path) -> None:
    first = write_tournament(tmp_path / "a.yaml", FIELD[:2], start=[10, 10])
    assert _run(str(first), "--out", str(tmp_path / "run")).exit_code == 0
    other = write_tournament(tmp_path / "b.yaml", FIELD[:2], start=[9, 9])
    result = _run(str(other), "--out", str(tmp_path / "run"))
    assert result.exit_code == 2 and "another tournament file" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["paulista-1v1", "mineiro-pairs-it"])
def test_twelve_bots_in_three_languages_and_five_misbehaving(tmp_path: Path, ruleset: str,
                                                               java_classes: Path) -> None:
    bots = [kit("heuristic-py"), kit("random-py"), kit("heuristic-js"), kit("random-js"),
            java_bot("heuristic-java", java_classes), java_bot("random-java", java_classes),
            hostile("crash"), hostile("hang"), hostile("late"), hostile("illegal"), hostile("garbage"),
            hostile("wrongid")]
    # A fault loses the match here: each misbehaving bot shows its fault once a match, not four times.
    file = write_tournament(tmp_path / "twelve.yaml", bots, {"on_fault": "match"}, ruleset=ruleset,
                            start=[10, 10], max_hands=3)
    result = _run(str(file), "--json", "--jobs", "2")
    assert result.exit_code == 0, result.output
    results = json.loads(result.output)
    _check_results(results, tmp_path / "twelve.run", 12)
    rows = {r["bot"]: r for r in results["standings"]}
    for bot, kind in (("crash", "crash"), ("hang", "time-over"), ("late", "time-over"),
                      ("illegal", "illegal"), ("garbage", "protocol"), ("wrongid", "protocol")):
        assert rows[bot]["faults"].get(kind, 0) > 0, (bot, rows[bot])
    for bot in ("heuristic-py", "random-py", "heuristic-js", "random-js", "heuristic-java", "random-java"):
        assert rows[bot]["played"] == 22 and rows[bot]["decisions"] > 0, rows[bot]


def test_a_bot_that_cannot_start_is_disqualified_after_its_first_round(tmp_path: Path) -> None:
    from truco_rules.referee.connection import BotSpec

    bots = [kit("random-py"), BotSpec("ghost", ("/nonexistent/bot",)), kit("heuristic-py")]
    file = write_tournament(tmp_path / "cup.yaml", bots, {"min_decisions": 2}, start=[10, 10])
    result = _run(str(file), "--json")
    assert result.exit_code == 0, result.output
    results = json.loads(result.output)
    ghost = next(r for r in results["standings"] if r["bot"] == "ghost")
    assert ghost["disqualified"] and ghost["faults"] == {"crash": ghost["decisions"]}
    assert results["terminations"]["disqualification"] >= 2, results["terminations"]
    assert [r["bot"] for r in results["standings"]][-1] == "ghost"
