"""A bot that takes any legal action, uniformly at random."""

import trucobot

if __name__ == "__main__":
    trucobot.run(lambda view, legal, rng: rng.choice(legal), name="random-py")
