"""The finite rule functions, against expectations computed by hand from the rulebooks."""

from __future__ import annotations

import itertools

import pytest
import z3

from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.cards import COVERED, card_names, card_strength, deck, parse_card, strength
from truco_rules.spec.rules.hands import (
    NOBODY,
    NOT_PLAYED,
    UNDECIDED,
    Decided,
    NobodyScores,
    Undecided,
    hand_code,
    hand_result,
)
from truco_rules.spec.rules.rounds import TIE, round_result
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.senas import sign_is_true

MINEIRO = Rules.of("mineiro-1v1-es")
GAUDERIO = Rules.of("gauderio-pairs-es")
ARGENTINO = Rules.of("argentino-1v1")
URUGUAYO = Rules.of("uruguayo-1v1")

DEFAULTS = {
    "split-then-tie": "first-round-winner",
    "first-two-tied": "third-round-decides",
    "all-rounds-tied": "nobody-scores",
    "hand-length": "ends-when-decided",
}


def m(name: str) -> int:
    return card_strength(MINEIRO, name)


def g(name: str) -> int:
    return card_strength(GAUDERIO, name)


@pytest.mark.clause("DECK-1", "DECK-2")
def test_decks() -> None:
    assert len(deck(MINEIRO)) == 40 and len(set(deck(MINEIRO))) == 40, "[DECK-1] forty cards"
    assert not any(c[0] in "89" or c.startswith("10") for c in deck(MINEIRO)), "[DECK-1] no 8, 9, 10"
    no_q = Rules.of("mineiro-1v1-es", {"deck": "spanish-without-tens"})
    assert len(deck(no_q)) == 36 and not any(c.startswith("Q") for c in deck(no_q)), (
        "[DECK-1] AMB-13 drops the Qs"
    )
    assert len(deck(GAUDERIO)) == 40 and "8e" not in deck(GAUDERIO) and "10e" in deck(GAUDERIO), (
        "[DECK-2] Spanish forty cards without 8s and 9s"
    )


@pytest.mark.clause("DECK-1", "DECK-2")
def test_card_names_are_what_parse_card_reads() -> None:
    """The table the replay parses a deal with answers as parse_card does, on every name of every
    deck and on texts that are not cards of it (a trailing newline, lower case, another deck's)."""
    for rules in (MINEIRO, GAUDERIO, ARGENTINO, URUGUAYO):
        names = card_names(rules)
        texts = [*rules.deck.names, "4C\n", "4c", "1e", "10e", "7H ", "", "XX", "ZZz"]
        for text in texts:
            assert names.get(text) == parse_card(rules, text), f"[DECK-1] {rules.ruleset}: {text!r}"
        assert set(names) == {n for n in rules.deck.names if parse_card(rules, n) is not None}


@pytest.mark.clause("CARD-1", "CARD-2", "CARD-3", "CARD-4")
def test_mineiro_order() -> None:
    commons = ["4S", "5S", "6S", "7S", "QS", "JS", "KS", "AC", "2S", "3S"]
    assert [m(c) for c in commons] == sorted(m(c) for c in commons), "[CARD-1] 4 < 5 < ... < 2 < 3"
    assert len({m(c) for c in commons}) == 10, "[CARD-1] ten distinct common ranks"
    assert m("4C") > m("7H") > m("AS") > m("7D"), "[CARD-2] zap > copas > espadilha > pica-fumo"
    assert min(m(c) for c in ("4C", "7H", "AS", "7D")) > m("3S"), "[CARD-3] manilhas beat the 3s"
    assert m("3S") == m("3H") == m("3D") == m("3C") and m("AH") == m("AD"), "[CARD-4] suit irrelevant"
    assert m("7C") == m("7S") < m("7D"), "[CARD-4] only the manilha sevens differ"


@pytest.mark.clause("CARD-5")
def test_gauderio_order() -> None:
    groups = [
        ["1e"],
        ["1b"],
        ["7e"],
        ["7o"],
        ["3e", "3b", "3o", "3c"],
        ["2e", "2b", "2o", "2c"],
        ["1c", "1o"],
        ["12e", "12c"],
        ["11b"],
        ["10o"],
        ["7b", "7c"],
        ["6e"],
        ["5b"],
        ["4o"],
    ]
    values = [{g(c) for c in grp} for grp in groups]
    assert all(len(v) == 1 for v in values), "[CARD-5] cards of one group are equal"
    flat = [v.pop() for v in values]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == 14, "[CARD-5] 14 groups, highest first"


