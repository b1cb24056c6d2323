"""The languages of every text shown to people: defined here once."""

from __future__ import annotations

LANGS = ("es", "en", "it", "pt")  # the site's default edition (es) first
SOURCE_LANG = "en"  # the language of the message IDs in the code; it has no catalogue of its own
LANG_NAMES = {"es": "Español", "en": "English", "it": "Italiano", "pt": "Português"}
