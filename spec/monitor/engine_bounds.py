"""How much an engine may send: past these sizes an answer is that engine's fault, reported at once
(an EngineFault of its call, "<call>: too large"), not parsed, compared and stored at a cost that
would turn every later call into a timeout. Each is far above what any ruleset needs; the engine
protocol (spec/schemas/engine-protocol.schema.json, the protocol guide) and the adapter contract
(spec/adapter.py) document them.
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_LINE = 4 << 20  # bytes of one line a protocol engine writes (a whole match's record: tens of KB)
MAX_LEGAL = 256  # actions in one legal list (a ruleset offers a few dozen at most)
MAX_ACTION = 1024  # characters of one action text in it (the record format's are at most 32)
MAX_OBSERVATION = 64 << 10  # characters of one observation, as JSON (a few thousand in every ruleset)
MAX_RECORD = MAX_LINE  # characters of a record, as JSON
MAX_DEAL = 16 << 10  # characters of a deal, as JSON (six seats of three cards)
MAX_NAME = 200  # characters of an engine's name, version or author (the record format's `engine`)


def legal_problem(legal: Sequence[str]) -> str | None:
    """What makes a legal list too large (more than MAX_LEGAL actions, or one longer than
    MAX_ACTION characters), or None."""
    if len(legal) > MAX_LEGAL:
        return f"legal_actions() listed {len(legal):,} actions, more than the {MAX_LEGAL} an engine may list"
    longest = max((len(a) for a in legal), default=0)
    if longest > MAX_ACTION:
        return (f"legal_actions() listed an action of {longest:,} characters, more than the {MAX_ACTION} "
                "an action may have")
    return None


def size_problem(call: str, json_text: str, limit: int) -> str | None:
    """What makes an answer too large (its JSON longer than `limit` characters), or None."""
    if len(json_text) > limit:
        return f"{call}() returned {len(json_text):,} characters of JSON, more than the {limit:,} it may"
    return None
