#!/usr/bin/env bash
# The registry's library bugs a campaign reached (scripts/rediscover.sh). Replays every input
# of each run's final corpus (libFuzzer's corpus/, every AFL++ instance's queue/) and every
# input the run saved (crashes, hangs...) under the run's kernel set, and collects the tags
# raised ("finding <tag>" lines). Each input is replayed twice: with MLF_REPORT_KNOWN=1, which
# makes the calls that known-crash envelopes avoid (the crash itself shows, and ends that
# input's replay), and with MLF_REPORT_KNOWN=0 as the campaign ran it (an envelope raises its
# row's tag in place of the crash, and the findings after it show too). Inputs go 32 to a replay process,
# bounded by the campaign's per-input timeout plus a second an input; a batch that crashes or
# runs out of time is replayed one input at a time, each bounded by the per-input timeout.
# A registry row (harnesses/*/known_findings.tsv) whose status starts "library bug" is reached
# when a raised tag matches its tag pattern, and belongs to the targets its pattern's second
# field matches. Prints per target: rows reached / rows, and how many of those rows have a
# harness input as reproducer (the others only a standalone program); then the reached rows,
# and the library-bug rows the runs raised (CAMPAIGN/known/) that no final input shows.
# Replay outputs stay in CAMPAIGN/rediscover/.
# Usage: scripts/rediscover-count.sh CAMPAIGN_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] && [ -f "$1/runs.tsv" ] || { echo "usage: $0 CAMPAIGN_DIR (a directory of scripts/campaign.sh, with runs.tsv)" >&2; exit 2; }
dir=$1
. "$dir/campaign.env"
. scripts/campaign-engines.sh
work=$dir/rediscover
rm -rf "$work"
mkdir -p "$work/out"

