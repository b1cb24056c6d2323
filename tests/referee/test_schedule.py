"""Who meets whom: round robin, Swiss, mirrored pairs."""

from __future__ import annotations

from collections import Counter

from truco_rules.referee.schedule import matches_of, round_robin_rounds, swiss_round


def test_round_robin_pairs_every_two_bots_once_a_round_each() -> None:
    for n in (2, 5, 12):
        bots = [f"b{i}" for i in range(n)]
        rounds = round_robin_rounds(bots)
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        met = Counter(frozenset(p) for r in rounds for p in r)
        assert set(met) == {frozenset((a, b)) for a in bots for b in bots if a < b}
        assert set(met.values()) == {1}
        for r in rounds:  # nobody plays twice in a round
            seated = [b for p in r for b in p]
            assert len(seated) == len(set(seated))
        firsts = Counter(p[0] for r in rounds for p in r)
        assert max(firsts.values()) - min(firsts.values()) <= 3, "the first seat goes round"


def test_swiss_pairs_equal_points_without_rematches_and_rotates_the_bye() -> None:
    bots = [f"b{i}" for i in range(7)]
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    points = {b: float(i % 3) for i, b in enumerate(bots)}
    for _ in range(4):
        pairings, bye = swiss_round(bots, points, met, byes)
        assert bye is not None and bye not in byes
        byes.add(bye)
        for a, b in pairings:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        assert len(pairings) == 3
    first, _ = swiss_round(bots, {b: 0.0 for b in bots} | {"b6": 5.0, "b5": 4.0}, set(), set())
    assert first[0] == ("b6", "b5"), "the leaders meet"


def test_a_mirrored_pair_deals_the_same_cards_from_both_seats() -> None:
    matches = matches_of(3, [("alpha", "beta")], 2, 11)
    assert [m.id for m in matches] == ["r03-alpha-beta-1a", "r03-alpha-beta-1b", "r03-alpha-beta-2a",
                                       "r03-alpha-beta-2b"]
    assert matches[0].seed == matches[1].seed != matches[2].seed == matches[3].seed
    assert matches[0].sides == ("alpha", "beta") and matches[1].sides == ("beta", "alpha")
    assert matches_of(3, [("alpha", "beta")], 2, 11) == matches, "the same in every run"
    assert matches_of(3, [("alpha", "beta")], 2, 12)[0].seed != matches[0].seed
