"""Every command that writes to a path: a path that cannot be written is a one-line error and
exit 2, never a traceback. CI runs as root, for whom no permission bit forbids a write, so the
unwritable places are ones that stop root too: a missing folder, a path under a file, a full
device (/dev/full)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from truco_rules.cli.docs_cmds import docs_group
from truco_rules.cli.engine_cmds import simulate_cmd
from truco_rules.cli.prove_cmds import diff


def one_line_error(result: Result, *words: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("truco: error: cannot write"), result.output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "a-file"
    path.write_text("not a folder\n")
    return path


@pytest.mark.parametrize("where", ["missing/records.jsonl", "a-file/records.jsonl"])
def test_simulate_out_where_no_file_can_be(tmp_path: Path, a_file: Path, where: str) -> None:
    out = str(tmp_path / where)
    result = CliRunner().invoke(simulate_cmd, ["-r", "mineiro-1v1-es", "-n", "2", "--out", out])
    one_line_error(result, where)


def test_simulate_out_on_a_full_device() -> None:
    result = CliRunner().invoke(simulate_cmd, ["-r", "mineiro-1v1-es", "-n", "50", "--out", "/dev/full"])
    one_line_error(result, "/dev/full", "No space left")


def test_docs_build_site_dir_under_a_file(a_file: Path) -> None:
    result = CliRunner().invoke(docs_group, ["build", "--lang", "en", "--site-dir", str(a_file / "site")])
    one_line_error(result, "a-file/site")


def test_diff_write_all_to_a_folder_that_is_gone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from truco_rules.proofs import witnesses

    monkeypatch.setattr(witnesses, "WITNESS_FILE", tmp_path / "gone" / "witnesses.json")
    monkeypatch.setattr(witnesses, "build", lambda: {"format": 1, "comparisons": []})  # the write is tested
    one_line_error(CliRunner().invoke(diff, ["--write-all"]), "gone/witnesses.json")


def test_standard_output_on_a_full_device() -> None:
    """Output that cannot be written (here standard output on /dev/full) ends the same way."""
    command = [sys.executable, "-m", "truco_rules.cli", "simulate", "-r", "mineiro-1v1-es", "-n", "30"]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == "truco: error: No space left on device", done.stderr


def test_a_write_is_whole_or_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    from truco_rules.spec.files import atomic_writer, write_text_atomic

    path = tmp_path / "file.txt"
    path.write_text("before\n")
    path.chmod(0o640)
    with pytest.raises(KeyboardInterrupt), atomic_writer(path) as fh:
        fh.write("half of the new")
        raise KeyboardInterrupt
    assert path.read_text() == "before\n" and [p.name for p in tmp_path.iterdir()] == ["file.txt"]
    write_text_atomic(path, "after\n")
    assert path.read_text() == "after\n" and path.stat().st_mode & 0o777 == 0o640
    write_text_atomic("/dev/null", "a device is written in place, never replaced\n")
    assert Path("/dev/null").is_char_device()


def test_simulate_interrupted_keeps_the_earlier_records(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import truco_rules.cli.engine_cmds as engine_cmds

    out = tmp_path / "records.jsonl"
    out.write_text("earlier records\n")
    real, played = engine_cmds.play_match, []

    def interrupted_at_the_third(game, bots):  # type: ignore[no-untyped-def]
        played.append(1)
        if len(played) == 3:
            raise KeyboardInterrupt
        return real(game, bots)

    monkeypatch.setattr(engine_cmds, "play_match", interrupted_at_the_third)
    result = CliRunner().invoke(simulate_cmd, ["-r", "mineiro-1v1-es", "-n", "5", "--out", str(out)])
    assert result.exit_code != 0 and len(played) == 3
    assert out.read_text() == "earlier records\n" and [p.name for p in tmp_path.iterdir()] == [out.name]
