"""The engine adapter: the contract an engine meets so that `truco check` can drive it.

`truco check --engine MODULE:FACTORY` imports `MODULE`, calls `FACTORY()` once per game, and
drives the object it returns through one match. The object is an engine, or a thin adapter
around one, that has the methods of `EngineAdapter` below. Nothing needs to be inherited or
imported from this package: any object with these methods will do (a structural protocol).

The contract:

- `new_game(ruleset, seed, readings)` starts a match of `ruleset` (a ruleset name such as
  `mineiro-1v1-es`) with the ambiguity readings `readings` (register key to reading name, only
  those that differ from the ruleset's defaults; may be empty). The same arguments must give the
  same deals. Optional keyword `deals`: when `new_game` has a `deals` parameter, the checker may
  stack the first hands, a list of deal objects `{"hands": [[card, card, card], ...], "muestra":
  card or None}` (hands per seat in deal order); later hands come from the seed. Reproductions
  of divergences and `truco check --perft` need it. Optional keywords `scores` and `dealer` (a
  set position): the match starts with side 0 and side 1 at `scores` in the first partida, and seat
  `dealer` deals the first hand (the seat after it starts); the record then says so in its `start`.
  The situations that need a position (the end of a match, the hand of ten, the iron hand) are run
  only on engines that take them; the others are listed as not reached.
- `to_act()` is the seat (0-based, in the order of play) that must act now, or `None` once the
  match is over.
- `legal_actions()` is every action the seat to act may take now, as a list of action texts
  exactly as the record format writes them (`"play 7H"`, `"raise 4"`, `"accept"`, `"play #2"`,
  ...: see the record schema). The order does not matter; duplicates are not allowed. It is
  empty once the match is over. At most 256 actions, each of at most 1,024 characters.
- `apply(action)` takes one action text for the seat to act. To refuse an action the rules do
  not allow, raise one of the adapter's `refusal_errors` (below); a refusal must leave the game
  exactly as it was. An exception of another type is a crash (an engine fault), even on an
  action the rules forbid.
- `deal()` is the deal of the hand being played: for each seat, the names of its three cards in
  deal order (slot 1, 2, 3), including cards already played; either that list or the deal
  object `{"hands": [...], "muestra": ...}` for rulesets that turn up a card. The checker sees
  everything; this is never shown to players.
- `record()` is the record of the match so far, a `truco-record/1` object (a dict as
  `json.loads` would give it): every finished hand, and the `result` once the match is over.

What an engine returns is bounded (truco_rules.spec.monitor.engine_bounds): a legal list as above,
an observation of at most 65,536 characters as JSON, a deal of at most 16,384, a record of at most
4,194,304. Past a bound, the answer is a fault of the engine, reported at once.

Optional:
- `refusal_errors`: a tuple of exception classes that mean "refused". Without it every
  exception counts as a refusal, and a crash on an illegal action goes unnoticed.
- `observation(seat) -> Mapping` (what `seat` may see now, as JSON values, cards written as in
  the record format). When present, the checker compares every seat's observation with what the
  spec lets that seat see (truco_rules.spec.rules.visibility), and checks that a refused action changes none.
- `undo()`: take back the last action applied, exactly (the state as before it, also across the
  end of a hand: the next hand's deal is taken back too). `truco check --exhaustive` walks the
  game tree with it; without it, every step back starts a new game on the stacked deal and
  replays the path (the same checks, much slower). `can_undo`: False to hide an `undo` method.
- `stacks_deals`: True or False, to say whether `new_game` takes `deals` when its signature
  cannot tell.
- `sets_position`: True or False, to say whether `new_game` takes `scores` and `dealer` when its
  signature cannot tell.
- `readings`: the ambiguity readings the engine plays, `{ruleset: {key: reading}}` or one flat
  `{key: reading}` for every ruleset; `python -m truco_rules.spec.protocol.serve` announces it in its hello,
  and `truco check --engine` reads it from one adapter as the hello would say it: the checker
  then checks the engine against those readings when no `--reading` is given.
- `without`: the optional features of a ruleset the engine does not play (the mazo, the señas, the
  flor: truco_rules.spec.rules.ruleset.OPTIONAL_FEATURES), `("mazo",)` for every ruleset that has
  them or `{ruleset: ("mazo",)}`; the engine is then checked on each ruleset exactly as on the
  ruleset without them (hello `without`). Without it, an optional action the engine never offers
  is reported (and stepped over: it hides nothing else).

What the checker does with it: at every step the engine's legal actions must equal the spec's;
actions the spec forbids (and malformed ones) must be refused with the state unchanged; when the
spec ends the match the engine must end it too; the final record must pass the record monitor.
Each call to the engine has a time limit (see `truco_rules.spec.monitor.follow`); an engine that raises
unexpectedly, hangs or returns something of the wrong type is reported with the game and step,
and the check goes on with the next game. Engines in other languages speak the same contract
as a line protocol on stdin/stdout (truco_rules.spec.protocol, `truco check --engine-cmd`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class EngineAdapter(Protocol):
    """What `truco check` needs from an engine (see the module documentation)."""

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str]) -> None:
        """Start a match; same arguments, same deals (optional keyword `deals`: stacked deals)."""
        ...

    def to_act(self) -> int | None:
        """The seat to act, or None once the match is over."""
        ...

    def legal_actions(self) -> list[str]:
        """The action texts the seat to act may take now."""
        ...

    def apply(self, action: str) -> None:
        """Take one action; raise one of `refusal_errors` to refuse it (leaving the game unchanged)."""
        ...

    def deal(self) -> list[list[str]] | dict[str, Any]:
        """The cards of the hand being played, per seat, in deal order (or {"hands", "muestra"})."""
        ...

    def record(self) -> dict[str, Any]:
        """The truco-record/1 of the match so far."""
        ...

