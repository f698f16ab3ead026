#!/usr/bin/env bash
# Runs the whole suite: every cmocka unit-test binary given as argument (each of its tests
# counts), then every integration script, tests/integration/*.sh and tests/<family>/*.sh (each
# script is one test; exit 0 pass, 77 skip, anything else fail). Ends with the summary line
# "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0 skipped=0
failures=()
log_dir=${MLF_TEST_LOGS:-build/test-logs}
mkdir -p "$log_dir"

for bin in "$@"; do
  name=$(basename "$bin")
  log=$log_dir/$name.log
  "$bin" >"$log" 2>&1
  status=$?
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi  # crashed before cmocka's summary
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  if [ "$f" -gt 0 ]; then failures+=("$name (see $log)"); fi
  printf '%-28s %3d passed, %d failed\n' "$name" "$p" "$f"
done

for script in tests/*/*.sh; do
  name=$(basename "$script" .sh)
  log=$log_dir/$name.log
  start=$SECONDS
  bash "$script" >"$log" 2>&1
  status=$?
  case $status in
    0) passed=$((passed + 1)); verdict=ok ;;
    77) skipped=$((skipped + 1)); verdict="skipped: $(tail -n 1 "$log")" ;;
    *) failed=$((failed + 1)); verdict=FAILED; failures+=("$name (see $log)") ;;
  esac
  printf '%-28s %s (%ds)\n' "$name" "$verdict" $((SECONDS - start))
done

for f in "${failures[@]}"; do echo "failed: $f"; done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
