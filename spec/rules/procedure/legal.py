"""The legal actions of the seat to act: every candidate text that passes its check."""

from __future__ import annotations

from spec.rules.procedure.hand import Hand, Illegal
from spec.rules.senas import SIGNS


def candidate_actions(hand: Hand) -> list[str]:
    """Every action text that could make sense for the to-act seat (a superset of the legal ones)."""
    seat = hand.to_act()
    if seat is None:
        return []
    texts = [
        "accept",
        "run",
        "ten-play",
        "ten-decline",
        "envido",
        "real-envido",
        "falta-envido",
        "flor",
        "flor-raise",
        "flor-pass",
        "contraflor",
        "contraflor-resto",
    ]
    texts += [f"sign {s}" for s in SIGNS]
    texts += [f"raise {v}" for v in hand.rules.ladder[1:]]
    for verb in ("play", "cover"):
        texts += [f"{verb} #{k}" for k in (1, 2, 3)] + [f"{verb} {c}" for c in hand.deal[seat]]
    return texts


def legal_actions(hand: Hand) -> set[str]:
    """The action texts the rules allow the to-act seat right now (empty when the hand is over)."""
    seat = hand.to_act()
    legal = set()
    for text in candidate_actions(hand):
        try:
            hand.check(seat, text)  # type: ignore[arg-type]
        except Illegal:
            continue
        legal.add(text)
    return legal
