"""The engine's own encoding of the four rulesets and of every ambiguity reading it can switch.

This table is written independently of the register (spec/data/ambiguities.yaml); a test checks
that both agree on keys, readings and defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.errors import UnknownReadingError, UnknownRulesetError

# Register key -> (register ID, the readings it offers).
READINGS: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType({
    "all-rounds-tied": ("AMB-1", ("nobody-scores", "dealer-side-wins")),
    "split-then-tie": ("AMB-2", ("first-round-winner", "last-winner-before-tie")),
    "first-two-tied": ("AMB-3", ("third-round-decides",)),
    "hand-length": ("AMB-4", ("ends-when-decided", "always-three-rounds")),
    "partner-tie": ("AMB-5", ("pair-wins", "tie")),
    "covered-card": ("AMB-6", ("worth-nothing", "concedes-hand")),
    "covering": ("AMB-7", ("allowed", "not-allowed")),
    "cover-round": ("AMB-8", ("any-round", "not-first-round")),
    "ten-truco": ("AMB-9", ("caller-loses-match", "caller-loses-hand", "refused")),
    "iron-hand": ("AMB-10", ("like-hand-of-ten", "ordinary-hand")),
    "iron-blind": ("AMB-11", ("blind", "open")),
    "ten-choice": ("AMB-12", ("must-play", "may-decline")),
    "deck": ("AMB-13", ("forty-cards", "spanish-without-tens")),
    "round-leader": ("AMB-14", ("winner-leads-tie-same", "winner-leads-tie-first-top")),
    "hand-starter": ("AMB-15", ("rotate-with-play", "rotate-against-play")),
    "bet-responder": ("AMB-16", ("next-opponent",)),
    "deal-size": ("AMB-17", ("three-cards",)),
    "gauderio-target": ("AMB-18", ("24", "30")),
    "match-format": ("AMB-19", ("best-of-one", "best-of-three")),
    "envido-stakes": ("AMB-20", ("classic",)),
    "envido-without-pair": ("AMB-21", ("highest-card", "sum-of-cards")),
    "falta-points": ("AMB-22", ("leader-lacks", "winner-lacks")),
    "side-bet-window": ("AMB-23", ("first-card-turn",)),
    "side-bet-ties": ("AMB-24", ("starter-side",)),
    "side-bet-scoring": ("AMB-25", ("immediately", "end-of-hand")),
    "flor-optional": ("AMB-26", ("optional", "mandatory")),
    "flor-refusal": ("AMB-27", ("stake-before-call", "stake-called")),
    "senas": ("AMB-28", ("truthful", "free")),
})

_MINEIRO_1V1 = {
    "all-rounds-tied": "nobody-scores",  # HND-9
    "split-then-tie": "first-round-winner",
    "first-two-tied": "third-round-decides",
    "hand-length": "ends-when-decided",
    "covered-card": "worth-nothing",
    "covering": "allowed",
    "cover-round": "any-round",
    "ten-truco": "caller-loses-match",  # TEN-4
    "iron-hand": "like-hand-of-ten",
    "iron-blind": "blind",  # IRN-2
    "ten-choice": "must-play",
    "deck": "forty-cards",
    "round-leader": "winner-leads-tie-same",
    "hand-starter": "rotate-with-play",
}

_MINEIRO_PAIRS = {
    "all-rounds-tied": "dealer-side-wins",  # HND-10
    "split-then-tie": "first-round-winner",  # HND-6
    "first-two-tied": "third-round-decides",
    "hand-length": "ends-when-decided",
    "partner-tie": "pair-wins",
    "covered-card": "worth-nothing",
    "covering": "allowed",
    "cover-round": "any-round",
    "ten-truco": "refused",  # TEN-3
    "iron-hand": "like-hand-of-ten",  # IRN-3
    "iron-blind": "open",
    "ten-choice": "may-decline",  # TEN-5
    "deck": "forty-cards",
    "round-leader": "winner-leads-tie-same",
    "hand-starter": "rotate-with-play",
    "bet-responder": "next-opponent",
    "deal-size": "three-cards",
}

_GAUDERIO = {
    "all-rounds-tied": "nobody-scores",  # HND-9
    "split-then-tie": "first-round-winner",
    "first-two-tied": "third-round-decides",
    "hand-length": "ends-when-decided",
    "partner-tie": "pair-wins",
    "covering": "not-allowed",
    "round-leader": "winner-leads-tie-same",
    "hand-starter": "rotate-against-play",  # ORD-2
    "bet-responder": "next-opponent",
    "gauderio-target": "24",  # MAT-3
    "match-format": "best-of-one",  # MAT-2
    "envido-stakes": "classic",
    "envido-without-pair": "highest-card",
    "falta-points": "leader-lacks",
    "side-bet-window": "first-card-turn",
    "side-bet-ties": "starter-side",
    "side-bet-scoring": "immediately",
    "flor-optional": "optional",
    "flor-refusal": "stake-before-call",
    "senas": "truthful",
}


@dataclass(frozen=True)
class Ruleset:
    """One rulebook's game: its variant data and its default reading of every applicable key."""

    name: str
    code: str
    doc: str
    variant: str  # "mineiro" or "gauderio"
    players: int  # SET-1: 2, SET-2: 4
    title: str
    ladder: tuple[int, ...]  # BET-6 (Mineiro) or BET-9 (Gauderio)
    defaults: Mapping[str, str] = field(repr=False)
    ten_partners_see: bool = False  # TEN-7 (002 only)
    iron_wins_match: bool = False  # IRN-4 (002 only)

    def resolve(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """The full reading map: defaults plus `overrides`, each checked against the register keys
        that apply to this ruleset. Raises UnknownReadingError naming the valid choices."""
        readings = dict(self.defaults)
        for key, reading in (overrides or {}).items():
            if key not in self.defaults:
                raise UnknownReadingError(f"reading key for {self.name}", str(key), self.defaults)
            choices = READINGS[key][1]
            if reading not in choices:
                raise UnknownReadingError(f"reading for {key}", str(reading), choices)
            readings[key] = reading
        return readings


RULESETS: Mapping[str, Ruleset] = MappingProxyType({
    r.name: r
    for r in (
        Ruleset("mineiro-1v1-es", "es", "000", "mineiro", 2, "Truco Mineiro, one against one (Spanish)",
                (2, 4, 6, 10, 12), MappingProxyType(_MINEIRO_1V1)),
        Ruleset("mineiro-1v1-en", "en", "001", "mineiro", 2, "Truco Mineiro, one against one (English)",
                (2, 4, 6, 10, 12), MappingProxyType(_MINEIRO_1V1)),
        Ruleset("mineiro-pairs-it", "it", "002", "mineiro", 4, "Truco Mineiro in pairs (Italian)",
                (2, 4, 6, 10, 12), MappingProxyType(_MINEIRO_PAIRS), ten_partners_see=True,
                iron_wins_match=True),
        Ruleset("gauderio-pairs-es", "ga", "003", "gauderio", 4,
                "Truco Gauderio in pairs, with envido and flor (Spanish)",
                (1, 2, 3, 4), MappingProxyType(_GAUDERIO)),
    )
})


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`; UnknownRulesetError names the valid ones."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise UnknownRulesetError("ruleset", str(name), RULESETS) from None
