"""Every property, and running them for a ruleset."""

from __future__ import annotations

from proofs import envido_proofs, hand_proofs, ladder_proofs, match_proofs
from proofs.property import Outcome, Property, run
from proofs.setup import Setup

GROUPS = (hand_proofs.PROPERTIES, ladder_proofs.PROPERTIES, match_proofs.PROPERTIES,
          envido_proofs.PROPERTIES)


def all_properties() -> list[Property]:
    return [p for g in GROUPS for p in g.items]


def prove_all(setup: Setup) -> list[Outcome]:
    """Every property that concerns the setup's ruleset, with its negative control."""
    return [run(p, setup) for p in all_properties() if p.applies(setup)]
