"""Proof fixtures: the proofs run once per test session."""

from __future__ import annotations

import pytest

from proofs.property import Outcome
from proofs.registry import prove_many
from proofs.setup import Setup, all_rulesets, alternative_setups, make_setup


def every_setup() -> list[Setup]:
    """Each ruleset with its defaults, then with each alternative reading of the register (a query
    that does not look at the changed reading is asked once: see proofs.registry.prove_many)."""
    names = all_rulesets()
    return [make_setup(n) for n in names] + [s for n in names for _, s in alternative_setups(n)]


@pytest.fixture(scope="session")
def outcomes() -> list[Outcome]:
    return prove_many(every_setup())
