"""A reading's `sets` applied (AMB-56 envido-order): the chosen data changes where it says, and the
file's own data never does, in either encoding (each copies only the sections a change names)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from truco_rules.engine.ruleset_file import apply_sets
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.ruleset_file import apply_readings


@pytest.mark.clause("ARG-5", "AMB-56")
@pytest.mark.parametrize("apply", [apply_readings, apply_sets], ids=["spec", "engine"])
def test_applying_a_reading_changes_the_copy_and_never_the_file(
        apply: Callable[[Mapping[str, Any], Mapping[str, str]], dict[str, Any]]) -> None:
    data = load_catalogue().ruleset("argentino-1v1").file.data
    before = copy.deepcopy(data)
    out = apply(data, {"envido-order": "envido-after-real"})
    assert out["envido"]["calls"]["real-envido"]["then"] == ["envido", "falta-envido"]
    assert data == before, "the file's data is unchanged"
    out["envido"]["calls"]["envido"]["then"].append("x")
    assert data == before, "a changed section of the copy is its own"
