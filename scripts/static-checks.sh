#!/bin/sh
# The type check, lint and format check at once: each uses one core. Each one's output is printed
# once it has ended, and the script fails when any of them failed.
set -u
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npm run --silent typecheck >"$out/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$out/lint" 2>&1 &
lint=$!
npm run --silent format:check >"$out/format" 2>&1 &
format=$!
failed=0
for check in typecheck lint format; do
  eval "pid=\$$check"
  if wait "$pid"; then
    echo "$check: passed"
  else
    failed=1
    echo "$check: FAILED"
    cat "$out/$check"
  fi
done
exit $failed
