"""Ruleset files: the six shipped ones, a file written from the guide, and every way a file can be
wrong (one error naming the file, the field and its line; nothing half-loaded)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from rulesets_for_tests import BREAKAGES, GAUDERIO_1V1, HOSTILE_YAML

from truco_rules.spec import catalogue as catalogue_module
from truco_rules.spec.catalogue import add_ruleset_file, load_catalogue
from truco_rules.spec.rules.state import Match, Rules, legal_actions
from truco_rules.spec.ruleset_file import RULESETS_DIR, RulesetFileError


@pytest.fixture()
def fresh_catalogue():  # type: ignore[no-untyped-def]
    """Added ruleset files are forgotten after the test."""
    def environment() -> dict[str, str]:
        return {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}

    saved, env = list(catalogue_module._EXTRA_FILES), environment()
    yield
    catalogue_module._EXTRA_FILES[:] = saved
    assert environment() == env, "adding a ruleset file leaves the environment as it was"
    catalogue_module._generation[0] += 1
    load_catalogue.cache_clear()


def play_random_matches(name: str, matches: int, seed: int = 0) -> int:
    """Random legal play of the spec alone to the end of each match; the number of actions."""
    rules = Rules.of(name)
    rng, steps = random.Random(seed), 0
    cards = list(rules.deck.cards)
    for _ in range(matches):
        m = Match(rules)
        while not m.over:
            rng.shuffle(cards)
            n = rules.players
            deal = tuple(tuple(cards[3 * s:3 * s + 3]) for s in range(n))
            hand = m.new_hand(deal, cards[3 * n] if rules.has("muestra") else None)
            while not hand.over:
                legal = sorted(legal_actions(hand))
                assert legal, f"{name}: nobody can act in phase {hand.phase}"
                hand.apply(hand.to_act(), rng.choice(legal))  # type: ignore[arg-type]
                steps += 1
            m.end_hand(hand.kind, hand.outcome, hand.score)  # type: ignore[arg-type]
            assert m.number < 2000, f"{name}: the match does not end"
    return steps


def test_the_shipped_files_are_the_loaded_rulesets() -> None:
    names = {p.stem for p in RULESETS_DIR.glob("*.yaml")}
    assert names == set(load_catalogue().rulesets)
    for rs in load_catalogue().rulesets.values():
        assert rs.file.path.stem == rs.name, "a ruleset file is named after its ruleset"


@pytest.mark.parametrize("name", sorted(p.stem for p in RULESETS_DIR.glob("*.yaml")))
def test_every_shipped_ruleset_plays_to_the_end(name: str) -> None:
    assert play_random_matches(name, 3) > 0


@pytest.mark.usefixtures("fresh_catalogue")
def test_a_file_written_from_the_guide_loads_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "gauderio-1v1.yaml"
    path.write_text(GAUDERIO_1V1, encoding="utf-8")
    assert add_ruleset_file(path) == "gauderio-1v1"
    rules = Rules.of("gauderio-1v1")
    assert rules.players == 2 and rules.has("envido") and rules.has("flor") and not rules.has("senas")
    assert play_random_matches("gauderio-1v1", 5) > 0
    assert add_ruleset_file(path) == "gauderio-1v1", "adding the same file again is harmless"


@pytest.mark.usefixtures("fresh_catalogue")
@pytest.mark.parametrize(("what", "old", "new", "message"), BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_a_broken_file_is_refused_with_its_field_and_line(tmp_path: Path, what: str, old: str, new: str,
                                                          message: str) -> None:
    assert old in GAUDERIO_1V1, what
    path = tmp_path / "broken.yaml"
    path.write_text(GAUDERIO_1V1.replace(old, new, 1), encoding="utf-8")
    before = list(load_catalogue().rulesets)
    with pytest.raises(RulesetFileError) as caught:
        add_ruleset_file(path)
    error = caught.value
    assert message in str(error), str(error)
    assert str(path) in str(error), "the error names the file"
    assert error.line is not None or what == "missing section", "the error gives the field's line"
    assert list(load_catalogue().rulesets) == before, "nothing is half-loaded"


@pytest.mark.usefixtures("fresh_catalogue")
def test_the_line_is_the_line_of_the_field(tmp_path: Path) -> None:
    text = GAUDERIO_1V1.replace("    - [7b, 7c]\n", "    - [7b, 7c, 3b]\n")
    line = text.splitlines().index("    - [7b, 7c, 3b]") + 1
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetFileError) as caught:
        add_ruleset_file(path)
    assert caught.value.line == line and caught.value.path == ("strength", "groups", 10, 2), str(caught.value)


@pytest.mark.usefixtures("fresh_catalogue")
def test_a_missing_or_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(RulesetFileError, match="cannot read"):
        add_ruleset_file(tmp_path / "nope.yaml")
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(RulesetFileError, match="not UTF-8"):
        add_ruleset_file(bad)
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(RulesetFileError, match="empty"):
        add_ruleset_file(empty)


@pytest.mark.usefixtures("fresh_catalogue")
@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_a_hostile_file_is_refused_at_once(tmp_path: Path, name: str) -> None:
    text, words = HOSTILE_YAML[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetFileError, match=words):
        add_ruleset_file(path)


@pytest.mark.usefixtures("fresh_catalogue")
def test_what_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)  # nobody writes to it: opening it must not wait
    for path in (Path("/dev/zero"), fifo):
        with pytest.raises(RulesetFileError, match="not a regular file"):
            add_ruleset_file(path)


def test_a_worker_given_the_files_as_text_reuses_its_own_and_leaves_no_folder(tmp_path: Path) -> None:
    """A Dask worker on this machine already has the parent's files (it loaded them, or their
    paths hold the same text): the copy it is sent is the same ruleset, not a second one of that
    name; a copy it had to write is gone when it ends."""
    import subprocess
    import sys

    path = tmp_path / "gauderio-1v1.yaml"
    path.write_text(GAUDERIO_1V1, encoding="utf-8")
    temp = tmp_path / "temp"
    temp.mkdir()
    script = f"""
