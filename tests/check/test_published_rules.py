"""Clauses of the published rulesets and of the catalogue that no other test names, each played in
both encodings: the packs (ARG-1, URU-1, PAU-1), the Paulista order below the manilhas (PAU-5), no
covered card in the Paulista first round (PAU-11), and hands that follow one another (HND-11)."""

from __future__ import annotations

import copy
import itertools

import pytest

from truco_rules.engine import Game
from truco_rules.spec.monitor import check_record
from truco_rules.spec.rules.cards import card_strength, deck
from truco_rules.spec.rules.state import Hand, Rules, legal_actions

SPANISH = {f"{r}{s}" for r in ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12") for s in "ebco"}
FRENCH = {f"{r}{s}" for r in ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3") for s in "CHSD"}


@pytest.mark.clause("ARG-1", "URU-1", "PAU-1", "PAU-15")
@pytest.mark.parametrize(("ruleset", "cards"), [("argentino-1v1", SPANISH), ("uruguayo-1v1", SPANISH),
                                                ("paulista-1v1", FRENCH), ("paulista-pairs", FRENCH)])
def test_the_pack_is_forty_cards(ruleset: str, cards: set[str]) -> None:
    """ARG-1, URU-1: the Spanish pack without 8s, 9s and jokers; PAU-1: the French pack without its
    8s, 9s, 10s and jokers. Forty cards in both encodings."""
    spec = {c.lower() for c in deck(Rules.of(ruleset))}
    engine = {c.lower() for c in Game.new(ruleset, seed=0).config.deck.names}
    wanted = {c.lower() for c in cards}
    assert spec == wanted, f"[{ruleset}] spec pack"
    assert engine == wanted, f"[{ruleset}] engine pack"
    assert len(spec) == len(engine) == 40
    players = 4 if ruleset == "paulista-pairs" else 2  # PAU-15, ARG-1, URU-1: one against one
    assert Rules.of(ruleset).players == Game.new(ruleset, seed=0).config.n == players


@pytest.mark.clause("PAU-5", "PAU-3")
def test_below_the_manilhas_the_paulista_order_ignores_the_suit() -> None:
    """With the vira a king the manilhas are the aces (PAU-3); the other cards rank 3, 2, K, J, Q, 7,
    6, 5, 4, the suits equal (PAU-5), in both encodings."""
    rules, vira = Rules.of("paulista-1v1"), "KD"
    pack = Game.new("paulista-1v1", seed=0).config.deck
    engine = dict(zip(pack.names, pack.strengths(vira), strict=True))
    order = ["3", "2", "K", "J", "Q", "7", "6", "5", "4"]
    spec = {c: card_strength(rules, c, muestra=vira) for c in FRENCH}
    for strengths, where in ((spec, "spec"), (engine, "engine")):
        for higher, lower in itertools.pairwise(order):
            above = all(strengths[f"{higher}{a}"] > strengths[f"{lower}{b}"] for a in "CHSD" for b in "CHSD")
            assert above, f"[PAU-5] {where}: {higher} above {lower}"
        for rank in order:
            equal = len({strengths[f"{rank}{s}"] for s in "CHSD"}) == 1
            assert equal, f"[PAU-5] {where}: the {rank}s are equal"
        manilhas = min(strengths[f"A{s}"] for s in "CHSD")
        assert manilhas > strengths["3C"], f"[PAU-3] {where}: the aces are manilhas"


@pytest.mark.clause("PAU-11")
def test_no_covered_card_in_the_paulista_first_round() -> None:
    deal = (("4C", "5H", "6S"), ("7D", "QC", "JH"))
    g = Game.new("paulista-1v1", seed=1, deals=[[list(d) for d in deal]], muestras=["KD"])
    hand = Hand(Rules.of("paulista-1v1"), 1, 1, 0, deal, [0, 0], "KD")
    for seat, card in ((0, "4C"), (1, "QC")):
        assert not any(a.text.startswith("cover") for a in g.legal_actions()), "[PAU-11] engine, round 1"
        assert not any(a.startswith("cover") for a in legal_actions(hand)), "[PAU-11] spec, round 1"
        g.push(f"play {card}")
        hand.apply(seat, f"play {card}")
    assert any(a.text.startswith("cover") for a in g.legal_actions()), "[PAU-11] engine: covering in round 2"
    assert any(a.startswith("cover") for a in legal_actions(hand)), "[PAU-11] spec: covering in round 2"


@pytest.mark.clause("HND-11")
def test_hands_follow_one_another_until_the_match_is_decided() -> None:
    """The engine numbers the hands of a match one after another until a side reaches the target;
    the spec's monitor accepts that record and refuses one that skips a hand, under HND-11."""
    g = Game.new("argentino-1v1", seed=2)
    while g.to_act is not None:
        g.push(g.legal_actions()[0])
    rec = g.record()
    numbers = [h["number"] for h in rec["hands"]]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 1, "[HND-11] engine"
    assert max(rec["result"]["score"]) >= 30 and check_record(rec) == [], "[HND-11] until the target"
    skipped = copy.deepcopy(rec)
    skipped["hands"][1]["number"] = 3
    found = {v.clause for v in check_record(skipped)}
    assert "HND-11" in found, "[HND-11] the monitor refuses a skipped hand"
