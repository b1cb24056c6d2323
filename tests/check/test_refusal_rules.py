"""A refusal names the rule that forbids the action (issue 39), in both encodings: every refusal of
every ruleset, met on walks through ordinary hands, hands of ten and iron hands, cites a clause
whose text is about the action refused, or about the call that waits for its answer, and that is
a clause of the ruleset (or of a register entry concerning it). An action of a part of the game
the ruleset lacks (envido, flor, señas, the mazo, the hand of ten, a blind hand, covering) cites
the clause that defines that part, and says the ruleset lacks it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from truco_rules.engine import Game, IllegalActionError, InvalidActionError
from truco_rules.engine import phases as engine_phases
from truco_rules.engine.actions import SIMPLE
from truco_rules.engine.features import SIGNS
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.perft import perft_deals
from truco_rules.spec.rules.state import Illegal, Match, Rules, legal_actions

CAT = load_catalogue()
# an action's verb -> the words of its subject; a clause about the action says one of them
TOPIC = {
    # a card: which, whose, in which round, and the blind iron hand where cards go by slot
    "play": ("card", "play", "round", "dealt", "blind", "iron", "mão de ferro"),
    "cover": ("cover", "card", "play", "round", "dealt", "blind", "iron", "mão de ferro"),
    "raise": ("truco", "call", "raise", "value", "worth"),
    "accept": ("call", "answer", "accept"), "run": ("call", "answer", "run", "refus"),
    "envido": ("envido",), "real-envido": ("envido",), "falta-envido": ("envido",),
    "flor": ("flor",), "flor-raise": ("flor",), "flor-pass": ("flor",), "contraflor": ("contraflor",),
    "contraflor-resto": ("contraflor",), "mazo": ("mazo",), "sign": ("seña", "sign"),
    "ten-play": ("ten", "eleven", "onze"), "ten-decline": ("ten", "eleven", "onze"),
}
# the call a phase waits on -> its verb (whose topic a refusal may name instead: "answer it first")
WAITING = {"truco": "raise", "envido": "envido", "flor": "flor", "ten-choice": "ten-play",
           engine_phases.TRUCO: "raise", engine_phases.TEN_CHOICE: "ten-play",
           engine_phases.ENVIDO: "envido", engine_phases.FLOR_PARTNER: "flor", engine_phases.FLOR_OPP: "flor",
           engine_phases.FLOR_CONTRA: "flor", engine_phases.FLOR_RESTO: "contraflor"}
FEATURE = {"envido": "envido", "real-envido": "envido", "falta-envido": "envido", "flor": "flor",
           "flor-raise": "flor", "flor-pass": "flor", "contraflor": "flor", "contraflor-resto": "flor",
           "sign": "senas", "mazo": "mazo", "ten-play": "hand_of_ten", "ten-decline": "hand_of_ten"}


def _text(clause: str) -> str:
    c = CAT.clauses[clause]
    return f"{c.title['en']} {c.text['en']}".lower()


def _about(verb: str, clause: str) -> bool:
    return any(word in _text(clause) for word in TOPIC[verb])


def _lacks(rules: Rules, text: str) -> bool:
    """The action needs a part of the game the ruleset (under its readings) does not have."""
    verb = text.split()[0]
    if verb in FEATURE:
        return not rules.has(FEATURE[verb])
    if "#" in text:  # a card by its slot: only in a blind iron hand (IRN-2)
        return not rules.has("iron_hand")
    return verb == "cover" and rules.reading("covering") != "allowed"  # AMB-7


def _probes(rules: Rules, deal: tuple[tuple[str, ...], ...]) -> set[str]:
    out = {*SIMPLE, *(f"sign {s}" for s in SIGNS), *(f"raise {v}" for v in (*rules.ladder, 1, 5)),
           "play #1", "cover #2"}
    out.update(f"{verb} {card}" for cards in deal for card in cards for verb in ("play", "cover"))
    return out


def _walks(ruleset: str) -> Iterator[tuple[Rules, list[int], tuple[tuple[str, ...], ...], str | None]]:
    """Deals to walk: ordinary hands, the hand of ten on either side and the iron hand."""
    rng = random.Random(ruleset)
    rules = Rules.of(ruleset)
    scores = [[0, 0]]
    if rules.has("hand_of_ten"):
        ten = int(rules.data["hand_of_ten"]["score"])
        scores += [[ten, 0], [0, ten]]
    if rules.has("iron_hand"):
        scores.append([int(rules.data["iron_hand"]["score"])] * 2)
    for score in scores:
        for _ in range(3):
            deal = perft_deals(rules, rng.randrange(10**6), 1)[0]
            yield rules, score, tuple(tuple(h) for h in deal["hands"]), deal["muestra"]


def refusals(ruleset: str) -> Counter[tuple[str, str, object, str, str]]:
    """(encoding, action, phase, clause, reason) of every refusal met, both encodings on the same
    deals and the same random actions."""
    found: Counter[tuple[str, str, object, str, str]] = Counter()
    rng = random.Random(ruleset)
    for rules, score, deal, muestra in _walks(ruleset):
        probes = _probes(rules, deal)
        hand = Match(rules, score=list(score)).new_hand(deal, muestra)
        walk = []
        while not hand.over:
            seat, legal = hand.to_act(), legal_actions(hand)
            for text in sorted(probes - legal):
                try:
                    hand.apply(seat, text, dry_run=True)  # type: ignore[arg-type]
                except Illegal as exc:
                    found["spec", text, hand.phase, exc.clause, exc.requires] += 1
            walk.append(rng.choice(sorted(legal)))
            hand.apply(seat, walk[-1])  # type: ignore[arg-type]
        game = Game.new(ruleset, deals=[[list(h) for h in deal]], muestras=[muestra] if muestra else None,
                        scores=(score[0], score[1]))
        for action in walk:
            legal = {a.text for a in game.legal_actions()}
            for text in sorted(probes - legal):
                try:
                    game.push(text)
                except IllegalActionError as exc:
                    found["engine", text, game.hand.phase, str(exc.clause), str(exc)] += 1
                except InvalidActionError:
                    pass
            assert action in legal, (ruleset, action, sorted(legal))  # the two encodings agree
            game.push(action)
    return found


@pytest.mark.parametrize("ruleset", list(CAT.rulesets))
def test_every_refusal_names_a_rule_about_the_action(ruleset: str) -> None:
    rules = Rules.of(ruleset)
    ruleset_clauses = {c.id for c in CAT.clauses_of(ruleset)}
    ruleset_clauses |= {c for amb in CAT.ambiguities_of(ruleset) for c in amb.clauses}
    found = refusals(ruleset)
    assert {enc for enc, *_ in found} == {"spec", "engine"} and len(found) > 20
    wrong = []
    for (encoding, text, phase, clause, reason), _ in sorted(found.items(), key=str):
        verb = text.split()[0]
        # what may forbid it besides its own rule: the call waiting for its answer, the flor the
        # seat must sing first (AMB-31, AMB-42)
        blocking = [WAITING[phase]] if phase in WAITING else []  # type: ignore[index]
        blocking += ["flor"] if "flor" in reason and "flor" not in verb else []
        by_ruleset = clause in ruleset_clauses and any(_about(v, clause) for v in [verb, *blocking])
        if _lacks(rules, text):  # the clause that defines what the ruleset lacks, or what comes first
            ok = (clause in CAT.clauses and _about(verb, clause)) or by_ruleset
        else:
            ok = by_ruleset
        if not ok:
            wrong.append(f"{encoding}: {text!r} in phase {phase} refused with {clause}: {reason}")
    assert not wrong, "\n".join(dict.fromkeys(wrong))
