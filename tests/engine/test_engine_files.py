"""Ruleset files as the engine reads them: the file the guide writes from the file format (Truco
Gauderio one against one, the one the spec's tests load too) loads and plays; bad files are refused
whole, with the file, the field and its line; nothing of a refused file is loaded."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest
import yaml
from engine_support import ROOT, schema

from tests.spec.rulesets_for_tests import GAUDERIO_1V1, HOSTILE_YAML
from truco_rules import engine
from truco_rules.engine import Game, RulesetFileError, TrucoError, UnknownRulesetError, load_ruleset_file


@pytest.fixture(autouse=True)
def _own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulesets a test loads are forgotten after it, so that other tests see the shipped ones."""
    registry = engine.RULESETS
    monkeypatch.setattr(registry, "_by_name", dict(registry.items()))


def _write(tmp_path: Path, text: str, name: str = "ruleset.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_ruleset_file_written_from_the_format_loads_and_plays(tmp_path: Path) -> None:
    data = yaml.safe_load(GAUDERIO_1V1)
    published = json.loads((ROOT / "spec" / "schemas" / "ruleset.schema.json").read_text())
    jsonschema.validate(data, published)  # the file is valid by the published schema
    name = load_ruleset_file(_write(tmp_path, GAUDERIO_1V1))
    assert name == "gauderio-1v1" and name in engine.RULESETS
    assert engine.find_ruleset(name).defaults["envido-first"] == "truco-closes-envido"
    validator = jsonschema.Draft202012Validator(schema())
    for readings in ({}, {"gauderio-target": "30", "envido-first": "envido-first"}):
        for seed in range(25):
            rng = random.Random(seed)
            g = Game.new(name, seed=seed, readings=readings)
            while g.to_act is not None:
                legal = g.legal_actions()
                assert legal
                g.push(rng.choice(legal))
            rec = g.record()
            assert not list(validator.iter_errors(rec)), "a valid truco-record/1"
            assert max(rec["result"]["score"]) >= (30 if readings else 24)
            assert Game.from_json(g.to_json()) == g
    g = Game.new(name, seed=0, deals=[[["1e", "5e", "7e"], ["4o", "5o", "6o"]]])
    assert "flor" in [a.text for a in g.legal_actions()]
    g.push("flor")
    g.push("accept")
    assert g.scores == (0, 6), "the file's accepted stake, one against one"
    assert load_ruleset_file(_write(tmp_path, GAUDERIO_1V1)) == name, "loading the same file again"


def test_a_different_file_with_a_loaded_name_is_refused_unless_replaced(tmp_path: Path) -> None:
    text = GAUDERIO_1V1.replace("name: gauderio-1v1\n", "name: gauderio-1v1-twice\n")
    load_ruleset_file(_write(tmp_path, text))
    changed = _write(tmp_path, text.replace("target: 24, partidas", "target: 12, partidas"), "changed.yaml")
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(changed)
    assert err.value.field == "name" and "already loaded" in str(err.value) and err.value.line == 2
    assert engine.find_ruleset("gauderio-1v1-twice").data["match"]["target"] == 24, "the first one stays"
    load_ruleset_file(changed, replace=True)
    assert engine.find_ruleset("gauderio-1v1-twice").data["match"]["target"] == 12
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(_write(tmp_path, (ROOT / "spec/data/rulesets/argentino-1v1.yaml").read_text()
                                 .replace("target: 30, halves", "target: 31, halves"), "ar.yaml"))
    assert "a different ruleset called 'argentino-1v1'" in str(err.value), "a shipped name is kept"


# (what to change in GAUDERIO_1V1, the field named, words of the message)
BAD_FILES = [
    (("format: truco-ruleset/1", "format: truco-ruleset/2"), "format", "must be 'truco-ruleset/1'"),
    (("name: gauderio-1v1\n", "name: Gauderio One\n"), "name", "is not a ruleset name"),
    (("players: {count: 2,", "players: {count: 3,"), "players.count", "must be one of 2, 4, 6"),
    (("players: {count: 2,", "players: {count: two,"), "players.count", "must be a whole number"),
    (("    - [1b]\n", ""), "strength.groups", "no group ranks 1b"),
    (("    - [1b]\n", "    - [1b, 1e]\n"), "strength.groups.1.1", "1e is already in group 1"),
    (("    - [1b]\n", "    - [1b, 9z]\n"), "strength.groups.1.1", "'9z' is not a card of this deck"),
    (("{value: 3, refused: 2,", "{value: 2, refused: 1,"), "truco.calls.1.value", "the ladder must increase"),
    (("{value: 3, refused: 2,", "{value: 3, refused: 3,"), "truco.calls.1.refused", "cannot pay 3"),
    (("envido: {stake: 2, times: 2, then:", "envido: {stake: 2, times: 1, then:"),
     "envido.calls.envido.then", "envido answers itself but may appear only once (times: 1)"),
    (("then: [envido, real-envido, falta-envido]", "then: [envido, real-envido, quiero]"),
     "envido.calls.envido.then.2", "'quiero' is not one of this file's calls"),
    (("default: not-allowed", "default: face-down"), "readings.covering.default",
     "'face-down' is not a reading of covering (allowed, not-allowed)"),
    (("  covering: {", "  no-such-key: {"), "readings.no-such-key",
     "is not a register key the engine implements"),
    (('"30": {match.target: 30,', '"30": {matchs.target: 30, match.target: 30,'),
     "readings.gauderio-target.sets.30.matchs.target", "'matchs.target' does not name a field of this file"),
    (('"30": {match.target: 30,', '"31": {match.target: 30,'), "readings.gauderio-target.sets.31",
     "'31' is not a reading of gauderio-target"),
    (('"30": {match.target: 30,', '"30": {match.target: 0,'), "match.target", "must be at least 1"),
    (("  pair_bonus: 20\n", ""), "envido.pair_bonus", "this field is required"),
    (("  accepted: [6]\n", "  accepted: []\n"), "flor.accepted", "at least 1 item"),
    (("  contraflor: double\n", "  contraflor: triple\n"), "flor.contraflor", "'double'"),
    (("clause: DECK-2", "clause: deck two"), "deck.clause", "is not a clause ID"),
    (("match: {target: 24, partidas: 1,", "match: {target: 24, halves: 30, partidas: 1,"), "match.halves",
     "must be below the target"),
    (("  card: \"{rank}{suit}\"\n", "  card: \"{suit}{rank}\"\n"), "deck.card", "rank then suit"),
    (("ranks: [\"1\", \"2\",", "ranks: [\"1\", \"1\","), "deck.ranks", "listed twice"),
    (("\nmatch: {", "\nsenas:\n  ciego: {clause: SEN-1, below: \"3\"}\n\nmatch: {"), "senas",
     "one against one has none"),
    (("  stake: 3\n", "  stake: 3\n  partner_raise: 6\n"), "flor.partner_raise", "no partner to raise"),
]


@pytest.mark.parametrize(("change", "field", "words"), BAD_FILES, ids=[b[1] or b[2] for b in BAD_FILES])
def test_a_bad_file_is_refused_whole_naming_the_field(tmp_path: Path, change: tuple[str, str], field: str,
                                                      words: str) -> None:
    old, new = change
    assert old in GAUDERIO_1V1, old
    text = GAUDERIO_1V1.replace(old, new, 1).replace("name: gauderio-1v1\n", "name: gauderio-1v1-bad\n")
    path = _write(tmp_path, text)
    before = dict(engine.RULESETS)
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(path)
    e = err.value
    assert isinstance(e, TrucoError) and isinstance(e, ValueError)
    assert e.file == str(path) and words in e.message, str(e)
    if field:
        assert e.field == field, str(e)
        assert str(e).startswith(f"{path}: {field}"), str(e)
    assert e.line is not None and 1 <= e.line <= text.count("\n") + 1, "the line of the field"
    assert dict(engine.RULESETS) == before, "nothing of a refused file is loaded"
    with pytest.raises(UnknownRulesetError):
        Game.new("gauderio-1v1-bad")


def test_the_line_is_the_fields_line(tmp_path: Path) -> None:
    text = GAUDERIO_1V1.replace("players: {count: 2,", "players: {count: 3,")
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(_write(tmp_path, text))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("players:"))
    assert err.value.line == line and f"players.count, line {line}:" in str(err.value)


