"""The data behind the readers' pages: the glossary file and the witnesses in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.text.glossary import GlossaryError, load_glossary
from truco_rules.text.witness_words import UnknownWitness, card_name, decks_of, outcome_text, situation_text

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalogue()
_FILE = json.loads((ROOT / "proofs/witnesses.json").read_text(encoding="utf-8"))
# each with the decks of the two rulesets it compares, which name its cards
WITNESSES = [{**w, "decks": [c["a"]["ruleset"], c["b"]["ruleset"]]} for c in _FILE["comparisons"]
             for w in c["witnesses"]]


def _said_by(term_source: str) -> str:
    """Everything the clause or register entry that defines a term says, in every language."""
    if term_source.startswith("AMB-"):
        amb = CAT.ambiguity(term_source)
        return " ".join([*amb.question.values(), *(text for r in amb.readings for text in r.summary.values()),
                         *(w.words for r in amb.readings for w in r.published)])
    clause = CAT.clause(term_source)
    return " ".join([*clause.title.values(), *clause.text.values(), *(q.quote for q in clause.sources)])


def test_every_glossary_term_has_four_languages_and_a_clause_that_names_it() -> None:
    terms = load_glossary()
    assert len(terms) >= 40
    for term in terms:
        said = _said_by(term.defined_by)
        assert any(name.lower() in said.lower() for name in term.all_names()), (term.id, term.defined_by)


def test_the_terms_the_site_writes_in_parentheses_are_in_the_glossary() -> None:
    names = {n.lower() for term in load_glossary() for n in term.all_names()}
    for word in ("zap", "espadilha", "pica-fumo", "trunfos", "manilha", "copeta", "retruco", "me achico"):
        assert word in names


def test_the_words_of_the_published_rulesets_are_in_the_glossary_with_their_clause() -> None:
    by_name = {n.lower(): term for term in load_glossary() for n in term.all_names()}
    for word, defined_by in (("muestra", "URU-2"), ("pieza", "URU-3"), ("malas", "ARG-7"),
                             ("buenas", "ARG-7"), ("el mano", "ARG-4"), ("falta", "ARG-6"),
                             ("falta envido", "ENV-6"),
                             ("el envido está primero", "AMB-29"), ("contraflor al resto", "FLR-7")):
        assert by_name[word].defined_by == defined_by, word


@pytest.mark.parametrize(("text", "message"), [
    ("- {id: x, clause: BET-1, names: {es: [a]}, means: {es: a}}\n", "names needs exactly the languages"),
    ("- {id: X Y, clause: BET-1, names: {}, means: {}}\n", "not a new lower-case"),
    ("- {id: x, clause: BET-1}\n", "exactly the fields"),
    ("- {id: x, clause: BET-1, entry: AMB-2, names: {}, means: {}}\n", "one of clause"),
    ("- {id: x, entry: BET-1, names: {es: [a], en: [b], it: [c], pt: [d]}, "
     "means: {es: a, en: b, it: c, pt: d}}\n", "entry 'BET-1' is not a register entry ID"),
    ("- {id: x, clause: BET-1, names: {es: [], en: [b], it: [c], pt: [d]}, "
     "means: {es: a, en: b, it: c, pt: d}}\n", "names.es must be a non-empty list"),
    ("- {id: x, clause: BET-1, cards: 4C, names: {es: [a], en: [b], it: [c], pt: [d]}, "
     "means: {es: a, en: b, it: c, pt: d}}\n", "cards must be a list of card names"),
    ("- {id: x, entry: AMB-2, cards: [4C], names: {es: [a], en: [b], it: [c], pt: [d]}, "
     "means: {es: a, en: b, it: c, pt: d}}\n", "on a term defined by a clause"),
])
def test_a_malformed_glossary_names_the_entry_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError, match=re.escape(message)):
        load_glossary(path)


# The English results of the witness data: none may reach a Spanish, Italian or Portuguese reader.
ENGLISH = sorted({v for w in WITNESSES for r in (w["a"], w["b"])
                  for v in ([r] if isinstance(r, str) else r.values() if isinstance(r, dict) else [])
                  if isinstance(v, str) and " " in v})


SPANISH_DECK = decks_of(["argentino-1v1"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_witness_reads_as_words_in_every_language(lang: str) -> None:
    for w in WITNESSES:
        for players in ({2}, {4}, {2, 4}):
            text = " ".join([situation_text(w, lang, players, decks_of(w["decks"])),
                             outcome_text(w, w["a"], lang, players),
                             outcome_text(w, w["b"], lang, players)])
            assert not re.search(r"[{}\[\]\"_]|side \d|\bNone\b|\bTrue\b|\bFalse\b", text), text
            if lang != "en":
                assert not [e for e in ENGLISH if e in text], text


def test_sides_are_named_by_their_role_in_the_hand() -> None:
    tied = {"domain": "hand-resolution", "situation": {"dealer_side": 1, "rounds": ["tie", "tie", "tie"]}}
    assert situation_text(tied, "en", {4}) == "All three rounds are tied."
    assert outcome_text(tied, "side 1 wins", "en", {4}) == "The dealing pair wins the hand."
    assert outcome_text(tied, "side 0 wins", "en", {2}) == "The player who started the hand wins the hand."
    assert outcome_text(tied, "side 1 wins", "it", {4}) == "La coppia che distribuisce vince la mano."
    split = {"domain": "hand-resolution", "situation": {"dealer_side": 0, "rounds": [0, 1, "tie"]}}
    assert situation_text(split, "es", {2}) == (
        "Quien reparte gana la ronda 1, quien empezó la mano gana la ronda 2, la ronda 3 queda empatada.")


def test_cards_are_named_by_the_deck_of_their_ruleset() -> None:
    """The rank and the suit's name from the deck's own data, whatever the deck: no deck is known
    to the wording, and a card of no deck compared is refused."""
    deck = {"ranks": ["1", "10"], "suits": ["x"], "card": "{suit}{rank}",
            "suit_names": {"x": {"es": "estrellas", "en": "stars", "it": "stelle", "pt": "estrelas"}}}
    assert [card_name("x10", [deck], lang) for lang in LANGUAGES] == \
        ["10 de estrellas", "10 of stars", "10 di stelle", "10 de estrelas"]
    assert card_name("4C", decks_of(["mineiro-1v1-es"]), "en") == "4 of clubs"
    assert card_name("1e", [deck, *SPANISH_DECK], "it") == "1 di spade"  # the first deck that has it
    with pytest.raises(UnknownWitness, match="not a card of the decks compared: '4C'"):
        card_name("4C", SPANISH_DECK, "en")


def test_a_witness_without_wording_is_refused_not_shown_raw() -> None:
    with pytest.raises(UnknownWitness, match="new-domain"):
        situation_text({"domain": "new-domain", "situation": {"x": 1}}, "en")
    with pytest.raises(UnknownWitness, match="unheard of"):
        outcome_text({"domain": "target", "situation": {"score": 12}}, "unheard of", "en")


def test_a_situation_with_more_than_its_words_say_is_refused() -> None:
    """Words that left part of a situation out would tell another situation: a muestra where the
    domain has none, for instance."""
    with pytest.raises(UnknownWitness, match="no wording for muestra"):
        situation_text({"domain": "hand-resolution",
                        "situation": {"rounds": ["tie"] * 3, "muestra": "6e"}}, "en", (), SPANISH_DECK)
    hand = {"domain": "envido-points", "situation": {"hand": ["2e", "5o", "7o"], "muestra": "6e"}}
    assert situation_text(hand, "es", {2}, SPANISH_DECK) == (
        "Una mano con 2 de espadas, 5 de oros, 7 de oros; la muestra es 6 de espadas.")


def _published_ruleset_witnesses() -> list[dict]:
    """The witnesses of every comparison with a ruleset written from published rules, as `truco diff
    --write-all` writes them: the witness file, which tests/proofs/test_witness_replay.py holds to
    what the comparisons find now (computing them again here took half a minute)."""
    published = {name for name, rs in CAT.rulesets.items() if rs.doc is None}
    found = []
    for c in _FILE["comparisons"]:
        a, b = c["a"]["ruleset"], c["b"]["ruleset"]
        if {a, b} & published:
            pa, pb = CAT.rulesets[a].players, CAT.rulesets[b].players
            found += [{**w, "players": {pa, pb}, "pa": {pa}, "pb": {pb}, "decks": decks_of([a, b])}
                      for w in c["witnesses"]]
    return found


def test_every_witness_of_the_published_rulesets_reads_as_words() -> None:
    """The witnesses `truco diff` finds for the rulesets written from published rules can all be
    worded, in every language, for their own numbers of players, with no English left elsewhere."""
    found = _published_ruleset_witnesses()
    assert found, "no witness at all for the rulesets written from published rules"
    for lang in LANGUAGES:
        for w in found:
            text = " ".join([situation_text(w, lang, w["players"], w["decks"]),
                             outcome_text(w, w["a"], lang, w["pa"]),
                             outcome_text(w, w["b"], lang, w["pb"])])
            assert not re.search(r"[{}\[\]\"_]|side \d|\bNone\b|\bTrue\b|\bFalse\b", text), text
            if lang != "en":
                english = {v for r in (w["a"], w["b"]) for v in ([r] if isinstance(r, str) else [])
                           if " " in v}
                assert not [e for e in english if e in text], text


def test_every_witness_of_the_newer_register_entries_reads_as_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The witnesses of the register's second readings (proofs/register_witnesses.py), for every
    comparison `truco diff --write-all` makes, whether or not the witness file has them yet: each is
    worded in every language, with its numbers, and the two sides' results read differently."""
    from truco_rules.proofs import divergence
    from truco_rules.proofs import register_witnesses as rw
    from truco_rules.proofs.domain import Domain
    from truco_rules.proofs.witnesses import comparisons

    monkeypatch.setattr(divergence, "DOMAINS", tuple(Domain(**d) for d in rw.DOMAINS))
    found = [{**w, "pa": {a.players}, "pb": {b.players}, "decks": decks_of([a.ruleset, b.ruleset])}
             for a, b, _ in comparisons() for w in divergence.witnesses(a, b, limit=1)]
    assert {w["domain"] for w in found} == {d["name"] for d in rw.DOMAINS}, "a domain found no witness"
    for lang in LANGUAGES:
        for w in found:
            situation = situation_text(w, lang, w["pa"] | w["pb"], w["decks"])
            a, b = outcome_text(w, w["a"], lang, w["pa"]), outcome_text(w, w["b"], lang, w["pb"])
            assert a != b, (w["domain"], lang, a)
            text = " ".join([situation, a, b])
            assert not re.search(r"[{}\[\]\"_]|side \d|\bNone\b|\bTrue\b|\bFalse\b", text), text
            numbers = [v for k, v in w["situation"].items()  # a seat is named by its role, not its number
                       if isinstance(v, int) and not isinstance(v, bool) and not k.endswith("_seat")]
            for n in numbers:
                assert str(n) in situation, (w["domain"], lang, situation)
            if lang != "en":
                english = {v for r in (w["a"], w["b"]) if isinstance(r, str) and " " in r for v in [r]}
                assert not [e for e in english if e in text], text


def test_a_card_the_glossary_names_is_in_every_deck_that_holds_its_clause() -> None:
    """A term's `cards` is drawn under those cards in the rulesets holding its clause: a card missing
    from such a deck would silently go unnamed."""
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.rules.ruleset import Rules

    cat = load_catalogue()
    named = [t for t in load_glossary() if t.cards]
    assert {t.id for t in named} >= {"zap", "copas", "espadilha", "pica-fumo"}
    for term in named:
        holders = [n for n in cat.rulesets if term.clause in {c.id for c in cat.clauses_of(n)}]
        assert holders, term.id
        for name in holders:
            assert set(term.cards) <= Rules.of(name).deck.in_play, (term.id, name)
