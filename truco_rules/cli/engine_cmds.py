"""Commands over the reference engine: `play` and `simulate` (and `bench`, from bench_cmds).

The engine and rich are imported inside the commands so that `truco --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import click

from truco_rules.cli.errors import INTERRUPTED, cannot_write, fail, interrupted
from truco_rules.cli.options import lang_option, reading_option, readings_for, ruleset_options, rulesets_from
from truco_rules.text.catalogues import gettext, translate


def _one_ruleset(ruleset: str | None, ruleset_files: tuple[str, ...]) -> str:
    names = rulesets_from(ruleset, ruleset_files, required=True)
    if len(names) > 1:
        fail(f"one ruleset only, not {', '.join(names)}")
    return names[0]


def _new_game(ruleset: str, seed: int | None, readings: dict[str, str]) -> Any:
    from truco_rules.engine import ConfigurationError, Game

    try:
        return Game.new(ruleset, seed=seed, readings=readings)
    except ConfigurationError as exc:
        fail(str(exc))


def play_match(game: Any, bots: dict[int, Any]) -> Any:
    """Play `game` to its end, each seat choosing with its bot; returns the game."""
    while (seat := game.to_act) is not None:
        game.push(bots[seat].choose(game))
    return game


# ------------------------------------------------------------------ play

def _show(console: Any, game: Any, seat: int, lang: str) -> None:
    from truco_rules.cli.play_words import SIGN_SEEN, action_words, card_words, who
    from truco_rules.engine.actions import Action, raise_to

    obs = game.observation(seat)
    score = obs["score"]
    data = game.config.ruleset.data
    console.print("[bold]" + gettext("hand {n}", lang, n=obs["hand_number"]) + "[/] "
                  + gettext("worth {pts}; score: you {ours}, them {theirs}", lang, pts=obs["hand_value"],
                            ours=score[seat & 1], theirs=score[(seat + 1) & 1]))
    if obs.get("muestra"):  # the card turned up: the vira (PAU-2) or the muestra (URU-2), by its name
        card = f"{obs['muestra']} ({card_words(obs['muestra'], data, lang)})"
        console.print(gettext("vira: {card}", lang, card=card) if data.get("vira")
                      else gettext("muestra: {card}", lang, card=card))
    cards = [f"#{c['slot']}" if c["card"] is None else f"{c['card']} ({card_words(c['card'], data, lang)})"
             for c in obs["hand"]]
    console.print(gettext("your cards: {cards}", lang, cards=", ".join(cards) or "-")
                  + ("  " + gettext("(blind hand)", lang) if obs["blind"] else ""))
    if obs.get("partner_cards"):
        console.print(gettext("your partner's cards: {cards}", lang, cards=" ".join(obs["partner_cards"])))

    def plays(cards: list[dict[str, Any]]) -> str:
        return ", ".join(f"{who(p['seat'], seat, lang)} {p['card'] or gettext('covered', lang)}"
                         for p in cards)

    for number, done in enumerate(obs["rounds"], start=1):
        console.print(gettext("round {n}: {plays}; {winner}", lang, n=number, plays=plays(done["plays"]),
                              winner=_round_winner(done["result"], seat, lang)))
    console.print(gettext("table: {plays}", lang, plays=plays(obs["table"]) or gettext("empty", lang)))
    pending = obs["pending"]
    if pending:
        by = who(pending["by"], seat, lang) if "by" in pending else ""
        if pending["kind"] == "truco":
            call = action_words(raise_to(pending["value"]), data, lang)
            console.print(gettext("{who} called {call}", lang, who=by, call=call))
        elif pending["kind"] == "envido":
            chain = ", ".join(action_words(Action.parse(c), data, lang) for c in pending["chain"])
            console.print(gettext("{who} called {call}", lang, who=by, call=chain))
        elif pending["kind"] == "ten-choice":
            console.print(action_words(Action.parse("ten-play"), data, lang) + "?")
        else:
            console.print(gettext("{who} called {call}", lang, who=by,
                                  call=action_words(Action.parse(pending["kind"]), data, lang)))
    for sign in obs.get("signs", []):
        seen = SIGN_SEEN.get(sign["sign"])
        console.print(translate(seen, lang) if seen
                      else gettext("your partner signs {sign}", lang, sign=sign["sign"]))


def _round_winner(result: Any, seat: int, lang: str) -> str:
    if result == "tie":
        return gettext("a tie", lang)
    return gettext("your side wins it", lang) if result == seat & 1 else gettext("they win it", lang)


def _tell_finished_hands(console: Any, game: Any, seat: int, told: int, lang: str) -> int:
    """Print the result of every hand finished since the last call; return how many are told."""
    hands = game.record()["hands"]
    for hand in hands[told:]:
        result = hand["result"]
        if result["winner"] is None:
            outcome = gettext("nobody scores", lang)
        elif result["winner"] == seat & 1:
            outcome = gettext("your side scores {pts}", lang, pts=result["points"])
        else:
            outcome = gettext("they score {pts}", lang, pts=result["points"])
        rounds = ", ".join(_round_winner(r, seat, lang) for r in result["rounds"])
        def side(number: int) -> str:
            return gettext("your side", lang) if number == seat & 1 else gettext("them", lang)

        extra = "".join("; " + gettext("{contest}: {pts} to {side}", lang, contest=s["contest"],
                                       pts=s["points"], side=side(s["side"]))
                        for s in result.get("side_points", []))
        ours, theirs = result["score"][seat & 1], result["score"][(seat + 1) & 1]
        console.print("[bold]" + gettext("hand {n} over", lang, n=hand["number"]) + "[/]: "
                      + gettext("rounds: {rounds}; {outcome}{extra}; score: you {ours}, them {theirs}", lang,
                                rounds=rounds or "-", outcome=outcome, extra=extra, ours=ours, theirs=theirs))
    return len(hands)


class _Contests:
    """Tells each envido and flor out loud as it is settled: who had how many points, who scores."""

    def __init__(self, game: Any, seat: int, lang: str) -> None:
        self.game, self.seat, self.lang = game, seat, lang
        self.hand, self.told, self.last_answer = 0, 0, ""

    def note(self, action: Any) -> None:
        if action.kind in ("accept", "run"):
            self.last_answer = action.kind

    def tell(self, console: Any) -> None:
        from truco_rules.cli.play_words import settled

        game = self.game
        obs = game.observation(self.seat)
        if obs["hand_number"] != self.hand:
            self.hand, self.told = obs["hand_number"], 0
        points = obs.get("side_points") or []
        for s in points[self.told:]:
            hand = game.hand
            tantos: dict[int, int | None] = {}
            if s["contest"] == "envido" and len(hand.env_pts) == game.config.n:  # ENV-4: each seat's points
                tantos = dict(enumerate(hand.env_pts))
            elif s["contest"] == "flor" and len(hand.flor_pts) == game.config.n:  # FLR-5: who holds flor
                tantos = dict(enumerate(hand.flor_pts))
            console.print(settled(s["contest"], s["side"], s["points"], self.last_answer == "accept", tantos,
                                  self.seat, game.config.n, self.lang))
        self.told = len(points)


def _refusal(game: Any, action: Any, exc: Any, lang: str) -> str:
    """"not allowed now", and the rule that forbids it in words: its clause's text, and the
    register's reading where the refusal comes from one (`key=reading (AMB-n)` in its reason)."""
    import re

    from rich.markup import escape

    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    cat = load_catalogue()
    clause = cat.clauses.get(exc.clause) if getattr(exc, "clause", None) else None
    if clause is None:
        return "[red]" + gettext("not allowed now", lang) + "[/]"
    words = [f"[{clause.id}] " + (clause.text.get(lang) or clause.text.get("en", ""))]
    found = re.search(r"([a-z0-9-]+)=([a-z0-9-]+) \((AMB-\d+)\)", str(exc))
    if found:
        try:
            reading = cat.ambiguity(found.group(1)).reading(found.group(2))
            summary = reading.summary.get(lang) or reading.summary.get("en", "")
            words.append(f"[{found.group(3)}] {summary}")
        except UnknownNameError:
            pass
    return "[red]" + gettext("not allowed now", lang) + ":[/] " + escape(" ".join(words))


