"""The action texts of the record format, parsed (record schema: "Actions are text: ...")."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from spec.rules.senas import SIGNS

SIMPLE_VERBS: frozenset[str] = frozenset({
    "accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido",
    "flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto",
})
_CARD = r"(?:[4567QJKA23][CHSD]|(?:1[0-2]|[1-7])[eboc])"
_PLAY_RE = re.compile(rf"^(play|cover) (?:({_CARD})|#([1-3]))$")
_RAISE_RE = re.compile(r"^raise ([1-9][0-9]{0,3})$")
_SIGN_RE = re.compile(r"^sign (\S+)$")


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
    m = _PLAY_RE.match(text)
    if m:
        return Action(m[1], card=m[2], slot=int(m[3]) if m[3] else None)
    m = _RAISE_RE.match(text)
    if m:
        return Action("raise", value=int(m[1]))
    m = _SIGN_RE.match(text)
    if m and m[1] in SIGNS:
        return Action("sign", sign=m[1])
    return None
