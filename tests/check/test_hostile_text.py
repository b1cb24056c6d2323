"""Text an engine or a record controls shows as text: never live HTML in a page or on the site,
never an escape sequence on a terminal (truco_rules.spec.monitor.untrusted)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from click.testing import CliRunner

from tests.planted.hostile import PAYLOAD
from tests.rendered_markdown import live_payload, shown
from truco_rules.cli.main import cli
from truco_rules.spec.monitor.untrusted import json_block, md_code, md_text, visible

ES = "mineiro-1v1-es"
def prose(page: str) -> str:
    """The page without its fenced code blocks (Markdown shows what they hold as written)."""
    return re.sub(r"^( *)```.*?^\1```$", "", page, flags=re.MULTILINE | re.DOTALL)


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize("factory", ["raises_html", "lists_html"])
def test_a_conformance_page_shows_an_engines_html_as_text(factory: str, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "page.md"
    code, output = invoke("conformance", "--engine", f"tests.planted.hostile:{factory}", "--ruleset", ES,
                          "--games", "1", "--programs", "0", "--jobs", "1", "--out", str(out))
    assert code == 1, output
    page = out.read_text(encoding="utf-8")
    assert "alert(1)" in shown(prose(page)) and "<script>" not in prose(page), page
    assert "<img" not in prose(page), page
    assert "\u2028" not in page and "\x1b" not in page
    assert live_payload(page) == []


@pytest.mark.parametrize("factory", ["raises_html", "lists_html"])
def test_a_report_page_shows_an_engines_html_as_text(factory: str, tmp_path: pathlib.Path) -> None:
    code, output = invoke("check", "--engine", f"tests.planted.hostile:{factory}", "--ruleset", ES,
                          "--games", "1", "--programs", "0", "--no-situations", "--jobs", "1",
                          "--report", str(tmp_path))
    assert code == 1, output
    (page,) = [p.read_text(encoding="utf-8") for p in tmp_path.glob("[0-9][0-9][0-9]-*.md")]
    assert "alert(1)" in shown(prose(page)) and "<script>" not in prose(page), page
    assert "<img" not in prose(page), page
    assert live_payload(page) == []
    code, output = invoke("replay", str(next(tmp_path.glob("[0-9][0-9][0-9]-*.md"))), "--engine",
                          f"tests.planted.hostile:{factory}")
    assert code == 1 and "\x1b" not in output and "\\x1b[2J" in output, output


def test_the_checks_terminal_output_shows_escapes_and_markup_as_text() -> None:
    code, output = invoke("check", "--engine", "tests.planted.hostile:raises_html", "--ruleset", ES,
                          "--games", "1", "--programs", "0", "--no-situations", "--jobs", "1")
    assert code == 1, output
    assert "\x1b" not in output and "\x07" not in output and "\u2028" not in output, output
    assert "\\x1b[2J" in output and "[bold red]markup[/bold red]" in output, output


def test_the_helpers_keep_text_whole_and_inert() -> None:
    assert visible("play 4C") == "play 4C" and visible("a\nb\x1b") == "a\\nb\\x1b"
    assert md_text("allows ['flor']") == "allows \\['flor'\\]"
    assert md_code("play 4C") == "`play 4C`" and md_code("a`b") == "`` a`b ``"
    data = {"says": PAYLOAD + "\x85\u2029\n"}
    block = json_block(data)
    assert json.loads(block) == data, "the script in a page reads back the same"
    assert block.splitlines() == block.split("\n"), "no character of it ends a line early"


def test_an_error_that_quotes_an_engine_shows_its_escapes_as_text() -> None:
    code, output = invoke("check", "--engine", "tests.planted.raises_at_import:make_adapter", "--games", "1")
    assert code == 2 and "cannot import" in output and len(output.strip().splitlines()) == 1, output
    assert "\x1b" not in output and "\\x1b[2J" in output, output


def test_a_protocol_engines_name_and_error_message_show_as_text(tmp_path: pathlib.Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex
    import sys

    engine = [sys.executable, str(pathlib.Path(__file__).parents[1] / "planted" / "protocol_engine.py")]
    monkeypatch.setenv("TRUCO_PLANTED", json.dumps({"name": PAYLOAD, "error": {"record": PAYLOAD}}))
    code, output = invoke("check", "--engine-cmd", shlex.join(engine), "--ruleset", ES, "--games", "1",
                          "--programs", "0", "--no-situations", "--jobs", "1", "--report", str(tmp_path))
    assert code == 1 and "the engine answered with an error" in output, output
    assert "\x1b" not in output and "\\x1b[2J" in output, output
    (page,) = [p.read_text(encoding="utf-8") for p in tmp_path.glob("[0-9][0-9][0-9]-*.md")]
    assert shown(page).count("alert(1)") >= 2 and "<script>" not in prose(page), page
    assert live_payload(page) == []


def test_validate_shows_a_records_terminal_escapes_as_text(tmp_path: pathlib.Path) -> None:
    from tests.spec.spec_records import CONFORMING

    record = json.loads(json.dumps(CONFORMING["mineiro_runs"]()))
    record["hands"][0]["deal"][0][0] = "\x1bc"  # a card name of two characters: ESC c resets the terminal
    path = tmp_path / "records.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, output = invoke("validate", str(path))
    assert code == 1 and "[DECK-1]" in output, output
    assert "\x1b" not in output and "(record: \\x1bc)" in output, output
