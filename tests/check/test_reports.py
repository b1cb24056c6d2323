"""Bug reports a maintainer can act on: grouped causes, shrunk reproductions, `truco replay`."""

from __future__ import annotations

import json
import pathlib
import shlex
import shutil
import time

import pytest
from click.testing import CliRunner

from tests.planted.engines import run_payout
from truco_rules.cli.main import cli
from truco_rules.spec.monitor.reports import read_repro
from truco_rules.spec.monitor.script import run_script, shrink
from truco_rules.spec.monitor.trace import Step, Trace

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "js-mineiro" / "engine.js"
NODE = shutil.which("node") or "node"
ES = "mineiro-1v1-es"
PLANTED = "tests.planted.engines:run_payout"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("report")
    code, out = invoke("check", "--engine", PLANTED, "--ruleset", ES, "--games", "30", "--programs", "3",
                       "--report", str(folder), "--json")
    assert code == 1, out
    return folder


@pytest.mark.clause("BET-4")
def test_one_wrong_payout_is_one_report_with_its_consequences_under_it(report: pathlib.Path) -> None:
    summary = json.loads((report / "summary.json").read_text())
    pages = sorted(p.name for p in report.glob("[0-9][0-9][0-9]-*.md"))  # beside them: profile.md
    assert [d["file"] for d in summary["divergences"]] == pages
    (only,) = summary["divergences"]  # the later clauses the wrong score breaks do not flood the report
    assert only["clause"] == "BET-4" and only["reproduced"], only
    assert "MAT-1" in only["consequences"], "[MAT-1] the match ends at the wrong time: a consequence"


@pytest.mark.clause("BET-4")
def test_the_page_quotes_the_clause_and_gives_the_shortest_reproduction(report: pathlib.Path) -> None:
    text = (report / "001-BET-4.md").read_text()
    assert "Si huye, el jugador que pidió el truco gana la mano" in text, "the verbatim quote of 000"
    assert "## What the engine did" in text and "## What the rule requires" in text
    script = read_repro(text)
    assert [s["action"] for s in script["steps"]] == ["raise 4", "run"], script["steps"]
    assert script["divergence"]["clause"] == "BET-4" and len(script["deals"]) == 1


def test_replay_shows_the_divergence_on_the_engine_and_passes_on_the_reference(report: pathlib.Path) -> None:
    page = str(report / "001-BET-4.md")
    code, out = invoke("replay", page, "--engine", PLANTED)
    assert code == 1 and "[BET-4]" in out and "still shows" in out, out
    code, out = invoke("replay", page)
    assert code == 0 and "is gone" in out, out
    code, out = invoke("replay", page, "--engine", PLANTED, "--json")
    assert json.loads(out)["reproduced"] is True


@pytest.mark.parametrize(("content", "says"), [(None, "cannot read"), ("# a page\n", "no truco-repro/1"),
                                               ('{"format": "truco-repro/1", "ruleset": "nope", "steps": []}',
                                                "unknown ruleset"),
                                               ("[" * 100_000 + "]" * 100_000, "no truco-repro/1")])
def test_replay_of_unusable_input_is_one_line_and_exit_2(tmp_path: pathlib.Path, content: str | None,
                                                          says: str) -> None:
    path = tmp_path / "page.md"
    if content is not None:
        path.write_text(content)
    code, out = invoke("replay", str(path))
    assert code == 2 and says in out and len(out.strip().splitlines()) == 1, out


def test_delta_debugging_keeps_the_divergence_and_drops_the_rest() -> None:
    """A whole game that shows the bug shrinks to a script that still shows it, and no longer."""
    deal = {"hands": [["4C", "5H", "6S"], ["7D", "KH", "3S"]], "muestra": None}
    steps = [Step(0, "play 5H"), Step(1, "play 9C", "refused"), Step(1, "raise 4"), Step(0, "accept"),
             Step(1, "play KH"), Step(1, "play 7D"), Step(0, "raise 6"), Step(1, "run")]
    trace = Trace(ES, {}, 3, [deal], steps)
    before = run_script(run_payout, trace)
    assert before.first is not None and before.first.key[0] == "BET-4", before.findings
    shrunk, outcome = shrink(run_payout, trace, before.first.key)
    assert outcome.first is not None and outcome.first.key == before.first.key
    assert [s.action for s in shrunk.steps] == ["raise 4", "run"], shrunk.steps