@pytest.mark.parametrize(("text", "words"), [
    ("", "the file is empty"),
    ("- just\n- a list\n", "a ruleset file is a mapping of fields"),
    ("format: [unclosed\n", "not valid YAML"),
    ("name: a\nname: b\n", "this key is given twice"),
])
def test_unreadable_files(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(RulesetFileError, match=words):
        load_ruleset_file(_write(tmp_path, text))


def test_missing_and_undecodable_files(tmp_path: Path) -> None:
    with pytest.raises(RulesetFileError, match="cannot read the file") as err:
        load_ruleset_file(tmp_path / "nowhere.yaml")
    assert err.value.file == str(tmp_path / "nowhere.yaml") and err.value.field == ""
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: gaúcho\n".encode("latin-1"))
    with pytest.raises(RulesetFileError, match="not UTF-8 text"):
        load_ruleset_file(path)
    with pytest.raises(RulesetFileError, match="cannot read the file"):
        load_ruleset_file(tmp_path)  # a folder


def test_the_shipped_files_load_strictly() -> None:
    """The engine's own reading of every shipped file, with the strict checks a user's file gets."""
    for path in sorted((ROOT / "spec" / "data" / "rulesets").glob("*.yaml")):
        assert load_ruleset_file(path) == path.stem, path


SIX = GAUDERIO_1V1.replace("name: gauderio-1v1\n", "name: gauderio-six-test\n").replace(
    "players: {count: 2, clause: SET-1}", "players: {count: 6, clause: SET-2}").replace(
    "  stake: 3\n", "  stake: 3\n  partner_raise: 6\n") + """\
senas:
  ciego: {clause: SEN-1, below: "3"}
  tanto-27-29: {clause: SEN-2, envido: [27, 29]}
  tanto-30-plus: {clause: SEN-3, envido: [30, 33]}
"""


@pytest.mark.clause("SET-2", "FLR-3", "SEN-1")
def test_six_players_in_three_pairs_of_seats(tmp_path: Path) -> None:
    name = load_ruleset_file(_write(tmp_path, SIX))
    hands = [["1e", "5e", "7e"], ["4o", "5c", "6b"], ["10e", "11b", "12o"], ["4b", "5o", "2c"],
             ["1c", "3c", "6c"], ["7o", "6o", "10b"]]
    g = Game.new(name, seed=0, deals=[hands])
    assert g.config.n == 6 and [g.observation(s)["side"] for s in range(6)] == [0, 1, 0, 1, 0, 1]
    g.push("sign tanto-30-plus")
    assert [len(g.observation(s)["signs"]) for s in range(6)] == [0, 0, 1, 0, 1, 0], "[SEN-1] both partners"
    g.push("flor")
    assert g.to_act == 4, "[FLR-3] the first partner in order of play holding flor (seat 2 holds none)"
    g.push("flor-raise")
    assert g.scores == (6, 0), "[FLR-2] no opponent holds flor: the raised stake to the singer's side"
    for seed in range(10):
        rng = random.Random(seed)
        g = Game.new(name, seed=seed)
        while g.to_act is not None:
            g.push(rng.choice(g.legal_actions()))
        assert len(g.record()["hands"][0]["deal"]) == 6


JUNK = [None, 0, -1, 1, 3, 100, "", "x", "falta", "double", [], {}, [1], ["e"], {"a": 1}, True, 2.5,
        "BET-6", "12"]


def _leaves(node: object, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _leaves(v, (*path, i))
    return out


def test_damaged_files_are_refused_or_play_never_a_traceback(tmp_path: Path) -> None:
    """Shipped files with one to three fields replaced by junk or removed: each is refused with a
    RulesetFileError, or loads and plays a match; nothing else is raised."""
    rng = random.Random(2024)
    texts = [p.read_text() for p in sorted((ROOT / "spec" / "data" / "rulesets").glob("*.yaml"))]
    refused = played = 0
    for i in range(40):
        data = yaml.safe_load(rng.choice(texts))
        data["name"] = f"damaged-{i}"
        for _ in range(rng.randint(1, 3)):
            *parents, last = rng.choice([p for p in _leaves(data) if p])
            node = data
            for part in parents:
                node = node[part]
            if isinstance(node, dict) and rng.random() < 0.2:
                del node[last]
            else:
                node[last] = rng.choice(JUNK)
        try:
            name = load_ruleset_file(_write(tmp_path, yaml.safe_dump(data, allow_unicode=True), f"{i}.yaml"))
        except RulesetFileError:
            refused += 1
            continue
        game = Game.new(name, seed=i)
        for _ in range(300):
            if game.to_act is None:
                break
            game.push(rng.choice(game.legal_actions()))
        played += 1
    assert refused and played, (refused, played)


@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_a_hostile_file_is_refused_at_once(tmp_path: Path, name: str) -> None:
    text, words = HOSTILE_YAML[name]
    with pytest.raises(RulesetFileError, match=words):
        load_ruleset_file(_write(tmp_path, text, f"{name}.yaml"))


def test_what_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)  # nobody writes to it: opening it must not wait
    for path in (Path("/dev/zero"), fifo):
        with pytest.raises(RulesetFileError, match="not a regular file"):
            load_ruleset_file(path)


def test_a_reading_sets_fields_of_a_section_an_earlier_reading_adds(tmp_path: Path) -> None:
    text = (ROOT / "spec/data/rulesets/argentino-1v1.yaml").read_text(encoding="utf-8")
    text = text.replace("name: argentino-1v1\n", "name: argentino-order\n")
    text = text.replace("code: ar\n", "code: aro\n")
    broken = text.replace('"4": {flor.accepted: [4]}', '"4": {flor.accepted: [0]}')
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(_write(tmp_path, broken))
    assert err.value.field == "flor.accepted.0", "checked with AMB-32 with-flor, where it has an effect"
    start = text.index("  flor-accepted:  # AMB-50")
    block = text[start:text.index("  envido-three-suit:", start)]
    swapped = text.replace(block, "")
    at = swapped.index("  flor-in-play:  # AMB-32")
    swapped = swapped[:at] + block + swapped[at:]
    with pytest.raises(RulesetFileError) as err:
        load_ruleset_file(_write(tmp_path, swapped, "swapped.yaml"))
    assert err.value.field == "readings.flor-accepted.sets.4.flor.accepted", str(err.value)
    assert "does not name a field of this file" in err.value.message
