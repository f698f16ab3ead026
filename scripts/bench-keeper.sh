#!/usr/bin/env bash
# Keeper bench (issue 13, the subject half): the Keeper loop (out/bench/keeper_loop) over the
# evaluation subjects of bench/keeper/subjects/ (small programs with planted defects that
# branch on OCR or speech recognition output; subjects, not fuzz targets). Per subject:
#  - branch coverage (outcomes taken / outcomes) of Keeper's clause-directed inputs, of as many
#    random real inputs (everyday words through the same pseudo-inverses and APIs), and of two
#    byte-level libFuzzer baselines, BENCH_KEEPER_BYTES_SECONDS each per subject (default 2):
#    "text", raw bytes given to the subject as the API's output (out/bench/keeper_subject_bytes:
#    it skips the API, so it also reaches branches no real API output reaches), and "media",
#    raw bytes as the pixels or samples the subject's real API reads (out/bench/keeper_media_bytes,
#    from a white page or a second of silence: the paper's Fuzzing column). A * marks a run the
#    subject crashed in;
#  - failures found against the defects the subject table says the subject carries (found:
#    the failure the defect should cause), and failures on clauses with no planted defect
#    (API limitations or pseudo-inverse misses: the clause lines in the log show each input);
#  - repair suggestions (WordNet-filtered label expansion, LIBLINEAR threshold) and how many
#    fix the defect when the subject is re-run with them on the same inputs, and on fresh
#    inputs (the loop run again with the next seed);
#  - OCR/ASR executions per second (pseudo-inverse, API and subject, each in a forked child).
# Then per engine pair (out/bench/keeper_engine_pairs, BENCH_KEEPER_PAIR_SECONDS each, default
# 60): Tesseract against ocrad on random print words rendered inside both engines' calibrated
# ranges, and PocketSphinx's full language model against the JSGF grammar covering the
# sentence (two decoders of one recogniser: Debian 12 has no second offline ASR) on random
# grammar sentences in random voices; scenes, determinable failures of each engine (the other
# read the scene right), scenes neither read right (not determinable), determinable failures
# per hour and executions per second.
# Knobs: BENCH_KEEPER_N inputs per clause (default 5), BENCH_KEEPER_SEED (default 1),
# BENCH_KEEPER_DIR (default build/bench). Output: the table on stdout and in $dir/keeper.txt,
# the loop's full report in $dir/keeper/loop.txt, each pair's failures in $dir/keeper/pairs.txt.
# Usage: scripts/bench-keeper.sh [SUBJECT...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
n=${BENCH_KEEPER_N:-5}
seed=${BENCH_KEEPER_SEED:-1}
bytes_seconds=${BENCH_KEEPER_BYTES_SECONDS:-2}
pair_seconds=${BENCH_KEEPER_PAIR_SECONDS:-60}
dir=${BENCH_KEEPER_DIR:-build/bench}
for need in out/bench/keeper_loop out/bench/keeper_subject_bytes out/bench/keeper_media_bytes \
  out/bench/keeper_engine_pairs; do
  [ -x "$need" ] || { echo "bench-keeper: $need missing (make $need)" >&2; exit 1; }
done
mkdir -p "$dir/keeper"
loop=$dir/keeper/loop.txt
echo "bench-keeper: Keeper loop, $n inputs per clause, with the random baseline and repairs" >&2
out/bench/keeper_loop --n "$n" --seed "$seed" --random --repair "$@" >"$loop" 2>"$dir/keeper/loop.stderr"

# bytes_coverage BINARY SUBJECT MEDIUM: "reached crashes" of a byte-level baseline. The media
# baseline starts from one full-size input (a white 64 x 96 page, or a second of silence).
bytes_coverage() {
  local bin=$1 subject=$2 medium=$3 work max_len=512
  work=$(mktemp -d)
  mkdir "$work/corpus" "$work/artifacts"
  if [[ $bin == *media* ]]; then
    if [ "$medium" = ocr ]; then max_len=6144; head -c $max_len /dev/zero | tr '\0' '\377' >"$work/corpus/page"
    else max_len=32000; head -c $max_len /dev/zero >"$work/corpus/silence"; fi
  fi
  KEEPER_SUBJECT=$subject KEEPER_OUTCOMES_FILE=$work/outcomes timeout $((bytes_seconds + 60)) "$bin" \
    "$work/corpus" -fork=1 -ignore_crashes=1 -max_total_time="$bytes_seconds" -timeout=10 -max_len=$max_len \
    -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1 || true
  local mask=0
  [ -s "$work/outcomes" ] && mask=$(cat "$work/outcomes")
  local reached=0
  while [ "$mask" -gt 0 ]; do reached=$((reached + (mask & 1))); mask=$((mask >> 1)); done
  echo "$reached $(find "$work/artifacts" -name 'crash-*' | wc -l)"
  rm -rf "$work"
}

