"""The Z3 models agree with the executable spec over each function's whole finite domain.

The models' own Z3 terms are compiled (truco_rules.proofs.evaluate) and run on every input, so the term
that was proved is the one compared with the spec.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import z3

from truco_rules.proofs import card_model as cm
from truco_rules.proofs import envido_model as em
from truco_rules.proofs import hand_model as hm
from truco_rules.proofs import ladder_model as lm
from truco_rules.proofs import match_model as mm
from truco_rules.proofs import stake_model as sm
from truco_rules.proofs.evaluate import compile_term
from truco_rules.proofs.setup import all_rulesets, make_setup
from truco_rules.proofs.solver import find_all
from truco_rules.spec.rules import cards as spec_cards
from truco_rules.spec.rules import envido as spec_envido
from truco_rules.spec.rules import hands as spec_hands
from truco_rules.spec.rules import ladder as spec_ladder
from truco_rules.spec.rules import match as spec_match
from truco_rules.spec.rules import rounds as spec_rounds

RULESETS = tuple(all_rulesets())
ENVIDO_RULESETS = tuple(r for r in RULESETS if make_setup(r).has("envido"))


def _hand_domain() -> list[tuple[int, int, int, int]]:
    out = []
    for r1, r2, r3, d in itertools.product(range(4), range(4), range(4), range(2)):
        if (r1 == hm.NOT_PLAYED and r2 != hm.NOT_PLAYED) or (r2 == hm.NOT_PLAYED and r3 != hm.NOT_PLAYED):
            continue
        out.append((r1, r2, r3, d))
    return out


@pytest.mark.clause("HND-3", "HND-5", "HND-6", "HND-7", "HND-8", "HND-9", "HND-10")
@pytest.mark.parametrize("split", ["first-round-winner", "last-winner-before-tie"])
@pytest.mark.parametrize("tied", ["nobody-scores", "dealer-side-wins", "starter-side-wins"])
def test_hand_model_is_spec_hand_code(split: str, tied: str) -> None:
    setup = make_setup("mineiro-1v1-es", {"split-then-tie": split, "all-rounds-tied": tied})
    h = hm.Rounds.fresh()
    f = compile_term(hm.HandModel(setup).outcome(h), h.variables)
    readings = dict(setup.readings)
    for r1, r2, r3, d in _hand_domain():
        want = spec_hands.hand_code(r1, r2, r3, split_then_tie=split, first_two_tied="third-round-decides",
                                    all_rounds_tied=readings["all-rounds-tied"], dealer_side=d)
        assert f(r1, r2, r3, d) == want, f"[HND-5] rounds {(r1, r2, r3)} dealer {d}"


@pytest.mark.clause("HND-1", "HND-2")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_hand_length_matches_spec_hand_over(ruleset: str) -> None:
    for length in ("ends-when-decided", "always-three-rounds"):
        setup = make_setup(ruleset, {"hand-length": length})
        h = hm.Rounds.fresh()
        f = compile_term(hm.HandModel(setup).outcome(h), h.variables)
        for r1, r2, r3, d in _hand_domain():
            rounds = [("tie" if r == hm.TIE else r) for r in (r1, r2, r3) if r != hm.NOT_PLAYED]
            decided = f(r1, r2, r3, d) != hm.UNDECIDED
            model_over = len(rounds) == 3 if length == "always-three-rounds" else decided
            assert model_over == spec_hands.hand_over(rounds, dict(setup.readings), d), f"[HND-1] {rounds}"


@pytest.mark.clause("BET-4", "BET-6", "BET-8", "BET-9")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_ladder_steps_and_run_payouts_match_spec(ruleset: str) -> None:
    setup = make_setup(ruleset)
    m = lm.LadderModel(setup)
    v = z3.Int("v")
    nxt, before = compile_term(m.next_step(v), [v]), compile_term(m.step_before(v), [v])
    for value in range(0, 14):
        assert nxt(value) == spec_ladder.next_step(setup.rules, value), f"[BET-6] after {value}"
        if value in lm.steps_of(setup)[1:]:
            assert before(value) == spec_ladder.run_payout(setup.rules, value), f"[BET-4] run from {value}"
    assert spec_ladder.ladder(setup.rules) == lm.steps_of(setup)


@pytest.mark.clause("TEN-1", "TEN-2", "IRN-1", "VAL-1", "VAL-2")
@pytest.mark.parametrize("ruleset,iron", [
    (r, iron) for r in RULESETS
    for iron in (("like-hand-of-ten", "ordinary-hand") if make_setup(r).has("iron_hand") else (None,))])
def test_hand_of_ten_and_start_value_match_spec(ruleset: str, iron: str | None) -> None:
    setup = make_setup(ruleset, {"iron-hand": iron} if iron else {})
    m = mm.MatchModel(setup)
    s0, s1 = z3.Ints("s0 s1")
    score = mm.Score(s0, s1, z3.BoolVal(False), z3.IntVal(-1))
    no_truco = compile_term(z3.If(m.no_truco(score), 1, 0), [s0, s1])
    for a, b in itertools.product(range(mm.target_of(setup)), repeat=2):
        kind = spec_ladder.hand_kind(setup.rules, a, b)
        want = spec_ladder.iron_like_ten(kind, setup.reading("iron-hand"))
        assert bool(no_truco(a, b)) == want, f"[TEN-1] scores {a}-{b}"
        start = lm.ten_value(setup) if want else lm.steps_of(setup)[0]
        assert start == spec_ladder.initial_value(setup.rules, kind, setup.reading("iron-hand")), "[TEN-2]"


@pytest.mark.clause("MAT-1", "MAT-3", "MAT-4")
@pytest.mark.parametrize("ruleset,readings", [(r, {}) for r in RULESETS]
                         + [("gauderio-pairs-es", {"gauderio-target": "30"}),
                            ("uruguayo-1v1", {"partida-points": "40"})])
def test_target_matches_spec(ruleset: str, readings: dict[str, str]) -> None:
    setup = make_setup(ruleset, readings)
    assert mm.target_of(setup) == spec_match.target(setup.rules)


@pytest.mark.clause("ENV-2", "ENV-3", "ENV-4", "ENV-7", "FLR-1", "URU-5", "URU-6")
@pytest.mark.parametrize("ruleset", ENVIDO_RULESETS)
@pytest.mark.parametrize("without_pair", ["highest-card", "sum-of-cards"])
@pytest.mark.parametrize("three_suit", ["two-highest", "all-three"])
def test_envido_and_flor_points_match_spec_on_every_hand(ruleset: str, without_pair: str,
                                                         three_suit: str) -> None:
    """Every hand of three cards of the deck (with a muestra: every muestra for a sample of hands)."""
    setup = make_setup(ruleset, {"envido-without-pair": without_pair, "envido-three-suit": three_suit})
    h = em.Hand.fresh(setup)
    m = em.EnvidoModel(setup)
    points, flor = compile_term(m.points(h), h.variables), compile_term(m.flor_points(h), h.variables)
    deck = cm.deck_cards(setup)
    hands = list(itertools.combinations(deck, 3))
    muestras: list[tuple[int, int] | None] = [None]
    if setup.has("muestra"):
        hands = hands[::7]  # every muestra for each: a sample keeps it quick
        muestras = list(deck)
    count = 0
    for (c1, c2, c3), shown in itertools.product(hands, muestras):
        if shown in (c1, c2, c3):
            continue
        args = (*c1, *c2, *c3)
        vals = args + (shown if shown else ())
        want = spec_envido.envido_points(setup.rules, *args, without_pair, shown, three_suit)
        assert points(*vals) == want, f"[ENV-4] {args} muestra {shown}"
        if c1[1] == c2[1] == c3[1]:
            assert flor(*vals) == spec_envido.flor_points(setup.rules, *args, shown), f"[FLR-1] {args}"
        count += 1
    assert count >= 1000


@pytest.mark.clause("ENV-6", "FLR-6", "ARG-6")
@pytest.mark.parametrize("ruleset", ENVIDO_RULESETS)
@pytest.mark.parametrize("reading", ["leader-lacks", "winner-lacks", "trailer-lacks"])
def test_falta_matches_spec(ruleset: str, reading: str) -> None:
    setup = make_setup(ruleset, {"falta-points": reading})
    s0, s1, w = z3.Ints("s0 s1 w")
    target = mm.target_of(setup)
    f = compile_term(em.falta(s0, s1, w, *em.falta_args(setup)), [s0, s1, w])
    for a, b, win in itertools.product(range(target), range(target), (0, 1)):
        assert f(a, b, win) == spec_match.falta_of(setup.rules, [a, b], win), f"[ENV-6] {a}-{b} won by {win}"


@pytest.mark.clause("DECK-1", "DECK-2", "CARD-1", "CARD-2", "CARD-3", "CARD-4", "CARD-5", "COV-1")
@pytest.mark.parametrize("ruleset,readings", [(r, {}) for r in RULESETS]
                         + [("mineiro-1v1-en", {"deck": "spanish-without-tens"}),
                            ("gauderio-pairs-es", {"card-pairs": "in-order"})])
def test_card_strength_matches_spec_on_every_card(ruleset: str, readings: dict[str, str]) -> None:
    setup = make_setup(ruleset, readings)
    c = cm.Card.fresh("c")
    m = cm.CardModel(setup)
    f = compile_term(m.strength(c), c.variables)
    names = [cm.card_name(setup, r, s) for r, s in cm.deck_cards(setup)]
    assert tuple(names) == spec_cards.deck(setup.rules), "[DECK-1] deck"
    for name, (r, s) in zip(names, cm.deck_cards(setup), strict=True):
        # The symbolic term against the spec's concrete path (a separate, cached computation).
        assert f(r, s) == spec_cards.card_strength(setup.rules, name), f"[CARD-2] {name}"
        assert compile_term(m.covered(), [])() == spec_cards.card_strength(setup.rules, name, covered=True)
    if setup.has("muestra"):
        mu = cm.Card.fresh("muestra")
        g = compile_term(m.strength(c, mu), c.variables + mu.variables)
        for (r, s), shown in itertools.product(cm.deck_cards(setup), cm.deck_cards(setup)):
            want = spec_cards.card_strength(setup.rules, setup.rules.deck.name((r, s)),
                                            muestra=setup.rules.deck.name(shown))
            assert g(r, s, *shown) == want, f"[URU-3] {(r, s)} muestra {shown}"


@pytest.mark.clause("RND-2", "RND-3")
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("partner_tie", ["pair-wins", "tie"])
def test_round_model_matches_spec_round_result(players: int, partner_tie: str) -> None:
    """Every round of 2 or 4 strengths 0..14 (covered = 0), either side leading."""
    setup = make_setup("gauderio-pairs-es" if players == 4 else "mineiro-1v1-es",
                       {"partner-tie": partner_tie} if players == 4 else {})
    r = cm.Round.fresh(setup)
    f = compile_term(cm.RoundModel(setup).result(r), r.variables)
    for lead in (0, 1):
        sides = [(lead + i) % 2 for i in range(players)]
        for s in itertools.product(range(15), repeat=players):
            want = spec_rounds.round_result(s, sides, partner_tie)
            assert f(*s, lead) == want, f"[RND-3] strengths {s} leader side {lead}"


def _chain_step(model: sm.EnvidoChain, pre: dict[str, Any], act: int, falta: int) -> dict[str, Any] | None:
    """The model's post-state for a concrete pre-state and action (None if the action is not allowed)."""
    s, t = sm.Chain.fresh("pre"), sm.Chain.fresh("post")
    fixed = [v == pre[str(v)] for v in s.variables]
    found = find_all(model.transition(s, t, z3.IntVal(act), z3.IntVal(falta)), t.variables,
                     assumptions=fixed, limit=2)
    assert len(found) <= 1, "the envido chain is deterministic"
    return {k.replace("_post", "_pre"): v for k, v in found[0].items()} if found else None


