"""Words shared by the site and the command line, as (es, en, it, pt): the kinds of clause and of
register entry. Each side adds its own labels to these, in tables of the same shape: `Labels`,
merged by `label_table` and read by `in_language`."""

from __future__ import annotations

from collections.abc import Mapping

LANGS = ("es", "en", "it", "pt")

# A label in the four languages, in the order of LANGS; "" is a missing translation.
Label = tuple[str, str, str, str]
Labels = Mapping[str, Label]


def label_table(*tables: Labels) -> dict[str, Label]:
    """One table from several. A key in two tables, or an entry that is not four texts, is a
    ValueError: merged silently, a later table would replace an earlier table's words."""
    merged: dict[str, Label] = {}
    for table in tables:
        for key, entry in table.items():
            if key in merged:
                raise ValueError(f"the label {key!r} is defined twice")
            if len(entry) != len(LANGS) or not all(isinstance(t, str) for t in entry):
                raise ValueError(f"the label {key!r} is not one text per language {LANGS}")
            merged[key] = entry
    return merged


def in_language(entry: Label, lang: str) -> str:
    """The entry's text in `lang` (one of LANGS)."""
    return entry[LANGS.index(lang)]


SHARED_WORDS: Labels = {
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
