"""Refusals at set positions: the exact clause and message for every reason a move is not legal,
through `Game.push`. The message is what `truco play` shows, so it is pinned whole, clause first."""

from __future__ import annotations

import pytest
from engine_support import deal, new, play

from truco_rules.engine import Game, IllegalActionError, InvalidActionError

ES, IT, GA = "mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es"
ES_DEAL = deal("3C 7H 6S", "4D 5D 6D")
IT_DEAL = deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # no flor; envido 33, 6, 0, 5
GA_FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")  # every seat holds flor
ONE_FLOR = deal("1e 5e 7e", "4o 5c 6b", "10b 11b 12o", "4b 5o 2c")  # only seat 0 holds flor
WIN_DEAL = deal("4C 7H 6S", "4D 5D 6D")

POSITIONS = {
    "es-start": lambda: new(ES, ES_DEAL),
    "es-truco": lambda: play(new(ES, ES_DEAL), "raise 4"),
    "es-twelve": lambda: play(new(ES, ES_DEAL), "raise 4", "raise 6", "raise 10", "raise 12"),
    "es-top": lambda: play(new(ES, ES_DEAL), "raise 4", "raise 6", "raise 10", "raise 12", "accept"),
    "es-after-call": lambda: play(new(ES, ES_DEAL), "raise 4", "accept", "play 3C"),
    "es-ten": lambda: new(ES, ES_DEAL, scores=(10, 4), ten_truco="refused"),
    "es-iron": lambda: new(ES, ES_DEAL, scores=(10, 10), ten_truco="refused"),
    "it-iron": lambda: new(IT, IT_DEAL, scores=(10, 10)),
    "it-ten-choice": lambda: new(IT, IT_DEAL, scores=(4, 10)),
    "es-decided": lambda: play(new(ES, WIN_DEAL, hand_length="always-three-rounds"),
                               "play 4C", "play 4D", "play 7H", "play 5D"),
    "es-blind-played": lambda: play(new(ES, ES_DEAL, scores=(10, 10)), "play #1", "play #1"),
    "es-no-cover-first": lambda: new(ES, ES_DEAL, cover_round="not-first-round"),
    "ga-start": lambda: new(GA, GA_BASE),
    "ga-signed": lambda: play(new(GA, GA_BASE), "sign tanto-30-plus"),
    "ga-envido": lambda: play(new(GA, GA_BASE), "envido", "envido", "real-envido"),
    "ga-truco-called": lambda: play(new(GA, GA_BASE), "raise 2", "accept"),
    "ga-contest-done": lambda: play(new(GA, GA_BASE), "envido", "accept"),
    "ga-round-two": lambda: play(new(GA, GA_BASE), "play 7e", "play 4o", "play 10e", "play 4b"),
    "ga-flor-late": lambda: play(new(GA, ONE_FLOR), "raise 2", "accept"),
    "ga-flor-partner": lambda: play(new(GA, GA_FLORS), "flor"),
    "ga-flor-opp": lambda: play(new(GA, GA_FLORS), "flor", "flor-pass"),
    "ga-contraflor": lambda: play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor"),
    "ga-resto": lambda: play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor", "contraflor-resto"),
    "ga-mandatory": lambda: new(GA, ONE_FLOR, flor_optional="mandatory"),
    "ga-mandatory-cover": lambda: new(GA, ONE_FLOR, flor_optional="mandatory", covering="allowed"),
    "ga-truco-four": lambda: play(new(GA, GA_BASE), "raise 2", "raise 3", "raise 4"),
    "ga-top": lambda: play(new(GA, GA_BASE), "raise 2", "raise 3", "raise 4", "accept"),
    "it-ten-played": lambda: play(new(IT, IT_DEAL, scores=(4, 10)), "ten-play"),
    "es-ten-points": lambda: play(new(ES, ES_DEAL), "raise 4", "raise 6", "raise 10", "accept"),
    "es-side-one-called": lambda: play(new(ES, ES_DEAL), "raise 4", "raise 6", "accept", "play 3C"),
    "es-over": lambda: play(new(ES, WIN_DEAL, scores=(8, 6)), "raise 4", "accept",
                            "play 4C", "play 4D", "play 7H", "play 5D"),
    "ga-over": lambda: play(new(GA, GA_BASE, scores=(22, 20)), "envido", "accept"),
}