def _legal_line(legal: list[Any], data: Any, lang: str) -> str:
    from truco_rules.cli.play_words import action_words

    return "  ".join(f"[{i}] {action_words(a, data, lang)}" for i, a in enumerate(legal, 1))


def _help(console: Any, legal: list[Any], data: Any, lang: str) -> None:
    """What the player may type now: each action's number, and the words for it in the language."""
    from rich.markup import escape

    from truco_rules.cli.play_words import action_words, ways_to_say

    console.print(gettext("Type the number of an action, or what you would say at the table:", lang))
    for i, a in enumerate(legal, 1):
        ways = ", ".join(f"“{w}”" for w in ways_to_say(a, data, lang))
        console.print(escape(f"  {i}  {action_words(a, data, lang)}" + (f"  {ways}" if ways else "")))


@click.command("play")
@ruleset_options(help="The ruleset to play.")
@click.option("--seed", type=int, default=None, help="Seed of the shuffle (same seed, same deals).")
@click.option("--seat", type=int, default=0, show_default=True, help="The seat you play.")
@reading_option()
@click.option("--bot", type=click.Choice(["random", "simple"]), default="simple", show_default=True)
@lang_option(help="The language of the game.")
def play_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], seed: int | None, seat: int,
             readings: tuple[tuple[str, str], ...], bot: str, lang: str) -> None:
    """Play a match in the terminal against the engine's bots.

    Type what you would say at the table, in any of the four languages (quiero, no quiero, desce,
    corro, truco, retruco, seis, envido, falta, flor, me voy al mazo...), a card by its code or its
    name (3C, 3 de paus, tres de bastos), the number of an action in the list, or ? for the actions
    possible now."""
    from rich.console import Console

    from truco_rules.cli.play_words import card_order, card_words, is_help, missing_feature, read_answer, said
    from truco_rules.engine import IllegalActionError, InvalidActionError
    from truco_rules.engine.bots import BOTS

    ruleset = _one_ruleset(ruleset, ruleset_files)
    game = _new_game(ruleset, seed, readings_for(ruleset, readings))
    n = game.config.n
    if not 0 <= seat < n:
        fail(f"--seat must be 0..{n - 1} in {ruleset}")
    data = game.config.ruleset.data
    title = (data.get("family") or {}).get(lang) or ruleset
    console = Console(highlight=False)
    bots: dict[int, Any] = {s: BOTS[bot](None if seed is None else seed + s) for s in range(n) if s != seat}
    console.print(gettext("{ruleset}: you play against the engine; type ? for help, Ctrl-C or Ctrl-D quits.",
                          lang, ruleset=ruleset))
    hands_told = 0
    legend_for = 0
    contests = _Contests(game, seat, lang)
    try:
        while (turn := game.to_act) is not None:
            hands_told = _tell_finished_hands(console, game, seat, hands_told, lang)
            obs = game.observation(seat)
            if obs["hand_number"] != legend_for:
                legend_for = obs["hand_number"]
                console.print(card_order(game.config.deck, obs.get("muestra"), lang))
            if turn != seat:
                action = bots[turn].choose(game)
                game.push(action)
                contests.note(action)
                console.print(said(action, turn, seat, n, data, lang))
                contests.tell(console)
                continue
            _show(console, game, seat, lang)
            legal = list(game.legal_actions())
            console.print(_legal_line(legal, data, lang))
            answer = click.prompt(gettext("your move", lang), prompt_suffix="> ").strip()
            if is_help(answer):
                _help(console, legal, data, lang)
                continue
            reading = read_answer(answer, legal, game)
            if reading.action is None:  # words the game does not know, told apart from a refused move
                console.print("[red]" + gettext("not understood", lang) + ":[/] "
                              + (gettext("choose 1 to {n}", lang, n=len(legal)) if reading.out_of_range
                                 else gettext("type ? for the actions possible now", lang)))
                continue
            lacking = missing_feature(reading.action, data, title, lang)
            if lacking is not None:
                console.print("[red]" + gettext("not in this game", lang) + ":[/] " + lacking)
                continue
            card = reading.action.arg if reading.action.kind in ("play", "cover") else None
            if card is not None and reading.action.slot is None and card not in {
                    c["card"] for c in game.observation(seat)["hand"]}:  # DEAL-1: only the cards dealt
                held = card_words(str(card), data, lang)
                console.print("[red]" + gettext("not allowed now", lang) + ":[/] "
                              + gettext("you do not hold {card}", lang, card=held))
                continue
            try:
                game.push(reading.action)
            except IllegalActionError as exc:  # the rule that forbids it, in words
                console.print(_refusal(game, reading.action, exc, lang))
                continue
            except InvalidActionError:
                console.print("[red]" + gettext("not understood", lang) + ":[/] "
                              + gettext("type ? for the actions possible now", lang))
                continue
            contests.note(reading.action)
            contests.tell(console)
    except (click.Abort, EOFError, KeyboardInterrupt) as exc:
        console.print("\n" + gettext("bye", lang))
        if interrupted(exc):  # Ctrl-D ends the game normally; Ctrl-C exits as an interrupted command
            sys.exit(INTERRUPTED)
        return
    _tell_finished_hands(console, game, seat, hands_told, lang)
    out = game.outcome()
    ours, theirs = out.score[seat & 1], out.score[(seat + 1) & 1]
    console.print(gettext("match over: you win, {ours} to {theirs}", lang, ours=ours, theirs=theirs)
                  if out.winner == seat & 1 else
                  gettext("match over: they win, {theirs} to {ours}", lang, ours=ours, theirs=theirs))


