# The campaign triage's classifier (scripts/triage-classify.sh) on replay outputs of every
# kind, run as the triage runs it (set -euo pipefail): each output gets its key, kind, status
# and note. Among them a sanitizer crash with no guard-page line, which once ended the triage,
# and with it the campaign, because the guard line's grep found nothing.
. "$(dirname "$0")/common.bash"
. scripts/triage-classify.sh
t=blas_level1

# expect NAME STATUS WANT: classify of $tmp/NAME (replay exit status STATUS) prints WANT.
expect() {
  local got status
  # not in an || list: there bash would ignore set -e inside the substitution too
  got=$(set -euo pipefail; classify "$tmp/$1" "$2" "$tmp/$1.input" "$t")
  status=$?
  [ "$status" -eq 0 ] || fail "$1: classify ended with status $status under set -euo pipefail"
  [ "$got" = "$3" ] || fail "$1: classify printed '$got', want '$3'"
  echo "$1: ${got%%$'\t'*}"
}

stack='    #0 0x7f3a12 in srot_k (/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3+0x1a2b)
    #1 0x55e012 in cblas_srot (/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3+0x3c4d)
    #2 0x55e013 in level1_call_rot /work/main/harnesses/blas/level1_calls.c:88:5
    #3 0x55e014 in LLVMFuzzerTestOneInput /work/main/harnesses/blas/blas_level1_fuzzer.c:40:3'

cat >"$tmp/crash" <<EOF
==77==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010 (pc 0x7f3a12 T0)
$stack
SUMMARY: AddressSanitizer: SEGV (/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3+0x1a2b) in srot_k
EOF
expect crash 1 "crash:$t:SEGV:srot_k|cblas_srot|level1_call_rot	crash	new	-"

{ echo 'mlf: guard page: atlas srot read 4 bytes past the end of x'; cat "$tmp/crash"; } >"$tmp/guarded"
expect guarded 1 "crash:$t:SEGV:srot_k|cblas_srot|level1_call_rot	crash	new	guard page: atlas srot read 4 bytes past the end of x"

# A crash the harness's own handler reported (no sanitizer summary): the kind is "signal".
{ echo '==== mlfuzz: crash in srot_k while running backend atlas'; echo "$stack"; } >"$tmp/handler"
expect handler 1 "crash:$t:signal:srot_k|cblas_srot|level1_call_rot	crash	new	-"

cat >"$tmp/verdicts" <<'EOF'
--- backends ---
atlas: srot n=4
--- findings ---
finding mlf:blas_level1:atlas:srot:nan-lost
  element 3 of x
  known: ATLAS's srot drops a NaN
finding mlf:blas_level1:blis:srot:nan-lost
  element 3 of x
verdict: mlf:blas_level1:atlas:srot:nan-lost
EOF
expect verdicts 1 "mlf:blas_level1:blis:srot:nan-lost	finding	new	-"

sed '/^finding mlf:blas_level1:blis/,/^  element/d' "$tmp/verdicts" >"$tmp/known"
expect known 1 "mlf:blas_level1:atlas:srot:nan-lost	finding	known	ATLAS's srot drops a NaN"

printf '%s\n' '==77==ERROR: LeakSanitizer: detected memory leaks' "$stack" >"$tmp/leak"
expect leak 1 "leak:$t:srot_k|cblas_srot|level1_call_rot	leak	new	-"

echo "$stack" >"$tmp/hang"
expect hang 124 "hang:$t:srot_k|cblas_srot|level1_call_rot	hang	new	-"

echo 'verdict: ok' >"$tmp/ok"
expect ok 0 "not-reproduced:$t	not-reproduced	unconfirmed	the replay shows no finding"
expect ok 2 "unusable:$t	unusable	unconfirmed	the replay could not read it as a message"
