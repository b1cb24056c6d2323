"""Game records written by hand, following docs/en/guide/procedure.md step by step.

Each comment gives the reasoning that fixes the record's results, so that a reader can check it
against the rulebooks without running anything.
"""

from __future__ import annotations

import copy
from typing import Any

Record = dict[str, Any]


def _hand(number: int, starter: int, dealer: int, deal: list[list[str]], actions: str,
          rounds: list[Any], winner: int | None, points: int, score: list[int], partida: int = 1,
          **extra: Any) -> dict[str, Any]:
    acts = []
    for item in filter(None, (a.strip() for a in actions.split(";"))):
        seat, text = item.split(":", 1)
        acts.append({"seat": int(seat), "action": text.strip()})
    result = {"rounds": rounds, "winner": winner, "points": points, "score": score, **extra}
    return {"partida": partida, "number": number, "dealer": dealer, "starter": starter, "deal": deal,
            "actions": acts, "result": result}


def _record(ruleset: str, hands: list[dict[str, Any]], winner: int, score: list[int],
            partidas: list[int], readings: dict[str, str] | None = None) -> Record:
    return {"format": "truco-record/1", "ruleset": ruleset, "readings": readings or {}, "seed": None,
            "engine": "written by hand", "hands": hands,
            "result": {"winner": winner, "score": score, "partidas": partidas}}


WEAK = ["5C", "6H", "KD"]
STRONG = ["4C", "7H", "3S"]


def mineiro_iron() -> Record:
    """One against one (000): the ladder, the hand of ten and the blind iron hand.

    H1 starter 0: truco, six accepted (side 1 called last); seat 1 wins 4C > 5C, 7H > 6H: side 1 +6.
    H2 starter 1: 4, 6, 10 accepted; seat 0 wins 4C > 5C then 7H > 6H: side 0 +10 -> 10-6.
    H3 starter 0: hand of ten (TEN-1), worth 4, no call; side 1 wins two rounds -> 10-10.
    H4 starter 1: iron hand (IRN-1), blind (IRN-2): cards by slot; side 1 wins -> 10-14, match over.
    """
    return _record("mineiro-1v1-es", [
        _hand(1, 0, 1, [WEAK, STRONG],
              "0:raise 4; 1:raise 6; 0:accept; 0:play 5C; 1:play 4C; 1:play 7H; 0:play 6H",
              [1, 1], 1, 6, [0, 6]),
        _hand(2, 1, 0, [STRONG, WEAK],
              "1:raise 4; 0:raise 6; 1:raise 10; 0:accept; 1:play 5C; 0:play 4C; 0:play 7H; 1:play 6H",
              [0, 0], 0, 10, [10, 6]),
        _hand(3, 0, 1, [WEAK, STRONG], "0:play 5C; 1:play 4C; 1:play 7H; 0:play 6H",
              [1, 1], 1, 4, [10, 10]),
        _hand(4, 1, 0, [WEAK, STRONG], "1:play #1; 0:play #1; 1:play #2; 0:cover #3",
              [1, 1], 1, 4, [10, 14]),
    ], winner=1, score=[10, 14], partidas=[1])


def mineiro_runs() -> Record:
    """One against one (001): every run pays the ladder step below the refused call (BET-4).

    H1: truco run from: side 0 +2. H2 (starter 1): 4, then 6 run from: seat 0 called 6, +4 -> 6-0.
    H3 (starter 0): 4, 6, 10 run from: seat 0 called 10, +6 -> 12-0, match over (MAT-1).
    """
    deal = [STRONG, WEAK]
    return _record("mineiro-1v1-en", [
        _hand(1, 0, 1, deal, "0:raise 4; 1:run", [], 0, 2, [2, 0]),
        _hand(2, 1, 0, deal, "1:raise 4; 0:raise 6; 1:run", [], 0, 4, [6, 0]),
        _hand(3, 0, 1, deal, "0:raise 4; 1:raise 6; 0:raise 10; 1:run", [], 0, 6, [12, 0]),
    ], winner=0, score=[12, 0], partidas=[0])


PAIRS_DEAL = [["4C", "5C", "6C"], ["5H", "6H", "4H"], ["7H", "5S", "6S"], ["4S", "4D", "5D"]]


