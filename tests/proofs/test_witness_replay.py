"""Every divergence witness in proofs/witnesses.json, replayed through the executable spec with the
matching readings: the spec must give the results the witness records, for both sides."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.proofs.test_register_witnesses import _spec_result as register_spec_result
from truco_rules.proofs import register_witnesses as rw
from truco_rules.proofs.setup import Setup, all_rulesets, make_setup
from truco_rules.proofs.witnesses import WITNESS_FILE, build, render
from truco_rules.spec.rules import envido as spec_envido
from truco_rules.spec.rules import hands as spec_hands
from truco_rules.spec.rules import ladder as spec_ladder
from truco_rules.spec.rules import match as spec_match
from truco_rules.spec.rules import rounds as spec_rounds
from truco_rules.spec.rules.cards import card_strength, deck, parse_card

REGISTER_DOMAINS = {d["name"] for d in rw.DOMAINS}
DATA = json.loads(WITNESS_FILE.read_text(encoding="utf-8"))
CASES = [(c["a"], c["b"], w) for c in DATA["comparisons"] for w in c["witnesses"]]


def _spec_result(setup: Setup, w: dict[str, Any]) -> Any:
    """What the spec says in the witness's situation, in the witness's own terms."""
    sit, readings, rules = w["situation"], dict(setup.readings), setup.rules
    if w["domain"] == "hand-resolution":
        r = spec_hands.hand_result(sit["rounds"], readings, sit["dealer_side"])
        if isinstance(r, spec_hands.Decided):
            return f"side {r.winner} wins"
        return "nobody scores" if isinstance(r, spec_hands.NobodyScores) else "another round"
    if w["domain"] == "hand-length":
        over = spec_hands.hand_over(sit["rounds"], readings, 0)
        return "hand over" if over else "another round is played"
    if w["domain"] == "ladder":
        return {"next_call": spec_ladder.next_step(rules, sit["hand_value"]) or None}
    if w["domain"] == "run-payout":
        paid = spec_ladder.run_payout(rules, sit["refused_call"])
        return {"caller_scores": paid} if paid else "not a call of this ladder"
    if w["domain"] == "hand-of-ten":
        s0, s1 = sit["scores"]
        kind = spec_ladder.hand_kind(rules, s0, s1)
        no_truco = spec_ladder.iron_like_ten(kind, readings.get("iron-hand"))
        calls = {"refused": "refused", "caller-loses-match": "caller loses the match",
                 "caller-loses-hand": "caller loses the hand"}
        return {"starts_at": spec_ladder.initial_value(rules, kind, readings.get("iron-hand")),
                "truco_call": calls[readings["ten-truco"]] if no_truco else "allowed",
                "may_decline": kind == "ten" and readings.get("ten-choice") == "may-decline",
                "hand": {spec_ladder.TEN: "hand of ten", spec_ladder.IRON: "iron hand"}.get(kind, "ordinary"),
                "at": int(rules.data["hand_of_ten" if kind == spec_ladder.TEN else "iron_hand"]["score"])
                if kind in (spec_ladder.TEN, spec_ladder.IRON) else None}
    if w["domain"] == "target":
        return "partida won" if spec_match.reached_target(sit["score"], rules) else "play goes on"
    if w["domain"] == "envido-points":
        cards = [parse_card(rules, c) for c in sit["hand"]]
        shown = parse_card(rules, sit["muestra"]) if "muestra" in sit and rules.has("muestra") else None
        return spec_envido.envido_points(rules, *[x for c in cards for x in c],  # type: ignore[union-attr]
                                         readings["envido-without-pair"], shown)
    if w["domain"] == "falta":
        return spec_match.falta_of(rules, sit["scores"], sit["contest_winner"])
    if w["domain"] == "deck":
        return "in the deck" if sit["card"] in deck(rules) else "not in the deck"
    if w["domain"] == "covering":
        may = readings.get("covering") == "allowed" and not (
            readings.get("cover-round") == "not-first-round" and sit["round"] == 1)
        return "a card may be played covered" if may else "every card is played face up"
    if w["domain"] == "covered-card":
        if readings["covered-card"] == "concedes-hand":
            return "side 1 wins the hand"
        return "the round goes to side 1" if sit["next_seat"] == "face up" else "the round is tied"
    if w["domain"] == "vira-round":  # PAU-2: a side without a vira ignores the card turned up
        vira = sit["vira"] if rules.has("vira") else None
        strengths = [card_strength(rules, c, muestra=vira) for c in sit["cards_in_play_order"]]
        result = spec_rounds.round_result(strengths, [0, 1], "pair-wins")
        return "round tied" if result == spec_rounds.TIE else f"side {result} wins the round"
    if w["domain"] in ("partner-tie", "round-leader"):
        cards = sit["cards_in_play_order"]
        strengths = [card_strength(rules, c) for c in cards]
        seats = list(range(len(cards)))
        result = spec_rounds.round_result(strengths, [x % 2 for x in seats],
                                          readings.get("partner-tie") or "pair-wins")
        if w["domain"] == "partner-tie":
            return "round tied" if result == spec_rounds.TIE else f"side {result} wins the round"
        return {"next_leader_seat": spec_rounds.next_leader(0, seats, strengths, result,
                                                            readings["round-leader"])}
    if w["domain"] == "flor-refusal":
        stake = spec_envido.flor_stake(rules)
        if sit["partner_raised"]:
            stake = spec_envido.flor_partner_raise(rules) or stake
        if sit["refused_call"] == "contraflor":
            before, called = stake, spec_envido.contraflor_called(rules, stake)
        else:
            before = spec_envido.contraflor_called(rules, stake)
            called = spec_match.falta_of(rules, sit["scores"], 0)
        paid = spec_envido.flor_refused_payout(before, called, readings["flor-refusal"])
        return {"last_singer_scores": paid}
    if w["domain"] == "side-bet-scoring":
        assert sit["score"] + sit["contest_points"] >= spec_match.target(rules)
        return ("partida won when the contest is settled; the hand is not played out"
                if readings["side-bet-scoring"] == "immediately" else
                "the hand is played out; the partida is won when it ends, without the hand's points")
    if w["domain"] in REGISTER_DOMAINS:  # the register's newer entries: replayed as their own test does
        return register_spec_result(setup, w)
    raise AssertionError(f"no replay for domain {w['domain']}")


@pytest.mark.parametrize("a,b,w", CASES, ids=[f"{a['ruleset']}-{b['ruleset']}-{w['domain']}-{i}"
                                                for i, (a, b, w) in enumerate(CASES)])
def test_witness_replays_through_the_spec(a: dict[str, Any], b: dict[str, Any], w: dict[str, Any]) -> None:
    ids = " ".join(f"[{c}]" for c in w["clauses"])
    got_a = _spec_result(make_setup(a["ruleset"], a["readings"]), w)
    got_b = _spec_result(make_setup(b["ruleset"], b["readings"]), w)
    assert (got_a, got_b) == (w["a"], w["b"]), f"{ids} {w['situation']}: spec gives {got_a} / {got_b}"
    assert got_a != got_b


def test_every_comparison_of_two_rulesets_is_in_the_file() -> None:
    pairs = {(c["a"]["ruleset"], c["b"]["ruleset"]) for c in DATA["comparisons"] if c["ambiguity"] is None}
    names = all_rulesets()
    assert len(pairs) == len(names) * (len(names) - 1) // 2


@pytest.mark.clause("HND-9", "HND-10")
def test_every_round_tied_diverges_between_000_and_002() -> None:
    c = next(c for c in DATA["comparisons"]
             if c["a"]["ruleset"] == "mineiro-1v1-es" and c["b"]["ruleset"] == "mineiro-pairs-it")
    first = c["witnesses"][0]
    assert first["situation"]["rounds"] == ["tie", "tie", "tie"] and first["ambiguities"] == ["AMB-1"]


def test_one_witness_per_pair_of_results() -> None:
    """Situations showing the same difference are one witness, counted in `similar`."""
    for c in DATA["comparisons"]:
        pairs = [(w["domain"], json.dumps([w["a"], w["b"]], sort_keys=True)) for w in c["witnesses"]]
        assert len(pairs) == len(set(pairs)), f"{c['a']} / {c['b']}: two witnesses show the same results"
        assert all(isinstance(w["similar"], int) and w["similar"] >= 0 for w in c["witnesses"])


def test_similar_counts_the_situations_that_show_the_same_results() -> None:
    """Mineiro against Gauderio at the target: Mineiro scores are even and at most 20 (a hand at 12
    won from 8), so 12 is the witness and 14, 16, 18 and 20 show the same results."""
    c = next(c for c in DATA["comparisons"]
             if (c["a"]["ruleset"], c["b"]["ruleset"]) == ("mineiro-1v1-es", "gauderio-pairs-es"))
    target = [w for w in c["witnesses"] if w["domain"] == "target"]
    assert [(w["situation"], w["similar"]) for w in target] == [({"score": 12}, 4)]


@pytest.mark.slow
def test_witness_file_is_up_to_date() -> None:
    assert WITNESS_FILE.read_text(encoding="utf-8") == render(build()), "regenerate: truco diff --write-all"
