"""`PyTrucoEngine` 1.0.1 (Argentine Truco, module `pyTrucoEngine`) behind the engine-adapter contract.

    truco check --engine truco_rules.adapters.pytrucoengine:make_adapter --ruleset argentino-1v1

The engine runs a whole match in one call (`game_controller.start()`) and asks for every action
through a callback, `signals.get_action(player, names)`, which must return the action's name
(`"envido"`, `"quiero"`, `"jugar_carta,<index>"`, ...). This adapter drives it by replaying: it
keeps the inputs taken so far, and to learn what is asked now or to try one more action it runs
the engine again on those inputs, from the start of the hand being played (between hands the
engine keeps only its teams' points and whose turn it is, which the run sets back). When the
inputs run out, the callback stops the run (an exception the engine does not catch) and the
question it was asked is the position. No thread, no timing: the same inputs give the same run.

What the adapter does, and does not do:
- It translates names only: the engine's action names to the record format's texts (`truco`,
  `re_truco`, `vale_4` are `raise 2`, `raise 3`, `raise 4`; `quiero` / `no_quiero` are `accept` /
  `run`; `jugar_carta` is one `play <card>` per card the engine's player has not played), cards
  `1_espada` to `1e`, the engine's teams 1 and 2 to sides 0 and 1, players to seats.
- Refusals are the engine's own: it refuses an action by asking again without acting on it (a
  name it does not offer) or by signalling `showError` (a card already played). The adapter stops
  at that signal: in 1.0.1 the engine's next step after it raises AttributeError
  (`jugar_carta.get_action` does not exist), a bug of the engine this adapter does not report as
  a crash of every probe. A text that names nothing the engine could be asked (another seat's
  card, an unknown verb) is refused by the adapter, which cannot express it.
- The deal is stacked. The engine cannot deal in Python 3: its `Cards` never fills the pack
  (`prepararMaso` is never called, and would store a `dict_keys`, which cannot be indexed), and
  its `randrange(0, len - 1)` would never draw the last card. The adapter gives each player its
  three cards through the engine's own API (`Player.setCards` with `Card` objects, with the
  `giveCards` and `showCards` signals, as `round_controller.give_cards` does), from the stacked
  deals or else from the seed; to do so `StackedGame.start` repeats `game_controller.start`
  with the round controller that deals these cards, and nothing else changed.
- The record is what the engine did: the actions taken, each round's result as the engine's
  `returnStatus` gives it, and the points as its teams' scores moved (envido at
  `showWinnerEnvido`, the hand at `win`).
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

RULESET = "argentino-1v1"
ENGINE_NAME = "PyTrucoEngine 1.0.1"
SUITS = {"espada": "e", "basto": "b", "oro": "o", "copa": "c"}
RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
DECK = tuple(r + s for s in SUITS.values() for r in RANKS)
# The engine's action names and the record format's texts (jugar_carta: one "play" per card).
NAMES = {"truco": "raise 2", "re_truco": "raise 3", "vale_4": "raise 4", "quiero": "accept",
         "no_quiero": "run", "envido": "envido", "real_envido": "real-envido",
         "falta_envido": "falta-envido"}
TEXTS = {text: name for name, text in NAMES.items()}


class Refused(Exception):
    """The engine refused the action (or the adapter could not name it to the engine)."""


class _Asked(BaseException):
    """The inputs ran out: the engine asks `player` to choose among `names` (stops the run)."""

    def __init__(self, player: Any, names: list[str]) -> None:
        super().__init__("asked")
        self.player, self.names = player, names


class _RefusedHere(BaseException):
    """The engine refused the last input (stops the run before the engine's next step)."""


def card_text(card: Any) -> str:
    """The record format's name of an engine card (`1_espada` -> `1e`)."""
    return f"{card.getNumber()}{SUITS[card.getStick()]}"


def engine_card_name(text: str) -> str:
    """The engine's name of a card of the record format (`1e` -> `1_espada`)."""
    suit = {v: k for k, v in SUITS.items()}[text[-1]]
    return f"{text[:-1]}_{suit}"


def seed_deal(seed: int, number: int) -> list[list[str]]:
    """The deal of hand `number` when no deal was stacked: drawn by the adapter from the seed."""
    drawn = random.Random(f"pytrucoengine/{seed}/{number}").sample(DECK, 6)
    return [drawn[:3], drawn[3:]]


@dataclass(frozen=True)
class _Checkpoint:
    """The engine at the start of a hand: all a run needs to start there instead of at the match's
    start (between hands the engine keeps only its teams' points and whose turn it is)."""

    used: int  # inputs consumed before the hand
    scores: tuple[int, int]
    turn: int  # the turn manager's index
    hands: tuple[str, ...]  # the record's hands so far, as JSON


class _Run:
    """One run of the engine on a list of inputs, and what it showed on the way."""

    def __init__(self, adapter: PyTrucoEngineAdapter, inputs: Sequence[str], texts: Sequence[str],
                 start: _Checkpoint | None) -> None:
        self.adapter, self.inputs, self.texts, self.start = adapter, inputs, texts, start
        self.used = start.used if start else 0  # inputs consumed
        self.acted = True  # the engine signalled an action since the last input
        self.hands: list[dict[str, Any]] = [json.loads(h) for h in start.hands] if start else []
        self.marks = list(start.scores) if start else [0, 0]  # scores when points were last recorded
        self.asked: _Asked | None = None
        self.winner: int | None = None
        self.checkpoint = start

    # --- the engine's callbacks -----------------------------------------------------------------
    def next_input(self, player: Any, names: list[str]) -> str:
        if not self.acted:  # asked again without acting on the last input: refused
            raise _RefusedHere()
        if self.used == len(self.inputs):
            raise _Asked(player, names)
        self.acted = False
        text = self.texts[self.used]
        self.hands[-1]["actions"].append({"seat": player.getID(), "action": text})
        self.used += 1
        return self.inputs[self.used - 1]

    def round_result(self, result: Any) -> None:
        rounds = self.hands[-1]["result"]["rounds"]
        if result.parda:
            rounds.append("tie")
        elif result.player is not None and not result.finish_round:
            rounds.append(result.player.getTeamID() - 1)

    def points(self, contest: str, side: int) -> None:
        scores = self.scores()
        gained = scores[side] - self.marks[side]
        self.marks = scores
        result = self.hands[-1]["result"]
        if contest == "envido":
            result.setdefault("side_points", []).append({"contest": "envido", "side": side, "points": gained})
        else:
            result["winner"], result["points"] = side, gained

    # --- the match ------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [t.getPoints() for t in sorted(self.teams, key=lambda t: t.getID())]

    def deal(self, players: Sequence[Any], starter: Any) -> None:
        """Give the next hand's cards (called by the round controller in place of its own deal)."""
        from pyTrucoEngine.card import Card

        number = len(self.hands) + 1
        cards = self.adapter.deal_of(number)
        self.hands.append({"partida": 1, "number": number, "dealer": 1 - starter.getID(),
                           "starter": starter.getID(), "deal": [list(c) for c in cards], "actions": [],
                           "result": {"rounds": [], "winner": None, "points": 0}})
        for player in players:
            hand = [Card(engine_card_name(c)) for c in cards[player.getID()]]
            self.signals.giveCards(player.getID(), hand)
            player.setCards(hand)
            self.signals.showCards(player, hand)

    def at_hand_start(self, turn_manager: Any) -> None:
        """The engine is between hands: remember where, so that later runs may start here."""
        scores = self.scores()
        self.checkpoint = _Checkpoint(self.used, (scores[0], scores[1]), turn_manager.current_idx,
                                      tuple(json.dumps(h) for h in self.hands))

    def end_hand(self) -> None:
        self.hands[-1]["result"]["score"] = self.scores()

    def play(self) -> None:
        """Run the engine on the inputs: to the end of the match, or until it asks for more."""
        from pyTrucoEngine.player import Player
        from pyTrucoEngine.table import Table

        table = Table(2, 0, 0)
        self.players = [Player(0), Player(1)]
        for p in self.players:
            table.add_player(p)
        # The engine takes its teams as a set and iterates it: a set of objects hashed by address
        # iterates in an order that changes from run to run, and so did its scores (found by the
        # conformance page, regenerated under other hash seeds). In team order, every run is alike.
        self.teams = _TeamsInOrder(table.getTeams())
        self.signals = _signals_class()(self.players)
        self.signals.run = self
        game = _stacked_game_class()(self.teams, self.players, self.signals)
        game.run = self
        if self.start is not None:  # resume at the start of the hand being played
            for team in self.teams:
                team.points = self.start.scores[team.getID() - 1]
            game.GM.turn_manager.current_idx = self.start.turn
        try:
            game.start()
        except _Asked as asked:
            self.asked = asked
            return
        self.winner = next(t.getID() - 1 for t in game.teams if t.getPoints() >= 30)


# Signals that mark an action the engine acted on (an input it refused fires none of them).
_ACTS = frozenset({"showCardPlaying", "truco", "retruco", "vale_4", "quiero", "noquiero", "envido",
                   "real_envido", "falta_envido"})


@functools.cache
def _signals_class() -> type:
    """The engine's events, silent and read for the record; get_action gives the inputs."""
    from pyTrucoEngine.handlers.signals import signals

    class Signals(signals):
        run: _Run

        def sendMessageAll(self, msg: Any) -> None:
            pass

        def sendMessageToPlayer(self, player: Any, msg: Any) -> None:
            pass

        def showCards(self, player: Any, cards: Any) -> None:
            pass

        def get_action(self, player: Any, actions_availables: Any = "") -> str:
            return self.run.next_input(player, list(actions_availables))

        def showError(self, player: Any, _error: Any) -> None:
            raise _RefusedHere()  # the engine's refusal (see the module: its next step crashes)

        def returnStatus(self, statusGame: Any) -> None:
            self.run.round_result(statusGame)

        def showWinnerEnvido(self, team: Any) -> None:
            self.run.points("envido", team.getID() - 1)

        def win(self, teamIDWinner: Any) -> None:
            self.run.points("hand", int(teamIDWinner) - 1)

        def acted_on(self, *args: Any) -> None:
            self.run.acted = True

    for name in _ACTS:  # each of these signals says the engine acted on the last input
        setattr(Signals, name, Signals.acted_on)
    return Signals


class _TeamsInOrder(AbstractSet[Any]):
    """The engine's `teams: Set`, iterated in the teams' ID order."""

    def __init__(self, teams: Iterable[Any]) -> None:
        self._teams = sorted(teams, key=lambda t: t.getID())

    def __contains__(self, team: object) -> bool:
        return any(t is team for t in self._teams)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._teams)

    def __len__(self) -> int:
        return len(self._teams)


