"""Actions: immutable, interned value objects with the text form of the record format.

One rule for every verb: an action is written exactly as the record format writes it, words
separated by one space, with no other whitespace (`raise 4`, `play 7H`, `sign ciego`). Anything
else is an InvalidActionError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from truco_rules.engine.errors import InvalidActionError
from truco_rules.engine.features import SIGNS

SIMPLE = ("accept", "run", "ten-play", "ten-decline", "envido", "real-envido", "falta-envido", "flor",
          "flor-raise", "flor-pass", "contraflor", "contraflor-resto", "mazo")
ENVIDO_CALLS = ("envido", "real-envido", "falta-envido")
CONTEST_ACTIONS = SIMPLE[4:12]  # the one-word actions of envido and flor
CARD_VERBS = ("play", "cover")
SLOTS = (1, 2, 3)  # IRN-2: a blind play names the slot of the card in the deal


class Action:
    """One move. `kind` is the verb ('play', 'cover', 'raise', 'sign', or a one-word action);
    `arg` is a card name, '#<slot>', the raised value or the seña; `text` is the record form.

    Actions are immutable and interned: equal actions are the same object, so comparing and
    hashing them is by identity, which keeps legal-move lists cheap to search."""

    __slots__ = ("arg", "kind", "slot", "text")
    kind: str
    arg: str | int | None
    text: str
    slot: int | None  # the 0-based slot of a blind play ('play #2' -> 1), else None

    def __new__(cls, kind: str, arg: str | int | None = None) -> Action:
        text = kind if arg is None else f"{kind} {arg}"
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        self = object.__new__(cls)
        slot = int(arg[1]) - 1 if isinstance(arg, str) and arg.startswith("#") else None
        for name, value in (("kind", kind), ("arg", arg), ("text", text), ("slot", slot)):
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
        parts = text.split(" ")
        if text and any(not p or p.strip() != p or len(p.split()) != 1 for p in parts):
            raise InvalidActionError(
                f"malformed action {text!r}: words are separated by one space, with no other whitespace")
        if len(parts) == 2:
            verb, arg = parts
            if verb == "raise" and arg.isascii() and arg.isdigit() and str(int(arg)) == arg:
                return raise_to(int(arg))  # well-formed; the game decides if it is legal
            if verb in CARD_VERBS:
                for intern in _CARD_SOURCES:  # the decks are read on first use
                    intern()
                found = _BY_TEXT.get(text)
                if found is not None:
                    return found
                raise InvalidActionError(
                    f"no card or slot called {arg!r} (cards like '7H' or '1e', slots '#1'..'#3')")
            if verb == "sign":
                raise InvalidActionError(f"no seña called {arg!r}; valid: {', '.join(SIGNS)}")
        raise InvalidActionError(f"malformed action {text!r}")


_BY_TEXT: dict[str, Action] = {}
# What interns the card actions of every deck known (engine/rulesets.py registers its loader
# here), called on a card not interned yet: the rulesets build on the actions, never the reverse.
_CARD_SOURCES: list[Callable[[], None]] = []


def on_unknown_card(intern: Callable[[], None]) -> None:
    """Have `Action.parse` call `intern` before it refuses a card it does not know."""
    _CARD_SOURCES.append(intern)


def _build() -> None:
    """Intern the actions every game shares: blind plays by slot, the one-word actions, señas."""
    for slot in SLOTS:
        Action("play", f"#{slot}")
        Action("cover", f"#{slot}")
    for kind in SIMPLE:
        Action(kind)
    for sign in SIGNS:
        Action("sign", sign)


def intern_cards(names: Iterable[str]) -> None:
    """Intern `play` and `cover` for each card name (a deck's cards, when its ruleset loads)."""
    for name in names:
        Action("play", name)
        Action("cover", name)


_build()

PLAY_SLOT = tuple(_BY_TEXT[f"play #{s}"] for s in SLOTS)
COVER_SLOT = tuple(_BY_TEXT[f"cover #{s}"] for s in SLOTS)
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
MAZO = _BY_TEXT["mazo"]  # ARG-9, URU-10: going to the mazo
SIGN = {s: _BY_TEXT["sign " + s] for s in SIGNS}
BY_CALL = {"envido": ENVIDO, "real-envido": REAL_ENVIDO, "falta-envido": FALTA_ENVIDO}



def raise_to(value: int) -> Action:
    """The call of `value` on the truco ladder (a game keeps its ladder's calls at hand)."""
    return Action("raise", value)
