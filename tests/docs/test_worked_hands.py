"""The start page's worked hands: one per family, the same hand in every language, every step in
words with one clause the ruleset holds, each round's winner named, the points at the end."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from truco_rules.site import worked_hand
from truco_rules.site.site_md import Ctx, esc
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.languages import LANGS
from truco_rules.text.witness_words import card_name, decks_of

CAT = load_catalogue()
DOCS = Path(__file__).resolve().parents[2] / "docs"
HERE = "start/truco.md"


def _markers(lang: str) -> list[tuple[str, int]]:
    text = (DOCS / lang / HERE).read_text(encoding="utf-8")
    return [(m[1], int(m[2])) for m in worked_hand.MARKER.finditer(text)]


def test_every_language_shows_the_same_hands_one_per_family() -> None:
    hands = {lang: _markers(lang) for lang in LANGS}
    assert all(h == hands["en"] for h in hands.values()), hands
    families = {CAT.rulesets[name].family["en"] for name, _ in hands["en"]}
    assert {"Truco Mineiro", "Truco Gauderio", "Truco Paulista"} <= families and len(families) == 4, families
    assert any(CAT.rulesets[name].doc is None for name, _ in hands["en"]), "one beyond the rulebooks"


@pytest.mark.parametrize("lang", LANGS)
def test_a_worked_hand_says_every_step_with_its_clause(lang: str) -> None:
    ctx = Ctx(lang=lang, cat=CAT, coverage={}, trace=None, warn=print)
    for name, seed in _markers(lang):
        rules, hand = Rules.of(name), worked_hand.first_hand(name, seed)
        held = {c.id for c in CAT.clauses_of(name)}
        steps = worked_hand.steps(rules, hand, lang)
        plays = [a for a in hand["actions"] if a["action"].split()[0] in ("play", "cover")]
        turned = {str(c) for f in ("vira", "muestra") if rules.has(f)
                  for c in rules.data[f]["clauses"].values()}
        # a round's end cites the card order, or the turned card's clause when a manilha or pieza won it
        rounds = [s for s in steps if s.clause == rules.clause("strength", "order") or s.clause in turned]
        assert len(steps) == len(hand["actions"]) + len(rounds)
        assert len(rounds) == len(plays) // rules.players == len(hand["result"]["rounds"])
        assert all(s.clause in held for s in steps if s.clause), [s for s in steps if s.clause not in held]
        assert not any(re.search(r"[\[\]{}]|\b(raise|accept|run) \d", s.text) for s in steps), steps
        page = worked_hand.worked_hand(ctx.lang, functools.partial(ctx.clause_link, HERE), name, seed)
        decks = decks_of([name])
        for cards in hand["deal"]:  # every player's cards, named as the ruleset's deck names them
            assert all(card_name(c, decks, lang) in page for c in cards)
        a, b = hand["result"]["score"]
        last = page.splitlines()[-1]  # the result: the hand's points, the side points, the score
        assert re.search(rf"\b{a}\b.*\b{b}\b", last.rsplit(".", 2)[-2]), last


def test_the_hands_show_what_the_page_promises() -> None:
    """Mineiro: a truco call accepted; Gauderio: an envido; with the muestra: the card turned up."""
    told = {name: [a["action"].split()[0] for a in worked_hand.first_hand(name, seed)["actions"]]
            for name, seed in _markers("en")}
    assert {"raise", "accept"} <= set(told["mineiro-1v1-es"])
    assert "envido" in told["gauderio-pairs-es"]
    seed = dict(_markers("en"))["uruguayo-1v1"]
    assert worked_hand.first_hand("uruguayo-1v1", seed).get("muestra")


@pytest.mark.parametrize("lang", LANGS)
def test_turned_card_hands_name_their_manilhas_and_piezas_and_the_rule_that_raises_them(lang: str) -> None:
    """The vira's hand names its four manilhas (the zap, ...) and a round won by one cites the
    vira's clause; the muestra's hand calls its piezas so."""
    from truco_rules.site.ruleset_pictures import pieza_word

    ctx = Ctx(lang=lang, cat=CAT, coverage={}, trace=None, warn=print)
    seeds = dict(_markers(lang))
    rules = Rules.of("paulista-pairs")
    page = worked_hand.worked_hand(ctx.lang, functools.partial(ctx.clause_link, HERE), "paulista-pairs",
                                   seeds["paulista-pairs"])
    names = [n[lang] for n in rules.data["vira"]["names"].values()]
    assert all(esc(f"({n})") in page.split("\n\n")[1] for n in names), page  # under the card turned up
    steps = worked_hand.steps(rules, worked_hand.first_hand("paulista-pairs", seeds["paulista-pairs"]), lang)
    vira = set(rules.data["vira"]["clauses"].values())
    assert any(s.clause in vira and "(zap)" in s.text for s in steps), steps  # the zap takes a round
    page = worked_hand.worked_hand(ctx.lang, functools.partial(ctx.clause_link, HERE), "uruguayo-1v1",
                                   seeds["uruguayo-1v1"])
    assert esc(f"({pieza_word(lang)})") in page


def test_a_marker_for_an_unknown_ruleset_is_a_warning_not_a_hand() -> None:
    ctx = Ctx(lang="en", cat=CAT, coverage={}, trace=None, warn=print)
    warned: list[str] = []
    out = worked_hand.replace_markers("<!-- truco:hand nope-1v1 3 -->\n", ctx, HERE,
                                      lambda r: r in CAT.rulesets, warned.append)
    assert out.strip() == "" and warned and "nope-1v1" in warned[0]


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_the_engine_knows_is_told_in_words_with_its_clause(lang: str) -> None:
    """No engine action falls through to the engine's own spelling ("Ana: ten-play."), and a covered
    card and the hand-of-ten choice cite a clause their ruleset holds."""
    from truco_rules.engine.actions import CARD_VERBS, SIMPLE

    cases = {  # a ruleset where each verb can be played
        "gauderio-pairs-es": [*(v for v in SIMPLE if not v.startswith("ten-") and v != "mazo"), "raise 2",
                              "sign ciego"],
        "argentino-1v1": ["mazo"],
        "mineiro-1v1-es": ["cover 4C", "play 4C"],
        "paulista-1v1": ["ten-play", "ten-decline", "cover 4C"],
    }
    told = set()
    for name, actions in cases.items():
        rules, held = Rules.of(name), {c.id for c in CAT.clauses_of(name)}
        hand = {"actions": [], "result": {"rounds": []}}
        teller = worked_hand._Teller(rules, hand, lang)
        for action in actions:
            verb = action.split()[0]
            if verb in ("ten-play", "ten-decline", "cover"):
                teller.round = []
            for step in teller.step(0, action)[:1]:
                assert not step.text.startswith(f"{worked_hand.NAMES[0]}: "), (name, action, step)
                if verb in ("ten-play", "ten-decline", "cover", "flor-raise", "flor-pass", "mazo"):
                    assert step.clause in held, (name, action, step)
            told.add(verb)
    assert set(SIMPLE) | set(CARD_VERBS) | {"raise", "sign"} <= told