# ------------------------------------------------------------------ simulate

@click.command("simulate")
@ruleset_options(help="The ruleset to play.")
@click.option("--games", "-n", type=click.IntRange(min=0), required=True, help="How many matches.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first match.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="JSON Lines file to write (stdout if omitted).")
@click.option("--bot", type=click.Choice(["random", "simple"]), default="random", show_default=True)
@reading_option()
def simulate_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], games: int, seed: int,
                 out_path: str | None, bot: str, readings: tuple[tuple[str, str], ...]) -> None:
    """Play matches between bots and write their records (truco-record/1), one per line."""
    from truco_rules.engine.bots import BOTS

    ruleset = _one_ruleset(ruleset, ruleset_files)
    reading_map = readings_for(ruleset, readings)
    _new_game(ruleset, seed, reading_map)  # validates the names before any output

    def records() -> Iterator[str]:
        for i in range(games):
            game = _new_game(ruleset, seed + i, reading_map)
            bots = {s: BOTS[bot](seed * 7919 + i * 4 + s) for s in range(game.config.n)}
            yield json.dumps(play_match(game, bots).record(), separators=(",", ":"))

    if out_path is None:
        for line in records():
            click.echo(line)
        return
    from rich.console import Console
    from rich.progress import Progress

    from truco_rules.spec.files import atomic_writer

    try:  # the whole set of records or the file as it was, never part of it
        with atomic_writer(out_path) as fh, \
                Progress(console=Console(file=sys.stderr), transient=True) as progress:
            task = progress.add_task(f"{ruleset}", total=games)
            for line in records():
                fh.write(line + "\n")
                progress.advance(task)
    except OSError as exc:  # a missing folder, a directory, a full disk: not a traceback
        cannot_write(out_path, exc)
    click.echo(f"wrote {games} records to {out_path}", err=True)


def register(group: click.Group) -> None:
    """Add the engine's commands to the `truco` group."""
    group.add_command(play_cmd)
    group.add_command(simulate_cmd)
    from truco_rules.cli.bench_cmds import bench_cmd

    group.add_command(bench_cmd)
