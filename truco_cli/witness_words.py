"""Divergence witnesses in words, in Spanish, English, Italian or Portuguese.

A witness (`proofs.divergence.witnesses`, `proofs/witnesses.json`) is a situation and the result of
each side, as data: `{"dealer_side": 0, "rounds": ["tie", "tie", "tie"]}`, `"side 0 wins"`. Readers
get short sentences instead, with the sides named as the rules name them: "All three rounds are
tied." / "The dealing pair wins the hand." Sides are numbered in the data; here they become roles
(the dealing side, the side that started the hand, the side that led the round), worded for one
against one, for pairs, or for both at once.

A domain or a result this module does not know raises `UnknownWitness`: the site's strict build
fails on it, so a new kind of witness cannot reach a page as raw data.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

LANGS = ("es", "en", "it", "pt")


class UnknownWitness(ValueError):
    """A witness domain or result with no wording here."""


# (es, en, it, pt). Placeholders are filled with str.format; roles are inserted as sentence
# subjects only, so no language needs a contracted preposition ("dalla", "del", "pela").
_W: dict[str, tuple[str, str, str, str]] = {
    # sides, by who is playing: one against one (2), pairs (4), or both kinds of game (0)
    "dealer/2": ("quien reparte", "the dealer", "chi distribuisce", "quem dá as cartas"),
    "dealer/4": (
        "la pareja que reparte",
        "the dealing pair",
        "la coppia che distribuisce",
        "a dupla que dá as cartas",
    ),
    "dealer/0": (
        "el bando que reparte",
        "the dealing side",
        "la parte che distribuisce",
        "o lado que dá as cartas",
    ),
    "starter/2": (
        "quien empezó la mano",
        "the player who started the hand",
        "chi ha iniziato la mano",
        "quem começou a mão",
    ),
    "starter/4": (
        "la pareja que empezó la mano",
        "the pair that started the hand",
        "la coppia che ha iniziato la mano",
        "a dupla que começou a mão",
    ),
    "starter/0": (
        "el bando que empezó la mano",
        "the side that started the hand",
        "la parte che ha iniziato la mano",
        "o lado que começou a mão",
    ),
    "one_side": ("un bando", "one side", "una parte", "um lado"),
    "other_side": ("el otro bando", "the other side", "l'altra parte", "o outro lado"),
    "other/2": ("el otro jugador", "the other player", "l'altro giocatore", "o outro jogador"),
    "other/4": ("la otra pareja", "the other pair", "l'altra coppia", "a outra dupla"),
    "other/0": ("el otro bando", "the other side", "l'altra parte", "o outro lado"),
    "leader_pair": (
        "la pareja de quien abre la ronda",
        "the leader's pair",
        "la coppia di chi apre il round",
        "a dupla de quem abre a rodada",
    ),
    # seats in play order, the leader first
    "seat0": ("quien abre la ronda", "the leader", "chi apre il round", "quem abre a rodada"),
    "seat1": ("el siguiente", "the next player", "il giocatore successivo", "o jogador seguinte"),
    "seat2": (
        "el compañero de quien abre",
        "the leader's partner",
        "il compagno di chi apre",
        "o parceiro de quem abre",
    ),
    "seat3": ("el último", "the last player", "l'ultimo giocatore", "o último jogador"),
    "next0": (
        "Quien abrió esta ronda abre la siguiente.",
        "The same leader leads the next round.",
        "Chi ha aperto questo round apre anche il successivo.",
        "Quem abriu esta rodada abre a seguinte.",
    ),
    "next1": (
        "El siguiente jugador abre la ronda siguiente.",
        "The next player leads the next round.",
        "Il giocatore successivo apre il round successivo.",
        "O jogador seguinte abre a rodada seguinte.",
    ),
    "next2": (
        "El compañero de quien abrió abre la ronda siguiente.",
        "The leader's partner leads the next round.",
        "Il compagno di chi ha aperto apre il round successivo.",
        "O parceiro de quem abriu abre a rodada seguinte.",
    ),
    "next3": (
        "El último jugador abre la ronda siguiente.",
        "The last player leads the next round.",
        "L'ultimo giocatore apre il round successivo.",
        "O último jogador abre a rodada seguinte.",
    ),
    # numbers
    "point": ("{n} punto", "{n} point", "{n} punto", "{n} ponto"),
    "points": ("{n} puntos", "{n} points", "{n} punti", "{n} pontos"),
    "envido_point": ("{n} punto de envido", "{n} envido point", "{n} punto di envido", "{n} ponto de envido"),
    "envido_points": (
        "{n} puntos de envido",
        "{n} envido points",
        "{n} punti di envido",
        "{n} pontos de envido",
    ),
    # hands and rounds
    "wins_round": (
        "{who} gana la ronda {n}",
        "{who} wins round {n}",
        "{who} vince il round {n}",
        "{who} ganha a rodada {n}",
    ),
    "round_tied": (
        "la ronda {n} queda empatada",
        "round {n} is tied",
        "il round {n} finisce in parità",
        "a rodada {n} fica empatada",
    ),
    "first_two": (
        "Un bando gana las dos primeras rondas.",
        "One side wins the first two rounds.",
        "Una parte vince i primi due round.",
        "Um lado ganha as duas primeiras rodadas.",
    ),
    "all_tied": (
        "Las tres rondas quedan empatadas.",
        "All three rounds are tied.",
        "I tre round finiscono in parità.",
        "As três rodadas ficam empatadas.",
    ),
    "wins_hand": (
        "{who} gana la mano.",
        "{who} wins the hand.",
        "{who} vince la mano.",
        "{who} ganha a mão.",
    ),
    "nobody_scores": (
        "Nadie puntúa; se reparte de nuevo.",
        "Nobody scores; the hand is dealt again.",
        "Nessuno segna; si distribuisce di nuovo.",
        "Ninguém pontua; as cartas são dadas de novo.",
    ),
    "another_round": (
        "Se juega otra ronda.",
        "Another round is played.",
        "Si gioca un altro round.",
        "Joga-se outra rodada.",
    ),
    "hand_over": ("La mano termina.", "The hand is over.", "La mano è finita.", "A mão termina."),
    "round_still_played": (
        "Se juega otra ronda de todos modos.",
        "Another round is played all the same.",
        "Si gioca comunque un altro round.",
        "Joga-se outra rodada mesmo assim.",
    ),
    # the ladder
    "hand_worth": (
        "La mano vale {pts}.",
        "The hand is worth {pts}.",
        "La mano vale {pts}.",
        "A mão vale {pts}.",
    ),
    "next_call": (
        "La siguiente apuesta la sube a {pts}.",
        "The next call raises it to {pts}.",
        "La prossima chiamata la porta a {pts}.",
        "A próxima aposta sobe-a para {pts}.",
    ),
    "no_next_call": (
        "No hay apuesta mayor.",
        "There is no higher call.",
        "Non c'è una chiamata più alta.",
        "Não há aposta mais alta.",
    ),
    "call_refused": (
        "Se rechaza la apuesta que sube la mano a {pts}.",
        "A call raising the hand to {pts} is refused.",
        "La chiamata che porta la mano a {pts} viene rifiutata.",
        "A aposta que sobe a mão para {pts} é recusada.",
    ),
    "caller_scores": (
        "El bando que apostó anota {pts}.",
        "The calling side scores {pts}.",
        "La parte che ha chiamato segna {pts}.",
        "O lado que apostou marca {pts}.",
    ),
    "not_a_call": (
        "Esa apuesta no está en esta escalera.",
        "That is not a call of this ladder.",
        "Quella chiamata non è in questa scala.",
        "Essa aposta não está nesta escada.",
    ),
    # hand of ten, iron hand
    "both_ten": (
        "Los dos bandos tienen 10 puntos (mano de hierro).",
        "Both sides have 10 points (iron hand).",
        "Entrambe le parti hanno 10 punti (mano di ferro).",
        "Os dois lados têm 10 pontos (mão de ferro).",
    ),
    "one_ten": (
        "Un bando tiene 10 puntos y el otro {x} (mano de diez).",
        "One side has 10 points, the other {x} (hand of ten).",
        "Una parte ha 10 punti, l'altra {x} (mano di dieci).",
        "Um lado tem 10 pontos e o outro {x} (mão de dez).",
    ),
    "score_is": (
        "El marcador es {a} a {b}.",
        "The score is {a} to {b}.",
        "Il punteggio è {a} a {b}.",
        "O placar é {a} a {b}.",
    ),
    "starts_at": (
        "La mano empieza valiendo {pts}.",
        "The hand starts at {pts}.",
        "La mano parte da {pts}.",
        "A mão começa valendo {pts}.",
    ),
    "truco_allowed": (
        "Se puede pedir truco.",
        "Truco may be called.",
        "Si può chiamare truco.",
        "Pode-se pedir truco.",
    ),
    "truco_refused": (
        "No se admite pedir truco.",
        "A truco call is not allowed.",
        "La chiamata di truco non è ammessa.",
        "Não se admite pedir truco.",
    ),
    "truco_loses_match": (
        "Quien pide truco pierde el partido.",
        "Calling truco loses the match.",
        "Chi chiama truco perde la partita.",
        "Quem pede truco perde a partida.",
    ),
    "truco_loses_hand": (
        "Quien pide truco pierde la mano.",
        "Calling truco loses the hand.",
        "Chi chiama truco perde la mano.",
        "Quem pede truco perde a mão.",
    ),
    "may_decline": (
        "El bando con 10 puede decidir no jugar.",
        "The side at 10 may choose not to play.",
        "La parte a 10 può decidere di non giocare.",
        "O lado com 10 pode decidir não jogar.",
    ),
    "must_play": (
        "El bando con 10 debe jugar.",
        "The side at 10 must play.",
        "La parte a 10 deve giocare.",
        "O lado com 10 tem de jogar.",
    ),
    # the end of a partida
    "reaches": (
        "Un bando llega a {pts}.",
        "A side reaches {pts}.",
        "Una parte arriva a {pts}.",
        "Um lado chega a {pts}.",
    ),
    "partida_won": ("Gana la partida.", "It wins the partida.", "Vince la partita.", "Ganha a partida."),
    "play_goes_on": ("El juego sigue.", "Play goes on.", "Il gioco continua.", "O jogo continua."),
    # envido and flor
    "hand_with": (
        "Una mano con {cards}.",
        "A hand with {cards}.",
        "Una mano con {cards}.",
        "Uma mão com {cards}.",
    ),
    "hand_with_muestra": (
        "Una mano con {cards}; la muestra es {card}.",
        "A hand with {cards}; the muestra is {card}.",
        "Una mano con {cards}; la muestra è {card}.",
        "Uma mão com {cards}; a amostra é {card}.",
    ),
    "falta": (
        "El marcador es {a} a {b}; el bando con {w} gana un falta envido.",
        "The score is {a} to {b}; the side with {w} wins a falta envido.",
        "Il punteggio è {a} a {b}; la parte con {w} vince un falta envido.",
        "O placar é {a} a {b}; o lado com {w} ganha um falta envido.",
    ),
    "it_scores": ("Anota {pts}.", "It scores {pts}.", "Segna {pts}.", "Marca {pts}."),
    "flor_sung": ("Se canta flor.", "Flor is sung.", "Si canta flor.", "Canta-se flor."),
    "flor_raised": (
        "Se canta flor y el compañero la sube a 6.",
        "Flor is sung and the singer's partner raises it to 6.",
        "Si canta flor e il compagno la porta a 6.",
        "Canta-se flor e o parceiro sobe-a para 6.",
    ),
    "flor_refused": (
        "Al canto de {call} se responde «me achico».",
        "The call of {call} is answered “me achico”.",
        "Al canto di {call} si risponde «me achico».",
        "Ao canto de {call} responde-se «me achico».",
    ),
    "last_singer": (
        "La pareja que cantó por última vez anota {pts}.",
        "The pair that sang last scores {pts}.",
        "La coppia che ha cantato per ultima segna {pts}.",
        "A dupla que cantou por último marca {pts}.",
    ),
    "side_bet": (
        "Una pareja con {s} gana un envido que vale {pts}, suficiente para ganar.",
        "A pair at {s} wins an envido worth {pts}, enough to win.",
        "Una coppia a {s} vince un envido che vale {pts}, abbastanza per vincere.",
        "Uma dupla com {s} ganha um envido que vale {pts}, o suficiente para ganhar.",
    ),
    "won_at_once": (
        "Gana la partida en cuanto se resuelve el envido; la mano no se juega.",
        "It wins the partida as soon as the envido is settled; the hand is not played out.",
        "Vince la partita appena si risolve l'envido; la mano non si gioca.",
        "Ganha a partida assim que o envido se resolve; a mão não é jogada.",
    ),
    "won_after_hand": (
        "La mano se juega hasta el final; gana la partida al terminar la mano, sin los puntos de la mano.",
        "The hand is played out; it wins the partida when the hand ends, without the hand's points.",
        "La mano si gioca fino in fondo; vince la partita alla fine della mano, senza i punti della mano.",
        "A mão é jogada até o fim; ganha a partida quando a mão termina, sem os pontos da mão.",
    ),
    # the deck and covered cards
    "the_card": ("La carta {card}.", "The card {card}.", "La carta {card}.", "A carta {card}."),
    "in_deck": ("Está en la baraja.", "It is in the deck.", "È nel mazzo.", "Está no baralho."),
    "not_in_deck": (
        "No está en la baraja.",
        "It is not in the deck.",
        "Non è nel mazzo.",
        "Não está no baralho.",
    ),
    "round_of_hand": (
        "Ronda {n} de una mano.",
        "Round {n} of a hand.",
        "Round {n} di una mano.",
        "Rodada {n} de uma mão.",
    ),
    "may_cover": (
        "Se puede jugar una carta tapada (cubierta).",
        "A card may be played face down (covered).",
        "Si può giocare una carta coperta.",
        "Pode-se jogar uma carta coberta (virada para baixo).",
    ),
    "face_up": (
        "Todas las cartas se juegan boca arriba.",
        "Every card is played face up.",
        "Tutte le carte si giocano scoperte.",
        "Todas as cartas são jogadas viradas para cima.",
    ),
    "leader_covers": (
        "Ronda {n}: quien abre juega una carta tapada",
        "Round {n}: the leader plays a card face down",
        "Round {n}: chi apre gioca una carta coperta",
        "Rodada {n}: quem abre joga uma carta coberta",
    ),
    "next_covers": (
        "el siguiente también la juega tapada",
        "the next player also plays face down",
        "il successivo gioca anch'egli coperta",
        "o seguinte também joga coberta",
    ),
    "next_face_up": (
        "el siguiente juega una carta boca arriba",
        "the next player plays a card face up",
        "il successivo gioca una carta scoperta",
        "o seguinte joga uma carta virada para cima",
    ),
    "others_cover": (
        "los demás juegan tapadas",
        "the others play face down",
        "gli altri giocano coperte",
        "os demais jogam cobertas",
    ),
    "round_is_tied": (
        "La ronda queda empatada.",
        "The round is tied.",
        "Il round finisce in parità.",
        "A rodada fica empatada.",
    ),
    "wins_the_round": (
        "{who} gana la ronda.",
        "{who} wins the round.",
        "{who} vince il round.",
        "{who} ganha a rodada.",
    ),
    "cards_in_order": (
        "Cartas en orden de juego: {cards}.",
        "Cards in play order: {cards}.",
        "Carte in ordine di gioco: {cards}.",
        "Cartas na ordem de jogo: {cards}.",
    ),
    # the register's newer entries: the call in the hand of ten, the iron hand's cards, the
    # contraflor's stake, the falta envido's stake, the ciego seña, a flor against a truco bet
    "ten_call": (
        "En la mano de 10, un jugador pide {pts}.",
        "In the hand of ten, a player calls for {pts}.",
        "Nella mano di dieci, un giocatore chiama {pts}.",
        "Na mão de 10, um jogador pede {pts}.",
    ),
    "ten_out_of_order": (
        "El pedido se rechaza: no es el siguiente escalón de la escalera.",
        "The call is refused: it is not the next step of the ladder.",
        "La richiesta è respinta: non è il gradino successivo della scala.",
        "O pedido é recusado: não é o degrau seguinte da escada.",
    ),
    "ten_no_truco": (
        "El pedido se rechaza: en esta mano no se pide truco.",
        "The call is refused: there is no truco in this hand.",
        "La richiesta è respinta: in questa mano non si chiede truco.",
        "O pedido é recusado: nesta mão não se pede truco.",
    ),
    "ten_is_truco": (
        "Cuenta como pedir truco: se aplica lo que dice AMB-9.",
        "It counts as asking for truco: what AMB-9 says applies.",
        "Conta come chiedere truco: si applica ciò che dice AMB-9.",
        "Conta como pedir truco: aplica-se o que diz AMB-9.",
    ),
    "ten_rises": (
        "Es un pedido corriente: la mano sube.",
        "It is an ordinary call: the hand rises.",
        "È una richiesta normale: la mano sale.",
        "É um pedido comum: a mão sobe.",
    ),
    "iron_blind": (
        "Mano de hierro a ciegas.",
        "Blind iron hand.",
        "Mano di ferro alla cieca.",
        "Mão de ferro às cegas.",
    ),
    "contraflor_sung": (
        "Un rival canta contraflor.",
        "An opponent sings contraflor.",
        "Un avversario canta contraflor.",
        "Um adversário canta contraflor.",
    ),
    "contraflor_stakes": (
        "La contraflor pone en juego {pts}.",
        "The contraflor stakes {pts}.",
        "La contraflor mette in palio {pts}.",
        "A contraflor põe em jogo {pts}.",
    ),
    "falta_chain": (
        "Pedidos aceptados: {calls}; la falta vale {pts}.",
        "Calls accepted: {calls}; the falta is worth {pts}.",
        "Richieste accettate: {calls}; la falta vale {pts}.",
        "Pedidos aceitos: {calls}; a falta vale {pts}.",
    ),
    "envido_winner_scores": (
        "Quien gana el envido anota {pts}.",
        "The side that wins the envido scores {pts}.",
        "Chi vince l'envido segna {pts}.",
        "Quem ganha o envido marca {pts}.",
    ),
    "strongest_card": (
        "Una mano cuya carta más fuerte es {card}.",
        "A hand whose strongest card is {card}.",
        "Una mano la cui carta più forte è {card}.",
        "Uma mão cuja carta mais forte é {card}.",
    ),
    "flor_move/calls truco on its turn to play": (
        "Un asiento tiene flor y aún no la cantó: en su turno de jugar, pide truco.",
        "A seat holds flor and has not sung it: on its turn to play, it calls truco.",
        "Un posto ha la flor e non l'ha ancora cantata: al suo turno di gioco, chiede truco.",
        "Um lugar tem flor e ainda não a cantou: na sua vez de jogar, pede truco.",
    ),
    "flor_move/accepts a truco call": (
        "Un asiento tiene flor y aún no la cantó: le piden truco antes de su primera carta, y lo acepta.",
        "A seat holds flor and has not sung it: asked for truco before its first card, it accepts.",
        "Un posto ha la flor e non l'ha ancora cantata: gli chiedono truco prima della sua prima carta, "
        "e accetta.",
        "Um lugar tem flor e ainda não a cantou: pedem-lhe truco antes da sua primeira carta, e ele aceita.",
    ),
    "flor_move/raises a truco call": (
        "Un asiento tiene flor y aún no la cantó: le piden truco antes de su primera carta, y lo sube.",
        "A seat holds flor and has not sung it: asked for truco before its first card, it raises.",
        "Un posto ha la flor e non l'ha ancora cantata: gli chiedono truco prima della sua prima carta, "
        "e rilancia.",
        "Um lugar tem flor e ainda não a cantou: pedem-lhe truco antes da sua primeira carta, e ele aumenta.",
    ),
    "flor_move/runs from a truco call": (
        "Un asiento tiene flor y aún no la cantó: le piden truco antes de su primera carta, y se va.",
        "A seat holds flor and has not sung it: asked for truco before its first card, it runs.",
        "Un posto ha la flor e non l'ha ancora cantata: gli chiedono truco prima della sua prima carta, "
        "e se ne va.",
        "Um lugar tem flor e ainda não a cantou: pedem-lhe truco antes da sua primeira carta, e ele corre.",
    ),
    "flor_first": (
        "Se rechaza: primero debe cantar la flor.",
        "Refused: it must sing the flor first.",
        "È respinto: prima deve cantare la flor.",
        "É recusado: primeiro deve cantar a flor.",
    ),
    "flor_no_bar": (
        "Puede hacerlo: la flor no se lo impide.",
        "It may: the flor does not stop it.",
        "Può farlo: la flor non glielo impedisce.",
        "Pode fazê-lo: a flor não o impede.",
    ),
    "ciego_allowed": (
        "Quien la tiene puede hacer la seña de ciego.",
        "Its holder may sign ciego.",
        "Chi la tiene può fare il segno di ciego.",
        "Quem a tem pode fazer o sinal de ciego.",
    ),
    "ciego_not_allowed": (
        "Quien la tiene no puede hacer la seña de ciego.",
        "Its holder may not sign ciego.",
        "Chi la tiene non può fare il segno di ciego.",
        "Quem a tem não pode fazer o sinal de ciego.",
    ),
    # counts
    "similar": (
        "y {n} situaciones más con los mismos resultados",
        "and {n} more situations with the same results",
        "e altre {n} situazioni con gli stessi esiti",
        "e mais {n} situações com os mesmos resultados",
    ),
    "similar1": (
        "y 1 situación más con los mismos resultados",
        "and 1 more situation with the same results",
        "e 1 altra situazione con gli stessi esiti",
        "e mais 1 situação com os mesmos resultados",
    ),
}

# Card suits as the rulebooks' decks have them: Mineiro (French suits) and Gauderio (Spanish suits).
_FRENCH = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
_SPANISH: dict[str, tuple[str, str, str, str]] = {
    "e": ("espadas", "swords", "spade", "espadas"),
    "b": ("bastos", "clubs", "bastoni", "paus"),
    "o": ("oros", "coins", "denari", "ouros"),
    "c": ("copas", "cups", "coppe", "copas"),
}
_OF = ("de", "of", "di", "de")
_CALLS = {"contraflor": "contraflor", "contraflor-resto": "contraflor al resto"}
# The envido calls by their names at the table (the same in the four languages).
_ENVIDO_CALLS = {"envido": "envido", "real-envido": "real envido", "falta-envido": "falta envido"}


def word(key: str, lang: str, **fill: Any) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return _W[key][LANGS.index(lang)].format(**fill)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def points(n: int, lang: str) -> str:
    return word("point" if n == 1 else "points", lang, n=n)


def card_name(name: str, lang: str) -> str:
    """ "4C" -> "4♣" (Mineiro); "1e" -> "1 de espadas" (Gauderio, suit in the reader's language)."""
    m = re.fullmatch(r"([4567QJKA23])([CHSD])", name)
    if m:
        return m[1] + _FRENCH[m[2]]
    m = re.fullmatch(r"(1[0-2]|[1-7])([eboc])", name)
    if m:
        i = LANGS.index(lang)
        return f"{m[1]} {_OF[i]} {_SPANISH[m[2]][i]}"
    raise UnknownWitness(f"not a card name: {name!r}")


def _kind(players: Collection[int]) -> int:
    """2 or 4 when every game involved has that many players; 0 when both kinds are involved."""
    kinds = set(players)
    return kinds.pop() if len(kinds) == 1 and kinds <= {2, 4} else 0


def _side_role(side: int, dealer_side: int | None, kind: int, lang: str) -> str:
    if dealer_side is None:
        return word("one_side" if side == 0 else "other_side", lang)
    return word(f"{'dealer' if side == dealer_side else 'starter'}/{kind}", lang)


def _rounds(rounds: list[Any], dealer_side: int | None, kind: int, lang: str) -> str:
    if len(rounds) == 3 and all(r == "tie" for r in rounds):
        return word("all_tied", lang)
    if dealer_side is None and len(rounds) == 2 and rounds[0] == rounds[1] != "tie":
        return word("first_two", lang)
    parts = []
    for n, r in enumerate(rounds, 1):
        if r == "tie":
            parts.append(word("round_tied", lang, n=n))
        elif r in (0, 1):
            parts.append(word("wins_round", lang, who=_side_role(r, dealer_side, kind, lang), n=n))
        else:
            raise UnknownWitness(f"round result {r!r}")
    return _cap(", ".join(parts)) + "."


def _seats(cards: list[str], lang: str) -> str:
    names = (
        [word(f"seat{i}", lang) for i in range(len(cards))]
        if len(cards) == 4
        else [word("seat0", lang), word("seat1", lang)]
    )
    return word(
        "cards_in_order",
        lang,
        cards=", ".join(f"{card_name(c, lang)} ({who})" for who, c in zip(names, cards, strict=True)),
    )


# What each domain's situation may say. A situation with anything else (a muestra where none is
# worded, say) has no wording: words that left part of it out would tell another situation.
_SITUATION_KEYS: dict[str, frozenset[str]] = {
    domain: frozenset(keys) for domain, keys in {
        "hand-resolution": ("rounds", "dealer_side"),
        "hand-length": ("rounds",),
        "ladder": ("hand_value",),
        "run-payout": ("refused_call",),
        "hand-of-ten": ("scores",),
        "target": ("score",),
        "envido-points": ("hand", "muestra"),
        "falta": ("scores", "contest_winner"),
        "deck": ("card",),
        "covering": ("round",),
        "covered-card": ("round", "leader", "next_seat", "other_seats"),
        "partner-tie": ("cards_in_play_order", "leader_seat"),
        "round-leader": ("cards_in_play_order", "leader_seat"),
        "flor-refusal": ("partner_raised", "refused_call", "scores"),
        "side-bet-scoring": ("score", "contest_points"),
        "ten-call": ("hand", "call"),
        "iron-cards": ("blind_iron_hand", "cards_in_play_order", "leader_seat"),
        "card-pairs": ("cards_in_play_order", "leader_seat"),
        "contraflor-stake": ("partner_raised",),
        "envido-three-suit": ("hand",),
        "falta-added": ("accepted_chain", "falta"),
        "ciego": ("strongest_card",),
        "flor-before-truco": ("move",),
    }.items()
}


def situation_text(witness: Mapping[str, Any], lang: str, players: Collection[int] = ()) -> str:
    """The witness's situation as one or two sentences. `players`: how many play in the games compared."""
    domain, s = witness.get("domain"), witness.get("situation") or {}
    kind = _kind(players)
    if domain not in _SITUATION_KEYS:
        raise UnknownWitness(f"witness domain {domain!r} has no wording")
    unknown = sorted(set(s) - _SITUATION_KEYS[domain])
    if unknown:
        raise UnknownWitness(f"{domain} situation {dict(s)!r}: no wording for {', '.join(unknown)}")
    try:
        if domain == "hand-resolution":
            return _rounds(list(s["rounds"]), s.get("dealer_side"), kind, lang)
        if domain == "hand-length":
            return _rounds(list(s["rounds"]), None, kind, lang)
        if domain == "ladder":
            return word("hand_worth", lang, pts=points(s["hand_value"], lang))
        if domain == "run-payout":
            return word("call_refused", lang, pts=points(s["refused_call"], lang))
        if domain in ("hand-of-ten",):
            a, b = s["scores"]
            if a == b == 10:
                return word("both_ten", lang)
            if 10 in (a, b):
                return word("one_ten", lang, x=b if a == 10 else a)
            return word("score_is", lang, a=a, b=b)
        if domain == "target":
            return word("reaches", lang, pts=points(s["score"], lang))
        if domain == "envido-points":
            cards = ", ".join(card_name(c, lang) for c in s["hand"])
            if "muestra" in s:
                return word("hand_with_muestra", lang, cards=cards, card=card_name(s["muestra"], lang))
            return word("hand_with", lang, cards=cards)
        if domain == "falta":
            a, b = s["scores"]
            return word("falta", lang, a=a, b=b, w=s["scores"][s["contest_winner"]])
        if domain == "deck":
            return word("the_card", lang, card=card_name(s["card"], lang))
        if domain == "covering":
            return word("round_of_hand", lang, n=s["round"])
        if domain == "covered-card":
            parts = [
                word("leader_covers", lang, n=s["round"]),
                word("next_covers" if s["next_seat"] == "covers" else "next_face_up", lang),
            ]
            if kind == 4 and s.get("other_seats") == "cover":
                parts.append(word("others_cover", lang))
            return "; ".join(parts) + "."
        if domain in ("partner-tie", "round-leader"):
            return _seats(list(s["cards_in_play_order"]), lang)
        if domain == "flor-refusal":
            a, b = s["scores"]
            flor = word("flor_raised" if s["partner_raised"] else "flor_sung", lang)
            return " ".join(
                [
                    word("score_is", lang, a=a, b=b),
                    flor,
                    word("flor_refused", lang, call=_CALLS[s["refused_call"]]),
                ]
            )
        if domain == "side-bet-scoring":
            return word("side_bet", lang, s=points(s["score"], lang), pts=points(s["contest_points"], lang))
        if domain == "ten-call" and s["hand"] == "hand of ten":
            return word("ten_call", lang, pts=points(s["call"], lang))
        if domain == "iron-cards" and s["blind_iron_hand"] is True:
            return word("iron_blind", lang) + " " + _seats(list(s["cards_in_play_order"]), lang)
        if domain == "card-pairs":
            return _seats(list(s["cards_in_play_order"]), lang)
        if domain == "contraflor-stake":
            flor = word("flor_raised" if s["partner_raised"] else "flor_sung", lang)
            return f"{flor} {word('contraflor_sung', lang)}"
        if domain == "envido-three-suit":
            return word("hand_with", lang, cards=", ".join(card_name(c, lang) for c in s["hand"]))
        if domain == "falta-added":
            calls = ", ".join(_ENVIDO_CALLS[c] for c in s["accepted_chain"])
            return word("falta_chain", lang, calls=calls, pts=points(s["falta"], lang))
        if domain == "ciego":
            return word("strongest_card", lang, card=card_name(s["strongest_card"], lang))
        if domain == "flor-before-truco":
            return word(f"flor_move/{s['move']}", lang)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, UnknownWitness):
            raise
        raise UnknownWitness(f"{domain} situation {dict(s)!r}: {exc}") from exc
    raise UnknownWitness(f"witness domain {domain!r} has no wording")


