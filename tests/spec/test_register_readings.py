"""The readings of the register entries raised by the second reading of the rulebooks (AMB-34, AMB-35, AMB-36,
AMB-37, AMB-38, AMB-39, AMB-40, AMB-41, AMB-42, AMB-20 falta-added), played through the executable spec: each
reading does what its summary says, and switching it changes the result where the register says the readings
differ."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules.procedure.hand import Hand
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.senas import sign_is_true
from truco_rules.spec.rules.state import Match, legal_actions


def _hand(ruleset: str, readings: dict[str, str], deal: tuple[tuple[str, ...], ...],
          score: tuple[int, int] = (0, 0)) -> Hand:
    match = Match(Rules.of(ruleset, readings), score=list(score))
    return match.new_hand(deal)


def _cards(rules: Rules, *names: str) -> list[tuple[int, int]]:
    return [rules.deck.index[n] for n in names]


MINEIRO_DEAL = (("4C", "7H", "AS"), ("5C", "5H", "6S"))
PAIRS_DEAL = (("4C", "7H", "AS"), ("5C", "5H", "6S"), ("6C", "6H", "KS"), ("QC", "QH", "JS"))


# --- AMB-37 ten-call -----------------------------------------------------------------------------

@pytest.mark.clause("TEN-3", "TEN-4", "BET-6")
@pytest.mark.parametrize(("reading", "calls", "loses_on"), [
    ("next-step", {"raise 6"}, {6}),
    ("truco-by-name", {"raise 4", "raise 6"}, {4, 6}),
    ("truco-only", {"raise 4", "raise 6"}, {4}),
])
def test_ten_call_decides_which_call_in_the_hand_of_ten_loses_the_match(
        reading: str, calls: set[str], loses_on: set[int]) -> None:
    hand = _hand("mineiro-1v1-es", {"ten-call": reading}, MINEIRO_DEAL, (10, 4))
    assert hand.value == 4, "[TEN-2] the hand of ten starts at 4"
    assert {a for a in legal_actions(hand) if a.startswith("raise")} == calls
    for value in (4, 6):
        h = _hand("mineiro-1v1-es", {"ten-call": reading}, MINEIRO_DEAL, (10, 4))
        if f"raise {value}" not in calls:
            with pytest.raises(Illegal) as caught:
                h.apply(0, f"raise {value}")
            assert caught.value.clause == "BET-6", "[BET-6] a call out of order cites the ladder's order"
            continue
        h.apply(0, f"raise {value}")
        if value in loses_on:
            assert h.over and h.outcome.forfeit == 0 and h.outcome.clause == "TEN-4", f"[TEN-4] {reading}"
        else:  # truco-only: the hand of ten rises like any hand ('comienza valiendo 4')
            assert not h.over and h.phase == "truco" and h.truco.call == 6
            h.apply(1, "accept")
            assert h.value == 6


@pytest.mark.clause("TEN-3")
def test_a_refused_truco_in_the_hand_of_ten_cites_ten3_under_every_ten_call_but_truco_only() -> None:
    for reading in ("next-step", "truco-by-name", "truco-only"):
        h = _hand("mineiro-pairs-it", {"ten-call": reading, "ten-choice": "must-play"}, PAIRS_DEAL, (10, 4))
        with pytest.raises(Illegal) as caught:
            h.apply(0, "raise 4")
        assert caught.value.clause == "TEN-3"
        legal = {a for a in legal_actions(h) if a.startswith("raise")}
        assert legal == ({"raise 6"} if reading == "truco-only" else set()), reading


# --- AMB-35 iron-cards ----------------------------------------------------------------------------

@pytest.mark.clause("IRN-2", "COV-1", "HND-9")
def test_iron_cards_covered_makes_every_round_of_the_blind_iron_hand_a_tie() -> None:
    results = {}
    for reading in ("played-at-value", "covered"):
        h = _hand("mineiro-1v1-en", {"iron-cards": reading}, MINEIRO_DEAL, (10, 10))
        assert h.blind, "[IRN-2] the iron hand of 001 is blind"
        while not h.over:
            h.apply(h.to_act(), sorted(a for a in legal_actions(h) if a.startswith("play"))[0])
        results[reading] = (h.rounds, h.outcome.winner, h.outcome.clause)
    assert results["played-at-value"] == ([0, 0], 0, "HND-3"), "the manilhas win at their value"
    assert results["covered"] == ([2, 2, 2], None, "HND-9"), "[COV-1] worth nothing: every round tied"


def test_iron_cards_does_not_change_an_open_iron_hand() -> None:
    for reading in ("played-at-value", "covered"):
        h = _hand("mineiro-pairs-it", {"iron-cards": reading}, PAIRS_DEAL, (10, 10))
        assert not h.blind
        h.apply(0, "play 4C")
        assert h.plays[-1][2] is False


# --- AMB-34 contraflor-stake ------------------------------------------------------------------------

@pytest.mark.clause("FLR-5", "FLR-6")
def test_contraflor_stake_doubles_the_stake_in_force_or_a_quiero() -> None:
    stake = {r: Rules.of("gauderio-pairs-es", {"contraflor-stake": r})
             for r in ("double-stake", "double-quiero")}
    quiero = env.flor_accepted_stake(stake["double-stake"], 1)
    assert env.contraflor_called(stake["double-stake"], 3) == 6 < quiero, "[FLR-5] less than a quiero's 9"
    assert env.contraflor_called(stake["double-stake"], 6) == 12, "[FLR-3] after the partner's raise"
    assert env.contraflor_called(stake["double-quiero"], 3) == 18, "twice the 9 of a quiero"
    one = Rules.of("uruguayo-1v1", {"contraflor-stake": "double-quiero"})
    assert env.contraflor_called(one, 3) == 12, "twice the 6 of one quiero where one quiero gives 6"


@pytest.mark.clause("FLR-6")
def test_an_accepted_contraflor_pays_what_the_reading_stakes() -> None:
    deal = (("4e", "5e", "6e"), ("4b", "5b", "7b"), ("10o", "11c", "12o"), ("10c", "11b", "12c"))
    paid = {}
    for reading in ("double-stake", "double-quiero"):
        h = _hand("gauderio-pairs-es", {"contraflor-stake": reading}, deal)
        for seat, text in ((0, "flor"), (1, "contraflor"), (0, "accept")):
            h.apply(seat, text)
        paid[reading] = h.outcome.side_points[-1][1:3]
    assert paid == {"double-stake": (1, 6), "double-quiero": (1, 18)}, "seat 1's flor (36) beats 35"


# --- AMB-38 envido-three-suit ------------------------------------------------------------------------

@pytest.mark.clause("ENV-2", "ENV-4")
def test_envido_three_suit_counts_two_or_three_cards_of_one_suit() -> None:
    points = {}
    for reading in ("two-highest", "all-three"):
        r = Rules.of("gauderio-pairs-es", {"envido-three-suit": reading})
        flat = [x for c in _cards(r, "7e", "6e", "5e") for x in c]
        points[reading] = env.envido_points(r, *flat, without_pair="highest-card")
        assert env.envido_points(r, *flat, without_pair="highest-card", three_suit="two-highest") == 33
    assert points == {"two-highest": 33, "all-three": 38}


@pytest.mark.clause("SEN-3")
def test_all_three_widens_the_tanto_sena_to_its_highest_points() -> None:
    r = Rules.of("gauderio-pairs-es", {"envido-three-suit": "all-three"})
    assert sign_is_true(r, "tanto-30-plus", _cards(r, "7e", "6e", "5e"), "highest-card"), "38 is 30 or more"


# --- AMB-20 falta-added --------------------------------------------------------------------------------

@pytest.mark.clause("ENV-6")
def test_falta_added_adds_the_falta_to_the_stakes_before_it() -> None:
    classic = Rules.of("gauderio-pairs-es", {"envido-stakes": "classic"})
    added = Rules.of("gauderio-pairs-es", {"envido-stakes": "falta-added"})
    chain = ["envido", "real-envido", "falta-envido"]
    assert env.envido_accepted_stake(classic, chain, 17) == 17
    assert env.envido_accepted_stake(added, chain, 17) == 22, "2 + 3 + the falta"
    assert env.envido_refused_payout(added, chain, 17) == 5, "a refusal pays the calls before it"


# --- AMB-36 ciego, AMB-39 sena-timing -------------------------------------------------------------------

@pytest.mark.clause("SEN-1")
def test_ciego_draws_the_line_under_the_threes_or_the_twos() -> None:
    threes = Rules.of("gauderio-pairs-es", {"ciego": "below-threes"})
    twos = Rules.of("gauderio-pairs-es", {"ciego": "below-twos"})
    hand = _cards(threes, "2e", "12b", "4o")
    assert sign_is_true(threes, "ciego", hand, "highest-card")
    assert not sign_is_true(twos, "ciego", hand, "highest-card")
    assert sign_is_true(twos, "ciego", _cards(twos, "1o", "12b", "4o"), "highest-card")


@pytest.mark.clause("SEN-1")
def test_sena_timing_before_first_card_bars_a_sena_after_playing() -> None:
    deal = (("4e", "5b", "6o"), ("4b", "5o", "6c"), ("10o", "11c", "12e"), ("10c", "11b", "12b"))
    for reading, allowed in (("any-turn", True), ("before-first-card", False)):
        h = _hand("gauderio-pairs-es", {"sena-timing": reading}, deal)
        for seat in range(4):
            h.apply(seat, f"play {deal[seat][0]}")
        assert ("sign ciego" in legal_actions(h)) is allowed, reading


# --- AMB-41 card-pairs -----------------------------------------------------------------------------------

@pytest.mark.clause("CARD-5")
def test_card_pairs_makes_the_joined_cards_equal_or_ranks_them_as_written() -> None:
    from truco_rules.spec.rules.cards import card_strength

    equal = Rules.of("gauderio-pairs-es", {"card-pairs": "equal"})
    ordered = Rules.of("gauderio-pairs-es", {"card-pairs": "in-order"})
    assert card_strength(equal, "1c") == card_strength(equal, "1o")
    assert card_strength(equal, "7b") == card_strength(equal, "7c")
    assert card_strength(ordered, "1c") > card_strength(ordered, "1o") > card_strength(ordered, "12e")
    assert card_strength(ordered, "7b") > card_strength(ordered, "7c") > card_strength(ordered, "6e")


# --- AMB-42 flor-before-truco ------------------------------------------------------------------------

def _uy_hand(readings: dict[str, str], deal: tuple[tuple[str, ...], ...]) -> Hand:
    return Match(Rules.of("uruguayo-1v1", readings)).new_hand(deal, "7c")  # no pieza in either hand


@pytest.mark.clause("URU-6", "BET-1")
def test_flor_first_bars_a_truco_call_until_the_mandatory_flor_is_sung() -> None:
    deal = (("1e", "5e", "7e"), ("10o", "11b", "12c"))  # seat 0, to play first, holds flor
    first = _uy_hand({}, deal)  # the ruleset's default: flor-first
    assert legal_actions(first) == {"flor"}
    with pytest.raises(Illegal) as refused:
        first.check(0, "raise 2")
    assert refused.value.clause == "URU-6" and "AMB-42" in str(refused.value)
    allowed = _uy_hand({"flor-before-truco": "truco-allowed"}, deal)
    assert legal_actions(allowed) == {"flor", "raise 2", "mazo"}, "only the card waits for the flor (AMB-26)"
    allowed.apply(0, "raise 2")
    allowed.apply(1, "accept")
    assert "flor" not in legal_actions(allowed), "the truco closed the window: the flor is never sung"
    first.apply(0, "flor")
    assert "raise 2" in legal_actions(first), "once sung, the truco is open again"


@pytest.mark.clause("URU-6", "BET-2", "BET-5")
def test_flor_first_leaves_only_running_or_singing_to_a_flor_holder_asked_for_truco() -> None:
    deal = (("10o", "11b", "12c"), ("1e", "5e", "7e"))  # seat 1 holds flor; AMB-29 envido-first
    for reading, answers in (("flor-first", {"run", "flor"}),
                             ("truco-allowed", {"accept", "run", "raise 3", "flor", "mazo"})):
        hand = _uy_hand({"flor-before-truco": reading}, deal)
        hand.apply(0, "raise 2")
        assert legal_actions(hand) == answers, reading
    hand = _uy_hand({}, deal)
    hand.apply(0, "raise 2")
    for text in ("accept", "raise 3"):
        with pytest.raises(Illegal) as refused:
            hand.check(1, text)
        assert refused.value.clause == "URU-6", text
    hand.apply(1, "flor")
    assert legal_actions(hand) >= {"accept", "raise 3"}, "after the flor the truco is answered as usual"


@pytest.mark.clause("FLR-1")
def test_flor_first_binds_nothing_where_the_flor_is_optional() -> None:
    deal = (("1e", "5e", "7e"), ("10o", "11b", "12c"))
    optional = _uy_hand({"flor-optional": "optional", "flor-before-truco": "flor-first"}, deal)
    assert {"raise 2", "flor", "play 1e"} <= legal_actions(optional)
