"""The engine's own ruleset table against the register, and configuration errors."""

from __future__ import annotations

import pytest
import yaml
from engine_support import ROOT
from ruleset_yaml import shipped_ruleset_files

from truco_rules import engine
from truco_rules.engine import Action, Game, InvalidActionError, UnknownReadingError, UnknownRulesetError
from truco_rules.engine.config import make_config

REGISTER = yaml.safe_load((ROOT / "spec" / "data" / "ambiguities.yaml").read_text())
RULESET_FILES = shipped_ruleset_files()
# The decks, as the engine reads them from the ruleset files.
MINEIRO_FORTY = make_config("mineiro-1v1-es").deck
MINEIRO_NO_Q = make_config("mineiro-1v1-es", {"deck": "spanish-without-tens"}).deck
GAUDERIO_DECK = make_config("gauderio-pairs-es").deck


def test_engine_rulesets_match_the_files() -> None:
    assert set(RULESET_FILES) == set(engine.RULESETS)
    for name, r in RULESET_FILES.items():
        mine = engine.find_ruleset(name)
        assert (mine.code, mine.doc, mine.players) == (
            r["code"],
            r["origin"].get("rulebook"),
            r["players"]["count"],
        )


def test_engine_defaults_equal_the_register_defaults() -> None:
    for entry in REGISTER:
        key = entry["key"]
        assert engine.READINGS[key][0] == entry["id"]
        assert engine.READINGS[key][1] == tuple(str(r["name"]) for r in entry["readings"])
    for name, ruleset in engine.RULESETS.items():
        expected = {k: str(v["default"]) for k, v in RULESET_FILES[name]["readings"].items()}
        assert dict(ruleset.defaults) == expected, name


def test_every_register_reading_is_accepted() -> None:
    for entry in REGISTER:
        for name in (n for n, r in RULESET_FILES.items() if entry["key"] in r["readings"]):
            for reading in entry["readings"]:
                game = Game.new(name, seed=1, readings={entry["key"]: str(reading["name"])})
                assert game.readings[entry["key"]] == str(reading["name"])
                assert game.legal_actions()


def test_unknown_names_are_rejected_with_the_valid_choices() -> None:
    with pytest.raises(UnknownRulesetError, match="mineiro-1v1-es"):
        Game.new("mineiro")
    with pytest.raises(UnknownReadingError, match="nobody-scores, dealer-side-wins"):
        Game.new("mineiro-1v1-es", readings={"all-rounds-tied": "coin-toss"})
    with pytest.raises(UnknownReadingError, match="all-rounds-tied"):
        Game.new("mineiro-1v1-es", readings={"envido-stakes": "classic"})  # not a Mineiro key
    with pytest.raises(UnknownReadingError):
        Game.new("gauderio-pairs-es", readings={"no-such-key": "x"})


def test_record_readings_only_list_overrides() -> None:
    cfg = make_config("mineiro-pairs-it", {"partner-tie": "tie", "deck": "forty-cards"})
    assert cfg.overrides == {"partner-tie": "tie"}


@pytest.mark.clause("DECK-1", "DECK-2")
def test_decks() -> None:
    assert len(MINEIRO_FORTY.cards) == 40, "[DECK-1] forty cards"
    assert len(GAUDERIO_DECK.cards) == 40, "[DECK-2] forty cards"
    assert {n[:-1] for n in GAUDERIO_DECK.names} == {"1", "2", "3", "4", "5", "6", "7", "10", "11", "12"}


@pytest.mark.clause("DECK-1")
def test_reading_deck_spanish_without_tens() -> None:
    assert len(MINEIRO_NO_Q.cards) == 36 and MINEIRO_NO_Q.index("QD") is None, "[DECK-1] AMB-13"
    with pytest.raises(InvalidActionError):
        Game.new(
            "mineiro-1v1-en",
            readings={"deck": "spanish-without-tens"},
            deals=[[["QD", "4C", "5C"], ["6C", "7C", "JC"]]],
        )
    game = Game.new("mineiro-1v1-en", seed=3, readings={"deck": "spanish-without-tens"})
    with pytest.raises(InvalidActionError):
        game.push("play QH")


@pytest.mark.clause("CARD-1", "CARD-2", "CARD-3", "CARD-4")
def test_mineiro_card_order() -> None:
    s = MINEIRO_FORTY.strength
    order = ["4C", "7H", "AS", "7D", "3D", "2D", "AD", "KD", "JD", "QD", "7S", "6D", "5D", "4D"]
    values = [s[MINEIRO_FORTY.index(c)] for c in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values), \
        "[CARD-1, CARD-2, CARD-3]"
    assert s[MINEIRO_FORTY.index("3C")] == s[MINEIRO_FORTY.index("3H")], "[CARD-4] suit irrelevant"


@pytest.mark.clause("CARD-5")
def test_gauderio_card_order() -> None:
    s = GAUDERIO_DECK.strength
    groups = [
        ["1e"],
        ["1b"],
        ["7e"],
        ["7o"],
        ["3e", "3c"],
        ["2b", "2o"],
        ["1o", "1c"],
        ["12e", "12c"],
        ["11b"],
        ["10o"],
        ["7b", "7c"],
        ["6e"],
        ["5b"],
        ["4o", "4c"],
    ]
    values = [{s[GAUDERIO_DECK.index(c)] for c in g} for g in groups]
    assert all(len(v) == 1 for v in values), "[CARD-5] cards in a group are equal"
    flat = [v.pop() for v in values]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat), "[CARD-5] order"


def test_actions_round_trip_and_are_interned() -> None:
    for text in (
        "play 7H",
        "cover QD",
        "play #2",
        "raise 4",
        "accept",
        "run",
        "ten-play",
        "ten-decline",
        "envido",
        "real-envido",
        "falta-envido",
        "flor",
        "flor-raise",
        "flor-pass",
        "contraflor",
        "contraflor-resto",
        "sign ciego",
        "sign tanto-27-29",
        "sign tanto-30-plus",
        "play 12c",
    ):
        action = Action.parse(text)
        assert action.text == text == str(action)
        assert eval(repr(action)) == action and hash(eval(repr(action))) == hash(action)
        assert Action.parse(text) is action
    for bad in ("play 9Z", "raise", "raise four", "sign wink", "", "play #4", "dance"):
        with pytest.raises(InvalidActionError):
            Action.parse(bad)


def test_keys_a_file_leaves_out_fall_back_to_one_of_their_readings() -> None:
    """A key the engine reads itself has a fallback reading for files that do not list it; the
    keys without one act only through what their readings set in the file."""
    from truco_rules.engine.rulesets import FALLBACK

    for key, reading in FALLBACK.items():
        assert reading in engine.READINGS[key][1], key
    by_sets = set(engine.READINGS) - set(FALLBACK)
    assert by_sets == {"deck", "gauderio-target", "match-format", "flor-in-play", "partida-points", "ciego",
                       "card-pairs", "eleven-decline", "manilha-velha", "flor-accepted",
                       "eleven-one-against-one"}
    for name, data in RULESET_FILES.items():
        for key in by_sets & set(data["readings"]):
            assert data["readings"][key].get("sets"), f"{name}: {key} changes the game only through 'sets'"
