"""Every divergence witness in proofs/witnesses.json, replayed through the reference engine: a stacked
deal and starting scores set up the witness's situation, a scripted action sequence plays it, and
the engine's result must be the witness's `a` (or `b`) side under that side's readings.

Each side is replayed on its own. A situation no play reaches fails, with the reason.
The domains about hands, stakes and scores are replayed by engine_replay_scripts.
"""

from __future__ import annotations

import json
from typing import Any

import engine_replay_scripts as scripts
import pytest

from truco_rules.engine import Game
from truco_rules.engine.errors import InvalidActionError
from truco_rules.proofs import register_witnesses as rw
from truco_rules.proofs.witnesses import WITNESS_FILE

DATA = json.loads(WITNESS_FILE.read_text(encoding="utf-8"))
VARIANT = {"mineiro-1v1-es": "mineiro", "mineiro-1v1-en": "mineiro", "mineiro-pairs-it": "mineiro",
           "gauderio-pairs-es": "gauderio"}
SEATS = {"mineiro-1v1-es": 2, "mineiro-1v1-en": 2, "mineiro-pairs-it": 4, "gauderio-pairs-es": 4}
# The replay scripts deal cards by the names of the four rulebooks' decks: the witnesses of those
# rulesets (the new rulesets' witnesses, and the register's newer domains, are replayed through the
# spec: test_witness_replay, test_register_witnesses).
REGISTER_DOMAINS = {d["name"] for d in rw.DOMAINS}
CASES = [(c[side], w, w[side], side)
         for c in DATA["comparisons"] for w in c["witnesses"] for side in ("a", "b")
         if c[side]["ruleset"] in VARIANT and w["domain"] not in REGISTER_DOMAINS]
SUITS = {"mineiro": "CHSD", "gauderio": "eboc"}
# Ranks with no manilha (Mineiro) and no single-card group (Gauderio): every suit is equal.
PLAIN = {"mineiro": ("5", "6", "Q", "J", "K"), "gauderio": ("4", "5", "6", "10", "11", "12")}


def _plain_deal(variant: str, n: int) -> list[list[str]]:
    """Seat i holds three plain cards of three ranks, suits shifted so that nobody holds flor;
    every round played card by card in slot order ties."""
    r, s = PLAIN[variant], SUITS[variant]
    return [[f"{r[k]}{s[(i + k) % 4]}" for k in range(3)] for i in range(n)]


def _play_slot(g: Game, k: int = 0, *, cover: bool = False) -> None:
    """The seat to act plays (or covers) the k-th card it still holds, in deal order."""
    kind = "cover" if cover else "play"
    options = [a for a in g.legal_actions() if a.kind == kind]
    g.push(options[k] if k < len(options) else options[0])


def _finish_hand(g: Game) -> dict[str, Any]:
    hands = len(g.record()["hands"])
    while len(g.record()["hands"]) == hands and not g.is_over():
        _play_slot(g)
    return g.record()["hands"][hands]