@functools.cache
def _stacked_game_class() -> type:
    """game_controller with a round controller that deals the adapter's cards (see the module)."""
    from pyTrucoEngine.controllers.game_controller import game_controller
    from pyTrucoEngine.controllers.round_controller import round_controller

    class StackedRound(round_controller):
        def give_cards(self) -> None:
            run = self.GM.game.run
            run.deal(self.GM.game.players, self.GM.turn_manager.next_without_changes())

    class StackedGame(game_controller):
        def start(self) -> None:  # game_controller.start, with StackedRound and the hand's score
            self.GM.signals.showMsgStartGame()
            while True:
                self.run.at_hand_start(self.GM.turn_manager)
                start_player_round = self.GM.turn_manager.next_without_changes()
                StackedRound(self.GM).start()
                self.run.end_hand()
                self.GM.turn_manager.set_next_from_player(start_player_round)
                if self.search_winner():
                    break
            self.GM.signals.showMsgFinishGame()

    return StackedGame


class PyTrucoEngineAdapter:
    """One match of PyTrucoEngine, spoken to in action texts (argentino-1v1 only)."""

    refusal_errors = (Refused,)
    stacks_deals = True
    # The engine has no going to the mazo (ARG-9): declared (spec/adapter.py), it is checked on the
    # rest of argentino-1v1 exactly as on the ruleset without the mazo.
    without = ("mazo",)

    def __init__(self) -> None:
        self.seed = 0
        self.stacked: list[list[list[str]]] = []
        self.inputs: list[str] = []  # what the engine's get_action was given, in order
        self.texts: list[str] = []  # the same actions as record texts
        self.run: _Run | None = None

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: Sequence[Mapping[str, Any]] = ()) -> None:
        if ruleset != RULESET:
            raise ValueError(f"{ENGINE_NAME} plays {RULESET} only, not {ruleset}")
        if readings:
            raise ValueError(f"{ENGINE_NAME} has no readings to switch: {dict(readings)}")
        self.seed = seed
        self.stacked = [[list(h) for h in d["hands"]] for d in deals]
        self.inputs, self.texts = [], []
        self.run = self._play(self.inputs, self.texts, None)

    def deal_of(self, number: int) -> list[list[str]]:
        return self.stacked[number - 1] if number <= len(self.stacked) else seed_deal(self.seed, number)

    def _play(self, inputs: list[str], texts: list[str], start: _Checkpoint | None) -> _Run:
        run = _Run(self, inputs, texts, start)
        run.play()
        return run

    def _run(self) -> _Run:
        if self.run is None:
            raise RuntimeError("no game: call new_game first")
        return self.run

    def to_act(self) -> int | None:
        asked = self._run().asked
        return None if asked is None else asked.player.getID()

    def legal_actions(self) -> list[str]:
        asked = self._run().asked
        if asked is None:
            return []
        out = []
        for name in asked.names:
            if name == "jugar_carta":
                player = asked.player
                out += [f"play {card_text(c)}" for c in player.cartas if c not in player.cartasJugadas]
            else:
                out.append(NAMES[name])
        return out

    def _input(self, action: str) -> str:
        """The engine's input for an action text; Refused where no input says it."""
        asked = self._run().asked
        if asked is None:
            raise Refused("the match is over")
        if action.startswith("play "):
            cards = [card_text(c) for c in asked.player.cartas]
            if action[5:] not in cards:
                raise Refused(f"{action!r}: not a card of the player to act")
            return f"jugar_carta,{cards.index(action[5:])}"
        if action not in TEXTS:
            raise Refused(f"{action!r}: no action of the engine says it")
        return TEXTS[action]

    def apply(self, action: str) -> None:
        engine_input = self._input(action)
        inputs, texts = [*self.inputs, engine_input], [*self.texts, action]
        try:
            run = self._play(inputs, texts, self._run().checkpoint)
        except _RefusedHere:
            raise Refused(f"the engine refused {action!r}") from None
        if run.used < len(inputs):  # the match ended before the engine took it
            raise Refused(f"the engine did not ask for {action!r}")
        self.inputs, self.texts, self.run = inputs, texts, run

    def deal(self) -> list[list[str]]:
        run = self._run()
        return [list(h) for h in run.hands[-1]["deal"]] if run.hands else []

    def record(self) -> dict[str, Any]:
        run = self._run()
        rec: dict[str, Any] = {"format": "truco-record/1", "ruleset": RULESET, "readings": {},
                               "seed": self.seed, "engine": ENGINE_NAME,
                               "hands": [h for h in run.hands if "score" in h["result"]], "result": None}
        if run.asked is None and run.winner is not None:
            rec["result"] = {"winner": run.winner, "score": run.scores(), "partidas": [run.winner]}
        return copy.deepcopy(rec)  # the record handed out must not change as the game goes on


def make_adapter() -> PyTrucoEngineAdapter:
    """The factory `truco check` calls once per game."""
    return PyTrucoEngineAdapter()
