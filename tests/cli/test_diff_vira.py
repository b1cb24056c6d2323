"""`truco diff paulista-1v1 mineiro-1v1-es`: the vira's manilhas (PAU-2, PAU-3, PAU-4) against
Mineiro's fixed ones (CARD-2, CARD-3) decide a round differently, shown in words in each language:
the vira's next rank makes a card a manilha in Paulista that is an ordinary card in Mineiro, or the
other way round (issue 21)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.text.catalogues import gettext
from truco_rules.text.witness_words import card_name, decks_of

LANGS = ("en", "es", "it", "pt")
PAIR = ("paulista-1v1", "mineiro-1v1-es")


def _witnesses() -> list[dict]:
    out = CliRunner().invoke(cli, ["diff", *PAIR, "--json"]).output
    return [w for w in json.loads(out)["witnesses"] if w["domain"] == "vira-round"]


def test_opposite_winners_are_found() -> None:
    found = _witnesses()
    opposite = [w for w in found if {w["a"], w["b"]} == {"side 0 wins the round", "side 1 wins the round"}]
    assert opposite, found
    w = opposite[0]
    vira, lead, reply = w["situation"]["vira"], *w["situation"]["cards_in_play_order"]
    ranks = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
    manilha_rank = ranks[(ranks.index(vira[:-1]) + 1) % len(ranks)]
    assert manilha_rank in (lead[:-1], reply[:-1]), w  # the vira's next rank is what differs


@pytest.mark.parametrize("lang", LANGS)
def test_the_vira_rounds_are_worded(lang: str) -> None:
    result = CliRunner().invoke(cli, ["diff", *PAIR, "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    w = _witnesses()[0]
    vira = card_name(w["situation"]["vira"], decks_of(PAIR), lang)
    head = "- " + gettext("The vira turned up is {card}.", lang, card=vira)
    at = next(i for i, line in enumerate(lines) if line.startswith(head))
    a, b = lines[at + 1].strip(), lines[at + 2].strip()
    assert a.startswith("A: ") and b.startswith("B: ") and a[3:] != b[3:], lines[at:at + 3]
