"""What one run can do (truco_rules/cli/run_bounds.py): --games, --programs and --deals past it are
refused in one line, exit 2, before any work, rather than planned until memory runs out or walked
for days."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.cli.run_bounds import MAX_GAMES, MAX_PROGRAMS


@pytest.mark.parametrize(("args", "says"), [
    (["check", "--games", str(10**15)], f"at most {MAX_GAMES:,} random games"),
    (["check", "--programs", str(MAX_PROGRAMS + 1)], f"at most {MAX_PROGRAMS:,} Hypothesis programs"),
    (["conformance", "--suite", "--games", str(MAX_GAMES + 1)], "random games"),
    (["conformance", "--engine", "truco_rules.engine.adapter:make_adapter", "--out", "page.md",
      "--games", str(10**12)], "random games"),
    (["check", "--exhaustive", "--deals", str(10**9)], "no ruleset checked has that many deal classes"),
    (["conformance", "--suite", "--exhaustive-deals", "116"], "(mineiro-1v1-es has the most, 115)"),
], ids=["games", "programs", "suite-games", "page-games", "deals", "exhaustive-deals"])
def test_a_run_past_what_it_can_do_is_refused_in_one_line(args: list[str], says: str) -> None:
    result = CliRunner().invoke(cli, [*args, "-r", "mineiro-1v1-es"])
    assert result.exit_code == 2, (result.output, result.exception)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("truco: error: ") and says in lines[0], result.output
