"""What each seat may see (spec.rules.visibility) and how an observation is read (spec.monitor.views)."""

from __future__ import annotations

import pytest

from truco_rules.spec.monitor.views import cards_named, view_problems
from truco_rules.spec.rules.state import Match, Rules
from truco_rules.spec.rules.visibility import sights

ONE = (("4C", "5H", "6S"), ("7D", "KH", "3S"))
PAIRS = (("4C", "5H", "6S"), ("7D", "KH", "3S"), ("QC", "JH", "AS"), ("2D", "2C", "3H"))


def hand(ruleset: str, deal: tuple[tuple[str, ...], ...], score: tuple[int, int] = (0, 0)):  # type: ignore[no-untyped-def]
    match = Match(Rules.of(ruleset))
    match.score = list(score)
    return match.new_hand(deal)


def seen(h, seat: int) -> dict[str, tuple[bool, bool, str]]:  # type: ignore[no-untyped-def]
    return {s.card: (s.visible, s.required, s.clause) for s in sights(h, seat)}


@pytest.mark.clause("DEAL-1", "RND-1", "COV-1")
def test_own_cards_table_cards_and_covered_cards() -> None:
    h = hand("mineiro-1v1-es", ONE)
    assert seen(h, 0)["5H"] == (True, True, "DEAL-1") and seen(h, 1)["5H"] == (False, False, "DEAL-1")
    h.apply(0, "play 5H")
    h.apply(1, "cover KH")
    assert seen(h, 1)["5H"] == (True, True, "RND-1"), "[RND-1] a card played face up is seen by all"
    assert seen(h, 0)["KH"] == (False, False, "COV-1"), "[COV-1] a covered card is hidden from the others"
    assert seen(h, 1)["KH"][0], "[COV-1] its player may know it"


@pytest.mark.clause("IRN-2")
def test_the_blind_iron_hand_hides_a_seats_own_cards() -> None:
    h = hand("mineiro-1v1-es", ONE, (10, 10))
    assert h.blind
    assert seen(h, 0)["4C"] == (False, False, "IRN-2")
    h.apply(0, "play #1")
    assert seen(h, 0)["4C"] == (True, True, "RND-1"), "a card played face up is seen, even in the blind hand"


@pytest.mark.clause("TEN-7")
def test_partners_at_ten_may_see_each_others_cards() -> None:
    h = hand("mineiro-pairs-it", PAIRS, (10, 4))
    assert seen(h, 0)["QC"] == (True, False, "TEN-7"), "[TEN-7] seat 0 sees its partner's cards at ten"
    assert seen(h, 1)["2D"] == (False, False, "DEAL-1"), "the side not at ten does not"
    assert seen(hand("mineiro-pairs-it", PAIRS), 0)["QC"][0] is False, "not outside the hand of ten"


@pytest.mark.clause("DEAL-1")
def test_an_observation_is_read_for_every_card_it_names() -> None:
    h = hand("mineiro-1v1-es", ONE)
    assert view_problems(h, 0, {"hand": ["4C", "5H", "6S"], "log": "play 7D?"})[0][0].clause == "DEAL-1"
    assert not view_problems(h, 0, {"hand": ["4C", "5H", "6S"]})
    missing = view_problems(h, 0, {"hand": ["4C", "5H"]})
    assert [p[0].card for p in missing] == ["6S"], "a seat's own card must be shown"
    assert cards_named({"k": "11e 14C", "v": ["play 1e"]}, ("1e", "11e", "4C")) == {"1e", "11e"}
