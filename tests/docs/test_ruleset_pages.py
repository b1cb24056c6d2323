"""The ruleset pages, the comparison of the rulesets, and where the site shows what the rulesets
written from published rules rest on (their publications, never as rulebook quotes)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from page_text import section, squeezed, text_of

from truco_rules.site import ruleset_facts
from truco_rules.site.ruleset_pictures import muestra_examples, ruleset_pictures_data
from truco_rules.site.site_labels import label
from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.spec.rules.cards import card_strength
from truco_rules.spec.rules.ruleset import Rules

ROOT = Path(__file__).resolve().parents[2]

CAT = load_catalogue()
PUBLISHED = [name for name, rs in CAT.rulesets.items() if rs.doc is None]




def test_the_published_rulesets_are_there() -> None:
    assert PUBLISHED == ["argentino-1v1", "paulista-1v1", "paulista-pairs", "uruguayo-1v1"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ruleset_has_a_page_from_the_same_template(site, lang: str) -> None:
    index = site.html(lang, "rulesets")
    for name in CAT.rulesets:
        assert f'href="{name}/"' in index, name
        page = site.html(lang, f"rulesets/{name}")
        rules = Rules.of(name)
        ids = re.findall(r'<h2 id="([a-z-]+)"', page)
        features = [
            s
            for s in ("envido", "flor", "senas")
            if ruleset_facts.facts(name)[s].value or ruleset_facts.facts(name)[s].switches
        ]
        features += [
            a for s, a in (("hand_of_ten", "hand-of-ten"), ("iron_hand", "iron-hand")) if rules.has(s)
        ]
        assert ids == ["features", "deck", "cards", "ladder", *features, "match", "readings", "clauses"], name
        # the card order and the ladder, drawn from the file
        groups, _ = ruleset_pictures_data(name)
        svg = re.search(rf'<svg class="truco-cards"[^>]*data-ruleset="{name}">.*?</svg>', page, re.S)
        assert svg and svg.group(0).count('class="card-group"') == len(groups), name
        assert page.count('<pre class="mermaid">') == 1
        # every clause the ruleset holds, and its default reading of every entry that concerns it
        clauses = section(page, "clauses")
        for c in CAT.clauses_of(name):
            assert f'#{c.id.lower()}"' in clauses, (name, c.id)
        readings = section(page, "readings")
        for amb in CAT.ambiguities_of(name):
            default = amb.defaults[name]
            assert f'href="../../ambiguities/#{amb.id.lower()}-{default}"' in readings, (name, amb.id)
            said = squeezed(amb.rationale[name][lang])  # the IDs it names are links
            assert said in squeezed(text_of("<article>" + readings + "</article>")), (name, amb.id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_published_ruleset_says_it_is_not_from_the_four_rulebooks(site, lang: str) -> None:
    for name, rs in CAT.rulesets.items():
        page = site.html(lang, f"rulesets/{name}")
        head = page.split("<article", 1)[1].split('<h2 id="features"', 1)[0]
        if rs.doc is None:
            warning = re.search(r'<div class="admonition warning">.*?</div>', head, re.S)
            assert warning and label("rs_published_title", lang) in html.unescape(warning.group(0)), name
            for pub in rs.publications:
                assert f'href="{pub.url}"' in warning.group(0) and html.escape(pub.title) in warning.group(0)
            assert "/rulebooks/" not in head
        else:
            assert "admonition warning" not in head
            assert f'href="../../rulebooks/{rs.doc}/"' in head, name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_features_table_says_what_each_ruleset_has_and_which_reading_changes_it(site, lang: str) -> None:
    argentino = section(site.html(lang, "rulesets/argentino-1v1"), "features")
    flor = re.search(rf"<strong>{label('ft_flor', lang)}</strong>.*?</tr>", argentino, re.S).group(0)
    assert f">{label('no', lang)}; " in flor and 'href="../../ambiguities/#amb-32-with-flor"' in flor
    assert "ARG-8" in flor  # the clause that states flor where it is played
    uruguayo = section(site.html(lang, "rulesets/uruguayo-1v1"), "features")
    muestra = re.search(rf"<strong>{label('ft_muestra', lang)}</strong>.*?</tr>", uruguayo, re.S).group(0)
    assert f">{label('yes', lang)}<" in muestra and "URU-2" in muestra
    target = re.search(rf"<strong>{label('fact_target', lang)}</strong>.*?</tr>", uruguayo, re.S).group(0)
    assert ">40; " in target and "amb-33-30" in target and "amb-33-24" in target and "amb-33-18" in target
    mineiro = section(site.html(lang, "rulesets/mineiro-1v1-es"), "features")
    covered = re.search(rf"<strong>{label('ft_covered', lang)}</strong>.*?</tr>", mineiro, re.S).group(0)
    assert f">{label('yes', lang)}; " in covered and "amb-7-not-allowed" in covered and "COV-1" in covered


def test_the_facts_come_from_the_files_and_their_readings() -> None:
    arg = ruleset_facts.facts("argentino-1v1")
    assert arg["envido"].value and not arg["flor"].value and arg["halves"].value == (15, 15)
    assert [(s.key, s.reading, s.value) for s in arg["flor"].switches] == [
        ("flor-in-play", "with-flor", True)
    ]
    uru = ruleset_facts.facts("uruguayo-1v1")
    assert uru["muestra"].value and uru["halves"].value == (20, 20)
    assert ("partida-points", "30", (15, 15)) in [
        (s.key, s.reading, s.value) for s in uru["halves"].switches
    ]
    mineiro = ruleset_facts.facts("mineiro-1v1-es")
    assert mineiro["hand_of_ten"].value and not mineiro["envido"].value and mineiro["halves"].value is None
    # Covered cards are a reading (AMB-7), not a section of the file: both ways are shown.
    assert mineiro["covered"].value and [(s.key, s.reading) for s in mineiro["covered"].switches] == [
        ("covering", "not-allowed")]
    gauderio = ruleset_facts.facts("gauderio-pairs-es")
    assert not gauderio["covered"].value and gauderio["covered"].switches[0].reading == "allowed"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_muestra_draws_its_piezas_above_the_fixed_order(site, lang: str) -> None:
    for name in CAT.rulesets:
        page = site.html(lang, f"rulesets/{name}")
        drawn = re.findall(r'<svg class="truco-cards"[^>]*data-muestra="(\w+)".*?</svg>', page, re.S)
        from truco_rules.site.ruleset_pictures import vira_examples

        examples = muestra_examples(name)  # a vira's hands carry their turned card the same way
        assert drawn == [e.muestra for e in examples] + [e.vira for e in vira_examples(name, lang)], name
    rules = Rules.of("uruguayo-1v1")
    examples = muestra_examples("uruguayo-1v1")
    assert len(examples) == 2 and examples[1].piezas[0][0] == "12" + examples[1].muestra[-1]  # URU-4
    page = site.html(lang, "rulesets/uruguayo-1v1")
    for e in examples:
        svg = re.search(rf'<svg[^>]*data-muestra="{e.muestra}".*?</svg>', page, re.S).group(0)
        marked = re.findall(r'<g class="card marked"><title>([^<]*)</title>', svg)
        assert len(marked) == len(e.piezas) == 5
        piezas = {c for c, _ in e.piezas}
        weakest_pieza = min(card_strength(rules, c, muestra=e.muestra) for c in piezas)
        others = [c for c in rules.deck.cards if c not in piezas and c != e.muestra]
        assert all(card_strength(rules, c, muestra=e.muestra) < weakest_pieza for c in others)
        assert [g[0] for g in e.groups[:5]] == [c for c, _ in e.piezas]  # drawn first, strongest first


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_has_the_six_rulesets_and_the_features_as_rows(site, lang: str) -> None:
    page = site.html(lang, "compare/rulesets")
    glance = section(page, "glance")
    for name in CAT.rulesets:
        assert f'href="../../rulesets/{name}/"' in glance
    for key in (
        "ft_muestra",
        "ft_envido",
        "ft_flor",
        "ft_senas",
        "ft_ten",
        "ft_iron",
        "fact_halves",
        "fact_target",
        "fact_partidas",
    ):
        row = re.search(
            rf"<strong>{re.escape(html.escape(label(key, lang), quote=False))}</strong>(.*?)</tr>",
            glance,
            re.S,
        )
        assert row and row.group(1).count("<td") == len(CAT.rulesets), key
    clauses = section(page, "clauses")
    for cid in ("ARG-2", "URU-2", "ARG-7", "URU-9"):  # file clauses, in the rows of the sections citing them
        assert f'#{cid.lower()}"' in clauses


def test_every_clause_and_entry_is_in_a_row_of_the_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    from truco_rules.site import site_tables
    from truco_rules.site.site_md import Ctx

    warnings: list[str] = []
    ctx = Ctx(lang="en", cat=CAT, coverage={}, trace=None, warn=warnings.append)
    site_tables._check_features(ctx)
    assert warnings == []
    # Without the row of the muestra section, the clauses only that section cites are in no row.
    monkeypatch.setattr(
        site_tables, "FEATURES", tuple(r for r in site_tables.FEATURES if r.key != "ft_muestra")
    )
    site_tables._check_features(ctx)
    assert any("URU-2" in w for w in warnings) and not any("URU-9" in w for w in warnings), warnings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_file_clause_shows_its_publication_where_a_rulebook_clause_shows_quotes(site, lang: str) -> None:
    page = site.html(lang, "rules/arg")
    for c in (c for c in CAT.clauses.values() if c.id.startswith("ARG-")):
        part = section(page, c.id.lower())
        pub, _ = c.published
        assert html.unescape(label("published_source", lang)) in html.unescape(part)
        assert f'href="{pub.url}"' in part and "<blockquote" not in part
        assert all(f'href="{a.publication.url}"' in part for a in c.also_published)  # source.also
    bet = section(site.html(lang, "rules/bet"), "bet-1")
    adopted = bet.split(html.escape(label("adopted_title", lang), quote=False), 1)[1]
    for rs, pub in CAT.clause("BET-1").adopted.items():
        assert f'href="../../rulesets/{rs}/"' in adopted and f'href="{pub.url}"' in adopted


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_register_names_the_publication_of_published_words_never_as_a_quote(site, lang: str) -> None:
    page = site.html(lang, "ambiguities")
    for amb in CAT.ambiguities.values():
        for r in amb.readings:
            if not r.published:
                continue
            part = section(page, f"{amb.id.lower()}-{r.name}")
            for w in r.published:
                words = html.escape(w.words, quote=False)
                assert words in part.replace("&quot;", '"'), (amb.id, r.name)
                assert w.url is None or f'href="{w.url}"' in part
                quoted = " ".join(re.findall(r"<blockquote>.*?</blockquote>", part, re.S))
                assert words not in quoted


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_has_the_ruleset_pages_and_the_guide_to_define_one(site, lang: str) -> None:
    page = site.html(lang, "")
    nav = page.split('<nav class="md-nav md-nav--primary"', 1)[1].split('<div class="md-content"', 1)[0]
    assert re.search(
        rf'href="guide/rulesets/"[^>]*>\s*<span[^>]*>\s*{re.escape(label("g_rulesets", lang))}', nav
    ), "guide/rulesets.md is not in the menu"
    for name in CAT.rulesets:
        assert f'href="rulesets/{name}/"' in nav


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pages_that_list_the_rulesets_list_all_six(site, lang: str) -> None:
    for page in ("", "guide/engine"):
        text = text_of(site.html(lang, page))
        for name in CAT.rulesets:
            assert name in text, (page, name)
    variants = site.html(lang, "start/variants")
    for name in CAT.rulesets:
        assert f'id="rs-{name}"' in variants and f'href="../../rulesets/{name}/"' in variants
    four = {
        "en": "four rulesets",
        "es": "cuatro reglamentos ejecutables",
        "it": "quattro regolamenti eseguibili",
        "pt": "quatro regulamentos executáveis",
    }[lang]
    for page in ("", "start/truco", "start/variants", "guide/engine", "compare/rulesets"):
        assert four not in text_of(site.html(lang, page)), page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_special_cards_are_named_on_their_pictures(lang: str) -> None:
    """The manilhas of Mineiro under their cards (by the glossary's word of each language), the
    piezas of a sample muestra with their envido points; nothing where the game names none."""
    from truco_rules.site.ruleset_pictures import card_nicknames
    from truco_rules.site.site_pictures import card_order_svg, muestra_svg

    def written(svg: str) -> list[str]:
        return [html.unescape(t) for t in re.findall(r'class="card-nickname"[^>]*>([^<]*)<', svg)]

    for name in ("mineiro-1v1-es", "mineiro-pairs-it"):
        groups, _ = ruleset_pictures_data(name)
        names = card_nicknames(name, lang)
        assert set(names) == {"4C", "7H", "AS", "7D"}
        assert written(card_order_svg(groups, lang, name)) == [names[c] for c in ("4C", "7H", "AS", "7D")]
    assert card_nicknames("mineiro-pairs-it", "it")["7H"] == "copeta"  # 002's own word
    groups, _ = ruleset_pictures_data("gauderio-pairs-es")
    assert written(card_order_svg(groups, lang, "gauderio-pairs-es")) == []
    example = muestra_examples("uruguayo-1v1")[0]
    shown = written(muestra_svg(example, lang, "uruguayo-1v1"))
    assert len(shown) == len(example.piezas) and all(w.endswith(f" · {e}") for w, (_, e) in
                                                     zip(shown, example.piezas, strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_vira_draws_its_manilhas_named_above_the_fixed_order(lang: str) -> None:
    """Two hands of Truco Paulista, each with its vira: the four cards of the next rank (wrapping
    from the last rank to the first) on top, each under its name, in the file's suit order."""
    from truco_rules.site import site_rulesets
    from truco_rules.site.ruleset_pictures import vira_examples
    from truco_rules.site.site_md import Ctx

    rules = Rules.of("paulista-1v1")
    ranks, suits = rules.deck.ranks, rules.data["vira"]["suits"]
    examples = vira_examples("paulista-1v1", lang)
    assert len(examples) == 2 and examples[1].vira[:-1] == ranks[-1]
    for example in examples:
        after = ranks[(ranks.index(example.vira[:-1]) + 1) % len(ranks)]
        assert [c for c, _ in example.manilhas] == [f"{after}{s}" for s in suits]
        assert [n for _, n in example.manilhas] == [rules.data["vira"]["names"][s][lang] for s in suits]
        assert example.groups[:4] == [[c] for c, _ in example.manilhas]
    page = site_rulesets.page(Ctx(lang=lang, cat=CAT, coverage={}, trace=None, warn=print), "paulista-1v1")
    vira = page.split("{#vira}", 1)[1]
    assert vira.count('<svg class="truco-cards"') == 2 and vira.count('class="card-nickname"') == 8