SPEC_KIND = {sm.ENVIDO: spec_envido.ENVIDO, sm.REAL: spec_envido.REAL_ENVIDO,
             sm.FALTA: spec_envido.FALTA_ENVIDO}


@pytest.mark.clause("ENV-5", "ENV-6", "ARG-5")
@pytest.mark.parametrize("ruleset", ENVIDO_RULESETS)
def test_envido_chain_matches_spec_on_every_call_sequence(ruleset: str) -> None:
    """Every sequence of up to five calls: allowed by the model exactly when the spec calls it forward;
    accepted and refused, it pays what the spec says (AMB-20 classic)."""
    setup = make_setup(ruleset, {"envido-stakes": "classic"})
    shape = sm.chain_shape(setup)
    assert shape is not None, "every envido ruleset has the chain the model knows"
    model, falta, rules = sm.EnvidoChain(shape), 9, setup.rules
    start = {str(v): 0 for v in sm.Chain.fresh("pre").variables}
    start["over_pre"] = False
    frontier: list[tuple[tuple[int, ...], dict[str, Any]]] = [((), start)]
    checked = 0
    for _ in range(5):
        nxt = []
        for chain, state in frontier:
            for kind in (sm.ENVIDO, sm.REAL, sm.FALTA):
                calls = [SPEC_KIND[k] for k in (*chain, kind)]
                post = _chain_step(model, state, kind, falta)
                assert (post is not None) == spec_envido.is_chain(rules, calls), f"[ENV-5] {calls}"
                if post is None:
                    continue
                accepted = _chain_step(model, post, sm.ACCEPT, falta)
                refused = _chain_step(model, post, sm.RUN, falta)
                stake = spec_envido.envido_accepted_stake(rules, calls, falta)
                assert accepted and accepted["paid_pre"] == stake, f"[ENV-6] accepted {calls}"
                assert refused and refused["paid_pre"] == spec_envido.envido_refused_payout(rules, calls), \
                    f"[ENV-5] refused {calls}"
                nxt.append(((*chain, kind), post))
                checked += 1
        frontier = nxt
    assert checked == 11 and not frontier  # the forward chains; none has five calls


