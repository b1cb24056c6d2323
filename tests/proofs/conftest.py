"""Proof fixtures: the proofs run once per test session."""

from __future__ import annotations

import pytest

from proofs.property import Outcome
from proofs.registry import prove_all
from proofs.setup import Setup, all_rulesets, alternative_setups, make_setup

# The register entries the proofs' models read; other readings leave every proof unchanged.
MODELLED = {"AMB-1", "AMB-2", "AMB-3", "AMB-4", "AMB-9", "AMB-10", "AMB-12", "AMB-18", "AMB-21", "AMB-22"}


def every_setup() -> list[Setup]:
    """Each ruleset with its defaults, then with each alternative reading the models depend on."""
    names = all_rulesets()
    return [make_setup(n) for n in names] + [
        s for n in names for amb, s in alternative_setups(n) if amb in MODELLED]


@pytest.fixture(scope="session")
def outcomes() -> list[Outcome]:
    return [o for s in every_setup() for o in prove_all(s)]
