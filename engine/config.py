"""A ruleset with its readings resolved into the flags the game loop tests on every move."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import GAUDERIO_DECK, MINEIRO_FORTY, MINEIRO_NO_Q, Deck
from engine.rulesets import Ruleset, find_ruleset


@dataclass(frozen=True)
class Config:
    """Everything fixed for one match: the ruleset, its readings and what they imply."""

    ruleset: Ruleset
    readings: tuple[tuple[str, str], ...]  # the full map, sorted
    n: int
    deck: Deck
    gauderio: bool
    ladder: tuple[int, ...]
    target: int  # MAT-1: 12; MAT-3/MAT-4 via AMB-18
    partidas_to_win: int  # AMB-19
    nobody_on_all_tied: bool  # AMB-1
    split_first_winner: bool  # AMB-2
    always_three: bool  # AMB-4
    partner_tie_is_tie: bool  # AMB-5
    cover_allowed: bool  # AMB-7
    cover_concedes: bool  # AMB-6
    cover_not_first: bool  # AMB-8
    ten_truco: str  # AMB-9
    iron_like_ten: bool  # AMB-10
    iron_blind: bool  # AMB-11
    ten_may_decline: bool  # AMB-12
    tie_leader_same: bool  # AMB-14
    starter_step: int  # AMB-15: +1 with play, -1 against
    envido_sum_without_pair: bool  # AMB-21
    falta_leader: bool  # AMB-22
    side_points_now: bool  # AMB-25
    flor_mandatory: bool  # AMB-26
    flor_refusal_before: bool  # AMB-27
    senas_truthful: bool  # AMB-28

    def reading(self, key: str) -> str:
        return dict(self.readings)[key]

    @property
    def overrides(self) -> dict[str, str]:
        """The readings that differ from the ruleset's defaults (what a record carries)."""
        return {k: v for k, v in self.readings if self.ruleset.defaults[k] != v}


def make_config(ruleset: str, readings: Mapping[str, str] | None = None) -> Config:
    """Resolve `ruleset` and `readings` (overrides by key); errors name the valid choices."""
    rs = find_ruleset(ruleset)
    full = rs.resolve(readings)
    return _config(rs.name, tuple(sorted(full.items())))


@lru_cache(maxsize=256)
def _config(name: str, items: tuple[tuple[str, str], ...]) -> Config:
    rs = find_ruleset(name)
    r = dict(items)
    # Keys a ruleset does not list fall back to the procedure's general statement: a covered card
    # is worth nothing (AMB-6) and may be played in any round (AMB-8), e.g. Gauderio with covering.
    get = r.get
    gauderio = rs.variant == "gauderio"
    if gauderio:
        deck = GAUDERIO_DECK
    else:
        deck = MINEIRO_NO_Q if get("deck") == "spanish-without-tens" else MINEIRO_FORTY
    return Config(
        ruleset=rs,
        readings=items,
        n=rs.players,
        deck=deck,
        gauderio=gauderio,
        ladder=rs.ladder,
        target=int(get("gauderio-target", "12")),
        partidas_to_win=2 if get("match-format") == "best-of-three" else 1,
        nobody_on_all_tied=get("all-rounds-tied") == "nobody-scores",
        split_first_winner=get("split-then-tie") == "first-round-winner",
        always_three=get("hand-length") == "always-three-rounds",
        partner_tie_is_tie=get("partner-tie") == "tie",
        cover_allowed=get("covering") == "allowed",
        cover_concedes=get("covered-card") == "concedes-hand",
        cover_not_first=get("cover-round") == "not-first-round",
        ten_truco=get("ten-truco", "refused"),
        iron_like_ten=get("iron-hand") == "like-hand-of-ten",
        iron_blind=get("iron-blind") == "blind",
        ten_may_decline=get("ten-choice") == "may-decline",
        tie_leader_same=get("round-leader") == "winner-leads-tie-same",
        starter_step=-1 if get("hand-starter") == "rotate-against-play" else 1,
        envido_sum_without_pair=get("envido-without-pair") == "sum-of-cards",
        falta_leader=get("falta-points") == "leader-lacks",
        side_points_now=get("side-bet-scoring") == "immediately",
        flor_mandatory=get("flor-optional") == "mandatory",
        flor_refusal_before=get("flor-refusal") == "stake-before-call",
        senas_truthful=get("senas") == "truthful",
    )
