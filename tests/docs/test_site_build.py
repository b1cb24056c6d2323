"""The strict build of the four sites and what the generated HTML says."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from page_text import text_of

from tests.docs.served_site import served_site
from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.spec.clause_ids import CLAUSE_ID
from truco_rules.spec.coverage import coverage
from truco_rules.text import traceability

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalogue()


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
    page = site.html(lang, family_url("HND-5"))
    for q in clause.sources:  # verbatim, in the rulebook's own language, with its number and line
        assert re.sub(r"\s+", " ", q.quote) in text
        assert f"{q.doc} · " in text and f'href="../../rulebooks/{q.doc}/#l' in page
    for rs in clause.rulesets:  # by name, linked to the ruleset's own page
        assert f'href="../../rulesets/{rs}/"' in page
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
        found = set(re.findall(rf"\b{CLAUSE_ID}(?:\.\.[0-9]+)?\b|`[^`]+`", text))
        return {r for r in found if not r.startswith("`--reading")}  # its argument names are translated

    original = (ROOT / "docs/en/guide/procedure.md").read_text(encoding="utf-8")
    translated = (ROOT / f"docs/{lang}/guide/procedure.md").read_text(encoding="utf-8")
    digest = hashlib.sha256(original.encode("utf-8")).hexdigest()[:16]
    assert f"sha256 {digest}" in translated.splitlines()[0], "the English original changed: update it"
    assert refs(translated) == refs(original), sorted(refs(translated) ^ refs(original))


def _build_with_extra_pages(folder: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Build the English site plus hand-written pages (name -> Markdown), strictly."""
    docs = folder / "docs"
    shutil.copytree(ROOT / "docs/en", docs)
    for name, content in pages.items():
        (docs / name).write_text(content, encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.en.yml'}\ndocs_dir: {docs}\nsite_dir: {folder / 'site'}\n"
                      f"hooks: [{ROOT / 'docs/hooks/mkdocs_hooks.py'}]\n"
                      "validation: {omitted_files: info}\n", encoding="utf-8")  # the pages are not in the nav
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)],
                          cwd=ROOT, capture_output=True, text=True, check=False)


BROKEN_PAGES = {  # page -> (content, what the build's warning about it says)
    "unknown-id.md": ("See BET-99.", "unknown BET-99"),
    "unknown-anchor.md": ("See [BET-4](rules/bet.md#bet-44).", "bet-44"),
    "unknown-page.md": ("See [the rules](rules/nowhere.md).", "nowhere.md"),
}


KNOWN_PAGE = "known-reference.md"  # beside them, a page whose references are all right


@pytest.fixture
def broken_build(request: pytest.FixtureRequest) -> tuple[int, str, str]:
    """One strict build with every broken page and the good one, shared by the session's workers: a
    strict build reports every warning, so each page's own warnings are looked for below. Returns
    (exit code, build log, the good page's HTML)."""
    pytest.importorskip("material")

    def build(folder: Path) -> tuple[int, str, str]:
        pages = {name: content for name, (content, _) in BROKEN_PAGES.items()}
        run = _build_with_extra_pages(folder, {**pages, KNOWN_PAGE: "See BET-4 and AMB-2."})
        known = folder / "site" / Path(KNOWN_PAGE).stem / "index.html"
        html = known.read_text(encoding="utf-8") if known.exists() else ""
        return run.returncode, run.stdout + run.stderr, html

    returncode, log, known_html = served_site(request.config).once("broken-build", build)
    return returncode, log, known_html


def _warnings(log: str) -> list[str]:
    return [line for line in log.splitlines() if line.startswith("WARNING")]


@pytest.mark.parametrize("name", BROKEN_PAGES)  # not `page`: pytest-playwright's fixture name
def test_a_dangling_reference_or_broken_link_fails_the_strict_build(broken_build: tuple[int, str, str],
                                                                     name: str) -> None:
    returncode, log, _ = broken_build
    message = BROKEN_PAGES[name][1]
    assert returncode != 0 and any(name in w and message in w for w in _warnings(log)), log


def test_the_same_page_with_a_known_reference_builds(broken_build: tuple[int, str, str]) -> None:
    """Every warning of that build is about a broken page: without them it would pass strictly."""
    _, log, page = broken_build
    assert all(any(name in w for name in BROKEN_PAGES) for w in _warnings(log)), log
    assert 'href="../rules/bet/#bet-4"' in page and 'href="../ambiguities/#amb-2"' in page, log


# --- the pages for readers -------------------------------------------------------------------------

def _pages(site, lang: str) -> list[Path]:
    return sorted((site.root / lang).rglob("index.html"))


