"""The site's own words (headings, labels, column names), by the keys the pages use: each an English
message whose translations are in the catalogues of truco_rules.text (truco_rules/text/locale). The rules
themselves come from the spec's data; only the frame around them lives here."""

from __future__ import annotations

from truco_rules.text.catalogues import N_, Message, MissingMessage, pN_, translate
from truco_rules.text.languages import LANG_NAMES, LANGS
from truco_rules.text.words import CLAUSE_KINDS, ENTRY_KINDS

__all__ = ["LANGS", "LANG_NAMES", "MissingLabel", "label"]


class MissingLabel(KeyError):
    pass


_WORDS: dict[str, str | Message] = {
    # the frame: navigation, clause pages, register, traceability, record format
    "site_name": N_("Truco: rules as code"),
    "site_stamp": N_("truco-rules {version} · rules as of {date} · commit {commit}"),
    "home": N_("Home"),
    "rules": N_("Rules"),
    "all_clauses": N_("All clauses"),
    "rulebooks": N_("Rulebooks"),
    "compare": N_("Compare"),
    "same_rule": N_("The same rule across rulebooks"),
    "ambiguities": N_("Ambiguity register"),
    "traceability": N_("Traceability matrix"),
    "guide": N_("Guide"),
    "g_install": N_("Installing"),
    "g_engine": N_("Checking your engine"),
    "g_protocol": N_("Engine protocol"),
    "g_suite": N_("Interpreting the suite"),
    "g_ci": N_("Check your engine in CI"),
    "g_record": N_("Record format"),
    "g_validate": N_("Validating logs"),
    "g_proofs": N_("Reading a proof"),
    "g_mutation": N_("Mutation testing"),
    "g_speed": N_("Speed"),
    "g_results": N_("Results of the last run"),
    "g_procedure": N_("Play procedure"),
    "g_tournaments": N_("Bot tournaments"),
    "family": N_("Family"),
    "kind": N_("Kind"),
    "rule": N_("Rule"),
    "quotes": N_("Sources (verbatim, in their original language)"),
    "line": N_("line"),
    "lines": N_("lines"),
    "editorial": N_("Editorial reading"),
    "editorial_note": N_(
        "Editorial reading, not the source text: accents restored and page artefacts marked ⟦ ⟧."
    ),
    "verbatim": N_("Verbatim text"),
    "rulesets": pN_("the rulesets that hold a clause", "Rulesets"),
    "in_ambiguities": N_("Ambiguities"),
    "none": N_("none"),
    "cited_by": N_("Cited by"),
    "not_cited": N_("not cited"),
    "spec": N_("spec"),
    "engine": N_("engine"),
    "tests": N_("tests"),
    "proofs": N_("proofs"),
    "test_results": N_("Test results"),
    "proof_status": N_("Proof status"),
    "not_run": N_("not run"),
    "no_test_for": N_("no test declares this clause"),
    "no_proof_for": N_("no proof"),
    "passed": N_("passed"),
    "failed": N_("failed"),
    "skipped": N_("skipped"),
    "clauses": N_("Clauses"),
    "clause": N_("Clause"),
    "title": N_("Title"),
    "f_SET": N_("Players and seats"),
    "f_DECK": N_("The deck"),
    "f_DEAL": N_("The deal"),
    "f_ORD": N_("Order of play"),
    "f_CARD": N_("Card strength"),
    "f_RND": N_("Rounds"),
    "f_HND": N_("Hands"),
    "f_VAL": N_("Value of a hand"),
    "f_BET": N_("Truco: the betting"),
    "f_TEN": N_("Hand of ten"),
    "f_IRN": N_("Iron hand"),
    "f_COV": N_("Covered cards"),
    "f_MAT": N_("End of the match"),
    "f_ENV": N_("Envido"),
    "f_FLR": N_("Flor"),
    "f_SEN": N_("Señas (signals)"),
    "f_ARG": N_("Argentine Truco (published rules)"),
    "f_URU": N_("Uruguayan Truco (published rules)"),
    "f_PAU": N_("Truco Paulista (published rules)"),
    "rulebook_intro": N_("The full verbatim rulebook; every sentence carries the clauses that quote it."),
    "non_normative": N_("non-normative (title or heading)"),
    "file": N_("file"),
    "source_language": N_("language"),
    "lang_es": N_("Spanish"),
    "lang_en": N_("English"),
    "lang_it": N_("Italian"),
    "lang_pt": N_("Portuguese"),
    "same_rule_intro": N_("Clauses quoted by more than one rulebook: the quotes side by side."),
    "feature": N_("Feature"),
    "players": N_("Players"),
    "variant": N_("Variant"),
    "clauses_held": N_("Clauses held"),
    "rulesets_intro": N_(
        "Each cell: the clauses the ruleset holds and its default reading of each ambiguity (key = "
        "reading); “—” when the ruleset does not deal with the matter."
    ),
    "ft_players": N_("Players and seats"),
    "ft_deck": N_("Deck and deal"),
    "ft_cards": N_("Card order"),
    "ft_order": N_("Order of play"),
    "ft_ties": N_("Rounds and ties"),
    "ft_ladder": N_("Truco ladder"),
    "ft_ten": N_("Hand of ten"),
    "ft_iron": N_("Iron hand"),
    "ft_covered": N_("Covered cards"),
    "ft_vira": N_("Vira and manilhas"),
    "ft_target": N_("Target and end"),
    "ft_envido": N_("Envido"),
    "ft_flor": N_("Flor"),
    "ft_senas": N_("Señas"),
    "amb_intro": N_(
        "Every question the rulebooks answer differently or leave open, its readings with their quotes, "
        "and each ruleset's default reading with its rationale. Switch a reading with `--reading "
        "KEY=READING`."
    ),
    "question": N_("Question"),
    "readings": N_("Readings"),
    "reading": N_("Reading"),
    "key": N_("key"),
    "note": N_("Note"),
    # a reading's mark (truco_rules.spec.catalogue.READING_MARKS): the same words as `truco explain`
    "mark_quoted": N_("Quoted: a rulebook sentence says it."),
    "mark_published": N_("Published: a named publication says it, not one of the four rulebooks."),
    "mark_engine": N_("Engine: no publication says it; a named Truco engine plays it, as its code and "
                      "its own test show."),
    "mark_choice": N_("Choice: no rulebook or publication says it; the register chose it, and says why."),
    "defaults": N_("Defaults"),
    "ruleset": N_("Ruleset"),
    "rationale": N_("Rationale"),
    "witnesses": N_("Divergence witnesses"),
    "similar": N_("more situations with the same results"),
    "situation": N_("Situation"),
    "none_computed": N_("none computed yet"),
    "none_for_this": N_("none for this ambiguity"),
    "matrix_intro": N_(
        "For each clause: the rulebooks that quote it, and the spec, engine, test and proof files that "
        "mention its ID. “—” is a gap."
    ),
    "sources": N_("Sources"),
    "gaps": N_("Gaps"),
    "gaps_summary": N_("clauses with no citation"),
    "gap": N_("gap"),
    "results_from": N_("Results read from"),
    "record_intro": N_("The game record format, generated from its JSON Schema."),
    "field": N_("Field"),
    "type": N_("Type"),
    "required": N_("Required"),
    "description": N_("Description"),
    "yes": N_("yes"),
    "no": N_("no"),
    "full_schema": N_("Full schema"),
    # the reader pages: rulebooks, comparisons, glossary, conformance matrix
    "start": N_("Start here"),
    "s_truco": N_("What Truco is"),
    "s_variants": N_("The variants"),
    "s_glossary": N_("Glossary"),
    "s_differences": N_("Where the rulebooks differ"),
    "conformance": N_("Conformance"),
    "conformance_all": N_("Conformance reports"),
    "conformance_intro": N_("Reports on other authors' engines checked against the rules, clause by clause."),
    # the tournament results page (truco_rules/site/site_tournaments.py)
    "tr_title": N_("Tournament results"),
    "tr_intro": N_(
        "Bot tournaments refereed by `truco tournament`: the reference engine ran every match and the "
        "spec checked every decision. Each file in docs/tournaments/results/ is the results.json of one "
        "tournament; a clause links to the rule that forbids the illegal actions counted beside it."),
    "tr_none": N_("No tournament results have been published yet."),
    "tr_standings": N_("Standings"),
    "tr_bot": N_("bot"),
    "tr_points": N_("points"),
    "tr_won": N_("won"),
    "tr_drawn": N_("drawn"),
    "tr_lost": N_("lost"),
    "tr_rating": N_("rating (μ ± σ)"),
    "tr_faults": N_("faults"),
    "tr_clauses": N_("clauses of the illegal actions"),
    "tr_disqualified": N_("disqualified"),
    "tr_crosstable": N_("Crosstable"),
    "tr_cross_note": N_("Matches won, drawn and lost by the bot of the row against the bot of the column."),
    "tr_terminations": N_("How the matches ended"),
    "cm_title": N_("Conformance matrix"),
    "cm_intro": N_(
        "Every engine whose conformance suite results are published, compared clause by clause and case "
        "by case. Regenerated in CI; adding an engine is adding its results file (truco conformance "
        "--suite --results FILE) to docs/conformance/results/."
    ),
    "cm_none": N_("No results have been published yet."),
    "cm_engine": N_("engine"),
    "cm_rulesets": N_("rulesets"),
    "cm_badge": N_("badge"),
    "cm_clause": N_("clause"),
    "cm_case": N_("case"),
    "cm_legend": N_(
        "✓ passes (clause: held), ✗ fails (clause: broken), ! engine error, – skipped (the engine lacks "
        "what the case needs) or, for a clause, no passing case exercises it."
    ),
    "cm_commands": N_("How they were obtained"),
    "cm_by_clause": N_("Clause by clause"),
    "cm_by_case": N_("Case by case"),
    "cm_cases_shown": N_("The cases some engine does not pass (every engine passes the others)."),
    "cm_all_pass": N_("Every engine passes every case."),
    "conformance_none": N_("No report has been published yet."),
    "rulebook_in": N_("{lang} rulebook"),
    "one_v_one": N_("one against one"),
    "in_pairs": N_("in pairs"),
    "cli_key": N_("command-line key"),
    "glossary_intro": N_(
        "The words of Truco in Spanish, English, Italian and Portuguese, each with the clause that "
        "defines it. Searching for any of them, in any language, leads to its entry."
    ),
    "defined_by": N_("Defined by"),
    "diff_intro": N_(
        "What changes from one rulebook to another, by topic: first what the variants simply play "
        "differently, then each question of the ambiguity register, with what each rulebook says and an "
        "example. The examples are concrete situations computed by the suite."
    ),
    "diff_no_witnesses": N_("This build has no computed examples (`truco diff --write-all` computes them)."),
    "diff_variants": N_("The variants play differently:"),
    "why_conflict": N_("The rulebooks disagree."),
    "why_internal": N_("A rulebook contradicts itself."),
    "why_gap": N_("The rulebooks do not say, and an engine has to decide."),
    "why_option": N_("The rulebook leaves the choice to the players."),
    "in_register": N_("{id} in the register"),
    "said_by": N_("Said by {docs}."),
    "said_by_none": N_("No rulebook or publication says it: it is a choice."),
    "default_of": N_("Default of {rulesets}."),
    "for_example": N_("For example:"),
    "if_read_otherwise": N_("The rulesets agree by default; under the other reading:"),
    "no_results_title": N_("No test results"),
    "no_results_tests": N_(
        "This build of the site has no test results, so the clauses do not show their test status."
    ),
    "no_results_proofs": N_(
        "This build of the site has no proof results, so the clauses do not show their proof status."
    ),
    "no_results_tests_proofs": N_(
        "This build of the site has no test or proof results, so the clauses do not show their status. "
        "Builds made by continuous integration do."
    ),
    "proofs_ok": N_("{n} proved ({r} rulesets)"),
    "spec_code": N_("Spec code"),
    "pic_cards": N_("Card order of {ruleset}, strongest first"),
    "pic_hand_worth": N_("The hand is worth {pts}"),
    "pic_call": N_("call"),
    "pic_accepted": N_("accepted"),
    "pic_refused": N_("refused"),
    "pic_raised": N_("raised"),
    "pic_caller_scores": N_("The caller's side scores {pts}"),
    "reading_intro": N_(
        "Under each sentence, its open questions, found by reading the rulebook sentence by sentence: the"
        " term it leaves undefined, the case it does not cover, the sentence it conflicts with; and the "
        "register entry or clause that answers them, with the reading this rulebook's ruleset takes by "
        "default."
    ),
    "open_questions": N_("Open questions"),
    "q_undefined": N_("Undefined term"),
    "q_uncovered": N_("Case not covered"),
    "q_conflict": N_("Conflict"),
    "conflicts_with": N_("It conflicts with"),
    "answered_by": N_("Answered by"),
    "left_open": N_("Left open"),
    "raised_by": N_("Rulebook sentences that raise this question"),
    # the ruleset pages
    "rs_nav": pN_("the site's navigation", "Rulesets"),
    "rs_all": N_("The eight rulesets"),
    "g_rulesets": N_("Define your own ruleset"),
    "rs_index_intro": N_(
        "Each ruleset is a data file (`spec/data/rulesets/`); its page is generated from it. Four encode "
        "the rulebooks of this project; the others are written from published rules, not from those four "
        "rulebooks."
    ),
    "rs_origin": N_("Origin"),
    "rs_family": N_("Variant"),
    "published_rules": N_("published rules"),
    "in_threes": N_("three against three"),
    "rs_published_title": N_("Not from the four rulebooks"),
    "rs_published_note": N_(
        "This ruleset is written from published rules, not from the four rulebooks of this project. Its "
        "own clauses ({first} to {last}) state each rule with the publication it comes from instead of a "
        "verbatim quote, and the clauses it shares with the rulebooks name the publication that states "
        "them for this game. Its sources:"
    ),
    "rs_rulebook_title": N_("From rulebook {doc}"),
    "rs_rulebook_note": N_(
        "Every clause of this ruleset quotes its rulebook verbatim: [the full text]({link})."
    ),
    "rs_page": N_("Its page"),
    "rs_features": N_("What it has"),
    "rs_switch": N_("{value} with the reading {reading}"),
    "ft_muestra": N_("Muestra and piezas"),
    "fact_halves": N_("Malas and buenas (two halves)"),
    "fact_target": N_("Points to win a partida"),
    "fact_partidas": N_("Partidas to win the match"),
    "halves_value": N_("{h} and {b}"),
    "rs_deck": N_("Players and deck"),
    "rs_players_text": N_("{n} players, {table}; the seats alternate between the two sides."),
    "rs_deck_text": N_(
        "{n} cards: the ranks {ranks} in {suits}. A card is written rank then suit: {example}."
    ),
    "rs_excluded": N_("Left out of the deck: {cards}."),
    "rs_deal": N_("Each player is dealt {n} cards."),
    "rs_cards": N_("The order of the cards"),
    "rs_cards_text": N_("From the strongest (1) down; cards fanned out together are equal."),
    "rs_fixed_order": N_("This is the fixed order, below the piezas."),
    "rs_muestra": N_("The muestra and the piezas"),
    "rs_muestra_text": N_(
        "After the deal a card is turned up: the muestra. The cards of its suit of rank {ranks} are the "
        "piezas of that hand, strongest first, above every card of the fixed order; each counts its own "
        "envido points."
    ),
    "rs_stand_in": N_("When the muestra is itself a pieza, the {rank} of its suit takes that pieza's place."),
    "rs_muestra_example": N_("With the muestra {card}, the piezas are: {piezas}."),
    "rs_fixed_order_vira": N_("This is the fixed order, below the manilhas of the vira."),
    "rs_vira": N_("The vira and the manilhas"),
    "rs_vira_text": N_(
        "After the deal a card is turned up: the vira. The rank after it in the card order (after the "
        "last rank, the first) makes that hand's four manilhas, above every other card, ranked by their "
        "suit; the other cards of a rank are equal."
    ),
    "rs_vira_example": N_("With the vira {card}, the manilhas are: {manilhas}."),
    "pic_vira": N_("The card order of {ruleset} with the vira {card}"),
    "pic_muestra": N_(
        "Card order of {ruleset} when the muestra is {card}, strongest first; the piezas have a gold edge"
    ),
    "rs_ladder": N_("The truco ladder"),
    "rs_opening": N_("A hand starts at {pts}."),
    "rs_call": N_("Call"),
    "rs_worth": N_("The hand is worth"),
    "rs_refused": N_("If refused, the caller's side scores"),
    "rs_next_other": N_("The side that made the last call may not make the next one."),
    "rs_next_any": N_("After an accepted call, either side may raise."),
    "rs_env_card": N_("Card"),
    "rs_env_points": N_("Points"),
    "rs_pair_bonus": N_("Two cards of one suit add {n} to their values."),
    "rs_stake": N_("Stake"),
    "rs_answered": N_("May be answered with"),
    "rs_times": N_("up to {n} times"),
    "rs_falta": N_("the falta"),
    "rs_nothing": N_("nothing"),
    "rs_flor_text": N_(
        "A flor is worth {stake}; when an opponent with flor answers quiero, {accepted}. A contraflor "
        "doubles the stake; contraflor al resto stakes the falta."
    ),
    "rs_flor_partner": N_("In pairs, the singer's partner, also holding flor, raises it to {pts}."),
    "rs_off_by_default": N_("Not played by default; {how}:"),
    "rs_with_reading": N_("with the reading {reading}"),
    "rs_sign_below": N_("{name}: every card of the hand below the {rank}s"),
    "rs_sign_envido": N_("{name}: {a} to {b} envido points"),
    "rs_ten_text": N_("A side at {score} points plays a hand worth {pts} in which nobody may call truco."),
    "rs_ten_decline": N_("If it declines the hand (where a reading lets it), the other side scores {pts}."),
    "rs_iron_text": N_("Both sides at {score} points: the iron hand."),
    "rs_iron_decides": N_("Whoever wins it wins the match."),
    "rs_match": N_("The match"),
    "rs_target": N_("A side that reaches {pts} wins the partida."),
    "rs_halves": N_("The first {h} are the malas, the other {b} the buenas."),
    "rs_readings": N_("Its default readings"),
    "rs_readings_intro": N_(
        "Its default reading of every question of the ambiguity register that concerns it, and why. "
        "Switch one with `--reading KEY=READING`."
    ),
    "rs_stated_by": N_("Stated by {clause}."),
    "rs_clauses": N_("Its clauses"),
    "rs_clauses_intro": N_("Every rule of the ruleset, with its source."),
    "rs_adopted": N_("stated for this game by"),
    "published_source": N_("Published source (not one of the four rulebooks)"),
    "published_intro": N_(
        "A clause of the ruleset {ruleset}, written from published rules: it has no verbatim quote; this "
        "publication states it:"
    ),
    "section_of": N_("section {s}"),
    "adopted_title": N_("Adopted by rulesets written from published rules"),
    "adopted_intro": N_(
        "These rulesets, which do not come from the four rulebooks, hold the same rule; the publication "
        "that states it for each:"
    ),
    "said_by_published": N_("No rulebook says it; published rules do: {pubs}."),
    "said_by_engine": N_("No rulebook or publication says it; an engine plays it: {engines}."),
    "engine_test": N_("its test: {test}"),
    "rulesets_compared": N_("The rulesets, feature by feature"),
    # the alignment table (truco_rules.site.site_alignment)
    "al_title": N_("Every rule topic, every source"),
    "al_intro": N_(
        "The alignment table: for each rule topic, the verbatim words of every source that speaks to it, the "
        "four rulebooks and every publication the rulesets cite, side by side, and the sources that are "
        "silent. A publication is stored by the passages the project quotes; silent there means that none "
        "of them speaks to the topic. Each row names the register entries its sources' differences are, or "
        "says why they state the same rule. `truco diff --row ROW` shows a row in the terminal."
    ),
    "al_overview": N_("The topics"),
    "al_topic": N_("Topic"),
    "al_speak": N_("Sources that speak"),
    "al_account": N_("Differences"),
    "al_same_rule": N_("The same rule"),
    "al_register": N_("Register entries"),
    "al_source": N_("Source"),
    "al_sources": N_("The sources"),
    "al_words": N_("Its words"),
    "al_silent": N_("Silent"),
    "al_rows_of": N_("In the alignment table"),
    "al_engine": N_("an engine: the lines of its code the register quotes"),
    "cmp_glance": N_("At a glance"),
    "cmp_clauses": N_("Clause by clause"),
    "cmp_glance_intro": N_(
        "What each ruleset has under its default readings; “with the reading” says which reading of the "
        "register changes it."
    ),
    "cards_n": N_("{n} cards"),
    "rs_how_played": N_("How it is played, by this ruleset's readings:"),
    "rs_r_responder": N_("Who answers a call"),
    "rs_r_ten_call": N_("Which call is asking for truco in the hand of ten"),
    "rs_r_ten_truco": N_("What asking for truco in the hand of ten does"),
    "rs_r_ten_choice": N_("Whether the side at ten may decline the hand"),
    "rs_r_iron_hand": N_("Whether the iron hand is a hand of ten"),
    "rs_r_iron_blind": N_("Whether it is played blind"),
    "rs_r_iron_cards": N_("What its face-down cards are worth"),
    "rs_r_window": N_("When it is called"),
    "rs_r_envido_first": N_("Whether the envido goes before the truco"),
    "rs_r_flor_optional": N_("Whether flor must be sung"),
    "rs_r_flor_over_envido": N_("Flor against a pending envido"),
    "rs_flor_goes_first": N_(
        "A player holding flor who must answer a truco call may sing flor before answering, in the first "
        "round and before playing a card ({reading}); the truco is answered afterwards."
    ),
    "rs_flor_closed_by_truco": N_(
        "A player holding flor who is asked about truco may no longer sing it: the truco call closes the "
        "time for envido and flor ({reading}, {window}); the truco is answered and the flor is not sung."
    ),
    "rs_first_in_pairs": N_(
        "In pairs, that is the player who must answer the truco ({responder}), not their partner."
    ),
    "rs_first_in_pairs_if": N_(
        "Under {reading}, only the player who must answer the truco ({responder}) could sing first, not "
        "their partner."
    ),
    **{f"k_{kind}": message for kind, message in CLAUSE_KINDS.items()},
    **{f"a_{kind}": message for kind, message in ENTRY_KINDS.items()},
}


def label(key: str, lang: str) -> str:
    """The site's word for `key` in `lang`; an unknown key or an untranslated message raises
    MissingLabel (the strict build fails on it)."""
    message = _WORDS.get(key)
    if message is None:
        raise MissingLabel(f"no {lang} label for {key!r}")
    try:
        return translate(message, lang)
    except MissingMessage as exc:
        raise MissingLabel(str(exc)) from exc
