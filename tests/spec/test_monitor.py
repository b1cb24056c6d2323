"""The monitor on hand-written records: the conformant ones pass, each mutation is caught."""

from __future__ import annotations

from typing import Any

import pytest
from spec_records import CONFORMING, mutated

from truco_rules.spec.monitor import FORMAT, check_record
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions


def clauses(record: Any, **kw: Any) -> list[str]:
    return [v.clause for v in check_record(record, **kw)]


@pytest.mark.parametrize("name", sorted(CONFORMING))
def test_hand_written_records_conform(name: str) -> None:
    found = check_record(CONFORMING[name]())
    assert not found, "\n".join(str(v) for v in found)


def _set_action(rec: dict, hand: int, index: int, text: str, seat: int | None = None) -> dict:
    act = {"seat": rec["hands"][hand]["actions"][index]["seat"] if seat is None else seat, "action": text}
    return mutated(rec, f"hands[{hand}].actions[{index}]", act)


def _actions(rec: dict, hand: int, text: str) -> dict:
    acts = [{"seat": int(a.split(":")[0]), "action": a.split(":", 1)[1].strip()} for a in text.split(";")]
    return mutated(rec, f"hands[{hand}].actions", acts)


MUTATIONS = [
    # (record, mutation, expected clause, expected field prefix)
    ("mineiro_runs", lambda r: mutated(r, "hands[0].surprise", 1), FORMAT, "hands[0].surprise"),
    ("mineiro_runs", lambda r: mutated(r, "hands[0].starter", "0"), FORMAT, "hands[0].starter"),
    ("mineiro_runs", lambda r: _set_action(r, 0, 0, "shout truco"), FORMAT, "hands[0].actions[0]"),
    ("mineiro_runs", lambda r: mutated(r, "hands[1].starter", 0), "AMB-15", "hands[1].starter"),
    ("mineiro_runs", lambda r: mutated(r, "hands[0].deal[1][0]", "4C"), "DECK-1", "hands[0].deal"),
    ("mineiro_runs", lambda r: mutated(r, "hands[0].deal[1][0]", "8C"), "DECK-1", "hands[0].deal[1][0]"),
    ("mineiro_runs", lambda r: _set_action(r, 0, 0, "raise 6"), "BET-6", "hands[0].actions[0]"),
    ("mineiro_runs", lambda r: _set_action(r, 0, 1, "run", seat=0), "BET-2", "hands[0].actions[1]"),
    ("mineiro_runs", lambda r: mutated(r, "hands[1].result.points", 2), "BET-4", "hands[1].result.points"),
    ("mineiro_runs", lambda r: mutated(r, "hands[2].result.winner", 1), "BET-4", "hands[2].result.winner"),
    ("mineiro_runs", lambda r: mutated(r, "result.winner", 1), "MAT-1", "result.winner"),
    ("mineiro_runs", lambda r: mutated(r, "hands", r["hands"][:2]), "MAT-1", "hands"),
    ("mineiro_iron", lambda r: _set_action(r, 3, 0, "play 4C"), "IRN-2", "hands[3].actions[0]"),
    ("mineiro_iron", lambda r: _set_action(r, 0, 3, "play 4C"), "DEAL-1", "hands[0].actions[3]"),
    ("mineiro_iron", lambda r: _actions(r, 2, "0:raise 6"), "TEN-4", "hands[2].result.forfeit"),
    ("mineiro_iron", lambda r: mutated(r, "hands[0].result.rounds", [1, 0]), "RND-2",
     "hands[0].result.rounds"),
    ("mineiro_iron", lambda r: mutated(r, "hands[1].result.score", [10, 7]), "BET-3",
     "hands[1].result.score"),
    ("mineiro_pairs", lambda r: _set_action(r, 0, 4, "raise 6"), "BET-10", "hands[0].actions[4]"),
    ("mineiro_pairs", lambda r: _set_action(r, 0, 1, "accept", seat=3), "BET-2", "hands[0].actions[1]"),
    ("mineiro_pairs", lambda r: _set_action(r, 2, 1, "raise 6"), "TEN-3", "hands[2].actions[1]"),
    ("mineiro_pairs", lambda r: _set_action(r, 1, 0, "ten-decline", seat=1), "TEN-5",
     "hands[1].actions[0]"),
    ("mineiro_pairs", lambda r: mutated(r, "hands[1].result.points", 4), "TEN-6",
     "hands[1].result.points"),
    ("mineiro_pairs", lambda r: mutated(r, "readings", {"partner-tie": "tie"}), "RND-3",
     "hands[2].result.rounds"),
    ("mineiro_pairs", lambda r: mutated(r, "hands[0].deal", r["hands"][0]["deal"][:2]), "SET-2",
     "hands[0].deal"),
    ("gauderio_falta", lambda r: _set_action(r, 0, 0, "sign ciego"), "SEN-1", "hands[0].actions[0]"),
    ("gauderio_falta", lambda r: _set_action(r, 0, 0, "sign tanto-27-29"), "SEN-2", "hands[0].actions[0]"),
    ("gauderio_falta", lambda r: _actions(r, 0, "0:raise 2; 1:accept; 0:falta-envido"), "ENV-1",
     "hands[0].actions[2]"),
    ("gauderio_falta", lambda r: _set_action(r, 0, 0, "cover 1b"), "COV-1", "hands[0].actions[0]"),
    ("gauderio_falta", lambda r: mutated(r, "hands[0].result.side_points[0].points", 30), "ENV-6",
     "hands[0].result.side_points"),
    ("gauderio_falta", lambda r: _set_action(r, 0, 1, "flor"), "FLR-1", "hands[0].actions[1]"),
    ("gauderio_best_of_three", lambda r: mutated(r, "hands[1].starter", 1), "ORD-2", "hands[1].starter"),
    ("gauderio_best_of_three", lambda r: mutated(r, "result.partidas", [0]), "MAT-2", "result.partidas"),
]