# fields LINE: the key=value words of a report line into the array f.
declare -A f
fields() {
  f=()
  for kv in $1; do [[ $kv == *=* ]] && f[${kv%%=*}]=${kv#*=}; done
}

table=$dir/keeper.txt
{
  printf '# Keeper subjects: %s inputs per clause, seed %s; byte-level baseline %s s per subject\n' "$n" "$seed" "$bytes_seconds"
  printf '%-24s %-6s %-7s %-7s %-7s %-7s %-14s %-10s %-18s %s\n' subject medium keeper random text media found/defects \
    unplanted repairs/same/fresh exec/s
  text_total=0 media_total=0 branches_total=0
  while read -r line; do
    fields "$line"
    s=$(awk '{print $2}' <<<"$line")
    read -r treached tcrashes < <(bytes_coverage out/bench/keeper_subject_bytes "$s" "${f[medium]}")
    read -r mreached mcrashes < <(bytes_coverage out/bench/keeper_media_bytes "$s" "${f[medium]}")
    b=${f[branches]}
    text_total=$((text_total + treached)) media_total=$((media_total + mreached)) branches_total=$((branches_total + b))
    printf '%-24s %-6s %-7s %-7s %-7s %-7s %-14s %-10s %-18s %s\n' "$s" "${f[medium]}" "${f[keeper_coverage]}" \
      "${f[random_coverage]}" "$treached/$b$([ "$tcrashes" -gt 0 ] && echo '*')" \
      "$mreached/$b$([ "$mcrashes" -gt 0 ] && echo '*')" "${f[found]}/${f[defects]}" \
      "${f[unplanted_failures]}" "${f[repairs_suggested]}/${f[repairs_fixing]}/${f[repairs_fixing_fresh]}" "${f[exec_per_s]}"
  done < <(grep '^keeper-subject ' "$loop")
  total=$(grep '^keeper-total ' "$loop")
  echo "$total"
  awk -v b="$text_total" -v m="$media_total" -v t="$branches_total" 'BEGIN { printf "keeper-bytes-total branches=%d text_bytes_coverage=%.1f%% media_bytes_coverage=%.1f%% (* = the byte-level run crashed the subject)\n", t, t ? 100 * b / t : 0, t ? 100 * m / t : 0 }'
  echo "# per-clause detail (recall, failures, inputs that missed, repairs): $loop"
} | tee "$table"

pairs=$dir/keeper/pairs.txt
echo "bench-keeper: engine pairs, $pair_seconds s each" >&2
out/bench/keeper_engine_pairs --seconds "$pair_seconds" --seed "$seed" >"$pairs" 2>"$dir/keeper/pairs.stderr"
{
  printf '# Keeper engine pairs: %s s each, seed %s (speech: two decoders of one recogniser, PocketSphinx)\n' \
    "$pair_seconds" "$seed"
  printf '%-7s %-17s %-7s %-8s %-20s %-9s %-9s %-10s %-18s %s\n' pair engines scenes seconds "failures (1st/2nd)" \
    neither not_read findings determinable/hour exec/s
  while read -r line; do
    fields "$line"
    pair=$(awk '{print $2}' <<<"$line")
    first=${f[engines]%%,*} second=${f[engines]#*,}
    printf '%-7s %-17s %-7s %-8s %-20s %-9s %-9s %-10s %-18s %s\n' "$pair" "${f[engines]}" "${f[scenes]}" \
      "${f[seconds]}" "${f[failures_$first]}/${f[failures_$second]}" "${f[not_determinable]}" "${f[not_read]}" \
      "${f[engine_findings]}" "${f[determinable_per_hour]} (${f[per_hour_$first]}/${f[per_hour_$second]})" \
      "${f[exec_per_s]}"
  done < <(grep '^keeper-pair ' "$pairs")
  echo "# each determinable failure with its scene and both readings: $pairs"
} | tee -a "$table"
