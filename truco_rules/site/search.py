"""The site's search finds clause IDs whole and skips the little words of a query.

Material's search worker gives every word of a query a trailing wildcard, so the "de" of "mão de
ferro" matches "DEck" and "DEal" in page titles (boosted a thousandfold) and those pages came
before the iron hand; and lunr's query parser splits "BET-4" at the hyphen, so the clause BET-4
itself did not come first. Material offers no setting for either. So each page starts the search
worker through a small script of the site's own, which reads a query before the worker does:

- it drops the function words of the four languages (every page quotes rulebooks in Spanish,
  Italian and Portuguese, so all four lists apply on every site); Truco's own words are kept even
  where a language lists them ("no" of "no quiero", "tanto" of the envido, "sei" of the ladder);
- it makes the query parser split words where the index does, so that a clause ID, which the
  index keeps whole (the separator in mkdocs.yml does not cut a hyphen before a digit), is one
  word in the query too. lunr's query lexer tests one character at a time, where no look-ahead
  can see the digit: it gets the separator's character class only, and the worker then splits
  each word with the whole separator, as the index was split.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

WRAPPER = "assets/javascripts/workers/truco-search.js"  # beside Material's worker: same relative paths
_WORKER = re.compile(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js")

# Articles, prepositions, conjunctions and pronouns: words a query carries but no page is found by.
FUNCTION_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "how", "in", "into", "is",
           "it", "its", "of", "on", "or", "the", "their", "this", "to", "what", "when", "who", "with"),
    "es": ("a", "al", "como", "con", "cuando", "de", "del", "e", "el", "en", "entre", "la", "las", "lo",
           "los", "o", "para", "por", "que", "qué", "se", "sin", "su", "sus", "u", "un", "una", "unas",
           "unos", "y"),
    "it": ("a", "ad", "agli", "ai", "al", "alla", "alle", "che", "chi", "come", "con", "da", "dal",
           "dalla", "dei", "del", "della", "delle", "di", "e", "ed", "gli", "i", "il", "in", "la", "le",
           "lo", "nel", "nella", "o", "per", "quando", "si", "un", "una", "uno"),
    "pt": ("a", "ao", "aos", "as", "à", "às", "com", "como", "da", "das", "de", "do", "dos", "e", "em",
           "na", "nas", "no", "nos", "o", "os", "ou", "para", "pela", "pelo", "por", "que", "quando",
           "se", "um", "uma", "umas", "uns"),
}
# Words of the game that a language's list would drop: never dropped.
GAME_WORDS = frozenset({"no", "tanto", "sei", "mano", "mão", "real", "falta", "vale", "flor", "pie"})


def stop_words() -> list[str]:
    return sorted({w for words in FUNCTION_WORDS.values() for w in words} - GAME_WORDS)


_SCRIPT = """// The site's search worker: Material's, with the site's query rules (truco_rules/site/search.py)
"use strict";
var STOP = new Set(%(stop)s);
var LEXER_SEPARATOR = new RegExp(%(lexer)s);
function siteQuery(query) {
  var words = String(query).split(/\\s+/).filter(function (w) { return w.length > 0; });
  var kept = words.filter(function (w) { return !STOP.has(w.toLowerCase()); });
  return (kept.length ? kept : words).join(" ");
}
self.addEventListener("message", function (event) {
  var message = event.data;
  if (event.siteQuery || !message || message.type !== 2 || typeof message.data !== "string") return;
  event.stopImmediatePropagation();
  if (self.lunr) self.lunr.QueryLexer.termSeparator = LEXER_SEPARATOR;
  var again = new MessageEvent("message", {data: {type: 2, data: siteQuery(message.data)}});
  again.siteQuery = true;
  self.dispatchEvent(again);
});
importScripts(%(worker)s);
"""


def lexer_separator(separator: str) -> str:
    """The character class that starts the search separator: what splits words in any context."""
    m = re.match(r"(\[(?:\\.|[^\]\\])*\])\+?(?:\||$)", separator)
    if m is None:
        raise ValueError(f"the search separator must start with a character class: {separator!r}")
    return m.group(1)


def wrapper_script(worker_file: str, separator: str) -> str:
    return _SCRIPT % {"stop": json.dumps(stop_words(), ensure_ascii=False), "worker": json.dumps(worker_file),
                      "lexer": json.dumps(lexer_separator(separator), ensure_ascii=False)}


def use_wrapper(html: str) -> str:
    """The page's configuration names the site's worker script instead of Material's."""
    return _WORKER.sub(WRAPPER, html, count=1)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return use_wrapper(output)


def write_wrapper(site_dir: Path, separator: str) -> None:
    workers = sorted((site_dir / "assets/javascripts/workers").glob("search.*.min.js"))
    if len(workers) != 1:
        raise RuntimeError(f"expected Material's one search worker, found {[w.name for w in workers]}")
    (site_dir / WRAPPER).write_text(wrapper_script(workers[0].name, separator), encoding="utf-8")


def on_post_build(config: MkDocsConfig) -> None:
    site_dir = Path(config.site_dir)
    search = next(p for name, p in config.plugins.items() if name.split("/")[-1] == "search")
    write_wrapper(site_dir, search.config["separator"])
