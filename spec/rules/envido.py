"""Envido and flor points, the falta, and the stakes of envido (ENV-2..7, FLR-2..8, AMB-20..24, AMB-27).

Finite encoding: a Gauderio card is (rank, suit) with rank its face value (1..7, 10..12) and suit
0..3. `envido_points` and `flor_points` are dual-use on the six ints of a three-card hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from spec.rules.symbolic import And, If, Max, Val

ENVIDO, REAL_ENVIDO, FALTA_ENVIDO = "envido", "real-envido", "falta-envido"
# Procedure: "A chain may only go forward in the order envido, envido, real-envido, falta-envido".
ENVIDO_CHAIN_ORDER: tuple[str, ...] = (ENVIDO, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


def envido_value(rank: Val) -> Val:
    """ENV-7: "Del 1 al 7: el valor que indican. Del 10 al 12: 0 puntos." """
    return If(rank <= 7, rank, 0)


def envido_points(r1: Val, s1: Val, r2: Val, s2: Val, r3: Val, s3: Val, without_pair: str) -> Val:
    """Envido points of a three-card hand, 0..33 (dual-use on the ranks and suits).

    ENV-2: "Para tener envido debemos poseer por lo menos dos cartas del mismo palo, esto nos sumar
    20 puntos adicionales"; ENV-4: "hay que sumar los valores de esas cartas del mismo palo" - with
    three of a suit, the two highest count. AMB-21 `envido-without-pair`: no two cards of a suit
    give the highest card value (`highest-card`) or the sum of the three (`sum-of-cards`).
    """
    v1, v2, v3 = envido_value(r1), envido_value(r2), envido_value(r3)
    pair = Max(If(s1 == s2, 20 + v1 + v2, -1),
               If(s1 == s3, 20 + v1 + v3, -1),
               If(s2 == s3, 20 + v2 + v3, -1))
    if without_pair == "highest-card":
        no_pair = Max(v1, v2, v3)
    elif without_pair == "sum-of-cards":
        no_pair = v1 + v2 + v3
    else:
        raise ValueError(f"unknown envido-without-pair reading {without_pair!r}")
    return If(pair >= 0, pair, no_pair)


def has_flor(s1: Val, s2: Val, s3: Val) -> Val:
    """FLR-1: "Cualquier jugador que posea 3 cartas del mismo palo puede cantar FLOR" (dual-use)."""
    return And(s1 == s2, s2 == s3)


def flor_points(r1: Val, r2: Val, r3: Val) -> Val:
    """AMB-24 `side-bet-ties` (starter-side): "a flor counts 20 plus the envido values of its three cards"."""
    return 20 + envido_value(r1) + envido_value(r2) + envido_value(r3)


def falta(score0: Val, score1: Val, winner: Val, target: int, reading: str) -> Val:
    """Points staked by falta envido / contraflor al resto (ENV-6, FLR-6, AMB-22; dual-use).

    ENV-6: "Se agregan los puntos que faltan para terminar la ronda". `leader-lacks`: the target
    minus the higher score; `winner-lacks`: the target minus the contest winner's score.
    """
    if reading == "leader-lacks":
        return target - Max(score0, score1)
    if reading == "winner-lacks":
        return target - If(winner == 0, score0, score1)
    raise ValueError(f"unknown falta-points reading {reading!r}")


def contest_winner(points: Sequence[Val], starter: int) -> Val:
    """The side holding the highest points among all seats (seat i = side i % 2); equal points
    go to the starter's side (ENV-4 "el que tenga mayor puntuacin ser el ganador", AMB-24).
    Dual-use on points.
    """
    best = [Max(*points[k::2]) for k in (0, 1)]
    other = 1 - starter % 2
    return If(best[other] > best[starter % 2], other, starter % 2)


def is_forward_chain(chain: Sequence[str]) -> bool:
    """Whether the calls follow the order envido, envido, real-envido, falta-envido (ENV-5, ENV-6, AMB-20)."""
    pos = 0
    for call in chain:
        while pos < len(ENVIDO_CHAIN_ORDER) and ENVIDO_CHAIN_ORDER[pos] != call:
            pos += 1
        if pos == len(ENVIDO_CHAIN_ORDER):
            return False
        pos += 1
    return True


def envido_sum(chain: Sequence[str]) -> int:
    """AMB-20 `classic`: "Envido stakes 2 ..., real envido adds 3" (ENV-5: "Se agregan 3 puntos")."""
    return sum(2 if c == ENVIDO else 3 for c in chain if c != FALTA_ENVIDO)


def envido_accepted_stake(chain: Sequence[str], falta_points: int) -> int:
    """Stake of an accepted chain: its sum, or the falta when falta-envido is in it (AMB-20, ENV-6)."""
    return falta_points if FALTA_ENVIDO in chain else envido_sum(chain)


def envido_refused_payout(chain: Sequence[str]) -> int:
    """AMB-20 `classic`: "A refused call pays the sum of the accepted calls before it, or 1 if it
    was the first." """
    return envido_sum(chain[:-1]) if len(chain) > 1 else 1


# Flor stakes (FLR-2, FLR-3, FLR-5)
FLOR_STAKE = 3  # FLR-2: "FLOR inicialmente vale 3 puntos"
FLOR_RAISED = 6  # FLR-3: "ste puede aumentar el valor de la FLOR actual para 6 puntos"


def flor_accepted_stake(accepts: int) -> int:
    """FLR-5: "QUIERO : el valor de la FLOR aumenta para 9, si ambos adversarios escogen QUIERO, ... 12." """
    return 12 if accepts >= 2 else 9


def contraflor_stake(stake: int) -> int:
    """FLR-6: "CONTRAFLOR: dobla la puntuacin actual de FLOR"."""
    return 2 * stake


def flor_refused_payout(stake_before: int, stake_called: int, reading: str) -> int:
    """FLR-8 "ganarn los puntos la pareja que 'cant' por ltima vez"; AMB-27 `flor-refusal`."""
    if reading == "stake-before-call":
        return stake_before
    if reading == "stake-called":
        return stake_called
    raise ValueError(f"unknown flor-refusal reading {reading!r}")
