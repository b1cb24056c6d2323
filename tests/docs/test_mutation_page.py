"""The mutation testing page cannot drift from mutmut's results: its figures, its table by module
and its list of mutants not killed are what scripts/mutation_report.py makes of the committed
results (docs/quality/mutation-results.json) and explanations, in every language."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts_module import load_script

ROOT = Path(__file__).resolve().parents[2]
report = load_script("mutation_report")


def test_every_mutant_not_killed_is_explained_and_every_explanation_is_used() -> None:
    import yaml

    results = json.loads(report.RESULTS.read_text(encoding="utf-8"))
    groups = report.explain(results, yaml.safe_load(report.EXPLANATIONS.read_text(encoding="utf-8")))
    assert sum(len(found) for _, found in groups) == len(results["not_killed"])


def test_the_pages_are_what_the_results_make() -> None:
    for path, text in report.rendered().items():
        assert path.read_text(encoding="utf-8") == text, \
            f"{path.relative_to(ROOT)} is stale: python scripts/mutation_report.py render"


def test_the_figures_add_up() -> None:
    results = json.loads(report.RESULTS.read_text(encoding="utf-8"))
    not_killed = sum(n for c in results["modules"].values() for s, n in c.items() if s not in report.KILLED)
    assert not_killed == len(results["not_killed"])
    assert all(m["file"] in results["modules"] for m in results["not_killed"])


def test_a_page_edited_by_hand_is_caught(tmp_path: Path) -> None:
    page = report.page_path("en").read_text(encoding="utf-8")
    blocks = {"figures": "| Mutants | 1 |", "modules": "", "survivors": ""}
    assert report.render_page(page, blocks) != page, "render must replace what a hand put in the blocks"


def test_the_page_lists_exactly_the_engines_modules() -> None:
    """A figure for a module that is gone, or none for one that exists, means the run is stale:
    scripts/mutation.sh (or --sample K) over today's engine/ makes the page again."""
    results = json.loads(report.RESULTS.read_text(encoding="utf-8"))
    listed = set(results["modules"])
    modules = {f"engine/{p.name}" for p in (ROOT / "engine").glob("*.py") if p.name != "__init__.py"}
    assert not listed - modules, f"the page names modules engine/ lacks: {sorted(listed - modules)}"
    assert not modules - listed, f"the page leaves out modules of engine/: {sorted(modules - listed)}"


def test_a_sample_is_the_same_everywhere_and_about_its_size() -> None:
    """The sample is fixed by the names alone (pinned here: a different hash, or one that depends on
    the process, draws other mutants) and is about one in K of them."""
    names = [f"truco_rules.engine.game.xǁGameǁpush__mutmut_{i}" for i in range(4000)]
    drawn = [int(n.rsplit("_", 1)[1]) for n in names if report.in_sample(n, 4)]
    assert (len(drawn), drawn[:5]) == (1020, [0, 1, 2, 5, 6])
    assert all(report.in_sample(n, 1) for n in names)
