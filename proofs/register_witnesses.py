"""Witness builders for the register entries raised by the second reading of the rulebooks:
AMB-20 `envido-stakes` (falta-added), AMB-34 `contraflor-stake`, AMB-35 `iron-cards`, AMB-36
`ciego`, AMB-37 `ten-call`, AMB-38 `envido-three-suit`, AMB-41 `card-pairs` and AMB-42
`flor-before-truco`.

Each builder takes the two setups and returns, like the builders of `truco_rules.proofs.divergence`, the
variables, the constraints that keep a situation reachable in both games, a Z3 term per setup and
a size (smaller witnesses first). The terms are small models written from the register's readings
and the ruleset files' data (never from the spec's rule functions). `DOMAINS` lists them with their
clauses, keys and how a witness is shown; `truco_rules.proofs.divergence` adds them to its own.
AMB-39 `sena-timing` and AMB-40 `flor-answers` are play procedure, not finite rules: no witness.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import z3

from truco_rules.proofs.setup import Setup
from truco_rules.spec.catalogue import load_catalogue

Built = tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef, z3.ArithRef]
TIE = 2


def _data(s: Setup) -> Mapping[str, Any]:
    """The setup's ruleset file with its readings applied (what each reading `sets`)."""
    return load_catalogue().ruleset(s.ruleset).file.resolved(dict(s.readings))


def _has(s: Setup, section: str) -> bool:
    return _data(s).get(section) is not None


# --- AMB-37 ten-call --------------------------------------------------------------------------------

TEN_CALL_RESULTS = {0: "refused: out of the ladder's order", 1: "refused: no truco in this hand",
                    2: "asking for truco: AMB-9 ten-truco applies", 3: "an ordinary call: the hand rises"}


def _ten_call_code(s: Setup, call: z3.ArithRef) -> z3.ArithRef:
    """What a call of `call` does in the hand of ten (worth the file's value), by AMB-37 and AMB-9."""
    d = _data(s)
    values = [int(c["value"]) for c in d["truco"]["calls"]]
    truco, ten = values[0], int(d["hand_of_ten"]["value"])
    nxt = next(v for v in values if v > ten)
    refused = s.reading("ten-truco") == "refused"
    reading = s.reading("ten-call")
    if reading == "truco-only":  # only truco by its name asks for truco; the next step is a call
        return z3.If(call == truco, 1 if refused else 2, z3.If(call == nxt, 3, 0))
    if refused:  # every call there asks for truco, and it is refused (TEN-3)
        return z3.IntVal(1)
    asks = call == nxt if reading == "next-step" else z3.Or(call == nxt, call == truco)
    return z3.If(asks, 2, 0)


def _ten_call_values(s: Setup) -> tuple[int, int]:
    d = _data(s)
    values = [int(c["value"]) for c in d["truco"]["calls"]]
    ten = int(d["hand_of_ten"]["value"])
    return values[0], next(v for v in values if v > ten)


def ten_call(a: Setup, b: Setup) -> Built:
    """A call made on one's turn in the hand of ten: truco by its name, or the next step."""
    call = z3.Int("call")
    values = sorted(set(_ten_call_values(a)) & set(_ten_call_values(b)))
    dom = [z3.Or(*[call == v for v in values])]
    return [call], dom, _ten_call_code(a, call), _ten_call_code(b, call), call


def _ten_call_applies(a: Setup, b: Setup) -> bool:
    return all(_has(s, "hand_of_ten") for s in (a, b)) and a.reading("ten-truco") == b.reading("ten-truco")


# --- AMB-35 iron-cards ---------------------------------------------------------------------------------

def _iron_round(s: Setup, x0: z3.ArithRef, x1: z3.ArithRef) -> z3.ArithRef:
    """A round of the blind iron hand, one against one: seat 0 (side 0) leads with a card of strength
    group x0, seat 1 answers with one of group x1 (0 = the strongest group)."""
    if s.reading("iron-cards") == "covered":
        return z3.IntVal(TIE)  # COV-1: two covered cards, both worth nothing
    return z3.If(x0 < x1, 0, z3.If(x0 > x1, 1, TIE))


