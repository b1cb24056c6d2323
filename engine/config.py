"""A ruleset with its readings resolved: the file's features and the flags the game loop tests.

Everything a ruleset decides comes from its file (features.py); everything a reading decides is
one flag here, named after the register entry. No name of a ruleset appears in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.cards import Deck
from truco_rules.engine.features import Envido, Features, Flor, HandOfTen, IronHand, Sign, read_features
from truco_rules.engine.rulesets import FALLBACK, Ruleset, find_ruleset


@dataclass(frozen=True)
class Config:
    """Everything fixed for one match: the ruleset, its readings and what they imply."""

    ruleset: Ruleset
    readings: tuple[tuple[str, str], ...]  # the full map of the keys the ruleset lists, sorted
    features: Features
    n: int  # SET-1, SET-2: the player count
    deck: Deck  # DECK-1, DECK-2, CARD-1, CARD-2, CARD-3, CARD-4, CARD-5, ENV-7, URU-2, URU-3, URU-4
    ladder: tuple[int, ...]  # VAL-1, VAL-2, BET-6 / BET-9 / ...: the opening value, then each call's
    refused: tuple[int, ...]  # BET-4: what a run from the call to ladder[i] pays
    raises: tuple[Action, ...]  # the call of each ladder value, by index
    other_side_next: bool  # BET-10 (next_call: other-side)
    target: int  # MAT-1, MAT-3, MAT-4, ...
    halves: int | None  # malas and buenas: the points of the first half
    partidas_to_win: int  # MAT-2 / AMB-19
    ten: HandOfTen | None
    iron: IronHand | None
    envido: Envido | None
    flor: Flor | None
    senas: tuple[Sign, ...]
    contests: bool  # envido, flor or señas: side points and observations of them
    all_rounds_tied: str  # AMB-1
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
    falta_trailer: bool  # AMB-22 trailer-lacks: counted from the lower score
    side_points_now: bool  # AMB-25
    flor_mandatory: bool  # AMB-26
    flor_first: bool  # AMB-42 flor-first, where the flor is mandatory: no truco bet before it
    flor_refusal_before: bool  # AMB-27
    senas_truthful: bool  # AMB-28
    envido_first: bool  # AMB-29
    falta_to_buenas: bool  # AMB-30
    flor_replaces_envido: bool  # AMB-31
    flor_first_round: bool  # AMB-53 first-round: a seat that has played may still sing flor in round 1
    flor_achico_one: bool  # AMB-51 stake-and-one: con flor me achico pays one point more than the stake
    envido_refusal_one: bool  # AMB-54 earlier-calls-and-one: a refused raise pays one point more
    falta_added: bool  # AMB-20 falta-added: the falta is added to the chain's other stakes
    contraflor_double_quiero: bool  # AMB-34: a contraflor stakes twice one quiero's stake
    contraflor_three_more: bool  # AMB-34: a contraflor stakes the flor's stake more (3 more)
    resto_to_target: bool  # AMB-55 to-target-and-flores: the leader's points to the target, 3 a flor
    iron_covered: bool  # AMB-35: the cards of a blind iron hand are covered cards
    raise_capped: bool  # AMB-43 raise-cap capped: no call once the hand pays what the caller's side lacks
    raise_trailing: bool  # AMB-60 trailing-need: no call once the stake covers what the trailing side lacks
    score_capped: bool  # AMB-59 score-cap capped: a score stops at the target
    iron_ordinary: bool  # AMB-61 ordinary-no-truco: no iron hand, an ordinary hand without truco
    ten_call: str  # AMB-37: which calls are asking for truco where truco is barred
    envido_all_three: bool  # AMB-38: three cards of one suit all count
    senas_before_first: bool  # AMB-39: a seña only before the seat's first card
    mazo_envido_point: bool  # AMB-52 envido-point: a mazo before any envido pays one point more
    # Resolved once per configuration rather than at every legal-move list:
    envido_openings: tuple[Action, ...]  # ENV-3: the calls that open the envido, in the file's order
    truco_answers: tuple[tuple[Action, ...], ...]  # BET-2, BET-5: by the pending call's ladder index

    def reading(self, key: str) -> str:
        return dict(self.readings)[key]

    @property
    def raise_caps(self) -> bool:
        """Whether the score caps a call: AMB-43 capped or AMB-60 trailing-need."""
        return self.raise_capped or self.raise_trailing

    def reading_clause(self, key: str) -> str | None:
        """The clause of the ruleset's own file that states its default reading of `key` (PAU-11),
        where the file names one and that reading is in force; else None."""
        entry = (self.ruleset.data.get("readings") or {}).get(key) or {}
        chosen = dict(self.readings).get(key)
        clause = entry.get("clause")
        return str(clause) if clause and chosen is not None and str(entry.get("default")) == chosen else None

    def asks_for_truco(self, value: int) -> bool:
        """AMB-37 ten-call: whether a call of `value`, made where truco is barred (TEN-3, IRN-3),
        is asking for truco: every call there is (next-step, truco-by-name), or only truco by its
        name, the ladder's first call (truco-only: the later calls are ordinary ones)."""
        return self.ten_call != "truco-only" or value == self.ladder[1]

    @property
    def overrides(self) -> dict[str, str]:
        """The readings that differ from the ruleset's defaults (what a record carries): a new
        dictionary at every call, for every record."""
        return dict(self._overrides)

    @cached_property
    def _overrides(self) -> tuple[tuple[str, str], ...]:
        return tuple((k, v) for k, v in self.readings if self.ruleset.defaults[k] != v)

    @cached_property
    def earlier_edition(self) -> int | None:
        """The edition of the ruleset's file this match plays where it is not today's (the record
        and a saved game carry it); None for today's."""
        edition = self.ruleset.edition
        return edition if edition != find_ruleset(self.ruleset.name).edition else None


