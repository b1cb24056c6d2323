"""The witnesses of the register's newer entries (proofs/register_witnesses.py: AMB-20 falta-added, AMB-34,
AMB-35, AMB-36, AMB-37, AMB-38, AMB-41, AMB-42): how the executable spec gives their results (the
replay of tests/proofs/test_witness_replay.py asks it for every witness of these domains in the
witness file), and that every domain has a witness there."""

from __future__ import annotations

import json
from typing import Any

from truco_rules.proofs import register_witnesses as rw
from truco_rules.proofs.divergence import witnesses
from truco_rules.proofs.setup import Setup, make_setup
from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.senas import sign_is_true
from truco_rules.spec.rules.state import Match
from truco_rules.spec.rules.vira import manilha_rank

DOMAINS = {d["name"] for d in rw.DOMAINS}


def _rules(s: Setup) -> Rules:
    return Rules.of(s.ruleset, s.overrides)


def _ten_call(r: Rules, call: int) -> str:
    n = r.players
    deal = (("4C", "7H", "AS"), ("5C", "5H", "6S"), ("6C", "6H", "KS"), ("QC", "QH", "JS"))[:n]
    at = int(r.data["hand_of_ten"]["score"])  # TEN-1 (PAU-8: the mão de onze at 11)
    hand = Match(r, score=[at, 4]).new_hand(deal, _turned(r, [c for h in deal for c in h]))
    if hand.phase == "ten-choice":
        hand.apply(hand.to_act(), "ten-play")
    try:
        hand.apply(hand.to_act(), f"raise {call}")
    except Illegal as refused:
        if refused.clause == r.clause("truco", "order"):
            return "refused: out of the ladder's order"
        return "refused: no truco in this hand"
    if hand.over:
        return "asking for truco: AMB-9 ten-truco applies"
    return "an ordinary call: the hand rises"


def _turned(r: Rules, used: list[str]) -> str | None:
    """A vira (PAU-2) none of whose manilhas is among `used`, where the ruleset turns one up: the
    witness compares the file's groups, which the manilhas would rise above (PAU-3)."""
    if not r.has("vira"):
        return None
    ranks = r.deck.ranks
    held = {ranks.index(c[:-1]) for c in used}
    return next(c for c in r.deck.cards if c not in used
                and int(manilha_rank(r, ranks.index(c[:-1]))) not in held)


def _iron_cards(r: Rules, sit: dict[str, Any]) -> str:
    led, answered = sit["cards_in_play_order"]
    rest = [c for c in ("5C", "5H", "6S", "6C") if c not in (led, answered)]
    cards = ((led, rest[0], rest[1]), (answered, rest[2], rest[3]))
    at = int(r.data["iron_hand"]["score"])  # IRN-1 (PAU-9: 11 against 11)
    hand = Match(r, score=[at, at]).new_hand(cards, _turned(r, [c for h in cards for c in h]))
    assert hand.blind
    hand.apply(0, "play #1")
    hand.apply(1, "play #1")
    result = hand.rounds[0]
    return "round tied" if result == 2 else f"side {result} wins the round"


def _contraflor(r: Rules, sit: dict[str, Any]) -> dict[str, int]:
    if r.players == 4:
        partner = ["10o", "11o", "12o"] if sit["partner_raised"] else ["10o", "11c", "12o"]
        deal = (("4e", "5e", "6e"), ("4b", "5b", "6b"), tuple(partner), ("10c", "11b", "12c"))
    else:
        deal = (("4e", "5e", "6e"), ("4b", "5b", "6b"))
    muestra = "7c" if r.has("muestra") else None  # no pieza in either hand
    hand = Match(r).new_hand(deal, muestra)
    hand.apply(0, "flor")
    if sit["partner_raised"]:
        hand.apply(2, "flor-raise")
    elif r.players == 4 and hand.flor.stage == "partner":
        hand.apply(2, "flor-pass")
    hand.apply(1, "contraflor")
    return {"contraflor_stakes": int(hand.flor.pending)}  # type: ignore[arg-type]


