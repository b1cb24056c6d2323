"""The ruleset pages: one per ruleset, all from the same template, generated from its file.

Each page says what the ruleset is and where it comes from (its rulebook, or the publications it is
written from, marked as not from the four rulebooks), its players and deck, the card order drawn
(with the piezas of a muestra above it), the truco ladder as a diagram, which features it has,
its default reading of every register entry with the rationale, and every clause it holds with its
source. The data comes from ruleset_facts.py and ruleset_pictures.py, which read the file.
"""

from __future__ import annotations

from typing import Any

from truco_rules.site import ruleset_facts, ruleset_words, site_pictures
from truco_rules.site.ruleset_facts import Fact, Switch
from truco_rules.site.ruleset_pictures import muestra_examples, ruleset_pictures_data, vira_examples
from truco_rules.site.site_md import Ctx, esc, line_of, ruleset_page
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.catalogues import gettext, ngettext
from truco_rules.text.hand_names import hand_name
from truco_rules.text.witness_words import card_name, points

INDEX = "rulesets/index.md"
# The rows of "what it has", in order: (fact, label key); the fact's file section gives its clauses.
FACT_ROWS: tuple[tuple[str, str], ...] = (
    ("muestra", "ft_muestra"),
    ("vira", "ft_vira"),
    ("envido", "ft_envido"),
    ("flor", "ft_flor"),
    ("senas", "ft_senas"),
    ("hand_of_ten", "ft_ten"),
    ("iron_hand", "ft_iron"),
    ("covered", "ft_covered"),
    ("halves", "fact_halves"),
    ("target", "fact_target"),
    ("partidas", "fact_partidas"),
)
_MATCH_ROLE = {"halves": "halves", "target": "target", "partidas": "end"}  # the match clause of each


def fact_clauses(name: str, fact: str, readings: dict[str, str] | None = None) -> list[str]:
    """The clauses the file gives for a fact (under the given readings)."""
    rules = Rules.of(name, readings)
    data = rules.data
    if fact in ruleset_facts.READ_FACTS:  # the clauses of its register entry that the ruleset holds
        key, reading = ruleset_facts.READ_FACTS[fact]
        cat = load_catalogue()
        held = {c.id for c in cat.clauses_of(name)}
        if rules.readings.get(key) != reading:
            return []
        return [c for c in cat.ambiguity(key).clauses if c in held]
    if fact not in _MATCH_ROLE:
        return ruleset_facts.clause_ids(data.get(fact))
    clause = data["match"]["clauses"].get(_MATCH_ROLE[fact])
    return [clause] if clause and (fact != "halves" or data["match"].get("halves") is not None) else []


def index_page(ctx: Ctx) -> str:
    t = ctx.t
    out = [
        "---",
        "search:",
        "  boost: 2",
        "---",
        "",
        f"# {t('rs_all')}",
        "",
        t("rs_index_intro"),
        "",
        f"| {t('ruleset')} | {t('rs_family')} | {t('players')} | {t('rs_origin')} |",
        "|---|---|---|---|",
    ]
    for name, rs in ctx.cat.rulesets.items():
        out.append(
            f"| [{esc(ctx.ruleset_title(name), True)}]({ctx.link(INDEX, ruleset_page(name))}) "
            f"<br>`{name}` | {esc(ctx.pick(rs.family, name + ' family'), True)} | {rs.players} | "
            f"{_origin_cell(ctx, INDEX, name)} |"
        )
    return "\n".join(out) + "\n"


def _origin_cell(ctx: Ctx, here: str, name: str) -> str:
    rs = ctx.cat.rulesets[name]
    if rs.doc:
        return f"[{ctx.rulebook_label(rs.doc)}]({ctx.link(here, f'rulebooks/{rs.doc}.md')})"
    return f"**{ctx.t('published_rules')}**: " + "; ".join(ctx.publication_ref(p) for p in rs.publications)


