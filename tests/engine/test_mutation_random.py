"""Random play, lighter: the checks of test_engine_generic.py over a few matches per reading set.

The mutation run (scripts/mutation.sh) deselects the two long random-play tests of
test_engine_generic.py and runs these instead: the same state checks (copy, undo, refusals, JSON
round trip) and the same score arithmetic, over fewer matches, so that a surviving mutant costs
about a second instead of ten. The full suite runs both.
"""

from __future__ import annotations

import jsonschema
import pytest
from engine_support import schema
from test_engine_generic import (
    VARIANT_IDS,
    VARIANTS,
    _random_game,
    _state_checks,
    check_scores,
)

from truco_rules.engine import IllegalActionError

CONSISTENCY_SEEDS = 3
DEEP_STEPS = 200  # the first match is also checked by a JSON round trip, for this many steps
RECORD_SEEDS = 12


@pytest.mark.clause("RND-1", "BET-2", "MAT-1")
@pytest.mark.parametrize(("ruleset", "readings"), VARIANTS, ids=VARIANT_IDS)
def test_few_random_matches_are_consistent(ruleset: str, readings: dict[str, str]) -> None:
    for seed in range(CONSISTENCY_SEEDS):
        def check(g, rng, first=seed == 0):
            _state_checks(g, rng, first and len(g.moves) < DEEP_STEPS)

        game = _random_game(ruleset, readings, seed, check)
        assert game.outcome() is not None, "[MAT-1] the match ended with an outcome"
        assert game.legal_actions() == (), "[MAT-1] no move once the match is over"
        with pytest.raises(IllegalActionError):
            game.push("accept")


@pytest.mark.clause("BET-4", "MAT-1", "MAT-2", "TEN-4")
@pytest.mark.parametrize(("ruleset", "readings"), VARIANTS, ids=VARIANT_IDS)
def test_few_records_valid_and_scores_add_up(ruleset: str, readings: dict[str, str]) -> None:
    validator = jsonschema.Draft202012Validator(schema())
    for seed in range(RECORD_SEEDS):
        rec = _random_game(ruleset, readings, 1000 + seed, lambda g, rng: None).record()
        errors = list(validator.iter_errors(rec))
        assert not errors, errors[0].message
        check_scores(rec, ruleset, readings)
