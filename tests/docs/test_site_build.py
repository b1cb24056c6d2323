"""The strict build of the four sites and what the generated HTML says."""

from __future__ import annotations

import hashlib
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spec.catalogue import LANGUAGES, load_catalogue
from spec.coverage import coverage
from truco_cli import traceability

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalogue()


def text_of(page_html: str) -> str:
    """The visible text of the article, whitespace collapsed."""
    body = page_html.split("<article", 1)[1].split("</article>", 1)[0]
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", html.unescape(body))


def family_url(cid: str) -> str:
    return f"rules/{cid.rsplit('-', 1)[0].lower()}/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clause_has_its_id_as_anchor_in_every_language(site, lang: str) -> None:
    for cid, clause in CAT.clauses.items():
        page = site.html(lang, family_url(cid))
        heading = re.search(rf'<h2 id="{cid.lower()}">(.*?)</h2>', page, re.S)
        assert heading, f"{lang}: no anchor #{cid.lower()}"
        assert html.escape(clause.title[lang], quote=False) in html.unescape(heading.group(1)) or \
            clause.title[lang] in html.unescape(heading.group(1)), f"{lang} {cid}: title not in heading"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_clause_shows_its_rule_quotes_rulesets_and_ambiguities(site, lang: str) -> None:
    clause = CAT.clause("HND-5")
    text = text_of(site.html(lang, family_url("HND-5")))
    assert clause.text[lang] in text
    for q in clause.sources:  # verbatim, in the rulebook's own language, with file and line
        assert re.sub(r"\s+", " ", q.quote) in text
        assert CAT.sources[q.doc].filename in text
    for rs in clause.rulesets:
        assert rs in text
    page = site.html(lang, family_url("HND-5"))
    for amb in CAT.ambiguities_of_clause("HND-5"):
        assert f'href="../../ambiguities/#{amb.id.lower()}"' in page


def test_every_sentence_of_every_rulebook_is_shown_and_linked(site) -> None:
    for doc, cov in coverage(CAT).items():
        page = site.html("en", f"rulebooks/{doc}")
        text = text_of(page)
        for seg in cov.segments:
            assert re.sub(r"\s+", " ", seg.text) in text, f"{doc} line {seg.line}: {seg.text!r}"
            assert f'id="l{seg.line}"' in page
            for cid in seg.covered_by:
                if cid != "non-normative":
                    assert f'href="../../{family_url(cid)}#{cid.lower()}"' in page, (doc, seg.line, cid)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_003_stands_beside_its_labelled_editorial_reading(site, lang: str) -> None:
    page = site.html(lang, "rulebooks/003")
    text = text_of(page)
    assert "Reglas del Juego Truco Gaudrio 4s5959" in text  # verbatim, damaged
    assert "Reglas del Juego Truco Gaudério ⟦4s5959⟧" in text  # editorial, marked
    assert page.count("<table>") == 1


def test_the_matrix_has_every_clause_and_shows_citations_and_gaps(site) -> None:
    page = site.html("en", "traceability")
    trace = traceability.load(CAT.clauses)
    rows = {m.group(1): m.group(0) for m in re.finditer(r'<tr>\s*<td><a href="[^"]*#([a-z]+-\d+)".*?</tr>',
                                                          page, re.S)}
    assert set(rows) == {cid.lower() for cid in CAT.clauses}
    cited = next(cid for cid in CAT.clauses if trace.cited(cid, "engine"))
    assert trace.cited(cited, "engine")[0].path in rows[cited.lower()]
    assert any("— gap" in row for row in rows.values()) == any(
        not trace.cited(cid, tree) for cid in CAT.clauses for tree in traceability.TREES)


def test_ruleset_table_and_side_by_side_view(site) -> None:
    table = text_of(site.html("en", "compare/rulesets"))
    for rs in CAT.rulesets.values():
        assert rs.name in table
    assert "ten-truco = caller-loses-match" in table and "ten-truco = refused" in table
    same = site.html("en", "compare/rulebooks")
    multi = [c for c in CAT.clauses.values() if len(c.docs()) > 1]
    assert all(f'id="same-{c.id.lower()}"' in same for c in multi)
    assert 'id="same-deck-2"' not in same  # quoted by 003 only


def test_ambiguity_register_shows_readings_defaults_and_witness_state(site) -> None:
    page = site.html("es", "ambiguities")
    for amb in CAT.ambiguities.values():
        assert f'id="{amb.id.lower()}"' in page
        for reading in amb.readings:
            assert f'id="{amb.id.lower()}-{reading.name}"' in page
    trace = traceability.load(CAT.clauses)
    if trace.witnesses is None:
        assert "ninguno calculado todavía" in text_of(page)


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_procedure_translations_follow_the_english_original(lang: str) -> None:
    """Each translation names the version of the original it renders and keeps its every reference.

    When the original changes, this fails until the translations are brought up to date.
    """
    def refs(text: str) -> set[str]:
        found = set(re.findall(r"\b[A-Z]{2,5}-\d+(?:\.\.\d+)?\b|`[^`]+`", text))
        return {r for r in found if not r.startswith("`--reading")}  # its argument names are translated

    original = (ROOT / "docs/guide/procedure.md").read_text(encoding="utf-8")
    translated = (ROOT / f"docs/{lang}/guide/procedure.md").read_text(encoding="utf-8")
    digest = hashlib.sha256(original.encode("utf-8")).hexdigest()[:16]
    assert f"sha256 {digest}" in translated.splitlines()[0], "the English original changed: update it"
    assert refs(translated) == refs(original), sorted(refs(translated) ^ refs(original))


def _build_with_extra_page(tmp_path: Path, content: str) -> subprocess.CompletedProcess[str]:
    """Build the English site plus one hand-written page, strictly."""
    docs = tmp_path / "docs"
    subprocess.run(["cp", "-r", str(ROOT / "docs/en"), str(docs)], check=True)
    (docs / "extra.md").write_text(content, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.en.yml'}\ndocs_dir: {docs}\nsite_dir: {tmp_path / 'site'}\n"
                      f"hooks: [{ROOT / 'docs/hooks/truco_site.py'}]\n"
                      "validation: {omitted_files: info}\n", encoding="utf-8")  # the page is not in the nav
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)],
                          cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("content, message", [
    ("See BET-99.", "unknown BET-99"),
    ("See [BET-4](rules/bet.md#bet-44).", "bet-44"),
    ("See [the rules](rules/nowhere.md).", "nowhere.md"),
])
def test_a_dangling_reference_or_broken_link_fails_the_strict_build(tmp_path: Path, content: str,
                                                                     message: str) -> None:
    pytest.importorskip("material")
    run = _build_with_extra_page(tmp_path, content)
    assert run.returncode != 0 and message in run.stdout + run.stderr, run.stdout + run.stderr


def test_the_same_page_with_a_known_reference_builds(tmp_path: Path) -> None:
    pytest.importorskip("material")
    run = _build_with_extra_page(tmp_path, "See BET-4 and AMB-2.")
    assert run.returncode == 0, run.stdout + run.stderr
    page = (tmp_path / "site/extra/index.html").read_text(encoding="utf-8")
    assert 'href="../rules/bet/#bet-4"' in page and 'href="../ambiguities/#amb-2"' in page