REFUSALS = [
    ('es-start', 'sign ciego', '[SEN-1] there are no señas in Truco Mineiro'),
    ('es-start', 'envido', '[ENV-1] there is no envido in Truco Mineiro'),
    ('es-start', 'flor', '[FLR-1] there is no flor in Truco Mineiro'),
    ('es-start', 'flor-raise',
     "[FLR-3] only the singer's partner holding flor raises or passes, right after the flor"),
    ('es-start', 'contraflor', '[FLR-6] contraflor answers a flor, sung by an opponent holding flor'),
    ('es-start', 'contraflor-resto', '[FLR-6] contraflor al resto answers a contraflor'),
    ('es-start', 'accept', '[BET-2] there is no call to answer'),
    ('es-start', 'ten-play', '[TEN-5] there is no hand-of-ten choice to make now'),
    ('es-start', 'raise 2', '[BET-6] one step at a time: the next call is 4, not 2'),
    ('es-start', 'raise 6', '[BET-6] one step at a time: the next call is 4, not 6'),
    ('es-start', 'raise 12', '[BET-6] one step at a time: the next call is 4, not 12'),
    ('es-start', 'play #1', '[IRN-2] cards are played by slot only in a blind iron hand'),
    ('es-start', 'play 4D', '[DEAL-1] seat 0 does not hold 4D'),
    ('es-truco', 'raise 2', '[BET-6] the next step is 6, not 2'),
    ('es-truco', 'raise 4', '[BET-6] the next step is 6, not 4'),
    ('es-truco', 'raise 12', '[BET-6] the next step is 6, not 12'),
    ('es-truco', 'play #1', '[BET-2] a truco call is pending: answer it first'),
    ('es-twelve', 'raise 2', '[BET-8] the call at the top can only be accepted or run from'),
    ('es-top', 'raise 2', '[BET-8] the hand is already worth 12, the top'),
    ('es-after-call', 'raise 2', '[BET-6] one step at a time: the next call is 6, not 2'),
    ('es-after-call', 'raise 4', '[BET-6] one step at a time: the next call is 6, not 4'),
    ('es-after-call', 'raise 12', '[BET-6] one step at a time: the next call is 6, not 12'),
    ('es-after-call', 'play 3C', '[DEAL-1] seat 1 does not hold 3C'),
    ('es-ten', 'raise 2', '[TEN-3] nobody may call truco in the hand of ten'),
    ('es-iron', 'play 3C', "[IRN-2] the iron hand is blind: play a slot ('play #1'), not a card name"),
    ('it-iron', 'raise 2', '[IRN-3] nobody may call truco in the iron hand'),
    ('it-iron', 'play 4C', '[DEAL-1] seat 0 does not hold 4C'),
    ('it-ten-choice', 'accept', '[TEN-5] side 1 must first choose to play or decline'),
    ('es-decided', 'raise 2', '[HND-2] hand-length=always-three-rounds (AMB-4): the hand is already decided'),
    ('es-blind-played', 'play #1', '[RND-1] seat 0 has already played slot #1'),
    ('es-no-cover-first', 'cover 3C',
     '[COV-1] cover-round=not-first-round (AMB-8): no covered card in round 1'),
    ('ga-start', 'sign ciego', "[SEN-1] senas=truthful (AMB-28): 'ciego' is not true of seat 0's hand"),
    ('ga-start', 'sign tanto-27-29',
     "[SEN-2] senas=truthful (AMB-28): 'tanto-27-29' is not true of seat 0's hand"),
    ('ga-start', 'flor', '[FLR-1] seat 0 does not hold three cards of one suit'),
    ('ga-start', 'raise 4', '[BET-9] one step at a time: the next call is 2, not 4'),
    ('ga-start', 'raise 6', '[BET-9] one step at a time: the next call is 2, not 6'),
    ('ga-start', 'raise 12', '[BET-9] one step at a time: the next call is 2, not 12'),
    ('ga-start', 'cover 7e', '[COV-1] covering=not-allowed (AMB-7): cards are played face up'),
    ('ga-start', 'play 4o', '[DEAL-1] seat 0 does not hold 4o'),
    ('ga-signed', 'sign ciego', '[SEN-1] seat 0 has already made its seña in this hand'),
    ('ga-envido', 'sign ciego', '[ENV-5] an envido call is pending: answer it first'),
    ('ga-envido', 'sign tanto-27-29', '[ENV-5] an envido call is pending: answer it first'),
    ('ga-envido', 'sign tanto-30-plus', '[ENV-5] an envido call is pending: answer it first'),
    ('ga-envido', 'envido', '[ENV-5] after envido, envido, real-envido the chain cannot go back to envido'),
    ('ga-envido', 'real-envido',
     '[ENV-5] after envido, envido, real-envido the chain cannot go back to real-envido'),
    ('ga-envido', 'flor', '[ENV-5] an envido call is pending: answer it first'),
    ('ga-envido', 'raise 2', '[ENV-5] an envido call is pending: answer it first'),
    ('ga-truco-called', 'envido',
     '[ENV-1] side-bet-window=first-card-turn (AMB-23): truco has been called in this hand'),
    ('ga-truco-called', 'raise 2', '[BET-10] side 0 made the last call'),
    ('ga-contest-done', 'envido',
     '[ENV-1] side-bet-window=first-card-turn (AMB-23): there has already been an envido or '
     'flor contest in this hand'),
    ('ga-round-two', 'envido',
     '[ENV-1] side-bet-window=first-card-turn (AMB-23): it is past the first round'),
    ('ga-flor-late', 'flor',
     '[FLR-1] side-bet-window=first-card-turn (AMB-23): truco has been called in this hand'),
    ('ga-round-two', 'play 7e', '[DEAL-1] seat 0 does not hold 7e'),
    ('ga-flor-partner', 'envido', "[FLR-3] the singer's partner must answer the flor first"),
    ('ga-flor-partner', 'real-envido', "[FLR-3] the singer's partner must answer the flor first"),
    ('ga-flor-partner', 'falta-envido', "[FLR-3] the singer's partner must answer the flor first"),
    ('ga-flor-partner', 'accept', "[FLR-3] the singer's partner raises the flor or passes"),
    ('ga-flor-partner', 'raise 2', "[FLR-3] the singer's partner must answer the flor first"),
    ('ga-flor-opp', 'raise 2', '[FLR-4] the flor must be answered first'),
    ('ga-contraflor', 'raise 2', '[FLR-6] the contraflor must be answered first'),
    ('ga-resto', 'contraflor-resto', '[FLR-7] contraflor al resto may only be accepted or run from'),
    ('ga-mandatory', 'play 1e',
     '[FLR-1] flor-optional=mandatory (AMB-26): seat 0 must sing flor before playing'),
    ('es-start', 'flor-pass',
     "[FLR-3] only the singer's partner holding flor raises or passes, right after the flor"),
    ('es-start', 'run', '[BET-2] there is no call to answer'),
    ('es-start', 'ten-decline', '[TEN-5] there is no hand-of-ten choice to make now'),
    ('ga-flor-partner', 'run', "[FLR-3] the singer's partner raises the flor or passes"),
    ('ga-resto', 'raise 2', '[FLR-7] contraflor al resto may only be accepted or run from'),
    ('ga-mandatory-cover', 'cover 1e',
     '[FLR-1] flor-optional=mandatory (AMB-26): seat 0 must sing flor before playing'),
    ('ga-truco-four', 'raise 2', '[BET-9] the call at the top can only be accepted or run from'),
    ('ga-top', 'raise 2', '[BET-9] the hand is already worth 4, the top'),
    ('it-ten-played', 'raise 4', '[TEN-3] nobody may call truco in the hand of ten'),
    ('es-ten-points', 'raise 12', '[BET-10] side 0 made the last call'),
    ('es-side-one-called', 'raise 10', '[BET-10] side 1 made the last call'),
    ('es-over', 'sign ciego', '[MAT-1] the match is over'),
    ('ga-over', 'sign ciego', '[MAT-2] the match is over'),
]


