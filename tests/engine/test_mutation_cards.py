"""The card order, the decks and the envido values, seen through play: which card wins a round
against which, which cards a game deals, and the envido points a seat is shown.

The orders are written here from the clauses, not read from the engine's tables. The engine
builds its decks at import, so each test imports it afresh (fresh_engine.py) and plays with that.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType

import pytest
from engine_support import play
from fresh_engine import fresh_engine

ES, GA = "mineiro-1v1-es", "gauderio-pairs-es"
SEATS = {ES: 2, GA: 4}
# CARD-1: common ranks, lowest first; CARD-2: the manilhas, strongest first.
MINEIRO_COMMON = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
MINEIRO_MANILHAS = ["4C", "7H", "AS", "7D"]
# CARD-5: Gauderio groups from highest to lowest; the cards of a group are equal.
GAUDERIO_GROUPS = [
    ["1e"], ["1b"], ["7e"], ["7o"],
    ["3e", "3b", "3o", "3c"], ["2e", "2b", "2o", "2c"], ["1o", "1c"],
    ["12e", "12b", "12o", "12c"], ["11e", "11b", "11o", "11c"], ["10e", "10b", "10o", "10c"],
    ["7b", "7c"], ["6e", "6b", "6o", "6c"], ["5e", "5b", "5o", "5c"], ["4e", "4b", "4o", "4c"],
]


def _mineiro_order(ranks: list[str]) -> list[list[str]]:
    """Groups of equal cards, strongest first: the manilhas, then the commons by rank (CARD-3, CARD-4)."""
    common = [[r + s for s in "CHSD" if r + s not in MINEIRO_MANILHAS] for r in reversed(ranks)]
    return [[m] for m in MINEIRO_MANILHAS] + common


def _rank(order: list[list[str]]) -> dict[str, int]:
    """Each card's place: 0 for the strongest group."""
    return {card: i for i, group in enumerate(order) for card in group}


@pytest.fixture
def engine() -> Iterator[ModuleType]:
    with fresh_engine() as module:
        yield module


def _first_round(game: object, *cards: str) -> object:
    """The result of the first round when the seats play `cards` in turn."""
    play(game, *(f"play {c}" for c in cards))
    return game.observation(0)["rounds"][0]["result"]


def _fillers(deck: list[str], taken: set[str], n: int) -> list[str]:
    """`n` cards not taken, of different suits (no flor, no pair for envido)."""
    free = [c for c in deck if c not in taken]
    out: list[str] = []
    for c in free:
        if c not in out and c[-1] not in {x[-1] for x in out}:
            out.append(c)
        if len(out) == n:
            return out
    raise AssertionError("not enough fillers")


@pytest.mark.clause("CARD-1", "CARD-2", "CARD-3", "CARD-4", "DECK-1")
@pytest.mark.parametrize("readings", [{}, {"deck": "spanish-without-tens"}], ids=["forty", "without-tens"])
def test_mineiro_cards_beat_each_other_in_the_rulebooks_order(engine: ModuleType,
                                                               readings: dict[str, str]) -> None:
    ranks = [r for r in MINEIRO_COMMON if not (readings and r == "Q")]  # AMB-13: no Qs
    order = _mineiro_order(ranks)
    place = _rank(order)
    deck = list(place)
    for a, b in itertools.permutations(deck, 2):
        others = _fillers(deck, {a, b}, 4)
        game = engine.Game.new(ES, seed=0, readings=readings, deals=[[[a, *others[:2]], [b, *others[2:]]]])
        got = _first_round(game, a, b)
        want = 0 if place[a] < place[b] else 1 if place[a] > place[b] else "tie"
        assert got == want, f"[CARD-1] [CARD-2] [CARD-4] {a} against {b}: {got}, not {want}"


@pytest.mark.clause("CARD-5", "DECK-2")
def test_gauderio_cards_beat_each_other_in_the_rulebooks_order(engine: ModuleType) -> None:
    place = _rank(GAUDERIO_GROUPS)
    deck = list(place)
    fours = GAUDERIO_GROUPS[-1]
    for a, b in itertools.permutations(deck, 2):
        # The other two seats play 4s (the lowest group), which never beat a or b.
        low = [c for c in fours if c not in (a, b)][:2]
        rest = _fillers(deck, {a, b, *low}, 4)
        hands = [[a, *rest[0:1], *rest[1:2]], [b, *rest[2:3], *rest[3:4]]]
        used = {c for h in hands for c in h} | set(low)
        spare = _fillers(deck, used, 4)
        hands += [[low[0], *spare[0:2]], [low[1], *spare[2:4]]]
        got = _first_round(engine.Game.new(GA, seed=0, deals=[hands]), a, b, low[0], low[1])
        want = 0 if place[a] < place[b] else 1 if place[a] > place[b] else "tie"
        assert got == want, f"[CARD-5] {a} against {b}: {got}, not {want}"


@pytest.mark.clause("ENV-2", "ENV-7")
def test_envido_counts_each_gauderio_card_at_its_value(engine: ModuleType) -> None:
    """Two cards of a suit count 20 plus their values (ENV-2); 1 to 7 their face, figures 0 (ENV-7)."""
    deck = [c for g in GAUDERIO_GROUPS for c in g]
    for suit in "eboc":
        for rank in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12):
            card, partner = f"{rank}{suit}", f"{2 if rank == 1 else 1}{suit}"
            third = "4" + ("b" if suit == "e" else "e")
            rest = _fillers(deck, {card, partner, third}, 3)
            rest += _fillers(deck, {card, partner, third, *rest}, 3)
            rest += _fillers(deck, {card, partner, third, *rest}, 3)
            hands = [[card, partner, third], rest[0:3], rest[3:6], rest[6:9]]
            game = engine.Game.new(GA, seed=0, deals=[hands])
            value = rank if rank <= 7 else 0
            partner_value = 2 if rank == 1 else 1
            assert game.observation(0)["envido_points"] == 20 + value + partner_value, f"[ENV-7] {card}"


def _dealt(engine: ModuleType, ruleset: str, readings: dict[str, str], games: int) -> set[str]:
    """The cards the first hands of `games` seeded games deal to the seats."""
    seen: set[str] = set()
    for seed in range(games):
        game = engine.Game.new(ruleset, seed=seed, readings=readings)
        for seat in range(SEATS[ruleset]):
            seen |= {c["card"] for c in game.observation(seat)["hand"]}
    return seen


@pytest.mark.clause("DECK-1", "DECK-2")
@pytest.mark.parametrize(("ruleset", "readings", "expected"), [
    (ES, {}, {c for g in _mineiro_order(MINEIRO_COMMON) for c in g}),
    (ES, {"deck": "spanish-without-tens"}, {c for g in _mineiro_order(MINEIRO_COMMON) for c in g
                                             if not c.startswith("Q")}),
    (GA, {}, {c for g in GAUDERIO_GROUPS for c in g}),
], ids=["mineiro-forty", "mineiro-without-tens", "gauderio"])
def test_the_deals_use_exactly_the_deck(engine: ModuleType, ruleset: str, readings: dict[str, str],
                                        expected: set[str]) -> None:
    assert _dealt(engine, ruleset, readings, 60) == expected, "[DECK-1] [DECK-2] the deals use the deck"
