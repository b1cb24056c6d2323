"""The generated corpus of hostile strings (tests/hostile_corpus.py) through every escape of
truco_rules.spec.escape and every writer that uses them, each output read by a real parser of its
format: the site's Markdown (then an HTML parser), ElementTree and minidom (expat), PyYAML, json,
rich. Nothing comes alive, nothing is refused by the parser, and the text reads back as it was (or
as its escapes, where a character cannot stand as it is)."""

from __future__ import annotations

import html.parser
import io
import json
import unicodedata
import xml.dom.minidom
import xml.etree.ElementTree as ET
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from tests.hostile_corpus import CORPUS
from tests.rendered_markdown import code_texts, live_markup, live_payload, render, shown
from truco_rules.spec.escape import (
    HIDDEN,
    html_label,
    html_text,
    json_block,
    json_dumps,
    markup,
    md_code,
    md_fence,
    md_text,
    terminal,
    xml_text,
    yaml_comment,
    yaml_dump,
)

NAMES = sorted(CORPUS)


def _one_visible_line(text: str) -> None:
    assert len(text.splitlines()) <= 1, text[:200]
    assert not [c for c in text if unicodedata.category(c) in HIDDEN], text[:200]
    text.encode("utf-8")  # a lone surrogate would raise here


def _words(text: str) -> str:
    """Text as Markdown leaves it in HTML: its spaces at either end dropped."""
    return text.strip()


@pytest.mark.parametrize("name", NAMES)
def test_the_terminal(name: str) -> None:
    from rich.console import Console

    s = CORPUS[name]
    _one_visible_line(terminal(s))
    out = io.StringIO()
    Console(file=out, width=10**6, highlight=False, soft_wrap=True, color_system=None).print(markup(s))
    # rich shows the markup and applies none (a backslash at the end is doubled, so that it cannot
    # escape the markup that follows it)
    assert out.getvalue() == terminal(s) + ("\\" if terminal(s).endswith("\\") else "") + "\n"


@pytest.mark.parametrize("name", NAMES)
def test_markdown_text_in_a_paragraph_a_heading_and_a_table(name: str) -> None:
    s, text = CORPUS[name], md_text(CORPUS[name])
    _one_visible_line(text)
    for page in (f"x {text} y", text, f"## {text}", f"- {text}"):
        assert live_payload(page) == [], page[:300]
        assert _words(terminal(s)) in shown(page), page[:300]
    table = f"| a | b |\n|---|---|\n| {md_text(s, table=True)} | z |\n"
    html = render(table)
    assert live_markup(html) == [] and html.count("<td>") + html.count("<td ") == 2, html[:500]
    assert _words(terminal(s)) in [line.strip() for line in shown(table).split("\n")], html[:500]


@pytest.mark.parametrize("name", NAMES)
def test_markdown_text_that_keeps_its_lines(name: str) -> None:
    s = CORPUS[name]
    text = md_text(s, lines=True)
    assert "\r" not in text and len(text.split("\n")) == len(s.split("\n"))
    assert live_payload(text) == []
    cell = md_text(s, table=True, lines=True)
    assert "\n" not in cell and live_payload(f"| a |\n|---|\n| {cell} |\n") == []


@pytest.mark.parametrize("name", NAMES)
def test_a_code_span(name: str) -> None:
    s = CORPUS[name]
    span = md_code(s)
    _one_visible_line(span)
    page = f"x {span} y"
    assert live_payload(page) == []
    assert [c.strip() for c in code_texts(page)] == [terminal(s).strip()], span[:200]
    cell = md_code(s, table=True)
    html = render(f"| a | b |\n|---|---|\n| {cell} | z |\n")
    assert live_markup(html) == [] and html.count("<td") == 2, html[:500]


@pytest.mark.parametrize("name", NAMES)
def test_a_fenced_block_at_the_top_and_in_a_list_item(name: str) -> None:
    s = CORPUS[name]
    lines = "\n".join(terminal(line) for line in s.split("\n"))
    for page in (md_fence(s, "sh"), "- item:\n\n" + md_fence(s, "sh", indent="    ") + "\n\nafter"):
        assert "\r" not in page
        assert live_payload(page) == []
        # (a line of spaces only comes out empty: Markdown's business, not a danger)
        assert [[x.rstrip() for x in c.split("\n")] for c in code_texts(page)] == [
            [x.rstrip() for x in (lines + "\n").split("\n")]], page[:300]


@pytest.mark.parametrize("name", NAMES)
def test_json_in_a_fenced_block_reads_back(name: str) -> None:
    data = {"says": CORPUS[name], CORPUS[name]: [CORPUS[name]]}
    (code,) = code_texts("```json\n" + json_block(data) + "\n```")
    assert json.loads(code) == data


@pytest.mark.parametrize("name", NAMES)
def test_html(name: str) -> None:
    s = CORPUS[name]
    page = f'<p title="{html_text(s)}">{html_text(s)}</p>'
    assert live_markup(page) == []
    from tests.rendered_markdown import _parse

    parsed = _parse(page)
    assert parsed.tags == [("p", [("title", terminal(s))])] and "".join(parsed.text) == terminal(s)