@pytest.mark.clause("COV-1")
def test_covered_is_below_everything() -> None:
    assert all(m(c) > COVERED for c in deck(MINEIRO)), "[COV-1] a covered card is worth nothing"


@pytest.mark.clause("CARD-1", "CARD-5", "URU-3")
def test_strength_is_dual_use() -> None:
    r, s, mr, ms = z3.Ints("r s mr ms")
    for rules in (MINEIRO, GAUDERIO):
        expr = strength(rules, r, s)
        for name in deck(rules):
            rank, suit = parse_card(rules, name)
            got = z3.simplify(z3.substitute(expr, (r, z3.IntVal(rank)), (s, z3.IntVal(suit)))).as_long()
            assert got == strength(rules, rank, suit), (
                f"[CARD-1] symbolic and concrete strength differ on {name}"
            )
    expr = strength(URUGUAYO, r, s, (mr, ms))
    for muestra in ("2e", "12o", "4b", "7c"):
        mc = parse_card(URUGUAYO, muestra)
        for name in deck(URUGUAYO):
            card = parse_card(URUGUAYO, name)
            sub = [
                (r, z3.IntVal(card[0])),
                (s, z3.IntVal(card[1])),
                (mr, z3.IntVal(mc[0])),
                (ms, z3.IntVal(mc[1])),
            ]
            got = z3.simplify(z3.substitute(expr, *sub)).as_long()
            assert got == strength(URUGUAYO, *card, mc), (
                f"[URU-3] symbolic and concrete differ on {name}/{muestra}"
            )


def u(name: str, muestra: str) -> int:
    return card_strength(URUGUAYO, name, muestra=muestra)


@pytest.mark.clause("URU-3", "URU-4")
def test_piezas_and_the_stand_in() -> None:
    assert u("2o", "7o") > u("4o", "7o") > u("5o", "7o") > u("11o", "7o") > u("10o", "7o") > u("1e", "7o"), (
        "[URU-3] piezas 2 > 4 > 5 > 11 > 10 of the muestra's suit, above the 1 of espadas"
    )
    assert u("2e", "7o") == u("2b", "7o") < u("3c", "7o"), "[URU-3] a 2 of another suit is a common card"
    assert u("12o", "7o") == u("12e", "7o"), "[URU-3] the 12 is a common card when the muestra is no pieza"
    assert u("12o", "4o") == u("4o", "7o"), "[URU-4] the muestra is the 4: the 12 of oros is the 4's pieza"
    assert u("2o", "4o") > u("12o", "4o") > u("5o", "4o"), "[URU-4] the stand-in takes the 4's place"
    assert u("1e", "5e") > u("7e", "5e") and u("1e", "5e") < u("10e", "5e"), "[URU-3] matas below piezas"


@pytest.mark.clause("RND-2", "RND-3")
def test_round_one_against_one() -> None:
    assert round_result([m("3S"), m("2C")], [0, 1]) == 0, "[RND-2] the highest card wins"
    assert round_result([m("KS"), m("7D")], [0, 1]) == 1, "[RND-2] a manilha beats a king"
    assert round_result([m("3S"), m("3H")], [0, 1]) == TIE, "[RND-3] equal top cards tie"
    assert round_result([COVERED, COVERED], [0, 1]) == TIE, "[COV-1] two covered cards tie"


@pytest.mark.clause("RND-2", "RND-3")
def test_round_partner_tie() -> None:
    cards, sides = [m("3S"), m("4D"), m("3H"), m("5D")], [0, 1, 0, 1]
    assert round_result(cards, sides, "pair-wins") == 0, "[RND-2] AMB-5 pair-wins: partners' tie wins"
    assert round_result(cards, sides, "tie") == TIE, "[RND-3] AMB-5 tie: any equal top cards tie"
    cards = [m("3S"), m("3D"), m("2H"), m("5D")]
    assert round_result(cards, sides, "pair-wins") == TIE, "[RND-3] top cards of both pairs tie"


def _hr(rounds: tuple, **readings: str) -> object:
    full = dict(DEFAULTS, **{k.replace("_", "-"): v for k, v in readings.items()})
    return hand_result(rounds, full, dealer_side=1)


