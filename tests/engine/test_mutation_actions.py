"""Actions: the interned table rebuilt at test time, the parser's refusals, immutability.

engine/actions.py interns every action at import; `_build` is called again here on an empty
table so that what it builds is checked, not only what was built before the test ran.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from engine import actions as A
from engine.actions import Action
from engine.config import make_config
from engine.errors import InvalidActionError
from engine.rulesets import RULESETS

RAISES = sorted({v for r in RULESETS.values() for v in r.ladder})  # BET-6, BET-9 (1, the start, included)
CARD_NAMES = sorted({n for r in RULESETS for n in make_config(r).deck.names})  # every loaded deck's cards


def _expected_texts() -> set[str]:
    texts = {f"{verb} {name}" for verb in ("play", "cover") for name in CARD_NAMES}
    texts |= {f"{verb} #{slot}" for verb in ("play", "cover") for slot in (1, 2, 3)}  # IRN-2
    texts |= {f"raise {v}" for v in RAISES}
    texts |= {"accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido", "flor",
              "flor-raise", "flor-pass", "contraflor", "contraflor-resto"}
    texts |= {f"sign {s}" for s in ("ciego", "tanto-27-29", "tanto-30-plus")}  # SEN-1..3
    return texts


@pytest.mark.clause("BET-6", "BET-9", "IRN-2", "SEN-1", "SEN-2", "SEN-3")
def test_build_interns_every_action_with_its_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    table: dict[str, Action] = {}
    monkeypatch.setattr(A, "_BY_TEXT", table)
    A._build()
    A.intern_cards(CARD_NAMES)  # what loading a deck does
    for value in RAISES:
        A.raise_to(value)  # what a game's ladder does
    assert set(table) == _expected_texts(), "[BET-6] [BET-9] every action of the record format, once"
    for text, action in table.items():
        assert action.text == text and str(action) == text
        kind = text.partition(" ")[0]
        assert action.kind == kind
    play = table["play 7H"]
    assert (play.arg, play.slot) == ("7H", None)
    cover = table["cover 12c"]
    assert (cover.kind, cover.slot) == ("cover", None)
    slot = table["play #2"]
    assert (slot.arg, slot.slot) == ("#2", 1), "[IRN-2] a blind play names a slot"
    assert table["cover #3"].slot == 2
    assert (table["raise 10"].arg, table["raise 10"].slot) == (10, None)
    assert table["accept"].arg is None
    assert table["sign ciego"].arg == "ciego", "[SEN-1]"


@pytest.mark.clause("BET-6")
def test_parse_reads_any_raise_value_and_refuses_malformed_text() -> None:
    five = Action.parse("raise 5")
    assert (five.kind, five.arg, five.text, five.slot) == ("raise", 5, "raise 5", None)
    assert Action.parse("raise 5") is five and A.raise_to(5) is five, "actions are interned"
    assert A.raise_to(4) is A._BY_TEXT["raise 4"]
    assert Action.parse(A.ACCEPT) is A.ACCEPT and Action.parse("accept") is A.ACCEPT
    refusals = {
        "play 9Z": "no card or slot called '9Z' (cards like '7H' or '1e', slots '#1'..'#3')",
        "cover #4": "no card or slot called '#4' (cards like '7H' or '1e', slots '#1'..'#3')",
        "sign wink": "no seña called 'wink'; valid: ciego, tanto-27-29, tanto-30-plus",
        "raise 04": "malformed action 'raise 04'",
        "raise x": "malformed action 'raise x'",
        "raise": "malformed action 'raise'",
        "raise 4 4": "malformed action 'raise 4 4'",
        "play 4C 5C": "malformed action 'play 4C 5C'",
        "sign ciego now": "malformed action 'sign ciego now'",
        "jump 4": "malformed action 'jump 4'",
        "": "malformed action ''",
        42: "an action is text, not int",
        None: "an action is text, not NoneType",
    }
    for text, message in refusals.items():
        with pytest.raises(InvalidActionError) as err:
            Action.parse(text)  # type: ignore[arg-type]
        assert str(err.value) == message, f"{text!r}: {err.value}"


@pytest.mark.clause("BET-6")
def test_parse_builds_a_raise_it_has_not_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a fresh table: the table in use already holds every raise an earlier test parsed."""
    table: dict[str, Action] = {}
    monkeypatch.setattr(A, "_BY_TEXT", table)
    A._build()
    for value in (5, 97):
        action = Action.parse(f"raise {value}")
        assert (action.kind, action.arg, action.text) == ("raise", value, f"raise {value}"), "[BET-6]"
        assert table[f"raise {value}"] is action and A.raise_to(value) is action
    with pytest.raises(InvalidActionError, match=r"^malformed action 'raise 05'$"):
        Action.parse("raise 05")


def test_actions_are_immutable_and_stay_interned_when_copied() -> None:
    action = Action.parse("play 7H")
    with pytest.raises(AttributeError, match=r"^actions are immutable$"):
        action.kind = "cover"  # type: ignore[misc]
    with pytest.raises(AttributeError, match=r"^actions are immutable$"):
        del action.kind
    assert action.kind == "play"
    assert copy.copy(action) is action and copy.deepcopy(action) is action
    assert pickle.loads(pickle.dumps(action)) is action
    assert pickle.loads(pickle.dumps(A.raise_to(12))) is A.raise_to(12)
    assert repr(A.SIGN["ciego"]) == "Action.parse('sign ciego')"
