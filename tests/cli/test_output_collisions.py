"""Outputs that cannot collide (truco_rules/cli/output_paths.py): two outputs naming one file, or an
output naming a file the run reads, are refused before any work, in one line, exit 2, and nothing
is written; a report folder is written by one run at a time, and a second run says so in one line
before it plays a game."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from truco_rules.cli.main import cli

SUITE = ["conformance", "--suite", "-r", "mineiro-1v1-es", "--games", "1", "--programs", "0", "--jobs", "1"]


def one_line_error(result: Result, *words: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("truco: error: "), result.output
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


def test_four_outputs_in_one_file_are_refused_before_any_work(tmp_path: Path) -> None:
    f = str(tmp_path / "out")
    result = CliRunner().invoke(cli, [*SUITE, "--junit", f, "--summary-md", f, "--badge", f, "--results", f])
    one_line_error(result, "--junit", "same file")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("how", ["symlink", "hardlink", "dot-dot"])
def test_the_same_file_by_another_name_is_the_same_file(tmp_path: Path, how: str) -> None:
    real = tmp_path / "junit.xml"
    real.write_text("before\n")
    other = tmp_path / "other.xml"
    if how == "symlink":
        other.symlink_to(real)
    elif how == "hardlink":
        os.link(real, other)
    else:
        (tmp_path / "sub").mkdir()
        other = tmp_path / "sub" / ".." / "junit.xml"
    result = CliRunner().invoke(cli, [*SUITE, "--junit", str(real), "--results", str(other)])
    one_line_error(result, "same file")
    assert real.read_text() == "before\n"


def test_an_output_over_the_expectations_it_reads_is_refused_but_the_ratchet_may_update_them(
        tmp_path: Path) -> None:
    expect = tmp_path / "expect.yaml"
    expect.write_text("format: truco-expectations/1\nfailures: {}\n")
    result = CliRunner().invoke(cli, [*SUITE, "--expect-failures", str(expect), "--junit", str(expect)])
    one_line_error(result, "--junit", "--expect-failures")
    assert expect.read_text() == "format: truco-expectations/1\nfailures: {}\n"
    result = CliRunner().invoke(cli, [*SUITE, "--expect-failures", str(expect), "--write-expectations",
                                      str(expect), "--junit", os.devnull, "--badge", os.devnull])
    assert result.exit_code == 0, result.output  # a device is written in place: naming it twice is fine
    assert "truco-expectations/1" in expect.read_text()


def test_a_report_folder_in_use_is_refused_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "summary.json").write_text("{}")
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as another run holds it
        result = CliRunner().invoke(cli, ["check", "-r", "mineiro-1v1-es", "--games", "1", "--programs", "0",
                                          "--no-situations", "--jobs", "1", "--report", str(folder)])
        one_line_error(result, "in use by another run")
    finally:
        os.close(fd)
    assert [p.name for p in folder.iterdir()] == ["summary.json"]
