"""The site's words for the ruleset pages, the ruleset comparison and the published sources of the
rulesets written from published rules, in the order (es, en, it, pt); merged into site_labels."""

from __future__ import annotations

from truco_cli.words import Labels

RULESET_LABELS: Labels = {
    # navigation
    "rs_nav": ("Reglamentos ejecutables", "Rulesets", "Regolamenti eseguibili", "Regulamentos executáveis"),
    "rs_all": ("Los seis reglamentos", "The six rulesets", "I sei regolamenti", "Os seis regulamentos"),
    "g_rulesets": (
        "Definir su propio reglamento",
        "Define your own ruleset",
        "Definire il proprio regolamento",
        "Definir o seu próprio regulamento",
    ),
    "rs_index_intro": (
        "Cada reglamento ejecutable es un archivo de datos (`spec/data/rulesets/`); su página se genera a "
        "partir de él. Cuatro codifican los reglamentos de este proyecto; dos están escritos a partir de "
        "reglas publicadas, no de esos cuatro reglamentos.",
        "Each ruleset is a data file (`spec/data/rulesets/`); its page is generated from it. Four encode "
        "the rulebooks of this project; two are written from published rules, not from those four "
        "rulebooks.",
        "Ogni regolamento eseguibile è un file di dati (`spec/data/rulesets/`); la sua pagina è generata da "
        "esso. Quattro codificano i regolamenti di questo progetto; due sono scritti a partire da regole "
        "pubblicate, non da quei quattro regolamenti.",
        "Cada regulamento executável é um arquivo de dados (`spec/data/rulesets/`); a sua página é gerada a "
        "partir dele. Quatro codificam os regulamentos deste projeto; dois foram escritos a partir de regras "
        "publicadas, não desses quatro regulamentos.",
    ),
    "rs_origin": ("Origen", "Origin", "Origine", "Origem"),
    "rs_family": ("Variante", "Variant", "Variante", "Variante"),
    "published_rules": ("reglas publicadas", "published rules", "regole pubblicate", "regras publicadas"),
    "in_threes": ("tres contra tres", "three against three", "tre contro tre", "três contra três"),
    # where a ruleset comes from
    "rs_published_title": (
        "No viene de los cuatro reglamentos",
        "Not from the four rulebooks",
        "Non viene dai quattro regolamenti",
        "Não vem dos quatro regulamentos",
    ),
    "rs_published_note": (
        "Este reglamento está escrito a partir de reglas publicadas, no de los cuatro reglamentos de este "
        "proyecto. Sus propias cláusulas ({first} a {last}) enuncian cada regla con la publicación de la que "
        "viene, en lugar de una cita literal, y las cláusulas que comparte con los reglamentos nombran la "
        "publicación que las enuncia para este juego. Sus fuentes:",
        "This ruleset is written from published rules, not from the four rulebooks of this project. Its own "
        "clauses ({first} to {last}) state each rule with the publication it comes from instead of a "
        "verbatim quote, and the clauses it shares with the rulebooks name the publication that states them "
        "for this game. Its sources:",
        "Questo regolamento è scritto a partire da regole pubblicate, non dai quattro regolamenti di questo "
        "progetto. Le sue clausole ({first}–{last}) enunciano ogni regola con la pubblicazione da cui viene, "
        "invece di una citazione letterale, e le clausole che condivide con i regolamenti indicano la "
        "pubblicazione che le enuncia per questo gioco. Le sue fonti:",
        "Este regulamento foi escrito a partir de regras publicadas, não dos quatro regulamentos deste "
        "projeto. As suas próprias cláusulas ({first} a {last}) enunciam cada regra com a publicação de onde "
        "vem, em vez de uma citação literal, e as cláusulas que partilha com os regulamentos indicam a "
        "publicação que as enuncia para este jogo. As suas fontes:",
    ),
    "rs_rulebook_title": (
        "Del reglamento {doc}",
        "From rulebook {doc}",
        "Dal regolamento {doc}",
        "Do regulamento {doc}",
    ),
    "rs_rulebook_note": (
        "Cada cláusula de este reglamento cita literalmente su reglamento: [el texto completo]({link}).",
        "Every clause of this ruleset quotes its rulebook verbatim: [the full text]({link}).",
        "Ogni clausola di questo regolamento cita letteralmente il suo regolamento: "
        "[il testo completo]({link}).",
        "Cada cláusula deste regulamento cita literalmente o seu regulamento: [o texto completo]({link}).",
    ),
    "rs_page": ("Su página", "Its page", "La sua pagina", "A sua página"),
    # features
    "rs_features": ("Lo que tiene", "What it has", "Che cosa ha", "O que tem"),
    "rs_switch": (
        "{value} con la lectura {reading}",
        "{value} with the reading {reading}",
        "{value} con la lettura {reading}",
        "{value} com a leitura {reading}",
    ),
    "ft_muestra": ("Muestra y piezas", "Muestra and piezas", "Muestra e piezas", "Amostra e peças"),
    "fact_halves": (
        "Malas y buenas (dos mitades)",
        "Malas and buenas (two halves)",
        "Malas e buenas (due metà)",
        "Malas e buenas (duas metades)",
    ),
    "fact_target": (
        "Puntos para ganar una partida",
        "Points to win a partida",
        "Punti per vincere una partida",
        "Pontos para ganhar uma partida",
    ),
    "fact_partidas": (
        "Partidas para ganar el partido",
        "Partidas to win the match",
        "Partidas per vincere la partita",
        "Partidas para ganhar a partida",
    ),
    "halves_value": ("{h} y {b}", "{h} and {b}", "{h} e {b}", "{h} e {b}"),
    # players, deck, cards
    "rs_deck": ("Jugadores y baraja", "Players and deck", "Giocatori e mazzo", "Jogadores e baralho"),
    "rs_players_text": (
        "{n} jugadores, {table}; los asientos alternan entre los dos bandos.",
        "{n} players, {table}; the seats alternate between the two sides.",
        "{n} giocatori, {table}; i posti si alternano tra le due parti.",
        "{n} jogadores, {table}; os lugares alternam entre os dois lados.",
    ),
    "rs_deck_text": (
        "{n} cartas: los valores {ranks} en {suits}. Una carta se escribe valor y palo: {example}.",
        "{n} cards: the ranks {ranks} in {suits}. A card is written rank then suit: {example}.",
        "{n} carte: i valori {ranks} in {suits}. Una carta si scrive valore e seme: {example}.",
        "{n} cartas: os valores {ranks} em {suits}. Uma carta escreve-se valor e naipe: {example}.",
    ),
    "rs_excluded": (
        "Fuera de la baraja: {cards}.",
        "Left out of the deck: {cards}.",
        "Fuori dal mazzo: {cards}.",
        "Fora do baralho: {cards}.",
    ),
    "rs_deal": (
        "Cada jugador recibe {n} cartas.",
        "Each player is dealt {n} cards.",
        "Ogni giocatore riceve {n} carte.",
        "Cada jogador recebe {n} cartas.",
    ),
    "rs_cards": (
        "El orden de las cartas",
        "The order of the cards",
        "L'ordine delle carte",
        "A ordem das cartas",
    ),
    "rs_cards_text": (
        "De la más fuerte (1) a la más débil; las cartas abiertas en abanico valen lo mismo.",
        "From the strongest (1) down; cards fanned out together are equal.",
        "Dalla più forte (1) in giù; le carte aperte a ventaglio si equivalgono.",
        "Da mais forte (1) para baixo; as cartas abertas em leque valem o mesmo.",
    ),
    "rs_fixed_order": (
        "Este es el orden fijo, por debajo de las piezas.",
        "This is the fixed order, below the piezas.",
        "Questo è l'ordine fisso, sotto le piezas.",
        "Esta é a ordem fixa, abaixo das peças.",
    ),
    "rs_muestra": (
        "La muestra y las piezas",
        "The muestra and the piezas",
        "La muestra e le piezas",
        "A amostra e as peças",
    ),
    "rs_muestra_text": (
        "Tras el reparto se da vuelta una carta: la muestra. Las cartas de su palo de valor {ranks} son las "
        "piezas de esa mano, de la más fuerte a la más débil, por encima de todas las cartas del orden fijo; "
        "cada una tiene sus propios tantos de envido.",
        "After the deal a card is turned up: the muestra. The cards of its suit of rank {ranks} are the "
        "piezas of that hand, strongest first, above every card of the fixed order; each counts its own "
        "envido points.",
        "Dopo la distribuzione si scopre una carta: la muestra. Le carte del suo seme di valore {ranks} sono "
        "le piezas di quella mano, dalla più forte, sopra tutte le carte dell'ordine fisso; ognuna conta i "
        "propri punti di envido.",
        "Depois da distribuição vira-se uma carta: a amostra. As cartas do seu naipe de valor {ranks} são as "
        "peças dessa mão, da mais forte para a mais fraca, acima de todas as cartas da ordem fixa; cada uma "
        "conta os seus próprios pontos de envido.",
    ),
    "rs_stand_in": (
        "Cuando la muestra es una pieza, el {rank} de su palo ocupa el lugar de esa pieza.",
        "When the muestra is itself a pieza, the {rank} of its suit takes that pieza's place.",
        "Quando la muestra è essa stessa una pieza, il {rank} del suo seme ne prende il posto.",
        "Quando a amostra é uma peça, o {rank} do seu naipe toma o lugar dessa peça.",
    ),
    "rs_muestra_example": (
        "Con la muestra {card}, las piezas son: {piezas}.",
        "With the muestra {card}, the piezas are: {piezas}.",
        "Con la muestra {card}, le piezas sono: {piezas}.",
        "Com a amostra {card}, as peças são: {piezas}.",
    ),
    "pic_muestra": (
        "Orden de las cartas de {ruleset} con la muestra {card}, de la más fuerte; "
        "las piezas tienen el borde dorado",
        "Card order of {ruleset} when the muestra is {card}, strongest first; the piezas have a gold edge",
        "Ordine delle carte di {ruleset} con la muestra {card}, dalla più forte; "
        "le piezas hanno il bordo dorato",
        "Ordem das cartas de {ruleset} com a amostra {card}, da mais forte; as peças têm a borda dourada",
    ),
    # the ladder
    "rs_ladder": ("La escalera del truco", "The truco ladder", "La scala del truco", "A escada do truco"),
    "rs_opening": (
        "Una mano empieza valiendo {pts}.",
        "A hand starts at {pts}.",
        "Una mano parte da {pts}.",
        "Uma mão começa valendo {pts}.",
    ),
    "rs_call": ("Apuesta", "Call", "Chiamata", "Aposta"),
    "rs_worth": ("La mano vale", "The hand is worth", "La mano vale", "A mão vale"),
    "rs_refused": (
        "Si se rechaza, quien apostó anota",
        "If refused, the caller's side scores",
        "Se rifiutata, chi ha chiamato segna",
        "Se recusada, quem apostou marca",
    ),
    "rs_next_other": (
        "El bando que hizo la última apuesta no puede hacer la siguiente.",
        "The side that made the last call may not make the next one.",
        "La parte che ha fatto l'ultima chiamata non può fare la successiva.",
        "O lado que fez a última aposta não pode fazer a seguinte.",
    ),
    "rs_next_any": (
        "Tras una apuesta aceptada, cualquiera de los bandos puede subir.",
        "After an accepted call, either side may raise.",
        "Dopo una chiamata accettata, una qualsiasi delle parti può rilanciare.",
        "Depois de uma aposta aceita, qualquer dos lados pode aumentar.",
    ),
    # envido, flor, señas
    "rs_env_card": ("Carta", "Card", "Carta", "Carta"),
    "rs_env_points": ("Tantos", "Points", "Punti", "Pontos"),
    "rs_pair_bonus": (
        "Dos cartas del mismo palo suman {n} a sus valores.",
        "Two cards of one suit add {n} to their values.",
        "Due carte dello stesso seme aggiungono {n} ai loro valori.",
        "Duas cartas do mesmo naipe somam {n} aos seus valores.",
    ),
    "rs_stake": ("Pone en juego", "Stake", "Posta", "Põe em jogo"),
    "rs_answered": (
        "Se puede responder con",
        "May be answered with",
        "Si può rispondere con",
        "Pode ser respondida com",
    ),
    "rs_times": ("hasta {n} veces", "up to {n} times", "fino a {n} volte", "até {n} vezes"),
    "rs_falta": ("la falta", "the falta", "la falta", "a falta"),
    "rs_nothing": ("nada", "nothing", "niente", "nada"),
    "rs_flor_text": (
        "Una flor vale {stake}; si el rival con flor responde quiero, {accepted}. La contraflor dobla lo que "
        "está en juego; la contraflor al resto pone en juego la falta.",
        "A flor is worth {stake}; when an opponent with flor answers quiero, {accepted}. "
        "A contraflor doubles the stake; contraflor al resto stakes the falta.",
        "Una flor vale {stake}; se l'avversario con flor risponde quiero, {accepted}. "
        "La contraflor raddoppia la posta; la contraflor al resto mette in palio la falta.",
        "Uma flor vale {stake}; se o adversário com flor responde quiero, {accepted}. A contraflor dobra o "
        "que está em jogo; a contraflor ao resto põe em jogo a falta.",
    ),
    "rs_flor_partner": (
        "En parejas, el compañero del que cantó, si también tiene flor, la sube a {pts}.",
        "In pairs, the singer's partner, also holding flor, raises it to {pts}.",
        "In coppia, il compagno di chi ha cantato, se ha anche lui flor, la porta a {pts}.",
        "Em duplas, o parceiro de quem cantou, se também tem flor, sobe-a para {pts}.",
    ),
    "rs_off_by_default": (
        "No se juega por defecto; {how}:",
        "Not played by default; {how}:",
        "Non si gioca per impostazione predefinita; {how}:",
        "Não se joga por padrão; {how}:",
    ),
    "rs_with_reading": (
        "con la lectura {reading}",
        "with the reading {reading}",
        "con la lettura {reading}",
        "com a leitura {reading}",
    ),
    "rs_sign_below": (
        "{name}: todas las cartas de la mano por debajo de los {rank}",
        "{name}: every card of the hand below the {rank}s",
        "{name}: tutte le carte della mano sotto i {rank}",
        "{name}: todas as cartas da mão abaixo dos {rank}",
    ),
    "rs_sign_envido": (
        "{name}: de {a} a {b} tantos de envido",
        "{name}: {a} to {b} envido points",
        "{name}: da {a} a {b} punti di envido",
        "{name}: de {a} a {b} pontos de envido",
    ),
    # hand of ten, iron hand, match
    "rs_ten_text": (
        "Un bando con {score} puntos juega una mano que vale {pts}, en la que nadie puede pedir truco.",
        "A side at {score} points plays a hand worth {pts} in which nobody may call truco.",
        "Una parte a {score} punti gioca una mano che vale {pts}, in cui nessuno può chiamare truco.",
        "Um lado com {score} pontos joga uma mão que vale {pts}, em que ninguém pode pedir truco.",
    ),
    "rs_ten_decline": (
        "Si la rechaza (donde una lectura lo permite), el otro bando anota {pts}.",
        "If it declines the hand (where a reading lets it), the other side scores {pts}.",
        "Se rifiuta la mano (dove una lettura lo permette), l'altra parte segna {pts}.",
        "Se recusa a mão (onde uma leitura o permite), o outro lado marca {pts}.",
    ),
    "rs_ten_partners": (
        "Los compañeros del bando con diez ven sus cartas.",
        "The partners of the side at ten see each other's cards.",
        "I compagni della parte a dieci vedono le carte l'uno dell'altro.",
        "Os parceiros do lado com dez veem as cartas um do outro.",
    ),
    "rs_iron_text": (
        "Los dos bandos con {score} puntos: la mano de hierro.",
        "Both sides at {score} points: the iron hand.",
        "Entrambe le parti a {score} punti: la mano di ferro.",
        "Os dois lados com {score} pontos: a mão de ferro.",
    ),
    "rs_iron_decides": (
        "Quien la gana, gana el partido.",
        "Whoever wins it wins the match.",
        "Chi la vince vince la partita.",
        "Quem a ganha ganha a partida.",
    ),
    "rs_match": ("El partido", "The match", "La partita", "A partida"),
    "rs_target": (
        "Gana la partida el bando que llega a {pts}.",
        "A side that reaches {pts} wins the partida.",
        "Vince la partida la parte che arriva a {pts}.",
        "Ganha a partida o lado que chega a {pts}.",
    ),
    "rs_halves": (
        "Los primeros {h} son las malas; los otros {b}, las buenas.",
        "The first {h} are the malas, the other {b} the buenas.",
        "I primi {h} sono le malas, gli altri {b} le buenas.",
        "Os primeiros {h} são as malas, os outros {b} as buenas.",
    ),
    "rs_partidas1": (
        "Una partida gana el partido.",
        "One partida wins the match.",
        "Una partida vince la partita.",
        "Uma partida ganha a partida inteira.",
    ),
    "rs_partidas": (
        "Gana el partido quien gana {n} partidas.",
        "A side that wins {n} partidas wins the match.",
        "Vince la partita chi vince {n} partidas.",
        "Ganha a partida inteira quem ganha {n} partidas.",
    ),
    # readings and clauses of a ruleset
    "rs_readings": (
        "Sus lecturas por defecto",
        "Its default readings",
        "Le sue letture predefinite",
        "As suas leituras padrão",
    ),
    "rs_readings_intro": (
        "Su lectura por defecto de cada pregunta del registro de ambigüedades que le concierne, y por qué. "
        "Se cambia con `--reading CLAVE=LECTURA`.",
        "Its default reading of every question of the ambiguity register that concerns it, and why. Switch "
        "one with `--reading KEY=READING`.",
        "La sua lettura predefinita di ogni domanda del registro delle ambiguità che lo riguarda, e perché. "
        "Si cambia con `--reading CHIAVE=LETTURA`.",
        "A sua leitura padrão de cada pergunta do registro de ambiguidades que lhe diz respeito, e porquê. "
        "Muda-se com `--reading CHAVE=LEITURA`.",
    ),
    "rs_stated_by": (
        "Lo establece {clause}.",
        "Stated by {clause}.",
        "Lo stabilisce {clause}.",
        "Estabelecido por {clause}.",
    ),
    "rs_clauses": ("Sus cláusulas", "Its clauses", "Le sue clausole", "As suas cláusulas"),
    "rs_clauses_intro": (
        "Cada regla del reglamento, con su fuente.",
        "Every rule of the ruleset, with its source.",
        "Ogni regola del regolamento, con la sua fonte.",
        "Cada regra do regulamento, com a sua fonte.",
    ),
    "rs_adopted": (
        "la enuncia para este juego",
        "stated for this game by",
        "la enuncia per questo gioco",
        "enuncia-a para este jogo",
    ),
    # published sources on the clause pages and in the register
    "published_source": (
        "Fuente publicada (no es uno de los cuatro reglamentos)",
        "Published source (not one of the four rulebooks)",
        "Fonte pubblicata (non è uno dei quattro regolamenti)",
        "Fonte publicada (não é um dos quatro regulamentos)",
    ),
    "published_intro": (
        "Cláusula del reglamento {ruleset}, escrito a partir de reglas publicadas: no tiene cita literal; "
        "la enuncia esta publicación:",
        "A clause of the ruleset {ruleset}, written from published rules: it has no verbatim quote; this "
        "publication states it:",
        "Clausola del regolamento {ruleset}, scritto a partire da regole pubblicate: non ha una citazione "
        "letterale; la enuncia questa pubblicazione:",
        "Cláusula do regulamento {ruleset}, escrito a partir de regras publicadas: não tem citação literal; "
        "enuncia-a esta publicação:",
    ),
    "section_of": ("sección {s}", "section {s}", "sezione {s}", "seção {s}"),
    "adopted_title": (
        "Adoptada por reglamentos escritos a partir de reglas publicadas",
        "Adopted by rulesets written from published rules",
        "Adottata da regolamenti scritti a partire da regole pubblicate",
        "Adotada por regulamentos escritos a partir de regras publicadas",
    ),
    "adopted_intro": (
        "Estos reglamentos, que no vienen de los cuatro reglamentos, aplican la misma regla; la publicación "
        "que la enuncia para cada uno:",
        "These rulesets, which do not come from the four rulebooks, hold the same rule; the publication that "
        "states it for each:",
        "Questi regolamenti, che non vengono dai quattro regolamenti, applicano la stessa regola; la "
        "pubblicazione che la enuncia per ciascuno:",
        "Estes regulamentos, que não vêm dos quatro regulamentos, aplicam a mesma regra; a publicação que a "
        "enuncia para cada um:",
    ),
    "not_in_sources_published": (
        "No está en los cuatro reglamentos; lo dicen reglas publicadas (no es una cita de los reglamentos):",
        "Not in the four rulebooks; published rules say it (not a rulebook quote):",
        "Non è nei quattro regolamenti; lo dicono regole pubblicate (non è una citazione dei regolamenti):",
        "Não está nos quatro regulamentos; dizem-no regras publicadas (não é uma citação dos regulamentos):",
    ),
    "said_by_published": (
        "Ningún reglamento lo dice; lo dicen reglas publicadas: {pubs}.",
        "No rulebook says it; published rules do: {pubs}.",
        "Nessun regolamento lo dice; lo dicono regole pubblicate: {pubs}.",
        "Nenhum regulamento o diz; dizem-no regras publicadas: {pubs}.",
    ),
    # the comparison
    "rulesets_compared": (
        "Los reglamentos ejecutables, punto por punto",
        "The rulesets, feature by feature",
        "I regolamenti eseguibili, punto per punto",
        "Os regulamentos executáveis, ponto a ponto",
    ),
    "cmp_glance": ("De un vistazo", "At a glance", "A colpo d'occhio", "Num relance"),
    "cmp_clauses": (
        "Cláusula por cláusula",
        "Clause by clause",
        "Clausola per clausola",
        "Cláusula a cláusula",
    ),
    "cmp_glance_intro": (
        "Lo que cada reglamento tiene con sus lecturas por defecto; «con la lectura» dice qué lectura del "
        "registro lo cambia.",
        "What each ruleset has under its default readings; “with the reading” says which reading of the "
        "register changes it.",
        "Ciò che ogni regolamento ha con le sue letture predefinite; «con la lettura» dice quale lettura del "
        "registro lo cambia.",
        "O que cada regulamento tem com as suas leituras padrão; «com a leitura» diz qual leitura do "
        "registro o muda.",
    ),
    "cards_n": ("{n} cartas", "{n} cards", "{n} carte", "{n} cartas"),
    # how a part of the game is played: the ruleset's readings of the register
    "rs_how_played": (
        "Cómo se juega, según las lecturas de este conjunto de reglas:",
        "How it is played, by this ruleset's readings:",
        "Come si gioca, secondo le letture di questo set di regole:",
        "Como se joga, segundo as leituras deste conjunto de regras:",
    ),
    "rs_r_responder": (
        "Quién responde un pedido",
        "Who answers a call",
        "Chi risponde a una richiesta",
        "Quem responde a um pedido",
    ),
    "rs_r_ten_call": (
        "Qué pedido es pedir truco en la mano de 10",
        "Which call is asking for truco in the hand of ten",
        "Quale richiesta è chiedere truco nella mano di dieci",
        "Qual pedido é pedir truco na mão de 10",
    ),
    "rs_r_ten_truco": (
        "Qué pasa si se pide truco en la mano de 10",
        "What asking for truco in the hand of ten does",
        "Che cosa succede se si chiede truco nella mano di dieci",
        "O que acontece se se pede truco na mão de 10",
    ),
    "rs_r_ten_choice": (
        "Si el bando con diez puede rechazar la mano",
        "Whether the side at ten may decline the hand",
        "Se la parte a dieci può rifiutare la mano",
        "Se o lado com dez pode recusar a mão",
    ),
    "rs_r_iron_hand": (
        "Si la mano de hierro es una mano de 10",
        "Whether the iron hand is a hand of ten",
        "Se la mano di ferro è una mano di dieci",
        "Se a mão de ferro é uma mão de 10",
    ),
    "rs_r_iron_blind": (
        "Si se juega a ciegas",
        "Whether it is played blind",
        "Se si gioca alla cieca",
        "Se é jogada às cegas",
    ),
    "rs_r_iron_cards": (
        "Cuánto valen sus cartas boca abajo",
        "What its face-down cards are worth",
        "Quanto valgono le sue carte coperte",
        "Quanto valem as suas cartas viradas para baixo",
    ),
    "rs_r_window": (
        "Cuándo se canta",
        "When it is called",
        "Quando si chiama",
        "Quando se canta",
    ),
    "rs_r_envido_first": (
        "Si el envido va primero que el truco",
        "Whether the envido goes before the truco",
        "Se l'envido viene prima del truco",
        "Se o envido vem antes do truco",
    ),
    "rs_r_flor_optional": (
        "Si hay que cantar la flor",
        "Whether flor must be sung",
        "Se la flor va cantata",
        "Se a flor tem de ser cantada",
    ),
    "rs_r_flor_over_envido": (
        "Flor ante un envido pendiente",
        "Flor against a pending envido",
        "Flor davanti a un envido in sospeso",
        "Flor diante de um envido pendente",
    ),
    "rs_flor_goes_first": (
        "Quien tiene flor y debe responder un pedido de truco puede cantar la flor antes de "
        "responder, en la primera ronda y sin haber jugado carta ({reading}); el truco se responde "
        "después.",
        "A player holding flor who must answer a truco call may sing flor before answering, in the "
        "first round and before playing a card ({reading}); the truco is answered afterwards.",
        "Chi ha flor e deve rispondere a una richiesta di truco può cantare la flor prima di "
        "rispondere, nel primo round e senza aver giocato carte ({reading}); al truco si risponde "
        "dopo.",
        "Quem tem flor e deve responder a um pedido de truco pode cantar a flor antes de responder, "
        "na primeira rodada e sem ter jogado carta ({reading}); o truco é respondido depois.",
    ),
    "rs_flor_closed_by_truco": (
        "Quien tiene flor y recibe un pedido de truco ya no puede cantarla: el truco cierra el "
        "momento del envido y la flor ({reading}, {window}); responde el truco y la flor no se "
        "canta.",
        "A player holding flor who is asked about truco may no longer sing it: the truco call closes "
        "the time for envido and flor ({reading}, {window}); the truco is answered and the flor is "
        "not sung.",
        "Chi ha flor e riceve una richiesta di truco non può più cantarla: la richiesta chiude il "
        "momento dell'envido e della flor ({reading}, {window}); si risponde al truco e la flor non "
        "si canta.",
        "Quem tem flor e recebe um pedido de truco já não pode cantá-la: o pedido fecha o momento do "
        "envido e da flor ({reading}, {window}); responde-se ao truco e a flor não é cantada.",
    ),
    "rs_first_in_pairs": (
        "En parejas, es el jugador que debe responder el truco ({responder}), no su compañero.",
        "In pairs, that is the player who must answer the truco ({responder}), not their partner.",
        "In coppia, è il giocatore che deve rispondere al truco ({responder}), non il suo compagno.",
        "Em duplas, é o jogador que deve responder ao truco ({responder}), não o seu parceiro.",
    ),
    "rs_first_in_pairs_if": (
        "Con {reading}, solo el jugador que debe responder el truco ({responder}) podría cantar "
        "antes, no su compañero.",
        "Under {reading}, only the player who must answer the truco ({responder}) could sing first, "
        "not their partner.",
        "Con {reading}, solo il giocatore che deve rispondere al truco ({responder}) potrebbe "
        "cantare prima, non il suo compagno.",
        "Com {reading}, só o jogador que deve responder ao truco ({responder}) poderia cantar antes, "
        "não o seu parceiro.",
    ),
}