def page(ctx: Ctx, name: str) -> str:
    """The page of one ruleset."""
    here = ruleset_page(name)
    rules = Rules.of(name)
    facts = ruleset_facts.facts(name)
    # Its name as a search tag: searching "argentino-1v1" finds this page first. No boost: a Truco
    # word ("muestra") finds its glossary entry before the pages that use it.
    out = [
        "---",
        "tags:",
        f"  - {name}",
        "---",
        "",
        f"# {esc(ctx.ruleset_title(name))}",
        "",
        f"`{name}` · {esc(ctx.ruleset_short(name))}",
        "",
    ]
    out += _origin(ctx, here, name)
    out += _features(ctx, here, name, facts)
    out += _deck(ctx, here, rules)
    out += _cards(ctx, here, rules)
    out += _ladder(ctx, here, rules)
    out += _side_bets(ctx, here, name, rules, facts)
    out += _special_hands(ctx, here, rules)
    out += _match(ctx, here, rules)
    out += _readings(ctx, here, name)
    out += _clauses(ctx, here, name)
    return "\n".join(out)


# --- where it comes from ---------------------------------------------------------------------------


def _origin(ctx: Ctx, here: str, name: str) -> list[str]:
    rs, t = ctx.cat.rulesets[name], ctx.t
    if rs.doc:
        link = ctx.link(here, f"rulebooks/{rs.doc}.md")
        return [
            f'!!! info "{t("rs_rulebook_title").format(doc=ctx.rulebook_label(rs.doc))}"',
            f"    {t('rs_rulebook_note').format(link=link)}",
            "",
        ]
    own = [c["id"] for c in rs.data.get("clauses", ())]
    note = t("rs_published_note").format(
        first=ctx.clause_link(here, own[0]), last=ctx.clause_link(here, own[-1])
    )
    out = [f'!!! warning "{t("rs_published_title")}"', f"    {note}", ""]
    for pub in rs.publications:
        out.append(f"    - {ctx.publication_ref(pub)}" + (f" ({esc(pub.note)})" if pub.note else ""))
    return [*out, ""]


# --- what it has -----------------------------------------------------------------------------------


def reading_ref(ctx: Ctx, here: str, sw: Switch) -> str:
    """`key=reading`, linked to that reading in the register."""
    amb = ctx.cat.ambiguity(sw.key)
    return ctx.ambiguity_link(here, amb.id, f"`{sw.key}={sw.reading}`").replace(
        f"#{amb.id.lower()})", f"#{amb.id.lower()}-{sw.reading})"
    )


def fact_text(ctx: Ctx, fact: str, value: Any) -> str:
    """A fact's value in words: yes / no for a feature, the points of the two halves, numbers."""
    if fact == "halves":
        return ctx.t("no") if value is None else ctx.t("halves_value").format(h=value[0], b=value[1])
    if isinstance(value, bool):
        return ctx.t("yes" if value else "no")
    return str(value)


def fact_cell(ctx: Ctx, here: str, fact: str, f: Fact) -> str:
    """A fact under the default readings, then its value under each reading that changes it."""
    parts = [fact_text(ctx, fact, f.value)]
    parts += [
        ctx.t("rs_switch").format(value=fact_text(ctx, fact, sw.value), reading=reading_ref(ctx, here, sw))
        for sw in f.switches
    ]
    return "; ".join(parts)


def _features(ctx: Ctx, here: str, name: str, facts: dict[str, Fact]) -> list[str]:
    t = ctx.t
    out = [
        f"## {t('rs_features')} {{#features}}",
        "",
        f"| {t('feature')} | | {t('clauses')} |",
        "|---|---|---|",
    ]
    ten = Rules.of(name).data.get("hand_of_ten")
    for fact, key in FACT_ROWS:
        f = facts[fact]
        readings = {} if f.value or not f.switches else {f.switches[0].key: f.switches[0].reading}
        clauses = ", ".join(ctx.clause_link(here, c) for c in fact_clauses(name, fact, readings)) or "—"
        # the special hand by the number its file gives it: the hand of ten, the mão de onze
        row = (t(key) if ten is None or fact != "hand_of_ten"
               else hand_name(int(ten["score"]), ctx.lang, capital=True))
        out.append(f"| **{row}** | {fact_cell(ctx, here, fact, f)} | {clauses} |")
    return [*out, ""]


# --- players, deck, cards, ladder ------------------------------------------------------------------


def _refs(ctx: Ctx, here: str, ids: list[str]) -> str:
    return " (" + ", ".join(ctx.clause_link(here, c) for c in dict.fromkeys(ids)) + ")" if ids else ""


