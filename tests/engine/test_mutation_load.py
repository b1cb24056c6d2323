"""What the engine builds when it loads its rulesets, checked on a freshly imported engine
(fresh_engine.py): the shipped files are read once and kept, and an earlier edition once made is
kept too, so a test through the engine already imported would see what was built before the change
it is meant to catch. Also: the line a field is found at, a set position in a saved game and in
the record, and the random bot beside the mazo."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_support import ROOT
from fresh_engine import fresh_engine

from truco_rules.engine import RULESETS, Game, find_ruleset
from truco_rules.engine.actions import MAZO
from truco_rules.engine.bots import RandomBot
from truco_rules.engine.ruleset_file import line_of


def _match(game: Game, seed: int) -> dict:
    rng = random.Random(seed)
    while game.to_act is not None:
        game.push(rng.choice(game.legal_actions()))
    return game.record()


def test_a_fresh_engine_reads_every_shipped_ruleset_as_the_running_one_does() -> None:
    with fresh_engine() as fresh:
        assert list(fresh.RULESETS) == list(RULESETS)
        for name in RULESETS:
            mine, theirs = find_ruleset(name), fresh.find_ruleset(name)
            assert (theirs.title, theirs.family, theirs.doc, theirs.code, theirs.players) == \
                (mine.title, mine.family, mine.doc, mine.code, mine.players), name
            assert dict(theirs.defaults) == dict(mine.defaults) and theirs.data == mine.data, name
            assert _match(fresh.Game.new(name, seed=3), 3) == _match(Game.new(name, seed=3), 3), name
    assert find_ruleset("mineiro-1v1-es").doc == "000" and find_ruleset("argentino-1v1").doc is None
    assert find_ruleset("mineiro-1v1-es").title.startswith("Truco Mineiro")


@pytest.mark.clause("URU-9")
def test_a_fresh_engine_makes_an_earlier_edition_from_the_changelog() -> None:
    with fresh_engine() as fresh:
        today = fresh.find_ruleset("uruguayo-1v1")
        first = today.at_edition(1)
        assert first is not today and first.name == today.name and first.edition == 1
        assert first.data["match"]["target"] == 30 and first.data["match"]["halves"] == 15
        assert first.data["readings"]["partida-points"]["default"] == "30"
        assert first.defaults["partida-points"] == "30" and today.defaults["partida-points"] == "40"
        game = fresh.Game.new("uruguayo-1v1", seed=1, edition=1)
        assert game.record()["edition"] == 1 and game.readings["partida-points"] == "30"


def test_a_file_with_plain_titles_loads(tmp_path: Path) -> None:
    text = ((ROOT / "spec" / "data" / "rulesets" / "mineiro-1v1-es.yaml").read_text(encoding="utf-8")
            .replace("name: mineiro-1v1-es", "name: plain-titles", 1))
    lines = text.split("\n")
    start = next(i for i, s in enumerate(lines) if s.startswith("title:"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" "))
    lines[start:end] = ["title: A plain title"]
    path = tmp_path / "plain.yaml"
    path.write_text("\n".join(lines), encoding="utf-8")
    with fresh_engine() as fresh:  # the file is loaded into the fresh registry, thrown away after
        assert fresh.load_ruleset_file(path) == "plain-titles"
        assert fresh.find_ruleset("plain-titles").title == "A plain title"


def test_the_line_of_a_field_or_of_its_nearest_parent() -> None:
    text = "a:\n  - x\n  - y\nb: {c: 1}\n"
    assert [line_of(text, f) for f in ("a.0", "a.1", "b.c", "b")] == [2, 3, 4, 4]
    assert [line_of(text, f) for f in ("a.x", "a.5", "zz", "")] == [2, 2, 1, 1], "the nearest parent"
    assert line_of("a: [1\n", "a") is None, "a file that is no YAML has no lines to give"


def test_a_set_position_is_kept_in_the_record_and_in_a_saved_game() -> None:
    game = Game.new("mineiro-1v1-es", seed=2, scores=(3, 4), dealer=0)
    assert game.record()["start"] == {"scores": [3, 4], "dealer": 0}
    saved = json.loads(game.to_json())
    assert saved["scores"] == [3, 4] and saved["dealer"] == 0 and isinstance(saved["dealer"], int)
    assert Game.from_json(game.to_json()).record() == game.record()
    assert "start" not in Game.new("mineiro-1v1-es", seed=2).record()


@pytest.mark.clause("ARG-9")
def test_the_random_bot_goes_to_the_mazo_now_and_then_and_otherwise_plays() -> None:
    game = Game.new("argentino-1v1", seed=4)
    assert MAZO in game.legal_actions() and len(game.legal_actions()) > 1
    chosen = [RandomBot(seed).choose(game) for seed in range(200)]
    assert all(a in game.legal_actions() for a in chosen)
    assert MAZO in chosen and len(set(chosen)) > 2, "the mazo now and then, the other actions too"


@pytest.mark.clause("AMB-29")
def test_a_truco_call_waiting_for_seat_0s_envido_shows_in_the_pending_call() -> None:
    game = Game.new("argentino-1v1", seed=1, readings={"envido-first": "envido-first"}, dealer=0,
                    deals=[[["1e", "1b", "7e"], ["4c", "5c", "6c"]]])
    game.push("raise 2")  # seat 1 leads and calls truco; seat 0 answers it with an envido
    game.push("envido")
    assert game.observation(1)["pending"] == {"kind": "envido", "chain": ["envido"], "by": 0,
                                              "truco": {"value": 2, "by": 1}}
