"""The action texts of the record format, parsed (record schema: "Actions are text: ...")."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from truco_rules.spec.rules.senas import SIGNS

SIMPLE_VERBS: frozenset[str] = frozenset({
    "accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido",
    "flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto", "mazo",
})
# A card is written rank then suit, as the ruleset's file names them (1-2 characters of digits
# or capitals, then one letter); whether it is a card of the deck is a rule, not grammar.
# One spacing rule for every verb: the canonical text only, one space between verb and argument,
# nothing before or after (fullmatch: `$` would let a trailing newline through).
_CARD = r"[0-9A-Z]{1,2}[a-zA-Z]"
_PLAY_RE = re.compile(rf"(play|cover) (?:({_CARD})|#([1-3]))")
_RAISE_RE = re.compile(r"raise ([1-9][0-9]{0,3})")
_SIGN_RE = re.compile(r"sign ([a-z0-9-]+)")


@dataclass(frozen=True)
class Action:
    verb: str  # play, cover, raise, sign, or one of SIMPLE_VERBS
    card: str | None = None  # play/cover naming a card
    slot: int | None = None  # play/cover by slot, 1..3 (a blind hand)
    value: int | None = None  # raise
    sign: str | None = None  # sign

    @property
    def text(self) -> str:
        if self.verb in ("play", "cover"):
            return f"{self.verb} {self.card}" if self.card is not None else f"{self.verb} #{self.slot}"
        if self.verb == "raise":
            return f"raise {self.value}"
        if self.verb == "sign":
            return f"sign {self.sign}"
        return self.verb


@functools.lru_cache(maxsize=4096)
def parse_action(text: str) -> Action | None:
    """The action a text stands for, or None when the text is not an action of the record format.

    Cached: a game uses a few dozen distinct texts, and `Action` is immutable. Hostile input can
    only fill the bounded cache (texts are capped at 32 characters by the record format).
    """
    if text in SIMPLE_VERBS:
        return Action(text)
    m = _PLAY_RE.fullmatch(text)
    if m:
        return Action(m[1], card=m[2], slot=int(m[3]) if m[3] else None)
    m = _RAISE_RE.fullmatch(text)
    if m:
        return Action("raise", value=int(m[1]))
    m = _SIGN_RE.fullmatch(text)
    if m and m[1] in SIGNS:
        return Action("sign", sign=m[1])
    return None