def iron_cards(a: Setup, b: Setup) -> Built:
    x0, x1 = z3.Ints("group_led group_answered")
    groups = _data(a)["strength"]["groups"]
    dom = [x0 >= 0, x1 >= 0, x0 < len(groups), x1 < len(groups)]
    dom.append(z3.Implies(x0 == x1, z3.Or(*[x0 == i for i, g in enumerate(groups) if len(g) > 1])))
    return [x0, x1], dom, _iron_round(a, x0, x1), _iron_round(b, x0, x1), x0 + x1


def _iron_cards_applies(a: Setup, b: Setup) -> bool:
    return (all(_has(s, "iron_hand") and s.reading("iron-blind") == "blind" for s in (a, b))
            and a.players == b.players == 2 and a.ruleset == b.ruleset)


def _iron_shown(a: Setup, cx: dict[str, Any]) -> dict[str, Any]:
    groups = _data(a)["strength"]["groups"]
    led, answered = groups[cx["group_led"]], groups[cx["group_answered"]]
    second = answered[1] if cx["group_led"] == cx["group_answered"] else answered[0]
    return {"blind_iron_hand": True, "cards_in_play_order": [led[0], second], "leader_seat": 0}


def _round_name(v: int) -> str:
    return "round tied" if v == TIE else f"side {v} wins the round"


# --- AMB-34 contraflor-stake ---------------------------------------------------------------------------

def _contraflor(s: Setup, raised: z3.ArithRef) -> z3.ArithRef:
    flor = _data(s)["flor"]
    stake = z3.If(raised == 1, int(flor.get("partner_raise") or flor["stake"]), int(flor["stake"]))
    if s.reading("contraflor-stake") == "double-quiero":
        return z3.IntVal(2 * int(flor["accepted"][0]))
    if s.reading("contraflor-stake") == "three-more":
        return stake + int(flor["stake"])
    return 2 * stake


def contraflor_stake(a: Setup, b: Setup) -> Built:
    """An opponent sings contraflor against a flor (raised by the singer's partner or not)."""
    raised = z3.Int("partner_raised")
    both_raise = all(_data(s)["flor"].get("partner_raise") is not None for s in (a, b))
    dom = [z3.Or(raised == 0, raised == 1) if both_raise else raised == 0]
    return [raised], dom, _contraflor(a, raised), _contraflor(b, raised), raised


def _flor_applies(a: Setup, b: Setup) -> bool:
    return _has(a, "flor") and _has(b, "flor")


# --- AMB-38 envido-three-suit --------------------------------------------------------------------------

def _envido_value(s: Setup, rank: z3.ArithRef) -> z3.ArithRef:
    values = _data(s)["envido"]["values"]
    out: z3.ArithRef = z3.IntVal(0)
    for name, v in values.items():
        out = z3.If(rank == int(name), int(v), out)
    return out


def _three_suit_points(s: Setup, ranks: list[z3.ArithRef]) -> z3.ArithRef:
    d = _data(s)
    v = [_envido_value(s, r) for r in ranks]
    total = int(d["envido"]["pair_bonus"]) + v[0] + v[1] + v[2]
    if s.reading("envido-three-suit") == "all-three":
        return total
    low = z3.If(z3.And(v[0] <= v[1], v[0] <= v[2]), v[0], z3.If(v[1] <= v[2], v[1], v[2]))
    return total - low


def envido_three_suit(a: Setup, b: Setup) -> Built:
    """A hand of three cards of one suit (espadas), no muestra: its envido points."""
    ranks = list(z3.Ints("rank1 rank2 rank3"))
    names = sorted(set(_data(a)["envido"]["values"]) & set(_data(b)["envido"]["values"]), key=int)
    dom = [z3.Or(*[r == int(n) for n in names]) for r in ranks] + [ranks[0] < ranks[1], ranks[1] < ranks[2]]
    return ranks, dom, _three_suit_points(a, ranks), _three_suit_points(b, ranks), sum(ranks, z3.IntVal(0))


def _envido_applies(a: Setup, b: Setup) -> bool:
    return _has(a, "envido") and _has(b, "envido")