_SIDE_RESULT = re.compile(r"side (\d) wins(?: the (round|hand))?$|the round goes to side (\d)$")
_PLAIN: dict[str, str] = {
    "nobody scores": "nobody_scores",
    "another round": "another_round",
    "hand over": "hand_over",
    "another round is played": "round_still_played",
    "partida won": "partida_won",
    "play goes on": "play_goes_on",
    "in the deck": "in_deck",
    "not in the deck": "not_in_deck",
    "a card may be played covered": "may_cover",
    "every card is played face up": "face_up",
    "the round is tied": "round_is_tied",
    "round tied": "round_is_tied",
    "not a call of this ladder": "not_a_call",
    "partida won when the contest is settled; the hand is not played out": "won_at_once",
    "the hand is played out; the partida is won when it ends, without the hand's points": "won_after_hand",
    "refused: the flor is sung first": "flor_first",
    "the seat may do it": "flor_no_bar",
}
_TEN_CALL_RESULTS = {
    "refused: out of the ladder's order": "ten_out_of_order",
    "refused: no truco in this hand": "ten_no_truco",
    "asking for truco: AMB-9 ten-truco applies": "ten_is_truco",
    "an ordinary call: the hand rises": "ten_rises",
    "ciego may be signed": "ciego_allowed",
    "ciego may not be signed": "ciego_not_allowed",
}
_TEN_CALLS = {
    "allowed": "truco_allowed",
    "refused": "truco_refused",
    "caller loses the match": "truco_loses_match",
    "caller loses the hand": "truco_loses_hand",
}


