# Every target runs under a real afl-fuzz for a few seconds with the AFL++ build and its
# structure-aware custom mutator library: executions happen, the custom mutator produced
# queue entries (their names carry its description), message-level trimming ran, and no
# saved crash is on the harness side (a new library finding is reported, not failed), and
# afl-fuzz ran it in persistent mode from the deferred fork server. Each
# input may take 10 s (-t): afl-fuzz's default of 1 s aborted the dry run of a blas_level1
# seed on a loaded machine.
. "$(dirname "$0")/common.bash"
. scripts/afl-env.sh
# The pipeline is under test here, not the libraries: two BLAS backends (LEMON: the reference
# and XNNPACK's two variants, the second on its thread pool, which hung in the fork server's
# children while the init created it) keep the target's init and each execution short enough
# for a few hundred executions in seconds.
export MLF_BLAS_BACKENDS=openblas,netlib MLF_LEMON_BACKENDS=reference,xnnpack MLF_LEMON_VARIANTS=2
# LEMON's rule statistics shared by the custom mutator (in afl-fuzz) and the target's children.
export MLF_LEMON_GUIDANCE_FILE=$tmp/lemon-guidance
# A saved crash the replay does not show may be a finding that comes and goes: the AFL++ build
# that saved it runs it alone up to five times, and a harness report of a finding ("==== mlfuzz
# finding") there is a library finding that does not reproduce every time (as ATLAS's ?gels
# under LAPACKE answering INFO = -1010 on some runs: LAPACKE sizes WORK from a query answer
# ATLAS leaves unwritten, registry row mlf:blas_lapack:atlas:?gels:lapacke-memory-error); a
# sanitizer report or nothing stays harness-side.
nondeterministic_finding() {
  local i out
  for i in 1 2 3 4 5; do
    out=$(timeout 60 out/afl/"$1" "$2" 2>&1) || true
    if grep -q '^==== mlfuzz finding in' <<<"$out" && ! grep -q 'ERROR: [A-Za-z]*Sanitizer' <<<"$out"; then
      echo "$1: library finding that reproduced on run $i of the AFL++ build alone, not every time (record it): $(grep -m1 '^finding' <<<"$out") $2"
      return 0
    fi
  done
  return 1
}
for t in $(targets); do
  mkdir -p "$tmp/$t-seeds"
  cp build/corpora/"$t"/*.bin "$tmp/$t-seeds/"
  MLF_AFL_MUTATOR_STATS="$tmp/$t-mutator-stats" AFL_CUSTOM_MUTATOR_LIBRARY="$PWD/out/afl/$t.mutator.so" \
    timeout 180 afl-fuzz -i "$tmp/$t-seeds" -o "$tmp/$t-out" -V "$(check_budget "$t" 3 8)" -t 10000 -- out/afl/"$t" >"$tmp/$t.log" 2>&1 ||
    { tail -n 30 "$tmp/$t.log"; fail "$t: afl-fuzz failed"; }
  stats=$tmp/$t-out/default/fuzzer_stats
  afl_fast_modes "$stats" "$t"
  # A seed that hangs only here points at the fork server: it forks after the target's init,
  # and threads the init started (a thread pool) are missing in its children.
  ! grep -q 'Test case results in a timeout' "$tmp/$t.log" ||
    fail "$t: a seed timed out in afl-fuzz's dry run (threads started by the init?)"
  execs=$(sed -n 's/^execs_done *: //p' "$stats")
  wanted=$(check_budget "$t" 4 100)
  [ "${execs:-0}" -gt "$wanted" ] || fail "$t: only ${execs:-0} executions"
  # Entries the custom mutator made carry its description (e.g. mutate:GemmCase.m:pow2) where
  # AFL++'s own stages write op:<stage>.
  ls "$tmp/$t-out/default/queue" | grep -v ',orig:' | grep -v ',op:' | grep -q 'id:' ||
    fail "$t: no queue entry named by the custom mutator"
  for crash in "$tmp/$t-out/default/crashes"/id:*; do
    [ -f "$crash" ] || continue
    library_finding "$t" "$crash" || nondeterministic_finding "$t" "$crash" ||
      fail "$t: harness-side crash: $crash"
    keep_finding "$t" "$crash"
  done
  grep -q '^trim_steps [1-9]' "$tmp/$t-mutator-stats" || { cat "$tmp/$t-mutator-stats"; fail "$t: no trimming step ran"; }
  if [ "$t" = lemon_model ]; then
    # lemon_guidance_state: an 8-byte magic, then the 12 rules' scored-mutant counters.
    scored=$(od -An -t u8 -j 8 -N 96 "$MLF_LEMON_GUIDANCE_FILE" | tr -s ' ' '\n' | awk '{ s += $1 } END { print s + 0 }')
    [ "$scored" -gt 0 ] || fail "$t: no rule was scored through the shared guidance state"
    echo "$t: $scored mutants scored their rule through the shared guidance state"
  fi
  echo "$t: $execs executions; $(tr '\n' ' ' < "$tmp/$t-mutator-stats")"
done
