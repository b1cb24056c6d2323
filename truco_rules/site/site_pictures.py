"""Pictures drawn from the ruleset data: the card order as SVG cards, the truco ladder as a Mermaid
diagram with what a refused call pays. The data comes from ruleset_pictures.py only.

Hand-written pages ask for a picture with a marker on a line of its own, replaced at build time:
`<!-- truco:cards mineiro-1v1-es -->` or `<!-- truco:ladder gauderio-pairs-es -->`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from math import ceil

from truco_rules.site.ruleset_pictures import (
    LadderStep,
    MuestraExample,
    ViraExample,
    card_nicknames,
    pieza_word,
    ruleset_pictures_data,
)
from truco_rules.site.site_labels import label
from truco_rules.text.witness_words import Deck, card_name, decks_of, points

MARKER = re.compile(r"^<!-- truco:(cards|ladder) ([a-z0-9-]+) -->$", re.MULTILINE)

CARD_W, CARD_H = 40, 58  # one card
FAN = 14  # how far each card of a group lies to the right of the one under it
SLOT = 90  # horizontal room for one group
PER_ROW = 7
ROW_H = CARD_H + 34

_RED, _BLACK = "#c0392b", "#222"
_MARK = "#d4a017"  # the edge of a marked card (a pieza)
_FRENCH = {"C": ("♣", _BLACK), "S": ("♠", _BLACK), "H": ("♥", _RED), "D": ("♦", _RED)}
_SPANISH_COLOUR = {"e": "#2c5aa0", "b": "#6b4f2a", "o": "#b8860b", "c": _RED}


def _spanish_suit(suit: str, cx: float, cy: float, s: float) -> str:
    """A Spanish suit drawn in a box of about 20*s around (cx, cy): sword, club, coin or cup."""
    c = _SPANISH_COLOUR[suit]
    if suit == "o":  # oros: a coin
        return f'<circle cx="{cx}" cy="{cy}" r="{7 * s}" fill="{c}" stroke="#6d5205" stroke-width="{s}"/>'
    if suit == "c":  # copas: a cup on a stem
        return (
            f'<path d="M{cx - 7 * s},{cy - 8 * s} h{14 * s} q0,{9 * s} {-7 * s},{10 * s} '
            f'q{-7 * s},{-1 * s} {-7 * s},{-10 * s} z" fill="{c}"/>'
            f'<rect x="{cx - s}" y="{cy + 2 * s}" width="{2 * s}" height="{5 * s}" fill="{c}"/>'
            f'<rect x="{cx - 5 * s}" y="{cy + 7 * s}" width="{10 * s}" height="{2 * s}" fill="{c}"/>'
        )
    if suit == "e":  # espadas: a sword, point up
        return (
            f'<path d="M{cx},{cy - 11 * s} L{cx},{cy + 9 * s} M{cx - 5 * s},{cy + 4 * s} '
            f'L{cx + 5 * s},{cy + 4 * s}" stroke="{c}" stroke-width="{2.5 * s}" stroke-linecap="round"/>'
        )
    return (
        f'<path d="M{cx - 4 * s},{cy + 10 * s} L{cx + 4 * s},{cy - 10 * s}" stroke="{c}" '
        f'stroke-width="{4.5 * s}" stroke-linecap="round"/>'
    )  # bastos: a club


def _card(name: str, x: float, y: float, lang: str, decks: list[Deck], marked: bool = False) -> str:
    rank, suit = name[:-1], name[-1]
    edge = f'stroke="{_MARK}" stroke-width="3"' if marked else 'stroke="#555"'
    out = [
        f'<g class="card{" marked" if marked else ""}">'
        f"<title>{html.escape(card_name(name, decks, lang))}</title>",
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" {edge}/>',
    ]
    if suit in _FRENCH:
        glyph, colour = _FRENCH[suit]
        out += [
            f'<text x="{x + 3}" y="{y + 12}" font-size="11" font-weight="bold" fill="{colour}">{rank}</text>',
            f'<text x="{x + 3}" y="{y + 23}" font-size="10" fill="{colour}">{glyph}</text>',
            f'<text x="{x + CARD_W / 2 + 3}" y="{y + CARD_H / 2 + 9}" font-size="24" text-anchor="middle" '
            f'fill="{colour}">{glyph}</text>',
        ]
    else:
        colour = _SPANISH_COLOUR[suit]
        out += [
            f'<text x="{x + 2}" y="{y + 12}" font-size="11" font-weight="bold" fill="{colour}">{rank}</text>',
            _spanish_suit(suit, x + 6, y + 20, 0.4),
            _spanish_suit(suit, x + CARD_W / 2 + 3, y + CARD_H / 2 + 4, 1.0),
        ]
    out.append("</g>")
    return "".join(out)


def card_order_svg(groups: list[list[str]], lang: str, ruleset: str, title: str | None = None,
                   marked: frozenset[str] = frozenset(), muestra: str | None = None,
                   nicknames: Mapping[str, str] | None = None) -> str:
    """The deck, strongest group first, numbered; equal cards fanned out together: one HTML block.
    `marked` cards (the piezas of a muestra) get a coloured edge. A card the game names (the zap;
    `nicknames`, by default the glossary's for the ruleset) has its name written under it."""
    decks = decks_of([ruleset])
    nicknames = card_nicknames(ruleset, lang) if nicknames is None else nicknames
    title = html.escape(title or label("pic_cards", lang).format(ruleset=ruleset))
    rows = ceil(len(groups) / PER_ROW)
    width, height = PER_ROW * SLOT, rows * ROW_H
    shown = f' data-muestra="{muestra}"' if muestra else ""
    parts = [
        f'<svg class="truco-cards" role="img" aria-label="{title}" viewBox="0 0 {width} {height}" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" data-ruleset="{ruleset}"{shown}>'
        f"<title>{title}</title>"
    ]
    for i, group in enumerate(groups):
        x0, y0 = (i % PER_ROW) * SLOT + 4, (i // PER_ROW) * ROW_H + 16
        names = ", ".join(card_name(c, decks, lang) for c in group)
        parts.append(
            f'<g class="card-group" data-rank="{i + 1}"><title>{i + 1}: {html.escape(names)}</title>'
            f'<text x="{x0}" y="{y0 - 4}" font-size="11" fill="#666">{i + 1}</text>'
        )
        parts += [_card(c, x0 + j * FAN, y0, lang, decks, c in marked) for j, c in enumerate(group)]
        called = [nicknames[c] for c in group if c in nicknames]
        if called:
            parts.append(f'<text class="card-nickname" x="{x0}" y="{y0 + CARD_H + 12}" font-size="10" '
                         f'fill="#333">{html.escape(", ".join(called))}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)  # one element a line: long lines of tags make HTML post-processors crawl


def muestra_svg(example: MuestraExample, lang: str, ruleset: str) -> str:
    """The order of one hand with a muestra: the piezas (marked) above the fixed order."""
    card = card_name(example.muestra, decks_of([ruleset]), lang)
    title = label("pic_muestra", lang).format(ruleset=ruleset, card=card)
    word = pieza_word(lang)
    named = {c: f"{word} · {envido}" for c, envido in example.piezas}  # each pieza with its envido points
    return card_order_svg(example.groups, lang, ruleset, title, frozenset(named), example.muestra,
                          {**card_nicknames(ruleset, lang), **named})


def vira_svg(example: ViraExample, lang: str, ruleset: str) -> str:
    """The order of one hand with a vira: its manilhas (marked, each named) above the fixed order."""
    card = card_name(example.vira, decks_of([ruleset]), lang)
    title = label("pic_vira", lang).format(ruleset=ruleset, card=card)
    named = {c: n for c, n in example.manilhas if n}
    return card_order_svg(example.groups, lang, ruleset, title, frozenset(c for c, _ in example.manilhas),
                          example.vira, named)


def _q(text: str) -> str:
    """Text inside a quoted Mermaid label (no double quotes allowed there)."""
    return text.replace('"', "'")


def ladder_mermaid(steps: list[LadderStep], lang: str) -> str:
    """A top-down flowchart: the hand's value, each call, accepted / refused (and what it pays) / raised."""

    def t(key: str) -> str:
        return label(key, lang)

    def worth(value: int) -> str:
        return _q(t("pic_hand_worth").format(pts=points(value, lang)))

    lines = ["flowchart TD", f'  v0(["{worth(steps[0].value)}"])']
    for i, step in enumerate(steps[1:], 1):
        name = step.names.get(lang) or step.names.get("en") or str(step.value)
        pays = _q(t("pic_caller_scores").format(pts=points(step.refusal_payout or 0, lang)))
        lines += [
            f'  c{i}{{"{_q(name)} → {step.value}"}}',
            f'  v{i - 1} -->|"{_q(t("pic_call"))}"| c{i}',
            f'  c{i} -->|"{_q(t("pic_accepted"))}"| v{i}(["{worth(step.value)}"])',
            f'  c{i} -.->|"{_q(t("pic_refused"))}"| r{i}["{pays}"]',
        ]
        if i + 1 < len(steps):
            lines.append(f'  c{i} -->|"{_q(t("pic_raised"))}"| c{i + 1}')
    return "\n".join(lines)


def card_order_text(groups: list[list[str]], lang: str, ruleset: str) -> str:
    """The card order as a paragraph of text: what the picture shows, for a reader of the Markdown
    source (the site draws the picture in its place)."""
    decks = decks_of([ruleset])
    nicknames = card_nicknames(ruleset, lang)
    items = []
    for i, group in enumerate(groups, 1):
        names = ", ".join(card_name(c, decks, lang) for c in group)
        called = ", ".join(nicknames[c] for c in group if c in nicknames)
        items.append(f"{i}. {names}" + (f" (*{called}*)" if called else ""))
    return f"**{label('pic_cards', lang).format(ruleset=ruleset)}**: " + " · ".join(items)


def picture(kind: str, ruleset: str, lang: str, as_text: bool = False) -> str:
    """The Markdown for one picture: an HTML block of SVG (or, `as_text`, its words), or a Mermaid
    fence (which a repository's Markdown viewer draws too)."""
    groups, steps = ruleset_pictures_data(ruleset)
    if kind == "cards":
        return card_order_text(groups, lang, ruleset) if as_text else card_order_svg(groups, lang, ruleset)
    return "```mermaid\n" + ladder_mermaid(steps, lang) + "\n```"


def replace_markers(
    markdown: str, lang: str, known: Callable[[str], bool], warn: Callable[[str], None], as_text: bool = False
) -> str:
    def one(m: re.Match[str]) -> str:
        if not known(m[2]):
            warn(f"picture marker for unknown ruleset {m[2]!r}")
            return ""
        return picture(m[1], m[2], lang, as_text)

    return MARKER.sub(one, markdown)
