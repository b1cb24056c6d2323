"""The deal classes of `truco check --exhaustive` (truco_rules.spec.exhaustive.classes): their count, and the
reduction's assumption on the spec: two deals of one class give trees of the same shape."""

from __future__ import annotations

import itertools

import pytest

from truco_rules.spec.exhaustive.classes import class_key, contest_classes, exact_classes, positions
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions

ES = "mineiro-1v1-es"


def test_mineiro_one_against_one_has_115_classes_by_an_enumeration_of_its_own() -> None:
    """The matrices of win/tie/lose between two sorted hands, counted over every weak order of six
    cards (three per seat) in which no more than four cards are equal (a strength group of the
    deck holds at most four): the same 115, without the deck's groups or the module's code."""
    def sign(a: int, b: int) -> int:
        return (a > b) - (a < b)

    matrices = set()
    for a in itertools.combinations_with_replacement(range(6), 3):
        for b in itertools.combinations_with_replacement(range(6), 3):
            if max((a + b).count(v) for v in range(6)) > 4:
                continue
            matrices.add(tuple(tuple(sign(x, y) for y in b) for x in a))
    rules = Rules.of(ES)
    found = exact_classes(rules)
    assert len(matrices) == len(found) == 115
    assert {k.key[0][0] for k in found} == matrices
    # Each representative and each deal of its sample is of its class; the slots in deal order
    # (no sorting) would give 2,054 classes.
    for k in found:
        assert class_key(rules, k.deal) == k.key
        assert all(class_key(rules, d) == k.key for d in k.sample)
        assert len({c for d in (k.deal, *k.sample) for h in d["hands"] for c in h}) > 6 or not k.sample


def test_the_sample_deals_hold_other_cards_than_the_representatives() -> None:
    """The equal-strength check has something to check: the samples hold cards that no
    representative holds (the representatives take the first cards of each strength group)."""
    found = exact_classes(Rules.of(ES))
    held = {c for k in found for h in k.deal["hands"] for c in h}
    sampled = {c for k in found for d in k.sample for h in d["hands"] for c in h}
    assert len(sampled - held) >= 10


def test_positions_come_from_the_ruleset_data() -> None:
    assert [(p.name, p.scores) for p in positions(Rules.of(ES))] == [
        ("start", (0, 0)), ("ten-side-0", (10, 0)), ("ten-side-1", (0, 10)), ("iron", (10, 10))]
    assert [p.name for p in positions(Rules.of("argentino-1v1"))] == ["start"]


def test_rulesets_with_envido_keep_who_has_more_points_in_the_key() -> None:
    """Argentino one against one: the 115 matrices or fewer, times who has more envido points
    (three signs), derived from the rules; each class's deals are of it; each holds distinct cards."""
    rules = Rules.of("argentino-1v1")
    found = contest_classes(rules)
    assert 115 < len(found) <= 115 * 3 and len({k.key[0] for k in found}) <= 115
    assert {k.key[2] for k in found} == {(-1,), (0,), (1,)}
    for k in found[::17]:
        assert class_key(rules, k.deal) == k.key and all(class_key(rules, d) == k.key for d in k.sample)
        assert all(len({c for h in d["hands"] for c in h}) == 6 for d in (k.deal, *k.sample))


def test_a_vira_ruleset_has_its_classes_under_every_vira() -> None:
    """Paulista: the vira's manilhas give the same 115 matrices as Mineiro's fixed ones; every deal
    turns up a vira that nobody holds, and the samples turn up other viras than the representative."""
    rules = Rules.of("paulista-1v1")
    found = exact_classes(rules)
    assert len(found) == 115
    for k in found[::9]:
        for d in (k.deal, *k.sample):
            assert d["muestra"] and d["muestra"] not in {c for h in d["hands"] for c in h}
            assert class_key(rules, d) == k.key
    assert len({d["muestra"] for k in found for d in k.sample}) > 10


def tree(hand: Hand) -> tuple[int, int]:
    """(nodes, leaves) of the spec's tree of a hand, walked plainly (no DAG, no engine)."""
    if hand.over:
        return 1, 1
    nodes, leaves = 1, 0
    for action in sorted(legal_actions(hand)):
        child = hand.copy()
        child.apply(child.to_act(), action)  # type: ignore[arg-type]
        n, leaf = tree(child)
        nodes, leaves = nodes + n, leaves + leaf
    return nodes, leaves


def spec_tree(rules: Rules, deal: dict, scores: tuple[int, int]) -> tuple[int, int]:
    match = Match.at(rules, scores)
    return tree(match.new_hand(tuple(tuple(h) for h in deal["hands"]), deal.get("muestra")))


@pytest.mark.parametrize("index", [3, 50, 100])
def test_deals_of_one_class_give_the_spec_the_same_tree(index: int) -> None:
    """The reduction's assumption, on the spec: a class's representative and its sample deals
    (other cards, other strengths, slots shuffled) have trees of the same size, in the hands of
    ten and the iron hand; and a deal of another class has another tree somewhere."""
    rules = Rules.of(ES)
    k = exact_classes(rules)[index]
    for pos in positions(rules)[1:]:
        want = spec_tree(rules, k.deal, pos.scores)
        assert all(spec_tree(rules, d, pos.scores) == want for d in k.sample), (index, pos.name)


@pytest.mark.slow
def test_deals_of_one_class_give_the_same_whole_tree_from_a_new_match() -> None:
    rules = Rules.of(ES)
    k = exact_classes(rules)[57]
    want = spec_tree(rules, k.deal, (0, 0))
    assert spec_tree(rules, k.sample[0], (0, 0)) == want
    other = exact_classes(rules)[0]
    assert spec_tree(rules, other.deal, (0, 0)) != want  # the test can fail: classes differ


def _envido_winner(rules: Rules, deal: dict) -> int:
    """The side an accepted envido goes to, the rest of the hand played by its first legal action."""
    hand = Match.at(rules, (0, 0)).new_hand(tuple(tuple(h) for h in deal["hands"]), deal.get("muestra"))
    hand.apply(0, "envido")
    hand.apply(1, "accept")
    return hand.outcome.side_points[0][1]


def test_deals_of_one_envido_class_give_the_spec_the_same_tree() -> None:
    """The contests' reduction, on the spec: two deals of one Argentine class (other envido points,
    the same seat with more of them) have trees of the same size and the envido goes to the same
    side; in the class with the same cards' order and the other side ahead, it goes to the other."""
    rules = Rules.of("argentino-1v1")
    found = contest_classes(rules)
    k = next(k for k in found if k.sample and k.key[2] == (1,))
    want = spec_tree(rules, k.deal, (0, 0))
    assert all(spec_tree(rules, d, (0, 0)) == want for d in k.sample)
    assert {_envido_winner(rules, d) for d in (k.deal, *k.sample)} == {0}
    other = next(o for o in found if o.key[0] == k.key[0] and o.key[2] == (-1,))
    assert _envido_winner(rules, other.deal) == 1
