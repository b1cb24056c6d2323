"""The attributes of a match, declared once: Game sets them (engine/game.py `_fresh`), and the
mixins that build its record and its observations read them."""

from __future__ import annotations

from typing import Any

from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.dealing import Deals
from truco_rules.engine.hand import HandState


class MatchFields:
    hand: HandState  # the hand in play
    _cfg: Config  # the ruleset's features with the readings applied
    _seed: int | None
    _deal_seed: int  # deals are a pure function of this and the hand number
    _deals: Deals  # the deals drawn from it so far (engine/dealing.py)
    _stacked: tuple[tuple[tuple[int, ...], ...], ...]  # stacked deals of the first hands
    _muestras: tuple[int, ...]  # their muestras (URU-2)
    _start_scores: tuple[int, int]
    _first_starter: int  # the starter of the first hand (a set first dealer moves it)
    _marks: list[tuple[Any, ...]]  # per hand start: what pop goes back to
    _hands: list[tuple[Any, ...]]  # one compact entry per finished hand (engine/record.py)
    _moves: list[Action]
    _seats: list[int | None]  # the seat that made each move (never None: a move has a seat to act)
    _legal: tuple[Action, ...] | None  # the legal actions now, once computed
    _scores: tuple[int, int]
    _partidas: tuple[int, ...]
    _partida: int
    _hand_no: int
    _starter: int
    _winner: int | None
    _forfeit: int | None
    _play_actions: tuple[Action, ...]
    _cover_actions: tuple[Action, ...]
    _card_of: dict[Action, int]
    _handlers: dict[str, Any]
    _own_calls: bool
