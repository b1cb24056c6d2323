"""The site's words for readers' pages (the way in, pictures, witnesses, results, conformance), in
the order (es, en, it, pt); merged into site_labels."""

from __future__ import annotations

from truco_cli.words import Labels

READER_LABELS: Labels = {
    # navigation
    "start": ("Para empezar", "Start here", "Per iniziare", "Para começar"),
    "s_truco": ("Qué es el Truco", "What Truco is", "Che cos'è il Truco", "O que é o Truco"),
    "s_variants": ("Las variantes", "The variants", "Le varianti", "As variantes"),
    "s_glossary": ("Glosario", "Glossary", "Glossario", "Glossário"),
    "s_differences": (
        "Dónde difieren los reglamentos",
        "Where the rulebooks differ",
        "Dove i regolamenti divergono",
        "Onde os regulamentos divergem",
    ),
    "conformance": ("Conformidad", "Conformance", "Conformità", "Conformidade"),
    "conformance_all": (
        "Informes de conformidad",
        "Conformance reports",
        "Rapporti di conformità",
        "Relatórios de conformidade",
    ),
    "conformance_intro": (
        "Informes de motores de otros autores comprobados contra las reglas, cláusula por cláusula.",
        "Reports on other authors' engines checked against the rules, clause by clause.",
        "Rapporti sui motori di altri autori verificati rispetto alle regole, clausola per clausola.",
        "Relatórios de motores de outros autores verificados contra as regras, cláusula a cláusula.",
    ),
    "cm_title": ("Matriz de conformidad", "Conformance matrix", "Matrice di conformità",
                 "Matriz de conformidade"),
    "cm_intro": (
        "Cada motor cuyos resultados de la batería de conformidad se publican, comparado cláusula por "
        "cláusula y caso por caso. Se regenera en la integración continua; añadir un motor es añadir su "
        "archivo de resultados (truco conformance --suite --results ARCHIVO) en docs/conformance/results/.",
        "Every engine whose conformance suite results are published, compared clause by clause and case by "
        "case. Regenerated in CI; adding an engine is adding its results file (truco conformance --suite "
        "--results FILE) to docs/conformance/results/.",
        "Ogni motore di cui sono pubblicati i risultati della suite di conformità, confrontato clausola per "
        "clausola e caso per caso. Rigenerata nell'integrazione continua; aggiungere un motore è aggiungere "
        "il suo file dei risultati (truco conformance --suite --results FILE) in docs/conformance/results/.",
        "Cada motor cujos resultados da bateria de conformidade são publicados, comparado cláusula a "
        "cláusula e caso a caso. Regenerada na integração contínua; acrescentar um motor é acrescentar o "
        "seu ficheiro de resultados (truco conformance --suite --results FICHEIRO) em "
        "docs/conformance/results/.",
    ),
    "cm_none": (
        "Todavía no se ha publicado ningún resultado.",
        "No results have been published yet.",
        "Nessun risultato è stato ancora pubblicato.",
        "Ainda não foi publicado nenhum resultado.",
    ),
    "cm_engine": ("motor", "engine", "motore", "motor"),
    "cm_rulesets": ("reglamentos", "rulesets", "regolamenti", "regulamentos"),
    "cm_badge": ("distintivo", "badge", "badge", "selo"),
    "cm_clause": ("cláusula", "clause", "clausola", "cláusula"),
    "cm_case": ("caso", "case", "caso", "caso"),
    "cm_legend": (
        "✓ pasa (cláusula: cumplida), ✗ falla (cláusula: rota), ! error del motor, – omitido (al motor le "
        "falta lo que el caso necesita) o, para una cláusula, ningún caso aprobado la ejercita.",
        "✓ passes (clause: held), ✗ fails (clause: broken), ! engine error, – skipped (the engine lacks what "
        "the case needs) or, for a clause, no passing case exercises it.",
        "✓ passa (clausola: rispettata), ✗ fallisce (clausola: violata), ! errore del motore, – saltato (al "
        "motore manca ciò che il caso richiede) o, per una clausola, nessun caso superato la esercita.",
        "✓ passa (cláusula: cumprida), ✗ falha (cláusula: quebrada), ! erro do motor, – omitido (falta ao "
        "motor o que o caso precisa) ou, para uma cláusula, nenhum caso aprovado a exercita.",
    ),
    "cm_commands": ("Cómo se obtuvieron", "How they were obtained", "Come sono stati ottenuti",
                        "Como foram obtidos"),
    "cm_by_clause": ("Cláusula por cláusula", "Clause by clause", "Clausola per clausola",
                         "Cláusula a cláusula"),
    "cm_by_case": ("Caso por caso", "Case by case", "Caso per caso", "Caso a caso"),
    "cm_cases_shown": (
        "Los casos que algún motor no pasa (los demás los pasan todos).",
        "The cases some engine does not pass (every engine passes the others).",
        "I casi che qualche motore non supera (tutti i motori superano gli altri).",
        "Os casos que algum motor não passa (todos os motores passam os outros).",
    ),
    "cm_all_pass": (
        "Todos los motores pasan todos los casos.",
        "Every engine passes every case.",
        "Tutti i motori superano tutti i casi.",
        "Todos os motores passam todos os casos.",
    ),
    "conformance_none": (
        "Todavía no se ha publicado ningún informe.",
        "No report has been published yet.",
        "Nessun rapporto è stato ancora pubblicato.",
        "Ainda não foi publicado nenhum relatório.",
    ),
    # names of things
    "rulebook_in": (
        "reglamento en {lang}",
        "{lang} rulebook",
        "regolamento in {lang}",
        "regulamento em {lang}",
    ),
    "one_v_one": ("mano a mano", "one against one", "uno contro uno", "um contra um"),
    "in_pairs": ("en parejas", "in pairs", "in coppia", "em duplas"),
    "cli_key": (
        "clave en la línea de órdenes",
        "command-line key",
        "chiave sulla riga di comando",
        "chave na linha de comando",
    ),
    # glossary
    "glossary_intro": (
        "Las palabras del Truco en español, inglés, italiano y portugués, cada una con la cláusula que "
        "la define. Buscar cualquiera de ellas, en cualquier idioma, lleva a su entrada.",
        "The words of Truco in Spanish, English, Italian and Portuguese, each with the clause that "
        "defines it. Searching for any of them, in any language, leads to its entry.",
        "Le parole del Truco in spagnolo, inglese, italiano e portoghese, ciascuna con la clausola che "
        "la definisce. Cercarne una qualsiasi, in qualsiasi lingua, porta alla sua voce.",
        "As palavras do Truco em espanhol, inglês, italiano e português, cada uma com a cláusula que a "
        "define. Procurar qualquer uma delas, em qualquer língua, leva à sua entrada.",
    ),
    "defined_by": ("Definida en", "Defined by", "Definita da", "Definida em"),
    # where the rulebooks differ
    "diff_intro": (
        "Lo que cambia de un reglamento a otro, por tema: primero lo que las variantes simplemente "
        "juegan distinto, luego cada pregunta del registro de ambigüedades, con lo que dice cada "
        "reglamento y un ejemplo. Los ejemplos son situaciones concretas calculadas por el programa.",
        "What changes from one rulebook to another, by topic: first what the variants simply play "
        "differently, then each question of the ambiguity register, with what each rulebook says and "
        "an example. The examples are concrete situations computed by the suite.",
        "Ciò che cambia da un regolamento all'altro, per tema: prima ciò che le varianti giocano "
        "semplicemente in modo diverso, poi ogni domanda del registro delle ambiguità, con ciò che dice "
        "ogni regolamento e un esempio. Gli esempi sono situazioni concrete calcolate dal programma.",
        "O que muda de um regulamento para outro, por tema: primeiro o que as variantes simplesmente "
        "jogam de maneira diferente, depois cada pergunta do registro de ambiguidades, com o que diz "
        "cada regulamento e um exemplo. Os exemplos são situações concretas calculadas pelo programa.",
    ),
    "diff_no_witnesses": (
        "Esta versión se construyó sin ejemplos calculados (`truco diff --write-all` los calcula).",
        "This build has no computed examples (`truco diff --write-all` computes them).",
        "Questa versione è stata costruita senza esempi calcolati (`truco diff --write-all` li calcola).",
        "Esta versão foi construída sem exemplos calculados (`truco diff --write-all` calcula-os).",
    ),
    "diff_variants": (
        "Las variantes juegan distinto:",
        "The variants play differently:",
        "Le varianti giocano in modo diverso:",
        "As variantes jogam de maneira diferente:",
    ),
    "why_conflict": (
        "Los reglamentos no dicen lo mismo.",
        "The rulebooks disagree.",
        "I regolamenti non dicono la stessa cosa.",
        "Os regulamentos não dizem o mesmo.",
    ),
    "why_internal": (
        "Un reglamento se contradice.",
        "A rulebook contradicts itself.",
        "Un regolamento si contraddice.",
        "Um regulamento contradiz-se.",
    ),
    "why_gap": (
        "Los reglamentos no lo dicen, y un motor tiene que decidirlo.",
        "The rulebooks do not say, and an engine has to decide.",
        "I regolamenti non lo dicono, e un motore deve deciderlo.",
        "Os regulamentos não o dizem, e um motor tem de decidir.",
    ),
    "why_option": (
        "El reglamento deja la elección a los jugadores.",
        "The rulebook leaves the choice to the players.",
        "Il regolamento lascia la scelta ai giocatori.",
        "O regulamento deixa a escolha aos jogadores.",
    ),
    "in_register": ("{id} en el registro", "{id} in the register", "{id} nel registro", "{id} no registro"),
    "said_by": ("Lo dice {docs}.", "Said by {docs}.", "Lo dice {docs}.", "Di-lo {docs}."),
    "said_by_none": (
        "Ningún reglamento ni publicación lo dice: es una elección.",
        "No rulebook or publication says it: it is a choice.",
        "Nessun regolamento né pubblicazione lo dice: è una scelta.",
        "Nenhum regulamento nem publicação o diz: é uma escolha.",
    ),
    "default_of": (
        "Lectura por defecto de {rulesets}.",
        "Default of {rulesets}.",
        "Lettura predefinita di {rulesets}.",
        "Leitura padrão de {rulesets}.",
    ),
    "for_example": ("Por ejemplo:", "For example:", "Per esempio:", "Por exemplo:"),
    "if_read_otherwise": (
        "Los reglamentos coinciden por defecto; con la otra lectura:",
        "The rulesets agree by default; under the other reading:",
        "I regolamenti concordano per impostazione predefinita; con l'altra lettura:",
        "Os regulamentos concordam por padrão; com a outra leitura:",
    ),
    # results of the last run
    "no_results_title": (
        "Sin resultados de pruebas",
        "No test results",
        "Nessun risultato dei test",
        "Sem resultados de testes",
    ),
    "no_results_tests": (
        "Esta versión del sitio se construyó sin resultados de pruebas, así que las cláusulas no muestran "
        "su estado de pruebas.",
        "This build of the site has no test results, so the clauses do not show their test status.",
        "Questa versione del sito è stata costruita senza risultati dei test, quindi le clausole non "
        "mostrano il loro stato dei test.",
        "Esta versão do site foi construída sem resultados de testes, por isso as cláusulas não mostram o "
        "seu estado de testes.",
    ),
    "no_results_proofs": (
        "Esta versión del sitio se construyó sin resultados de demostraciones, así que las cláusulas no "
        "muestran su estado de demostraciones.",
        "This build of the site has no proof results, so the clauses do not show their proof status.",
        "Questa versione del sito è stata costruita senza risultati delle dimostrazioni, quindi le clausole "
        "non mostrano il loro stato delle dimostrazioni.",
        "Esta versão do site foi construída sem resultados de provas, por isso as cláusulas não mostram o "
        "seu estado de provas.",
    ),
    "no_results_tests_proofs": (
        "Esta versión del sitio se construyó sin resultados de pruebas ni de demostraciones, así que las "
        "cláusulas no muestran su estado. Las versiones de integración continua sí lo muestran.",
        "This build of the site has no test or proof results, so the clauses do not show their status. "
        "Builds made by continuous integration do.",
        "Questa versione del sito è stata costruita senza risultati di test né di dimostrazioni, quindi "
        "le clausole non mostrano il loro stato. Le versioni dell'integrazione continua lo mostrano.",
        "Esta versão do site foi construída sem resultados de testes nem de provas, por isso as cláusulas "
        "não mostram o seu estado. As versões da integração contínua mostram-no.",
    ),
    "proofs_ok": (
        "{n} demostradas ({r} reglamentos)",
        "{n} proved ({r} rulesets)",
        "{n} dimostrate ({r} regolamenti)",
        "{n} provadas ({r} regulamentos)",
    ),
    "spec_code": (
        "Código de la especificación",
        "Spec code",
        "Codice della specifica",
        "Código da especificação",
    ),
    # pictures
    "pic_cards": (
        "Orden de las cartas de {ruleset}, de la más fuerte a la más débil",
        "Card order of {ruleset}, strongest first",
        "Ordine delle carte di {ruleset}, dalla più forte",
        "Ordem das cartas de {ruleset}, da mais forte para a mais fraca",
    ),
    "pic_hand_worth": (
        "La mano vale {pts}",
        "The hand is worth {pts}",
        "La mano vale {pts}",
        "A mão vale {pts}",
    ),
    "pic_call": ("se pide", "call", "si chiama", "pede-se"),
    "pic_accepted": ("se acepta", "accepted", "accettata", "aceita"),
    "pic_refused": ("se rechaza", "refused", "rifiutata", "recusada"),
    "pic_raised": ("se sube", "raised", "rilanciata", "aumentada"),
    "pic_caller_scores": (
        "Quien apostó anota {pts}",
        "The caller's side scores {pts}",
        "Chi ha chiamato segna {pts}",
        "Quem apostou marca {pts}",
    ),
    # the close reading, on the rulebook pages and the register
    "reading_intro": (
        "Debajo de cada frase, sus preguntas abiertas, halladas leyendo el reglamento frase por frase: "
        "el término que no define, el caso que no cubre, la frase con la que choca; y la entrada del "
        "registro o la cláusula que las responde, con la lectura que toma por defecto el conjunto de "
        "reglas de este reglamento.",
        "Under each sentence, its open questions, found by reading the rulebook sentence by sentence: "
        "the term it leaves undefined, the case it does not cover, the sentence it conflicts with; and "
        "the register entry or clause that answers them, with the reading this rulebook's ruleset "
        "takes by default.",
        "Sotto ogni frase, le sue domande aperte, trovate leggendo il regolamento frase per frase: il "
        "termine che non definisce, il caso che non copre, la frase con cui è in conflitto; e la voce "
        "del registro o la clausola che vi risponde, con la lettura che il set di regole di questo "
        "regolamento adotta in modo predefinito.",
        "Sob cada frase, as suas questões em aberto, encontradas lendo o regulamento frase a frase: o "
        "termo que não define, o caso que não cobre, a frase com que conflita; e a entrada do registro "
        "ou a cláusula que as responde, com a leitura que o conjunto de regras deste regulamento adota "
        "por padrão.",
    ),
    "open_questions": ("Preguntas abiertas", "Open questions", "Domande aperte", "Questões em aberto"),
    "q_undefined": ("Término no definido", "Undefined term", "Termine non definito", "Termo não definido"),
    "q_uncovered": ("Caso no cubierto", "Case not covered", "Caso non coperto", "Caso não coberto"),
    "q_conflict": ("Conflicto", "Conflict", "Conflitto", "Conflito"),
    "conflicts_with": ("Choca con", "It conflicts with", "È in conflitto con", "Conflita com"),
    "answered_by": ("Lo responde", "Answered by", "Vi risponde", "Responde-a"),
    "left_open": ("Queda abierto", "Left open", "Resta aperto", "Fica em aberto"),
    "raised_by": (
        "Frases de los reglamentos que plantean esta pregunta",
        "Rulebook sentences that raise this question",
        "Frasi dei regolamenti che sollevano questa domanda",
        "Frases dos regulamentos que levantam esta questão",
    ),
}
