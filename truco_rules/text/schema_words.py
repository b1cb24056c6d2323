"""The descriptions of a JSON schema's fields as gettext messages.

The schema (spec/schemas/record.schema.json) stays the one source of the fields and of their
English descriptions; each description is a message of the catalogues, keyed by its English text,
so the site shows it in the reader's language (truco_rules/site/site_tables.py). `extract` is the
`pybabel extract` method babel.cfg names for the schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any


def descriptions(node: Any) -> Iterator[str]:
    """Every `description` in a schema, depth first."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                yield value
            else:
                yield from descriptions(value)
    elif isinstance(node, list):
        for item in node:
            yield from descriptions(item)


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
            ) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method: one message per description of the schema file."""
    for text in descriptions(json.loads(fileobj.read().decode("utf-8"))):
        yield 0, "gettext", text, []
