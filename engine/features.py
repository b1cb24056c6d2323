"""The features of a ruleset, read from its file (with the chosen readings' `sets` applied).

Each section of the file becomes one small value object; a section the file leaves out is None
(the game has no such feature). Reading a section checks what the engine relies on, so a bad file
fails here, whole, with a RulesetFileError naming the field: never half-loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from truco_rules.engine.cards import Deck, make_deck
from truco_rules.engine.ruleset_file import FieldReader

PLAYER_COUNTS = (2, 4, 6)  # SET-1, SET-2: seats alternate between the two sides
CARDS_PER_SEAT = 3  # DEAL-1 / AMB-17 three-cards: the only deal the rounds of a hand allow
ENVIDO_CALLS = ("envido", "real-envido", "falta-envido")
SIGNS = ("ciego", "tanto-27-29", "tanto-30-plus")  # SEN-1, SEN-2, SEN-3
FALTA = "falta"  # a stake that is the points still missing (ENV-6, FLR-7, AMB-22, AMB-30)


@dataclass(frozen=True)
class Ladder:
    """The truco ladder (VAL-1, VAL-2, BET-1, BET-2, BET-3, BET-4, BET-5, BET-6, BET-7, BET-8, BET-9, BET-10):
    `values[0]` is the opening value, then each call's."""

    values: tuple[int, ...]
    refused: tuple[int, ...]  # BET-4: refused[i] is what a run from the call to values[i] pays
    other_side_next: bool  # BET-10: the side that made the last call may not make the next
    order: str  # the order clause (one step at a time)
    top: str  # the top clause
    answer: str  # the answer clause (a pending call must be answered)
    alternate: str  # the clause of next_call


@dataclass(frozen=True)
class HandOfTen:
    """TEN-1, TEN-2, TEN-3, TEN-4, TEN-5, TEN-6, TEN-7: a side at `score` points plays a hand worth `value`
    where no truco may be called."""

    score: int
    value: int
    decline_payout: int | None  # TEN-6: what declining gives the other side, where the file says
    partners_see: bool  # TEN-7
    kind: str
    no_truco: str
    penalty: str | None
    choice: str | None
    decline: str | None


@dataclass(frozen=True)
class IronHand:
    """IRN-1, IRN-2, IRN-3, IRN-4: both sides at `score` points."""

    score: int
    decides_match: bool  # IRN-4
    kind: str
    blind: str | None
    no_truco: str | None


@dataclass(frozen=True)
class EnvidoCall:
    name: str
    stake: int | None  # None: the falta
    times: int  # how often it may appear in one chain
    then: tuple[str, ...]  # the calls that may answer it, in order


@dataclass(frozen=True)
class Envido:
    """ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7: the calls of the envido chain, in the file's order, by
    name."""

    calls: Mapping[str, EnvidoCall]
    contest: str  # ENV-1
    chain: str  # the clause of raising the chain (ENV-5)
    window: str  # the clause of calling it in the window: the contest's (ENV-1; AMB-23 says when)


@dataclass(frozen=True)
class Flor:
    """FLR-1, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8: stakes and the clause of each step."""

    stake: int  # FLR-2
    partner_raise: int | None  # FLR-3, pairs
    accepted: tuple[int, ...]  # FLR-5: the stake for one accept, two, ...
    sing: str
    partner: str
    answers: str
    contraflor: str
    resto: str


@dataclass(frozen=True)
class Sign:
    name: str
    clause: str
    below: int | None  # ciego: every card weaker than this strength
    envido: tuple[int, int] | None  # a tanto seña: the envido points it tells, inclusive


@dataclass(frozen=True)
class Match:
    """MAT-1, MAT-2, MAT-3, MAT-4: target, halves (malas and buenas), partidas to win."""

    target: int
    halves: int | None
    partidas: int
    target_clause: str
    end_clause: str


@dataclass(frozen=True)
class Features:
    players: int
    deck: Deck
    deck_clause: str
    deal_clause: str
    ladder: Ladder
    ten: HandOfTen | None
    iron: IronHand | None
    envido: Envido | None
    flor: Flor | None
    senas: tuple[Sign, ...]
    match: Match
    mazo: str | None = None  # ARG-9, URU-10: the clause of going to the mazo, where the file has it


