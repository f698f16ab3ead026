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
# 0 when the saved input $2 of target $1 is a finding about a library (a verdict tag, or a
# crash while a backend ran) rather than a harness-side crash; prints what it is.
library_finding() {
  local out
  out=$(MLF_REPORT_KNOWN=1 out/replay/"$1" "$2" 2>&1)
  if grep -q '^==== mlfuzz: crash in .* while running backend' <<<"$out"; then
    echo "library crash (new finding, record it): $(grep -m1 '^==== mlfuzz' <<<"$out") $2"
  elif grep -q '^finding mlf:' <<<"$out"; then
    echo "library finding (record it): $(grep -m1 '^finding' <<<"$out") $2"
  else
    return 1
  fi
}