def mineiro_pairs() -> Record:
    """In pairs (002): answers by the next opponent, the choice of the hand of ten, partners tying.

    H1 starter 0: truco by 0, accepted by 1 (next opponent); seat 2 may not call (BET-10: its
    side called last); seat 3 calls 6, answered by seat 0 (next opponent after 3), who raises to
    10, answered by seat 3 (whose call was raised): accepted, worth 10. Round 1: 4C wins (side 0,
    seat 0 leads); round 2: 7H (seat 2) wins: side 0 +10 -> 10-0.
    H2 starter 1: hand of ten; the first seat of side 0 from the starter is seat 2: it declines,
    side 1 +2 (TEN-6) -> 10-2.
    H3 starter 2: seat 2 plays the hand of ten (worth 4). R1: 4C (seat 0) wins; R2: 6H (seat 1)
    wins; R3: 6S (seat 2) and 6C (seat 0) tie at the top, partners: their pair wins (AMB-5
    pair-wins): side 0 +4 -> 14-2, match over.
    """
    return _record("mineiro-pairs-it", [
        _hand(1, 0, 3, PAIRS_DEAL,
              "0:raise 4; 1:accept; 0:play 4C; 1:play 5H; 2:play 5S; 3:raise 6; 0:raise 10; 3:accept;"
              "3:play 4S; 0:play 5C; 1:play 6H; 2:play 7H; 3:play 4D",
              [0, 0], 0, 10, [10, 0]),
        _hand(2, 1, 0, PAIRS_DEAL, "2:ten-decline", [], 1, 2, [10, 2]),
        _hand(3, 2, 1, PAIRS_DEAL,
              "2:ten-play; 2:play 7H; 3:play 4S; 0:play 4C; 1:play 5H; 0:play 5C; 1:play 6H; 2:play 5S;"
              "3:play 4D; 1:play 4H; 2:play 6S; 3:play 5D; 0:play 6C",
              [0, 1, 0], 0, 4, [14, 2]),
    ], winner=0, score=[14, 2], partidas=[0])


GAUDERIO_DEAL = [["7e", "6e", "1b"], ["5o", "4o", "12c"], ["3b", "2c", "11e"], ["1e", "10o", "7c"]]


def gauderio_falta() -> Record:
    """Gauderio (003): a seña and a falta envido that ends the partida in the first hand.

    Envido points: seat 0 7e+6e+20 = 33, seat 1 5o+4o+20 = 29, seat 2 3 (highest card, AMB-21),
    seat 3 7. Seat 0 signs tanto-30-plus (true: 33). Falta envido accepted by seat 1: the falta
    is 24 - max(0, 0) = 24 (AMB-22 leader-lacks); side 0 wins it and reaches 24 at once (AMB-25
    immediately): the partida, and the best-of-one match, end in the middle of the hand.
    """
    return _record("gauderio-pairs-es", [
        _hand(1, 0, 3, GAUDERIO_DEAL, "0:sign tanto-30-plus; 0:falta-envido; 1:accept", [], None, 0, [24, 0],
              side_points=[{"contest": "envido", "side": 0, "points": 24}]),
    ], winner=0, score=[24, 0], partidas=[0])


def gauderio_best_of_three() -> Record:
    """Best of three (AMB-19): two partidas, each won by side 0 on a falta envido.

    H2 starts partida 2 at 0-0; its starter is seat 3 (ORD-2: anticlockwise), dealer seat 2; the
    falta is called by seat 3 and accepted by seat 0; side 0 still has the best envido (33).
    """
    rec = gauderio_falta()
    rec["readings"] = {"match-format": "best-of-three"}
    rec["hands"].append(_hand(2, 3, 2, GAUDERIO_DEAL, "3:falta-envido; 0:accept", [], None, 0, [24, 0],
                              partida=2, side_points=[{"contest": "envido", "side": 0, "points": 24}]))
    rec["result"]["partidas"] = [0, 0]
    return rec


CONFORMING = {
    "mineiro_iron": mineiro_iron,
    "mineiro_runs": mineiro_runs,
    "mineiro_pairs": mineiro_pairs,
    "gauderio_falta": gauderio_falta,
    "gauderio_best_of_three": gauderio_best_of_three,
}


def mutated(record: Record, path: str, value: Any) -> Record:
    """A copy of `record` with the field at `path` (dots and [i]) set to `value`."""
    rec = copy.deepcopy(record)
    keys = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "").split(".")]
    target = rec
    for k in keys[:-1]:
        target = target[k]
    target[keys[-1]] = value
    return rec
