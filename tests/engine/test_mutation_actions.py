"""Actions through their public face (`Action.parse`, the fields, str/repr, copies): every action
of the record format, the parser's refusals, interning and immutability. The engine interns its
actions at import and as it parses them, so two tests import it afresh (fresh_engine.py) and parse
with that."""

from __future__ import annotations

import copy
import pickle

import pytest
from fresh_engine import fresh_engine

from truco_rules.engine import Action, InvalidActionError

MINEIRO = [r + s for r in ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3") for s in "CHSD"]  # DECK-1
GAUDERIO = [f"{r}{s}" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) for s in "eboc"]  # DECK-2
RAISES = (1, 2, 3, 4, 6, 10, 12)  # BET-6, BET-9 (with each ladder's start)
SIMPLE = ("accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido", "flor",
          "flor-raise", "flor-pass", "contraflor", "contraflor-resto")
SIGNS = ("ciego", "tanto-27-29", "tanto-30-plus")  # SEN-1, SEN-2, SEN-3


def _every_action() -> dict[str, tuple[str, str | int | None]]:
    """Every action text of the record format, with the kind and argument it names."""
    out: dict[str, tuple[str, str | int | None]] = {}
    for verb in ("play", "cover"):
        out |= {f"{verb} {name}": (verb, name) for name in MINEIRO + GAUDERIO}
        out |= {f"{verb} #{slot}": (verb, f"#{slot}") for slot in (1, 2, 3)}  # IRN-2
    out |= {f"raise {v}": ("raise", v) for v in RAISES}
    out |= {text: (text, None) for text in SIMPLE}
    out |= {f"sign {s}": ("sign", s) for s in SIGNS}
    return out


@pytest.mark.clause("BET-6", "BET-9", "IRN-2", "SEN-1", "SEN-2", "SEN-3", "DECK-1", "DECK-2")
def test_every_action_of_the_record_format_parses_to_its_fields() -> None:
    with fresh_engine() as engine:
        fresh = engine.Action
        for text, (kind, arg) in _every_action().items():
            action = fresh.parse(text)
            assert (action.text, action.kind, action.arg) == (text, kind, arg), f"[BET-6] {text}: {action!r}"
            assert str(action) == text and repr(action) == f"Action.parse({text!r})"
            assert fresh.parse(text) is action and fresh.parse(action) is action, f"{text}: interned"
            assert fresh(kind, arg) is action, f"{text}: built from its fields, the same object"


@pytest.mark.clause("BET-6")
def test_parse_reads_any_raise_value_and_refuses_malformed_text() -> None:
    with fresh_engine() as engine:  # one that has parsed no raise yet
        for value in (5, 97):  # well-formed, though no ladder has them: the game refuses them, not the parser
            action = engine.Action.parse(f"raise {value}")
            assert (action.kind, action.arg, action.text) == ("raise", value, f"raise {value}"), "[BET-6]"
            assert engine.Action.parse(f"raise {value}") is action and engine.Action("raise", value) is action
    refusals = {
        "play 9Z": "no card or slot called '9Z' (cards like '7H' or '1e', slots '#1'..'#3')",
        "cover #4": "no card or slot called '#4' (cards like '7H' or '1e', slots '#1'..'#3')",
        "sign wink": "no seña called 'wink'; valid: ciego, tanto-27-29, tanto-30-plus",
        "raise 04": "malformed action 'raise 04'",
        "raise 05": "malformed action 'raise 05'",
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


def test_actions_are_immutable_and_stay_interned_when_copied() -> None:
    action = Action.parse("play 7H")
    with pytest.raises(AttributeError, match=r"^actions are immutable$"):
        action.kind = "cover"  # type: ignore[misc]
    with pytest.raises(AttributeError, match=r"^actions are immutable$"):
        del action.kind
    assert action.kind == "play"
    for a in (action, Action.parse("raise 12"), Action.parse("sign ciego"), Action.parse("play #2")):
        assert copy.copy(a) is a and copy.deepcopy(a) is a
        assert pickle.loads(pickle.dumps(a)) is a
