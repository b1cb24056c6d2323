"""The protocol guide's generated parts: the action vocabulary of every ruleset, read from the
ruleset data files, and the transcripts of docs/transcripts/ (scripts/protocol_transcripts.py).

Markers on a line of their own, replaced at build time: `<!-- truco:vocabulary -->` and
`<!-- truco:transcript NAME -->`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.state import Rules
from truco_rules.text.catalogues import N_, Message, pN_, translate

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "docs" / "transcripts"
MARKER = re.compile(r"^<!-- truco:(vocabulary|transcript)(?: ([a-z0-9-]+))? -->$", re.MULTILINE)

# The words of the vocabulary table, by key; translated in the catalogues of truco_rules.text.
WORDS: dict[str, str | Message] = {
    "ruleset": N_("ruleset"),
    "cards": N_("cards (rank, then suit)"),
    "calls": N_("truco calls"),
    "envido": N_("envido: call, then what may answer it"),
    "flor": N_("flor"),
    "muestra": N_("muestra"),
    "none": pN_("the record format's vocabulary", "none"),
    "nothing": N_("nothing"),
    "turned": N_("one card turned up (`muestra` in the deal)"),
    "sing": N_("`flor` sings it"),
    "partner": N_("the singer's partner: `flor-raise` or `flor-pass`"),
    "contraflor": N_("`contraflor` answers a flor (an opponent holding flor)"),
    "resto": N_("`contraflor-resto` answers a contraflor (the singer)"),
    "answers": N_("`accept` and `run` answer it"),
    "mazo": N_("going to the mazo"),
}


def vocabulary_word(key: str, lang: str) -> str:
    """A word of the vocabulary table in `lang`."""
    return translate(WORDS[key], lang)


def vocabulary_rows(lang: str) -> list[list[str]]:
    """One row per ruleset of the catalogue: its name, cards, calls, envido, flor, muestra and mazo, each
    in the words of the record format, from the ruleset's data file."""
    rows = []
    for name in load_catalogue().rulesets:
        data: Mapping[str, Any] = Rules.of(name).data
        deck = data["deck"]
        names = deck.get("suit_names") or {}
        suits = ", ".join(f"`{s}` {names[s][lang]}" if s in names else f"`{s}`" for s in deck["suits"])
        pattern = str(deck.get("card", "{rank}{suit}"))
        first = pattern.format(rank=deck["ranks"][0], suit=deck["suits"][0])
        last = pattern.format(rank=deck["ranks"][-1], suit=deck["suits"][-1])
        cards = f"{' '.join(deck['ranks'])}; {suits} (`{first}` … `{last}`)"
        calls = ", ".join(f"`raise {c['value']}` {c['name'][lang]}" for c in data["truco"]["calls"])
        envido = data.get("envido") or {}
        nothing = vocabulary_word("nothing", lang)
        env = "; ".join(
            f"`{call}` → " + (", ".join(f"`{t}`" for t in spec.get("then", ())) or nothing)
            for call, spec in (envido.get("calls") or {}).items()
        ) or vocabulary_word("none", lang)
        flor_data = data.get("flor")
        if flor_data:
            parts = [vocabulary_word("sing", lang)]
            if flor_data.get("partner_raise"):
                parts.append(vocabulary_word("partner", lang))
            if flor_data.get("contraflor"):
                parts.append(vocabulary_word("contraflor", lang))
            if flor_data.get("resto"):
                parts.append(vocabulary_word("resto", lang))
            parts.append(vocabulary_word("answers", lang))
            flor = "; ".join(parts)
        else:
            flor = vocabulary_word("none", lang)
        muestra = vocabulary_word("turned", lang) if data.get("muestra") else vocabulary_word("none", lang)
        # ARG-9, URU-10: `mazo` gives up the hand, where the file has the mazo
        mazo = f"`mazo` ({data['mazo']['clause']})" if data.get("mazo") else vocabulary_word("none", lang)
        rows.append([f"`{name}`", cards, calls, env, flor, muestra, mazo])
    return rows


def vocabulary(lang: str) -> str:
    keys = ("ruleset", "cards", "calls", "envido", "flor", "muestra", "mazo")
    head = [vocabulary_word(k, lang) for k in keys]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += [
        "| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in vocabulary_rows(lang)
    ]
    return "\n".join(lines)


def transcript(name: str) -> str | None:
    path = TRANSCRIPTS / f"{name}.txt"
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8").rstrip("\n")
    # A fence at the start of a line, so that the clause links of the page leave it alone.
    head = f'<details markdown="1">\n<summary><code>{name}</code></summary>'
    return f"{head}\n\n```text\n{text}\n```\n\n</details>"


def replace_markers(markdown: str, lang: str, warn: Callable[[str], None]) -> str:
    def one(m: re.Match[str]) -> str:
        if m[1] == "vocabulary":
            return vocabulary(lang)
        text = transcript(m[2] or "")
        if text is None:
            warn(f"transcript marker for a missing file docs/transcripts/{m[2]}.txt")
            return ""
        return text

    return MARKER.sub(one, markdown)
