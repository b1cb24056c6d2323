"""The referee's own bot, `python -m truco_rules.referee.house_bot`: a uniformly random legal action.

The opponent of a bot under `truco tournament --compliance`, and both sides of the benchmark. It
speaks the bot protocol with the standard library only, like the bot kits (examples/bots).
"""

from __future__ import annotations

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            rng = random.Random(message["seed"])
            answer = {"type": "hello", "protocol": "truco-bot/1", "name": "house-random", "version": "1",
                      "rulesets": ["*"]}
        elif message["type"] == "decide":
            answer = {"type": "action", "id": message["id"], "action": rng.choice(message["legal"])}
        else:
            return
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
