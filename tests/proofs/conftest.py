"""Proof fixtures: the proofs run once per test session."""

from __future__ import annotations

import pytest

from truco_rules.proofs.property import Outcome
from truco_rules.proofs.registry import prove_many
from truco_rules.proofs.setup import every_setup


@pytest.fixture(scope="session")
def outcomes() -> list[Outcome]:
    """Every property on every setup (a query that does not look at a changed reading is asked
    once: see truco_rules.proofs.registry.prove_many)."""
    return prove_many(every_setup())