@pytest.mark.clause("HND-3", "HND-4", "HND-5", "HND-6", "HND-7", "HND-8", "HND-9", "HND-10")
def test_hand_resolution_by_rule() -> None:
    assert _hr((0, 0)) == Decided(0), "[HND-3] two rounds win"
    assert _hr((0, 1, 0)) == Decided(0), "[HND-4] more rounds win"
    assert _hr((0, "tie")) == Decided(0), "[HND-8] second round tied: the first decides"
    assert _hr(("tie", 1)) == Decided(1), "[HND-7] first round tied: the second decides"
    assert _hr(("tie", "tie", 0)) == Decided(0), "[HND-5] after ties a won round decides"
    assert _hr((0, 1, "tie")) == Decided(0), "[HND-6] win, loss, tie: the first round decides"
    assert _hr((0, 1, "tie"), split_then_tie="last-winner-before-tie") == Decided(1), "[HND-5] AMB-2"
    assert _hr(("tie", "tie", "tie")) == NobodyScores(), "[HND-9] every round tied: nobody scores"
    assert _hr(("tie", "tie", "tie"), all_rounds_tied="dealer-side-wins") == Decided(1), (
        "[HND-10] every round tied: the dealer's pair wins"
    )
    assert _hr(("tie", "tie", "tie"), all_rounds_tied="starter-side-wins") == Decided(0), (
        "[ARG-4] every round tied: the side that is mano wins"
    )
    for undecided in ((), (0,), ("tie",), (0, 1), (1, 0), ("tie", "tie")):
        assert _hr(undecided) == Undecided(), f"[HND-1] {undecided} needs another round"


@pytest.mark.clause("HND-1", "HND-3", "HND-5", "HND-6", "HND-9", "HND-10")
def test_hand_code_whole_domain_symbolic_matches_concrete() -> None:
    r1, r2, r3, d = z3.Ints("r1 r2 r3 d")
    for sst, art in itertools.product(
        ("first-round-winner", "last-winner-before-tie"),
        ("nobody-scores", "dealer-side-wins", "starter-side-wins"),
    ):
        kw = {"split_then_tie": sst, "first_two_tied": "third-round-decides", "all_rounds_tied": art}
        expr = hand_code(r1, r2, r3, dealer_side=d, **kw)
        for a, b, c, dealer in itertools.product(range(4), range(4), range(4), range(2)):
            concrete = hand_code(a, b, c, dealer_side=dealer, **kw)
            got = z3.simplify(
                z3.substitute(expr, *[(v, z3.IntVal(x)) for v, x in ((r1, a), (r2, b), (r3, c), (d, dealer))])
            ).as_long()
            assert got == concrete, f"[HND-3] symbolic and concrete hand_code differ on {(a, b, c)}"
            if NOT_PLAYED not in (a, b, c):
                assert concrete != UNDECIDED, f"[HND-1] three rounds always decide: {(a, b, c)}"
                assert concrete in (0, 1, NOBODY), "[HND-3] outcome code in range"


@pytest.mark.clause("BET-4", "BET-6", "BET-8", "BET-9", "VAL-1", "VAL-2", "TEN-2")
def test_ladders() -> None:
    assert [lad.next_step(MINEIRO, v) for v in (2, 4, 6, 10, 12)] == [4, 6, 10, 12, lad.NO_STEP], (
        "[BET-6] 2 -> 4 -> 6 -> 10 -> 12, one step at a time; [BET-8] 12 is the top"
    )
    assert [lad.next_step(GAUDERIO, v) for v in (1, 2, 3, 4)] == [2, 3, 4, lad.NO_STEP], "[BET-9]"
    assert lad.run_payout(MINEIRO, 10) == 6, "[BET-4] 'el jugador que pidió 10 gana 6 puntos'"
    assert lad.run_payout(MINEIRO, 6) == 4, "[BET-4] 002: refusing six gives four"
    assert lad.run_payout(MINEIRO, 4) == 2 and lad.run_payout(MINEIRO, 12) == 10, "[BET-4] 002"
    assert lad.run_payout(GAUDERIO, 3) == 2 and lad.run_payout(GAUDERIO, 2) == 1, "[BET-4] 003"
    assert lad.run_payout(ARGENTINO, 4) == 3, "[ARG-3] vale cuatro refused pays 3"
    assert lad.initial_value(MINEIRO, lad.NORMAL, None) == 2, "[VAL-1]"
    assert lad.initial_value(GAUDERIO, lad.NORMAL, None) == 1, "[VAL-2]"
    assert lad.initial_value(MINEIRO, lad.TEN, "like-hand-of-ten") == 4, "[TEN-2]"
    assert lad.initial_value(MINEIRO, lad.IRON, "ordinary-hand") == 2, "[IRN-1] AMB-10 ordinary-hand"
    assert lad.hand_kind(MINEIRO, 10, 4) == lad.TEN and lad.hand_kind(MINEIRO, 10, 10) == lad.IRON, (
        "[TEN-1] [IRN-1]"
    )
    assert lad.hand_kind(ARGENTINO, 10, 10) == lad.NORMAL, "[ARG-7] no hand of ten in Argentine Truco"


