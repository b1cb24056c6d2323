"""Envido and flor points, the falta, and the stakes of envido and flor (the ruleset's `envido`, `flor` and
`muestra` sections: ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8,
ARG-5, ARG-6, URU-5, URU-6; AMB-20, AMB-21, AMB-22, AMB-23, AMB-24, AMB-27, AMB-30, AMB-34, AMB-38).

Finite encoding: a card is (rank, suit), indices into the ruleset's deck. `envido_points`,
`has_flor` and `flor_points` are dual-use on the six ints of a three-card hand and the muestra.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.spec.rules.cards import Muestra, pieza_index
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.symbolic import And, If, Max, Min, Or, Val, concrete_cache

ENVIDO, REAL_ENVIDO, FALTA_ENVIDO = "envido", "real-envido", "falta-envido"
CALLS: tuple[str, ...] = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)  # the envido verbs of the record format
FALTA = "falta"  # a call's stake that is the falta


@concrete_cache(keys=(Rules,))  # ten ranks per ruleset, asked for every card of every envido
def envido_value(rules: Rules, rank: Val) -> Val:
    """ENV-7: "Del 1 al 7: el valor que indican. Del 10 al 12: 0 puntos." (the file's values)"""
    values = rules.data["envido"]["values"]
    result: Val = 0
    for i, name in enumerate(rules.deck.ranks):
        v = int(values[name])
        if v:
            result = If(rank == i, v, result)
    return result


def _pieza_points(rules: Rules, rank: Val, suit: Val, muestra: Muestra) -> Val:
    """URU-5: the envido points of a pieza (the 2 = 30, ..., the stand-in those of the pieza it
    replaces), or -1 for a card that is not a pieza (dual-use)."""
    if muestra is None or not rules.has("muestra"):
        return -1
    k = pieza_index(rules, rank, suit, muestra)
    result: Val = -1
    for i, p in enumerate(rules.data["muestra"]["piezas"]):
        result = If(k == i, int(p["envido"]), result)
    return result


def _last_digit(points: Val) -> Val:
    """URU-5, URU-6: "another pieza counting only its last digit" (27..30 -> 7, 8, 9, 0); AMB-58
    pieza-and-digits, the register's one reading."""
    return points % 10


def envido_points(
    rules: Rules,
    r1: Val,
    s1: Val,
    r2: Val,
    s2: Val,
    r3: Val,
    s3: Val,
    without_pair: str,
    muestra: Muestra = None,
    three_suit: str | None = None,
) -> Val:
    """Envido points of a three-card hand (dual-use on the ranks, suits and the muestra).

    ENV-2: "Para tener envido debemos poseer por lo menos dos cartas del mismo palo, esto nos sumar
    20 puntos adicionales"; ENV-4: "hay que sumar los valores de esas cartas del mismo palo". AMB-38
    `envido-three-suit` (`three_suit`, the ruleset's reading when not given): with three of a suit
    the two highest count (`two-highest`) or all three (`all-three`). AMB-21 `envido-without-pair`:
    no two cards of a suit give the highest card value (`highest-card`) or the sum of the three
    (`sum-of-cards`).
    URU-5: a hand with a pieza counts the pieza plus the highest value of its other cards, another
    pieza counting its last digit.
    """
    bonus = int(rules.data["envido"]["pair_bonus"])
    cards = ((r1, s1), (r2, s2), (r3, s3))
    v = [envido_value(rules, r) for r, _ in cards]
    pair = Max(
        If(s1 == s2, bonus + v[0] + v[1], -1),
        If(s1 == s3, bonus + v[0] + v[2], -1),
        If(s2 == s3, bonus + v[1] + v[2], -1),
    )
    three_suit = rules.readings["envido-three-suit"] if three_suit is None else three_suit
    if three_suit == "all-three":
        pair = If(And(s1 == s2, s2 == s3), bonus + v[0] + v[1] + v[2], pair)
    elif three_suit != "two-highest":
        raise ValueError(f"unknown envido-three-suit reading {three_suit!r}")
    if without_pair == "highest-card":
        no_pair = Max(*v)
    elif without_pair == "sum-of-cards":
        no_pair = v[0] + v[1] + v[2]
    else:
        raise ValueError(f"unknown envido-without-pair reading {without_pair!r}")
    plain = If(pair >= 0, pair, no_pair)
    if muestra is None or not rules.has("muestra"):
        return plain
    pp = [_pieza_points(rules, r, s, muestra) for r, s in cards]
    other = [If(pp[i] >= 0, _last_digit(pp[i]), v[i]) for i in range(3)]
    with_pieza = Max(
        *[If(pp[i] >= 0, pp[i] + Max(*[other[j] for j in range(3) if j != i]), -1) for i in range(3)]
    )
    return If(with_pieza >= 0, with_pieza, plain)


def has_flor(
    rules: Rules, r1: Val, s1: Val, r2: Val, s2: Val, r3: Val, s3: Val, muestra: Muestra = None
) -> Val:
    """FLR-1: "Cualquier jugador que posea 3 cartas del mismo palo puede cantar FLOR" (dual-use).
    URU-6: with the muestra, also a pieza with two cards of one suit, or two or more piezas."""
    same = And(s1 == s2, s2 == s3)
    if muestra is None or not rules.has("muestra"):
        return same
    p = [pieza_index(rules, r, s, muestra) >= 0 for r, s in ((r1, s1), (r2, s2), (r3, s3))]
    two_piezas = Or(And(p[0], p[1]), And(p[0], p[2]), And(p[1], p[2]))
    one_and_pair = Or(And(p[0], s2 == s3), And(p[1], s1 == s3), And(p[2], s1 == s2))
    return Or(same, two_piezas, one_and_pair)


def flor_points(
    rules: Rules, r1: Val, s1: Val, r2: Val, s2: Val, r3: Val, s3: Val, muestra: Muestra = None
) -> Val:
    """The points of a flor (dual-use): AMB-24 `side-bet-ties` (starter-side): "a flor counts 20
    plus the envido values of its three cards"; URU-6: with a pieza, the highest pieza plus the
    last digit of any other pieza plus the envido values of the other cards."""
    bonus = int(rules.data["envido"]["pair_bonus"])
    cards = ((r1, s1), (r2, s2), (r3, s3))
    v = [envido_value(rules, r) for r, _ in cards]
    plain = bonus + v[0] + v[1] + v[2]
    if muestra is None or not rules.has("muestra"):
        return plain
    pp = [_pieza_points(rules, r, s, muestra) for r, s in cards]
    other = [If(pp[i] >= 0, _last_digit(pp[i]), v[i]) for i in range(3)]
    with_pieza = Max(
        *[If(pp[i] >= 0, pp[i] + sum(other[j] for j in range(3) if j != i), -1) for i in range(3)]
    )
    return If(with_pieza >= 0, with_pieza, plain)


def falta(
    score0: Val,
    score1: Val,
    winner: Val,
    target: int,
    reading: str,
    halves: int | None = None,
    halves_reading: str | None = None,
) -> Val:
    """Points staked by falta envido / contraflor al resto (ENV-6, FLR-6, ARG-6; dual-use).

    ENV-6: "Se agregan los puntos que faltan para terminar la ronda". AMB-22 `leader-lacks`: counted
    from the higher score; `winner-lacks`: from the contest winner's score; `trailer-lacks`: from the
    lower score. AMB-30 `to-buenas` (ARG-6: "para que el bando que va por delante pase a las buenas
    (si están en las malas)"):
    where the partida has halves and that score is still in the malas, the points to the buenas.
    """
    if reading == "leader-lacks":
        counted = Max(score0, score1)
    elif reading == "winner-lacks":
        counted = If(winner == 0, score0, score1)
    elif reading == "trailer-lacks":  # "los puntos que le faltan al perdedor para llegar a los 30"
        counted = Min(score0, score1)
    else:
        raise ValueError(f"unknown falta-points reading {reading!r}")
    if halves is None or halves_reading in (None, "to-target"):
        return target - counted
    if halves_reading != "to-buenas":
        raise ValueError(f"unknown falta-halves reading {halves_reading!r}")
    return If(counted < halves, halves - counted, target - counted)


def contest_winner(points: Sequence[Val], starter: int) -> Val:
    """The side holding the highest points among all seats (seat i = side i % 2); equal points
    go to the starter's side (ENV-4 "el que tenga mayor puntuacin ser el ganador", AMB-24).
    Dual-use on points.
    """
    best = [Max(*points[k::2]) for k in (0, 1)]
    other = 1 - starter % 2
    return If(best[other] > best[starter % 2], other, starter % 2)


# --- the chain of envido calls: the file's `calls` graph --------------------------------------------


def calls_of(rules: Rules) -> Mapping[str, Mapping[str, Any]]:
    return rules.data["envido"]["calls"]


def is_chain(rules: Rules, chain: Sequence[str]) -> bool:
    """Whether a chain of calls follows the file's graph (ENV-5, ENV-6, ARG-5, AMB-20): any call
    opens it, each next call is one its predecessor lists as `then`, and no call appears more
    than its `times` (Gauderio, Argentine, Uruguayan: envido, envido, real-envido, falta-envido;
    AMB-56 envido-after-real also lets envido follow real-envido)."""
    calls = calls_of(rules)
    for i, call in enumerate(chain):
        if call not in calls:
            return False
        if i and call not in calls[chain[i - 1]]["then"]:
            return False
        if list(chain).count(call) > int(calls[call].get("times", 1)):
            return False
    return True


def next_calls(rules: Rules, chain: Sequence[str]) -> tuple[str, ...]:
    """The calls that may answer the chain so far (all the file's calls for an empty chain)."""
    calls = calls_of(rules)
    candidates = list(calls) if not chain else list(calls[chain[-1]]["then"])
    return tuple(c for c in candidates if is_chain(rules, [*chain, c]))


def _stakes(rules: Rules, chain: Sequence[str], falta_points: int) -> int:
    calls = calls_of(rules)
    fixed = sum(int(calls[c]["stake"]) for c in chain if calls[c]["stake"] != FALTA)
    if not any(calls[c]["stake"] == FALTA for c in chain):
        return fixed
    reading = rules.readings["envido-stakes"]
    if reading == "classic":
        return falta_points  # AMB-20 classic: the falta replaces what the chain staked
    if reading == "falta-added":
        return fixed + falta_points  # AMB-20 falta-added: ENV-6 "Se agregan los puntos que faltan"
    raise ValueError(f"unknown envido-stakes reading {reading!r}")


def envido_accepted_stake(rules: Rules, chain: Sequence[str], falta_points: int) -> int:
    """Stake of an accepted chain: the sum of its stakes; with a call of the chain that stakes the
    falta, the falta alone (AMB-20 `classic`) or added to the others (`falta-added`). ENV-5: "Real
    Envido (Se agregan 3 puntos)", ENV-6: "Falta Envido (Se agregan los puntos que faltan ...)"."""
    return _stakes(rules, chain, falta_points)


def envido_refused_payout(rules: Rules, chain: Sequence[str], falta_points: int = 0) -> int:
    """AMB-20 `classic`: "A refused call pays the sum of the accepted calls before it, or 1 if it
    was the first." AMB-54 `envido-refusal`: those calls (`earlier-calls`: "no querido 2 tantos"),
    or one point more (`earlier-calls-and-one`)."""
    if len(chain) <= 1:
        return 1
    more = 1 if rules.readings.get("envido-refusal") == "earlier-calls-and-one" else 0
    return _stakes(rules, chain[:-1], falta_points) + more


# --- flor stakes ----------------------------------------------------------------------------------


def flor_stake(rules: Rules) -> int:
    """FLR-2: "FLOR inicialmente vale 3 puntos"."""
    return int(rules.data["flor"]["stake"])


def flor_partner_raise(rules: Rules) -> int | None:
    """FLR-3: "ste puede aumentar el valor de la FLOR actual para 6 puntos" (pairs)."""
    raised = rules.data["flor"].get("partner_raise")
    return None if raised is None else int(raised)


def flor_achico_payout(rules: Rules, stake: int) -> int:
    """What the singer's side scores when every opponent holding flor says con flor me achico
    (FLR-8), AMB-51 `flor-achico`: the stake in force (`stake`: "el primero que cantó la flor se
    lleva tres puntos") or one point more (`stake-and-one`: "cobra 4 puntos")."""
    return stake + 1 if rules.readings.get("flor-achico") == "stake-and-one" else stake


def flor_accepted_stake(rules: Rules, accepts: int) -> int:
    """FLR-5: "QUIERO : el valor de la FLOR aumenta para 9, si ambos adversarios escogen QUIERO, ... 12."
    (the file's `accepted`, by the number of opponents who answered quiero)."""
    accepted = rules.data["flor"]["accepted"]
    return int(accepted[min(accepts, len(accepted)) - 1])


def contraflor_stake(stake: int) -> int:
    """FLR-6: "CONTRAFLOR: dobla la puntuacin actual de FLOR"."""
    return 2 * stake


def contraflor_called(rules: Rules, stake: int) -> int:
    """What a contraflor stakes when the flor's stake in force is `stake` (FLR-6). AMB-34
    `contraflor-stake`: twice that stake (`double-stake`: 3 -> 6, less than a quiero's 9), or twice
    what one quiero makes the flor (`double-quiero`: 9 -> 18), or 3 more than it (`three-more`,
    the published Argentine rule: "Al cantar contraflor se apuestan 3 tantos adicionales"; the 3
    are the flor's own stake, the file's `flor.stake`)."""
    reading = rules.readings["contraflor-stake"]
    if reading == "double-stake":
        return contraflor_stake(stake)
    if reading == "double-quiero":
        return contraflor_stake(flor_accepted_stake(rules, 1))
    if reading == "three-more":
        return stake + int(rules.data["flor"]["stake"])
    raise ValueError(f"unknown contraflor-stake reading {reading!r}")


def flor_refused_payout(stake_before: int, stake_called: int, reading: str) -> int:
    """FLR-8 "ganarn los puntos la pareja que 'cant' por ltima vez"; AMB-27 `flor-refusal`."""
    if reading == "stake-before-call":
        return stake_before
    if reading == "stake-called":
        return stake_called
    raise ValueError(f"unknown flor-refusal reading {reading!r}")
