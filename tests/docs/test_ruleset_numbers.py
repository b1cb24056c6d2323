"""Every ruleset page says its own file's numbers and names: the special hand by its score (the hand
of ten, the mão de onze), what declining it pays, the next step of the ladder, each call's value and
what refusing it pays, the vira or the muestra. Each page is written here (the site's own code)
for every ruleset and language and read back; no Truco Paulista page says "ten" in any language."""

from __future__ import annotations

import functools
import re

import pytest

from truco_rules.site import site_rulesets
from truco_rules.site.site_md import Ctx
from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.spec.clause_ids import CLAUSE_ID
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.hand_names import hand_name
from truco_rules.text.witness_words import points

CAT = load_catalogue()
PAGES = [(name, lang) for name in CAT.rulesets for lang in LANGUAGES]
# the word for ten in each language; a Paulista page (its special hand is at 11) says none of them
TEN = re.compile(r"\b(ten|diez|dieci|dez|10)\b", re.IGNORECASE)


@functools.cache
def _page(name: str, lang: str) -> str:
    return site_rulesets.page(Ctx(lang=lang, cat=CAT, coverage={}, trace=None, warn=print), name)


def _said(markdown: str) -> str:
    """What a reader reads: no drawings, no code (register keys, anchors), no link targets, no
    clause or register IDs, no words quoted from a publication, no Markdown escapes."""
    text = re.sub(r"<svg.*?</svg>|<pre class=\"mermaid\">.*?</pre>", " ", markdown, flags=re.DOTALL)
    text = re.sub(rf"`[^`]*`|\{{#[^}}]*\}}|\]\([^)]*\)|\b{CLAUSE_ID}\b|«[^»]*»", " ", text)
    return text.replace("\\", "")


def _section(markdown: str, anchor: str) -> str:
    after = markdown.split(f"{{#{anchor}}}", 1)[1]
    return re.split(r"\n## ", after, maxsplit=1)[0]


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"(?<![\w.])\d+(?![\w.])", text)}


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_the_special_hand_in_the_files_numbers(name: str, lang: str) -> None:
    rules = Rules.of(name)
    ten = rules.data.get("hand_of_ten")
    page = _page(name, lang)
    if not ten:
        assert "{#hand-of-ten}" not in page
        return
    score, value, decline = int(ten["score"]), int(ten["value"]), ten.get("decline_payout")
    section = _said(_section(page, "hand-of-ten"))
    heading = page.split(" {#hand-of-ten}", 1)[0].rsplit("\n## ", 1)[1]
    assert heading == hand_name(score, lang, capital=True), heading
    ladder = rules.ladder
    later = [v for v in ladder if v > value]
    allowed = {score, value, *ladder, *([int(decline)] if decline is not None else [])}
    assert _numbers(section) <= allowed, (sorted(_numbers(section) - allowed), section)
    assert str(score) in section and points(value, lang) in section
    if decline is not None:
        assert points(int(decline), lang) in section
    if rules.reading("ten-call") == "next-step":  # the next step above the hand's value, from the ladder
        assert re.search(rf"\b{later[0]}\b.{{1,40}}\b{value}\b", section), section
    features = _said(_section(page, "features"))
    assert hand_name(score, lang, capital=True) in features


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_the_ladder_in_the_files_numbers(name: str, lang: str) -> None:
    rules = Rules.of(name)
    section = _section(_page(name, lang), "ladder")
    rows = [r for r in section.splitlines() if r.startswith("| ") and not r.startswith("| ---")][1:]
    calls = rules.data["truco"]["calls"]
    assert len(rows) == len(calls), rows
    for row, call in zip(rows, calls, strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == points(int(call["value"]), lang) and cells[2] == points(int(call["refused"]), lang)


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_a_vira_or_a_muestra_as_its_file_has(name: str, lang: str) -> None:
    rules = Rules.of(name)
    cards = _said(_section(_page(name, lang), "cards"))
    if rules.has("vira"):
        assert "{#vira}" in _page(name, lang) and "vira" in cards.lower()
        assert "muestra" not in cards.lower()
    if rules.has("muestra"):
        assert "{#muestra}" in _page(name, lang)
        assert not re.search(r"\bvira\b(?!-se)", cards.lower())  # the card's name, not the verb (pt)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", [n for n in CAT.rulesets if (Rules.of(n).data.get("hand_of_ten") or {})
                                  .get("score") == 11])
def test_no_paulista_page_says_ten(name: str, lang: str) -> None:
    """What the page says itself: not the catalogue's names of the clauses it holds (a Mineiro
    clause it adopts keeps its title) nor a rationale's comparison with a rulebook ("como diz 000
    da sua mão de dez")."""
    page = _page(name, lang).split("{#clauses}", 1)[0]
    said = _said("\n".join(line for line in page.splitlines() if not line.lstrip().startswith("*")))
    found = [m.group(0) for m in TEN.finditer(said)]
    assert not found, (found, [said[max(0, m.start() - 80):m.end() + 40] for m in TEN.finditer(said)][:3])


def test_the_pages_of_paulista_are_the_ones_at_eleven() -> None:
    assert {n for n in CAT.rulesets if n.startswith("paulista")} <= {
        n for n in CAT.rulesets if (Rules.of(n).data.get("hand_of_ten") or {}).get("score") == 11}
