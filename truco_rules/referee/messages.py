"""The lines of the bot protocol, truco-bot/1 (spec/schemas/bot-protocol.schema.json).

Every line is one JSON object. The referee writes `hello`, `decide` and `over`; the bot answers
`hello` with a `hello` and each `decide` with an `action` carrying the same id, and may write
`log` lines before an answer. Everything a bot writes is untrusted: read bounded, checked for its
shape here, and shown escaped wherever it lands.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

PROTOCOL = "truco-bot/1"
MAX_LINE = 64 * 1024  # an answer is a few dozen bytes: a longer line is garbage
MAX_TEXT = 80  # characters of a name, version or detail kept
MAX_RULESETS = 64
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._+\-]{0,63}$")  # a bot's name, shown in tables and pages


class ProtocolError(Exception):
    """A line that is not what the protocol asks for at this point (the `protocol` fault)."""


@dataclass(frozen=True)
class Hello:
    """What a bot said of itself."""

    name: str
    version: str
    rulesets: tuple[str, ...]  # "*" for every ruleset

    def plays(self, ruleset: str) -> bool:
        return "*" in self.rulesets or ruleset in self.rulesets


def brief(value: Any, limit: int = MAX_TEXT) -> str:
    """A short, printable rendering of something a bot sent (for a fault's detail)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True)[:limit * 2]
    text = "".join(c if c.isprintable() else f"\\x{ord(c) & 0xFF:02x}" for c in text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """One line a bot wrote, as an object; ProtocolError for anything else."""
    try:
        value = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError(f"not a JSON object: {brief(line.decode('utf-8', 'replace'))}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"not a JSON object: {brief(value)}")
    return value


def hello_request(ruleset: str, seat: int, players: int, seed: int, move_ms: int,
                  bank_ms: int) -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "ruleset": ruleset, "seat": seat, "players": players,
            "seed": seed, "time": {"move_ms": move_ms, "bank_ms": bank_ms}}


def parse_hello(answer: dict[str, Any]) -> Hello:
    if answer.get("type") != "hello":
        raise ProtocolError(f"the answer to hello must be a hello, not {brief(answer)}")
    if answer.get("protocol") != PROTOCOL:
        raise ProtocolError(f"the bot speaks {brief(answer.get('protocol'))}, the referee {PROTOCOL}")
    name, version, rulesets = answer.get("name"), answer.get("version", ""), answer.get("rulesets", ["*"])
    if not isinstance(name, str) or not NAME.match(name):
        raise ProtocolError(f"name must be 1..64 letters, digits, spaces or ._+-, not {brief(name)}")
    if not isinstance(version, str) or len(version) > MAX_TEXT or not version.isprintable():
        raise ProtocolError(f"version must be a short printable text, not {brief(version)}")
    if (not isinstance(rulesets, list) or not 0 < len(rulesets) <= MAX_RULESETS
            or not all(isinstance(r, str) and 0 < len(r) <= 64 for r in rulesets)):
        raise ProtocolError(f"rulesets must be a list of ruleset names (or [\"*\"]), not {brief(rulesets)}")
    return Hello(name, version, tuple(rulesets))


def decide_request(ident: int, view: dict[str, Any], legal: list[str], move_ms: int,
                   bank_ms: int) -> dict[str, Any]:
    return {"type": "decide", "id": ident, "view": view, "legal": legal,
            "time": {"move_ms": move_ms, "bank_ms": bank_ms}}


def parse_action(answer: dict[str, Any], ident: int) -> str:
    """The action text of an answer to decide number `ident`."""
    if answer.get("type") != "action":
        raise ProtocolError(f"the answer to decide must be an action, not {brief(answer)}")
    if answer.get("id") != ident or isinstance(answer.get("id"), bool):
        raise ProtocolError(f"the answer has id {brief(answer.get('id'))}, the request had {ident}")
    action = answer.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= 32:
        raise ProtocolError(f"action must be an action text, not {brief(action)}")
    return action


def over_message(result: dict[str, Any]) -> dict[str, Any]:
    return {"type": "over", "result": result}


def is_log(answer: dict[str, Any]) -> bool:
    return answer.get("type") == "log"
