"""Engine replays of the witness domains about hands, stakes and scores: hand resolution and length,
the ladder, the run payout, the hand of ten, the target, envido points and the falta.

Each function sets the witness's situation up by play (stacked deals, starting scores, a scripted
exchange of calls) and returns what the engine then does, in the witness's own terms. A situation
that no play of the ruleset reaches fails, with the reason: `truco diff` must not offer it.
"""

from __future__ import annotations

from typing import Any

import pytest

from truco_rules.engine import Game

SUITS = {"mineiro": "CHSD", "gauderio": "eboc"}
# Per round (1, 2, 3): a rank with no manilha and no single-card group, so equal in every suit
# (every seat playing it ties the round), and a higher rank that wins the round for its seat.
TIE_RANKS = {"mineiro": ("5", "6", "K"), "gauderio": ("4", "5", "6")}
WIN_RANKS = {"mineiro": ("3", "2", "A"), "gauderio": ("3", "2", "1")}


def _side_of(seat: int) -> int:
    return seat % 2


def _texts(g: Game) -> list[str]:
    return [a.text for a in g.legal_actions()]


def _raise_value(g: Game) -> int | None:
    """The call the seat to act may make now, or None."""
    values = [int(t.split()[1]) for t in _texts(g) if t.startswith("raise ")]
    return values[0] if values else None


def _hands_done(g: Game) -> int:
    return len(g.record()["hands"])


def unreachable_score(variant: str, scores: list[int]) -> None:
    """Fail on scores no game of the variant reaches."""
    if variant == "mineiro" and any(s % 2 for s in scores):
        pytest.fail(f"scores {scores}: every Mineiro award is even (2, 4, 6, 10, 12), so no Mineiro "
                    "game reaches an odd score")


# --- rounds ---------------------------------------------------------------------------------------

def rounds_deal(variant: str, n: int, rounds: list[Any]) -> list[list[str]]:
    """Slot k of every seat is its card for round k: all tie ranks for a tied (or unlisted) round;
    for a round won by side X, seat X holds the round's winning rank. Suits shift with seat and round,
    so no card is dealt twice and nobody holds three cards of one suit (no flor)."""
    s = SUITS[variant]
    deal: list[list[str]] = [[] for _ in range(n)]
    for k in range(3):
        result = rounds[k] if k < len(rounds) else "tie"
        for seat in range(n):
            rank = WIN_RANKS[variant][k] if result == seat else TIE_RANKS[variant][k]
            deal[seat].append(f"{rank}{s[(seat + k) % 4]}")
    return deal


def _quick_hand(g: Game) -> None:
    """Seat 0 calls truco and the answer is run: a hand over at once, the deal moves on."""
    hands = _hands_done(g)
    g.push(next(t for t in _texts(g) if t.startswith("raise ")))
    g.push("run")
    assert _hands_done(g) == hands + 1


def _play_rounds(g: Game, deal: list[list[str]], count: int, n: int) -> None:
    """Play the first `count` rounds of the stacked deal, each seat its round's card, until the hand ends."""
    hands = _hands_done(g)
    for k in range(count):
        for _ in range(n):
            if _hands_done(g) > hands:
                return
            g.push(f"play {deal[g.to_act][k]}")


