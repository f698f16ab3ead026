#!/usr/bin/env bash
# LEMON's inconsistency amplification per library pair for the lemon_model runs of a campaign
# (scripts/campaign.sh): the seed models and the models the run added to its corpus are
# replayed with MLF_VERBOSE=1, whose backend log has one "D_MAD <library> <library> <value>"
# line per pair of backend runs (the paper's D_MAD on the model output, mean over inputs).
# Per model the run pairs of one library pair are averaged, then the models of each set: the
# amplification is the corpus mean over the seed mean, minus 1 (the paper reports 27%-357%).
# D_MAD is scale-free (rounding noise alone reaches 1 against the double reference), so this
# measures how far the campaign pushed the libraries apart, not bugs. Replays are bounded by
# DEADLINE; a replay cut short counts the models it finished.
# Appends to <campaign>/lemon.tsv: run, library pair, seed mean, seed models, corpus mean,
# corpus models ("-": not measured). Usage: scripts/campaign-lemon.sh CAMPAIGN_DIR RUN_ID DEADLINE
#   (after the run; nothing for a run of another target)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1 id=$2 deadline=$3
IFS=$'\t' read -r _ t engine _ env _ < <(awk -F'\t' -v id="$id" '$1 == id' "$dir/runs.tsv")
[ "$t" = lemon_model ] || exit 0

# Per library pair "pair<TAB>mean<TAB>models" over the models in files $3... replayed with
# the kernel set $1 ("-" or VAR=VALUE) for at most $2 seconds.
pair_means() {
  local env=$1 limit=$2 envs=()
  shift 2
  [ "$env" = - ] || read -r -a envs <<<"$env"
  [ $# -gt 0 ] && [ "$limit" -ge 1 ] || return 0
  { env "${envs[@]}" MLF_VERBOSE=1 timeout -k 2 "$limit" out/replay/lemon_model "$@" 2>/dev/null </dev/null || true; } |
    awk -v OFS='\t' '
      function flush() { for (p in s) { total[p] += s[p] / c[p]; models[p]++ }; delete s; delete c }
      /^=== / { flush() }
      /^D_MAD / { p = $2 "-" $3; s[p] += $4; c[p]++ }
      END { flush(); for (p in total) print p, total[p] / models[p], models[p] }'
}

# The inputs a run added to its corpus (not its seeds; AFL++: every instance's queue).
corpus_of() {
  case $1 in
    libfuzzer) find "$2/corpus" -maxdepth 1 -type f ! -name '*.bin' ;;
    afl) find "$2"/sync/*/queue -maxdepth 1 -type f -name 'id:*' ! -name '*orig:*' 2>/dev/null ;;
  esac
}

run=$dir/runs/$id
mapfile -t corpus < <(corpus_of "$engine" "$run" | sort)
left=$((deadline - $(date +%s)))
pair_means "$env" $((left / 3 > 1 ? left / 3 : 1)) build/corpora/lemon_model/*.bin | sort >"$run/dmad-seeds.tsv"
pair_means "$env" $((deadline - $(date +%s))) "${corpus[@]}" | sort >"$run/dmad-corpus.tsv"
join -t$'\t' -a1 -e - -o 0,1.2,1.3,2.2,2.3 "$run/dmad-seeds.tsv" "$run/dmad-corpus.tsv" |
  sed "s/^/$id\t/" >>"$dir/lemon.tsv"
