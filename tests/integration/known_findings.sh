# Every known finding's reproducer replays to its recorded tag (a standalone program is left to
# tests/integration/reproducers.sh, which builds and runs every one),
# on machines that have what the entry says it needs ("<backend> <text>|<text>...": a text in
# the backend's identity, e.g. a kernel set; "<backend> !<text>|...": none of them; see
# scripts/registry-needs.sh); others skip it and say why. A row naming prebuilt OpenBLAS or
# BLIS kernel sets is replayed under one of them that this CPU runs (OPENBLAS_CORETYPE,
# BLIS_ARCH_TYPE).
# There, the reproducer also fails for real with MLF_REPORT_KNOWN=1 (a known crash
# crashes, a known wrong result is reported), so a library fix or an oracle change shows.
. "$(dirname "$0")/common.bash"
. scripts/leak-check.sh
. scripts/registry-needs.sh
n=0 real=0 skipped=0 standalone=0
kernel_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
blis_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)
default_coretype=${OPENBLAS_CORETYPE:-} default_blis_arch=${BLIS_ARCH_TYPE:-}
# 0 when a finding line of report $1 matches the entry's tag, which may be a shell pattern.
matches() { sed -n 's/^finding //p' "$1" | while read -r f; do [[ $f == $tag ]] && echo "$f"; done | grep -q .; }
while IFS=$'\t' read -r tag reproducer requires status explanation; do
  case $tag in ''|\#*) continue ;; esac
  # A finding no harness input can show has a standalone program as its reproducer:
  # tests/integration/reproducers.sh builds and runs it (scripts/reproducers.sh).
  if [[ $reproducer == *.c ]]; then
    standalone=$((standalone + 1))
    continue
  fi
  target=$(cut -d: -f2 <<<"$tag")
  bin=build/corpora/${reproducer#corpora/}; bin=${bin%.textproto}.bin
  [ -f "$bin" ] || fail "$tag: reproducer $reproducer was not encoded to $bin"
  # A row that names prebuilt OpenBLAS or BLIS kernel sets is replayed under one this CPU runs;
  # the others under the caller's choice (or the library's).
  unset OPENBLAS_CORETYPE BLIS_ARCH_TYPE
  [ -z "$default_coretype" ] || export OPENBLAS_CORETYPE=$default_coretype
  [ -z "$default_blis_arch" ] || export BLIS_ARCH_TYPE=$default_blis_arch
  kernel_env=$(needs_kernel_env "$requires" "$kernel_sets" "$blis_sets")
  [ -z "$kernel_env" ] || export "${kernel_env?}"
  if [ "$requires" != - ]; then
    why=$(needs_unmet "$requires" "$(MLF_VERBOSE=1 out/replay/"$target" "$bin" 2>&1 | grep '^mlf: backend ')")
    [ -z "$why" ] || { echo "$tag: not replayed: $why"; skipped=$((skipped + 1)); continue; }
  fi
  out/replay/"$target" "$bin" >"$tmp/out" 2>&1
  matches "$tmp/out" || { cat "$tmp/out"; fail "$tag: $reproducer no longer reproduces it"; }
  n=$((n + 1))
  # Leak checking where LeakSanitizer can run (scripts/leak-check.sh), so a known leak leaks.
  leaks=0; ! mlf_leak_check "$target" || leaks=1
  # Bounded: a known hang (tag ...:hang) calls what never returns; timeout's 124 is its failure.
  ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=$leaks" MLF_REPORT_KNOWN=1 timeout -k 5 60 out/replay/"$target" "$bin" \
    >"$tmp/real" 2>&1
  status=$?
  # A crash: the harness's crash report, or death by a signal no sanitizer saw (an assertion
  # inside a prebuilt library aborts); or a leak LeakSanitizer reports.
  if grep -q '^==== mlfuzz: crash' "$tmp/real" || [ $status -gt 128 ]; then :
  elif [ $status -eq 124 ] && [[ $tag == *:hang ]]; then :
  # A hang the harness's watchdog abandoned (oracles/mlf_watchdog.h): the input's one finding
  # is the first call that never returned, which may be another library's where several hang.
  elif [ $status -eq 1 ] && [[ $tag == *:hang ]] && grep -q "^finding mlf:$target:.*:hang$" "$tmp/real"; then :
  elif grep -q 'ERROR: LeakSanitizer' "$tmp/real"; then :
  elif [ $status -eq 1 ] && matches "$tmp/real"; then :
  else cat "$tmp/real"; fail "$tag: with MLF_REPORT_KNOWN=1 it neither crashed nor was reported (exit $status)"; fi
  real=$((real + 1))
done < <(cat harnesses/*/known_findings.tsv)
[ "$n" -gt 0 ] || fail "no known findings replayed"
echo "$n known findings replay to their tags; $real also fail for real on this machine; $skipped need what it lacks;" \
  "$standalone standalone programs left to tests/integration/reproducers.sh"
