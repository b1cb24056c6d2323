"""The built site in a real browser: Debian's Chromium driven by Playwright (never downloaded).

Skipped when /usr/bin/chromium or Playwright is missing. Each test leaves a screenshot in its
tmp_path, so a failure can be looked at.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spec.catalogue import LANGUAGES, load_catalogue

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


def test_language_switch_keeps_the_page(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}it/rules/bet/")
    browser_page.hover(".md-select")
    browser_page.locator('a.md-select__link[hreflang="pt"]').click()
    expect()(browser_page).to_have_url(f"{site.url}pt/rules/bet/")
    expect()(browser_page.locator("h2#bet-4")).to_contain_text(CAT.clause("BET-4").title["pt"])


def test_search_finds_a_clause(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}en/")
    browser_page.keyboard.press("s")  # Material's search hotkey
    browser_page.keyboard.type("manilhas")
    result = browser_page.locator(".md-search-result__link").first
    expect()(result).to_have_attribute("href", re.compile(r"rules/card/"))


def test_matrix_renders_with_a_row_per_clause(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}en/traceability/")
    rows = browser_page.locator("article table").nth(1).locator("tbody tr")
    expect()(rows).to_have_count(len(CAT.clauses))
    expect()(rows.first).to_contain_text(next(iter(CAT.clauses)))


def test_source_page_renders_and_links_to_its_clauses(browser_page: Any, site: Any) -> None:
    browser_page.goto(f"{site.url}es/rulebooks/000/")
    line = browser_page.locator("#l14")
    expect()(line).to_contain_text("Manillas")
    line.locator("a.clause-ref", has_text="CARD-2").first.click()
    expect()(browser_page).to_have_url(f"{site.url}es/rules/card/#card-2")
    expect()(browser_page.locator("h2#card-2")).to_be_in_viewport()
