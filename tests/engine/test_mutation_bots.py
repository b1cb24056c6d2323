"""SimpleBot's rule of thumb at set positions where it needs no coin toss: answers to every kind
of call, flor and envido first, the card it plays from its observation."""

from __future__ import annotations

import random

import pytest
from engine_support import deal, new, play

from truco_rules.engine.bots import BOTS, RandomBot, SimpleBot

ES, IT, GA = "mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es"
IT_DEAL = deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # envido 33, 6, 0, 5
GA_FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")
ONE_FLOR = deal("1e 5e 7e", "4o 5c 6b", "10b 11b 12o", "4b 5o 2c")
WEAK = deal("4D 5D 6S", "5H 7S KD")

CASES = [
    ("ten choice, holding a manilha", lambda: new(IT, IT_DEAL, scores=(4, 10)), "ten-play"),
    ("ten choice, weak: the seeded coin says decline",
     lambda: new(IT, deal("3C 4D 5D", "5C 6D 6H", "3H 5H 7S", "2C 6C 6S"), scores=(4, 10)), "ten-decline"),
    ("envido 6", lambda: play(new(GA, GA_BASE), "envido"), "run"),
    ("envido 27", lambda: play(new(GA, deal("7e 6e 1b", "3o 4o 5c", "10e 11b 12o", "4b 5o 2c")), "envido"),
     "accept"),
    ("envido 31", lambda: play(new(GA, deal("7e 6e 1b", "4o 7o 5c", "10e 11b 12o", "4b 5o 2c")), "envido"),
     "falta-envido"),
    ("partner's flor", lambda: play(new(GA, GA_FLORS), "flor"), "flor-raise"),
    ("opponent's flor", lambda: play(new(GA, GA_FLORS), "flor", "flor-pass"), "accept"),
    ("contraflor", lambda: play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor"), "accept"),
    ("contraflor, weak cards", lambda: play(new(GA, deal("4e 5e 6e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")),
                                            "flor", "flor-pass", "contraflor"), "accept"),
    ("contraflor al resto", lambda: play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor",
                                         "contraflor-resto"), "accept"),
    ("truco, one strong card", lambda: play(new(ES, deal("4C 7H 6S", "3D 2D 4D")), "raise 4"), "accept"),
    ("truco, two strong cards", lambda: play(new(ES, deal("4C 7H 6S", "3D 3H 4D")), "raise 4"), "raise 6"),
    ("holding flor", lambda: new(GA, ONE_FLOR), "flor"),
    ("envido 33", lambda: new(GA, GA_BASE), "envido"),
    ("leading with three cards", lambda: new(ES, WEAK), "play 6S"),
    ("the cheapest card that wins", lambda: play(new(ES, WEAK), "play 6S"), "play 7S"),
    ("nothing wins: the lowest", lambda: play(new(ES, deal("4D 5D 6S", "4H 5H 4S")), "play 6S"), "play 4H"),
    ("the partner is winning", lambda: play(new(IT, IT_DEAL), "play 3C", "play 6D"), "play 5H"),
    ("leading with two cards", lambda: play(new(ES, WEAK), "play 6S", "play 7S"), "play 5H"),
    ("an opponent's 4 beats the partner's covered card",
     lambda: play(new(IT, deal("3C 4D 5D", "4H 6D 6H", "4S 5H 7S", "2C 6C 6S")), "cover 5D", "play 4H"),
     "play 5H"),
    ("a covered card is beaten by any", lambda: play(new(ES, WEAK), "cover 6S"), "play 5H"),
]


@pytest.mark.parametrize(("position", "choice"), [(make, c) for _, make, c in CASES],
                         ids=[name for name, _, _ in CASES])
def test_simple_bot_choice(position, choice: str) -> None:
    game = position()
    assert SimpleBot(0).choose(game).text == choice
    assert game.is_legal(choice)


def test_bots_by_name_and_random_bot_is_seeded() -> None:
    assert set(BOTS) == {"random", "simple"} and BOTS["random"] is RandomBot and BOTS["simple"] is SimpleBot
    game = new(ES, WEAK)
    bot, rng = RandomBot(3), random.Random(3)
    legal = game.legal_actions()
    assert [bot.choose(game) for _ in range(20)] == [rng.choice(legal) for _ in range(20)]
