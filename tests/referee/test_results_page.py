"""The site's tournament results page: the published results, a page in each language, clauses
linked to their rules, and a results file written by anyone shown as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from truco_rules.site import site_tournaments
from truco_rules.site.site_md import Ctx
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "docs" / "tournaments" / "results"


def _ctx(warnings: list[str], lang: str = "en") -> Ctx:
    return Ctx(lang=lang, cat=load_catalogue(), coverage={}, trace=None, warn=warnings.append)


def _results(**changes: object) -> dict:
    data = json.loads((PUBLISHED / "kits-paulista.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_the_published_tournaments_are_shown_in_every_language(lang: str) -> None:
    warnings: list[str] = []
    page = site_tournaments.results_page(_ctx(warnings, lang))
    assert not warnings
    for path in PUBLISHED.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert all(row["bot"].replace("-", "\\-") in page for row in data["standings"])
    assert page.startswith("# " + _ctx([], lang).t("tr_title"))


def test_illegal_actions_link_their_clause_and_a_hostile_file_is_text(tmp_path: Path) -> None:
    rows = _results()["standings"]
    rows[0] = {**rows[0], "bot": "<img src=x onerror=alert(1)>", "faults": {"illegal": 2},
               "clauses": {"DEAL-1": 2, "<b>X-1</b>": 1}, "disqualified": True}
    (tmp_path / "a.json").write_text(json.dumps(_results(standings=rows, tournament="`cup` | <i>")),
                                     encoding="utf-8")
    broken = '{"format": "truco-tournament-results/1", "standings": 3}'
    (tmp_path / "b.json").write_text(broken, encoding="utf-8")
    warnings: list[str] = []
    page = site_tournaments.results_page(_ctx(warnings), tmp_path)
    assert "<img" not in page and "&lt;img" in page and "<b>" not in page and "<i>" not in page
    assert "[DEAL-1](../rules/deal.md#deal-1) ×2" in page
    assert len(warnings) == 1 and "b.json" in warnings[0]
    assert "Todavía no" in site_tournaments.results_page(_ctx([], "es"), tmp_path / "none")


@pytest.mark.slow
def test_the_published_results_are_what_the_example_tournament_gives_now(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from truco_rules.cli.main import cli

    example = ROOT / "examples" / "tournaments" / "kits-paulista.yaml"
    done = CliRunner().invoke(cli, ["tournament", str(example), "--out", str(tmp_path / "run"), "--json",
                                    "--jobs", "2"])
    assert done.exit_code == 0, done.output
    published = json.loads((PUBLISHED / "kits-paulista.json").read_text(encoding="utf-8"))
    assert json.loads(done.output) == published, (
        "docs/tournaments/results/kits-paulista.json is stale: run the example tournament and copy its "
        "results.json there")
