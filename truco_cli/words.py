"""Words shared by the site and the command line, as (es, en, it, pt): the kinds of clause and of
register entry. Each side adds its own labels to these."""

from __future__ import annotations

SHARED_WORDS: dict[str, tuple[str, str, str, str]] = {
    # kinds of clause
    "k_definition": ("definición", "definition", "definizione", "definição"),
    "k_setup": ("preparación", "setup", "preparazione", "preparação"),
    "k_play": ("juego", "play", "gioco", "jogo"),
    "k_betting": ("apuestas", "betting", "scommesse", "apostas"),
    "k_scoring": ("puntuación", "scoring", "punteggio", "pontuação"),
    "k_ending": ("fin", "ending", "fine", "fim"),
    "k_signals": ("señas", "signals", "segnali", "sinais"),
    # kinds of register entry
    "a_conflict": ("conflicto entre reglamentos", "conflict between rulebooks", "conflitto tra regolamenti",
                   "conflito entre regulamentos"),
    "a_internal": ("contradicción interna", "internal contradiction", "contraddizione interna",
                   "contradição interna"),
    "a_gap": ("laguna", "gap", "lacuna", "lacuna"),
    "a_option": ("opción de los jugadores", "players' option", "opzione dei giocatori",
                 "opção dos jogadores"),
}
