"""The Game API's guarantees: every error for bad input is a documented TrucoError with a clear
message, one whitespace rule for every action, equality of an explicit state, undo that restores
exactly (even when a handler fails), and copies that share nothing mutable."""

from __future__ import annotations

import json
import random

import pytest
from engine_support import ALL_RULESETS, deal, new, play

from truco_rules import engine
from truco_rules.engine import (
    Action,
    ArgumentTypeError,
    Game,
    GameArgumentError,
    GameDocumentError,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
    RulesetFileError,
    TrucoError,
    UnknownReadingError,
    UnknownRulesetError,
)

ES, GA, UY = "mineiro-1v1-es", "gauderio-pairs-es", "uruguayo-1v1"
ES_DEAL = deal("3C 7H 6S", "4D 5D 6D")


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: Game.new(ES, readings=[("deck", "forty-cards")]), ArgumentTypeError,
     "readings is a mapping of register key to reading, not list"),
    (lambda: Game.new(ES, seed="7"), ArgumentTypeError, "seed must be an int or None"),
    (lambda: Game.new(ES, seed=True), ArgumentTypeError, "seed must be an int or None"),
    (lambda: Game.new(ES, deals="3C 7H 6S"), ArgumentTypeError,
     "deals is a list of hands, each a list of three card names per seat"),
    (lambda: Game.new(ES, deals=[["3C 7H 6S", "4D 5D 6D"]]), GameArgumentError,
     "a deal gives three cards to each of 2 seats"),
    (lambda: Game.new(ES, deals=deal("3C 7H 6S", "3C 5D 6D")), GameArgumentError, "a card is dealt twice"),
    (lambda: Game.new(ES, deals=deal("3C 7H 6S", "1e 5D 6D")), InvalidActionError,
     "there is no card '1e' in the mineiro-1v1-es deck"),
    (lambda: Game.new(ES, deals=[[["3C", "7H", 6], ["4D", "5D", "6D"]]]), InvalidActionError,
     "there is no card 6 in the mineiro-1v1-es deck"),
    (lambda: Game.new(ES, scores=(3,)), GameArgumentError,
     "starting scores are two whole numbers, side 0's then side 1's"),
    (lambda: Game.new(ES, scores=("3", 0)), GameArgumentError,
     "starting scores are two whole numbers, side 0's then side 1's"),
    (lambda: Game.new(ES, scores=(12, 0)), GameArgumentError, "starting scores must be 0..11"),
    (lambda: Game.new("nope"), UnknownRulesetError, "unknown ruleset 'nope'; valid choices: "
     + ", ".join(engine.RULESETS)),
    (lambda: Game.new(ES, readings={"deck": "jokers"}), UnknownReadingError,
     "unknown reading for deck 'jokers'; valid choices: forty-cards, spanish-without-tens"),
    (lambda: Game.from_json("[]"), GameDocumentError, "not a truco-engine-game/1 document"),
    (lambda: Game.from_json("{"), GameDocumentError, "not JSON: "),
    (lambda: Game.from_json({"format": "truco-engine-game/1", "ruleset": ES, "moves": []}), GameDocumentError,
     "truco-engine-game/1: field 'deal_seed' is missing or of the wrong type"),
    (lambda: Game.from_json({"format": "truco-engine-game/1", "ruleset": ES, "deal_seed": 1, "moves": "x"}),
     GameDocumentError, "truco-engine-game/1: field 'moves' is missing or of the wrong type"),
    (lambda: Game.from_json({"format": "truco-engine-game/1", "ruleset": ES, "deal_seed": 1,
                             "moves": ["accept"]}), GameDocumentError,
     "truco-engine-game/1: moves[0] 'accept' cannot be replayed: [BET-2] there is no call to answer"),
    (lambda: Game.new(ES, seed=0).observation(2), GameArgumentError, "seat must be 0..1"),
    (lambda: Game.new(ES, seed=0).observation("0"), ArgumentTypeError, "seat must be an int, not str"),
    (lambda: Game.new(ES, seed=0).pop(), NothingToUndoError, "pop from a game with no moves"),
    (lambda: engine.load_ruleset_file("no/such/ruleset.yaml"), RulesetFileError,
     "no/such/ruleset.yaml: (top level): cannot read the file"),
])
def test_bad_input_raises_a_documented_truco_error(call, error: type[TrucoError], message: str) -> None:
    with pytest.raises(error) as err:
        call()
    assert isinstance(err.value, TrucoError), type(err.value)
    assert str(err.value).startswith(message), str(err.value)
    assert error.__doc__, "every error class is documented"


