"""Editions of the ruleset files (#35): every file has one and a changelog in words; what an
edition rules never changes (spec/data/editions.json holds its digest: a change of a default, a
clause, the deck or the target is a new edition); an earlier edition stays playable, the same in
both encodings: uruguayo-1v1 went from 30 points to 40, and its edition 1 still plays to 30."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from rulesets_for_tests import GAUDERIO_1V1

from truco_rules.engine import Game
from truco_rules.engine.errors import UnknownReadingError
from truco_rules.spec import catalogue as catalogue_module
from truco_rules.spec.catalogue import DATA_DIR, LANGUAGES, add_ruleset_file, load_catalogue
from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.rules.match import target
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.ruleset_file import RulesetFileError, at_edition, rules_digest

CAT = load_catalogue()
LOCK = json.loads((DATA_DIR / "editions.json").read_text(encoding="utf-8"))
URU = "uruguayo-1v1"


@pytest.mark.parametrize("name", list(CAT.rulesets))
def test_every_ruleset_has_an_edition_a_changelog_in_words_and_its_digests(name: str) -> None:
    data = CAT.ruleset(name).file.data
    edition = CAT.ruleset(name).file.edition
    assert [e["edition"] for e in data["changelog"]] == list(range(edition, 0, -1))
    assert all(set(e["changes"]) == set(LANGUAGES) for e in data["changelog"])
    want = {str(k): rules_digest(at_edition(data, k)) for k in range(1, edition + 1)}
    assert LOCK[name] == want, (f"{name}: what an edition rules changed: give the file a new edition "
                                "and say what changed in its changelog (python scripts/edition_digests.py)")


def test_a_change_of_a_default_or_of_the_target_changes_the_digest() -> None:
    data = copy.deepcopy(dict(CAT.ruleset("mineiro-1v1-es").file.data))
    plain = rules_digest(data)
    data["readings"]["covering"]["rationale"]["en"] += " Reworded."
    assert rules_digest(data) == plain, "words about a rule are no new rule"
    data["readings"]["covering"]["default"] = "not-allowed"
    assert rules_digest(data) != plain
    data = copy.deepcopy(dict(CAT.ruleset("mineiro-1v1-es").file.data))
    data["match"]["target"] = 24
    assert rules_digest(data) != plain


def _play(edition: int, seed: int) -> dict:
    game = Game.new(URU, seed=seed, edition=edition, scores=(29, 0))
    rng = random.Random(seed)
    while game.to_act is not None:
        game.push(rng.choice(game.legal_actions()))
    return game.record()


@pytest.mark.clause("URU-9")
def test_an_earlier_edition_plays_as_it_was_in_both_encodings() -> None:
    assert (target(Rules.of(URU, edition=1)), target(Rules.of(URU))) == (30, 40)
    assert Rules.of(URU, edition=1).readings["partida-points"] == "30"
    for seed in range(3):
        first = _play(1, seed)
        assert first["edition"] == 1 and max(first["result"]["score"]) in range(30, 40)
        assert check_record(first) == [], "the spec replays the engine's record under edition 1"
        assert "edition" not in _play(2, seed) and check_record({**first, "edition": 2}) != []
    with pytest.raises(UnknownReadingError):
        Game.new(URU, edition=3)
    with pytest.raises(ValueError, match="editions 1 to 2"):
        Rules.of(URU, edition=3)


@pytest.fixture()
def fresh_catalogue():  # type: ignore[no-untyped-def]
    saved = list(catalogue_module._EXTRA_FILES)
    yield
    catalogue_module._EXTRA_FILES[:] = saved
    catalogue_module._generation[0] += 1
    load_catalogue.cache_clear()


@pytest.mark.usefixtures("fresh_catalogue")
def test_a_changelog_that_skips_an_edition_is_refused_with_its_field(tmp_path: Path) -> None:
    text = GAUDERIO_1V1.replace("\ncode:", "\nedition: 3\nchangelog:\n  - edition: 3\n    changes: "
                                "{en: a, es: a, it: a, pt: a}\n  - edition: 1\n    changes: "
                                "{en: b, es: b, it: b, pt: b}\ncode:", 1)
    assert "edition: 3" in text
    path = tmp_path / "skips.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetFileError, match="one entry per edition") as caught:
        add_ruleset_file(path)
    assert str(path) in str(caught.value) and caught.value.line is not None
