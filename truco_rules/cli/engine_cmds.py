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
    from truco_rules.cli.play_words import SIGN_MEANS, action_words, who
    from truco_rules.engine.actions import Action, raise_to

    obs = game.observation(seat)
    score = obs["score"]
    data = game.config.ruleset.data
    console.print("[bold]" + gettext("hand {n}", lang, n=obs["hand_number"]) + "[/] "
                  + gettext("worth {pts}; score: you {ours}, them {theirs}", lang, pts=obs["hand_value"],
                            ours=score[seat & 1], theirs=score[(seat + 1) & 1]))
    if obs.get("muestra"):
        console.print(gettext("muestra: {card}", lang, card=obs["muestra"]))
    cards = [f"#{c['slot']}" if c["card"] is None else c["card"] for c in obs["hand"]]
    console.print(gettext("your cards: {cards}", lang, cards=" ".join(cards) or "-")
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
        else:
            console.print(gettext("{who} called {call}", lang, who=by,
                                  call=action_words(Action.parse(pending["kind"]), data, lang)
                                  if pending["kind"] != "ten-choice" else gettext("hand of ten", lang)))
    for sign in obs.get("signs", []):
        means = SIGN_MEANS.get(sign["sign"])
        console.print(gettext("your partner signs {sign}", lang, sign=sign["sign"])
                      + (": " + translate(means, lang) if means else ""))


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


def _clause_words(clause_id: str, lang: str) -> str:
    from rich.markup import escape

    from truco_rules.spec.catalogue import load_catalogue

    clause = load_catalogue().clauses.get(clause_id)
    title = clause.title.get(lang) or clause.title.get("en", "") if clause is not None else ""
    return escape(f"[{clause_id}] {title}".strip())


def _legal_line(legal: list[Any], data: Any, lang: str) -> str:
    from truco_rules.cli.play_words import action_words

    return "  ".join(f"[{i}] {action_words(a, data, lang)}" for i, a in enumerate(legal, 1))


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

    Type a call as the players say it (truco, retruco, envido, quiero, no quiero...), the number
    of an action in the list, or ? for the actions possible now."""
    from rich.console import Console

    from truco_rules.cli.play_words import action_words, card_order, is_help, read_answer, who
    from truco_rules.engine import IllegalActionError, InvalidActionError
    from truco_rules.engine.bots import BOTS

    ruleset = _one_ruleset(ruleset, ruleset_files)
    game = _new_game(ruleset, seed, readings_for(ruleset, readings))
    n = game.config.n
    if not 0 <= seat < n:
        fail(f"--seat must be 0..{n - 1} in {ruleset}")
    data = game.config.ruleset.data
    console = Console(highlight=False)
    bots: dict[int, Any] = {s: BOTS[bot](None if seed is None else seed + s) for s in range(n) if s != seat}
    console.print(gettext("{ruleset}: you play against the engine; type ? for help, Ctrl-C or Ctrl-D quits.",
                          lang, ruleset=ruleset))
    hands_told = 0
    legend_for = 0
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
                console.print(f"{who(turn, seat, lang)}: {action_words(action, data, lang)}")
                continue
            _show(console, game, seat, lang)
            legal = list(game.legal_actions())
            console.print(_legal_line(legal, data, lang))
            answer = click.prompt(gettext("your move", lang), prompt_suffix="> ").strip()
            if is_help(answer):
                console.print(gettext("Type the number of an action, or its words:", lang))
                for i, a in enumerate(legal, 1):
                    console.print(f"  {i}  {action_words(a, data, lang)}  ({a.text})")
                continue
            chosen: Any = read_answer(answer, legal, data)
            if chosen is None:
                if answer.isdigit():
                    console.print(gettext("choose 1 to {n}", lang, n=len(legal)))
                    continue
                chosen = answer
            try:
                game.push(chosen)
            except IllegalActionError as exc:  # the forbidding clause, by its title
                console.print("[red]" + gettext("refused", lang) + ":[/] " + _clause_words(exc.clause, lang))
            except InvalidActionError:
                console.print("[red]" + gettext("not an action now", lang) + ":[/] "
                              + gettext("type ? for the actions possible now", lang))
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
