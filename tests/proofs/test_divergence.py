"""The witness search: truncation is reported, never taken for a complete count; the domains live
beside their models."""

from __future__ import annotations

import importlib
import json

import pytest
import z3
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.proofs import divergence
from truco_rules.proofs import register_witnesses as rw
from truco_rules.proofs.setup import make_setup
from truco_rules.proofs.solver import find_all
from truco_rules.proofs.witnesses import WITNESS_FILE
from truco_rules.spec.catalogue import load_catalogue


def test_find_all_says_whether_it_found_everything() -> None:
    x = z3.Int("x")
    ten = z3.And(x >= 0, x < 10)
    assert [len(find_all(ten, [x], limit=n)) for n in (5, 10, 11)] == [5, 10, 10]
    assert [find_all(ten, [x], limit=n).complete for n in (5, 9, 10, 11)] == [False, False, True, True]


def _target(witnesses: list[dict]) -> list[dict]:
    return [w for w in witnesses if w["domain"] == "target"]


def test_a_search_cut_short_is_reported_with_its_witnesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mineiro against Gauderio at the target: five scores (12 to 20) show the same results."""
    es, ga = make_setup("mineiro-1v1-es"), make_setup("gauderio-pairs-es")
    (full,) = _target(divergence.witnesses(es, ga))
    assert full["similar"] == 4 and "search_stopped_at" not in full
    monkeypatch.setattr(divergence, "ENUMERATION_LIMIT", 0)  # ask Z3 one situation at a time
    (z3_full,) = _target(divergence.witnesses(es, ga))
    assert z3_full == full, "the two searches agree when neither is cut short"
    monkeypatch.setattr(divergence, "SEARCH_LIMIT", 3)
    (cut,) = _target(divergence.witnesses(es, ga))
    assert cut["search_stopped_at"] == 3 and cut["similar"] == 2, cut


def test_truco_diff_shows_a_count_from_a_search_cut_short_as_a_lower_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(divergence, "ENUMERATION_LIMIT", 0)
    monkeypatch.setattr(divergence, "SEARCH_LIMIT", 3)
    out = CliRunner().invoke(cli, ["diff", "mineiro-1v1-es", "gauderio-pairs-es"]).output
    assert "(and at least 2 more situations with the same results)" in out, out
    assert "the search stopped at 3 situations" in out, out


def test_each_domain_is_built_beside_its_model() -> None:
    """proofs/<area>_divergence.py holds the domains of the area whose model is proofs/<area>_model.py;
    the register's newer entries keep theirs, small models of their readings, in
    proofs/register_witnesses.py."""
    assert divergence.DOMAINS
    for d in divergence.DOMAINS:
        module = d.build.__module__
        if module == "truco_rules.proofs.register_witnesses":
            assert d.name in {x["name"] for x in rw.DOMAINS}, f"{d.name} is not listed in {module}"
            continue
        beside = module.startswith("truco_rules.proofs.") and module.endswith("_divergence")
        assert beside, f"{d.name}: built in {module}"
        importlib.import_module(module.removesuffix("_divergence") + "_model")
        assert d in importlib.import_module(module).DOMAINS, f"{d.name} is not listed in {module}"


def _all_tied(a: str, b: str, **readings_b: str) -> list[dict]:
    ws = divergence.witnesses(make_setup(a), make_setup(b, readings_b))
    return [w for w in ws if w["domain"] == "hand-resolution" and w["situation"]["rounds"] == ["tie"] * 3]


@pytest.mark.clause("HND-9", "HND-10", "ARG-4")
def test_an_all_tied_witness_names_the_clause_each_ruleset_resolves_it_by() -> None:
    """Three tied rounds: Mineiro 1v1 says nobody scores (HND-9), Mineiro in pairs the dealer's side
    wins (HND-10), Argentino the mano's side wins (ARG-4); Uruguayo takes the same reading from the
    register alone (AMB-1), with no clause of its own."""
    expected = {("mineiro-1v1-es", "argentino-1v1"): ["HND-9", "ARG-4"],
                ("mineiro-pairs-it", "argentino-1v1"): ["HND-10", "ARG-4"],
                ("mineiro-1v1-es", "mineiro-pairs-it"): ["HND-9", "HND-10"],
                ("mineiro-1v1-es", "uruguayo-1v1"): ["HND-9"]}
    for (a, b), clauses in expected.items():
        found = _all_tied(a, b)
        assert found, (a, b)
        for w in found:
            assert w["clauses"] == clauses and w["ambiguities"] == ["AMB-1"], (a, b, w)
    # a reading switched away from the ruleset's own: the clause that states the reading in force
    for w in _all_tied("argentino-1v1", "argentino-1v1", **{"all-rounds-tied": "nobody-scores"}):
        assert w["clauses"] == ["ARG-4", "HND-9"], w


def test_the_clauses_of_a_hand_resolution_witness_belong_to_the_rulesets_compared() -> None:
    """The committed witnesses (truco diff --write-all): each clause listed is a clause of one of
    the two rulesets, or the clause stating a reading one side is switched to."""
    cat = load_catalogue()
    stating = {"nobody-scores": "HND-9", "dealer-side-wins": "HND-10"}
    for comparison in json.loads(WITNESS_FILE.read_text(encoding="utf-8"))["comparisons"]:
        a, b = comparison["a"], comparison["b"]
        switched = {stating.get(s["readings"].get("all-rounds-tied", "")) for s in (a, b)}
        for w in comparison["witnesses"]:
            if w["domain"] != "hand-resolution":
                continue
            for c in w["clauses"]:
                assert {a["ruleset"], b["ruleset"]} & set(cat.clauses[c].rulesets) or c in switched, (
                    a, b, w["situation"], c)
