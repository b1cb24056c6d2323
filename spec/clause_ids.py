"""The form of a clause or register ID (SET-1, BET-10, AMB-42), written once: every pattern that
finds or checks one is built from these (the JSON schemas, which cannot import, repeat
SCHEMA_PATTERN exactly; tests/catalogue/test_clause_id_pattern.py fails on any other copy).
"""

from __future__ import annotations

import re

CLAUSE_PREFIX = "[A-Z]{2,5}"  # the rule area's letters: SET, DECK, BET, AMB, ...
CLAUSE_ID = rf"{CLAUSE_PREFIX}-[0-9]+"  # ASCII digits only, as in the published IDs
CLAUSE_ID_RE = re.compile(rf"^{CLAUSE_ID}$")  # a whole string that is one ID
SCHEMA_PATTERN = f"^{CLAUSE_ID}$"  # the "pattern" of an ID in spec/schemas/*.json
