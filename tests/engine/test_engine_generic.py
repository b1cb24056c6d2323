"""Generic checks over many random matches of every ruleset (in the style of OpenSpiel's tests):
copies, JSON round trips, undo, legal-move consistency, refusals, scoring bounds, schema validity,
and what observations hide."""

from __future__ import annotations

import random

import jsonschema
import pytest
from engine_support import RULESET_NAMES, schema

from engine import Action, Game, IllegalActionError, InvalidActionError
from engine.actions import _BY_TEXT

ALL_ACTION_TEXTS = sorted(_BY_TEXT)
MALFORMED = ["", "play", "play 9Z", "raise", "raise x", "raise 04", "sign wink", "jump", "play #4",
             "cover 11x", "accept now", 42]

# A few non-default reading sets, so every switch is exercised by random play too.
VARIANTS = [
    ("mineiro-1v1-es", {}),
    ("mineiro-1v1-en", {"deck": "spanish-without-tens", "covered-card": "concedes-hand",
                        "cover-round": "not-first-round", "ten-choice": "may-decline"}),
    ("mineiro-1v1-es", {"ten-truco": "caller-loses-hand", "iron-hand": "ordinary-hand",
                        "iron-blind": "open", "hand-length": "always-three-rounds",
                        "split-then-tie": "last-winner-before-tie", "all-rounds-tied": "dealer-side-wins"}),
    ("mineiro-pairs-it", {}),
    ("mineiro-pairs-it", {"partner-tie": "tie", "ten-truco": "caller-loses-match", "iron-blind": "blind",
                          "round-leader": "winner-leads-tie-first-top", "hand-starter": "rotate-against-play",
                          "covering": "not-allowed"}),
    ("gauderio-pairs-es", {}),
    ("gauderio-pairs-es", {"gauderio-target": "30", "match-format": "best-of-three",
                           "envido-without-pair": "sum-of-cards", "falta-points": "winner-lacks",
                           "side-bet-scoring": "end-of-hand", "flor-optional": "mandatory",
                           "flor-refusal": "stake-called", "senas": "free", "covering": "allowed"}),
]

MINEIRO_HAND_POINTS = {0, 2, 4, 6, 10, 12}
GAUDERIO_HAND_POINTS = {0, 1, 2, 3, 4}


def _random_game(ruleset: str, readings: dict[str, str], seed: int, check, max_steps: int = 5000) -> Game:
    rng = random.Random(seed)
    game = Game.new(ruleset, seed=seed, readings=readings)
    for _ in range(max_steps):
        if game.to_act is None:
            return game
        check(game, rng)
        game.push(rng.choice(game.legal_actions()))
    raise AssertionError(f"[MAT-1] match {ruleset} seed {seed} did not end in {max_steps} actions")


def _state_checks(game: Game, rng: random.Random, deep: bool) -> None:
    legal = game.legal_actions()
    assert len(legal) > 0, "the seat to act always has a move"
    assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}"
    assert tuple(game.legal_actions()) == tuple(legal), "stable order"
    for action in legal:
        assert Action.parse(action.text) == action and eval(repr(action)) == action
    before = game.copy()
    assert before == game
    # Refusals leave the state unchanged.
    for text in [*rng.sample(ALL_ACTION_TEXTS, 6), rng.choice(MALFORMED)]:
        try:
            action = Action.parse(text)
        except InvalidActionError:
            continue
        if action in legal:
            continue
        with pytest.raises((IllegalActionError, InvalidActionError)) as err:
            game.push(action)
        if isinstance(err.value, IllegalActionError):
            assert str(err.value).startswith(f"[{err.value.clause}] ")
        assert game == before, f"state changed after refusing {text!r}"
    # Undo restores exactly, for one legal move.
    probe = rng.choice(legal)
    game.push(probe)
    after = game.copy()
    assert game.pop() == probe
    assert game == before, f"pop after {probe} did not restore the state"
    game.push(probe)
    assert game == after
    game.pop()
    if deep:
        assert Game.from_json(game.to_json()) == game, "JSON round trip"


VARIANT_IDS = [f"{r}-{i}" for i, (r, _) in enumerate(VARIANTS)]


