#!/usr/bin/env bash
# Install everything the whole suite needs, then run it: lint, tests, proofs, then the docs site
# built from their results and tested in a browser. Used by CI (.ci/run) and by developers; extra
# arguments go to the first pytest run (the suite without the site's tests).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage is announced, and ends with the seconds it took: a long run shows where it is and
# where its time went.
stage_name=""
stage_started=$SECONDS
stage() {
  if [ -n "$stage_name" ]; then echo "== $stage_name: $((SECONDS - stage_started)) s"; fi
  stage_name=$1
  stage_started=$SECONDS
  if [ -n "$1" ]; then echo "== $1 ($(date +%H:%M:%S))"; fi
}

# The browser test drives Debian's Chromium (Playwright never downloads a browser here). Only the
# site's tests, the last step, need it: it installs in the background, beside the Python packages
# and the first checks, and the run waits for it (and fails with its log) before that step.
chromium_pid=""
chromium_log=$(mktemp)
if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  (apt-get update -qq && apt-get install -y -qq chromium) >"$chromium_log" 2>&1 &
  chromium_pid=$!
fi

stage "install"
# --no-compile: the byte code of what the suite imports is written as it is imported, not all of it
python3 -m pip install --quiet --no-compile --disable-pip-version-check -e ".[test,docs,browser,dask,engines]"

stage "lint: ruff, import contracts, dead code, types"
# mypy (the longest of the four) runs beside the other three, one core each; its output is shown
# when it ends, and its failure fails the run like theirs.
mypy_log=$(mktemp)
python3 -m mypy >"$mypy_log" 2>&1 &  # types; the checked packages are listed in pyproject.toml [tool.mypy]
mypy_pid=$!
python3 -m ruff check .
lint-imports --no-logo  # which package may import which: the contracts in pyproject.toml [tool.importlinter]
python3 -m vulture  # dead code; settings in pyproject.toml [tool.vulture], exceptions in tests/vulture_whitelist.py
mypy_status=0
wait "$mypy_pid" || mypy_status=$?
cat "$mypy_log"
rm -f "$mypy_log"
if [ "$mypy_status" != 0 ]; then
  echo "tests/run-all.sh: mypy failed" >&2
  exit "$mypy_status"
fi

stage "tests and proofs"
# 1. Tests and proofs first: their results are what the site shows on every clause.
results=build/results
rm -rf "$results" && mkdir -p "$results"
status=0
# The proofs (one process, a quarter of a minute) run beside the tests rather than after them; their
# file appears whole when they end (a test that builds the site meanwhile sees none, or all of it).
(python3 -c 'from truco_rules.cli.main import main; main()' prove --json > "$results/proofs.part" \
  && mv "$results/proofs.part" "$results/proofs.json") &
prove_pid=$!
python3 -m pytest -n auto --ignore=tests/docs --junitxml="$results/junit.xml" "$@" || status=$?
wait "$prove_pid" || status=$?

if [ -n "$chromium_pid" ] && ! wait "$chromium_pid"; then
  cat "$chromium_log" >&2
  echo "tests/run-all.sh: installing chromium failed" >&2
  exit 1
fi
rm -f "$chromium_log"

stage "the site: its build and its tests"
# 2. The site, built from those results (strict: no broken link or anchor), and its tests. The
#    browser test then checks that every clause shows its test and proof status.
TRUCO_RESULTS_REQUIRED=1 python3 -m pytest -n auto tests/docs || status=$?
# The sizes of the sdist and the wheel that tests/test_wheel.py built and installed.
[ -f "$results/wheel.txt" ] && cat "$results/wheel.txt"
stage ""
echo "== the whole run: $SECONDS s"
exit "$status"