def _ep(cards: list[str], reading: str = "highest-card") -> int:
    flat = [x for c in cards for x in parse_card(GAUDERIO, c)]
    return env.envido_points(GAUDERIO, *flat, without_pair=reading)


def _up(cards: list[str], muestra: str) -> tuple[int, bool, int]:
    """Envido points, flor and flor points of a Uruguayan hand under a muestra."""
    flat = [x for c in cards for x in parse_card(URUGUAYO, c)]
    mc = parse_card(URUGUAYO, muestra)
    return (
        env.envido_points(URUGUAYO, *flat, without_pair="highest-card", muestra=mc),
        bool(env.has_flor(URUGUAYO, *flat, muestra=mc)),
        env.flor_points(URUGUAYO, *flat, muestra=mc),
    )


@pytest.mark.clause("URU-5", "URU-6")
def test_envido_and_flor_with_piezas() -> None:
    assert _up(["2o", "7e", "4b"], "10o")[0] == 37, "[URU-5] the 2 (30) + the highest other value (7)"
    assert _up(["11o", "12b", "10c"], "1o")[0] == 27, "[URU-5] the 11 (27) + figures that count 0"
    assert _up(["12o", "3b", "1c"], "5o")[0] == 31, "[URU-4] the 12 stands in for the 5 turned up: 28 + 3"
    assert _up(["2o", "4o", "7b"], "1o")[0] == 39, "[URU-5] two piezas: 30 + the 4's last digit 9"
    assert _up(["7e", "6e", "1b"], "3o")[0] == 33, "[ENV-2] no pieza: 20 + 7 + 6 as usual"
    assert not _up(["2o", "7e", "4b"], "10o")[1], (
        "[URU-6] a pieza and two cards of different suits is no flor"
    )
    got = _up(["2o", "7e", "6e"], "10o")
    assert got[1] and got[2] == 30 + 7 + 6, "[URU-6] a pieza and two of one suit: flor, 30 + 7 + 6"
    got = _up(["2o", "4o", "7b"], "1o")
    assert got[1] and got[2] == 30 + 9 + 7, "[URU-6] two piezas: flor, 30 + the 4's last digit + 7"
    got = _up(["1c", "5c", "6c"], "3o")
    assert got[1] and got[2] == 20 + 1 + 5 + 6, "[URU-6] three of a suit: 20 + the three"


@pytest.mark.clause("ENV-2", "ENV-3", "ENV-4", "ENV-7")
def test_envido_points() -> None:
    assert _ep(["7e", "6e", "1b"]) == 33, "[ENV-2] 20 + 7 + 6"
    assert _ep(["7e", "6e", "5e"]) == 33, "[ENV-4] three of a suit: the two highest count"
    assert _ep(["12o", "11o", "4b"]) == 20, "[ENV-7] figures count 0"
    assert _ep(["7e", "6b", "5o"]) == 7, "[ENV-3] no pair: highest card (AMB-21)"
    assert _ep(["7e", "6b", "5o"], "sum-of-cards") == 18, "[ENV-3] AMB-21 sum-of-cards"
    assert _ep(["10e", "11b", "12o"]) == 0, "[ENV-7] nothing"


@pytest.mark.clause("ENV-5", "ENV-6")
def test_envido_stakes() -> None:
    g = GAUDERIO
    assert env.is_chain(g, ["envido", "envido", "real-envido", "falta-envido"]), "[ENV-5]"
    assert not env.is_chain(g, ["real-envido", "envido"]), "[ENV-5, AMB-56 in-order] the chain goes forward"
    assert not env.is_chain(g, ["envido"] * 3), "[ENV-5] envido at most twice"
    assert env.next_calls(g, ["envido", "envido"]) == ("real-envido", "falta-envido"), "[ENV-5]"
    assert env.envido_accepted_stake(g, ["envido", "real-envido"], 99) == 5, "[ENV-5] 2 + 3"
    assert env.envido_accepted_stake(g, ["envido", "falta-envido"], 17) == 17, "[ENV-6] the falta"
    assert env.envido_refused_payout(g, ["envido"]) == 1, "[ENV-5] AMB-20: a refused first call pays 1"
    assert env.envido_refused_payout(g, ["envido", "envido", "real-envido"]) == 4, "[ENV-5] AMB-20"
    assert env.falta(10, 20, 0, 24, "leader-lacks") == 4, "[ENV-6] AMB-22 leader-lacks"
    assert env.falta(10, 20, 0, 24, "winner-lacks") == 14, "[ENV-6] AMB-22 winner-lacks"
    assert env.falta(10, 20, 1, 24, "trailer-lacks") == 14, "[ENV-6] AMB-22 trailer-lacks: the lower score"


