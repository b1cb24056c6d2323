"""Editions of a ruleset file as the engine plays them, the clause a file gives its own default
reading, and the adapter's set positions: each checked through the engine's public API
(Game, find_ruleset, RULESETS, ReferenceAdapter)."""

from __future__ import annotations

import json
import random

import pytest

from truco_rules.engine import RULESETS, Game, IllegalActionError, UnknownReadingError, find_ruleset
from truco_rules.engine.adapter import ReferenceAdapter

URU = "uruguayo-1v1"  # edition 2 plays to 40 in halves of 20; edition 1 played to 30 in halves of 15


@pytest.mark.clause("URU-9")
def test_an_earlier_edition_is_the_file_as_its_changelog_gives_it() -> None:
    today = find_ruleset(URU)
    first = today.at_edition(1)
    assert (today.edition, first.edition) == (2, 1)
    assert first.data["match"]["target"] == 30 and first.data["match"]["halves"] == 15
    assert first.defaults["partida-points"] == "30"
    assert first.data["readings"]["partida-points"]["default"] == "30"
    assert first.data["edition"] == 1 and (first.name, first.file) == (today.name, today.file)
    assert today.data["match"]["target"] == 40 and today.defaults["partida-points"] == "40", \
        "today's edition is left as it is"
    assert today.at_edition(2) is today and today.at_edition(1) is first, "one object per edition"
    single = find_ruleset("mineiro-1v1-es")
    assert single.at_edition(single.edition) is single


@pytest.mark.parametrize("edition", [0, 3, -1, True, "1", 1.0])
def test_an_edition_that_does_not_exist_is_refused_with_the_choices(edition: object) -> None:
    with pytest.raises(UnknownReadingError) as caught:
        find_ruleset(URU).at_edition(edition)  # type: ignore[arg-type]
    assert str(caught.value) == f"unknown edition of {URU} '{edition}'; valid choices: 1, 2"
    assert caught.value.choices == ("1", "2")


def _first_hand(edition: int | None, seed: int) -> Game:
    game = Game.new(URU, seed=seed, edition=edition, scores=(29, 0))
    rng = random.Random(seed)
    while game.to_act is not None and game.observation(0)["hand_number"] == 1:
        game.push(rng.choice(game.legal_actions()))
    return game


@pytest.mark.clause("URU-9")
def test_edition_one_ends_at_30_where_today_s_goes_on_to_40() -> None:
    seed = next(s for s in range(200) if _first_hand(1, s).observation(0)["score"][0] >= 30)
    old, new = _first_hand(1, seed), _first_hand(None, seed)
    assert old.is_over() and old.outcome() is not None and old.outcome().winner == 0
    assert not new.is_over() and new.observation(0)["score"][0] >= 30, "30 points do not end it today"
    assert old.record()["edition"] == 1 and "edition" not in new.record()


def test_a_saved_game_comes_back_in_its_edition() -> None:
    game = Game.new(URU, seed=5, edition=1, scores=(20, 3))
    rng = random.Random(5)
    for _ in range(4):
        game.push(rng.choice(game.legal_actions()))
    document = json.loads(game.to_json())
    assert document["edition"] == 1
    back = Game.from_json(game.to_json())
    assert back.record() == game.record() and back.record()["edition"] == 1
    assert "edition" not in json.loads(Game.new(URU, seed=5).to_json()), "today's edition is not written"


def test_registry_repr_lists_the_rulesets_in_rulebook_order() -> None:
    assert repr(RULESETS).startswith("<rulesets mineiro-1v1-es, mineiro-1v1-en, mineiro-pairs-it, "
                                     "gauderio-pairs-es, ")
    assert repr(RULESETS) == f"<rulesets {', '.join(RULESETS)}>"


@pytest.mark.clause("PAU-11", "AMB-8")
def test_a_default_reading_the_file_states_is_cited_by_the_file_s_clause() -> None:
    game = Game.new("paulista-1v1", seed=3)
    cfg = game.config
    assert cfg.reading_clause("cover-round") == "PAU-11" and cfg.reading_clause("iron-blind") == "PAU-9"
    assert cfg.reading_clause("no-such-key") is None
    card = game.observation(0)["hand"][0]["card"]
    with pytest.raises(IllegalActionError) as caught:
        game.push(f"cover {card}")
    assert caught.value.clause == "PAU-11"
    other = Game.new("paulista-1v1", seed=3, readings={"iron-blind": "blind"}).config
    assert other.reading_clause("iron-blind") is None, "a reading other than the file's own default"
    assert other.reading_clause("cover-round") == "PAU-11"
    assert Game.new("mineiro-1v1-es", seed=3).config.reading_clause("iron-blind") is None, \
        "a file that names no clause for its reading"


@pytest.mark.clause("DEAL-1", "URU-2")
def test_the_adapter_sets_deals_muestras_scores_dealer_and_readings() -> None:
    adapter = ReferenceAdapter()
    deals = [{"hands": [["1e", "1b", "7e"], ["4c", "5c", "6c"]], "muestra": "3o"}]
    adapter.new_game(URU, 9, {"partida-points": "30"}, deals, scores=[3, 4], dealer=0)
    game = adapter.game
    assert isinstance(game, Game)
    seen = game.observation(0)
    assert [c["card"] for c in seen["hand"]] == ["1e", "1b", "7e"] and seen["muestra"] == "3o"
    assert seen["score"] == [3, 4] and seen["dealer"] == 0 and game.readings["partida-points"] == "30"
    assert adapter.deal() == [["1e", "1b", "7e"], ["4c", "5c", "6c"]]
    adapter.new_game(URU, 9, {"partida-points": "30"}, deals)
    game = adapter.game
    assert isinstance(game, Game)
    assert game.observation(0)["muestra"] == "3o" and game.readings["partida-points"] == "30"
    assert game.observation(0)["score"] == [0, 0] and adapter.deal()[1] == ["4c", "5c", "6c"]
    adapter.new_game(URU, 9, {"partida-points": "30"}, scores=[1, 2])
    game = adapter.game
    assert isinstance(game, Game)
    assert game.observation(0)["score"] == [1, 2] and game.readings["partida-points"] == "30"
    assert game == Game.new(URU, seed=9, readings={"partida-points": "30"}, scores=(1, 2))
    adapter.new_game(URU, 9, {"partida-points": "30"})
    assert adapter.game == Game.new(URU, seed=9, readings={"partida-points": "30"})
