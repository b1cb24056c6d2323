"""An engine module whose import fails with terminal escapes in its message
(`truco check --engine tests.planted.raises_at_import:make_adapter`)."""

raise RuntimeError("\x1b[2J\x1b]0;owned\x07 cannot start")
