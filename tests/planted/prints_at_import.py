"""An engine module that prints at import (its factory is the reference engine's)."""

from truco_rules.engine.adapter import make_adapter

print("debug: imported")

__all__ = ["make_adapter"]