@pytest.mark.parametrize("name", NAMES)
def test_an_html_label_written_raw_or_stripped_and_unescaped(name: str) -> None:
    """As MkDocs writes a navigation title ({{ title }}) and the theme a page title (| striptags)."""
    markupsafe = pytest.importorskip("markupsafe")
    label = html_label(CORPUS[name])
    _one_visible_line(label)
    for written in (label, markupsafe.Markup(label).striptags()):
        page = f'<a title="{written}" href="x">{written}</a><title>{written}</title>'
        assert live_markup(page) == [] and not set(written) & set("<>&\"'"), written[:200]


@pytest.mark.parametrize("name", NAMES)
def test_xml(name: str) -> None:
    s = CORPUS[name]
    root = ET.Element("testcase", name=xml_text(s), message=xml_text(s))
    root.text = xml_text(s)
    text = ET.tostring(root, encoding="unicode")
    for parsed in (ET.fromstring(text), xml.dom.minidom.parseString(text.encode("utf-8")).documentElement):
        attr = parsed.get("message") if isinstance(parsed, ET.Element) else parsed.getAttribute("message")
        assert attr == xml_text(s)
    assert ET.fromstring(text).text in (xml_text(s), None if not s else xml_text(s))


@pytest.mark.parametrize("name", NAMES)
def test_yaml(name: str) -> None:
    s = CORPUS[name]
    assert yaml.safe_load(f"# {yaml_comment(s)}\nx: 1\n") == {"x": 1}
    data = {"key": s, "list": [s], "format": "x"}
    assert yaml.safe_load(yaml_dump(data)) == data
    yaml_dump(data).encode("utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_json(name: str) -> None:
    data = {"k": CORPUS[name], CORPUS[name]: [CORPUS[name], 1]}
    for kwargs in ({}, {"indent": 0}, {"indent": 1, "sort_keys": True}, {"separators": (",", ":")}):
        text = json_dumps(data, **kwargs)
        text.encode("utf-8")
        assert json.loads(text) == data


# --- the writers ----------------------------------------------------------------------------------

def _suite_run() -> Any:
    from truco_rules.spec.conformance.outputs import SuiteRun
    from truco_rules.spec.conformance.run import CaseResult

    run = SuiteRun(CORPUS["everything"], "9.9.9", ["mineiro-1v1-es"], applicable={"CARD-2"})
    for status in ("fail", "error", "skip"):
        run.results += [CaseResult(f"mineiro-1v1-es/{name}/{s}"[:400], "mineiro-1v1-es", status, s,
                                   clause=s[:50]) for name, s in CORPUS.items()]
    run.results.append(CaseResult("mineiro-1v1-es/x", "mineiro-1v1-es", "pass", "", clauses=("CARD-2",)))
    return run


def test_the_suites_junit_summary_badge_results_and_expectations(tmp_path: Any) -> None:
    from truco_rules.site import site_matrix
    from truco_rules.site.site_md import Ctx
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.conformance.expect import expectations_text, load_expectations
    from truco_rules.spec.conformance.outputs import badge, junit_xml, results_file, summary_md

    run = _suite_run()
    junit = junit_xml(run)
    cases = ET.fromstring(junit.encode("utf-8")).findall(".//testcase")
    assert len(cases) == len(run.results)
    xml.dom.minidom.parseString(junit.encode("utf-8"))
    summary = summary_md(run, limit=10**6)
    assert live_payload(summary) == []
    summary_html = render(summary)
    rows = [r for r in summary_html.split("<tr>")[1:]]
    assert all(r.count("<td") in (0, 4, 7) for r in rows), "a message broke out of its table cell"
    json.loads(badge(run))
    results = results_file(run, CORPUS["everything"])
    assert json.loads(results)["engine"] == run.engine
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "evil.json").write_text(results, encoding="utf-8")
    warnings: list[str] = []
    ctx = Ctx(lang="en", cat=load_catalogue(), coverage={}, trace=None, warn=warnings.append)
    page = site_matrix.matrix_page(ctx, folder)
    assert not warnings and live_payload(page) == []
    assert [c for c in code_texts(page) if "everything" not in c and "\n" in c] == [
        "\n".join(terminal(line) for line in CORPUS["everything"].split("\n")) + "\n"]
    failed = {r.id: f"{r.status}: {r.message}"[:300] for r in run.results if r.status in ("fail", "error")}
    text = expectations_text(failed, "9.9.9", CORPUS["everything"])
    (tmp_path / "expect.yaml").write_text(text, encoding="utf-8")
    assert load_expectations(tmp_path / "expect.yaml") == {k: v[:500] for k, v in failed.items()}


def _finding(says: str, clause: str = "CARD-2") -> Any:
    from truco_rules.spec.monitor.findings import Finding
    from truco_rules.spec.monitor.violation import Violation

    return Finding(Violation(3, clause, says, says=says, field=says, hand=1, action=2), "legal", (1, 2), says)


