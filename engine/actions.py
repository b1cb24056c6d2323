"""Actions: immutable, interned value objects with the text form of the record format."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import GAUDERIO_NAMES, MINEIRO_NAMES
from engine.errors import InvalidActionError

SIGNS = ("ciego", "tanto-27-29", "tanto-30-plus")  # SEN-1, SEN-2, SEN-3
SIMPLE = ("accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido", "flor",
          "flor-raise", "flor-pass", "contraflor", "contraflor-resto")
ENVIDO_CALLS = ("envido", "real-envido", "falta-envido")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. `kind` is the verb ('play', 'cover', 'raise', 'sign', or a one-word action);
    `arg` is a card name, '#<slot>', the raised value or the seña; `text` is the record form."""

    kind: str
    arg: str | int | None = None

    @property
    def text(self) -> str:
        return self.kind if self.arg is None else f"{self.kind} {self.arg}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({self.text!r})"

    @property
    def slot(self) -> int | None:
        """The 0-based slot of a blind play ('play #2' -> 1), else None."""
        a = self.arg
        return int(a[1]) - 1 if isinstance(a, str) and a.startswith("#") else None

    @staticmethod
    def parse(text: str) -> Action:
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


def intern(action: Action) -> Action:
    """The single shared object equal to `action` (so legal-move lists compare by identity)."""
    return _BY_TEXT.setdefault(action.text, action)


def _build() -> None:
    for name in MINEIRO_NAMES + GAUDERIO_NAMES:
        intern(Action("play", name))
        intern(Action("cover", name))
    for slot in (1, 2, 3):
        intern(Action("play", f"#{slot}"))
        intern(Action("cover", f"#{slot}"))
    for value in (1, 2, 3, 4, 6, 10, 12):
        intern(Action("raise", value))
    for kind in SIMPLE:
        intern(Action(kind))
    for sign in SIGNS:
        intern(Action("sign", sign))


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


def raise_to(value: int) -> Action:
    return intern(Action("raise", value))
