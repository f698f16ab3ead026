#!/usr/bin/env bash
# Runs the whole suite: every cmocka unit-test binary given as argument (each of its tests
# counts), then every integration script, tests/integration/*.sh and tests/<family>/*.sh (each
# script is one test; exit 0 pass, 77 skip, anything else fail). Ends with the summary line
# "N passed, N failed, N skipped".
# MLF_TEST_JOBS (default: the number of cores) tests run at once, each printing its line when it
# ends; each is bounded by MLF_TEST_TIMEOUT seconds (default 1800), after which it is killed and
# fails as timed out: a hang is a failure, not a stall.
set -u
cd "$(dirname "$0")/.."
log_dir=${MLF_TEST_LOGS:-build/test-logs}
jobs=${MLF_TEST_JOBS:-$(nproc)}
limit=${MLF_TEST_TIMEOUT:-1800}
mkdir -p "$log_dir"
rm -f "$log_dir"/*.result

# run_one KIND PATH: runs one test under the time limit, prints its line and leaves
# "passed failed skipped" in $log_dir/<name>.result.
run_one() {
  local kind=$1 path=$2 name log start status p f s verdict
  name=$(basename "$path" .sh) log=$log_dir/$name.log start=$SECONDS
  if [ "$kind" = unit ]; then
    timeout -k 10 "$limit" "$path" >"$log" 2>&1
    status=$?
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi  # crashed or timed out before cmocka's summary
    verdict="$p passed, $f failed"
    [ "$status" -ne 124 ] || verdict="$verdict (timed out after $limit s)"
  else
    timeout -k 10 "$limit" bash "$path" >"$log" 2>&1
    status=$?
    p=0 f=0 s=0
    case $status in
      0) p=1; verdict=ok ;;
      77) s=1; verdict="skipped: $(tail -n 1 "$log")" ;;
      124) f=1; verdict="FAILED (timed out after $limit s)" ;;
      *) f=1; verdict=FAILED ;;
    esac
  fi
  echo "$p $f $s" >"$log_dir/$name.result"
  printf '%-28s %s (%ds)\n' "$name" "$verdict" $((SECONDS - start))
}

tests=()
for bin in "$@"; do tests+=("unit $bin"); done
for script in tests/*/*.sh; do tests+=("script $script"); done
running=0
for t in "${tests[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  run_one $t &
  running=$((running + 1))
done
wait

passed=0 failed=0 skipped=0
for t in "${tests[@]}"; do
  name=$(basename "${t#* }" .sh)
  read -r p f s 2>/dev/null <"$log_dir/$name.result" || { p=0 f=1 s=0; }
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  [ "$f" -eq 0 ] || echo "failed: $name (see $log_dir/$name.log)"
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
