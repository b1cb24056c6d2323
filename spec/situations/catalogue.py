"""The situations a check drives an engine through, and the forbidden actions it tries on the way.

`situations_for(ruleset, readings)` reads the catalogue file of a ruleset under its default
readings (spec/data/situations), or generates the situations for readings chosen by the user and
for rulesets without a file (a ruleset file of one's own). The forbidden actions tried on the way
are spec/situations/probes.py's.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from truco_rules.spec.situations.model import Situation, catalogue_path, load_situations


def situations_for(ruleset: str, readings: Mapping[str, str] | None = None) -> list[Situation]:
    """The situations of a ruleset under `readings` (those that differ from its defaults)."""
    return list(_situations(ruleset, tuple(sorted((readings or {}).items()))))


@functools.lru_cache(maxsize=64)
def _situations(ruleset: str, readings: tuple[tuple[str, str], ...]) -> tuple[Situation, ...]:
    if not readings and catalogue_path(ruleset).exists():
        return tuple(load_situations(ruleset))
    from truco_rules.spec.situations.generate import (
        generate,  # the spec's search: only where no file has them
    )

    return tuple(generate(ruleset, dict(readings)))
