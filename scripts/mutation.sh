#!/usr/bin/env bash
# Mutation testing of engine/ with mutmut (docs/en/quality/mutation.md explains the figures).
#
#   scripts/mutation.sh                    every mutant of engine/, from scratch, then the page
#   scripts/mutation.sh "truco_rules.engine.tricks*"   only the mutants whose names match (results are kept)
#   scripts/mutation.sh --sample K          one mutant in K, from scratch, then the page (a hash of
#                                           each mutant's name decides: the same sample everywhere)
#   scripts/mutation.sh --full-suite NAME…  re-check NAME… with the long random-play tests as well
#
# A whole run ends by writing docs/quality/mutation-results.json and the figures and survivor
# list of the mutation page in every language (scripts/mutation_report.py); a mutant that is not
# killed and has no explanation in docs/quality/mutation-explanations.yaml is listed instead.
#
# Settings: MUTATION_WORKERS (default 1: the machine is shared), MUTATION_NO_INSTALL=1 to skip pip.
# The mutmut configuration is [tool.mutmut] in pyproject.toml; mutmut works in ./mutants (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${MUTATION_NO_INSTALL:-}" != 1 ]; then
  python3 -m pip install --quiet --disable-pip-version-check -e ".[test,mutation]"
fi

# Derandomized Hypothesis: a verdict must not depend on the examples drawn this time.
export HYPOTHESIS_PROFILE=ci

# The fast selection: tests/engine/ minus the two long random-play tests of
# test_engine_generic.py (about 8 of its 10 seconds); test_mutation_random.py runs the same
# checks over fewer matches. With --full-suite nothing is deselected.
GENERIC=tests/engine/test_engine_generic.py
if [ "${1:-}" = --full-suite ]; then
  shift
  [ $# -gt 0 ] || { echo "--full-suite needs mutant names (it is meant for the survivors)" >&2; exit 2; }
  unset PYTEST_ADDOPTS
else
  export PYTEST_ADDOPTS="--deselect $GENERIC::test_random_matches_are_consistent \
--deselect $GENERIC::test_records_valid_and_scores_grow_by_allowed_amounts"
fi

one_in=1
if [ "${1:-}" = --sample ]; then
  one_in=${2:-}
  [[ "$one_in" =~ ^[1-9][0-9]*$ ]] || { echo "--sample needs a whole number K (one mutant in K)" >&2; exit 2; }
  shift 2
  [ $# -eq 0 ] || { echo "--sample takes no mutant names" >&2; exit 2; }
fi

whole=0
if [ $# -eq 0 ]; then
  whole=1
  rm -rf mutants  # a whole run starts clean, so no verdict is carried over from older code
fi

mutmut_run() {
  mutmut run --max-children "${MUTATION_WORKERS:-1}" "$@" | tr '\r' '\n' | { grep -v '^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]' || true; }
}

start=$(date +%s)
if [ "$one_in" -gt 1 ]; then
  # mutmut names its mutants only when it makes them: make them (and record which tests reach each
  # function) with a run of the few mutants of errors.py, then check the sample, which the figures
  # are made of alone.
  mutmut_run "truco_rules.engine.errors.*"
  mapfile -t names < <(python3 scripts/mutation_report.py sample --one-in "$one_in")
  echo "the sample: ${#names[@]} mutants, one in $one_in"
  mutmut_run "${names[@]}"
else
  mutmut_run "$@"
fi
elapsed=$(( $(date +%s) - start ))
echo "elapsed: $elapsed s"

# Summary: counts by status, the kill rate (timeouts count as killed), every mutant not killed.
mutmut results --all true | python3 -c '
import collections, sys
status = dict(line.strip().rsplit(": ", 1) for line in sys.stdin if ": " in line)
counts = collections.Counter(status.values())
checked = sum(n for s, n in counts.items() if s != "not checked")
killed = counts["killed"] + counts["timeout"]
print(", ".join(f"{s}: {n}" for s, n in sorted(counts.items())))
print(f"kill rate: {killed}/{checked} = {100 * killed / max(checked, 1):.1f}%")
for name, s in sorted(status.items()):
    if s not in ("killed", "timeout", "not checked"):
        print(f"  {s}: {name}")
'

if [ "$whole" = 1 ]; then
  python3 scripts/mutation_report.py collect --seconds "$elapsed" --workers "${MUTATION_WORKERS:-1}" \
    --one-in "$one_in"
  python3 scripts/mutation_report.py render \
    || echo "explain the mutants above in docs/quality/mutation-explanations.yaml, then run:" \
            "python3 scripts/mutation_report.py render"
fi
