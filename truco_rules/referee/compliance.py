"""`truco tournament --compliance BOT`: a bot checked before play, in numbered steps.

Like a chess tournament manager's compliance check: each step says what it asks; the first that
fails stops the check, with what went wrong and the end of what the bot wrote to stderr. The steps:
1 the bot starts and answers hello (protocol truco-bot/1, a name, a version, its rulesets) in
time; 2 it plays the ruleset; 3 it answers the first decision of a match with a legal action in
time; 4 it plays a whole match against the house bot from each side, every decision legal and in
time (the referee's own match, under the policy `match`: the first fault fails it); 5 after `over`
it exits within a second.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from truco_rules.engine import Game
from truco_rules.referee import messages as msg
from truco_rules.referee.connection import BotFault, BotProcess, BotSpec, Connection, connect
from truco_rules.referee.faults import NORMAL, Policy
from truco_rules.referee.match import MatchSpec, play_match
from truco_rules.referee.view import bot_view

HOUSE = BotSpec("house", (sys.executable, "-m", "truco_rules.referee.house_bot"))
EXIT_WITHIN = 1.0


@dataclass
class Step:
    number: int
    title: str
    ok: bool = False
    detail: str = ""
    stderr: str = ""


def check(bot: BotSpec, ruleset: str, policy: Policy, seed: int = 1,
          on_step: Callable[[Step], None] = lambda step: None) -> list[Step]:
    """Run the steps in order until one fails; every step run, with its verdict."""
    steps: list[Step] = []

    def step(title: str) -> Step:
        s = Step(len(steps) + 1, title)
        steps.append(s)
        return s

    def done(s: Step, ok: bool, detail: str = "", conn: Connection | None = None, stderr: str = "") -> bool:
        s.ok, s.detail = ok, detail
        if not ok:
            s.stderr = conn.stderr_tail() if conn is not None else stderr
        on_step(s)
        return ok

    game = Game.new(ruleset, seed=seed)
    s = step(f"starts and answers hello ({msg.PROTOCOL}) within {policy.start_ms} ms")
    conn: Connection | None = None
    try:
        conn = connect(bot)
        hello = msg.parse_hello(conn.ask(msg.hello_request(ruleset, 0, game.config.n, seed, policy.move_ms,
                                                           policy.bank_ms), policy.start_ms / 1000))
    except (BotFault, msg.ProtocolError) as exc:
        done(s, False, str(exc), conn)
        if conn is not None:
            conn.close()
        return steps
    done(s, True, f"{hello.name} {hello.version}".strip())
    try:
        s = step(f"plays {ruleset}")
        if not done(s, hello.plays(ruleset), f"it plays {', '.join(hello.rulesets)}", conn):
            return steps
        s = step(f"answers a decision with a legal action within {policy.move_ms} ms")
        legal = [a.text for a in game.legal_actions()]
        try:
            request = msg.decide_request(1, bot_view(game, 0, []), legal, policy.move_ms, 0)
            action = msg.parse_action(conn.ask(request, policy.move_ms / 1000), 1)
        except (BotFault, msg.ProtocolError) as exc:
            done(s, False, str(exc), conn)
            return steps
        verdict = msg.brief(action) + ("" if action in legal else ": not legal")
        if not done(s, action in legal, verdict, conn):
            return steps
    finally:
        conn.close()
    strict = replace(policy, on_fault="match", restarts=0)
    for side in (0, 1):
        s = step(f"plays a whole match from side {side} against the house bot, every decision legal "
                 "and in time")
        sides = (bot, HOUSE) if side == 0 else (HOUSE, bot)
        record = play_match(MatchSpec(f"compliance-{side}", ruleset, seed + side, sides, strict))
        ref = record["referee"]
        faults = [f for f in ref["faults"] if f["seat"] & 1 == side]
        if ref["termination"] != NORMAL or faults:
            f = faults[0] if faults else None
            detail = (f"{f['kind']}" + (f" [{f['clause']}]" if f["clause"] else "") + f": {f['detail']}"
                      if f else f"{ref['termination']}: {ref.get('detail', '')}")
            done(s, False, detail, stderr="\n".join(e["text"] for e in ref.get("stderr", [])
                                                    if e["seat"] & 1 == side))
            return steps
        done(s, True, f"{len(record['hands'])} hands, {sum(ref['decisions'][side::2])} decisions")
    s = step(f"exits within {EXIT_WITHIN:g} s of the end of a match")
    if bot.url:
        done(s, True, "an endpoint: nothing to end")
        return steps
    proc = BotProcess(bot.command, bot.cwd, bot.env)
    try:
        proc.ask(msg.hello_request(ruleset, 0, game.config.n, seed, policy.move_ms, policy.bank_ms),
                 policy.start_ms / 1000)
        proc.tell(msg.over_message({"termination": NORMAL, "winner": None}))
        began = time.monotonic()
        while proc.proc.poll() is None and time.monotonic() - began < EXIT_WITHIN:
            time.sleep(0.02)
        done(s, proc.proc.poll() is not None, "" if proc.proc.poll() is not None else "still running", proc)
    except BotFault as exc:
        done(s, False, str(exc), proc)
    finally:
        proc.close()
    return steps