def _params() -> list:
    return [pytest.param(p, a, m, id=f"{p}:{a}", marks=pytest.mark.clause(m[1:m.index("]")]))
            for p, a, m in REFUSALS]


@pytest.mark.parametrize(("position", "action", "message"), _params())
def test_refusal_names_its_clause_and_reason(position: str, action: str, message: str) -> None:
    game: Game = POSITIONS[position]()
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    clause = message[1:message.index("]")]
    assert err.value.clause == clause and str(err.value) == message, f"[{clause}] {err.value}"
    assert game == before, f"[{clause}] a refusal leaves the game unchanged"


@pytest.mark.clause("DECK-1", "DECK-2")
@pytest.mark.parametrize(("ruleset", "readings", "card", "why"), [
    (ES, {}, "1e", "DECK-1, AMB-13 deck=forty-cards"),
    (ES, {"deck": "spanish-without-tens"}, "QC", "DECK-1, AMB-13 deck=spanish-without-tens"),
    (GA, {}, "4C", "DECK-2"),
])
def test_a_card_outside_the_deck_is_invalid(ruleset: str, readings: dict[str, str], card: str,
                                            why: str) -> None:
    game = Game.new(ruleset, seed=0, readings=readings)
    for verb in ("play", "cover"):
        with pytest.raises(InvalidActionError) as err:
            game.push(f"{verb} {card}")
        assert str(err.value) == f"there is no card {card!r} in the {ruleset} deck ({why})", \
            "[DECK-1] [DECK-2]"


