"""The site's own words (headings, labels, column names) in the four languages.

The rules themselves come from the spec's data; only the frame around them lives here. Each entry
is (es, en, it, pt); an empty string is a missing translation and fails the strict build.
"""

from __future__ import annotations

from site_labels_reader import READER_LABELS
from site_labels_rulesets import RULESET_LABELS

from truco_cli.words import LANGS, SHARED_WORDS, Labels, in_language, label_table

__all__ = ["LANGS", "LANG_NAMES", "MissingLabel", "label"]

LANG_NAMES = {"es": "Español", "en": "English", "it": "Italiano", "pt": "Português"}

_SITE: Labels = {
    "site_name": ("Truco: reglas como código", "Truco: rules as code", "Truco: regole come codice",
                  "Truco: regras como código"),
    "home": ("Inicio", "Home", "Inizio", "Início"),
    "rules": ("Reglas", "Rules", "Regole", "Regras"),
    "all_clauses": ("Todas las cláusulas", "All clauses", "Tutte le clausole", "Todas as cláusulas"),
    "rulebooks": ("Reglamentos", "Rulebooks", "Regolamenti", "Regulamentos"),
    "compare": ("Comparar", "Compare", "Confronto", "Comparar"),
    "same_rule": ("La misma regla en cada reglamento", "The same rule across rulebooks",
                  "La stessa regola nei regolamenti", "A mesma regra em cada regulamento"),
    "ambiguities": ("Registro de ambigüedades", "Ambiguity register", "Registro delle ambiguità",
                    "Registro de ambiguidades"),
    "traceability": ("Matriz de trazabilidad", "Traceability matrix", "Matrice di tracciabilità",
                     "Matriz de rastreabilidade"),
    "guide": ("Guía", "Guide", "Guida", "Guia"),
    "g_install": ("Instalación", "Installing", "Installazione", "Instalação"),
    "g_engine": ("Comprobar su motor", "Checking your engine", "Verificare il proprio motore",
                 "Verificar o seu motor"),
    "g_protocol": ("Protocolo de motores", "Engine protocol", "Protocollo dei motori",
                   "Protocolo de motores"),
    "g_suite": ("Interpretar la batería", "Interpreting the suite", "Interpretare la suite",
                "Interpretar a bateria"),
    "g_ci": ("Comprobar su motor en CI", "Check your engine in CI", "Verificare il proprio motore in CI",
             "Verificar o seu motor em CI"),
    "g_record": ("Formato de registro", "Record format", "Formato del registro", "Formato de registro"),
    "g_validate": ("Validar registros", "Validating logs", "Validare i registri", "Validar registros"),
    "g_proofs": ("Leer una prueba", "Reading a proof", "Leggere una dimostrazione", "Ler uma prova"),
    "g_mutation": ("Pruebas de mutación", "Mutation testing", "Test di mutazione", "Testes de mutação"),
    "g_speed": ("Velocidad", "Speed", "Velocità", "Velocidade"),
    "g_results": ("Resultados de la última ejecución", "Results of the last run",
                  "Risultati dell'ultima esecuzione", "Resultados da última execução"),
    "g_procedure": ("Procedimiento de juego", "Play procedure", "Procedura di gioco", "Procedimento de jogo"),
    # clause pages
    "family": ("Familia", "Family", "Famiglia", "Família"),
    "kind": ("Tipo", "Kind", "Tipo", "Tipo"),
    "rule": ("Regla", "Rule", "Regola", "Regra"),
    "quotes": ("Fuentes (texto literal, en su idioma original)",
               "Sources (verbatim, in their original language)",
               "Fonti (testo letterale, nella lingua originale)",
               "Fontes (texto literal, no idioma original)"),
    "line": ("línea", "line", "riga", "linha"),
    "lines": ("líneas", "lines", "righe", "linhas"),
    "editorial": ("Lectura editorial", "Editorial reading", "Lettura editoriale", "Leitura editorial"),
    "editorial_note": (
        "Lectura editorial, no es el texto de la fuente: acentos restituidos y restos de la página "
        "marcados ⟦ ⟧.",
        "Editorial reading, not the source text: accents restored and page artefacts marked ⟦ ⟧.",
        "Lettura editoriale, non è il testo della fonte: accenti ripristinati e residui della pagina "
        "marcati ⟦ ⟧.",
        "Leitura editorial, não é o texto da fonte: acentos restituídos e restos da página marcados ⟦ ⟧."),
    "verbatim": ("Texto literal", "Verbatim text", "Testo letterale", "Texto literal"),
    "rulesets": ("Reglamentos que la contienen", "Rulesets", "Regolamenti che la contengono",
                 "Regulamentos que a contêm"),
    "in_ambiguities": ("Ambigüedades", "Ambiguities", "Ambiguità", "Ambiguidades"),
    "none": ("ninguna", "none", "nessuna", "nenhuma"),
    "cited_by": ("Citada por", "Cited by", "Citata da", "Citada por"),
    "not_cited": ("no citada", "not cited", "non citata", "não citada"),
    "spec": ("especificación", "spec", "specifica", "especificação"),
    "engine": ("motor", "engine", "motore", "motor"),
    "tests": ("pruebas", "tests", "test", "testes"),
    "proofs": ("demostraciones", "proofs", "dimostrazioni", "provas"),
    "test_results": ("Resultado de las pruebas", "Test results", "Esito dei test", "Resultado dos testes"),
    "proof_status": ("Estado de las demostraciones", "Proof status", "Stato delle dimostrazioni",
                     "Estado das provas"),
    "not_run": ("no ejecutado", "not run", "non eseguito", "não executado"),
    "no_test_for": ("ninguna prueba declara esta cláusula", "no test declares this clause",
                    "nessun test dichiara questa clausola", "nenhum teste declara esta cláusula"),
    "no_proof_for": ("ninguna demostración", "no proof", "nessuna dimostrazione", "nenhuma prova"),
    "passed": ("superadas", "passed", "superati", "aprovados"),
    "failed": ("fallidas", "failed", "falliti", "falhados"),
    "skipped": ("omitidas", "skipped", "saltati", "ignorados"),
    "clauses": ("Cláusulas", "Clauses", "Clausole", "Cláusulas"),
    "clause": ("Cláusula", "Clause", "Clausola", "Cláusula"),
    "title": ("Título", "Title", "Titolo", "Título"),
    # families (clause ID prefixes)
    "f_SET": ("Jugadores y asientos", "Players and seats", "Giocatori e posti", "Jogadores e lugares"),
    "f_DECK": ("La baraja", "The deck", "Il mazzo", "O baralho"),
    "f_DEAL": ("El reparto", "The deal", "La distribuzione", "A distribuição"),
    "f_ORD": ("Orden de juego", "Order of play", "Ordine di gioco", "Ordem de jogo"),
    "f_CARD": ("Valor de las cartas", "Card strength", "Valore delle carte", "Força das cartas"),
    "f_RND": ("Rondas", "Rounds", "Round", "Rodadas"),
    "f_HND": ("Manos", "Hands", "Mani", "Mãos"),
    "f_VAL": ("Valor de la mano", "Value of a hand", "Valore della mano", "Valor da mão"),
    "f_BET": ("Truco: las apuestas", "Truco: the betting", "Truco: le scommesse", "Truco: as apostas"),
    "f_TEN": ("Mano de diez", "Hand of ten", "Mano di dieci", "Mão de dez"),
    "f_IRN": ("Mano de hierro", "Iron hand", "Mano di ferro", "Mão de ferro"),
    "f_COV": ("Cartas cubiertas", "Covered cards", "Carte coperte", "Cartas cobertas"),
    "f_MAT": ("Fin del partido", "End of the match", "Fine della partita", "Fim da partida"),
    "f_ENV": ("Envido", "Envido", "Envido", "Envido"),
    "f_FLR": ("Flor", "Flor", "Flor", "Flor"),
    "f_SEN": ("Señas", "Señas (signals)", "Señas (segnali)", "Señas (sinais)"),
    "f_ARG": ("Truco argentino (reglas publicadas)", "Argentine Truco (published rules)",
              "Truco argentino (regole pubblicate)", "Truco argentino (regras publicadas)"),
    "f_URU": ("Truco uruguayo (reglas publicadas)", "Uruguayan Truco (published rules)",
              "Truco uruguaiano (regole pubblicate)", "Truco uruguaio (regras publicadas)"),
    # rulebook pages
    "rulebook_intro": (
        "Texto completo y literal del reglamento; cada frase lleva las cláusulas que la citan.",
        "The full verbatim rulebook; every sentence carries the clauses that quote it.",
        "Il regolamento completo e letterale; ogni frase riporta le clausole che la citano.",
        "O regulamento completo e literal; cada frase traz as cláusulas que a citam."),
    "non_normative": ("no normativo (título o encabezado)", "non-normative (title or heading)",
                      "non normativo (titolo o intestazione)", "não normativo (título ou cabeçalho)"),
    "file": ("archivo", "file", "file", "arquivo"),
    "source_language": ("idioma", "language", "lingua", "idioma"),
    "lang_es": ("español", "Spanish", "spagnolo", "espanhol"),
    "lang_en": ("inglés", "English", "inglese", "inglês"),
    "lang_it": ("italiano", "Italian", "italiano", "italiano"),
    "lang_pt": ("portugués", "Portuguese", "portoghese", "português"),
    # comparisons
    "same_rule_intro": (
        "Cláusulas citadas por más de un reglamento: las citas, una al lado de la otra.",
        "Clauses quoted by more than one rulebook: the quotes side by side.",
        "Clausole citate da più di un regolamento: le citazioni affiancate.",
        "Cláusulas citadas por mais de um regulamento: as citações lado a lado."),
    "feature": ("Aspecto", "Feature", "Aspetto", "Aspecto"),
    "players": ("Jugadores", "Players", "Giocatori", "Jogadores"),
    "variant": ("Variante", "Variant", "Variante", "Variante"),
    "clauses_held": ("Cláusulas que contiene", "Clauses held", "Clausole contenute", "Cláusulas que contém"),
    "rulesets_intro": (
        "Cada celda: las cláusulas que el reglamento contiene y su lectura por defecto de cada "
        "ambigüedad (clave = lectura); «—» si el reglamento no trata el tema.",
        "Each cell: the clauses the ruleset holds and its default reading of each ambiguity "
        "(key = reading); “—” when the ruleset does not deal with the matter.",
        "Ogni cella: le clausole che il regolamento contiene e la sua lettura predefinita di ogni "
        "ambiguità (chiave = lettura); «—» se il regolamento non tratta l'argomento.",
        "Cada célula: as cláusulas que o regulamento contém e a sua leitura padrão de cada "
        "ambiguidade (chave = leitura); «—» se o regulamento não trata do assunto."),
    "ft_players": ("Jugadores y asientos", "Players and seats", "Giocatori e posti", "Jogadores e lugares"),
    "ft_deck": ("Baraja y reparto", "Deck and deal", "Mazzo e distribuzione", "Baralho e distribuição"),
    "ft_cards": ("Orden de las cartas", "Card order", "Ordine delle carte", "Ordem das cartas"),
    "ft_order": ("Orden de juego", "Order of play", "Ordine di gioco", "Ordem de jogo"),
    "ft_ties": ("Rondas y empates", "Rounds and ties", "Round e pareggi", "Rodadas e empates"),
    "ft_ladder": ("Escalera del truco", "Truco ladder", "Scala del truco", "Escada do truco"),
    "ft_ten": ("Mano de diez", "Hand of ten", "Mano di dieci", "Mão de dez"),
    "ft_iron": ("Mano de hierro", "Iron hand", "Mano di ferro", "Mão de ferro"),
    "ft_covered": ("Cartas cubiertas", "Covered cards", "Carte coperte", "Cartas cobertas"),
    "ft_target": ("Objetivo y fin", "Target and end", "Obiettivo e fine", "Objetivo e fim"),
    "ft_envido": ("Envido", "Envido", "Envido", "Envido"),
    "ft_flor": ("Flor", "Flor", "Flor", "Flor"),
    "ft_senas": ("Señas", "Señas", "Señas", "Señas"),
    # ambiguity register
    "amb_intro": (
        "Cada pregunta que los reglamentos responden de forma distinta o dejan abierta, sus lecturas "
        "con las citas, y la lectura por defecto de cada reglamento con su motivo. Se cambia una "
        "lectura con `--reading CLAVE=LECTURA`.",
        "Every question the rulebooks answer differently or leave open, its readings with their "
        "quotes, and each ruleset's default reading with its rationale. Switch a reading with "
        "`--reading KEY=READING`.",
        "Ogni domanda a cui i regolamenti rispondono in modo diverso o che lasciano aperta, le sue "
        "letture con le citazioni, e la lettura predefinita di ogni regolamento con la motivazione. "
        "Si cambia una lettura con `--reading CHIAVE=LETTURA`.",
        "Cada pergunta que os regulamentos respondem de forma diferente ou deixam em aberto, as suas "
        "leituras com as citações, e a leitura padrão de cada regulamento com o seu motivo. Muda-se "
        "uma leitura com `--reading CHAVE=LEITURA`."),
    "question": ("Pregunta", "Question", "Domanda", "Pergunta"),
    "readings": ("Lecturas", "Readings", "Letture", "Leituras"),
    "reading": ("Lectura", "Reading", "Lettura", "Leitura"),
    "key": ("clave", "key", "chiave", "chave"),
    "note": ("Nota", "Note", "Nota", "Nota"),
    "not_in_sources": ("No está en las fuentes.", "Not in the sources.", "Non è nelle fonti.",
                       "Não está nas fontes."),
    "defaults": ("Lecturas por defecto", "Defaults", "Letture predefinite", "Leituras padrão"),
    "ruleset": ("Reglamento", "Ruleset", "Regolamento", "Regulamento"),
    "rationale": ("Motivo", "Rationale", "Motivazione", "Motivo"),
    "witnesses": ("Testigos de divergencia", "Divergence witnesses", "Testimoni di divergenza",
                  "Testemunhas de divergência"),
    "similar": ("situaciones más con el mismo resultado", "more situations with the same results",
                "altre situazioni con lo stesso esito", "outras situações com o mesmo resultado"),
    "situation": ("Situación", "Situation", "Situazione", "Situação"),
    "none_computed": ("ninguno calculado todavía", "none computed yet", "nessuno calcolato finora",
                      "nenhuma calculada ainda"),
    "none_for_this": ("ninguno para esta ambigüedad", "none for this ambiguity",
                      "nessuno per questa ambiguità", "nenhuma para esta ambiguidade"),
    # traceability
    "matrix_intro": (
        "Para cada cláusula: los reglamentos que la citan, y los archivos de especificación, motor, "
        "pruebas y demostraciones que mencionan su identificador. «—» es una laguna.",
        "For each clause: the rulebooks that quote it, and the spec, engine, test and proof files "
        "that mention its ID. “—” is a gap.",
        "Per ogni clausola: i regolamenti che la citano e i file di specifica, motore, test e "
        "dimostrazioni che ne menzionano l'identificatore. «—» è una lacuna.",
        "Para cada cláusula: os regulamentos que a citam e os arquivos de especificação, motor, "
        "testes e provas que mencionam o seu identificador. «—» é uma lacuna."),
    "sources": ("Fuentes", "Sources", "Fonti", "Fontes"),
    "gaps": ("Lagunas", "Gaps", "Lacune", "Lacunas"),
    "gaps_summary": ("cláusulas sin ninguna cita", "clauses with no citation", "clausole senza citazioni",
                     "cláusulas sem nenhuma citação"),
    "gap": ("laguna", "gap", "lacuna", "lacuna"),
    "results_from": ("Resultados leídos de", "Results read from", "Risultati letti da",
                     "Resultados lidos de"),
    # record format page
    "record_intro": (
        "El formato de registro de partida, generado a partir de su esquema JSON. Las descripciones "
        "del esquema están en inglés.",
        "The game record format, generated from its JSON Schema.",
        "Il formato del registro di partita, generato dal suo schema JSON. Le descrizioni dello "
        "schema sono in inglese.",
        "O formato de registro de partida, gerado a partir do seu esquema JSON. As descrições do "
        "esquema estão em inglês."),
    "field": ("Campo", "Field", "Campo", "Campo"),
    "type": ("Tipo", "Type", "Tipo", "Tipo"),
    "required": ("Obligatorio", "Required", "Obbligatorio", "Obrigatório"),
    "description": ("Descripción", "Description", "Descrizione", "Descrição"),
    "yes": ("sí", "yes", "sì", "sim"),
    "no": ("no", "no", "no", "não"),
    "full_schema": ("Esquema completo", "Full schema", "Schema completo", "Esquema completo"),
}


_L = label_table(_SITE, READER_LABELS, RULESET_LABELS, SHARED_WORDS)


class MissingLabel(KeyError):
    pass


def label(key: str, lang: str) -> str:
    """The site's word for `key` in `lang`; an unknown key or an empty entry raises MissingLabel."""
    entry = _L.get(key)
    text = in_language(entry, lang) if entry else ""
    if not text:
        raise MissingLabel(f"no {lang} label for {key!r}")
    return text
