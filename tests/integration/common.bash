# Shared by the integration tests (sourced): repository root as cwd, the built targets, a
# scratch directory removed on exit, and fail().
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
targets() { ls out/libfuzzer; }
# No leak check at exit: LeakSanitizer's stop-the-world scan faults now and then among the
# threads of the dlopen'ed libraries (OpenBLAS pthread, oneDNN's OpenMP pool), which would fail
# a fuzz run after it finished; the unit tests keep leak checking of the project's code.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# keep_finding TARGET FILE...: moves the saved inputs of a library finding out of the scratch
# directory into build/test-findings/TARGET/, and says where.
keep_finding() {
  local target=$1; shift
  mkdir -p build/test-findings/"$target"
  mv "$@" build/test-findings/"$target"/
  echo "$target: kept in build/test-findings/$target/: $(cd build/test-findings/"$target" && ls | tr '\n' ' ')"
}
# check_budget TARGET COLUMN DEFAULT: the target's seed-run budget in `make check` (column 2:
# libFuzzer runs, 3: afl-fuzz seconds, 4: afl-fuzz executions wanted) from its family's harnesses/*/check_budget.tsv, for the
# targets whose every execution costs a real recogniser's time; DEFAULT for the rest.
check_budget() {
  local v
  v=$(cat harnesses/*/check_budget.tsv 2>/dev/null | awk -F'\t' -v t="$1" -v c="$2" '$1 == t { print $c }')
  echo "${v:-$3}"
}
# 0 when the saved input $2 of target $1 is a finding about a library (a verdict tag, a crash
# while a backend ran, or a sanitizer report whose innermost frame is outside this checkout:
# in a library's source built under the cache or in a shared library, as when an oracle's own
# call of the library crashes) rather than a harness-side crash; prints what it is.
library_finding() {
  local out frame symbolizer
  symbolizer=$(command -v llvm-symbolizer-16 || echo /usr/lib/llvm-16/bin/llvm-symbolizer)
  out=$(MLF_REPORT_KNOWN=1 ASAN_OPTIONS="$ASAN_OPTIONS:symbolize=1:external_symbolizer_path=$symbolizer" \
        out/replay/"$1" "$2" 2>&1)
  frame=$(sed -n 's/^ *#0 0x[0-9a-f]* \(in \)\{0,1\}//p' <<<"$out" | head -n 1)
  if grep -q '^==== mlfuzz: crash in .* while running backend' <<<"$out"; then
    echo "library crash (new finding, record it): $(grep -m1 '^==== mlfuzz' <<<"$out") $2"
  elif [ -n "$frame" ] && [[ $frame != *"$PWD/"* ]]; then
    echo "library crash (new finding, record it): $frame $2"
  elif grep -q '^finding mlf:' <<<"$out"; then
    echo "library finding (record it): $(grep -m1 '^finding' <<<"$out") $2"
  else
    return 1
  fi
}
# afl_fast_modes STATS NAME: fails unless the afl-fuzz instance whose fuzzer_stats is STATS ran
# the target in persistent mode from the deferred fork server (after the target's init), as
# AFL++'s driver asks; without them every input forks a child that re-runs the whole init.
afl_fast_modes() {
  local mode
  mode=$(sed -n 's/^target_mode *: *//p' "$1")
  [[ " $mode " == *" persistent "* && " $mode " == *" deferred "* ]] ||
    fail "$2: afl-fuzz target mode is '$mode', not persistent with a deferred fork server"
}