# --- AMB-20 envido-stakes: falta-added -------------------------------------------------------------------

# The accepted chains that end in falta envido, by what the calls before it stake (AMB-20, ENV-5).
FALTA_CHAINS = {0: ["falta-envido"], 2: ["envido", "falta-envido"], 3: ["real-envido", "falta-envido"],
                4: ["envido", "envido", "falta-envido"], 5: ["envido", "real-envido", "falta-envido"],
                7: ["envido", "envido", "real-envido", "falta-envido"]}


def _falta_stake(s: Setup, before: z3.ArithRef, falta: z3.ArithRef) -> z3.ArithRef:
    return before + falta if s.reading("envido-stakes") == "falta-added" else falta


def falta_added(a: Setup, b: Setup) -> Built:
    """An accepted chain ending in falta envido, with `before` staked by the calls before it and a
    falta of `falta` points."""
    before, falta = z3.Ints("staked_before falta")
    top = min(int(_data(s)["match"]["target"]) for s in (a, b))
    dom = [z3.Or(*[before == k for k in FALTA_CHAINS]), falta >= 1, falta <= top]
    ta, tb = _falta_stake(a, before, falta), _falta_stake(b, before, falta)
    return [before, falta], dom, ta, tb, before + falta


# --- AMB-36 ciego ------------------------------------------------------------------------------------------

def _ciego(s: Setup, strongest: z3.ArithRef) -> z3.ArithRef:
    """Whether a hand whose strongest card is in group `strongest` may sign ciego (AMB-28 truthful)."""
    d = _data(s)
    if s.reading("senas") == "free":
        return z3.IntVal(1)
    below = str(d["senas"]["ciego"]["below"])
    line = min(i for i, g in enumerate(d["strength"]["groups"]) if any(c[:-1] == below for c in g))
    return z3.If(strongest > line, 1, 0)


def ciego(a: Setup, b: Setup) -> Built:
    g = z3.Int("strongest_group")
    count = len(_data(a)["strength"]["groups"])
    return [g], [g >= 0, g < count], _ciego(a, g), _ciego(b, g), count - g


def _ciego_applies(a: Setup, b: Setup) -> bool:
    return all(_has(s, "senas") and "ciego" in _data(s)["senas"] for s in (a, b)) and a.ruleset == b.ruleset


# --- AMB-41 card-pairs --------------------------------------------------------------------------------------

# The entries of 003's order that join two cards with 'y', in the order written.
CARD_PAIRS = (("1c", "1o"), ("7b", "7c"))


def _pair_round(s: Setup, pair: z3.ArithRef) -> z3.ArithRef:
    """Seat 0 (side 0) plays the first card of the pair, seat 1 the second (any partners lower)."""
    groups = _data(s)["strength"]["groups"]

    def group(card: str) -> int:
        return next(i for i, g in enumerate(groups) if card in g)

    codes = [0 if group(a) < group(b) else 1 if group(a) > group(b) else TIE for a, b in CARD_PAIRS]
    return z3.If(pair == 0, codes[0], codes[1])


def card_pairs(a: Setup, b: Setup) -> Built:
    pair = z3.Int("pair")
    return [pair], [z3.Or(pair == 0, pair == 1)], _pair_round(a, pair), _pair_round(b, pair), pair


def _card_pairs_applies(a: Setup, b: Setup) -> bool:
    return a.reading("card-pairs") is not None and b.reading("card-pairs") is not None


# --- AMB-42 flor-before-truco ---------------------------------------------------------------------------

# What a seat holding flor, not yet sung, does while it may still sing it: on its turn to play (the
# window of AMB-23) or asked for truco before its first card (the envido that goes first, AMB-29).
FLOR_TRUCO_MOVES = ("calls truco on its turn to play", "accepts a truco call", "raises a truco call",
                    "runs from a truco call")
FLOR_TRUCO_RESULTS = ("refused: the flor is sung first", "the seat may do it")


