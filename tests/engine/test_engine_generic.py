"""Generic checks over many random matches of every ruleset (in the style of OpenSpiel's tests):
copies, JSON round trips, undo, legal-move consistency, refusals, scoring bounds, schema validity,
and what observations hide."""

from __future__ import annotations

import random

import jsonschema
import pytest
from engine_support import ALL_RULESETS, RULESET_FILES, ruleset_data, schema

from truco_rules.engine import READINGS, Action, Game, IllegalActionError, InvalidActionError
from truco_rules.engine.actions import _BY_TEXT

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
# The rulesets and readings added with the ruleset files: fewer matches each (they are long, to 30),
# while every reading of every ruleset is also played alone below.
NEW_VARIANTS = [
    ("gauderio-pairs-es", {"envido-first": "envido-first", "flor-over-envido": "flor-replaces-envido",
                           "all-rounds-tied": "starter-side-wins"}),
    ("argentino-1v1", {}),
    ("argentino-1v1", {"flor-in-play": "with-flor", "falta-halves": "to-target", "flor-optional": "optional",
                       "envido-first": "truco-closes-envido", "flor-over-envido": "envido-stands",
                       "all-rounds-tied": "nobody-scores", "side-bet-scoring": "end-of-hand"}),
    ("uruguayo-1v1", {}),
    ("uruguayo-1v1", {"partida-points": "18", "flor-optional": "optional", "flor-refusal": "stake-called",
                      "falta-points": "winner-lacks", "envido-without-pair": "sum-of-cards"}),
]
VARIANTS += NEW_VARIANTS


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
    for seed in range(8 if (ruleset, readings) in NEW_VARIANTS else 40):
        deep = seed < 6
        game = _random_game(ruleset, readings, seed, lambda g, rng, d=deep: _state_checks(g, rng, d))
        assert game.outcome() is not None
        assert game.legal_actions() == ()
        with pytest.raises(IllegalActionError):
            game.push("accept")


@pytest.mark.parametrize(("ruleset", "readings"), VARIANTS, ids=VARIANT_IDS)
def test_records_valid_and_scores_grow_by_allowed_amounts(ruleset: str, readings: dict[str, str]) -> None:
    validator = jsonschema.Draft202012Validator(schema())
    for seed in range(60 if (ruleset, readings) in NEW_VARIANTS else 300):
        game = _random_game(ruleset, readings, 1000 + seed, lambda g, rng: None)
        rec = game.record()
        if seed < 40:
            errors = list(validator.iter_errors(rec))
            assert not errors, errors[0].message
        check_scores(rec, ruleset, readings)



def hand_points(data: dict, envido_point: bool = False) -> set[int]:
    """What a hand may score under a ruleset file: nothing, a value of the ladder, what a refusal
    pays, the hand of ten's value and what declining it pays (TEN-6: 2 where the file is silent);
    with `envido_point` (AMB-52 mazo-first-round), one more for a mazo in the first round."""
    truco = data["truco"]
    allowed = {0, truco["opening"]["value"]}
    allowed |= {c["value"] for c in truco["calls"]} | {c["refused"] for c in truco["calls"]}
    if data.get("hand_of_ten") is not None:  # a reading may remove it (AMB-70)
        allowed |= {data["hand_of_ten"]["value"], data["hand_of_ten"].get("decline_payout", 2)}
    if envido_point and "mazo" in data:
        allowed |= {v + 1 for v in allowed if v}
    return allowed


def _envido_point(ruleset: str, readings: dict[str, str]) -> bool:
    from truco_rules.spec.catalogue import load_catalogue

    chosen = load_catalogue().readings(ruleset, readings) if ruleset in load_catalogue().rulesets else {}
    return chosen.get("mazo-first-round") == "envido-point"


def _score_capped(ruleset: str, readings: dict[str, str]) -> bool:
    from truco_rules.spec.catalogue import load_catalogue

    chosen = load_catalogue().readings(ruleset, readings) if ruleset in load_catalogue().rulesets else {}
    return chosen.get("score-cap") == "capped"


def check_scores(rec: dict, ruleset: str, readings: dict[str, str]) -> None:
    """A finished record's arithmetic: hand points the rules allow, scores that add up hand by
    hand, partidas that end at the target, and a match winner who reached it (or a forfeit)."""
    data = ruleset_data(ruleset, readings)
    target = data["match"]["target"]
    allowed = hand_points(data, _envido_point(ruleset, readings))
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
            assert 0 < sp["points"] <= target, sp
            expected[sp["side"]] += sp["points"]
        if res["winner"] is not None and "forfeit" not in res:
            expected[res["winner"]] += res["points"]
        if _score_capped(ruleset, readings):  # AMB-59 capped: a score stops at the target
            expected = [min(x, target) for x in expected]
        assert res["score"] == expected, f"[BET-4] score {prev} -> {res['score']} with {res}"
        prev = res["score"]
    result = rec["result"]
    assert result["score"] == prev, "[MAT-1] the match result repeats the last score"
    forfeit = rec["hands"][-1]["result"].get("forfeit")
    if forfeit is not None:
        assert result["winner"] == 1 - forfeit, "[TEN-4] the caller's side loses"
    elif not ((data.get("iron_hand") or {}).get("decides_match") and max(prev) < target):  # IRN-4
        assert prev[result["winner"]] >= target, "[MAT-1] the winner reached the target"


# Every reading other than the default, of every ruleset, alone (the defaults are played above).
EVERY_READING = [(name, {key: reading}) for name in ALL_RULESETS
                 for key, entry in RULESET_FILES[name]["readings"].items() for reading in READINGS[key][1]
                 if reading != str(entry["default"])]


@pytest.mark.parametrize(("ruleset", "readings"), EVERY_READING,
                         ids=[f"{r}-{'-'.join(k)}-{'-'.join(v.values())}" for r, v in EVERY_READING
                              for k in [list(v)]])
def test_every_reading_of_every_ruleset_plays_consistently(ruleset: str, readings: dict[str, str]) -> None:
    """Each reading of each ruleset alone, over a random match: the same state checks (the JSON
    round trip on its first moves), a valid record and scores that add up."""
    game = _random_game(ruleset, readings, 70, lambda g, rng: _state_checks(g, rng, len(g.moves) < 30))
    rec = game.record()
    errors = list(jsonschema.Draft202012Validator(schema()).iter_errors(rec))
    assert not errors, errors[0].message
    check_scores(rec, ruleset, readings)


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
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
                    assert sign["seat"] != seat and sign["seat"] & 1 == seat & 1, \
                        "[SEN-1] only the partners see a seña"
                assert obs.get("muestra") == game.muestra(), "[URU-2] every seat sees the muestra"
                if "muestra" in obs:
                    held = {names[c] for d in deal for c in d}
                    assert obs["muestra"] not in held, "[URU-2] dealt to nobody"
        _random_game(ruleset, {}, 5000 + seed, check)


def test_same_seed_same_deals() -> None:
    for ruleset in ALL_RULESETS:
        a = Game.new(ruleset, seed=7)
        b = Game.new(ruleset, seed=7)
        c = Game.new(ruleset, seed=8)
        assert a == b
        assert a._deal != c._deal