def read_features(data: Mapping[str, Any], file: str, text: str | None = None) -> Features:
    """The features of a (resolved) ruleset document; RulesetFileError for anything unusable."""
    r = FieldReader(data, file, text)
    players = r.integer("players.count")
    if players not in PLAYER_COUNTS:
        raise r.fail("players.count", f"must be one of {', '.join(map(str, PLAYER_COUNTS))}, not {players}")
    if r.integer("deal.cards") != CARDS_PER_SEAT:
        raise r.fail("deal.cards", f"every seat is dealt {CARDS_PER_SEAT} cards")
    if players == 2:  # nobody to sign to, nobody to raise with
        if r.has("senas"):
            raise r.fail("senas", "señas are signals between partners: one against one has none")
        if r.has("flor.partner_raise"):
            raise r.fail("flor.partner_raise", "one against one there is no partner to raise the flor")
    has_envido = r.has("envido")
    deck = _deck(r, has_envido)
    if CARDS_PER_SEAT * players + deck.has_muestra > len(deck.cards):
        raise r.fail("players.count", "the deck has too few cards to deal three to every player")
    return Features(
        players=players,
        deck=deck,
        deck_clause=r.clause("deck.clause"),
        deal_clause=r.clause("deal.clause"),
        ladder=_ladder(r),
        # A section a reading removes is absent (AMB-70 pairs-only: no hand of ten, no iron hand).
        ten=_ten(r) if r.has("hand_of_ten") else None,
        iron=_iron(r) if r.has("iron_hand") else None,
        envido=_envido(r) if has_envido else None,
        flor=_flor(r, has_envido) if r.has("flor") else None,
        senas=_senas(r, deck, has_envido) if r.has("senas") else (),
        match=_match(r),
        mazo=r.clause("mazo.clause") if r.has("mazo") else None,
    )


def _deck(r: FieldReader, has_envido: bool) -> Deck:
    ranks = r.texts("deck.ranks", min_items=1)
    suits = r.texts("deck.suits", min_items=1)
    for field, items in (("deck.ranks", ranks), ("deck.suits", suits)):
        if len(set(items)) != len(items):
            raise r.fail(field, "an item is listed twice")
    if r.text("deck.card", "{rank}{suit}") != "{rank}{suit}":
        raise r.fail("deck.card", "cards are written rank then suit: '{rank}{suit}'")
    names = [rank + suit for rank in ranks for suit in suits]
    if len(set(names)) != len(names):
        raise r.fail("deck.ranks", "two cards would have the same name: a rank and a suit run together")
    exclude = r.texts("deck.exclude", [])
    for i, card in enumerate(exclude):
        if card not in names:
            raise r.fail(f"deck.exclude.{i}", f"{card!r} is not a card of this deck")
    groups: list[list[str]] = []
    seen: dict[str, int] = {}
    for g in range(len(r.items("strength.groups", min_items=1))):
        group = list(r.texts(f"strength.groups.{g}", min_items=1))
        for i, card in enumerate(group):
            if card not in names:
                raise r.fail(f"strength.groups.{g}.{i}", f"{card!r} is not a card of this deck")
            if card in seen:
                raise r.fail(f"strength.groups.{g}.{i}",
                             f"{card} is already in group {seen[card] + 1}: every card belongs to one group")
            seen[card] = g
        groups.append(group)
    missing = [n for n in names if n not in seen and n not in exclude]
    if missing:
        raise r.fail("strength.groups", f"no group ranks {', '.join(missing[:6])}: every card needs a place")
    values: dict[str, int] = {}
    bonus = 0
    if has_envido:
        table = {str(k): v for k, v in r.mapping("envido.values").items()}
        for rank in table:
            if rank not in ranks:
                raise r.fail(f"envido.values.{rank}", f"{rank!r} is not a rank of this deck")
        for rank in ranks:
            value = table.get(rank)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise r.fail(f"envido.values.{rank}", f"the envido value of rank {rank!r} must be a whole "
                             f"number from 0, not {value!r}")
            values[rank] = value
        bonus = r.integer("envido.pair_bonus", minimum=0)
    piezas: list[tuple[str, int]] = []
    stand_in = None
    if r.has("muestra"):
        for i in range(len(r.items("muestra.piezas", min_items=1))):
            rank = r.text(f"muestra.piezas.{i}.rank")
            if rank not in ranks or rank in dict(piezas):
                raise r.fail(f"muestra.piezas.{i}.rank",
                             f"{rank!r} is not a rank of this deck, or is listed twice")
            piezas.append((rank, r.integer(f"muestra.piezas.{i}.envido", minimum=0)))
        if r.has("muestra.stand_in"):
            stand_in = r.text("muestra.stand_in")
            if stand_in not in ranks or stand_in in dict(piezas):
                raise r.fail("muestra.stand_in",
                             f"{stand_in!r} must be a rank of this deck that is not a pieza")
    vira: list[str] = []
    if r.has("vira"):  # PAU-2 to PAU-4: the vira's next rank makes the manilhas, in this suit order
        if r.has("muestra"):
            raise r.fail("vira", "a hand turns up one card: a ruleset has a muestra or a vira, not both")
        vira = list(r.texts("vira.suits", min_items=1))
        for i, suit in enumerate(vira):
            if suit not in suits or suit in vira[:i]:
                raise r.fail(f"vira.suits.{i}", f"{suit!r} is not a suit of this deck, or is listed twice")
        if len(vira) != len(suits):
            raise r.fail("vira.suits", "list every suit of the deck: each makes one manilha")
    return make_deck(ranks, suits, frozenset(exclude), groups, values, bonus, tuple(piezas), stand_in,
                     tuple(vira))


