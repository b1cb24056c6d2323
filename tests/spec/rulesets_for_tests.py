"""Ruleset files written in the tests: the Gauderio one against one of the guide
(docs/en/guide/rulesets.md), whole, and ways to break it."""

from __future__ import annotations

# Written from the guide alone: the sections in the order it walks through them.
GAUDERIO_1V1 = """\
format: truco-ruleset/1
name: gauderio-1v1
code: g1
title: {en: "Truco Gauderio, one against one", es: "Truco Gauderio, mano a mano", it: "Truco Gauderio, uno contro uno", pt: "Truco Gaudério, um contra um"}
family: {en: Truco Gauderio, es: Truco Gauderio, it: Truco Gauderio, pt: Truco Gaudério}
language: es
origin: {rulebook: "003"}

players: {count: 2, clause: SET-1}
deck:
  clause: DECK-2
  ranks: ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12"]
  suits: ["e", "b", "o", "c"]
  card: "{rank}{suit}"
deal: {cards: 3, clause: DEAL-1}
play: {order: ORD-1}

strength:
  clauses: {order: CARD-5}
  groups:
    - [1e]
    - [1b]
    - [7e]
    - [7o]
    - [3e, 3b, 3o, 3c]
    - [2e, 2b, 2o, 2c]
    - [1o, 1c]
    - [12e, 12b, 12o, 12c]
    - [11e, 11b, 11o, 11c]
    - [10e, 10b, 10o, 10c]
    - [7b, 7c]
    - [6e, 6b, 6o, 6c]
    - [5e, 5b, 5o, 5c]
    - [4e, 4b, 4o, 4c]

truco:
  opening: {value: 1, clause: VAL-2}
  calls:
    - {value: 2, refused: 1, name: {es: truco, en: truco, it: truco, pt: truco}}
    - {value: 3, refused: 2, name: {es: retruco, en: retruco, it: retruco, pt: retruco}}
    - {value: 4, refused: 3, name: {es: vale cuatro, en: vale cuatro, it: vale cuatro, pt: vale quatro}}
  next_call: other-side
  clauses: {call: BET-1, answer: BET-2, accept: BET-3, refuse: BET-4, raise: BET-5, order: BET-9, top: BET-9, alternate: BET-10}

envido:
  clauses: {contest: ENV-1, pair: ENV-2, no_pair: ENV-3, points: ENV-4, real: ENV-5, falta: ENV-6, values: ENV-7}
  values: {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "10": 0, "11": 0, "12": 0}
  pair_bonus: 20
  calls:
    envido: {stake: 2, times: 2, then: [envido, real-envido, falta-envido]}
    real-envido: {stake: 3, then: [falta-envido]}
    falta-envido: {stake: falta, then: []}
flor:
  clauses: {sing: FLR-1, stake: FLR-2, answers: FLR-4, accept: FLR-5, contraflor: FLR-6, resto: FLR-7, achico: FLR-8}
  stake: 3
  accepted: [6]
  contraflor: double
  resto: falta

match: {target: 24, partidas: 1, clauses: {target: MAT-3, end: MAT-2}}

readings:
  all-rounds-tied: {default: nobody-scores, rationale: {en: "Stated by 003.", es: "Lo establece 003.", it: "Lo stabilisce 003.", pt: "Estabelecido por 003."}}
  split-then-tie: {default: first-round-winner, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  first-two-tied: {default: third-round-decides, rationale: {en: "Stated by 003.", es: "Lo establece 003.", it: "Lo stabilisce 003.", pt: "Estabelecido por 003."}}
  hand-length: {default: ends-when-decided, rationale: {en: "Stated by 003.", es: "Lo establece 003.", it: "Lo stabilisce 003.", pt: "Estabelecido por 003."}}
  covering: {default: not-allowed, rationale: {en: "003 has no covered cards.", es: "003 no tiene cartas cubiertas.", it: "003 non ha carte coperte.", pt: "003 não tem cartas cobertas."}}
  round-leader: {default: winner-leads-tie-same, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  hand-starter: {default: rotate-against-play, rationale: {en: "ORD-2.", es: "ORD-2.", it: "ORD-2.", pt: "ORD-2."}}
  gauderio-target:
    default: "24"
    rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}
    sets: {"24": {match.target: 24}, "30": {match.target: 30, match.clauses.target: MAT-4}}
  envido-stakes: {default: classic, rationale: {en: "The only reading.", es: "La única lectura.", it: "L'unica lettura.", pt: "A única leitura."}}
  envido-without-pair: {default: highest-card, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  falta-points: {default: leader-lacks, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  side-bet-window: {default: first-card-turn, rationale: {en: "The only reading.", es: "La única lectura.", it: "L'unica lettura.", pt: "A única leitura."}}
  side-bet-ties: {default: starter-side, rationale: {en: "The only reading.", es: "La única lectura.", it: "L'unica lettura.", pt: "A única leitura."}}
  side-bet-scoring: {default: immediately, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  envido-first: {default: truco-closes-envido, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  flor-optional: {default: optional, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  flor-refusal: {default: stake-before-call, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  flor-over-envido: {default: envido-stands, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  envido-three-suit: {default: two-highest, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  envido-refusal: {default: earlier-calls, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  envido-order: {default: in-order, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  contraflor-stake: {default: double-stake, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  flor-answers: {default: in-turn, rationale: {en: "The only reading.", es: "La única lectura.", it: "L'unica lettura.", pt: "A única leitura."}}
  flor-window: {default: before-first-card, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  flor-achico: {default: stake, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
  contraflor-resto: {default: falta, rationale: {en: "As 003's ruleset.", es: "Como el de 003.", it: "Come quello di 003.", pt: "Como o de 003."}}
"""