@pytest.mark.clause("FLR-2", "FLR-3", "FLR-5", "FLR-6", "FLR-8")
@pytest.mark.parametrize("ruleset,readings", [("gauderio-pairs-es", {}), ("uruguayo-1v1", {}),
                                              ("argentino-1v1", {"flor-in-play": "with-flor"}),
                                              ("gauderio-pairs-es", {"contraflor-stake": "double-quiero"})])
@pytest.mark.parametrize("refusal", ["stake-before-call", "stake-called"])
def test_flor_stakes_match_spec(ruleset: str, readings: dict[str, str], refusal: str) -> None:
    setup = make_setup(ruleset, {**readings, "flor-refusal": refusal})
    rules = setup.rules
    m = sm.FlorExchange(setup)
    a, st, before, called = z3.Ints("a st before called")
    accepted, doubled = compile_term(m.accepted_stake(a), [a]), compile_term(m.contraflor(st), [st])
    refused = compile_term(m.refused(before, called), [before, called])
    for n in range(1, setup.players // 2 + 1):
        assert accepted(n) == spec_envido.flor_accepted_stake(rules, n), f"[FLR-5] {n} quiero"
    raised = spec_envido.flor_partner_raise(rules)
    for stake in (spec_envido.flor_stake(rules), *([raised] if raised else [])):
        assert doubled(stake) == spec_envido.contraflor_called(rules, stake), f"[FLR-6] {stake}"
        for falta in range(1, 31):
            for b, c in ((stake, 2 * stake), (2 * stake, falta)):
                assert refused(b, c) == spec_envido.flor_refused_payout(b, c, refusal), f"[FLR-8] {b} {c}"
    s = sm.Flor.fresh("i")
    for partner, opponents in itertools.product((False, True), range(3)):
        got = find_all(m.init(s, z3.BoolVal(partner)), s.variables, assumptions=[s.opponents == opponents])
        if (partner and raised is None) or opponents > setup.players // 2:
            assert not got, "[FLR-3] no partner one against one; no more opponents than seats"
            continue
        assert len(got) == 1 and got[0]["stake_i"] == spec_envido.flor_stake(rules), "[FLR-2]"
