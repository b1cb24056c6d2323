"""A bot that misbehaves on purpose, for the referee's tests: `hostile.py MODE [AFTER]`.

It plays legally (the first legal action) until its AFTER-th decision (default 3), then, by MODE:
crash (exits with code 3), hang (never answers again), late (answers every decision after two
seconds), illegal (an action the rules forbid: a card it does not hold, or a raise off the ladder),
garbage (a line that is not JSON), wrongid (an answer to another request), flood (a very long
line), quiet (answers hello, then exits before any decision). It writes a line to stderr first,
which the compliance check must show.
"""

from __future__ import annotations

import json
import sys
import time

MODE = sys.argv[1]
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def send(message: object) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def illegal(view: dict, legal: list[str]) -> str:
    held = {c["card"] for c in view["hand"]}
    for group in view["card_order"]:
        for card in group:
            if card not in held and f"play {card}" not in legal:
                return f"play {card}"
    return "raise 99"


def main() -> None:
    decisions = 0
    print(f"hostile bot: {MODE} after {AFTER}", file=sys.stderr, flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "hello", "protocol": "truco-bot/1", "name": f"hostile-{MODE}", "version": "0"})
            if MODE == "quiet":
                sys.exit(0)
            continue
        if message["type"] != "decide":
            return
        decisions += 1
        legal, action = message["legal"], message["legal"][0]
        if decisions >= AFTER:
            if MODE == "crash":
                print("hostile bot: crashing now", file=sys.stderr, flush=True)
                sys.exit(3)
            if MODE == "hang":
                time.sleep(3600)
            if MODE == "late":
                time.sleep(2.0)
            if MODE == "illegal":
                action = illegal(message["view"], legal)
            if MODE == "garbage":
                sys.stdout.write("this is not json {\n")
                sys.stdout.flush()
                continue
            if MODE == "wrongid":
                send({"type": "action", "id": message["id"] + 7, "action": action})
                continue
            if MODE == "flood":
                sys.stdout.write("x" * 200_000 + "\n")
                sys.stdout.flush()
                continue
        send({"type": "action", "id": message["id"], "action": action})


if __name__ == "__main__":
    main()
