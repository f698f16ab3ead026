# shellcheck shell=bash
# The key of one replay of a saved input (sourced by scripts/campaign-triage.sh): classify
# reads the replay's output and exit status and prints "key<TAB>kind<TAB>status<TAB>note";
# top_frames gives the stack part of crash, leak and hang keys. Both are safe under
# set -euo pipefail, where the triage runs: a grep that finds nothing ends neither.
# tests/integration/triage_classify.sh feeds them replay outputs of every kind.

# "f1|f2|f3": the first three frames of the first stack in replay output $1 that are not the
# sanitizer runtime or the C library's abort path (unsymbolized frames: module+offset).
top_frames() {
  awk '/^ *#[0-9]+ 0x[0-9a-f]+ / {
      if ($1 == "#0" && seen) exit
      seen = 1
      fn = ($3 == "in") ? $4 : $3
      sub(/^\(.*\//, "", fn); sub(/\)$/, "", fn)
      if (fn ~ /^(__asan|__interceptor|___interceptor|__sanitizer|__ubsan|__lsan|__libc_|__GI_|__pthread_kill)/ ||
          fn ~ /^(abort|raise|malloc|calloc|realloc|free|pthread_kill|gsignal)$/) next
      out = out (n++ ? "|" : "") fn
      if (n == 3) exit
    }
    END { print out }' "$1"
}

# The key of replay output $1 (exit status $2) of input $3 of target $4, and whether the
# registry knows it: "key<TAB>kind<TAB>status<TAB>note", status new, known, or unconfirmed (the
# replay shows nothing, or cannot read the input).
classify() {
  local out=$1 status=$2 file=$3 t=$4
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    printf 'hang:%s:%s\thang\tnew\t-\n' "$t" "$(top_frames "$out")"
  elif grep -qE 'ERROR: [A-Za-z]*Sanitizer: [A-Za-z]|runtime error:|^==== mlfuzz: crash' "$out" &&
       ! grep -q 'ERROR: LeakSanitizer' "$out"; then
    local what
    what=$(sed -n 's/^SUMMARY: [A-Za-z]*Sanitizer: \([^ ]*\).*/\1/p' "$out" | head -n 1)
    # the guard page's report, when a guard page caught it (a crash elsewhere has none: no
    # match must not end the triage, and with it the campaign, under set -e and pipefail)
    local guard; guard=$(grep -m1 '^mlf: ' "$out" | cut -c6- || true)
    printf 'crash:%s:%s:%s\tcrash\tnew\t%s\n' "$t" "${what:-signal}" "$(top_frames "$out")" "${guard:--}"
  elif grep -q '^verdict: ' "$out" && ! grep -q '^verdict: ok$' "$out"; then
    # "tag<TAB>explanation" per finding, explanation empty when the registry does not know it
    awk '/^finding / { if (tag) print tag "\t" known; tag = $2; known = "" }
         /^  known: / && tag { known = substr($0, 10) }
         /^--- / || /^verdict: / { if (tag) print tag "\t" known; tag = "" }' "$out" |
      awk -F'\t' '$2 == "" && !new { new = $1 } !first { first = $1; note = $2 }
        END { if (new) printf "%s\tfinding\tnew\t-\n", new; else printf "%s\tfinding\tknown\t%s\n", first, (note == "" ? "-" : note) }'
  elif grep -q 'ERROR: LeakSanitizer' "$out"; then
    printf 'leak:%s:%s\tleak\tnew\t-\n' "$t" "$(top_frames "$out")"
  elif [[ ${file##*/} == oom-* ]]; then
    printf 'oom:%s\toom\tnew\tlibFuzzer -rss_limit_mb (2048) ended this input; the replay has no limit\n' "$t"
  elif [ "$status" -eq 2 ]; then
    printf 'unusable:%s\tunusable\tunconfirmed\tthe replay could not read it as a message\n' "$t"
  else
    printf 'not-reproduced:%s\tnot-reproduced\tunconfirmed\tthe replay shows no finding\n' "$t"
  fi
}
