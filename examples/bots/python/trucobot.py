"""The bot side of the bot protocol (truco-bot/1), for Python bots: standard library only, copy it.

    import trucobot
    trucobot.run(lambda view, legal, rng: rng.choice(legal), name="my-bot")

`run` answers hello with the bot's name, version and rulesets, and each decide with what the
`decide(view, legal, rng)` function returns (one of `legal`); `rng` is a random.Random seeded by
the referee, so that a tournament can be played again with the same results. Print nothing on
stdout yourself: debug output goes to stderr (`trucobot.log`).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

PROTOCOL = "truco-bot/1"

Decide = Callable[[dict[str, Any], list[str], random.Random], str]


def log(*args: Any) -> None:
    print(*args, file=sys.stderr, flush=True)


def strength(view: dict[str, Any], card: str) -> int:
    """The strength of `card` in this hand (0 for the weakest group), from the view's card_order."""
    return next(i for i, group in enumerate(view["card_order"]) if card in group)


def my_cards(view: dict[str, Any]) -> list[str]:
    """The cards this seat still holds and can see (none in a blind hand)."""
    return [c["card"] for c in view["hand"] if c["card"] is not None]


def run(decide: Decide, name: str, version: str = "1.0", rulesets: Sequence[str] = ("*",)) -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rng = random.Random(message.get("seed", 0))
            _send({"type": "hello", "protocol": PROTOCOL, "name": name, "version": version,
                   "rulesets": list(rulesets)})
        elif kind == "decide":
            _send({"type": "action", "id": message["id"],
                   "action": decide(message["view"], message["legal"], rng)})
        elif kind == "over":
            return


def _send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()