@pytest.mark.parametrize(("name", "mutate", "clause", "field"), MUTATIONS,
                         ids=[f"{n}-{c}-{f}" for n, _, c, f in MUTATIONS])
def test_mutation_is_caught(name: str, mutate: Any, clause: str, field: str) -> None:
    found = check_record(mutate(CONFORMING[name]()))
    hits = [v for v in found if v.clause == clause and v.field.startswith(field)]
    assert hits, f"[{clause}] not reported at {field}; found: " + "; ".join(str(v) for v in found)


@pytest.mark.clause("CARD-3", "RND-2", "RND-3")
def test_a_wrong_round_is_placed_where_it_ended_under_the_rule_that_decided_it() -> None:
    """The engine decided the round at its last card: what follows (the next leader, the end of the
    hand) comes after it. The card rule is named first; the tie rule first for a round the rules tie."""
    rec = mutated(CONFORMING["mineiro_iron"](), "hands[0].result.rounds", [1, 0])  # 6H over the manilha 7H
    found = [(v.clause, v.action) for v in check_record(rec)]
    assert found == [("CARD-3", 6), ("RND-2", 6)], found  # play 6H, action 6, ends round 2
    tied = [(v.clause, v.action) for v in check_record(mutated(CONFORMING["mineiro_pairs"](), "readings",
                                                               {"partner-tie": "tie"}))]
    assert tied[0][0] == "RND-3" and tied[0][1] is not None, tied


def test_later_actions_of_a_broken_hand_are_not_checked() -> None:
    rec = _set_action(CONFORMING["mineiro_iron"](), 0, 0, "raise 6")
    found = check_record(rec)
    in_hand_1 = [v for v in found if v.hand == 1 and v.action is not None]
    assert len(in_hand_1) == 1, "the first illegal action stops the hand's action checks: " + str(found)
    assert not [v for v in found if v.hand and v.hand > 1], "later hands go on from the claimed score"