# Replays files $4... of target $1 with environment entry $2 ("-" for none) and
# MLF_REPORT_KNOWN=$3, appending the tags raised to $work/tags.<target>.
replay_batch() {
  local t=$1 env=$2 report_known=$3 envs=() status=0 out f
  shift 3
  [ "$env" = - ] || read -r -a envs <<<"$env"
  out=$(mktemp "$work/out/$t.XXXXXX")
  env "${envs[@]}" MLF_REPORT_KNOWN="$report_known" ASAN_OPTIONS=detect_leaks=0 \
    timeout -k 2 $((input_timeout + $#)) out/replay/"$t" "$@" >"$out" 2>&1 || status=$?
  if [ "$status" -gt 2 ] && [ $# -gt 1 ]; then
    for f in "$@"; do replay_batch "$t" "$env" "$report_known" "$f"; done
  else
    sed -n 's/^finding //p' "$out" >>"$work/tags.$t"
  fi
}

# Every run's inputs, deduplicated by content per target.
while IFS=$'\t' read -r id t engine _ env _; do
  run=$dir/runs/$id
  [ -d "$run" ] || continue
  { if [ "$engine" = afl ]; then find "$run"/sync/*/queue -maxdepth 1 -type f -name 'id:*' 2>/dev/null
    else find "$run/corpus" -maxdepth 1 -type f 2>/dev/null; fi
    "engine_artifacts_$engine" "$run"; } | while read -r f; do
    printf '%s\t%s\t%s\t%s\n' "$t" "$env" "$(md5sum <"$f" | cut -c1-32)" "$f"
  done
done <"$dir/runs.tsv" | sort -t $'\t' -k1,1 -k3,3 -u -o "$work/inputs.tsv"
cut -f1,2 "$work/inputs.tsv" | sort -u | while IFS=$'\t' read -r t env; do
  touch "$work/tags.$t"
  awk -F'\t' -v t="$t" -v e="$env" '$1 == t && $2 == e { print $4 }' "$work/inputs.tsv" |
    while mapfile -t -n 32 batch && [ ${#batch[@]} -gt 0 ]; do
      replay_batch "$t" "$env" 1 "${batch[@]}"
      replay_batch "$t" "$env" 0 "${batch[@]}"
    done
done

# The registry's library-bug rows: pattern, whether a harness input reproduces it. Rows that
# share a pattern (one defect, reproducers in two libraries or shapes) are one line, "input"
# when any of them has a harness input: a tag matching the pattern reaches them all.
grep -hv '^#' harnesses/*/known_findings.tsv |
  awk -F'\t' '$4 ~ /^library bug/ {
    k = $2 ~ /\.c$/ ? "program" : "input"
    if (!($1 in kind)) order[n++] = $1
    if (!($1 in kind) || k == "input") kind[$1] = k
  } END { for (i = 0; i < n; i++) print order[i] "\t" kind[order[i]] }' >"$work/rows.tsv"
targets=$(cut -f2 "$dir/runs.tsv" | awk '!seen[$0]++')
known_tags=$(cat "$dir"/known/* 2>/dev/null || true)
# Rows of target $1 ("pattern<TAB>kind" lines) and whether tags in $2 (one a line) match each:
# "pattern<TAB>kind<TAB>reached (1/0)".
rows_of() {
  local pattern kind tag hit
  while IFS=$'\t' read -r pattern kind; do
    local field=${pattern#*:}
    field=${field%%:*}
    # shellcheck disable=SC2053  # the registry's field is a shell pattern
    [[ $1 == $field ]] || continue
    hit=0
    while IFS= read -r tag; do
      # shellcheck disable=SC2053
      if [ -n "$tag" ] && [[ $tag == $pattern ]]; then hit=1; break; fi
    done <<<"$2"
    printf '%s\t%s\t%s\n' "$pattern" "$kind" "$hit"
  done <"$work/rows.tsv"
}
printf '# rediscover: %s, %s s budget, %s jobs; registry library-bug rows reached by replaying\n' \
  "${dir##*/}" "$budget" "$jobs"
printf '# each run'"'"'s final corpus and saved inputs (rows: those of the target; input: rows with a\n'
printf '# harness input as reproducer; only-known: rows the runs raised that no final input shows)\n'
printf '%-22s %8s %6s %13s %10s %8s\n' target inputs rows "rows (input)" reached only-known
all_rows=0 all_input=0 all_reached=0 all_inputs=0 all_only=0
for t in $targets; do
  raised=$(sort -u "$work/tags.$t" 2>/dev/null || true)
  rows_of "$t" "$raised" >"$work/reached.$t"
  rows_of "$t" "$known_tags" >"$work/known.$t"
  n=$(wc -l <"$work/reached.$t")
  n_input=$(awk -F'\t' '$2 == "input"' "$work/reached.$t" | wc -l)
  hit=$(awk -F'\t' '$3 == 1' "$work/reached.$t" | wc -l)
  only=$(paste "$work/reached.$t" "$work/known.$t" | awk -F'\t' '$3 == 0 && $6 == 1' | wc -l)
  inputs=$(awk -F'\t' -v t="$t" '$1 == t' "$work/inputs.tsv" | wc -l)
  printf '%-22s %8d %6d %13d %10d %8d\n' "$t" "$inputs" "$n" "$n_input" "$hit" "$only"
  all_rows=$((all_rows + n)) all_input=$((all_input + n_input)) all_reached=$((all_reached + hit))
  all_inputs=$((all_inputs + inputs)) all_only=$((all_only + only))
done
printf '%-22s %8d %6d %13d %10d %8d\n' "all" "$all_inputs" "$all_rows" "$all_input" "$all_reached" "$all_only"
printf '# the registry holds %d library-bug rows in all, rows sharing a pattern counted once (%d with a harness input)\n' \
  "$(wc -l <"$work/rows.tsv")" "$(awk -F'\t' '$2 == "input"' "$work/rows.tsv" | wc -l)"
echo "# reached:"
for t in $targets; do awk -F'\t' -v t="$t" '$3 == 1 { print "  " t "  " $1 }' "$work/reached.$t"; done