def _ladder(r: FieldReader) -> Ladder:
    values = [r.integer("truco.opening.value", minimum=1)]
    refused = [0]
    for i in range(len(r.items("truco.calls", min_items=1))):
        value = r.integer(f"truco.calls.{i}.value")
        if value <= values[-1]:
            raise r.fail(f"truco.calls.{i}.value",
                         f"the ladder must increase: {value} comes after {values[-1]}")
        pays = r.integer(f"truco.calls.{i}.refused", minimum=0)
        if pays >= value:
            raise r.fail(f"truco.calls.{i}.refused", f"running from a call of {value} cannot pay {pays}")
        values.append(value)
        refused.append(pays)
    next_call = r.text("truco.next_call")
    if next_call not in ("other-side", "any-side"):
        raise r.fail("truco.next_call", f"must be other-side or any-side, not {next_call!r}")
    order = r.clause("truco.clauses.order")
    return Ladder(tuple(values), tuple(refused), next_call == "other-side", order,
                  r.clause("truco.clauses.top"), r.clause("truco.clauses.answer"),
                  r.clause("truco.clauses.alternate", order))


def _ten(r: FieldReader) -> HandOfTen:
    value = r.integer("hand_of_ten.value", minimum=1)
    if value not in _ladder(r).values:
        raise r.fail("hand_of_ten.value", f"{value} is not a value of the truco ladder")
    decline = None
    if r.has("hand_of_ten.decline_payout"):
        decline = r.integer("hand_of_ten.decline_payout", minimum=0)
    return HandOfTen(
        score=r.integer("hand_of_ten.score", minimum=1), value=value, decline_payout=decline,
        partners_see=r.flag("hand_of_ten.partners_see", False),
        kind=r.clause("hand_of_ten.clauses.kind"), no_truco=r.clause("hand_of_ten.clauses.no_truco"),
        penalty=r.clause("hand_of_ten.clauses.penalty") if r.has("hand_of_ten.clauses.penalty") else None,
        choice=r.clause("hand_of_ten.clauses.choice") if r.has("hand_of_ten.clauses.choice") else None,
        decline=r.clause("hand_of_ten.clauses.decline") if r.has("hand_of_ten.clauses.decline") else None,
    )


def _iron(r: FieldReader) -> IronHand:
    return IronHand(
        score=r.integer("iron_hand.score", minimum=1), decides_match=r.flag("iron_hand.decides_match"),
        kind=r.clause("iron_hand.clauses.kind"),
        blind=r.clause("iron_hand.clauses.blind") if r.has("iron_hand.clauses.blind") else None,
        no_truco=r.clause("iron_hand.clauses.no_truco") if r.has("iron_hand.clauses.no_truco") else None,
    )