def _flor_truco(r: Rules, move: str) -> str:
    """AMB-42: the seat holding flor (not yet sung) is seat 0 on its turn to play, or seat 1 asked
    for truco by seat 0 before its first card."""
    holder = 0 if move == "calls truco on its turn to play" else 1
    plain = [("10o", "11b", "12c"), ("4o", "5c", "6b"), ("4b", "5o", "6c")]
    deal = tuple(("1e", "5e", "7e") if seat == holder else plain.pop(0) for seat in range(r.players))
    hand = Match(r).new_hand(deal, "7c" if r.has("muestra") else None)  # no pieza in any hand
    assert hand.seat_flor(holder) and not any(hand.seat_flor(s) for s in range(r.players) if s != holder)
    call = f"raise {r.ladder[1]}"
    if holder == 1:
        hand.apply(0, call)
    text = {"accepts a truco call": "accept", "raises a truco call": f"raise {r.ladder[2]}",
            "runs from a truco call": "run"}.get(move, call)
    try:
        hand.check(holder, text)
    except Illegal as refused:
        assert "AMB-42" in str(refused), f"refused for another reason: {refused}"
        return "refused: the flor is sung first"
    return "the seat may do it"


def _spec_result(s: Setup, w: dict[str, Any]) -> Any:
    r, sit, d = _rules(s), w["situation"], w["domain"]
    if d == "ten-call":
        return _ten_call(r, sit["call"])
    if d == "iron-cards":
        return _iron_cards(r, sit)
    if d == "contraflor-stake":
        return _contraflor(r, sit)
    if d == "envido-three-suit":
        flat = [x for c in sit["hand"] for x in r.deck.index[c]]
        return env.envido_points(r, *flat, without_pair=r.readings["envido-without-pair"])
    if d == "falta-added":
        return {"stake": env.envido_accepted_stake(r, sit["accepted_chain"], sit["falta"])}
    if d == "card-pairs":
        first, second = sit["cards_in_play_order"]
        deal = ((first, "4e", "5e"), (second, "4b", "5b"), ("4o", "5o", "6e"), ("4c", "5c", "6b"))
        hand = Match(r).new_hand(deal[:r.players])
        for seat, card in enumerate((first, second, "4o", "4c")[:r.players]):
            hand.apply(seat, f"play {card}")
        result = hand.rounds[0]
        return "round tied" if result == 2 else f"side {result} wins the round"
    if d == "ciego":
        strongest = sit["strongest_card"]
        hand = [r.deck.index[c] for c in (strongest, "4b", "4o")]
        true = sign_is_true(r, "ciego", hand, r.readings["envido-without-pair"])
        may = true or r.readings["senas"] == "free"
        return "ciego may be signed" if may else "ciego may not be signed"
    if d == "flor-before-truco":
        return _flor_truco(r, sit["move"])
    raise AssertionError(f"no spec replay for {d}")


def test_every_new_entry_with_differing_readings_has_a_witness() -> None:
    """In the witness file, which tests/proofs/test_witness_replay.py holds to what `truco diff
    --write-all` finds now."""
    from truco_rules.proofs.witnesses import WITNESS_FILE

    data = json.loads(WITNESS_FILE.read_text(encoding="utf-8"))
    found = {w["domain"] for c in data["comparisons"] for w in c["witnesses"]} & DOMAINS
    assert found == DOMAINS, f"no witness for {DOMAINS - found}"


# Each of these witnesses is replayed through the spec, both sides' results and that they differ, by
# tests/proofs/test_witness_replay.py: the witness file holds them (build() compares every ruleset
# with each of its alternative readings), and is kept current there.


def test_a_flor_before_truco_witness_names_the_clauses_of_the_rulesets_compared() -> None:
    found = [w for w in witnesses(make_setup("gauderio-pairs-es"), make_setup("uruguayo-1v1"))
             if w["domain"] == "flor-before-truco"]
    assert found and found[0]["situation"] == {"move": "calls truco on its turn to play"}
    assert found[0]["clauses"] == ["FLR-1", "BET-1", "URU-6"], "each side's flor clause and the truco call"