def hand_resolution(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> str:
    """The rounds of the witness played out, under a dealer of the witness's side: the first hand is
    dealt by seat n-1 (side 1); a quick first hand moves the deal on to side 0."""
    rounds = sit["rounds"]
    deal = rounds_deal(variant, n, rounds)
    quick = sit["dealer_side"] == 0
    first = [[f"{r}{SUITS[variant][(seat + k) % 4]}" for k, r in enumerate(TIE_RANKS[variant])]
             for seat in range(n)]
    g = Game.new(rs, seed=1, readings=readings, deals=[first, deal] if quick else [deal])
    if quick:
        _quick_hand(g)
    assert g.observation(0)["dealer"] % 2 == sit["dealer_side"]
    before = _hands_done(g)
    _play_rounds(g, deal, len(rounds), n)
    if _hands_done(g) == before:
        return "another round"
    result = g.record()["hands"][before]["result"]
    assert result["rounds"][:len(rounds)] == rounds[:len(result["rounds"])], result
    return "nobody scores" if result["winner"] is None else f"side {result['winner']} wins"


def hand_length(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> str:
    rounds = sit["rounds"]
    deal = rounds_deal(variant, n, rounds)
    g = Game.new(rs, seed=1, readings=readings, deals=[deal])
    _play_rounds(g, deal, len(rounds), n)
    if _hands_done(g):
        assert g.record()["hands"][0]["result"]["rounds"] == rounds
        return "hand over"
    assert [r["result"] for r in g.observation(0)["rounds"]] == rounds
    return "another round is played"


# --- the ladder -----------------------------------------------------------------------------------

def _call_up_to(g: Game, value: int, what: str) -> int | None:
    """Raise from the hand's value, each answer raising again, until `value` is the call pending.
    Returns the seat that made that call (None when `value` is the hand's value: no call)."""
    start = g.observation(0)["hand_value"]
    if start == value:
        return None
    caller = None
    while True:
        v = _raise_value(g)
        if v is None or v > value:
            pytest.fail(f"{what} {value}: no call of this ladder reaches it (the hand starts at {start}, "
                        f"the ladder is {_ladder(g)})")
        caller = g.to_act
        g.push(f"raise {v}")
        if v == value:
            return caller


def _ladder(g: Game) -> list[int]:
    return list(g.config.ladder)


def ladder(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> dict[str, Any]:
    """The hand brought to the witness's value by accepted calls; then the next call a seat of the
    side that did not make the last call may make (BET-10 bars the caller's side)."""
    v = sit["hand_value"]
    g = Game.new(rs, seed=1, readings=readings)
    caller = _call_up_to(g, v, "hand value")
    if caller is not None:
        g.push("accept")
    assert g.observation(0)["hand_value"] == v
    while caller is not None and _side_of(g.to_act) == _side_of(caller):
        g.push(next(t for t in _texts(g) if t.startswith("play ")))
    return {"next_call": _raise_value(g)}


def run_payout(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> Any:
    """Calls raised up to the witness's call, which is refused: what the caller's side scores."""
    c = sit["refused_call"]
    g = Game.new(rs, seed=1, readings=readings)
    caller = _call_up_to(g, c, "refused call")
    if caller is None:
        pytest.fail(f"refused call {c}: it is the value a hand starts at, never a call")
    before = g.scores
    g.push("run")
    side = _side_of(caller)
    assert g.scores[1 - side] == before[1 - side] and _hands_done(g) == 1
    return {"caller_scores": g.scores[side] - before[side]}


# --- scores ---------------------------------------------------------------------------------------

def hand_of_ten(rs: str, readings: dict[str, str], variant: str, n: int,
                sit: dict[str, Any]) -> dict[str, Any]:
    """The first hand at the witness's scores: its value, whether the side at ten is offered the
    choice to decline, and what a call does."""
    scores = sit["scores"]
    unreachable_score(variant, scores)
    g = Game.new(rs, seed=1, readings=readings, scores=tuple(scores))
    starts_at = g.observation(0)["hand_value"]
    kind = g.observation(0)["hand_kind"]
    may_decline = "ten-decline" in _texts(g)
    if may_decline:
        g.push("ten-play")
    v = _raise_value(g)
    if v is None:
        call = "refused"
    else:
        caller = _side_of(g.to_act)
        g.push(f"raise {v}")
        if g.is_over() and g.outcome().forfeit == caller:
            call = "caller loses the match"
        elif _hands_done(g):
            result = g.record()["hands"][0]["result"]
            assert result["winner"] == 1 - caller, result
            call = "caller loses the hand"
        else:
            assert g.observation(0)["pending"]["kind"] == "truco"
            call = "allowed"
    # Which hand the engine deals at these scores, and the score of its hand of ten or iron hand.
    cfg = g.config
    at = {"ten": cfg.ten.score if cfg.ten else None, "iron": cfg.iron.score if cfg.iron else None}.get(kind)
    hand = {"normal": "ordinary", "ten": "hand of ten", "iron": "iron hand"}[kind]
    return {"starts_at": starts_at, "truco_call": call, "may_decline": may_decline, "hand": hand, "at": at}


def target(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> str:
    """A side brought to the witness's score by a refused call (the largest payout that starts it
    below the target): is the partida won?"""
    s = sit["score"]
    unreachable_score(variant, [s])
    steps = list(Game.new(rs, seed=1, readings=readings).config.ladder)
    for k in range(len(steps) - 1, 0, -1):
        pays, side = steps[k - 1], (k - 1) % 2  # seat 0 makes the first call; calls alternate sides
        start = [0, 0]
        start[side] = s - pays
        try:
            g = Game.new(rs, seed=1, readings=readings, scores=tuple(start))
        except ValueError:
            continue  # the start would already be at the target
        if g.observation(0)["hand_kind"] != "normal":
            continue  # a hand of ten or an iron hand: no ordinary call
        caller = _call_up_to(g, steps[k], "refused call")
        assert caller is not None and _side_of(caller) == side
        partida = g.observation(0)["partida"]
        g.push("run")
        if g.is_over() or g.observation(0)["partida"] != partida:
            assert g.record()["hands"][0]["result"]["score"][side] == s
            return "partida won"
        assert g.scores[side] == s
        return "play goes on"
    pytest.fail(f"score {s}: no single refused call takes a side there from below the target")


# --- envido ---------------------------------------------------------------------------------------

# Hands worth 0 envido points in either reading (three value-0 cards of three suits), and one worth
# 33 (7 and 6 of one suit).
ZERO_HANDS = (["10o", "11c", "12b"], ["10c", "11b", "12o"], ["10b", "11o", "12c"])
TOP_HAND = ["7e", "6e", "4b"]


def envido_points(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> int:
    """Seat 0 is dealt the witness's hand; the envido points the engine shows it."""
    hand = sit["hand"]
    pool = [f"{r}{s}" for r in ("10", "11", "12", "4", "5") for s in SUITS[variant] if f"{r}{s}" not in hand]
    deal = [hand] + [pool[3 * i:3 * i + 3] for i in range(n - 1)]
    g = Game.new(rs, seed=1, readings=readings, deals=[deal])
    return g.observation(0)["envido_points"]


def falta(rs: str, readings: dict[str, str], variant: str, n: int, sit: dict[str, Any]) -> int:
    """At the witness's scores seat 0 calls falta envido, seat 1 accepts, and seat `contest_winner`
    (the only one with envido points) wins it: what its side scores."""
    w, scores = sit["contest_winner"], sit["scores"]
    zeros = iter(ZERO_HANDS)
    deal = [TOP_HAND if seat == w else next(zeros) for seat in range(n)]
    g = Game.new(rs, seed=1, readings=readings, deals=[deal], scores=tuple(scores))
    g.push("falta-envido")
    g.push("accept")
    assert g.scores[1 - w] == scores[1 - w]
    return g.scores[w] - scores[w]
