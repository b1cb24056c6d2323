"""How much English is left in the article text of a Spanish, Italian or Portuguese page.

The article's text without what is rightly in another language or in no language: blockquotes
(the rulebooks' verbatim quotes, the English rulebook 001 among them), code and pre blocks,
tables of card codes, the clause-ID links. English function words (the, of, and, ...) are counted
against all its words; a translated page has almost none ("a", "is", "to" are not counted: they
are words of Italian or Portuguese too).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

# Words that are English and no word of Spanish, Italian or Portuguese.
ENGLISH = frozenset(
    "the of and is are to with which that this it its when where what who from by for on or not "  # noqa: SIM905
    "be was has have can must each every than then only into after before".split()
)
# The English rulebook (001) shown as it is written: a page of rulebook text, every word a quote.
RULEBOOK_PAGES = ("rulebooks/001",)
# Measured on the built site: translated pages hold at most 1 English function word in 100
# (rules pages naming 001's terms), the glossary 2.6% (its English column of every term) and the
# ruleset page of 001 2.2% (001's sentences quoted in its tables); an untranslated paragraph or
# page brings a page far above (the English conformance page of pytruco was at 28%).
THRESHOLD = 0.03
MIN_WORDS = 40  # a page with fewer words (a redirect, a list of links) says nothing either way
_DROP = re.compile(r"<(blockquote|pre|code|script|style|svg|table)\b.*?</\1>", re.DOTALL)


def article_words(page_html: str) -> list[str]:
    """The words of the page's article outside quotes, code, tables and pictures."""
    if "<article" not in page_html:
        return []
    body = page_html.split("<article", 1)[1].split("</article>", 1)[0]
    for _ in range(3):  # nested quotes and tables
        body = _DROP.sub(" ", body)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.lower())


def english_share(page_html: str) -> tuple[float, int]:
    """(share of English function words, number of words) of the page's article."""
    words = article_words(page_html)
    if not words:
        return 0.0, 0
    return sum(w in ENGLISH for w in words) / len(words), len(words)


def worst_pages(root: Path, langs: tuple[str, ...] = ("es", "it", "pt")) -> list[tuple[float, int, str]]:
    """(share, words, page) of every page of those languages over THRESHOLD, worst first."""
    out = []
    for lang in langs:
        for path in sorted((root / lang).rglob("index.html")):
            page = str(path.relative_to(root / lang).parent)
            if page in RULEBOOK_PAGES:
                continue
            share, n = english_share(path.read_text(encoding="utf-8"))
            if n >= MIN_WORDS and share > THRESHOLD:
                out.append((share, n, f"{lang}/{page}"))
    return sorted(out, reverse=True)
