"""A divergence domain: one rule area's term, built alike for two setups, whose values the witness
search compares (truco_rules.proofs.divergence). Each area keeps its domains beside its model, in
proofs/<area>_divergence.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from truco_rules.proofs.setup import Setup

# (variables, domain constraints, term of a, term of b, size term)
Built = tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef, z3.ArithRef]


@dataclass(frozen=True)
class Domain:
    name: str
    clauses: tuple[str, ...]
    keys: tuple[str, ...]  # register keys whose readings bear on this domain
    applies: Callable[[Setup, Setup], bool]
    build: Callable[[Setup, Setup], Built]  # (a, b) -> the terms to compare
    show: Callable[[dict[str, Any]], dict[str, Any]]  # a witness's variables, as shown
    result: Callable[[Any], Any]  # a term's value, as shown
    show_in: Callable[[Setup, dict[str, Any]], dict[str, Any]] | None = None  # `show` needing the setup
    # The clauses and register entries behind one witness of (a, b), where they depend on the
    # situation or on the rulesets compared (empty: the domain's own).
    reason: Callable[[Setup, Setup, dict[str, Any]], tuple[tuple[str, ...], tuple[str, ...]]] | None = None


def both(feature: str) -> Callable[[Setup, Setup], bool]:
    """`applies` for a domain of a feature both rulesets have (envido, flor, ...), on one deck."""
    return lambda a, b: a.has(feature) and b.has(feature) and same_deck(a, b)


def same_deck(a: Setup, b: Setup) -> bool:
    """Whether a card (rank, suit) means the same card in both rulesets."""
    da, db = a.rules.deck, b.rules.deck
    return (da.ranks, da.suits) == (db.ranks, db.suits)
