"""The search's query rules and the printable page's link repair, as functions (the browser tests in
test_site_browser.py and the crawl in test_site_links.py see them at work on the built site)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from truco_rules.site import print_page as site_print
from truco_rules.site import search as site_search

ROOT = Path(__file__).resolve().parents[2]


def separator() -> str:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = yaml.load(text, Loader=yaml.BaseLoader)  # the !!python tags stay text
    return str(config["plugins"]["search"]["separator"])


def test_the_index_keeps_clause_ids_and_rulesets_whole_and_splits_the_rest() -> None:
    words = [w for w in re.split(separator(), 'BET-4 «quiero», real-envido (zap) argentino-1v1. 1.5') if w]
    assert words == ["BET-4", "quiero", "real", "envido", "zap", "argentino-1v1", "1.5"], words


def test_the_query_lexer_gets_the_separators_character_class() -> None:
    lexer = re.compile(site_search.lexer_separator(separator()))
    assert lexer.fullmatch(" ") and lexer.fullmatch("«") and not lexer.fullmatch("-")
    assert not lexer.fullmatch("."), "one character at a time: '-' and '.' depend on what follows"


def test_function_words_go_and_words_of_the_game_stay() -> None:
    stop = set(site_search.stop_words())
    assert {"de", "di", "the", "la", "do", "da", "del"} <= stop
    for word in ("no", "tanto", "sei", "mano", "mão", "truco", "envido", "flor", "quiero", "ferro", "hierro"):
        assert word not in stop, word


def test_the_worker_script_names_materials_worker_and_the_words(tmp_path: Path) -> None:
    workers = tmp_path / "assets/javascripts/workers"
    workers.mkdir(parents=True)
    (workers / "search.0123abcd.min.js").write_text("", encoding="utf-8")
    site_search.write_wrapper(tmp_path, separator())
    script = (tmp_path / site_search.WRAPPER).read_text(encoding="utf-8")
    assert 'importScripts("search.0123abcd.min.js")' in script and '"de"' in script
    page = '{"search": "../assets/javascripts/workers/search.0123abcd.min.js"}'
    assert site_search.use_wrapper(page) == '{"search": "../assets/javascripts/workers/truco-search.js"}'


def test_a_link_to_a_page_the_printable_page_leaves_out_goes_to_that_page() -> None:
    html = ('<h2 id="rules-bet-bet-4">x</h2><a href="#rules-bet-bet-4">kept</a>'
            '<a href="#rulebooks-000">book</a><a href="#code-engine-game.py-L12">code</a>'
            '<a href="#rulesets-argentino-1v1-amb-2">entry</a><a href="#nowhere">unknown</a>')
    urls = ["rules/bet/", "rulebooks/000/", "code/engine/game.py.html", "rulesets/",
            "rulesets/argentino-1v1/"]
    fixed = site_print.repair_links(html, urls)
    assert re.findall(r'href="([^"]*)"', fixed) == [
        "#rules-bet-bet-4", "../rulebooks/000/", "../code/engine/game.py.html#L12",
        "../rulesets/argentino-1v1/#amb-2", "#nowhere"]
