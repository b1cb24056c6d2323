"""The built site in a real browser: Debian's Chromium driven by Playwright (never downloaded).

In each language: the way in and the glossary, the card pictures and ladder diagrams, search for
Truco words and clause IDs, the register in words, the language switch, the status of every
clause (with TRUCO_RESULTS_REQUIRED set, as CI does, results must be there), the site root and the
printable page. Skipped when /usr/bin/chromium or Playwright is missing. Each test leaves a screenshot in its
tmp_path, so a failure can be looked at.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.text import traceability
from truco_rules.text.glossary import load_glossary

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CAT = load_catalogue()


# Own fixture names, not pytest-playwright's `browser`/`page`, which launch Playwright's own browser.
@pytest.fixture(scope="module")
def chromium_browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="needs the browser extra")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture
def browser_page(chromium_browser: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    pg = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    yield pg
    shot = tmp_path / f"{request.node.name}.png"
    pg.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    pg.close()


def expect() -> Any:
    from playwright.sync_api import expect as _expect

    return _expect


@pytest.mark.parametrize("lang", LANGUAGES)
def test_clause_anchor_in_each_language(browser_page: Any, site: Any, lang: str) -> None:
    clause = CAT.clause("BET-4")
    browser_page.goto(f"{site.url}{lang}/rules/bet/#bet-4")
    heading = browser_page.locator("h2#bet-4")
    expect()(heading).to_be_visible()
    expect()(heading).to_contain_text(clause.title[lang])
    assert browser_page.evaluate("document.documentElement.lang") == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switch_keeps_the_page(browser_page: Any, site: Any, lang: str) -> None:
    other = LANGUAGES[(LANGUAGES.index(lang) + 1) % len(LANGUAGES)]
    for page in ("rules/bet/", "start/glossary/"):
        # The theme's script takes the click over (to keep the page) once it has run: a click
        # before that follows the link itself, to the other language's home page.
        browser_page.goto(f"{site.url}{lang}/{page}", wait_until="networkidle")
        browser_page.hover(".md-select")
        browser_page.locator(f'a.md-select__link[hreflang="{other}"]').click()
        expect()(browser_page).to_have_url(f"{site.url}{other}/{page}")
    expect()(browser_page.locator("h2#term-zap")).to_be_visible()




def test_matrix_renders_with_a_row_per_clause(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}en/traceability/")
    rows = browser_page.locator("article table").nth(1).locator("tbody tr")
    expect()(rows).to_have_count(len(CAT.clauses))
    expect()(rows.first).to_contain_text(next(iter(CAT.clauses)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_shows_every_ruleset_at_1280_pixels(browser_page: Any, site: Any, lang: str) -> None:
    """Eight rulesets side by side, each column in view on a 1280-pixel screen (issue 39: two were
    hidden off the edge of the table)."""
    browser_page.goto(f"{site.url}{lang}/compare/rulesets/")
    width = browser_page.viewport_size["width"]
    heads = browser_page.locator("article .compare-table table").first.locator("thead th")
    expect()(heads).to_have_count(len(CAT.rulesets) + 1)
    for i in range(heads.count()):
        box = heads.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (i, box)


def test_source_page_renders_and_links_to_its_clauses(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}es/rulebooks/000/")
    line = browser_page.locator("#l14")
    expect()(line).to_contain_text("Manillas")
    line.locator("a.clause-ref", has_text="CARD-2").first.click()
    expect()(browser_page).to_have_url(f"{site.url}es/rules/card/#card-2")
    expect()(browser_page.locator("h2#card-2")).to_be_in_viewport()


# --- the pages for readers, in each language (issue: a way in, pictures, witnesses, search, results)

HEADINGS = {  # the h1 of the way-in pages, by language
    "es": ("Qué es el Truco", "Las variantes", "Glosario", "Dónde difieren los reglamentos"),
    "en": ("What Truco is", "The variants", "Glossary", "Where the rulebooks differ"),
    "it": ("Che cos'è il Truco", "Le varianti", "Glossario", "Dove i regolamenti divergono"),
    "pt": ("O que é o Truco", "As variantes", "Glossário", "Onde os regulamentos divergem"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_way_in_and_the_glossary_exist(browser_page: Any, site: Any, lang: str) -> None:
    for page, heading in zip(("truco", "variants", "glossary", "differences"), HEADINGS[lang], strict=True):
        browser_page.goto(f"{site.url}{lang}/start/{page}/")
        expect()(browser_page.locator("article h1")).to_have_text(re.compile(re.escape(heading)))
    expect()(browser_page.locator("article h1")).to_be_visible()
    browser_page.goto(f"{site.url}{lang}/start/glossary/")
    expect()(browser_page.locator("h2#term-zap")).to_be_visible()
    expect()(browser_page.locator("article h2")).to_have_count(len(load_glossary()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_pictures_and_ladder_diagrams_render(browser_page: Any, site: Any, lang: str) -> None:
    browser_page.goto(f"{site.url}{lang}/start/variants/")
    cards = browser_page.locator("svg.truco-cards")
    expect()(cards).to_have_count(len(CAT.rulesets))
    for i in range(len(CAT.rulesets)):
        cards.nth(i).scroll_into_view_if_needed()
        box = cards.nth(i).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 100
    # Material replaces each Mermaid block by a drawing (in a closed shadow root): it takes room.
    diagrams = browser_page.locator("div.mermaid")
    expect()(diagrams).to_have_count(len(CAT.rulesets))
    for i in range(len(CAT.rulesets)):
        diagrams.nth(i).scroll_into_view_if_needed()
        browser_page.wait_for_function(
            "e => e.getBoundingClientRect().height > 300", arg=diagrams.nth(i).element_handle(),
            timeout=15_000)
    assert browser_page.locator("pre.mermaid").count() == 0  # none left as source text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_ruleset_page_draws_its_cards_piezas_and_ladder(browser_page: Any, site: Any, lang: str) -> None:

    from truco_rules.site.ruleset_pictures import muestra_examples

    browser_page.goto(f"{site.url}{lang}/rulesets/uruguayo-1v1/")
    expect()(browser_page.locator("article .admonition.warning")).to_be_visible()
    cards = browser_page.locator("svg.truco-cards")
    expect()(cards).to_have_count(1 + len(muestra_examples("uruguayo-1v1")))
    expect()(browser_page.locator("svg.truco-cards g.card.marked")).to_have_count(
        sum(len(e.piezas) for e in muestra_examples("uruguayo-1v1")))
    for i in range(cards.count()):
        cards.nth(i).scroll_into_view_if_needed()
        box = cards.nth(i).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 100
    diagram = browser_page.locator("div.mermaid")
    expect()(diagram).to_have_count(1)
    diagram.scroll_into_view_if_needed()
    browser_page.wait_for_function("e => e.getBoundingClientRect().height > 300",
                                   arg=diagram.element_handle(), timeout=15_000)


def _search(page: Any, site: Any, lang: str, query: str) -> str:
    """The first result's link for the whole query (typed again if the search index was still loading).
    One page load per language: the next query is typed into the same open search, whose index is
    loaded already (loading it is most of a search's time)."""
    field, first = page.locator("input.md-search__input"), page.locator(".md-search-result__link").first
    if page.url != f"{site.url}{lang}/" or not field.is_visible():
        page.goto(f"{site.url}{lang}/")
        page.keyboard.press("s")  # Material's search hotkey
    for _ in range(3):
        field.fill("")
        page.keyboard.type(query)  # keystrokes, as Material's search listens for them
        try:
            first.wait_for(state="visible", timeout=10_000)
            break
        except Exception:  # Playwright's timeout: the query went out before the index was ready
            continue
    # The results settle: on a busy machine the search worker may still answer an earlier query
    # (the cleared field), so wait until the first result stays the same three looks in a row.
    last, same = None, 0
    for _ in range(40):
        page.wait_for_timeout(200)
        now = first.get_attribute("href") or ""
        same = same + 1 if now and now == last else 0
        if same == 2:
            break
        last = now
    return last or ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_terms_clause_ids_and_rulesets_first(browser_page: Any, site: Any, lang: str) -> None:
    for query in ("zap", "espadilha", "manilha"):
        assert "start/glossary/" in _search(browser_page, site, lang, query), query
    # A word of the published rulesets: its glossary entry, or the clause that defines it (URU-2).
    assert re.search(r"/(start/glossary|rules/uru)/", _search(browser_page, site, lang, "muestra"))
    for clause_id, page in (("BET-4", "rules/bet/"), ("HND-10", "rules/hnd/"), ("CARD-2", "rules/card/"),
                            ("SEN-2", "rules/sen/"), ("AMB-2", "ambiguities/"), ("URU-3", "rules/uru/"),
                            ("argentino-1v1", "rulesets/argentino-1v1/")):
        assert page in _search(browser_page, site, lang, clause_id), clause_id


IRON_HAND = {"en": "iron hand", "es": "mano de hierro", "it": "mano di ferro", "pt": "mão de ferro"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_skips_little_words_and_finds_a_clause_by_id(browser_page: Any, site: Any, lang: str) -> None:
    """The "de" once matched "DEck" and "DEal" (Material gives every word a trailing wildcard), and a clause
    ID was split at its hyphen, so neither the iron hand nor the clause BET-4 came first."""
    for query in {"mão de ferro", IRON_HAND[lang]}:
        first = _search(browser_page, site, lang, query)
        # the glossary, the iron-hand clauses, or Truco Paulista's clause titled "A mão de ferro" (PAU-9)
        assert re.search(r"/(start/glossary/|rules/irn/|rules/pau/)", first), (query, first)
    for clause_id in ("BET-4", "HND-10", "IRN-1", "ENV-2"):
        first = _search(browser_page, site, lang, clause_id)
        # Material lists the page first, then its best sections: the first of them is the clause.
        links = browser_page.locator(".md-search-result__link")
        best = [re.sub(r"\?[^#]*", "", links.nth(i).get_attribute("href") or "")  # no ?h=highlight
                for i in range(min(2, links.count()))]
        family = clause_id.split("-")[0].lower()
        assert f"rules/{family}/" in first and best[1].endswith(f"rules/{family}/#{clause_id.lower()}"), \
            (clause_id, best)
    # A word of the game that Spanish lists as a stop word ("tanto": the envido's points) is found.
    assert re.search(r"/(start/glossary/|rules/env/|rules/sen/)", _search(browser_page, site, lang, "tanto"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_register_reads_as_words_in_the_page_language(browser_page: Any, site: Any, lang: str) -> None:
    from truco_rules.text.witness_words import outcome_text

    browser_page.goto(f"{site.url}{lang}/ambiguities/")
    text = browser_page.locator("article").inner_text()
    # Data would show as {"key": ...} or 'key': 'value'; a quoted word before a colon in prose
    # (AMB-41: "unidas por 'y': ¿son ...") is not data.
    assert not re.search(r"""[{\[]\s*["'][\w -]+["']\s*[:,]|["']\w+["']\s*:\s*["'\d\[{]""", text)
    assert not re.search(r"\bside [01]\b", text)
    if lang != "en":
        for english in ("nobody scores", "side 0 wins", "caller loses the match", "play goes on"):
            assert english not in text
    tied = {"domain": "hand-resolution", "situation": {"dealer_side": 0, "rounds": ["tie"] * 3}}
    assert outcome_text(tied, "side 0 wins", lang, {4}) in text  # "The dealing pair wins the hand."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clause_shows_its_status_or_the_build_says_once(browser_page: Any, site: Any,
                                                              lang: str) -> None:
    results = traceability.load(CAT.clauses)
    have = results.tests is not None and results.proofs is not None
    if os.environ.get("TRUCO_RESULTS_REQUIRED"):
        assert have, "CI must run the tests and proofs before building the site (build/results/)"
    families = sorted({cid.rsplit("-", 1)[0].lower() for cid in CAT.clauses})
    for fam in families:  # the statuses are in the page as served: no need to wait for its images
        browser_page.goto(f"{site.url}{lang}/rules/{fam}/", wait_until="domcontentloaded")
        clauses = browser_page.locator("article h2")
        n = clauses.count()
        if have:
            for kind in ("tests", "proofs"):
                statuses = browser_page.locator(f".status-{kind}")
                expect()(statuses).to_have_count(n)
                assert all(s.strip() for s in statuses.all_inner_texts()), (fam, kind)
        else:
            expect()(browser_page.locator(".results-notice")).to_have_count(1)
            expect()(browser_page.locator(".status")).to_have_count(0)


@pytest.mark.parametrize(("locale", "lands_on"), [("pt-BR", "pt/"), ("it-IT", "it/"), ("de-DE", "")])
def test_the_site_root_follows_the_browser_or_offers_the_languages(chromium_browser: Any, site: Any,
                                                                   locale: str, lands_on: str) -> None:
    context = chromium_browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(site.url)
    expect()(page).to_have_url(f"{site.url}{lands_on}")
    if not lands_on:
        expect()(page.locator("#languages a")).to_have_count(len(LANGUAGES))
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_printable_version(browser_page: Any, site: Any, lang: str) -> None:
    """Offline as a printer is: nothing asked of another host, every ladder drawn, not its source."""
    outside: list[str] = []
    browser_page.on("request", lambda r: None if r.url.startswith(site.url) else outside.append(r.url))
    browser_page.goto(f"{site.url}{lang}/print_page/")
    expect()(browser_page.locator("#rules-bet-bet-4")).to_be_attached()
    expect()(browser_page.locator("#start-glossary-term-zap")).to_be_attached()
    diagrams = browser_page.locator("div.mermaid")
    assert diagrams.count() >= 1, "the printable page has the ladders"
    for i in range(diagrams.count()):
        diagrams.nth(i).scroll_into_view_if_needed()
        browser_page.wait_for_function(
            "e => e.getBoundingClientRect().height > 100", arg=diagrams.nth(i).element_handle(),
            timeout=15_000)
    assert browser_page.locator("pre.mermaid").count() == 0, "a ladder left as diagram source"
    assert not outside, f"requests outside the site: {outside[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_worked_hand_reads_step_by_step_and_the_manilhas_are_named(browser_page: Any, site: Any,
                                                                     lang: str) -> None:
    browser_page.goto(f"{site.url}{lang}/start/truco/#worked-hands")
    section = browser_page.locator("h2#worked-hands")
    expect()(section).to_be_in_viewport()
    steps = browser_page.locator("h2#worked-hands ~ ol").first.locator("li")
    assert steps.count() >= 6
    expect()(steps.first.locator("a")).to_have_count(1)  # one clause per step
    browser_page.goto(f"{site.url}{lang}/rulesets/mineiro-1v1-es/#cards")
    names = browser_page.locator("svg.truco-cards text.card-nickname")
    expect()(names).to_have_count(4)
    expect()(names.first).to_be_visible()
    expect()(browser_page.locator(".md-copyright__highlight")).to_contain_text("truco-rules")
