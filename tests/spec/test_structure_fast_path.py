"""The compiled structure check answers exactly as the field-by-field interpreter does."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine import Game
from spec.monitor.structure import _compiled, _errors, record_schema

ODD_VALUES: list[Any] = [
    True, False, 1.0, None, "x", -1, 10**9, [], {}, 0, 1, "tie", 2, "a" * 40, [1], {"x": 1},
]


def _records() -> list[dict[str, Any]]:
    out = []
    for ruleset in ("mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es"):
        for seed in range(4):
            game, rng = Game.new(ruleset, seed=seed), random.Random(seed)
            while game.to_act is not None:
                legal = game.legal_actions()
                game.push(legal[rng.randrange(len(legal))])
            out.append(game.record())
    return out


RECORDS = _records()


def _mutate(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Change, drop or add one field somewhere in a copy of the record."""
    record = copy.deepcopy(record)
    node: Any = record
    for _ in range(8):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            roll = rng.random()
            if roll < 0.1:
                node["unexpected"] = 1
            elif roll < 0.2:
                del node[key]
            elif roll < 0.5 or not isinstance(node[key], (dict, list)) or not node[key]:
                node[key] = rng.choice(ODD_VALUES)
            else:
                node = node[key]
                continue
            break
        if isinstance(node, list) and node:
            index = rng.randrange(len(node))
            roll = rng.random()
            if roll < 0.1:
                node.append(node[index])
            elif roll < 0.4 or not isinstance(node[index], (dict, list)) or not node[index]:
                node[index] = rng.choice(ODD_VALUES)
            else:
                node = node[index]
                continue
            break
        break
    return record


def test_conforming_records_pass_both_checks() -> None:
    for record in RECORDS:
        assert _compiled()(record)
        assert not list(_errors(record, record_schema(), ""))


@given(st.integers(0, len(RECORDS) - 1), st.randoms(use_true_random=False))
def test_compiled_check_agrees_with_the_interpreter(which: int, rng: random.Random) -> None:
    record = _mutate(RECORDS[which], rng)
    interpreted_ok = not list(_errors(record, record_schema(), ""))
    assert _compiled()(record) == interpreted_ok, "[FORMAT] the fast path and the interpreter disagree"
