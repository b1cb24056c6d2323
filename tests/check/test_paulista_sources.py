"""The Paulista points of issue #37, settled by the named publications, in both encodings.

- PAU-7: running from a call pays what the hand was worth before it (GameVelvet's one-against-one
  rules: running from nine on a hand worth 6 gives 6), not a Mineiro call to 10.
- AMB-9 ten-truco: a truco called in the mão de onze loses the caller's side the match (GameVelvet,
  Todas as Respostas), by default; the reading refused still refuses it.
- AMB-70 eleven-one-against-one: one against one the mão de onze is played (GameVelvet) by default;
  under pairs-only (Eu Quero Saber Tudo) a side at 11 plays an ordinary hand, and in pairs both
  readings play it.
- AMB-11 iron-blind: no Paulista publication hides the mão de ferro's cards: they are seen by default.
"""

from __future__ import annotations

import pytest

from truco_rules.engine import Game
from truco_rules.spec.rules.state import Hand, Illegal, Match, Rules, legal_actions

P1, PP = "paulista-1v1", "paulista-pairs"
DEAL = (("4C", "5H", "6S"), ("7D", "QC", "JH"))
DEAL4 = (*DEAL, ("5C", "6H", "7S"), ("QD", "JC", "KH"))
VIRA = "KD"  # the manilhas are the aces


def _engine(ruleset: str, score: tuple[int, int], **readings: str) -> Game:
    deal = DEAL if ruleset == P1 else DEAL4
    return Game.new(ruleset, seed=1, scores=score, readings=readings, deals=[[list(d) for d in deal]],
                    muestras=[VIRA])


def _spec(ruleset: str, score: tuple[int, int], **readings: str) -> tuple[Match, Hand]:
    match = Match(Rules.of(ruleset, readings))
    match.score = list(score)
    hand = match.new_hand(DEAL if ruleset == P1 else DEAL4, VIRA)
    return match, hand


def _texts(g: Game) -> set[str]:
    return {a.text for a in g.legal_actions()}


@pytest.mark.clause("PAU-7", "PAU-6", "BET-5")
def test_running_from_nine_pays_what_the_hand_was_worth() -> None:
    """Truco (3), six (6), nine: the side that runs from nine gives the caller 6, the value before it."""
    calls = [(0, "raise 3"), (1, "raise 6"), (0, "raise 9"), (1, "run")]
    g = _engine(P1, (0, 0))
    for _, action in calls:
        g.push(action)
    res = g.record()["hands"][-1]["result"]
    assert (res["winner"], res["points"]) == (0, 6), f"[PAU-7] engine: {res}"
    _, hand = _spec(P1, (0, 0))
    for seat, action in calls:
        hand.apply(seat, action)
    o = hand.outcome
    assert o is not None and (o.winner, o.points) == (0, 6), f"[PAU-7] spec: {o}"


@pytest.mark.clause("TEN-4", "PAU-8", "PAU-14")
def test_truco_in_the_mao_de_onze_loses_the_match_by_default() -> None:
    g = _engine(P1, (11, 4))
    g.push("ten-play")
    assert "raise 6" in _texts(g), "[TEN-4] the call is made, and punished"
    g.push("raise 6")
    assert g.to_act is None and g.record()["result"]["winner"] == 1, "[TEN-4] engine: the caller's side loses"
    match, hand = _spec(P1, (11, 4))
    hand.apply(0, "ten-play")
    hand.apply(0, "raise 6")
    o = hand.outcome
    assert o is not None and (o.winner, o.forfeit) == (1, 0), f"[TEN-4] spec: {o}"
    match.end_hand(hand.kind, o, hand.score)
    assert match.winner == 1, "[TEN-4] spec: the caller's side loses the match"


@pytest.mark.clause("PAU-14", "PAU-8")
def test_the_reading_refused_still_refuses_the_call() -> None:
    g = _engine(P1, (11, 4), **{"ten-truco": "refused"})
    g.push("ten-play")
    assert not any(t.startswith("raise") for t in _texts(g)), "[PAU-14] engine: no call in the mão de onze"
    _, hand = _spec(P1, (11, 4), **{"ten-truco": "refused"})
    hand.apply(0, "ten-play")
    assert not any(a.startswith("raise") for a in legal_actions(hand)), "[PAU-14] spec"
    with pytest.raises(Illegal):
        hand.apply(0, "raise 6")


@pytest.mark.clause("PAU-8", "PAU-9")
@pytest.mark.parametrize(("ruleset", "reading", "eleven"), [
    (P1, "played", True), (P1, "pairs-only", False), (PP, "played", True), (PP, "pairs-only", True)])
def test_the_mao_de_onze_one_against_one_is_a_reading(ruleset: str, reading: str, eleven: bool) -> None:
    """A side at 11: the mão de onze (the choice to play it, worth 3) or, one against one under
    pairs-only, an ordinary hand worth 1 in which truco may be called; the same at 11 against 11."""
    for score in ((11, 4), (11, 11)):
        g = _engine(ruleset, score, **{"eleven-one-against-one": reading})
        _, hand = _spec(ruleset, score, **{"eleven-one-against-one": reading})
        kind = g.observation(0)["hand_kind"]
        if eleven:
            assert kind == ("ten" if score == (11, 4) else "iron"), f"[PAU-8] engine {ruleset} {reading}"
            assert hand.kind != "normal" and hand.value == 3, f"[PAU-8] spec {ruleset} {reading}"
        else:
            assert kind == "normal" and "raise 3" in _texts(g), f"[AMB-70] engine {score}"
            assert hand.kind == "normal" and hand.value == 1, f"[AMB-70] spec {score}"
            assert "raise 3" in legal_actions(hand), f"[AMB-70] spec {score}"


@pytest.mark.clause("PAU-9")
def test_the_mao_de_ferro_is_played_with_the_cards_seen() -> None:
    g = _engine(P1, (11, 11))
    cards = [c["card"] for c in g.observation(0)["hand"]]
    assert cards == list(DEAL[0]), "[PAU-9] engine: the seat sees its cards (AMB-11 open)"
    _, hand = _spec(P1, (11, 11))
    assert hand.kind == "iron" and not hand.blind, "[PAU-9] spec: AMB-11 open"
    g = _engine(P1, (11, 11), **{"iron-blind": "blind"})
    assert all(c.get("card") is None for c in g.observation(0)["hand"]), "[AMB-11] engine: blind"
    _, hand = _spec(P1, (11, 11), **{"iron-blind": "blind"})
    assert hand.blind, "[AMB-11] spec: blind"
