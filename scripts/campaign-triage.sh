#!/usr/bin/env bash
# Triage of a campaign (scripts/campaign.sh), run after each run and once at the end.
# After a run: replays every input it saved (crashes, timeouts/hangs, leaks, ooms), earliest
# first, each bounded (the campaign's per-input timeout, never past DEADLINE), and keys it:
#   a finding tag      the first tag of the replay that the registry does not know, or, when
#                      the registry knows them all, the first (then the finding is known; the
#                      replay prints the registry's explanation, kept as the finding's note);
#   crash:<target>:<sanitizer error>:<top 3 frames>   a sanitizer report (stack deduplication);
#   leak:<target>:<top 3 frames>, hang:<target>:<top 3 frames> (the replay stopped with SIGABRT
#   past the timeout, ASan prints where it was), oom:<target> (libFuzzer's memory limit);
#   not-reproduced:<target> when the replay shows nothing.
# An input identical to one already replayed for the target is skipped. The first input of a
# new key is minimised when the target's replay driver has --minimize (out/replay/<t>
# --minimize IN OUT), within the deadline. Appends to triage/replays.tsv (key kind status target
# run first-seen input kernel-set output note) and triage/minimised.tsv (key input note).
# At the end (no run given): inputs with the same key are one finding, with its count, first
# seen (seconds into the campaign, from the saved file's time), runs and earliest (or its
# minimised) input: <campaign>/findings.tsv, one a line: key kind status target runs
# first-seen count input reproduce-command note ("-" for none); status new, known or unconfirmed.
# Usage: scripts/campaign-triage.sh CAMPAIGN_DIR RUN_ID DEADLINE     (after a run)
#        scripts/campaign-triage.sh CAMPAIGN_DIR --pending DEADLINE  (what the runs left)
#        scripts/campaign-triage.sh CAMPAIGN_DIR                     (the findings table)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
. "$dir/campaign.env"
. scripts/campaign-engines.sh
. scripts/triage-classify.sh
mkdir -p "$dir/triage/out" "$dir/triage/min"
touch "$dir/triage/replays.tsv" "$dir/triage/minimised.tsv" "$dir/triage/inputs-seen" \
  "$dir/triage/not-replayed"

# Replays input $3 of target $2 with the run's kernel set $4 ("-" or VAR=VALUE) into $1,
# bounded by $5 seconds (then SIGABRT: ASan prints the stack of the hang). Its exit status.
replay() {
  local out=$1 t=$2 file=$3 env=$4 limit=$5 envs=() leaks=0
  [ "$env" = - ] || read -r -a envs <<<"$env"
  ! mlf_leak_check "$t" || leaks=1
  env "${envs[@]}" ASAN_OPTIONS="symbolize=1:handle_abort=1:detect_leaks=$leaks" \
    UBSAN_OPTIONS=print_stacktrace=1 timeout -s ABRT -k 2 "$limit" out/replay/"$t" "$file" \
    >"$out" 2>&1 </dev/null
}

# Whether target $1's replay driver minimises (another part of the project builds it).
can_minimize() { grep -q -- '--minimize' <<<"$(out/replay/"$1" 2>&1)"; }

# Minimises input $2 of new key $1 of kind $6 (target $3, kernel set $4) before the deadline
# $5 (its budget two thirds of the time left: a run under way may end past the budget),
# keeping the key's own tag for a finding (an input's first finding may be a known one), and
# records "key<TAB>input<TAB>note" in triage/minimised.tsv.
minimise() {
  local key=$1 file=$2 t=$3 env=$4 deadline=$5 kind=$6 envs=() left tag=()
  local min; min=$dir/triage/min/$(sha1sum <<<"$key" | cut -c1-12).bin
  [ "$env" = - ] || read -r -a envs <<<"$env"
  [ "$kind" != finding ] || tag=(--tag "$key")
  left=$((deadline - $(date +%s)))
  if [ "$left" -gt 2 ] && env "${envs[@]}" timeout -k 2 $((left - 1)) \
       out/replay/"$t" --minimize "${tag[@]}" --budget $(((left - 1) * 2 / 3)) "$file" "$min" >"$min.log" 2>&1 </dev/null &&
       [ -s "$min" ]; then
    printf '%s\t%s\tminimised from %s to %s bytes\n' "$key" "$min" "$(stat -c %s "$file")" \
      "$(stat -c %s "$min")" >>"$dir/triage/minimised.tsv"
  else
    printf '%s\t%s\tnot minimised (%s)\n' "$key" "$file" \
      "$([ "$left" -gt 2 ] && echo "see $min.log" || echo "no time left")" >>"$dir/triage/minimised.tsv"
  fi
}