def _deck(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang, data = ctx.t, ctx.lang, rules.data
    table = {2: "one_v_one", 4: "in_pairs", 6: "in_threes"}[rules.players]
    deck = rules.deck
    suit_names = data["deck"].get("suit_names") or {}
    suits = ", ".join(
        esc(ctx.pick(suit_names[s], f"suit {s}")) if s in suit_names else f"`{s}`" for s in deck.suits
    )
    example = ", ".join(f"`{c}`" for c in (deck.cards[0], deck.cards[-1]))
    out = [
        f"## {t('rs_deck')} {{#deck}}",
        "",
        t("rs_players_text").format(n=rules.players, table=t(table))
        + _refs(ctx, here, [rules.clause("players")]),
        "",
        t("rs_deck_text").format(n=len(deck.cards), ranks=", ".join(deck.ranks), suits=suits, example=example)
        + _refs(ctx, here, [rules.clause("deck")]),
    ]
    left_out = [n for n in deck.names if n not in deck.in_play]
    if left_out:
        cards = ", ".join(card_name(c, [data["deck"]], lang) for c in left_out)
        out.append(t("rs_excluded").format(cards=cards))
    out += ["", t("rs_deal").format(n=data["deal"]["cards"]) + _refs(ctx, here, [rules.clause("deal")]), ""]
    return out


def _cards(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang, name = ctx.t, ctx.lang, rules.ruleset
    groups, _ = ruleset_pictures_data(name)
    order = ruleset_facts.clause_ids(rules.data["strength"])
    out = [f"## {t('rs_cards')} {{#cards}}", "", t("rs_cards_text") + _refs(ctx, here, order), ""]
    if rules.has("muestra"):
        out += [t("rs_fixed_order"), ""]
    elif rules.has("vira"):
        out += [t("rs_fixed_order_vira"), ""]
    out += [site_pictures.card_order_svg(groups, lang, name), ""]
    if rules.has("vira"):
        return out + _vira(ctx, here, rules)
    if not rules.has("muestra"):
        return out
    m = rules.data["muestra"]
    ranks = ", ".join(str(p["rank"]) for p in m["piezas"])
    out += [
        f"### {t('rs_muestra')} {{#muestra}}",
        "",
        t("rs_muestra_text").format(ranks=ranks) + _refs(ctx, here, ruleset_facts.clause_ids(m)),
    ]
    if m.get("stand_in") is not None:
        out.append(t("rs_stand_in").format(rank=m["stand_in"]))
    out.append("")
    for example in muestra_examples(name):
        decks = [rules.data["deck"]]
        piezas = ", ".join(f"{card_name(c, decks, lang)} ({_envido_points(lang, pts)})"
                           for c, pts in example.piezas)
        out += [
            t("rs_muestra_example").format(card=card_name(example.muestra, decks, lang), piezas=piezas),
            "",
            site_pictures.muestra_svg(example, lang, name),
            "",
        ]
    return out


def _vira(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    """The vira's section: what it does, then two hands drawn with their manilhas named (PAU-n)."""
    t, lang, name = ctx.t, ctx.lang, rules.ruleset
    v, decks = rules.data["vira"], [rules.data["deck"]]
    out = [f"### {t('rs_vira')} {{#vira}}", "",
           t("rs_vira_text") + _refs(ctx, here, ruleset_facts.clause_ids(v)), ""]
    for example in vira_examples(name, lang):
        manilhas = ", ".join(f"{card_name(c, decks, lang)} ({n})" if n else card_name(c, decks, lang)
                             for c, n in example.manilhas)
        out += [t("rs_vira_example").format(card=card_name(example.vira, decks, lang), manilhas=manilhas), "",
                site_pictures.vira_svg(example, lang, name), ""]
    return out


def _envido_points(lang: str, n: int) -> str:
    return ngettext("{n} envido point", "{n} envido points", n, lang)


def _ladder(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang, name = ctx.t, ctx.lang, rules.ruleset
    truco = rules.data["truco"]
    _, steps = ruleset_pictures_data(name)
    out = [
        f"## {t('rs_ladder')} {{#ladder}}",
        "",
        t("rs_opening").format(pts=points(steps[0].value, lang))
        + _refs(ctx, here, [truco["opening"]["clause"]])
        + " "
        + t("rs_next_other" if truco["next_call"] == "other-side" else "rs_next_any"),
        "",
        site_pictures.picture("ladder", name, lang),
        "",
        f"| {t('rs_call')} | {t('rs_worth')} | {t('rs_refused')} |",
        "|---|---|---|",
    ]
    for step in steps[1:]:
        call = step.names.get(lang) or ctx.pick(step.names, f"{name} call")
        out.append(
            f"| {esc(call, True)} | {points(step.value, lang)} | {points(step.refusal_payout or 0, lang)} |"
        )
    return [
        *out,
        "",
        *_how_played(ctx, here, rules, LADDER_READINGS),
        t("clauses") + ": " + ", ".join(ctx.clause_link(here, c) for c in ruleset_facts.clause_ids(truco)),
        "",
    ]


# --- how a section is played: the ruleset's readings of the register -----------------------------

# The register entries that say how a part of the game is played, with the words that introduce
# each on the ruleset's page: (label key, register key). A ruleset the entry does not concern
# (no default reading) shows nothing for it.
LADDER_READINGS = (("rs_r_responder", "bet-responder"),)
TEN_READINGS = (("rs_r_ten_call", "ten-call"), ("rs_r_ten_truco", "ten-truco"),
                ("rs_r_ten_choice", "ten-choice"))
IRON_READINGS = (("rs_r_iron_hand", "iron-hand"), ("rs_r_iron_blind", "iron-blind"),
                 ("rs_r_iron_cards", "iron-cards"))
ENVIDO_READINGS = (("rs_r_window", "side-bet-window"), ("rs_r_envido_first", "envido-first"))
FLOR_READINGS = (("rs_r_flor_optional", "flor-optional"), ("rs_r_flor_over_envido", "flor-over-envido"))


def _reading_here(ctx: Ctx, here: str, rules: Rules, key: str) -> str:
    """"AMB-n `key=reading`" of this ruleset, linked to that reading in the register."""
    reading = rules.reading(key)
    assert reading is not None
    return f"{ctx.cat.ambiguity(key).id} {reading_ref(ctx, here, Switch(key, reading, None))}"


def _how_played(ctx: Ctx, here: str, rules: Rules, entries: tuple[tuple[str, str], ...],
                extra: tuple[str, ...] = ()) -> list[str]:
    """A list of the ruleset's readings that say how this part is played, each in the register's
    words (its summary), then any further sentences; nothing if no entry concerns the ruleset."""
    out = []
    for label_key, key in entries:
        reading = rules.reading(key)
        if reading is None:
            continue
        amb = ctx.cat.ambiguity(key)
        summary = _summary(ctx, rules, amb, reading)
        what = ruleset_words.how_label(key, rules, ctx.lang) or ctx.t(label_key)
        out.append(f"- **{what}** ({_reading_here(ctx, here, rules, key)}): "
                   f"{ctx.linked(here, summary)}")
    out += [f"- {sentence}" for sentence in extra]
    return [f"*{ctx.t('rs_how_played')}*", "", *out, ""] if out else []


def _summary(ctx: Ctx, rules: Rules, amb: Any, reading: str) -> str:
    """A reading's summary: in the ruleset's own numbers where the register words it in the
    rulebooks' (ruleset_words), the register's words otherwise."""
    return (ruleset_words.summary(amb.key, reading, rules, ctx.lang)
            or ctx.pick(amb.reading(reading).summary, f"{amb.id} {reading} summary"))


def _first_answer(ctx: Ctx, here: str, rules: Rules, flor: bool) -> list[str]:
    """Whether a player holding flor who is asked about truco may sing it first (AMB-29 envido-first,
    AMB-23 side-bet-window), and in pairs which seat may go first (AMB-16 bet-responder): said for
    the ruleset's own readings. (For envido, AMB-29's own summary says the first part.)"""
    first = rules.reading("envido-first")
    if first is None:
        return []
    link = _reading_here(ctx, here, rules, "envido-first")
    out = []
    if flor and first == "envido-first":
        out.append(ctx.t("rs_flor_goes_first").format(reading=link))
    elif flor:
        window = _reading_here(ctx, here, rules, "side-bet-window")
        out.append(ctx.t("rs_flor_closed_by_truco").format(reading=link, window=window))
    if rules.players == 4 and rules.reading("bet-responder") is not None:
        responder = _reading_here(ctx, here, rules, "bet-responder")
        if first == "envido-first":
            out.append(ctx.t("rs_first_in_pairs").format(responder=responder))
        else:
            amb = ctx.cat.ambiguity("envido-first")
            other = f"{amb.id} {reading_ref(ctx, here, Switch(amb.key, 'envido-first', None))}"
            out.append(ctx.t("rs_first_in_pairs_if").format(reading=other, responder=responder))
    return [" ".join(out)] if out else []


# --- envido, flor, señas -----------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _call_name(call: str) -> str:
    return call.replace("-", " ")


def _side_bets(ctx: Ctx, here: str, name: str, rules: Rules, facts: dict[str, Fact]) -> list[str]:
    out: list[str] = []
    for section, heading in (("envido", "f_ENV"), ("flor", "f_FLR"), ("senas", "f_SEN")):
        f = facts[section]
        if f.value:
            shown, lead = rules, []
        elif f.switches:  # off by default: shown as the reading that switches it on has it
            sw = f.switches[0]
            shown = Rules.of(name, {sw.key: sw.reading})
            how = ctx.t("rs_with_reading").format(reading=reading_ref(ctx, here, sw))
            lead = [ctx.t("rs_off_by_default").format(how=how), ""]
        else:
            continue
        out += [f"## {ctx.t(heading)} {{#{section}}}", "", *lead]
        out += {"envido": _envido, "flor": _flor, "senas": _senas}[section](ctx, here, shown)
    return out


def _envido(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, env = ctx.t, rules.data["envido"]
    values = env["values"]
    out = [
        f"| {t('rs_env_card')} | " + " | ".join(esc(str(r), True) for r in values) + " |",
        "|---|" + "---|" * len(values),
        f"| {t('rs_env_points')} | " + " | ".join(str(v) for v in values.values()) + " |",
        "",
        t("rs_pair_bonus").format(n=env["pair_bonus"]),
        "",
        f"| {t('rs_call')} | {t('rs_stake')} | {t('rs_answered')} |",
        "|---|---|---|",
    ]
    for call, spec in env["calls"].items():
        stake = t("rs_falta") if spec["stake"] == "falta" else points(int(spec["stake"]), ctx.lang)
        if spec.get("times"):
            stake += f" ({t('rs_times').format(n=spec['times'])})"
        then = ", ".join(_call_name(c) for c in spec["then"]) or "—"
        out.append(f"| {_call_name(call)} | {stake} | {then} |")
    return [
        *out,
        "",
        *_how_played(ctx, here, rules, ENVIDO_READINGS, tuple(_first_answer(ctx, here, rules, flor=False))),
        t("clauses") + ": " + ", ".join(ctx.clause_link(here, c) for c in ruleset_facts.clause_ids(env)),
        "",
    ]


def _flor(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang, flor = ctx.t, ctx.lang, rules.data["flor"]
    accepted = ", ".join(points(int(n), lang) for n in flor["accepted"])
    out = [t("rs_flor_text").format(stake=points(int(flor["stake"]), lang), accepted=accepted)]
    if flor.get("partner_raise"):
        out.append(t("rs_flor_partner").format(pts=points(int(flor["partner_raise"]), lang)))
    return [
        " ".join(out),
        "",
        *_how_played(ctx, here, rules, FLOR_READINGS, tuple(_first_answer(ctx, here, rules, flor=True))),
        t("clauses") + ": " + ", ".join(ctx.clause_link(here, c) for c in ruleset_facts.clause_ids(flor)),
        "",
    ]


def _senas(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    out = []
    for sign, spec in rules.data["senas"].items():
        if "below" in spec:
            text = ctx.t("rs_sign_below").format(name=sign, rank=spec["below"])
        else:
            a, b = spec["envido"]
            text = ctx.t("rs_sign_envido").format(name=sign, a=a, b=b)
        out.append(f"- {text}{_refs(ctx, here, [spec['clause']])}")
    return [*out, ""]


# --- hand of ten, iron hand, the match ---------------------------------------------------------------


def _prose(ctx: Ctx, here: str, heading: str, anchor: str, text: list[str], part: Any) -> list[str]:
    """A section in sentences, followed by the clauses its part of the file cites."""
    return [
        f"## {heading} {{#{anchor}}}",
        "",
        " ".join(text) + _refs(ctx, here, ruleset_facts.clause_ids(part)),
        "",
    ]


def _special_hands(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang = ctx.t, ctx.lang
    out: list[str] = []
    if rules.has("hand_of_ten"):
        ten = rules.data["hand_of_ten"]
        text = [t("rs_ten_text").format(score=ten["score"], pts=points(int(ten["value"]), lang))]
        if ten.get("decline_payout") is not None:
            text.append(t("rs_ten_decline").format(pts=points(int(ten["decline_payout"]), lang)))
        if ten.get("partners_see"):
            text.append(gettext("The partners of the side at {score} see each other's cards.", lang,
                                score=ten["score"]))
        heading = hand_name(int(ten["score"]), lang, capital=True)
        out += _prose(ctx, here, heading, "hand-of-ten", text, ten)
        out += _how_played(ctx, here, rules, TEN_READINGS)
    if rules.has("iron_hand"):
        iron = rules.data["iron_hand"]
        text = [t("rs_iron_text").format(score=iron["score"])]
        if iron.get("decides_match"):
            text.append(t("rs_iron_decides"))
        out += _prose(ctx, here, t("f_IRN"), "iron-hand", text, iron)
        out += _how_played(ctx, here, rules, IRON_READINGS)
    return out


def _match(ctx: Ctx, here: str, rules: Rules) -> list[str]:
    t, lang, match = ctx.t, ctx.lang, rules.data["match"]
    target, halves, partidas = int(match["target"]), match.get("halves"), int(match["partidas"])
    text = [t("rs_target").format(pts=points(target, lang))]
    if halves is not None:
        text.append(t("rs_halves").format(h=halves, b=target - halves))
    text.append(ngettext("One partida wins the match.", "A side that wins {n} partidas wins the match.",
                         partidas, lang))
    return _prose(ctx, here, t("rs_match"), "match", text, match)


# --- readings and clauses ----------------------------------------------------------------------------


def _readings(ctx: Ctx, here: str, name: str) -> list[str]:
    t = ctx.t
    rules = Rules.of(name)
    out = [f"## {t('rs_readings')} {{#readings}}", "", t("rs_readings_intro"), ""]
    for amb in ctx.cat.ambiguities_of(name):
        default = amb.defaults[name]
        reading = amb.reading(default)
        link = ctx.link(here, "ambiguities.md", f"{amb.id.lower()}-{default}")
        why = ctx.linked(here, ctx.pick(amb.rationale[name], f"{amb.id} rationale {name}"))
        stated = rules.reading_clause(amb.key)
        asked = (ruleset_words.question(amb.key, rules, ctx.lang)
                 or ctx.pick(amb.question, amb.id + " question"))
        out += [
            f"- {ctx.ambiguity_link(here, amb.id)} · {esc(asked)}  ",
            f"  **[{ctx.reading_label(amb, default)}]({link})** `{amb.key}={default}`: "
            f"{ctx.linked(here, _summary(ctx, rules, amb, default))}  ",
            f"  *{t('rationale')}:* {why}"
            + (" " + t("rs_stated_by").format(clause=ctx.clause_link(here, stated)) if stated else ""),
        ]
        for words in reading.published:
            out[-1] += "  "
            out.append(
                f"  *{_cap(t('published_rules'))}:* «{esc(words.words)}» — {ctx.publication_ref(words)}"
            )
    return [*out, ""]


def _clauses(ctx: Ctx, here: str, name: str) -> list[str]:
    t = ctx.t
    out = [
        f"## {t('rs_clauses')} {{#clauses}}",
        "",
        t("rs_clauses_intro"),
        "",
        f"| {t('clause')} | {t('title')} | {t('sources')} |",
        "|---|---|---|",
    ]
    for c in ctx.cat.clauses_of(name):
        out.append(
            f"| {ctx.clause_link(here, c.id)} | {esc(ctx.pick(c.title, c.id + ' title'), True)} | "
            f"{clause_source(ctx, here, c, name)} |"
        )
    return [*out, ""]


def clause_source(ctx: Ctx, here: str, c: Any, name: str) -> str:
    """Where a clause of the ruleset comes from, for that ruleset: its publication, the publication
    that states an adopted clause for it, or the lines of its rulebook that it quotes."""
    if c.published:
        pub, section = c.published
        return "; ".join([ctx.publication_ref(pub, section),
                          *(ctx.publication_ref(a.publication, a.section) for a in c.also_published)])
    if name in c.adopted:
        return f"{ctx.t('rs_adopted')} {ctx.publication_ref(c.adopted[name])}"
    doc = ctx.cat.rulesets[name].doc
    quotes = [q for q in c.sources if q.doc == doc] or list(c.sources)
    return "; ".join(
        ctx.source_link(here, q.doc, *line_of(ctx.cat.sources[q.doc].text, q.quote)) for q in quotes
    )
