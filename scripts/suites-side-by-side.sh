#!/usr/bin/env bash
# Two full test suites at once, ROUNDS times in a row (3 by default): what a shared CI
# machine does to the suite's timing bounds (docs/performance.md, "Beside another suite").
# Two fresh clones of HEAD in a temporary folder, each installed (`npm ci`), then
# `CI=true npm test` in both at the same time, round after round; each round's two exit
# codes and durations are printed, and the script fails if any run went red. The logs
# stay in the folder it names. Takes about 6 to 8 minutes a round on a quiet 2-core machine.
set -uo pipefail
cd "$(dirname "$0")/.."

rounds=${ROUNDS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/tamborrada-side-by-side.XXXXXX")
# mktemp's folder is its owner's alone; PostgreSQL, which will not run as root, is started
# as another user from the clones' node_modules, and must reach it.
chmod 755 "$work"
echo "clones and logs in $work"
for side in a b; do
  git clone -q . "$work/$side" || exit 2
  (cd "$work/$side" && npm ci --no-audit --no-fund >/dev/null 2>&1) || { echo "npm ci failed in $side" >&2; exit 2; }
done

red=0
for round in $(seq "$rounds"); do
  for side in a b; do
    (
      cd "$work/$side" || exit 2
      start=$(date +%s)
      CI=true npm test >"$work/round-$round-$side.log" 2>&1
      code=$?
      echo "round $round, suite $side: exit $code in $(($(date +%s) - start)) s"
      exit $code
    ) &
  done
  for job in $(jobs -p); do wait "$job" || red=1; done
done
[ $red -eq 0 ] && echo "every run green" || echo "a run went red: see the logs in $work" >&2
exit $red