# Replays the inputs run $1 saved, earliest first, before the deadline $2.
triage_run() {
  local engine
  engine=$(cat "$dir/runs/$1/engine")
  "engine_artifacts_$engine" "$dir/runs/$1" | triage_files "$1" "$2"
}

# Replays the inputs the runs' own triage had no time for, before the deadline $1 (the
# campaign keeps a share of its budget for them); what is still left stays listed.
triage_pending() {
  local pending=$dir/triage/pending id
  mv "$dir/triage/not-replayed" "$pending"
  touch "$dir/triage/not-replayed"
  for id in $(sed "s#^$dir/runs/##; s#/.*##" "$pending" | sort -u); do
    grep -F "$dir/runs/$id/" "$pending" | triage_files "$id" "$1"
  done
  rm -f "$pending"
}

# Replays the saved inputs of run $1 named on standard input, earliest first, before the
# deadline $2; those it has no time for go to triage/not-replayed.
triage_files() {
  local id=$1 deadline=$2 t env
  IFS=$'\t' read -r _ t _ _ env _ < <(awk -F'\t' -v id="$id" '$1 == id' "$dir/runs.tsv")
  local minimizer=0
  ! can_minimize "$t" || minimizer=1
  while read -r f; do
    printf '%s\t%s\n' "$(stat -c %Y "$f")" "$f"
  done | sort -n | while IFS=$'\t' read -r mtime file; do
    local sum left n out status=0 key kind known note
    sum=$t:$(sha1sum <"$file" | cut -c1-40)
    ! grep -qxF "$sum" "$dir/triage/inputs-seen" || continue
    left=$((deadline - $(date +%s)))
    if [ "$left" -lt 2 ]; then echo "$file" >>"$dir/triage/not-replayed"; continue; fi
    echo "$sum" >>"$dir/triage/inputs-seen"
    n=$(($(wc -l <"$dir/triage/replays.tsv") + 1))
    out=$dir/triage/out/$n.txt
    replay "$out" "$t" "$file" "$env" $((left - 1 < input_timeout ? left - 1 : input_timeout)) || status=$?
    IFS=$'\t' read -r key kind known note < <(classify "$out" "$status" "$file" "$t")
    local first=1
    ! cut -f1 "$dir/triage/replays.tsv" | grep -qxF "$key" || first=0
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$key" "$kind" "$known" "$t" "$id" \
      $((mtime - campaign_start)) "$file" "$env" "$out" "$note" >>"$dir/triage/replays.tsv"
    if [ "$first" = 1 ] && [ "$known" = new ] && [ "$minimizer" = 1 ]; then
      minimise "$key" "$file" "$t" "$env" "$deadline" "$kind"
    fi
  done
}

# findings.tsv: one line per key, from its first replay, with the count and the runs.
findings_table() {
  awk -F'\t' -v OFS='\t' '
    FILENAME ~ /minimised/ { min[$1] = $2; mnote[$1] = $3; next }
    !($1 in first) { first[$1] = $0; order[++n] = $1 }
    { count[$1]++; if (index("," runs[$1] ",", "," $5 ",") == 0) runs[$1] = runs[$1] (runs[$1] ? "," : "") $5 }
    END {
      for (i = 1; i <= n; i++) {
        k = order[i]; split(first[k], f, "\t")
        input = (k in min) ? min[k] : f[7]
        note = f[10]; if (k in mnote) note = (note == "-" ? "" : note "; ") mnote[k]
        cmd = (f[8] == "-" ? "" : f[8] " ") "out/replay/" f[4] " " input
        print k, f[2], f[3], f[4], runs[k], f[6], count[k], input, cmd, note
      }
    }' "$dir/triage/minimised.tsv" "$dir/triage/replays.tsv" >"$dir/findings.tsv"
  echo "triage: $(wc -l <"$dir/triage/replays.tsv") inputs replayed, $(wc -l <"$dir/findings.tsv")" \
    "distinct findings ($(awk -F'\t' '$3 == "new"' "$dir/findings.tsv" | wc -l) new)," \
    "$(wc -l <"$dir/triage/not-replayed") not replayed (out of time)" >&2
}

case $# in
  3) if [ "$2" = --pending ]; then triage_pending "$3"; else triage_run "$2" "$3"; fi ;;
  *) findings_table ;;
esac