def _visible(page_html: str, quotes: bool = True, code: bool = True) -> str:
    """The article's text outside code listings (<pre>), tags removed; without the verbatim quotes
    of the rulebooks (<blockquote>) if `quotes` is false, without inline code if `code` is false."""
    body = page_html
    if "<article" in body:
        body = body.split("<article", 1)[1].split("</article>", 1)[0]
    body = re.sub(r"<pre\b.*?</pre>", " ", body, flags=re.S)
    if not code:
        body = re.sub(r"<code\b.*?</code>", " ", body, flags=re.S)
    if not quotes:  # nor the names the glossary gives in the other languages (marked lang)
        body = re.sub(r"<blockquote\b.*?</blockquote>", " ", body, flags=re.S)
        body = re.sub(r"<span lang=\"[a-z]{2}\">.*?</span>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


# JSON objects or Python dicts/lists of strings as a reader would see them: {"a": ..., {'a': ..., ["a", ...
DATA_LIKE = re.compile(r"""[{\[]\s*["'][\w -]+["']\s*[:,]|["']\w+["']\s*:\s*[\d"'\[{]""")
# The witness data's own English results (proofs/witnesses.json): never on a page in another language.
_WITNESS_DATA = json.loads((ROOT / "proofs/witnesses.json").read_text(encoding="utf-8"))
ENGLISH_OUTCOMES = sorted({v for c in _WITNESS_DATA["comparisons"] for w in c["witnesses"]
                           for r in (w["a"], w["b"]) for v in (r.values() if isinstance(r, dict) else [r])
                           if isinstance(v, str) and " " in v})
# The record format page documents a JSON format, with the schema's own (English) descriptions.
# Pages that show data on purpose: the record format's guide, and the engines' conformance reports,
# which show the engine's actions, seats and sides as the protocol names them, and its reproduction
# script (their prose is in each language and in words: tests/docs/test_conformance_pages.py).
REPORTS = Path(__file__).resolve().parents[2] / "docs" / "conformance"
DATA_PAGES = ("guide/record-format/", *(f"conformance/{p.stem}/" for p in REPORTS.glob("*.md")))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_json_or_python_data(site, lang: str) -> None:
    offenders = []
    pages = _pages(site, lang)
    for scanned in ("rulesets/argentino-1v1", "rulesets/uruguayo-1v1", "rules/arg", "rules/uru",
                    "compare/rulesets"):
        assert site.root / lang / scanned / "index.html" in pages, scanned
    for path in pages:
        if any(str(path.parent.relative_to(site.root / lang)) + "/" == p for p in DATA_PAGES):
            continue
        page = path.read_text(encoding="utf-8")
        # The guides document the record format and the commands: their inline code may show a field.
        text = _visible(page, code="/guide/" not in str(path))
        found = DATA_LIKE.search(text)
        if found:
            around = text[max(0, found.start() - 40):found.end() + 40]
            offenders.append(f"{path.relative_to(site.root)}: …{around}…")
        if re.search(r"\bside [01]\b", text) and "/guide/" not in str(path):  # guides document seats
            offenders.append(f"{path.relative_to(site.root)}: sides by number")
        if lang != "en" and "/rulebooks/" not in str(path):  # the English rulebook is verbatim
            own = _visible(page, quotes=False)
            offenders += [f"{path.relative_to(site.root)}: English {e!r}"
                          for e in ENGLISH_OUTCOMES if e in own]
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_way_in_glossary_and_differences_pages(site, lang: str) -> None:
    from truco_rules.text.glossary import load_glossary

    for page in ("start/truco", "start/variants", "start/glossary", "start/differences"):
        assert "<h1" in site.html(lang, page)
    glossary = site.html(lang, "start/glossary")
    for term in load_glossary():
        assert f'id="term-{term.id}"' in glossary
        target = (f"ambiguities/#{term.entry.lower()}" if term.entry
                  else f"{family_url(term.clause)}#{term.clause.lower()}")
        assert f'href="../../{target}"' in glossary
    differences = site.html(lang, "start/differences")
    for amb in CAT.ambiguities.values():
        assert f'href="../../ambiguities/#{amb.id.lower()}"' in differences
    if traceability.load(CAT.clauses).witnesses is not None:  # the examples, grouped by rulebook
        text = text_of(differences)
        # the rulesets beyond the rulebooks join a group of rulebooks that give the same result
        assert re.search(r"000 , 001 , 003(?: , [a-z0-9-]+)* : \S", text) and "002 : " in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pictures_are_drawn_from_the_ruleset_data(site, lang: str) -> None:
    from truco_rules.site.ruleset_pictures import ruleset_pictures_data

    page = site.html(lang, "start/variants")
    for rs in CAT.rulesets:
        groups, steps = ruleset_pictures_data(rs)
        svg = re.search(rf'<svg class="truco-cards"[^>]*data-ruleset="{rs}".*?</svg>', page, re.S)
        assert svg, rs
        assert svg.group(0).count('class="card-group"') == len(groups)
        assert svg.group(0).count('class="card"') == sum(len(g) for g in groups)
        assert all(step.names.get(lang) for step in steps[1:])
    assert page.count('<pre class="mermaid">') == len(CAT.rulesets)
    # One copy of Mermaid for the four languages, at the site's root: start/variants/ is two below
    # its language's root, three below the site's.
    assert page.count('src="../../../assets/javascripts/mermaid.min.js"') == 1
    assert (site.root / "assets/javascripts/mermaid.min.js").stat().st_size > 1_000_000
    assert not (site.root / lang / "assets/javascripts/mermaid.min.js").exists()


def test_code_links_go_to_the_exact_line(site) -> None:
    trace = traceability.load(CAT.clauses)
    cid, cite = next((cid, cites[0]) for cid in CAT.clauses if (cites := trace.cited(cid, "engine")))
    assert f'href="../../code/{cite.path}.html#L{cite.line}"' in site.html("en", family_url(cid))
    view = (site.root / "en/code" / f"{cite.path}.html").read_text(encoding="utf-8")
    assert f'<span id="L{cite.line}">' in view
    source_line = (ROOT / cite.path).read_text(encoding="utf-8").splitlines()[cite.line - 1]
    assert html.escape(source_line) in view
    page = site.html("en", "rules/card")
    assert "<details" in page and "manilha" in page.split("<details", 1)[1].lower()  # the spec function


def test_search_splits_on_punctuation_and_boosts_clause_pages(site) -> None:
    index = json.loads((site.root / "en/search/search_index.json").read_text(encoding="utf-8"))
    assert re.split(index["config"]["separator"], "(zap),") == ["", "zap", ""]
    card = next(d for d in index["docs"] if d["location"] == "rules/card/")
    assert card.get("boost", 1) > 1 and card.get("tags") == ["CARD"]  # "CARD-2" finds this page first


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_printable_page_per_language(site, lang: str) -> None:
    page = site.html(lang, "print_page")
    for fam in ("bet", "card", "flr"):
        assert f'id="rules-{fam}-{fam}-1"' in page
    assert 'id="start-glossary-term-zap"' in page


def test_the_site_root_offers_the_four_languages(site) -> None:
    root = (site.root / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="{lang}/" hreflang="{lang}"' in root


@pytest.mark.parametrize("lang", LANGUAGES)
def test_results_one_notice_or_a_status_on_every_clause(site, lang: str) -> None:
    trace = traceability.load(CAT.clauses)
    page = site.html(lang, "rules/bet")
    bet = [c for c in CAT.clauses if c.startswith("BET-")]
    if trace.tests is None and trace.proofs is None:
        assert page.count("results-notice") == 1 and 'class="status' not in page
    else:
        assert page.count("status-tests") == len(bet) and page.count("status-proofs") == len(bet)
    assert label_absent(page, lang, "not_run")


def label_absent(page: str, lang: str, key: str) -> bool:
    from truco_rules.site.site_labels import label

    return label(key, lang) not in text_of(page)


def test_conformance_reports_are_pages_found_in_a_folder(tmp_path: Path) -> None:
    from truco_rules.site import site_conformance
    from truco_rules.site.site_md import Ctx

    ctx = Ctx(lang="it", cat=CAT, coverage={}, trace=None, warn=print)
    pages, nav = site_conformance.pages(ctx, tmp_path / "none")
    assert nav == [] and "Nessun rapporto" in pages[site_conformance.INDEX]
    (tmp_path / "pytruco.md").write_text("# pytruco 0.1.3\n\n12 clauses checked.\n", encoding="utf-8")
    (tmp_path / "pytruco.it.md").write_text("# pytruco 0.1.3 (it)\n\n12 clausole.\n", encoding="utf-8")
    pages, nav = site_conformance.pages(ctx, tmp_path)
    assert nav == [("pytruco 0.1.3 (it)", "conformance/pytruco.md")]
    assert "12 clausole" in pages["conformance/pytruco.md"]
    assert "](pytruco.md)" in pages[site_conformance.INDEX]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_clause_text_links_the_register_entries_and_clauses_it_names(site, lang: str) -> None:
    """A clause that leaves an interpretation to the register (TEN-2: 'whether it can rise: AMB-37')
    leads there; so do the register's own readings and rationales that name other entries."""
    named = 0
    for cid, clause in CAT.clauses.items():
        page = site.html(lang, family_url(cid))
        rule = page.split(f'id="{cid.lower()}"', 1)[1].split("</p>", 2)[1]  # the "Rule." paragraph
        for ref in re.findall(r"\b(AMB-\d+)\b", clause.text[lang]):
            named += 1
            assert f'href="../../ambiguities/#{ref.lower()}"' in rule, (cid, ref)
    assert named, "no clause text names a register entry"
    register = site.html(lang, "ambiguities")
    entry = register.split('id="amb-34"', 1)[1].split("<h2", 1)[0]
    assert 'href="../rules/arg/#arg-8"' in entry  # its note: 'ARG-8, URU-6'
