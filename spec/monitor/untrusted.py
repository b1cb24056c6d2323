"""Text that an engine, a record or a ruleset file controls, made safe to show: the escapes of
truco_rules.spec.escape (one per output format), under the names the monitor has used for them.

- `visible`: the terminal's (one line, nothing a terminal acts on);
- `md_text`, `md_code`, `json_block`: Markdown's.
"""

from __future__ import annotations

from truco_rules.spec.escape import json_block, md_code, md_text
from truco_rules.spec.escape import terminal as visible

__all__ = ["json_block", "md_code", "md_text", "visible"]