def _flor_truco(s: Setup, move: z3.ArithRef) -> z3.ArithRef:
    """1 where the move is allowed, 0 where the flor must be sung first (AMB-42 flor-first, which
    binds only a mandatory flor, AMB-26; an answer only where the flor may still be sung then)."""
    first = s.reading("flor-before-truco") == "flor-first" and s.reading("flor-optional") == "mandatory"
    answering = first and s.reading("envido-first") == "envido-first"
    return z3.If(move == 0, 0 if first else 1, z3.If(z3.Or(move == 1, move == 2), 0 if answering else 1, 1))


def _flor_truco_reason(a: Setup, b: Setup, cx: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The clauses of the rulesets compared: each one's flor clause, and its truco call or answer."""
    role = "call" if cx["move"] == 0 else "answer"
    out: list[str] = []
    for s in (a, b):
        d = _data(s)
        for c in ((d["flor"].get("clauses") or {}).get("sing", "FLR-1"),
                  (d["truco"].get("clauses") or {}).get(role, "BET-1" if role == "call" else "BET-2")):
            if c not in out:
                out.append(str(c))
    return tuple(out), ()


def flor_truco(a: Setup, b: Setup) -> Built:
    move = z3.Int("move")
    return [move], [move >= 0, move < len(FLOR_TRUCO_MOVES)], _flor_truco(a, move), _flor_truco(b, move), move


# --- the domains --------------------------------------------------------------------------------------------

DOMAINS: tuple[dict[str, Any], ...] = (
    {"name": "ten-call", "clauses": ("TEN-2", "TEN-3", "TEN-4", "BET-6", "BET-7"), "keys": ("ten-call",),
     "applies": _ten_call_applies, "build": ten_call,
     "show": lambda cx: {"hand": "hand of ten", "call": cx["call"]}, "result": lambda v: TEN_CALL_RESULTS[v]},
    {"name": "iron-cards", "clauses": ("IRN-2", "COV-1"), "keys": ("iron-cards",),
     "applies": _iron_cards_applies, "build": iron_cards, "show": lambda cx: {},
     "result": _round_name, "show_in": _iron_shown},
    {"name": "contraflor-stake", "clauses": ("FLR-3", "FLR-5", "FLR-6"), "keys": ("contraflor-stake",),
     "applies": _flor_applies, "build": contraflor_stake,
     "show": lambda cx: {"partner_raised": bool(cx["partner_raised"])},
     "result": lambda v: {"contraflor_stakes": v}},
    {"name": "envido-three-suit", "clauses": ("ENV-2", "ENV-4"), "keys": ("envido-three-suit",),
     "applies": _envido_applies, "build": envido_three_suit,
     "show": lambda cx: {"hand": [f"{cx[f'rank{i}']}e" for i in (1, 2, 3)]}, "result": lambda p: p},
    {"name": "falta-added", "clauses": ("ENV-5", "ENV-6"), "keys": ("envido-stakes",),
     "applies": _envido_applies, "build": falta_added,
     "show": lambda cx: {"accepted_chain": FALTA_CHAINS[cx["staked_before"]], "falta": cx["falta"]},
     "result": lambda p: {"stake": p}},
    {"name": "card-pairs", "clauses": ("CARD-5",), "keys": ("card-pairs",),
     "applies": _card_pairs_applies, "build": card_pairs,
     "show": lambda cx: {"cards_in_play_order": list(CARD_PAIRS[cx["pair"]]), "leader_seat": 0},
     "result": _round_name},
    {"name": "flor-before-truco", "clauses": ("FLR-1", "BET-1", "BET-2"), "keys": ("flor-before-truco",),
     "applies": _flor_applies, "build": flor_truco, "reason": _flor_truco_reason,
     "show": lambda cx: {"move": FLOR_TRUCO_MOVES[cx["move"]]}, "result": lambda v: FLOR_TRUCO_RESULTS[v]},
    {"name": "ciego", "clauses": ("SEN-1",), "keys": ("ciego", "senas"),
     "applies": _ciego_applies, "build": ciego, "show": lambda cx: {},
     "result": lambda v: "ciego may be signed" if v else "ciego may not be signed",
     "show_in": lambda a, cx: {"strongest_card": _data(a)["strength"]["groups"][cx["strongest_group"]][0]}},
)
