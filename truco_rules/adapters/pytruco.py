"""`pytruco` 0.1.3 (Uruguayan Truco with the muestra) behind the engine-adapter contract.

    truco check --engine truco_rules.adapters.pytruco:make_adapter --ruleset uruguayo-1v1

pytruco is a state machine: `Partida.parse_jugada("<player> <word>")` names an action, the
action's `ok(partida)` says whether the rules allow it, `hacer(partida)` does it and returns the
engine's messages (`Envelope`s), and `chi(partida, manojo)` lists what a player may do now. The
adapter drives one `Partida(puntuacion=40, ...)` of two players, `s0` (blue, seat 0) and `s1`
(red, seat 1), in this process.

What the adapter does, and does not do:
- It translates names only: `truco`, `re-truco`, `vale-4` are `raise 2`, `raise 3`, `raise 4`;
  `quiero` / `no-quiero` are `accept` / `run`; `contra-flor` and `contra-flor-al-resto` are
  `contraflor` and `contraflor-resto`; cards `1 espada` are `1e`; blue and red are sides 0 and 1.
- An action is refused when the engine's own `ok()` says no; the engine's state is untouched
  then. A text that names no action of the engine (another seat's card, an unknown verb) is
  refused by the adapter, which cannot express it.
- The seat to act: pytruco lets a player act out of turn (answer for a partner, call envido or
  flor when it is not his turn). The contract has one seat to act: the adapter names the seat
  that must answer a call when one is pending (the one whose actions include `quiero`), else the
  seat whose turn it is (`ronda.turno`), and lists that seat's actions. Its `mazo` (going to the
  deck) is the record format's `mazo` (URU-10).
- The deal is stacked. pytruco deals every hand from Python's global `random`, which the same
  seed cannot fix without changing the state of every other user of `random`, and perft and
  reproductions need given deals. After the engine deals a hand, the adapter replaces the cards
  and the muestra through the engine's own API (`Ronda.set_cartas`, `Ronda.set_muestra`, which
  also recompute the flores), from the stacked deals or else from the seed.
- The record is what the engine said: its `SumaPts` messages (points, with their reason),
  `ManoGanada` and `LaManoResultaParda` (rounds), and its scores.
- Readings: `partida-points` 30 or 40 is the engine's `puntuacion`; nothing else can be switched.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

RULESET = "uruguayo-1v1"
ENGINE_NAME = "pytruco 0.1.3"
PLAYERS = ("s0", "s1")
SUITS = {"espada": "e", "basto": "b", "oro": "o", "copa": "c"}
RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
DECK = tuple(r + s for s in SUITS.values() for r in RANKS)
TARGETS = {"30": 30, "40": 40}  # partida-points (AMB-33) readings the engine can play
DEFAULT_TARGET = "40"  # uruguayo-1v1's own reading of partida-points: a game without overrides plays it
# The engine's words and the record format's texts.
WORDS = {"envido": "envido", "real-envido": "real-envido", "falta-envido": "falta-envido",
         "flor": "flor", "contra-flor": "contraflor", "contra-flor-al-resto": "contraflor-resto",
         "truco": "raise 2", "re-truco": "raise 3", "vale-4": "raise 4", "quiero": "accept",
         "no-quiero": "run", "mazo": "mazo"}
ANSWERS = {"quiero", "no-quiero"}  # the words of a seat that must answer a call
TEXTS = {text: word for word, text in WORDS.items()}
FLOR_REASONS = {"FlorAchicada", "LaUnicaFlor", "LasFlores", "LaFlorMasAlta", "ContraFlorGanada",
                "ContraFlorAlRestoGanada"}
ENVIDO_REASONS = {"EnvidoGanado", "RealEnvidoGanado", "FaltaEnvidoGanado"}
FLOR_STATES = {"flor", "contraFlor", "contraFlorAlResto"}  # the envite is a flor contest
HAND_REASONS = {"TrucoQuerido", "TrucoNoQuerido", "SeFueronAlMazo", "Abandonaron"}


class Refused(Exception):
    """The engine refused the action (or the adapter could not name it to the engine)."""


def card_text(card: Any) -> str:
    """The record format's name of an engine card (`Carta(1, espada)` -> `1e`)."""
    return f"{card.valor}{SUITS[str(card.palo)]}"


