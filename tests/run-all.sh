#!/usr/bin/env bash
# Install everything the whole suite needs, then run it: lint, tests, proofs, docs build, browser.
# Used by CI (.ci/run) and by developers; extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check -e ".[test,docs,browser]"

# The browser test drives Debian's Chromium (Playwright never downloads a browser here).
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null
fi

python3 -m ruff check .
python3 -m vulture  # dead code; settings in pyproject.toml [tool.vulture], exceptions in tests/vulture_whitelist.py
python3 -m pytest -n auto "$@"