# (what is broken, replace this text, with this, the error must mention) -- each one a file the
# loader must refuse with the field's path and line.
BREAKAGES: list[tuple[str, str, str, str]] = [
    ("yaml syntax", "  pair_bonus: 20\n", "  pair_bonus: [20\n", "not valid YAML"),
    ("missing section", "deal: {cards: 3, clause: DEAL-1}\n", "", "'deal' is a required property"),
    ("wrong type", "players: {count: 2, clause: SET-1}", "players: {count: two, clause: SET-1}", "players.count"),
    ("duplicate key", "language: es\n", "language: es\nlanguage: it\n", "given twice"),
    ("ladder goes down", "{value: 3, refused: 2,", "{value: 2, refused: 1,", "the ladder must increase"),
    ("refusal pays too much", "{value: 4, refused: 3,", "{value: 4, refused: 4,", "cannot pay 4"),
    ("card in two groups", "    - [7b, 7c]\n", "    - [7b, 7c, 3b]\n", "is already in strength.groups.4"),
    ("card in no group", "    - [4e, 4b, 4o, 4c]\n", "    - [4e, 4b, 4o]\n", "no group ranks 4c"),
    ("unknown card", "    - [1e]\n", "    - [1e, 9e]\n", "'9e' is not a card of this deck"),
    ("call answers itself once", "    envido: {stake: 2, times: 2, then:",
     "    envido: {stake: 2, times: 1, then:", "envido answers itself but may appear only once (times: 1)"),
    ("repeat without times", "    envido: {stake: 2, times: 2,", "    envido: {stake: 2,", "appear only once"),
    ("bad reading default", "all-rounds-tied: {default: nobody-scores,", "all-rounds-tied: {default: coin-toss,",
     "'coin-toss' is not a reading of all-rounds-tied"),
    ("unknown register key", "  envido-stakes: {default: classic,", "  envido-stake: {default: classic,",
     "'envido-stake' is not a key of the ambiguity register"),
    ("missing reading", "  envido-first: {default: truco-closes-envido,", "  # envido-first: {default: x,",
     "no default reading of 'envido-first'"),
    ("unknown clause", "players: {count: 2, clause: SET-1}", "players: {count: 2, clause: SET-99}",
     "no clause SET-99"),
    ("reading sets a bad value", "sets: {\"24\": {match.target: 24}", "sets: {\"24\": {match.target: -4}",
     "makes the file invalid"),
    ("name clash", "name: gauderio-1v1", "name: gauderio-pairs-es", "already uses this name"),
    ("unknown rulebook", 'origin: {rulebook: "003"}', 'origin: {rulebook: "009"}', "no rulebook '009'"),
    ("señas one against one", "\nmatch: {target: 24,", "\nsenas:\n  ciego: {clause: SEN-1, below: \"3\"}\n\nmatch: {target: 24,",
     "one against one has none"),
    ("flor partner one against one", "  stake: 3\n", "  stake: 3\n  partner_raise: 6\n", "no partner to raise"),
    # What the engine refuses, the spec refuses at load too (one loader, one verdict).
    ("players as a float", "players: {count: 2, clause: SET-1}", "players: {count: 2.0, clause: SET-1}",
     "2.0 is not of type 'integer'"),
    ("target as a float", "match: {target: 24,", "match: {target: 24.0,", "24.0 is not of type 'integer'"),
    ("reading sets a float", 'sets: {"24": {match.target: 24}', 'sets: {"24": {match.target: 24.0}',
     "makes the file invalid"),
    ("top past the groups", "  clauses: {order: CARD-5}\n  groups:", "  clauses: {order: CARD-5}\n  top: 15\n  groups:",
     "top is 15 but there are only 14 groups"),
    ("reading leaves cards out of the deck", 'sets: {"24": {match.target: 24}',
     'sets: {"24": {match.target: 24, deck.ranks: ["1", "2", "3", "5", "6", "7", "10", "11", "12"]}',
     "this reading makes the file invalid: strength.groups.13.0: '4e' is not a card of this deck"),
]


def _alias_bomb(levels: int = 9) -> str:
    """About 500 bytes whose aliases expand to 10**levels values."""
    rows = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "\n".join(rows) + "\n"


# Files a hostile user writes, and the words of the one-line error each must give (fast to refuse).
HOSTILE_YAML: dict[str, tuple[str, str]] = {
    "alias-bomb": (_alias_bomb(), "more than 100,000 values"),
    "recursive-anchor": ("a: &a [1, *a]\n", "refers to its own anchor"),
    "recursive-mapping": ("a: &a {b: *a}\n", "refers to its own anchor"),
    "deep-nesting": ("a: " + "[" * 100 + "]" * 100 + "\n", "levels deep"),
    "too-large": ("# " + "x" * (1 << 20) + "\n", "larger than"),
}