def engine_card(text: str) -> Any:
    from pytruco.pdt.carta import Carta

    suit = {v: k for k, v in SUITS.items()}[text[-1]]
    return Carta(int(text[:-1]), suit)


def seed_deal(seed: int, number: int) -> dict[str, Any]:
    """The deal of hand `number` when no deal was stacked: drawn by the adapter from the seed."""
    drawn = random.Random(f"pytruco/{seed}/{number}").sample(DECK, 7)
    return {"hands": [drawn[:3], drawn[3:6]], "muestra": drawn[6]}


def word_of(jugada: Any) -> str:
    """The engine's word for one of its actions (`parse_jugada` reads the same words)."""
    return str(jugada).split(" ", 1)[1]


class PyTrucoAdapter:
    """One match of pytruco, spoken to in action texts (uruguayo-1v1 only)."""

    refusal_errors = (Refused,)
    stacks_deals = True

    def __init__(self) -> None:
        self.p: Any = None
        self.seed = 0
        self.stacked: list[dict[str, Any]] = []
        self.hands: list[dict[str, Any]] = []
        self.readings: dict[str, str] = {}
        self.choices: tuple[tuple[int, list[Any]] | None] | None = None  # _choices of the state now

    # --- the match ------------------------------------------------------------------------------
    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: Sequence[Mapping[str, Any]] = ()) -> None:
        from pytruco.pdt.partida import Partida

        if ruleset != RULESET:
            raise ValueError(f"{ENGINE_NAME} plays {RULESET} only, not {ruleset}")
        unknown = {k: v for k, v in readings.items() if k != "partida-points" or v not in TARGETS}
        if unknown:
            raise ValueError(f"{ENGINE_NAME} cannot play the readings {unknown}")
        self.seed, self.readings = seed, dict(readings)
        self.stacked = [{"hands": [list(h) for h in d["hands"]], "muestra": d["muestra"]} for d in deals]
        target = TARGETS[readings.get("partida-points", DEFAULT_TARGET)]
        self.p = Partida(puntuacion=target, azules=[PLAYERS[0]], rojos=[PLAYERS[1]], verbose=True,
                         limite_envido=4)
        self.hands = []
        self.choices = None
        self._deal()

    def _partida(self) -> Any:
        if self.p is None:
            raise RuntimeError("no game: call new_game first")
        return self.p

    def _deal(self) -> None:
        """Stack the next hand's cards and muestra on the hand the engine just dealt."""
        number = len(self.hands) + 1
        deal = self.stacked[number - 1] if number <= len(self.stacked) else seed_deal(self.seed, number)
        ronda = self.p.ronda
        ronda.set_cartas([[engine_card(c) for c in cards] for cards in deal["hands"]])
        ronda.set_muestra(engine_card(deal["muestra"]))
        starter = ronda.el_mano
        self.hands.append({"partida": 1, "number": number, "dealer": 1 - starter, "starter": starter,
                           "deal": [list(h) for h in deal["hands"]], "muestra": deal["muestra"],
                           "actions": [], "result": {"rounds": [], "winner": None, "points": 0}})

    def _scores(self) -> list[int]:
        from pytruco.pdt.equipo import Equipo

        return [self.p.puntajes[Equipo.AZUL], self.p.puntajes[Equipo.ROJO]]

    def _side(self, jid: str) -> int:
        return PLAYERS.index(self.p.manojo(jid).jugador.id)

    # --- the contract ---------------------------------------------------------------------------
    def _choices(self) -> tuple[int, list[Any]] | None:
        """(seat to act, its actions as the engine lists them), or None once the match is over
        (kept until the next action: the engine's lists take long to compute)."""
        if self.choices is None:
            self.choices = (self._compute_choices(),)
        return self.choices[0]

    def _compute_choices(self) -> tuple[int, list[Any]] | None:
        from pytruco.pdt.chi import chis

        p = self._partida()
        if p.terminada():
            return None
        options = chis(p, allow_mazo=True)  # URU-10: the engine's mazo is the record format's `mazo`
        answering = [s for s, chi in enumerate(options) if any(word_of(j) in ANSWERS for j in chi)]
        acting = [s for s, chi in enumerate(options) if chi]
        seat = answering[0] if answering else p.ronda.turno if options[p.ronda.turno] or not acting \
            else acting[0]
        return seat, options[seat]

    def to_act(self) -> int | None:
        choices = self._choices()
        return None if choices is None else choices[0]

    def legal_actions(self) -> list[str]:
        choices = self._choices()
        if choices is None:
            return []
        out = []
        for j in choices[1]:
            word = word_of(j)
            out.append(f"play {card_text(j.carta)}" if hasattr(j, "carta") else WORDS[word])
        return out

    def apply(self, action: str) -> None:
        choices = self._choices()
        if choices is None:
            raise Refused("the match is over")
        seat = choices[0]
        p = self.p
        if action.startswith("play ") and action[5:] in DECK:
            suit = next(k for k, v in SUITS.items() if v == action[-1])
            command = f"{PLAYERS[seat]} {action[5:-1]} {suit}"
        elif action in TEXTS:
            command = f"{PLAYERS[seat]} {TEXTS[action]}"
        else:
            raise Refused(f"{action!r}: no action of the engine says it")
        jugada = p.parse_jugada(command)
        errors, ok = jugada.ok(p)
        if not ok:
            said = "; ".join(str(e.message.cont) for e in errors) or "not allowed"
            raise Refused(f"the engine refused {action!r}: {said}")
        flor_contest = str(p.ronda.envite.estado) in FLOR_STATES
        hand = self.hands[-1]
        hand["actions"].append({"seat": seat, "action": action})
        self.choices = None
        envelopes = jugada.hacer(p)
        if p.terminada():
            envelopes += p.byeBye()
        self._read(envelopes, flor_contest)

    def _read(self, envelopes: list[Any], flor_contest: bool) -> None:
        """The engine's messages about the action just done, into the record."""
        result = self.hands[-1]["result"]
        hand_over = False
        for env in envelopes:
            cod, data = str(env.message.cod), env.message.cont
            if cod == "ManoGanada":
                result["rounds"].append(self._side(data["autor"]))
            elif cod == "LaManoResultaParda":
                result["rounds"].append("tie")
            elif cod == "SumaPts":
                reason = str(data["razon"])
                side = self._side(data["autor"])
                if reason in HAND_REASONS:
                    result["winner"], result["points"] = side, int(data["puntos"])
                    hand_over = True
                else:
                    contest = "flor" if reason in FLOR_REASONS or (
                        reason not in ENVIDO_REASONS and flor_contest) else "envido"
                    result.setdefault("side_points", []).append(
                        {"contest": contest, "side": side, "points": int(data["puntos"])})
        if hand_over or self.p.terminada():
            result["score"] = self._scores()
            if hand_over and not self.p.terminada():
                self._deal()

    def deal(self) -> dict[str, Any]:
        hand = self.hands[-1]
        return {"hands": [list(h) for h in hand["deal"]], "muestra": hand["muestra"]}

    def muestra(self) -> str | None:
        return str(self.hands[-1]["muestra"])

    def record(self) -> dict[str, Any]:
        p = self._partida()
        # a copy: the record handed out must not change as the game goes on
        hands = [copy.deepcopy(h) for h in self.hands if "score" in h["result"]]
        rec: dict[str, Any] = {"format": "truco-record/1", "ruleset": RULESET,
                               "readings": dict(self.readings), "seed": self.seed, "engine": ENGINE_NAME,
                               "hands": hands, "result": None}
        if p.terminada():
            scores = self._scores()
            winner = 0 if scores[0] >= scores[1] else 1
            rec["result"] = {"winner": winner, "score": scores, "partidas": [winner]}
        return rec


def make_adapter() -> PyTrucoAdapter:
    """The factory `truco check` calls once per game."""
    return PyTrucoAdapter()
