"""`truco check`'s summary: each clause's rule beside its ID, and the engine checked named in
the closing line (issue 23)."""

from __future__ import annotations

from click.testing import CliRunner

from spec.catalogue import load_catalogue
from truco_cli.main import cli


def test_summary_shows_titles_and_names_the_engine() -> None:
    result = CliRunner().invoke(cli, ["check", "-r", "mineiro-1v1-es", "--games", "1", "--programs", "1",
                                      "--no-situations", "--jobs", "1"], terminal_width=250)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    title = load_catalogue().clause("BET-1").title["en"]
    assert any("BET-1 " in line and " ".join(title.split()[:4]) in line for line in lines), result.output
    closing = next(line for line in lines if "views checked" in line)
    assert "engine checked, the reference engine (engine.adapter:make_adapter)" in closing, closing
