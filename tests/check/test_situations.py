"""The situations of `truco check` (truco_rules.spec.situations): the catalogue is what the spec generates,
it reaches every clause and every reading of every ruleset, the reference engine passes every
situation, and planted bugs that random play misses are caught by the situations alone."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from tests.planted.edge_engines import EDGE_PLANTED, FAMILY, no_positions, seven_over_ace
from truco_rules.cli.main import cli
from truco_rules.engine.adapter import ReferenceAdapter, make_adapter
from truco_rules.spec.catalogue import counts_of_ruleset, load_catalogue
from truco_rules.spec.monitor.drive import Settings, check_engine
from truco_rules.spec.rules.state import Rules
from truco_rules.spec.situations.generate import generate
from truco_rules.spec.situations.model import catalogue_path, catalogue_text, load_situations
from truco_rules.spec.situations.play import SpecRun, record_clauses
from truco_rules.spec.situations.reach import lead_in

RULESETS = list(load_catalogue().rulesets)
ONLY_SITUATIONS = Settings(games=0, programs=0, situations=True)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_catalogue_file_is_what_the_spec_generates(ruleset: str) -> None:
    text = catalogue_path(ruleset).read_text(encoding="utf-8")
    assert text == catalogue_text(ruleset, generate(ruleset)), "regenerate: truco situations --write"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_clause_and_every_reading_of_a_ruleset_has_a_situation(ruleset: str) -> None:
    cat = load_catalogue()
    sits = load_situations(ruleset)
    reached = {c for s in sits for c in s.clauses}
    assert [c.id for c in cat.clauses_of(ruleset) if c.id not in reached] == []
    readings = {s.reading for s in sits if s.reading}
    switchable = {f"{a.key}={r.name}" for a in cat.ambiguities_of(ruleset) for r in a.readings
                  if r.name != a.defaults[ruleset]}
    assert switchable - readings == set()
    assert len({s.id for s in sits}) == len(sits), "an ID is never used twice"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_situation_plays_in_the_spec_and_its_record_passes_the_monitor(ruleset: str) -> None:
    for s in load_situations(ruleset)[::7]:
        run = SpecRun(Rules.of(ruleset, s.readings), s.deals, s.scores, s.dealer)
        for action in s.prefix:
            assert action in run.legal(), (s.id, action)
            run.apply(action)
        counts, problems = record_clauses(run, s.readings)
        assert problems == [], s.id
        assert set(counts_of_ruleset(ruleset, counts)) <= set(s.clauses), s.id  # its ruleset's clauses


@pytest.mark.slow
def test_the_reference_engine_passes_every_situation_and_exercises_everything() -> None:
    report = check_engine(make_adapter, RULESETS, {}, ONLY_SITUATIONS, jobs=2)
    assert report.ok, report.violations[:3]
    assert report.unreached == []
    assert report.situations == sum(len(load_situations(r)) for r in RULESETS)
    assert report.gaps() == [], report.gaps()[:5]


@pytest.mark.parametrize(("factory", "expected"), list(EDGE_PLANTED.items()),
                         ids=[f.__name__ for f in EDGE_PLANTED])
def test_the_situations_alone_catch_an_edge_bug_with_its_clause_first(
        factory: Callable[[], ReferenceAdapter], expected: tuple[str, str]) -> None:
    ruleset, clause = expected
    report = check_engine(factory, [ruleset], {}, ONLY_SITUATIONS, jobs=2)
    groups = report.groups()
    assert groups, f"{factory.__name__}: the situations did not catch it"
    assert groups[0].clause == clause, [(g.clause, g.key[1]) for g in groups]
    assert report.violations[0].clause == clause
    caught_by = {report.situation_games[n].split("/")[1] for n in groups[0].games}
    assert FAMILY[factory] in caught_by, caught_by  # the edge built for it, not a stray situation


def test_random_play_misses_what_a_situation_catches() -> None:
    """The 7 of diamonds above the ace of spades: both in one round of the same hand is rare."""
    random_only = check_engine(seven_over_ace, ["mineiro-1v1-es"], {}, Settings(games=200, programs=0),
                               jobs=2)
    assert random_only.ok
    with_situations = check_engine(seven_over_ace, ["mineiro-1v1-es"], {},
                                   Settings(games=0, programs=0, situations=True), jobs=2)
    assert not with_situations.ok


def test_a_position_the_engine_cannot_set_is_driven_to_from_the_start_or_said_unreached() -> None:
    report = check_engine(no_positions, ["mineiro-1v1-es"], {}, ONLY_SITUATIONS, jobs=2)
    assert report.ok
    unreached = dict(report.unreached)
    needing = [s for s in load_situations("mineiro-1v1-es") if s.needs_position]
    odd = {s.id for s in needing if s.scores is not None and any(x % 2 for x in s.scores)}
    # Mineiro scores two points at a time: an odd score is no position of a real match
    assert odd and set(unreached) == odd
    assert report.led_in == len(needing) - len(odd)
    assert all("no way there" in why for why in unreached.values())
    assert report.gaps() == []  # the positions it could reach exercise every clause all the same


def test_lead_in_hands_reach_the_position_in_the_spec() -> None:
    for s in [s for s in load_situations("argentino-1v1") if s.needs_position][:6]:
        led = lead_in(s)
        assert led is not None and not led.needs_position and len(led.deals) > len(s.deals)
        run = SpecRun(Rules.of(s.ruleset, s.readings), led.deals)
        for action in led.prefix[: len(led.prefix) - len(s.prefix)]:
            run.apply(action)
        assert run.match.score == list(s.scores or (0, 0)), s.id
        assert run.hand is not None and run.hand.deal == tuple(tuple(h) for h in s.deals[0]["hands"])


def test_check_says_what_it_did_not_exercise_in_text_and_json() -> None:
    args = ["check", "--engine", "tests.planted.edge_engines:no_positions", "-r", "mineiro-1v1-es",
            "--games", "0", "--programs", "0", "--jobs", "1"]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["situations"] == len(load_situations("mineiro-1v1-es"))
    assert data["unreached"] and all("position" in u["why"] for u in data["unreached"])
    assert data["unexercised"] == []
    text = CliRunner().invoke(cli, args).output
    assert "situations not reached" in text and "every clause and every reading" in text
    # Without the situations, the random games leave clauses out, and the summary names each with why.
    quick = ["check", "-r", "mineiro-pairs-it", "--games", "3", "--programs", "0", "--no-situations"]
    data = json.loads(CliRunner().invoke(cli, [*quick, "--json"]).output)
    gaps = {g.get("clause") or g.get("reading"): g["why"] for g in data["unexercised"]}
    assert "HND-10" in gaps and "not run" in gaps["HND-10"]
    assert all(g["ruleset"] == "mineiro-pairs-it" for g in data["unexercised"])  # its own clauses only
    text = CliRunner().invoke(cli, quick).output
    assert "not exercised by this run" in text and "HND-10" in text


def test_situations_lists_and_filters() -> None:
    result = CliRunner().invoke(cli, ["situations", "-r", "mineiro-1v1-es", "--clause", "TEN-4", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)["mineiro-1v1-es"]
    assert found and all("TEN-4" in s["clauses"] for s in found)
    text = CliRunner().invoke(cli, ["situations", "-r", "mineiro-1v1-es", "--family", "ten"]).output
    assert "the hand of ten" in text