@pytest.mark.clause("ARG-6")
def test_falta_with_halves() -> None:
    assert env.falta(10, 4, 0, 30, "leader-lacks", 15, "to-buenas") == 5, (
        "[ARG-6] in the malas: to the buenas"
    )
    assert env.falta(20, 4, 1, 30, "leader-lacks", 15, "to-buenas") == 10, "[ARG-6] in the buenas: to 30"
    assert env.falta(10, 4, 0, 30, "leader-lacks", 15, "to-target") == 20, "[ENV-6] AMB-30 to-target"
    a, b = z3.Ints("a b")
    expr = env.falta(a, b, 0, 30, "leader-lacks", 15, "to-buenas")
    for x, y in ((10, 4), (14, 14), (15, 0), (29, 28)):
        got = z3.simplify(z3.substitute(expr, (a, z3.IntVal(x)), (b, z3.IntVal(y)))).as_long()
        assert got == env.falta(x, y, 0, 30, "leader-lacks", 15, "to-buenas"), "[ARG-6] dual-use"


@pytest.mark.clause("ENV-4", "FLR-1", "FLR-5", "FLR-6")
def test_flor_and_contest() -> None:
    g = GAUDERIO

    def cards(*names: str) -> list[int]:
        return [x for n in names for x in parse_card(g, n)]

    assert env.has_flor(g, *cards("1e", "5e", "7e")) and not env.has_flor(g, *cards("1e", "5e", "7o")), (
        "[FLR-1] three cards of one suit"
    )
    assert env.flor_points(g, *cards("7e", "6e", "5e")) == 38, "[FLR-1] AMB-24: 20 + 7 + 6 + 5"
    assert env.flor_points(g, *cards("12e", "11e", "10e")) == 20, "[FLR-1] AMB-24: figures count 0"
    assert env.flor_accepted_stake(g, 1) == 9 and env.flor_accepted_stake(g, 2) == 12, "[FLR-5]"
    assert env.flor_accepted_stake(URUGUAYO, 1) == 6, "[URU-6] one against one: quiero makes 6"
    assert env.contraflor_stake(6) == 12, "[FLR-6] contraflor doubles"
    assert env.contest_winner([30, 31, 0, 0], starter=0) == 1, "[ENV-4] the highest wins"
    assert env.contest_winner([30, 30, 0, 0], starter=1) == 1, "[ENV-4] AMB-24: ties to the starter"
    a, b = z3.Ints("a b")
    expr = env.contest_winner([a, b, -1, -1], starter=0)
    assert z3.simplify(z3.substitute(expr, (a, z3.IntVal(3)), (b, z3.IntVal(3)))).as_long() == 0, "[ENV-4]"


@pytest.mark.clause("SEN-1", "SEN-2", "SEN-3")
def test_senas() -> None:
    def hand(*names: str) -> list[tuple[int, int]]:
        return [parse_card(GAUDERIO, n) for n in names]  # type: ignore[misc]

    g = GAUDERIO
    assert sign_is_true(g, "ciego", hand("2e", "12b", "4o"), "highest-card"), "[SEN-1] no card at the 3s"
    assert not sign_is_true(g, "ciego", hand("3e", "12b", "4o"), "highest-card"), "[SEN-1] a 3 is not ciego"
    assert not sign_is_true(g, "ciego", hand("7o", "12b", "4o"), "highest-card"), "[SEN-1] 7o beats the 3s"
    assert sign_is_true(g, "tanto-27-29", hand("7e", "1e", "4o"), "highest-card"), "[SEN-2] 28"
    assert sign_is_true(g, "tanto-30-plus", hand("7e", "3e", "4o"), "highest-card"), "[SEN-3] 30"
    assert not sign_is_true(g, "tanto-30-plus", hand("7e", "1e", "4o"), "highest-card"), "[SEN-3] 28"
