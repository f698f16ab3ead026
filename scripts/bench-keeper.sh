#!/usr/bin/env bash
# Keeper bench (issue 13, the subject half): the Keeper loop (out/bench/keeper_loop) over the
# evaluation subjects of bench/keeper/subjects/ (small programs with planted defects that
# branch on OCR or speech recognition output; subjects, not fuzz targets). Per subject:
#  - branch coverage (outcomes taken / outcomes) of Keeper's clause-directed inputs, of as many
#    random real inputs (everyday words through the same pseudo-inverses and APIs), and of
#    byte-level libFuzzer on the subject itself (out/bench/keeper_subject_bytes: raw bytes as
#    the API output, BENCH_KEEPER_BYTES_SECONDS per subject, default 3; it skips the API, so it
#    is an upper bound on what byte-level fuzzing of images or audio would reach);
#  - failures found against the defects the subject table says the subject carries (found:
#    the failure the defect should cause), and failures on clauses with no planted defect
#    (API limitations or pseudo-inverse misses: the clause lines in the log show each input);
#  - repair suggestions (WordNet-filtered label expansion, LIBLINEAR threshold) and how many
#    fix the defect when the subject is re-run with them on the same inputs, and on fresh
#    inputs (the loop run again with the next seed);
#  - OCR/ASR executions per second (pseudo-inverse, API and subject, each in a forked child).
# Knobs: BENCH_KEEPER_N inputs per clause (default 5), BENCH_KEEPER_SEED (default 1),
# BENCH_KEEPER_DIR (default build/bench). Output: the table on stdout and in $dir/keeper.txt,
# the loop's full report in $dir/keeper/loop.txt.
# Usage: scripts/bench-keeper.sh [SUBJECT...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
n=${BENCH_KEEPER_N:-5}
seed=${BENCH_KEEPER_SEED:-1}
bytes_seconds=${BENCH_KEEPER_BYTES_SECONDS:-3}
dir=${BENCH_KEEPER_DIR:-build/bench}
for need in out/bench/keeper_loop out/bench/keeper_subject_bytes; do
  [ -x "$need" ] || { echo "bench-keeper: $need missing (make $need)" >&2; exit 1; }
done
mkdir -p "$dir/keeper"
loop=$dir/keeper/loop.txt
echo "bench-keeper: Keeper loop, $n inputs per clause, with the random baseline and repairs" >&2
out/bench/keeper_loop --n "$n" --seed "$seed" --random --repair "$@" >"$loop" 2>"$dir/keeper/loop.stderr"

# bytes_coverage SUBJECT: "reached crashes" of the byte-level baseline.
bytes_coverage() {
  local work; work=$(mktemp -d)
  mkdir "$work/corpus" "$work/artifacts"
  KEEPER_SUBJECT=$1 KEEPER_OUTCOMES_FILE=$work/outcomes timeout $((bytes_seconds + 30)) out/bench/keeper_subject_bytes \
    "$work/corpus" -fork=1 -ignore_crashes=1 -max_total_time="$bytes_seconds" -timeout=5 \
    -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1 || true
  local mask=0
  [ -s "$work/outcomes" ] && mask=$(cat "$work/outcomes")
  local reached=0
  while [ "$mask" -gt 0 ]; do reached=$((reached + (mask & 1))); mask=$((mask >> 1)); done
  echo "$reached $(find "$work/artifacts" -name 'crash-*' | wc -l)"
  rm -rf "$work"
}

table=$dir/keeper.txt
{
  printf '# Keeper subjects: %s inputs per clause, seed %s; byte-level baseline %s s per subject\n' "$n" "$seed" "$bytes_seconds"
  printf '%-24s %-6s %-8s %-8s %-8s %-14s %-10s %-18s %s\n' subject medium keeper random bytes found/defects unplanted repairs/same/fresh exec/s
  bytes_total=0 branches_total=0
  while read -r line; do
    declare -A f=()
    for kv in $line; do [[ $kv == *=* ]] && f[${kv%%=*}]=${kv#*=}; done
    s=$(awk '{print $2}' <<<"$line")
    read -r breached bcrashes < <(bytes_coverage "$s")
    b=${f[branches]}
    bytes_total=$((bytes_total + breached)) branches_total=$((branches_total + b))
    printf '%-24s %-6s %-8s %-8s %-8s %-14s %-10s %-18s %s\n' "$s" "${f[medium]}" "${f[keeper_coverage]}" \
      "${f[random_coverage]}" "$breached/$b$([ "$bcrashes" -gt 0 ] && echo '*')" "${f[found]}/${f[defects]}" \
      "${f[unplanted_failures]}" "${f[repairs_suggested]}/${f[repairs_fixing]}/${f[repairs_fixing_fresh]}" "${f[exec_per_s]}"
    unset f
  done < <(grep '^keeper-subject ' "$loop")
  total=$(grep '^keeper-total ' "$loop")
  echo "$total"
  awk -v b="$bytes_total" -v t="$branches_total" 'BEGIN { printf "keeper-bytes-total branches=%d bytes_coverage=%.1f%% (* = the byte-level run crashed the subject)\n", t, t ? 100 * b / t : 0 }'
  echo "# per-clause detail (recall, failures, inputs that missed, repairs): $loop"
} | tee "$table"
