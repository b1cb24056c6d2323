"""Words that the command line and the site both show: the kinds of clause and of register entry,
by the names the catalogue's data gives them (spec/data/clauses.yaml, ambiguities.yaml)."""

from __future__ import annotations

from truco_rules.text.catalogues import N_

CLAUSE_KINDS = {
    "definition": N_("definition"),
    "setup": N_("setup"),
    "play": N_("play"),
    "betting": N_("betting"),
    "scoring": N_("scoring"),
    "ending": N_("ending"),
    "signals": N_("signals"),
}
ENTRY_KINDS = {
    "conflict": N_("conflict between sources"),  # rulebooks, or the publications a ruleset names
    "internal": N_("internal contradiction"),
    "gap": N_("gap"),
    "option": N_("players' option"),
}
