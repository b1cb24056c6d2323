"""Actions: immutable, interned value objects with the text form of the record format."""

from __future__ import annotations

from engine.cards import GAUDERIO_NAMES, MINEIRO_NAMES, card_index
from engine.errors import InvalidActionError

SIGNS = ("ciego", "tanto-27-29", "tanto-30-plus")  # SEN-1, SEN-2, SEN-3
SIMPLE = ("accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido", "flor",
          "flor-raise", "flor-pass", "contraflor", "contraflor-resto")
ENVIDO_CALLS = ("envido", "real-envido", "falta-envido")


class Action:
    """One move. `kind` is the verb ('play', 'cover', 'raise', 'sign', or a one-word action);
    `arg` is a card name, '#<slot>', the raised value or the seña; `text` is the record form.

    Actions are immutable and interned: equal actions are the same object, so comparing and
    hashing them is by identity, which keeps legal-move lists cheap to search."""

    __slots__ = ("arg", "card", "kind", "slot", "text")
    kind: str
    arg: str | int | None
    text: str
    card: int  # the card's index in its variant's deck, or -1
    slot: int | None  # the 0-based slot of a blind play ('play #2' -> 1), else None

    def __new__(cls, kind: str, arg: str | int | None = None) -> Action:
        text = kind if arg is None else f"{kind} {arg}"
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        self = object.__new__(cls)
        slot = int(arg[1]) - 1 if isinstance(arg, str) and arg.startswith("#") else None
        card = card_index(arg) if kind in ("play", "cover") and slot is None and isinstance(arg, str) else -1
        for name, value in (("kind", kind), ("arg", arg), ("text", text), ("card", card), ("slot", slot)):
            object.__setattr__(self, name, value)
        _BY_TEXT[text] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Action], tuple[str, str | int | None]]:
        return (Action, (self.kind, self.arg))  # copies and pickles stay interned

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({self.text!r})"

    @staticmethod
    def parse(text: str | Action) -> Action:
        """The action written as `text` (the interned object). InvalidActionError if malformed."""
        if isinstance(text, Action):
            return text
        try:
            return _BY_TEXT[text]
        except (KeyError, TypeError):
            pass
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {type(text).__name__}")
        parts = text.split()
        if len(parts) == 2 and parts[0] == "raise" and parts[1].isdigit() and str(int(parts[1])) == parts[1]:
            return Action("raise", int(parts[1]))  # well-formed; the game decides if it is legal
        if len(parts) == 2 and parts[0] in ("play", "cover"):
            raise InvalidActionError(
                f"no card or slot called {parts[1]!r} (cards like '7H' or '1e', slots '#1'..'#3')")
        if len(parts) == 2 and parts[0] == "sign":
            raise InvalidActionError(f"no seña called {parts[1]!r}; valid: {', '.join(SIGNS)}")
        raise InvalidActionError(f"malformed action {text!r}")


_BY_TEXT: dict[str, Action] = {}


def _build() -> None:
    for name in MINEIRO_NAMES + GAUDERIO_NAMES:
        Action("play", name)
        Action("cover", name)
    for slot in (1, 2, 3):
        Action("play", f"#{slot}")
        Action("cover", f"#{slot}")
    for value in (1, 2, 3, 4, 6, 10, 12):
        Action("raise", value)
    for kind in SIMPLE:
        Action(kind)
    for sign in SIGNS:
        Action("sign", sign)


_build()

PLAY = {name: _BY_TEXT["play " + name] for name in MINEIRO_NAMES + GAUDERIO_NAMES}
COVER = {name: _BY_TEXT["cover " + name] for name in MINEIRO_NAMES + GAUDERIO_NAMES}
PLAY_SLOT = tuple(_BY_TEXT[f"play #{s}"] for s in (1, 2, 3))
COVER_SLOT = tuple(_BY_TEXT[f"cover #{s}"] for s in (1, 2, 3))
ACCEPT = _BY_TEXT["accept"]
RUN = _BY_TEXT["run"]
TEN_PLAY = _BY_TEXT["ten-play"]
TEN_DECLINE = _BY_TEXT["ten-decline"]
ENVIDO = _BY_TEXT["envido"]
REAL_ENVIDO = _BY_TEXT["real-envido"]
FALTA_ENVIDO = _BY_TEXT["falta-envido"]
FLOR = _BY_TEXT["flor"]
FLOR_RAISE = _BY_TEXT["flor-raise"]
FLOR_PASS = _BY_TEXT["flor-pass"]
CONTRAFLOR = _BY_TEXT["contraflor"]
CONTRAFLOR_RESTO = _BY_TEXT["contraflor-resto"]
SIGN = {s: _BY_TEXT["sign " + s] for s in SIGNS}


_RAISES = {v: _BY_TEXT[f"raise {v}"] for v in (1, 2, 3, 4, 6, 10, 12)}


def raise_to(value: int) -> Action:
    return _RAISES.get(value) or Action("raise", value)
