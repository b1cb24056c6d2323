"""`truco check`'s summary names the engine checked and gives each clause its rule."""

from __future__ import annotations

from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.engine.version import ENGINE_NAME
from truco_rules.spec.catalogue import load_catalogue


def test_the_summary_names_the_engine_and_each_clause_s_rule() -> None:
    done = CliRunner().invoke(cli, ["check", "--ruleset", "mineiro-1v1-es", "--games", "2", "--programs", "0",
                                    "--no-situations", "--jobs", "1", "--call-timeout", "0"],
                              terminal_width=200)
    assert done.exit_code == 0, done.output
    assert f"clauses checked: {ENGINE_NAME} (truco_rules.engine.adapter:make_adapter)" in done.output
    title = load_catalogue().clause("SET-1").title["en"]
    row = next(line for line in done.output.splitlines() if "SET-1" in line)
    assert title[:20] in row, row
    closing = next(line for line in done.output.splitlines() if "views checked" in line)
    assert f"engine checked, {ENGINE_NAME} (truco_rules.engine.adapter:make_adapter)" in closing, closing
    bare = CliRunner().invoke(cli, ["check", "--ruleset", "mineiro-1v1-es", "--games", "1", "--programs", "0",
                                    "--no-situations", "--jobs", "1", "--no-coverage", "--call-timeout", "0"],
                              terminal_width=200)
    assert bare.exit_code == 0 and title[:20] not in bare.output
