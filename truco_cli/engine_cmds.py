"""Commands over the reference engine: `play` and `simulate` (and `bench`, from bench_cmds).

The engine and rich are imported inside the commands so that `truco --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import click

from truco_cli.errors import INTERRUPTED, cannot_write, fail, interrupted
from truco_cli.options import reading_option, readings_for, ruleset_options, rulesets_from


def _one_ruleset(ruleset: str | None, ruleset_files: tuple[str, ...]) -> str:
    names = rulesets_from(ruleset, ruleset_files, required=True)
    if len(names) > 1:
        fail(f"one ruleset only, not {', '.join(names)}")
    return names[0]


def _new_game(ruleset: str, seed: int | None, readings: dict[str, str]) -> Any:
    from engine import ConfigurationError, Game

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

def _show(console: Any, game: Any, seat: int) -> None:
    obs = game.observation(seat)
    score = obs["score"]
    console.print(f"[bold]hand {obs['hand_number']}[/] ({obs['hand_kind']}, worth {obs['hand_value']}) "
                  f"score: you {score[seat & 1]} - them {score[(seat + 1) & 1]}"
                  + (f"  partidas {obs['partidas']}" if obs["partidas"] else ""))
    cards = [f"#{c['slot']}" if c["card"] is None else c["card"] for c in obs["hand"]]
    console.print(f"your cards: {' '.join(cards) or '-'}" + ("  (blind hand)" if obs["blind"] else ""))
    if obs.get("partner_cards"):
        console.print(f"partner's cards: {' '.join(obs['partner_cards'])}")
    def plays(cards: list[dict[str, Any]]) -> str:
        return ", ".join(f"{'you' if p['seat'] == seat else 'seat ' + str(p['seat'])} "
                         f"{p['card'] or 'covered'}" for p in cards)

    def won_by(result: Any) -> str:
        return "tie" if result == "tie" else ("your side" if result == seat & 1 else "their side")

    for number, done in enumerate(obs["rounds"], start=1):
        console.print(f"round {number}: {plays(done['plays'])} -> {won_by(done['result'])}")
    console.print(f"table: {plays(obs['table']) or 'empty'}")
    pending = obs["pending"]
    if pending:
        details = ", ".join(f"{k} {v}" for k, v in pending.items() if k != "kind")
        console.print(f"pending {pending['kind']}: {details}")
    for sign in obs.get("signs", []):
        console.print(f"your partner signs: {sign['sign']}")


def _tell_finished_hands(console: Any, game: Any, seat: int, told: int) -> int:
    """Print the result of every hand finished since the last call; return how many are told."""
    hands = game.record()["hands"]
    for hand in hands[told:]:
        result = hand["result"]
        if result["winner"] is None:
            outcome = "nobody scores"
        else:
            who = "your side" if result["winner"] == seat & 1 else "their side"
            outcome = f"{who} scores {result['points']}"
        extra = "".join(f", {s['contest']} {s['points']} to side {s['side']}"
                        for s in result.get("side_points", []))
        console.print(f"[bold]hand {hand['number']} over[/]: rounds {result['rounds']}, {outcome}{extra}; "
                      f"score {result['score'][0]}-{result['score'][1]}")
    return len(hands)


@click.command("play")
@ruleset_options(help="The ruleset to play (see `truco clauses`).")
@click.option("--seed", type=int, default=None, help="Seed of the shuffle (same seed, same deals).")
@click.option("--seat", type=int, default=0, show_default=True, help="The seat you play.")
@reading_option()
@click.option("--bot", type=click.Choice(["random", "simple"]), default="simple", show_default=True)
def play_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], seed: int | None, seat: int,
             readings: tuple[tuple[str, str], ...], bot: str) -> None:
    """Play a match in the terminal against the engine's bots."""
    from rich.console import Console

    from engine import IllegalActionError, InvalidActionError
    from engine.bots import BOTS

    ruleset = _one_ruleset(ruleset, ruleset_files)
    game = _new_game(ruleset, seed, readings_for(ruleset, readings))
    n = game.config.n
    if not 0 <= seat < n:
        fail(f"--seat must be 0..{n - 1} in {ruleset}")
    console = Console(highlight=False)
    bots: dict[int, Any] = {s: BOTS[bot](None if seed is None else seed + s) for s in range(n) if s != seat}
    console.print(f"{ruleset}: you are seat {seat} (side {seat & 1}); Ctrl-C or Ctrl-D quits.")
    hands_told = 0
    try:
        while (who := game.to_act) is not None:
            hands_told = _tell_finished_hands(console, game, seat, hands_told)
            if who != seat:
                action = bots[who].choose(game)
                game.push(action)
                console.print(f"seat {who}: {action.text}")
                continue
            _show(console, game, seat)
            legal = game.legal_actions()
            console.print("  ".join(f"[{i}] {a.text}" for i, a in enumerate(legal, 1)))
            answer = click.prompt("your move (number or action)", prompt_suffix="> ").strip()
            chosen: Any = answer
            if answer.isdigit():
                if not 1 <= int(answer) <= len(legal):
                    console.print(f"choose 1..{len(legal)}")
                    continue
                chosen = legal[int(answer) - 1]
            try:
                game.push(chosen)
            except IllegalActionError as exc:
                console.print(f"[red]refused:[/] {exc}")
            except InvalidActionError as exc:
                console.print(f"[red]not an action:[/] {exc}")
    except (click.Abort, EOFError, KeyboardInterrupt) as exc:
        console.print("\nbye")
        if interrupted(exc):  # Ctrl-D ends the game normally; Ctrl-C exits as an interrupted command
            sys.exit(INTERRUPTED)
        return
    _tell_finished_hands(console, game, seat, hands_told)
    out = game.outcome()
    console.print(f"match over: side {out.winner} wins, score {out.score[0]}-{out.score[1]}"
                  + (" - you win!" if out.winner == seat & 1 else ""))


# ------------------------------------------------------------------ simulate

@click.command("simulate")
@ruleset_options(help="The ruleset to play (see `truco clauses`).")
@click.option("--games", "-n", type=click.IntRange(min=0), required=True, help="How many matches.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first match.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="JSON Lines file to write (stdout if omitted).")
@click.option("--bot", type=click.Choice(["random", "simple"]), default="random", show_default=True)
@reading_option()
def simulate_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], games: int, seed: int,
                 out_path: str | None, bot: str, readings: tuple[tuple[str, str], ...]) -> None:
    """Play matches between bots and write their records (truco-record/1), one per line."""
    from engine.bots import BOTS

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

    from spec.files import atomic_writer

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
    from truco_cli.bench_cmds import bench_cmd

    group.add_command(bench_cmd)