def test_errors_keep_the_builtin_class_a_caller_expects() -> None:
    with pytest.raises(TypeError):
        Game.new(ES, seed="7")
    with pytest.raises(ValueError):
        Game.new(ES, scores=(99, 0))
    with pytest.raises(IndexError):
        Game.new(ES, seed=0).pop()
    for name in engine.__all__:
        obj = getattr(engine, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, TrucoError) and obj.__doc__, name


SPACING = ["play  3C", " play 3C", "play 3C ", "play\t3C", "raise  4", "raise 4 ", "raise\u00a04", " accept",
           "accept\n", "sign  ciego", "sign\tciego", "ten-play ", "play  #1", "cover\n3C", "raise 4\r"]


@pytest.mark.parametrize("text", SPACING)
def test_one_whitespace_rule_for_every_verb(text: str) -> None:
    game = new(ES, ES_DEAL)
    before = game.copy()
    with pytest.raises(InvalidActionError, match="malformed action"):
        game.push(text)
    assert game == before, "the state is unchanged"
    assert not game.is_legal(text)
    canonical = " ".join(text.split())
    assert Action.parse(canonical).text == canonical, "the canonical text is an action"


def test_equality_compares_the_state_not_the_instance_dictionary() -> None:
    a = play(new(ES, ES_DEAL), "raise 4", "accept")
    b = play(new(ES, ES_DEAL), "raise 4", "accept")
    assert a == b
    a.legal_actions()  # fills a cache on one of them only
    a._scratch = "a cache added later"
    a.hand.scratch = 1
    assert a == b, "a cache is no part of the state"
    b.push("play 4D") if b.is_legal("play 4D") else b.push("play 3C")
    assert a != b
    b.pop()
    assert a == b
    c = play(new(ES, ES_DEAL, scores=(0, 2)), "raise 4", "accept")
    assert a != c, "another starting score"
    assert a.hand == b.hand and a.hand is not b.hand


def test_a_failing_handler_leaves_nothing_half_applied() -> None:
    class Broken(Game):
        def _do_raise(self, action: Action) -> None:
            self.hand.value = 99
            self._scores = (5, 5)
            raise RuntimeError("planted")

    g = Broken.new(ES, seed=0, deals=ES_DEAL)
    before = g.copy()
    with pytest.raises(RuntimeError, match="planted"):
        g.push("raise 4")
    assert g == before and g.hand.value == 2 and g.scores == (0, 0) and g.moves == ()


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_copy_pop_and_json_round_trips(ruleset: str) -> None:
    rng = random.Random(11)
    g = Game.new(ruleset, seed=11)
    history = [g.copy()]
    while g.to_act is not None and len(history) < 400:
        g.push(rng.choice(g.legal_actions()))
        history.append(g.copy())
    assert Game.from_json(g.to_json()) == g
    copy = g.copy()
    for expected in reversed(history[:-1]):
        g.pop()
        assert g == expected, "pop undoes exactly"
    assert copy == history[-1] and copy != g, "a copy is independent of its source"
    with pytest.raises(NothingToUndoError):
        g.pop()


def test_illegal_actions_on_the_new_rulesets_leave_the_state_unchanged() -> None:
    for ruleset in ALL_RULESETS:
        g = Game.new(ruleset, seed=2)
        before = g.copy()
        obs = [g.observation(s) for s in range(g.config.n)]
        for text in ("accept", "contraflor", "ten-play", "raise 12", "flor-raise", "sign ciego"):
            if g.is_legal(text):
                continue
            with pytest.raises(IllegalActionError):
                g.push(text)
            assert g == before and [g.observation(s) for s in range(g.config.n)] == obs


def test_saved_games_are_json() -> None:
    g = play(new(UY, deal("10c 3b 4o", "1e 1b 7e"), muestras=["3c"]), "envido", "accept")
    doc = json.loads(g.to_json())
    assert list(doc) == ["format", "ruleset", "readings", "seed", "deal_seed", "deals", "muestras", "scores",
                         "moves"]
    assert Game.from_json(json.dumps(doc)) == g
