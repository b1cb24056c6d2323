"""The record monitor: replays a game record against a ruleset and reports every violation.

Entry point: `check_record(record, ruleset=None, game=0) -> list[Violation]`.
"""

from spec.monitor.replay import check_record
from spec.monitor.violation import FORMAT, Violation

__all__ = ["FORMAT", "Violation", "check_record"]