from truco_rules.spec.catalogue import add_ruleset_file, add_ruleset_texts, added_ruleset_files
sent = added_ruleset_files() if add_ruleset_file({str(path)!r}) else ()
assert add_ruleset_texts(sent) == ["gauderio-1v1"]
import os; assert os.listdir({str(temp)!r}) == [], "no copy of a file the worker has"
"""
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-1500:]
    script = f"""
from truco_rules.spec.catalogue import add_ruleset_texts
assert add_ruleset_texts((("gauderio-1v1.yaml", {GAUDERIO_1V1!r}),)) == ["gauderio-1v1"]
import os; assert len(os.listdir({str(temp)!r})) == 1
"""
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-1500:]
    assert list(temp.iterdir()) == [], "the copy's folder is removed when the process ends"


def _argentino_with_flor_accepted_first() -> str:
    """argentino-1v1 with AMB-50 listed before AMB-32, whose with-flor adds the flor section."""
    text = (RULESETS_DIR / "argentino-1v1.yaml").read_text(encoding="utf-8")
    start = text.index("  flor-accepted:  # AMB-50")
    end = text.index("  envido-three-suit:", start)
    block = text[start:end]
    text = text[:start] + text[end:]
    at = text.index("  flor-in-play:  # AMB-32")
    return text[:at] + block + text[at:]


def _load_argentino_text(tmp_path: Path, text: str) -> None:
    """Check a variant of argentino-1v1 as the catalogue checks a file (its own ARG clauses free)."""
    from truco_rules.spec.ruleset_file import load_ruleset_file

    cat = load_catalogue()
    path = tmp_path / "ar.yaml"
    path.write_text(text, encoding="utf-8")
    load_ruleset_file(path, clause_ids={c for c in cat.clauses if not c.startswith("ARG-")},
                      register={a.key: tuple(r.name for r in a.readings) for a in cat.ambiguities.values()},
                      rulebooks=set(cat.sources))


def test_a_reading_sets_fields_of_a_section_an_earlier_reading_adds(tmp_path: Path) -> None:
    text = (RULESETS_DIR / "argentino-1v1.yaml").read_text(encoding="utf-8")
    _load_argentino_text(tmp_path, text)  # as shipped: AMB-50 after AMB-32
    broken = text.replace('"4": {flor.accepted: [4]}', '"4": {flor.accepted: [0]}')
    assert broken != text
    with pytest.raises(RulesetFileError, match="this reading makes the file invalid: flor"):
        _load_argentino_text(tmp_path, broken)  # checked with AMB-32 with-flor, where it has an effect
    with pytest.raises(RulesetFileError, match=r"'flor\.accepted' does not name a field of this file"):
        _load_argentino_text(tmp_path, _argentino_with_flor_accepted_first())  # flor comes later


@pytest.mark.usefixtures("fresh_catalogue")
def test_a_further_publication_of_a_clause_is_one_the_file_lists(tmp_path: Path) -> None:
    text = (RULESETS_DIR / "argentino-1v1.yaml").read_text(encoding="utf-8")
    text = text.replace("name: argentino-1v1", "name: argentino-copy").replace("code: ar\n", "code: ac\n")
    assert "        - publication: acanomas\n" in text
    path = tmp_path / "argentino-copy.yaml"
    path.write_text(text.replace("        - publication: acanomas\n", "        - publication: nowhere\n"),
                    encoding="utf-8")
    before = list(load_catalogue().rulesets)
    with pytest.raises(RulesetFileError) as caught:
        add_ruleset_file(path)
    assert "source.also.0.publication" in str(caught.value) and "'nowhere'" in str(caught.value)
    assert caught.value.line is not None
    assert list(load_catalogue().rulesets) == before