def test_a_bug_report_and_a_conformance_page(tmp_path: Any) -> None:
    from truco_rules.cli.conformance_page import render as conformance_page
    from truco_rules.cli.conformance_page import section
    from truco_rules.spec.monitor.findings import Group
    from truco_rules.spec.monitor.reports import page, read_repro
    from truco_rules.spec.monitor.trace import REFUSED, Step, Trace

    evil = CORPUS["everything"]
    steps = [Step(0, s, REFUSED) for s in CORPUS.values()]
    trace = Trace("mineiro-1v1-es", {}, 1, [{"hands": [[evil, "7H", "AS"], ["4C", "5C", evil]]}], steps)
    for clause in ("CARD-2", "ENGINE"):
        first = _finding(evil, clause)
        group = Group(first.key, first, games=[3], units=[3])
        group.consequences["BET-4"] = 2
        group.examples["BET-4"] = _finding(evil, "BET-4")
        held = [(0, first.violation, 1)]
        report = page(group, trace, first, 40, evil, 10, f"truco replay {evil}", held)
        assert live_payload(report) == [], clause
        script = read_repro(report)
        assert [s["action"] for s in script["steps"]] == list(CORPUS.values())
        text = section(group, trace, first, 40, evil, 10, f"truco replay {evil}", held, "es")
        total = SimpleNamespace(games=10, programs=0, steps=5, refusals=1)
        whole = conformance_page("es", evil, f"truco conformance {evil}", evil, "mineiro-1v1-es", total,
                                 [{"clause": clause, "category": "legal", "games": 1, "reproduced": True}],
                                 [text], [("CARD-1", 3)], ["BET-1"])
        assert live_payload(whole) == [], clause
        (code,) = [c for c in code_texts(whole) if c.startswith("{")]
        assert [s["action"] for s in json.loads(code)["steps"]] == list(CORPUS.values())


class _Live(html.parser.HTMLParser):
    """What of a built page the corpus brought to life: an event handler (the theme writes none),
    a javascript: address, an attribute that holds one of its scripts (alert(...)), or a script
    element that runs one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_script = tag == "script"
        self.found += [f"<{tag} {k}={v}>" for k, v in attrs
                       if k.startswith("on") or "alert(" in f"{k}={v}"
                       or (v or "").strip().lower().startswith("javascript:")]

    def handle_data(self, data: str) -> None:
        if self.in_script and "alert(" in data:
            self.found.append(f"<script>{data[:80]}")

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False


@pytest.mark.slow
def test_the_built_site_shows_a_hostile_report_and_results_file_as_text(tmp_path: Any) -> None:
    """A conformance page written from a hostile engine (its actions, under a hostile title) and a
    hostile results file, built into the site (TRUCO_CONFORMANCE_DIR): every page of the built site
    is read by an HTML parser, and none holds the corpus alive; the build is strict (no warning)."""
    pytest.importorskip("mkdocs", reason="needs the docs extra: pip install -e '.[docs]'")
    import os
    import subprocess
    import sys

    from tests.hostile_corpus import SHORT
    from truco_rules.spec.conformance.outputs import results_file

    folder = tmp_path / "conformance"
    (folder / "results").mkdir(parents=True)
    (folder / "results" / "evil.json").write_text(results_file(_suite_run(), CORPUS["everything"]),
                                                  encoding="utf-8")
    env = {**os.environ, "TRUCO_CONFORMANCE_DIR": str(folder)}
    truco = [sys.executable, "-m", "truco_rules.cli"]
    # A title can hold no lone surrogate, but bytes that are not UTF-8: Python reads them as lone
    # surrogates (surrogateescape).
    title = os.fsencode("".join(c for c in SHORT if not 0xD800 <= ord(c) <= 0xDFFF)) + b" \xff\xfe"
    page = subprocess.run([*truco, "conformance", "--engine", "tests.planted.hostile:lists_html", "-r",
                           "mineiro-1v1-es", "--games", "1", "--programs", "0", "--jobs", "1", "--title",
                           title, "--out", str(folder / "evil.md")], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    assert page.returncode == 1 and "Traceback" not in page.stderr, page.stderr[-2000:]
    site = tmp_path / "site"
    built = subprocess.run([*truco, "docs", "build", "--lang", "en", "--site-dir", str(site)],
                           capture_output=True, text=True, env=env, timeout=600, check=False)
    log = built.stdout + built.stderr
    # Strict: a warning about the hostile pages fails the test. (Warnings about other pages are
    # the rest of the site's, which its own tests, tests/docs, answer for; the pages are written.)
    warnings = [line for line in log.splitlines() if "WARNING" in line]
    assert built.returncode == 0 or warnings, log[-3000:]
    assert not [w for w in warnings if "conformance" in w or "evil" in w], warnings
    pages = list((site / "en").rglob("*.html"))
    assert (site / "en" / "conformance" / "evil" / "index.html") in pages
    assert (site / "en" / "conformance" / "matrix" / "index.html") in pages
    for path in pages:
        parser = _Live()
        parser.feed(path.read_text(encoding="utf-8"))
        assert parser.found == [], f"{path.relative_to(site)}: {parser.found[:3]}"
    matrix = (site / "en" / "conformance" / "matrix" / "index.html").read_text(encoding="utf-8")
    assert "alert(1)" in matrix  # shown, as text