def _replay(side: dict[str, Any], w: dict[str, Any]) -> Any:
    rs, readings, sit = side["ruleset"], side["readings"], w["situation"]
    variant, n = VARIANT[rs], SEATS[rs]
    d = w["domain"]
    if d == "deck":
        deal = [[sit["card"], "5H", "6H"], ["5S", "6S", "KS"], ["5D", "6D", "KD"], ["5C", "6C", "KC"]][:n]
        try:
            Game.new(rs, seed=1, readings=readings, deals=[deal])
        except InvalidActionError:
            return "not in the deck"
        return "in the deck"
    if d == "covering":
        g = Game.new(rs, seed=1, readings=readings, deals=[_plain_deal(variant, n)])
        for _ in range((sit["round"] - 1) * n):  # the earlier rounds, all tied
            _play_slot(g)
        may = any(a.kind == "cover" for a in g.legal_actions())
        return "a card may be played covered" if may else "every card is played face up"
    if d == "covered-card":
        g = Game.new(rs, seed=1, readings=readings, deals=[_plain_deal(variant, n)])
        _play_slot(g, cover=True)
        if g.record()["hands"]:
            h = g.record()["hands"][0]["result"]
            return f"side {h['winner']} wins the hand" if not h["rounds"] else "the round continued"
        _play_slot(g, 2, cover=sit["next_seat"] == "covers")
        for _ in range(n - 2):
            _play_slot(g, cover=True)
        first = _finish_hand(g)["result"]["rounds"][0]
        return "the round is tied" if first == "tie" else f"the round goes to side {first}"
    if d in ("partner-tie", "round-leader", "vira-round"):
        cards = sit["cards_in_play_order"]
        # The vira-round's turned card is nobody's: these rulesets turn none up, it stays in the stock.
        rest = [c for c in _spare(variant) if c not in cards and c != sit.get("vira")]
        deal = [[cards[i], rest[2 * i], rest[2 * i + 1]] for i in range(n)]
        g = Game.new(rs, seed=1, readings=readings, deals=[deal])
        for i in range(n):
            g.push(f"play {cards[i]}")
        if d == "round-leader":
            return {"next_leader_seat": g.to_act}
        first = _finish_hand(g)["result"]["rounds"][0]
        return "round tied" if first == "tie" else f"side {first} wins the round"
    if d == "flor-refusal":
        return _flor_refusal(rs, readings, sit)
    if d == "side-bet-scoring":
        g = Game.new(rs, seed=1, readings=readings, deals=[_plain_deal(variant, n)],
                     scores=(sit["score"], 0))
        for text in ENVIDO_SCRIPTS[sit["contest_points"]]:
            g.push(text)
        if g.is_over():
            return "partida won when the contest is settled; the hand is not played out"
        h = _finish_hand(g)
        assert g.is_over() and h["result"]["winner"] is None and h["result"]["points"] == 0
        return "the hand is played out; the partida is won when it ends, without the hand's points"
    if d in SCRIPTED:
        return SCRIPTED[d](rs, readings, variant, n, sit)
    raise AssertionError(f"no engine replay for the {d} domain")


SCRIPTED = {"hand-resolution": scripts.hand_resolution, "hand-length": scripts.hand_length,
            "ladder": scripts.ladder, "run-payout": scripts.run_payout, "hand-of-ten": scripts.hand_of_ten,
            "target": scripts.target, "envido-points": scripts.envido_points, "falta": scripts.falta}


# Envido points won by side 0 (the starter's side wins equal points, AMB-24): AMB-20 classic.
ENVIDO_SCRIPTS = {1: ["envido", "run"], 2: ["envido", "accept"], 3: ["real-envido", "accept"],
                  4: ["envido", "envido", "accept"], 5: ["envido", "real-envido", "accept"],
                  7: ["envido", "envido", "real-envido", "accept"]}


def _spare(variant: str) -> list[str]:
    """Cards to fill the deal: the highest single cards of the deck, never in the witnesses' low rounds."""
    if variant == "mineiro":
        return ["3C", "3H", "3S", "3D", "2C", "2H", "2S", "2D"]
    return ["3e", "3b", "3o", "3c", "2e", "2b", "2o", "2c"]


def _flor_refusal(rs: str, readings: dict[str, str], sit: dict[str, Any]) -> Any:
    """Seat 0 sings flor; seat 2 (its partner) holds flor when the witness has it raised; seat 1
    answers contraflor; seat 0 runs, or answers al resto and seat 1 runs."""
    raised = sit["partner_raised"]
    deal = [["4e", "5e", "6e"], ["4b", "5b", "6b"],
            ["10o", "11o", "12o"] if raised else ["10o", "11c", "12o"], ["10c", "11b", "12c"]]
    g = Game.new(rs, seed=1, readings=readings, deals=[deal], scores=tuple(sit["scores"]))
    before = g.scores
    g.push("flor")
    if raised:
        g.push("flor-raise")
    g.push("contraflor")
    if sit["refused_call"] == "contraflor":
        g.push("run")
        side = 1
    else:
        g.push("contraflor-resto")
        g.push("run")
        side = 0
    after = g.scores
    assert after[1 - side] == before[1 - side]
    return {"last_singer_scores": after[side] - before[side]}


IDS = [f"{s['ruleset']}-{w['domain']}-{which}-{i}" for i, (s, w, _, which) in enumerate(CASES)]


@pytest.mark.parametrize("side,w,want,which", CASES, ids=IDS)
def test_witness_replays_through_the_engine(side: dict[str, Any], w: dict[str, Any], want: Any,
                                            which: str) -> None:
    ids = " ".join(f"[{c}]" for c in w["clauses"])
    got = _replay(side, w)
    assert got == want, f"{ids} {w['domain']} {w['situation']} on {side}: engine gives {got}, witness {want}"
