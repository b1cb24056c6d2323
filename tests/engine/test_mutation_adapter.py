"""The reference engine behind the engine-adapter contract (engine/adapter.py)."""

from __future__ import annotations

import pytest
from engine_support import deal

from truco_rules.engine import Game
from truco_rules.engine.adapter import ReferenceAdapter, make_adapter


@pytest.mark.clause("DEAL-1", "IRN-2")
def test_adapter_drives_one_match_in_action_texts() -> None:
    adapter = make_adapter()
    assert isinstance(adapter, ReferenceAdapter) and adapter.game is None
    with pytest.raises(RuntimeError, match=r"^no game: call new_game first$"):
        adapter.to_act()
    adapter.new_game("mineiro-1v1-es", 4, {"iron-blind": "open"})
    game = adapter.game
    assert isinstance(game, Game)
    assert game == Game.new("mineiro-1v1-es", seed=4, readings={"iron-blind": "open"})
    assert game.readings["iron-blind"] == "open" and game.seed == 4
    assert adapter.to_act() == 0
    assert adapter.legal_actions() == [a.text for a in game.legal_actions()]
    dealt = adapter.deal()
    assert dealt == [[c["card"] for c in game.observation(seat)["hand"]] for seat in (0, 1)], \
        "[DEAL-1] the whole deal: each seat's three cards, in slot order"
    first = adapter.legal_actions()[0]
    adapter.apply(first)
    assert [a.text for a in game.moves] == [first] and adapter.to_act() == 1
    assert adapter.observation(1) == game.observation(1)
    assert adapter.record() == game.record()
    while game.record()["hands"] == []:
        adapter.apply(adapter.legal_actions()[0])
    assert game.record()["hands"][0]["deal"] == dealt, "[DEAL-1] the record keeps the deal shown"


@pytest.mark.clause("IRN-2")
def test_adapter_deal_shows_the_cards_of_a_blind_hand() -> None:
    class Stacked(ReferenceAdapter):
        def make_game(self, ruleset, seed, readings):  # type: ignore[no-untyped-def]
            return Game.new(ruleset, seed=seed, readings=dict(readings), deals=deal("3C 7H 6S", "4D 5D 6D"),
                            scores=(10, 10))

    adapter = Stacked()
    adapter.new_game("mineiro-1v1-es", 0, {})
    assert adapter.observation(0)["hand"][0]["card"] is None, "[IRN-2] the holder does not see it"
    assert adapter.deal() == [["3C", "7H", "6S"], ["4D", "5D", "6D"]], "[IRN-2] the checker does"