# The flags that are one reading of one register key: the flag, the key, the reading that sets it.
_READING_FLAGS: dict[str, tuple[str, str]] = {
    "split_first_winner": ("split-then-tie", "first-round-winner"),
    "always_three": ("hand-length", "always-three-rounds"),
    "partner_tie_is_tie": ("partner-tie", "tie"),
    "cover_allowed": ("covering", "allowed"),
    "cover_concedes": ("covered-card", "concedes-hand"),
    "cover_not_first": ("cover-round", "not-first-round"),
    "iron_like_ten": ("iron-hand", "like-hand-of-ten"),
    "iron_blind": ("iron-blind", "blind"),
    "ten_may_decline": ("ten-choice", "may-decline"),
    "tie_leader_same": ("round-leader", "winner-leads-tie-same"),
    "envido_sum_without_pair": ("envido-without-pair", "sum-of-cards"),
    "falta_leader": ("falta-points", "leader-lacks"),
    "falta_trailer": ("falta-points", "trailer-lacks"),
    "side_points_now": ("side-bet-scoring", "immediately"),
    "flor_mandatory": ("flor-optional", "mandatory"),
    "flor_refusal_before": ("flor-refusal", "stake-before-call"),
    "senas_truthful": ("senas", "truthful"),
    "envido_first": ("envido-first", "envido-first"),
    "falta_to_buenas": ("falta-halves", "to-buenas"),
    "flor_replaces_envido": ("flor-over-envido", "flor-replaces-envido"),
    "flor_first_round": ("flor-window", "first-round"),
    "flor_achico_one": ("flor-achico", "stake-and-one"),
    "envido_refusal_one": ("envido-refusal", "earlier-calls-and-one"),
    "falta_added": ("envido-stakes", "falta-added"),
    "contraflor_double_quiero": ("contraflor-stake", "double-quiero"),
    "contraflor_three_more": ("contraflor-stake", "three-more"),
    "resto_to_target": ("contraflor-resto", "to-target-and-flores"),
    "iron_covered": ("iron-cards", "covered"),
    "envido_all_three": ("envido-three-suit", "all-three"),
    "senas_before_first": ("sena-timing", "before-first-card"),
    "raise_capped": ("raise-cap", "capped"),
    "raise_trailing": ("raise-cap-trailing", "trailing-need"),
    "score_capped": ("score-cap", "capped"),
    "iron_ordinary": ("iron-or-ordinary", "ordinary-no-truco"),
    "mazo_envido_point": ("mazo-first-round", "envido-point"),
}


def _reading_flags(listed: Mapping[str, str]) -> dict[str, bool]:
    """Each flag of _READING_FLAGS, from the readings listed (a key not listed takes FALLBACK's)."""
    return {flag: (listed.get(key) or FALLBACK[key]) == reading
            for flag, (key, reading) in _READING_FLAGS.items()}


_DEFAULTS: dict[Ruleset, Config] = {}  # by ruleset object: a file loaded again is a new key


def make_config(ruleset: str, readings: Mapping[str, str] | None = None,
                edition: int | None = None) -> Config:
    """Resolve `ruleset` and `readings` (overrides by key); errors name the valid choices.
    `edition`: an earlier edition of the ruleset's file (Ruleset.at_edition)."""
    rs = find_ruleset(ruleset)
    if edition is not None and edition != rs.edition:
        rs = rs.at_edition(edition)
        return _config(rs, tuple(sorted(rs.resolve(readings).items())))
    if not readings:  # the common case, once per match: the defaults
        found = _DEFAULTS.get(rs)
        if found is None:
            found = _DEFAULTS[rs] = _config(rs, tuple(sorted(rs.resolve(None).items())))
        return found
    full = rs.resolve(readings)
    return _config(rs, tuple(sorted(full.items())))


@lru_cache(maxsize=256)
def _config(rs: Ruleset, items: tuple[tuple[str, str], ...]) -> Config:
    listed = dict(items)

    def get(key: str) -> str:
        return listed.get(key) or FALLBACK[key]

    f = read_features(rs.document(listed), rs.file, rs.text)
    deck = f.deck
    A.intern_cards(deck.names)
    raises = tuple(A.raise_to(v) for v in f.ladder.values)
    # BET-2: accept or run; BET-5: or raise to the step after the pending call; at the top only
    # accept or run (the top clause)
    truco_answers = tuple((A.ACCEPT, A.RUN, raises[i + 1]) if i + 1 < len(raises) else (A.ACCEPT, A.RUN)
                          for i in range(len(raises)))
    return Config(
        ruleset=rs,
        readings=items,
        features=f,
        n=f.players,
        deck=deck,
        ladder=f.ladder.values,
        refused=f.ladder.refused,
        raises=raises,
        other_side_next=f.ladder.other_side_next,
        target=f.match.target,
        halves=f.match.halves,
        partidas_to_win=f.match.partidas,
        ten=f.ten,
        iron=f.iron,
        envido=f.envido,
        flor=f.flor,
        senas=f.senas,
        contests=f.envido is not None or f.flor is not None or bool(f.senas),
        all_rounds_tied=get("all-rounds-tied"),
        ten_truco=get("ten-truco"),
        starter_step=-1 if get("hand-starter") == "rotate-against-play" else 1,
        # AMB-42 flor-first binds only a mandatory flor (AMB-26): two keys, not one of the table
        flor_first=get("flor-optional") == "mandatory" and get("flor-before-truco") == "flor-first",
        ten_call=get("ten-call"),
        envido_openings=tuple(A.BY_CALL[c] for c in f.envido.calls) if f.envido is not None else (),
        truco_answers=truco_answers,
        **_reading_flags(listed),
    )
