"""The site's conformance matrix: built from the published results files, which are current, and
safe with a results file written by anyone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from truco_rules.site import site_matrix
from truco_rules.site.site_md import Ctx
from truco_rules.spec.catalogue import load_catalogue

ROOT = Path(__file__).resolve().parents[2]

RESULTS = ROOT / "docs" / "conformance" / "results"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.stem for p in RESULTS.glob("*.json")))
def test_a_published_results_file_is_what_its_command_writes_now(name: str, tmp_path: Path) -> None:
    published = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))
    argv = published["command"].split(" ", 2)  # "truco conformance --suite ..."
    import shlex

    args = shlex.split(argv[2])
    fresh = tmp_path / f"{name}.json"
    done = subprocess.run(
        [sys.executable, "-m", "truco_rules.cli", "conformance", *args, "--results", str(fresh)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert fresh.read_text(encoding="utf-8") == (RESULTS / f"{name}.json").read_text(encoding="utf-8"), (
        f"docs/conformance/results/{name}.json is stale: run its command with --results"
    )


def _ctx(warnings: list[str], lang: str = "en") -> Ctx:
    return Ctx(lang=lang, cat=load_catalogue(), coverage={}, trace=None, warn=warnings.append)


def test_the_matrix_shows_every_engine_and_each_rulesets_clauses() -> None:
    warnings: list[str] = []
    page = site_matrix.matrix_page(_ctx(warnings))
    assert not warnings
    for path in RESULTS.glob("*.json"):
        assert json.loads(path.read_text(encoding="utf-8"))["engine"].split(" ")[0] in page
    assert "| ✗ |" in page or "✗" in page.split("Clause by clause", 1)[1]  # the package engines break rules


def test_a_hostile_results_file_is_text_and_a_malformed_one_a_warning(tmp_path: Path) -> None:
    evil = "<img src=x onerror=alert(1)>`\n```"
    (tmp_path / "evil.json").write_text(
        json.dumps(
            {
                "format": "truco-suite-results/1",
                "suite": "1.0.0",
                "engine": evil,
                "command": "truco x ```\nrm -rf /",
                "rulesets": ["mineiro-1v1-es"],
                "badge": evil,
                "clauses": {"held": [], "broken": ["CARD-2"]},
                "cases": [{"id": f"mineiro-1v1-es/{evil}", "status": "fail"}],
            }
        ),
        encoding="utf-8",
    )
    (tmp_path / "broken.json").write_text('{"format": "truco-suite-results/1", "cases": 3}', encoding="utf-8")
    warnings: list[str] = []
    page = site_matrix.matrix_page(_ctx(warnings, "es"), tmp_path)
    assert "<img" not in page and "&lt;img" in page
    assert "\n    rm -rf /" not in page and page.count("```") == 2  # the command stays inside its code block
    assert len(warnings) == 1 and "broken.json" in warnings[0]
    empty: list[str] = []
    assert "Todavía no" in site_matrix.matrix_page(_ctx(empty, "es"), tmp_path / "none")
