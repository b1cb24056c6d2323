"""A game as a JSON document (`truco-engine-game/1`): its configuration, seeds and every move;
read back by replaying the moves, each error naming the field or move that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from truco_rules.engine import positions as P
from truco_rules.engine.config import make_config
from truco_rules.engine.errors import GameDocumentError, TrucoError

if TYPE_CHECKING:
    from truco_rules.engine.game import Game

FORMAT = "truco-engine-game/1"


def to_json(game: Game) -> str:
    """The whole game as JSON: configuration, seeds and every move (replayed by from_json)."""
    cfg = game._cfg
    names = cfg.deck.names
    doc: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": cfg.ruleset.name,
        # An earlier edition is saved with the game, as the record keeps it: without it the game
        # would come back under the rules of today's edition.
        **({"edition": cfg.earlier_edition} if cfg.earlier_edition is not None else {}),
        "readings": cfg.overrides,
        "seed": game._seed,
        "deal_seed": game._deal_seed,
        "deals": [[[names[c] for c in cards] for cards in d] for d in game._stacked],
    }
    if cfg.deck.has_muestra:
        doc["muestras"] = [names[c] for c in game._muestras]
    doc["scores"] = list(game._start_scores)
    if game._first_starter:  # a set first dealer (documents without it: seat 0 starts)
        doc["dealer"] = (game._first_starter - 1) % cfg.n
    doc["moves"] = [a.text for a in game._moves]
    return json.dumps(doc)


def from_json(cls: type[Game], text: str | Mapping[str, Any]) -> Game:
    """The game saved by `to_json` (a JSON text or its parsed mapping), replayed move by move, as
    an instance of `cls`. GameDocumentError names what is wrong; configuration errors are those
    of `Game.new`."""
    if isinstance(text, str | bytes):
        try:
            data = json.loads(text)
        except ValueError as err:
            raise GameDocumentError(f"not JSON: {err}") from None
    else:
        data = text
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise GameDocumentError(f"not a {FORMAT} document")

    def field(name: str, types: type | tuple[type, ...], default: Any = ...) -> Any:
        value = data.get(name, default)
        if value is ... or not isinstance(value, types) or isinstance(value, bool):
            raise GameDocumentError(f"{FORMAT}: field {name!r} is missing or of the wrong type")
        return value

    readings = field("readings", dict, {})
    edition = field("edition", int) if "edition" in data else None  # absent: today's edition
    cfg = make_config(field("ruleset", str), readings, edition)
    seed = field("seed", (int, type(None)), None)
    stacked = P.parse_deals(cfg, field("deals", list, []))
    shown = P.parse_muestras(cfg, field("muestras", list, []), stacked)
    start = P.parse_scores(cfg, field("scores", list, [0, 0]))
    first = P.parse_starter(cfg, field("dealer", int, cfg.n - 1))
    g = cls._fresh(cfg, seed, field("deal_seed", int), stacked, shown, start, first)
    for i, move in enumerate(field("moves", list)):
        try:
            g.push(move)
        except TrucoError as err:
            raise GameDocumentError(f"{FORMAT}: moves[{i}] {move!r} cannot be replayed: {err}") from err
    return g
