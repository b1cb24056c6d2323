"""Every property, and running them for a ruleset."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from truco_rules.proofs import (
    card_proofs,
    envido_proofs,
    hand_proofs,
    ladder_proofs,
    match_proofs,
    stake_proofs,
    vira_proofs,
)
from truco_rules.proofs.property import Outcome, Property, run
from truco_rules.proofs.setup import Setup, Tracing

GROUPS = (card_proofs.PROPERTIES, hand_proofs.PROPERTIES, ladder_proofs.PROPERTIES, match_proofs.PROPERTIES,
          envido_proofs.PROPERTIES, stake_proofs.PROPERTIES, vira_proofs.PROPERTIES)


def all_properties() -> list[Property]:
    return [p for g in GROUPS for p in g.items]


def prove_all(setup: Setup) -> list[Outcome]:
    """Every property that concerns the setup's ruleset, with its negative control."""
    return [run(p, setup) for p in all_properties() if p.applies(setup)]


def not_run(setup: Setup) -> list[Property]:
    """The properties that do not concern the setup's ruleset (not run, rather than vacuously
    proved), each saying what it needs in `when`."""
    return [p for p in all_properties() if not p.applies(setup)]


def prove_many(setups: Iterable[Setup]) -> list[Outcome]:
    """`prove_all` for several setups of the same rulesets, each query asked once.

    A property's queries are a function of the ruleset and of the readings its build and its
    expected-shape check look at (traced). A setup that agrees on all of those with one already
    run gets that run's outcome: the same queries would be asked again.
    """
    done: dict[tuple[str, str], list[tuple[dict[str, str | None], Outcome]]] = {}
    out: list[Outcome] = []
    for setup in setups:
        for prop in all_properties():
            if not prop.applies(setup):
                continue
            seen = done.setdefault((prop.id, setup.ruleset), [])
            hit = next((o for read, o in seen if all(setup.reading(k) == v for k, v in read.items())), None)
            if hit is not None:
                out.append(dataclasses.replace(hit, setup=setup))
                continue
            tracer = Tracing(setup)
            o = run(prop, tracer)  # type: ignore[arg-type]
            o = dataclasses.replace(o, setup=setup)
            if not tracer.everything:
                seen.append((tracer.read, o))
            out.append(o)
    return out