def planted_js(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the example engine whose run pays the refused call (BET-4)."""
    source = EXAMPLE.read_text(encoding="utf-8")
    wrong = "return this.endHand(this.pending.caller % 2, this.value);"
    assert wrong in source, "the example changed: update the plant"
    path = tmp_path / "engine-bet4.js"
    planted = source.replace(wrong, wrong.replace("this.value", "this.pending.value"))
    path.write_text(planted, encoding="utf-8")
    shutil.copy(EXAMPLE.parent / "truco-protocol.js", tmp_path)  # the copy requires its helper
    return path


@pytest.mark.slow
@pytest.mark.clause("BET-4")
def test_a_report_and_its_replay_through_the_protocol(tmp_path: pathlib.Path) -> None:
    cmd = shlex.join([NODE, str(planted_js(tmp_path))])
    code, out = invoke("check", "--engine-cmd", cmd, "--ruleset", ES, "--games", "12", "--programs", "0",
                       "--report", str(tmp_path / "r"), "--json")
    assert code == 1, out
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert [d["clause"] for d in summary["divergences"]] == ["BET-4"], summary
    code, out = invoke("replay", str(tmp_path / "r" / "001-BET-4.md"), "--engine-cmd", cmd)
    assert code == 1 and "still shows" in out, out


def test_a_report_deletes_only_the_pages_its_earlier_summary_listed(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "007-MY-NOTES.md").write_text("mine\n")  # looks like a page, is not one of a report
    (folder / "002-OLD-1.md").write_text("a page of the earlier report\n")
    (folder / "summary.json").write_text(json.dumps({"divergences": [{"file": "002-OLD-1.md"},
                                                                     {"file": "../outside.md"}]}))
    (tmp_path / "outside.md").write_text("never a report's\n")
    code, out = invoke("check", "--engine", PLANTED, "--ruleset", ES, "--games", "4", "--programs", "0",
                       "--report", str(folder), "--json")
    assert code == 1, out
    listed = [d["file"] for d in json.loads((folder / "summary.json").read_text())["divergences"]]
    mine = ["007-MY-NOTES.md", "summary.json", "profile.md"]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*mine, *listed])
    assert (tmp_path / "outside.md").exists()
    assert not list(folder.glob(".*")), "no temporary file is left behind"


def test_an_empty_report_folder_is_refused(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "001-MINE.md").write_text("mine\n")
    start = time.monotonic()
    code, out = invoke("check", "--engine", PLANTED, "--ruleset", ES, "--games", "200", "--report", "")
    assert code == 2 and "--report" in out and len(out.strip().splitlines()) == 1, out
    assert time.monotonic() - start < 5, "refused before the games are played, not after"
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == ["001-MINE.md"]


def test_a_report_counts_and_cites_only_games_that_ran(report: pathlib.Path) -> None:
    """Issue 39: a 20-game run said "Seen in 23 of 20 games" and cited "game 150" (a situation's
    game). The games counted are every game the check played, its situations included, and a
    situation's game is cited by its situation."""
    import re

    summary = json.loads((report / "summary.json").read_text())
    pages = list(report.glob("[0-9][0-9][0-9]-*.md"))  # the bug reports (profile.md is beside them)
    assert pages
    for page in pages:
        text = page.read_text()
        where = re.search(r"Seen in (.*?) \(first: (situation \S+|game (\d+))\)", text)
        assert where is not None, text[:400]
        counted = re.findall(r"(\d+) of (\d+) (games|situations)", where.group(1))
        assert counted, where.group(0)
        for seen, total, _ in counted:  # each counted against its own total
            assert 0 < int(seen) <= int(total), where.group(0)
        if where.group(3) is not None:  # cited by number: a random game or a program's run, no situation
            assert "games" in where.group(1) or "Hypothesis program" in where.group(1), where.group(0)
    assert summary["divergences"]