AR_DEAL = [[["1e", "1b", "7e"], ["4c", "5c", "6c"]]]


def _refused(game: Game, action: str) -> str:
    with pytest.raises(IllegalActionError) as caught:
        game.push(action)
    return str(caught.value)


@pytest.mark.clause("ARG-9", "AMB-4", "AMB-23", "AMB-29", "ENV-1")
def test_the_words_of_mazo_and_envido_refusals_in_argentino() -> None:
    def ar(**readings: str) -> Game:
        return Game.new("argentino-1v1", seed=1, deals=AR_DEAL, readings=readings)

    assert _refused(play(ar(), "envido"), "mazo") == \
        "[ARG-9] only on a turn to play or as the answer to a truco call: answer the pending call first"
    decided = play(ar(**{"hand-length": "always-three-rounds"}), "play 1e", "play 4c", "play 1b", "play 5c")
    assert _refused(decided, "mazo") == \
        "[ARG-9] hand-length=always-three-rounds (AMB-4): the hand is already decided"
    assert _refused(play(ar(**{"envido-first": "truco-closes-envido"}), "raise 2"), "envido") == \
        "[ENV-1] envido-first=truco-closes-envido (AMB-29): answer the truco call first"
    assert _refused(play(ar(**{"envido-first": "envido-first"}), "play 1e", "play 4c"), "envido") == \
        "[ENV-1] side-bet-window=first-card-turn (AMB-23): it is past the first round"
    late = play(ar(**{"envido-first": "envido-first"}), "play 1e", "raise 2", "accept", "play 4c", "raise 3")
    assert _refused(late, "envido") == \
        "[ENV-1] envido-first=envido-first (AMB-29): only the hand's first truco call can wait for the envido"


@pytest.mark.clause("PAU-6", "AMB-43")
def test_the_words_of_a_capped_call() -> None:
    strong, weak = ["3C", "5H", "6S"], ["4D", "QC", "JH"]
    # (scores, the seat that wins round 1 and leads round 2 after the other side's accepted truco)
    for scores, seat, lacks in (((9, 0), 0, 3), ((0, 9), 1, 3), ((0, 10), 1, 2)):
        hands = [strong, weak] if seat == 0 else [weak, strong]
        game = Game.new("paulista-1v1", seed=1, readings={"raise-cap": "capped"}, deals=[hands],
                        muestras=["KD"], scores=scores)
        moves = ("play 3C", "raise 3", "accept", "play 4D") if seat == 0 else \
            ("raise 3", "accept", "play 4D", "play 3C")
        play(game, *moves)
        assert game.to_act == seat
        assert _refused(game, "raise 6") == (f"[PAU-6] raise-cap=capped (AMB-43): the hand is worth 3 and "
                                             f"side {seat} lacks {lacks} to win: no call or raise")


@pytest.mark.clause("FLR-1", "AMB-29")
def test_a_flor_against_a_raised_truco_is_refused_in_the_words_of_the_reading() -> None:
    flors = [[["1e", "5e", "7e"], ["4o", "5o", "6o"], ["2b", "3b", "4b"], ["1c", "2c", "3c"]]]
    for reading, moves, why in (
            ("envido-first", ("play 1e", "raise 2", "raise 3"),
             "only the hand's first truco call can wait for the envido"),
            ("truco-closes-envido", ("play 1e", "raise 2"), "answer the truco call first")):
        game = Game.new(GA, seed=1, readings={"envido-first": reading}, deals=flors)
        play(game, *moves)
        assert _refused(game, "flor") == f"[FLR-1] envido-first={reading} (AMB-29): {why}"


@pytest.mark.clause("PAU-9", "IRN-2")
def test_a_card_named_in_a_blind_iron_hand_is_refused_by_the_files_own_clause() -> None:
    game = Game.new("paulista-1v1", seed=1, readings={"iron-blind": "blind"}, scores=(11, 11))
    assert _refused(game, "play 4C") == \
        "[PAU-9] the iron hand is blind: play a slot ('play #1'), not a card name"


@pytest.mark.clause("ENV-1", "AMB-29")
def test_an_envido_against_a_truco_past_the_first_round_is_refused_in_its_words() -> None:
    game = Game.new("argentino-1v1", seed=1, readings={"envido-first": "envido-first"}, dealer=0,
                    deals=AR_DEAL)
    play(game, "play 4c", "play 1e", "raise 2")  # seat 0 wins round 1 and calls the hand's first truco
    assert _refused(game, "envido") == \
        "[ENV-1] envido-first=envido-first (AMB-29): it is past the first round"
