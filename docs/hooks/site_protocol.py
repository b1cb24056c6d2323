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

from spec.catalogue import load_catalogue
from spec.rules.state import Rules

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "docs" / "transcripts"
MARKER = re.compile(r"^<!-- truco:(vocabulary|transcript)(?: ([a-z0-9-]+))? -->$", re.MULTILINE)

WORDS: dict[str, dict[str, str]] = {
    "ruleset": {"en": "ruleset", "es": "reglamento", "it": "regolamento", "pt": "regulamento"},
    "cards": {
        "en": "cards (rank, then suit)",
        "es": "cartas (valor, luego palo)",
        "it": "carte (valore, poi seme)",
        "pt": "cartas (valor, depois naipe)",
    },
    "calls": {
        "en": "truco calls",
        "es": "cantos del truco",
        "it": "chiamate del truco",
        "pt": "pedidos de truco",
    },
    "envido": {
        "en": "envido: call, then what may answer it",
        "es": "envido: canto, y qué puede responderlo",
        "it": "envido: chiamata, e cosa può risponderle",
        "pt": "envido: canto, e o que pode respondê-lo",
    },
    "flor": {"en": "flor", "es": "flor", "it": "flor", "pt": "flor"},
    "muestra": {"en": "muestra", "es": "muestra", "it": "muestra", "pt": "muestra"},
    "none": {"en": "none", "es": "no hay", "it": "nessuna", "pt": "não há"},
    "nothing": {"en": "nothing", "es": "nada", "it": "niente", "pt": "nada"},
    "turned": {
        "en": "one card turned up (`muestra` in the deal)",
        "es": "una carta dada vuelta (`muestra` en el reparto)",
        "it": "una carta scoperta (`muestra` nella distribuzione)",
        "pt": "uma carta virada (`muestra` na distribuição)",
    },
    "sing": {
        "en": "`flor` sings it",
        "es": "`flor` la canta",
        "it": "`flor` la canta",
        "pt": "`flor` a canta",
    },
    "partner": {
        "en": "the singer's partner: `flor-raise` or `flor-pass`",
        "es": "el compañero de quien canta: `flor-raise` o `flor-pass`",
        "it": "il compagno di chi canta: `flor-raise` o `flor-pass`",
        "pt": "o parceiro de quem canta: `flor-raise` ou `flor-pass`",
    },
    "contraflor": {
        "en": "`contraflor` answers a flor (an opponent holding flor)",
        "es": "`contraflor` responde a una flor (un rival que tiene flor)",
        "it": "`contraflor` risponde a una flor (un avversario che ha flor)",
        "pt": "`contraflor` responde a uma flor (um adversário que tem flor)",
    },
    "resto": {
        "en": "`contraflor-resto` answers a contraflor (the singer)",
        "es": "`contraflor-resto` responde a una contraflor (quien cantó)",
        "it": "`contraflor-resto` risponde a una contraflor (chi ha cantato)",
        "pt": "`contraflor-resto` responde a uma contraflor (quem cantou)",
    },
    "answers": {
        "en": "`accept` and `run` answer it",
        "es": "`accept` y `run` la responden",
        "it": "`accept` e `run` le rispondono",
        "pt": "`accept` e `run` a respondem",
    },
}


def _w(key: str, lang: str) -> str:
    return WORDS[key][lang]


def vocabulary_rows(lang: str) -> list[list[str]]:
    """One row per ruleset of the catalogue: its name, cards, calls, envido, flor and muestra, each
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
        env = "; ".join(
            f"`{call}` → " + (", ".join(f"`{t}`" for t in spec.get("then", ())) or _w("nothing", lang))
            for call, spec in (envido.get("calls") or {}).items()
        ) or _w("none", lang)
        flor_data = data.get("flor")
        if flor_data:
            parts = [_w("sing", lang)]
            if flor_data.get("partner_raise"):
                parts.append(_w("partner", lang))
            if flor_data.get("contraflor"):
                parts.append(_w("contraflor", lang))
            if flor_data.get("resto"):
                parts.append(_w("resto", lang))
            parts.append(_w("answers", lang))
            flor = "; ".join(parts)
        else:
            flor = _w("none", lang)
        muestra = _w("turned", lang) if data.get("muestra") else _w("none", lang)
        rows.append([f"`{name}`", cards, calls, env, flor, muestra])
    return rows


def vocabulary(lang: str) -> str:
    head = [_w(k, lang) for k in ("ruleset", "cards", "calls", "envido", "flor", "muestra")]
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
