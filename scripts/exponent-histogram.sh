#!/usr/bin/env bash
# Histogram of the binary exponents a corpus reached, per scalar field: every input of the
# given corpus directories (or of a campaign's final corpora: build/campaign/<name>, whose
# runs/<target>-libfuzzer*/corpus and AFL++ queues are read) goes through
# `out/replay/<target> --exponents`, and for each field path (element indices dropped) the
# script prints the values per class (zero, subnormal, inf, nan, named specials), the
# exponents in buckets of 16 (e.g. [-1024,-1008)), and which threshold windows of float and
# double (overflow, smallest normal, smallest subnormal, Blue's scaling thresholds, square
# roots, subnormal range: harnesses/mlf_exponents.c) some value reached; then the windows
# reached by any field, of all. With --png FILE, also a gnuplot heat map (field x bucket).
# Usage: scripts/exponent-histogram.sh [--png FILE] TARGET DIR...
set -euo pipefail
cd "$(dirname "$0")/.."
png=
if [ "${1:-}" = --png ]; then png=$2; shift 2; fi
[ $# -ge 2 ] || { echo "usage: $0 [--png FILE] TARGET CORPUS_OR_CAMPAIGN_DIR..." >&2; exit 2; }
t=$1; shift
replay=out/replay/$t
[ -x "$replay" ] || { echo "exponent-histogram: $replay missing (make $replay)" >&2; exit 2; }
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The inputs: a campaign directory's final corpora of this target, or every file of a corpus.
for d in "$@"; do
  if [ -d "$d/runs" ]; then
    find "$d"/runs/"$t"-libfuzzer*/corpus -type f 2>/dev/null || true
    find "$d"/runs/"$t"-afl* -path '*/queue/id:*' -type f 2>/dev/null || true
  else
    find "$d" -type f ! -name '.*'
  fi
done >"$scratch/inputs"
[ -s "$scratch/inputs" ] || { echo "exponent-histogram: no inputs of $t in $*" >&2; exit 2; }

# Every run bounded: batches of 200 inputs, 20 s each (a listing, no library call).
tr '\n' '\0' <"$scratch/inputs" |
  xargs -0 -n 200 timeout 20 "$replay" --exponents >"$scratch/listing" 2>"$scratch/errors" || true
grep -q . "$scratch/listing" || { cat "$scratch/errors" >&2; exit 2; }

echo "# $t: $(wc -l <"$scratch/inputs") inputs from $*"
awk -F'\t' -v matrix="$scratch/matrix" '
  function bucket(e) { return 16 * int((e + 1088) / 16) - 1088 }
  $1 == "window" { key = $2 ":" $3; if (!(key in lo)) { order[++nw] = key; lo[key] = $4; hi[key] = $5 }; next }
  $1 != "scalar" { next }
  {
    f = $3; if (!(f in n)) fields[++nf] = f; n[f]++
    if ($5 == "-") { cls[f, $4]++; classes[$4] = 1; next }
    if ($4 == "subnormal") cls[f, "subnormal"]++
    b = bucket($5 + 0); hist[f, b]++
    for (i = 1; i <= nw; i++) if ($5 + 0 >= lo[order[i]] && $5 + 0 <= hi[order[i]]) { hit[f, order[i]] = 1; any[order[i]] = 1 }
  }
  END {
    for (i = 1; i <= nf; i++) {
      f = fields[i]; line = ""
      for (c in classes) if (cls[f, c]) line = line " " c "=" cls[f, c]
      if (cls[f, "subnormal"]) line = line " subnormal=" cls[f, "subnormal"]
      printf "%s\tvalues %d%s\n", f, n[f], line
      line = ""
      for (b = -1088; b <= 1088; b += 16) if (hist[f, b]) line = line sprintf(" [%d,%d):%d", b, b + 16, hist[f, b])
      printf "  exponents%s\n", line == "" ? " none" : line
      line = ""; k = 0
      for (j = 1; j <= nw; j++) if (hit[f, order[j]]) { line = line " " order[j]; k++ }
      printf "  windows %d of %d:%s\n", k, nw, line
      for (b = -1088; b <= 1088; b += 16) if (hist[f, b]) printf "%d\t%d\t%d\n", i - 1, b, hist[f, b] > matrix
    }
    line = ""; k = 0
    for (j = 1; j <= nw; j++) if (j in order && any[order[j]]) { k++ } else line = line " " order[j]
    printf "all fields: %d of %d threshold windows reached; missed:%s\n", k, nw, line == "" ? " none" : line
  }' "$scratch/listing"

if [ -n "$png" ]; then
  awk -F'\t' '$1 == "scalar" && !seen[$3]++ { print $3 }' "$scratch/listing" |
    awk '{ printf "%s\"%s\" %d", (NR > 1 ? ", " : ""), $0, NR - 1 }' >"$scratch/ytics"
  gnuplot <<GNUPLOT
set terminal png size 1400,$((200 + 22 * $(awk -F'\t' '$1 == "scalar" && !seen[$3]++' "$scratch/listing" | wc -l)))
set output "$png"
set title "$t: values per binary exponent bucket (width 16)" noenhanced
set ytics noenhanced
set xlabel "binary exponent"
set ytics ($(cat "$scratch/ytics")) font ",8"
set logscale cb
set xrange [-1100:1100]
plot "$scratch/matrix" using (\$2 + 8):1:(8):(0.45):3 with boxxyerror fs solid lc palette notitle
GNUPLOT
  echo "heat map: $png"
fi
