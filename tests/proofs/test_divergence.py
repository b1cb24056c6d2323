"""The witness search: the domains live beside their models."""

from __future__ import annotations

import importlib

from proofs import divergence


def test_each_domain_is_built_beside_its_model() -> None:
    """proofs/<area>_divergence.py holds the domains of the area whose model is proofs/<area>_model.py."""
    assert divergence.DOMAINS
    for d in divergence.DOMAINS:
        module = d.build.__module__
        assert module.startswith("proofs.") and module.endswith("_divergence"), f"{d.name}: built in {module}"
        importlib.import_module(module.removesuffix("_divergence") + "_model")
        assert d in importlib.import_module(module).DOMAINS, f"{d.name} is not listed in {module}"
