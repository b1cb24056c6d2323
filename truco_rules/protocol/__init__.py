"""Helpers for engine authors: the engine's side of the engine protocol (`truco check --engine-cmd`).

`from truco_rules.protocol import Refusal, serve`, then `serve(MyEngine())`: see engine_side. Standard
library only, and independent of the rest of truco-rules, so that an engine's repository can copy
engine_side.py instead of installing the suite.
"""

from truco_rules.protocol.engine_side import PROTOCOL_VERSION, Refusal, Session, log, serve

__all__ = ["PROTOCOL_VERSION", "Refusal", "Session", "log", "serve"]
