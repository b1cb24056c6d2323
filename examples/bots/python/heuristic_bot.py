"""A simple heuristic bot: it wins a round as cheaply as it can, raises and accepts with strong cards."""

from __future__ import annotations

import random
from typing import Any

import trucobot
from trucobot import my_cards, strength


def decide(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    cards = sorted(my_cards(view), key=lambda c: strength(view, c))
    top = len(view["card_order"]) - 1
    strong = sum(1 for c in cards if strength(view, c) >= top - 3)
    pending = view["pending"]
    if pending is not None:  # answer a call: accept or raise with strong cards, else run
        raises = [a for a in legal if a.startswith("raise")]
        if strong >= 2 and raises:
            return raises[0]
        if "accept" in legal and (strong >= 1 or pending["kind"] != "truco"):
            return "accept"
        if "ten-play" in legal:
            return "ten-play" if strong else "ten-decline"
        return "run" if "run" in legal else legal[0]
    raises = [a for a in legal if a.startswith("raise")]
    if raises and strong >= 2:
        return raises[0]
    plays = [a for a in legal if a.startswith("play ") and "#" not in a]
    if not plays:
        return rng.choice(legal)
    table = [p for p in view["table"] if p["card"] is not None and not p["covered"]]
    best = max((strength(view, p["card"]) for p in table if p["seat"] % 2 != view["side"]), default=-1)
    by_strength = sorted(plays, key=lambda a: strength(view, a.split(" ")[1]))
    winning = [a for a in by_strength if strength(view, a.split(" ")[1]) > best]
    return winning[0] if winning else by_strength[0]


if __name__ == "__main__":
    trucobot.run(decide, name="heuristic-py")