def _envido(r: FieldReader) -> Envido:
    table = r.mapping("envido.calls")
    if not table:
        raise r.fail("envido.calls", "must list at least one call")
    calls: dict[str, EnvidoCall] = {}
    for name in table:
        where = f"envido.calls.{name}"
        if name not in ENVIDO_CALLS:
            raise r.fail(where, f"{name!r} is not an envido call ({', '.join(ENVIDO_CALLS)})")
        stake_raw = r.raw(f"{where}.stake")
        stake = None if stake_raw == FALTA else r.integer(f"{where}.stake", minimum=1)
        then = r.texts(f"{where}.then")
        times = r.integer(f"{where}.times", 1, minimum=1)
        for i, nxt in enumerate(then):
            if nxt not in table:
                raise r.fail(f"{where}.then.{i}", f"{nxt!r} is not one of this file's calls")
        if name in then and times < 2:
            raise r.fail(f"{where}.then", f"{name} answers itself but may appear only once (times: 1)")
        calls[name] = EnvidoCall(name, stake, times, then)
    return Envido(calls, r.clause("envido.clauses.contest"),
                  r.clause("envido.clauses.real", r.clause("envido.clauses.contest")),
                  r.clause("envido.clauses.contest"))



def _flor(r: FieldReader, has_envido: bool) -> Flor:
    if not has_envido:
        raise r.fail("flor", "flor is counted with the envido values: the file needs an envido section")
    if r.text("flor.contraflor") != "double":
        raise r.fail("flor.contraflor", "the stake of a contraflor is 'double' (the stake in force, doubled)")
    if r.text("flor.resto") != FALTA:
        raise r.fail("flor.resto", "the stake of contraflor al resto is 'falta'")
    accepted = r.items("flor.accepted", min_items=1)
    sing = r.clause("flor.clauses.sing")
    return Flor(
        stake=r.integer("flor.stake", minimum=1),
        partner_raise=r.integer("flor.partner_raise", minimum=1) if r.has("flor.partner_raise") else None,
        accepted=tuple(r.integer(f"flor.accepted.{i}", minimum=1) for i in range(len(accepted))),
        sing=sing,
        partner=r.clause("flor.clauses.partner", sing),
        answers=r.clause("flor.clauses.answers", sing),
        contraflor=r.clause("flor.clauses.contraflor", sing),
        resto=r.clause("flor.clauses.resto", sing),
    )


def _senas(r: FieldReader, deck: Deck, has_envido: bool) -> tuple[Sign, ...]:
    table = r.mapping("senas")
    out = []
    for name in table:
        where = f"senas.{name}"
        if name not in SIGNS:
            raise r.fail(where, f"{name!r} is not a seña ({', '.join(SIGNS)})")
        below = envido = None
        if r.has(f"{where}.below"):
            rank = r.text(f"{where}.below")
            if rank not in deck.ranks:
                raise r.fail(f"{where}.below", f"{rank!r} is not a rank of this deck")
            i = deck.ranks.index(rank)
            below = min(deck.strength[deck.card(i, s)] for s in range(len(deck.suits)))
        elif r.has(f"{where}.envido"):
            if not has_envido:
                raise r.fail(f"{where}.envido", "a tanto seña needs the file's envido section")
            if len(r.items(f"{where}.envido")) != 2:
                raise r.fail(f"{where}.envido", "must be [lowest, highest] envido points")
            low, high = (r.integer(f"{where}.envido.{i}", minimum=0) for i in (0, 1))
            if low > high:
                raise r.fail(f"{where}.envido", "must be [lowest, highest] envido points")
            envido = (low, high)
        else:
            raise r.fail(where, "a seña states 'below' (a rank) or 'envido' ([lowest, highest])")
        out.append(Sign(name, r.clause(f"{where}.clause"), below, envido))
    return tuple(sorted(out, key=lambda s: SIGNS.index(s.name)))


def _match(r: FieldReader) -> Match:
    target = r.integer("match.target", minimum=1)
    halves = r.integer("match.halves", minimum=1) if r.has("match.halves") else None
    if halves is not None and halves >= target:
        raise r.fail("match.halves", f"the first half ({halves}) must be below the target ({target})")
    return Match(target, halves, r.integer("match.partidas", minimum=1), r.clause("match.clauses.target"),
                 r.clause("match.clauses.end"))