def test_ruleset_option_overrides_and_is_reported() -> None:
    found = check_record(CONFORMING["mineiro_runs"](), ruleset="mineiro-1v1-es")
    assert [v.field for v in found] == ["ruleset"], "the rulesets agree but for the name: " + str(found)


def test_an_unknown_ruleset_or_reading_is_reported_under_its_own_field() -> None:
    found = check_record(mutated(CONFORMING["mineiro_runs"](), "ruleset", "no-such-ruleset"))
    assert [(v.field, v.says) for v in found] == [("ruleset", "'no-such-ruleset'")], found
    found = check_record(mutated(CONFORMING["mineiro_runs"](), "readings", {"no-such-key": "x"}))
    assert [v.field for v in found] == ["readings"], found


def test_non_object_records_are_reported() -> None:
    for value in (None, [], 3, "x", {"format": "truco-record/1"}):
        found = check_record(value)
        assert found and all(v.clause == FORMAT for v in found), f"{value!r}: {found}"


@pytest.mark.clause("BET-1", "BET-10", "IRN-2", "TEN-3", "TEN-5", "FLR-1", "FLR-3")
def test_legal_actions_at_set_positions() -> None:
    one = Match(Rules.of("mineiro-1v1-es"))
    hand = one.new_hand((("4C", "7H", "3S"), ("5C", "6H", "KD")))
    assert legal_actions(hand) == {"play 4C", "play 7H", "play 3S", "cover 4C", "cover 7H", "cover 3S",
                                   "raise 4"}, "[BET-1] play, cover or call truco"
    hand.apply(0, "raise 4")
    assert legal_actions(hand) == {"accept", "run", "raise 6"}, "[BET-2] accept, run or raise"
    hand.apply(1, "accept")
    assert "raise 6" not in legal_actions(hand), "[BET-10] the side that called may not call next"
    iron = Hand(Rules.of("mineiro-1v1-es"), 1, 1, 0, (("4C", "7H", "3S"), ("5C", "6H", "KD")), [10, 10])
    legal = legal_actions(iron)
    assert "play #1" in legal and not any(a.endswith("4C") for a in legal), "[IRN-2] slots only"
    assert "raise 6" in legal, "[TEN-4] caller-loses-match: the call is an action (and loses)"
    pairs = Hand(Rules.of("mineiro-pairs-it"), 1, 1, 1,
                 (("4C", "5C", "6C"), ("5H", "6H", "4H"), ("7H", "5S", "6S"), ("4S", "4D", "5D")), [10, 0])
    assert pairs.to_act() == 2 and legal_actions(pairs) == {"ten-play", "ten-decline"}, "[TEN-5]"
    pairs.apply(2, "ten-play")
    assert not any(a.startswith("raise") for a in legal_actions(pairs)), "[TEN-3] refused in 002"
    flor = Hand(Rules.of("gauderio-pairs-es"), 1, 1, 0,
                (("7e", "6e", "1e"), ("5o", "4o", "12o"), ("3e", "2e", "11e"), ("1b", "10o", "7c")), [0, 0])
    assert {"flor", "envido", "raise 2", "sign tanto-30-plus"} <= legal_actions(flor), "[FLR-1]"
    flor.apply(0, "flor")
    assert flor.to_act() == 2 and legal_actions(flor) == {"flor-raise", "flor-pass"}, "[FLR-3] partner"
    flor.apply(2, "flor-raise")
    assert flor.to_act() == 1 and legal_actions(flor) == {"accept", "run", "contraflor"}, "[FLR-4]"
    flor.apply(1, "contraflor")
    assert flor.to_act() == 0 and legal_actions(flor) == {"accept", "run", "contraflor-resto"}, "[FLR-6]"
    flor.apply(0, "run")
    assert flor.outcome is not None and flor.outcome.side_points[-1][:3] == ("flor", 1, 6), \
        "[FLR-8] AMB-27 stake-before-call: the contraflor side takes the 6 in force"
    assert flor.to_act() == 0 and "flor" not in legal_actions(flor), "[FLR-1] one contest per hand"
