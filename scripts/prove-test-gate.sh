#!/usr/bin/env bash
# Proves that the test gate can fail, before the real suite runs (`npm test`, and so CI):
# with the project's own Vitest configuration (global set-up included), a failing
# assertion, a test that times out and a file that cannot be loaded must each make
# `vitest run` exit non-zero, and a passing test must exit 0. No PostgreSQL process and
# no data folder may be left behind. The probes live in a temporary folder under test/
# that is removed on exit, so the normal run never picks them up. The probes run side by
# side, each with its own PostgreSQL; dist/ is built once, before them.
set -uo pipefail
cd "$(dirname "$0")/.."

probe_dir=$(mktemp -d test/gate-probe.XXXXXX)
trap 'rm -rf "$probe_dir"' EXIT

# A probe runs in the background: it records a problem as a file of its own.
fail() {
  echo "test gate: $1" >&2
  touch "$probe_dir/failed-$RANDOM$RANDOM"
}

# The test PostgreSQL processes and data folders of one probe, found by the tag that
# postgres-server.ts puts in the folder's name (other test runs may have their own).
left_behind() {
  local pattern="tamborrada-test-pg-$1-"
  pgrep -af "$pattern" || true
  compgen -G "/tmp/$pattern*" || true
  [ "${TMPDIR:-/tmp}" = /tmp ] || compgen -G "${TMPDIR}/$pattern*" || true
}

# probe NAME EXPECTED BODY: runs one probe file alone and checks the exit code.
probe() {
  local name=$1 expected=$2 body=$3
  local file="$probe_dir/$name.test.ts"
  printf '%s\n' "$body" >"$file"
  local tag="gate$$_${name//-/_}" output rc left
  output=$(CI=true TAMBORRADA_TEST_PG_TAG="$tag" npx vitest run "$file" 2>&1)
  rc=$?
  rm -f "$file"
  if grep -q "No test files found" <<<"$output"; then
    fail "$name: Vitest did not find the probe file"
  elif [ "$expected" = pass ] && [ "$rc" -ne 0 ]; then
    fail "$name: a passing test made vitest exit $rc"
  elif [ "$expected" = fail ] && [ "$rc" -eq 0 ]; then
    fail "$name: vitest exited 0 although the test failed"
  else
    echo "test gate: $name → exit $rc (as expected)"
  fi
  left=$(left_behind "$tag")
  if [ -n "$left" ]; then
    fail "$name: the test PostgreSQL left a process or its data folder behind: $(tr '\n' ' ' <<<"$left")"
  fi
}

npm run --silent build || exit 1
export TAMBORRADA_TEST_BUILT=1

probe passing pass "import { expect, it } from 'vitest';
it('passes', () => expect(1 + 1).toBe(2));" &
probe failing-assertion fail "import { expect, it } from 'vitest';
it('fails on purpose', () => expect(1 + 1).toBe(3));" &
probe timeout fail "import { it } from 'vitest';
it('never ends', () => new Promise<void>(() => undefined), 200);" &
probe load-error fail "import { it } from 'vitest';
throw new Error('this file cannot be loaded');
it('is never reached', () => undefined);" &

wait
failures=$(compgen -G "$probe_dir/failed-*" | wc -l)
if [ "$failures" -gt 0 ]; then
  echo "test gate: $failures problem(s): a failing test would not fail the run" >&2
  exit 1
fi
echo "test gate: a failing test fails the run"