def outcome_text(witness: Mapping[str, Any], result: Any, lang: str, players: Collection[int] = ()) -> str:
    """One side's result as a sentence. `players`: how many play in that side's game."""
    domain, s = witness.get("domain"), witness.get("situation") or {}
    kind = _kind(players)
    if isinstance(result, str):
        if result in _PLAIN:
            return word(_PLAIN[result], lang)
        if result in _TEN_CALL_RESULTS and domain in ("ten-call", "ciego"):
            return word(_TEN_CALL_RESULTS[result], lang)
        m = _SIDE_RESULT.match(result)
        if m:
            side = int(m[1] if m[1] is not None else m[3])
            what = "round" if m[2] == "round" or m[3] is not None else "hand"
            if domain == "hand-resolution":
                who = _side_role(side, s.get("dealer_side"), kind, lang)
            elif domain == "partner-tie":
                who = word("leader_pair" if side == 0 else "other/4", lang)
            else:  # the side that led (0) or the other (1)
                who = word("seat0" if side == 0 else f"other/{kind}", lang)
            return word("wins_the_round" if what == "round" else "wins_hand", lang, who=_cap(who))
    elif isinstance(result, bool):
        pass
    elif isinstance(result, int):
        if domain in ("envido-points", "envido-three-suit"):
            return _cap(word("envido_point" if result == 1 else "envido_points", lang, n=result)) + "."
        if domain == "falta":
            return word("it_scores", lang, pts=points(result, lang))
    elif isinstance(result, Mapping):
        if domain == "ladder" and set(result) == {"next_call"}:
            n = result["next_call"]
            return word("no_next_call", lang) if n is None else word("next_call", lang, pts=points(n, lang))
        if domain == "run-payout" and set(result) == {"caller_scores"}:
            return word("caller_scores", lang, pts=points(result["caller_scores"], lang))
        if domain == "round-leader" and set(result) == {"next_leader_seat"}:
            return word(f"next{result['next_leader_seat']}", lang)
        if domain == "contraflor-stake" and set(result) == {"contraflor_stakes"}:
            return word("contraflor_stakes", lang, pts=points(result["contraflor_stakes"], lang))
        if domain == "falta-added" and set(result) == {"stake"}:
            return word("envido_winner_scores", lang, pts=points(result["stake"], lang))
        if domain == "flor-refusal" and set(result) == {"last_singer_scores"}:
            return word("last_singer", lang, pts=points(result["last_singer_scores"], lang))
        if (
            domain == "hand-of-ten"
            and set(result) == {"starts_at", "truco_call", "may_decline"}
            and result["truco_call"] in _TEN_CALLS
        ):
            parts = [
                word("starts_at", lang, pts=points(result["starts_at"], lang)),
                word(_TEN_CALLS[result["truco_call"]], lang),
            ]
            scores = s.get("scores") or []
            if list(scores).count(10) == 1:  # choosing not to play concerns the one side at ten
                parts.append(word("may_decline" if result["may_decline"] else "must_play", lang))
            return " ".join(parts)
    raise UnknownWitness(f"{domain} result {result!r} has no wording")


def similar_text(n: int, lang: str) -> str:
    """ "and 4 more situations with the same results" (empty for 0)."""
    if n <= 0:
        return ""
    return word("similar1", lang) if n == 1 else word("similar", lang, n=n)
