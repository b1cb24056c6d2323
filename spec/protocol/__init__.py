"""The engine protocol: any program that plays Truco, in any language, checked through stdin/stdout.

Modelled on how chess engines speak UCI: the checker starts the engine as a process, says hello,
and then drives it with short commands, one per line; the engine answers each one. Unlike UCI,
every line is one JSON object, so that nothing needs a parser of its own. The JSON Schema is
spec/schemas/engine-protocol.schema.json; the guide page "Engine protocol" explains it with a
transcript. Version 1:

- The checker writes requests `{"id": n, "cmd": NAME, ...}` to the engine's stdin, one per line
  (UTF-8, ending in "\\n"), and waits for the answer before it sends the next one.
- The engine writes exactly one reply per request to stdout, one line: `{"id": n, "ok": ...}`,
  `{"id": n, "refused": {"clause": ..., "reason": ...}}` (only to `apply`: the action is not
  allowed, and the game is unchanged) or `{"id": n, "error": {"message": ...}}` (the engine could
  not do what was asked: a fault). Before a reply it may write log lines `{"log": "text"}`,
  which the checker ignores. Anything else on stdout is garbage: a fault. stderr is free.
- Commands: hello, new_game, to_act, legal, apply, undo, deal, record, observation, quit (see COMMANDS).

Faults (an error reply, garbage, a reply that is too late or never comes, an engine that exits)
are reported with the game and step; the checker then kills the engine and starts it again for
the next game.
"""

PROTOCOL_VERSION = 1

# Command -> the arguments of its request (besides "id" and "cmd").
COMMANDS: dict[str, tuple[str, ...]] = {
    "hello": ("protocol",),
    "new_game": ("ruleset", "seed", "readings", "deals", "scores", "dealer"),
    "to_act": (),
    "legal": ("seat",),  # seat: only with the feature "seats"
    "apply": ("action", "seat"),
    "undo": (),
    "deal": (),
    "record": (),
    "observation": ("seat",),
    "quit": (),
}

# Optional abilities an engine announces in its hello reply ("features").
FEATURES: tuple[str, ...] = ("deals", "observation", "position", "seats", "steps", "undo")
