"""One refereed match: bots that play well end normally; every fault has its kind (and, for an
illegal action, the clause the spec names); every record passes the spec's check."""

from __future__ import annotations

import dataclasses

import pytest
from referee_support import POLICY, hostile, kit

from truco_rules.engine import Game
from truco_rules.referee.faults import BY_FAULT, TERMINATIONS, Policy
from truco_rules.referee.match import CONCEDE, MatchSpec, play_match
from truco_rules.referee.view import bot_view, seen_by
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.monitor import check_record
from truco_rules.spec.rules.procedure.hand import Hand
from truco_rules.spec.rules.state import Illegal


def _match(ruleset: str, a, b, policy: Policy = POLICY, seed: int = 5, **fields) -> dict:
    record = play_match(MatchSpec("m", ruleset, seed, (a, b), policy, **fields))
    assert check_record(record) == [], "every record of the referee passes the spec's check"
    assert record["referee"]["termination"] in TERMINATIONS
    return record


@pytest.mark.parametrize("ruleset", ["paulista-1v1", "mineiro-pairs-it"])
def test_bots_that_play_by_the_rules_end_normally(ruleset: str) -> None:
    record = _match(ruleset, kit("heuristic-py"), kit("random-js"), start=(8, 8))
    ref = record["referee"]
    assert ref["termination"] == "normal" and ref["faults"] == []
    assert ref["winner"] == record["result"]["winner"]
    assert len(ref["players"]) == Game.new(ruleset).config.n  # in pairs, one process per seat
    assert all(d > 0 for d in ref["decisions"]) and all(s == 1 for s in ref["starts"])


HOSTILE_KINDS = [("crash", "crash"), ("quiet", "crash"), ("hang", "time-over"), ("late", "time-over"),
                 ("illegal", "illegal"), ("garbage", "protocol"), ("wrongid", "protocol"),
                 ("flood", "protocol")]


@pytest.mark.parametrize(("mode", "kind"), HOSTILE_KINDS)
def test_a_fault_under_the_match_policy_loses_the_match_by_its_kind(mode: str, kind: str) -> None:
    policy = dataclasses.replace(POLICY, on_fault="match")
    record = _match("paulista-1v1", kit("random-py"), hostile(mode), policy)
    ref = record["referee"]
    assert [f["kind"] for f in ref["faults"]] == [kind]
    fault = ref["faults"][0]
    assert fault["seat"] == 1 and fault["replaced_by"] is None
    assert ref["termination"] == BY_FAULT[kind] and ref["winner"] == 0 and record["result"] is None
    if kind == "illegal":  # the clause the spec names, a clause of the catalogue
        assert fault["clause"] in load_catalogue().clauses, fault
    else:
        assert fault["clause"] is None


def test_a_random_legal_action_takes_a_faults_place_up_to_the_limit() -> None:
    policy = dataclasses.replace(POLICY, on_fault="random", max_faults=2)
    record = _match("paulista-1v1", kit("random-py"), hostile("illegal", 1), policy)
    ref = record["referee"]
    faults = ref["faults"]
    assert [f["kind"] for f in faults] == ["illegal"] * 3
    assert all(f["clause"] for f in faults)
    assert [f["replaced_by"] is not None for f in faults] == [True, True, False]
    assert ref["termination"] == "fault-limit" and ref["winner"] == 0
    hands = {h["number"]: h["actions"] for h in record["hands"]}
    if "unfinished" in ref:  # the hand in play when the match was stopped
        hands[ref["unfinished"]["number"]] = ref["unfinished"]["actions"]
    for f in faults[:2]:  # the replacement is what the record shows at that decision
        assert hands[f["hand"]][f["action"]] == {"seat": f["seat"], "action": f["replaced_by"]}


def test_under_the_hand_policy_the_side_gives_up_the_hand() -> None:
    policy = dataclasses.replace(POLICY, on_fault="hand", max_faults=50)
    record = _match("paulista-1v1", kit("random-py"), hostile("illegal", 1), policy, start=(9, 9))
    faults = record["referee"]["faults"]
    assert faults and all(f["replaced_by"] in (*CONCEDE, None) or f["replaced_by"].startswith("play")
                          for f in faults)
    for f in faults:  # every later action of side 1 in that hand is the referee's concession
        hand = next((h for h in record["hands"] if h["number"] == f["hand"]), None)
        if hand is None:
            continue
        later = [a["action"] for a in hand["actions"][f["action"] + 1:] if a["seat"] & 1]
        assert all(a in CONCEDE or a.startswith("play") for a in later), later


def test_a_crashed_bot_is_started_again_until_the_restarts_run_out() -> None:
    lenient = dataclasses.replace(POLICY, max_faults=99)
    restarted = _match("paulista-1v1", kit("random-py"), hostile("crash"), lenient)
    assert restarted["referee"]["starts"][1] > 1
    assert all(f["kind"] == "crash" for f in restarted["referee"]["faults"])
    none = _match("paulista-1v1", kit("random-py"), hostile("crash"), dataclasses.replace(POLICY, restarts=0))
    assert none["referee"]["termination"] == "crash" and none["referee"]["winner"] == 0
    assert "not started again" in none["referee"]["detail"]
    assert any("crashing now" in e["text"] for e in none["referee"]["stderr"]), "its stderr is kept"


def test_adjudication_after_the_files_hands() -> None:
    record = _match("paulista-1v1", kit("heuristic-py"), kit("random-py"), max_hands=2)
    ref = record["referee"]
    assert ref["termination"] == "adjudication" and len(record["hands"]) == 2
    a, b = record["hands"][-1]["result"]["score"]
    assert ref["winner"] == (None if a == b else 0 if a > b else 1)


def test_a_disagreement_of_engine_and_spec_is_named_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Hand.apply
    calls = []

    def refuse_the_fifth(self: Hand, seat: int, text: str, dry_run: bool = False) -> None:
        calls.append(text)
        if len(calls) == 5:
            raise Illegal("RND-1", "a planted refusal")
        real(self, seat, text, dry_run)

    monkeypatch.setattr(Hand, "apply", refuse_the_fifth)
    record = play_match(MatchSpec("m", "paulista-1v1", 5, (kit("random-py"), kit("random-py")), POLICY))
    ref = record["referee"]
    assert ref["termination"] == "abandoned" and ref["winner"] is None
    assert "the spec refuses" in ref["detail"] and "planted" in ref["detail"]


def test_a_seat_sees_only_what_the_rules_let_it() -> None:
    game = Game.new("mineiro-pairs-it", seed=4)
    deal = game.deal()
    view = bot_view(game, 2, [(0, f"cover {deal[0][0]}"), (1, "sign ciego"), (2, f"play {deal[2][1]}")])
    shown = {c["card"] for c in view["hand"]}
    assert shown == set(deal[2]), "its own cards, and no other seat's"
    assert view["history"] == [{"seat": 0, "action": "cover"}, {"seat": 2, "action": f"play {deal[2][1]}"}]
    assert seen_by(0, 2, "sign ciego") == "sign ciego" and seen_by(1, 2, "sign ciego") is None
    assert seen_by(0, 0, f"cover {deal[0][0]}") == f"cover {deal[0][0]}"
    assert sum(len(g) for g in view["card_order"]) == len(game.config.deck.names)