@pytest.mark.parametrize(("ruleset", "readings"), VARIANTS, ids=VARIANT_IDS)
def test_random_matches_are_consistent(ruleset: str, readings: dict[str, str]) -> None:
    for seed in range(40):
        deep = seed < 6
        game = _random_game(ruleset, readings, seed, lambda g, rng, d=deep: _state_checks(g, rng, d))
        assert game.outcome() is not None
        assert game.legal_actions() == ()
        with pytest.raises(IllegalActionError):
            game.push("accept")


@pytest.mark.parametrize(("ruleset", "readings"), VARIANTS, ids=VARIANT_IDS)
def test_records_valid_and_scores_grow_by_allowed_amounts(ruleset: str, readings: dict[str, str]) -> None:
    validator = jsonschema.Draft202012Validator(schema())
    for seed in range(300):
        game = _random_game(ruleset, readings, 1000 + seed, lambda g, rng: None)
        rec = game.record()
        if seed < 40:
            errors = list(validator.iter_errors(rec))
            assert not errors, errors[0].message
        check_scores(rec, ruleset, readings)



def check_scores(rec: dict, ruleset: str, readings: dict[str, str]) -> None:
    """A finished record's arithmetic: hand points the rules allow, scores that add up hand by
    hand, partidas that end at the target, and a match winner who reached it (or a forfeit)."""
    gauderio = ruleset.startswith("gauderio")
    target = int(readings.get("gauderio-target", "24")) if gauderio else 12
    allowed = GAUDERIO_HAND_POINTS if gauderio else MINEIRO_HAND_POINTS
    assert rec["readings"] == readings
    prev, partida = [0, 0], 1
    for hand in rec["hands"]:
        res = hand["result"]
        if hand["partida"] != partida:
            assert max(prev) >= target, "[MAT-2] a partida ended before the target"
            prev, partida = [0, 0], hand["partida"]
        assert res["points"] in allowed, f"[BET-4] hand scored {res['points']}"
        if res["winner"] is None:
            assert res["points"] == 0, "[HND-9] nobody scores"
        expected = list(prev)
        for sp in res.get("side_points", []):
            assert sp["points"] in {1, 2, 3, 4, 5, 6, 7, 9, 12} or sp["points"] <= target, sp
            expected[sp["side"]] += sp["points"]
        if res["winner"] is not None and "forfeit" not in res:
            expected[res["winner"]] += res["points"]
        assert res["score"] == expected, f"[BET-4] score {prev} -> {res['score']} with {res}"
        prev = res["score"]
    result = rec["result"]
    assert result["score"] == prev, "[MAT-1] the match result repeats the last score"
    forfeit = rec["hands"][-1]["result"].get("forfeit")
    if forfeit is not None:
        assert result["winner"] == 1 - forfeit, "[TEN-4] the caller's side loses"
    elif not (ruleset == "mineiro-pairs-it" and max(prev) < 12):
        assert prev[result["winner"]] >= target, "[MAT-1] the winner reached the target"


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_observations_hide_what_they_must(ruleset: str) -> None:
    for seed in range(40):
        def check(game: Game, rng: random.Random) -> None:
            n = game.config.n
            deal = game._deal  # the truth, to compare the observations against
            names = game.config.deck.names
            for seat in range(n):
                obs = game.observation(seat)
                own = {c["card"] for c in obs["hand"]}
                if obs["blind"]:
                    assert own == {None}, "[IRN-2] a blind hand hides the holder's own cards"
                others = {names[c] for s in range(n) if s != seat for c in deal[s]}
                seen = own | {p["card"] for p in obs["table"]} | set(obs.get("partner_cards", []))
                seen |= {p["card"] for r in obs["rounds"] for p in r["plays"]}
                for card in others & seen:
                    holder = next(s for s in range(n) if names.index(card) in deal[s])
                    shown = [p for p in obs["table"] + [q for r in obs["rounds"] for q in r["plays"]]
                             if p["card"] == card]
                    assert (shown and not any(p["covered"] for p in shown)) or \
                        card in obs.get("partner_cards", []), f"seat {seat} sees {card} of seat {holder}"
                for sign in obs.get("signs", []):
                    assert sign["seat"] == (seat + 2) % n, "[SEN-1] only the partner sees a seña"
        _random_game(ruleset, {}, 5000 + seed, check)


def test_same_seed_same_deals() -> None:
    for ruleset in RULESET_NAMES:
        a = Game.new(ruleset, seed=7)
        b = Game.new(ruleset, seed=7)
        c = Game.new(ruleset, seed=8)
        assert a == b
        assert a._deal != c._deal
