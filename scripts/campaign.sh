#!/usr/bin/env bash
# One fuzzing campaign: the chosen targets under the chosen engines and kernel sets, within one
# wall-clock budget, then triage and a report. A run is one (target, engine, kernel set), one
# after the other, each with --jobs processes (libFuzzer -fork=N; AFL++ one main and N-1
# secondary instances over one sync directory). Each run gets an equal share of the budget
# left when it starts, minus 2 s kept at the end for the report, so the campaign takes its
# budget within a few seconds; its share ends with the
# triage of what it saved (scripts/campaign-triage.sh: replay, classify, deduplicate,
# minimise), and for lemon_model LEMON's D_MAD per library pair (scripts/campaign-lemon.sh).
# Every input is bounded (libFuzzer -timeout, afl-fuzz -t) and every process by
# timeout(1). Known findings (harnesses/*/known_findings.tsv) never stop a run; the harness
# notes the ones that fire in <campaign>/known/. A terminal gets a live progress line, anything
# else a plain line every 10 s. At the end: the findings table (scripts/campaign-triage.sh),
# summary.txt and report.html (scripts/campaign-report.sh).
# Everything stays in build/campaign/<name>/ (--out changes build/campaign).
#
# Usage: scripts/campaign.sh [--seconds BUDGET] [--jobs N] [--engines libfuzzer,afl]
#          [--kernel-sets native|all|SET,...] [--input-timeout S] [--name NAME] [--out DIR]
#          [--sync-dir DIR] [--empty-seeds] [TARGET...]
#   --empty-seeds: each run starts from one empty input instead of the target's seed corpus
#   (scripts/rediscover.sh: what a campaign finds from nothing).
#   --sync-dir: AFL++ runs sync in DIR/<run id> (resumed by the next campaign) instead of the
#   run's own directory, so that DIR can be shared with other machines (README: distributed).
#   --kernel-sets: native (default) runs each target once on this CPU's own kernels; all, or a
#   list (Haswell, or qualified: openblas-Haswell, blis-haswell, onednn-AVX2), adds one run per
#   OpenBLAS kernel set (OPENBLAS_CORETYPE, for the blas_* targets:
#   harnesses/libraries/debian_blas_lapack/kernel-sets.sh), per BLIS kernel set (BLIS_ARCH_TYPE,
#   for the blas_* targets: kernel-sets.sh --blis) and per oneDNN ISA level (DNNL_MAX_CPU_ISA,
#   for targets that load oneDNN: harnesses/libraries/onednn/isa-levels.sh);
#   rotate (make fuzz) keeps one run per target and engine, each on the next kernel set in
#   turn (its OpenBLAS core type, BLIS kernel set and oneDNN ISA level, as the target loads
#   them), continuing
#   from where the last rotating campaign under the same --out stopped (<out>/.kernel-rotation),
#   so that successive campaigns give every target every kernel set.
set -euo pipefail
campaign_start=$(date +%s)
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60} jobs=$(nproc) engines=libfuzzer,afl kernel_sets=native
input_timeout=20 name=$(date +%Y%m%d-%H%M%S) root=build/campaign
usage() { awk '/^# Usage:/ { on = 1 } on && !/^#/ { exit } on { sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --engines) engines=$2; shift 2 ;;
    --kernel-sets) kernel_sets=$2; shift 2 ;;
    --input-timeout) input_timeout=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --out) root=$2; shift 2 ;;
    --sync-dir) export CAMPAIGN_AFL_SYNC_ROOT=$2; shift 2 ;;
    --empty-seeds) export CAMPAIGN_EMPTY_SEEDS=1; shift ;;
    -h|--help) usage ;;
    -*) echo "campaign: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(ls out/libfuzzer)
IFS=, read -r -a engine_list <<<"$engines"
for e in "${engine_list[@]}"; do
  case $e in libfuzzer|afl) ;; *) echo "campaign: unknown engine '$e'" >&2; exit 2 ;; esac
done
for t in "${targets[@]}"; do
  for f in out/libfuzzer/"$t" out/replay/"$t" \
           $([[ ,$engines, == *,afl,* ]] && echo out/afl/"$t" out/afl/"$t".mutator.so); do
    [ -x "$f" ] || [ -f "$f" ] || { echo "campaign: $f is not built (make $f)" >&2; exit 2; }
  done
  [ -n "${CAMPAIGN_EMPTY_SEEDS:-}" ] || compgen -G "build/corpora/$t/*.bin" >/dev/null ||
    { echo "campaign: no seed corpus build/corpora/$t/*.bin (make corpora, or --empty-seeds)" >&2; exit 2; }
done
. scripts/campaign-engines.sh

dir=$root/$name
rm -rf "$dir"
mkdir -p "$dir/runs" "$dir/known"
export MLF_KNOWN_FINDINGS_DIR=$PWD/$dir/known
unset MLF_REPORT_KNOWN

# The kernel-set runs of target $1, "<variant><TAB><VAR=VALUE or ->" per line.
openblas_sets=() blis_sets=() onednn_levels=()
if [ "$kernel_sets" != native ]; then
  mapfile -t openblas_sets < <(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
  mapfile -t blis_sets < <(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)
  mapfile -t onednn_levels < <(harnesses/libraries/onednn/isa-levels.sh)
fi
# chosen NAME VARIANT: whether --kernel-sets picks the set NAME (variant VARIANT, e.g. blis-haswell).
chosen() { [ "$kernel_sets" = all ] || [[ ,$kernel_sets, == *,$1,* || ,$kernel_sets, == *,$2,* ]]; }
uses_onednn() { grep -qa libdnnl out/libfuzzer/"$1"; }
# The targets that load BLIS (blas_lapack does not: BLIS has no LAPACK), as their replay builds
# say when they start.
declare -A loads_blis=()
for t in "${targets[@]}"; do
  if [ ${#blis_sets[@]} -gt 0 ] && [[ $t == blas_* ]] &&
     grep -q '^mlf: backend blis = ' <<<"$(MLF_VERBOSE=1 timeout 60 out/replay/"$t" /dev/null 2>&1)"; then
    loads_blis[$t]=1
  fi
done
uses_blis() { [ -n "${loads_blis[$1]:-}" ]; }
# --kernel-sets rotate: the kernel set number $2 (counting on from the last campaign) for
# target $1, as one variant "openblas-<set>+blis-<set>+onednn-<level>" with its environment
# entries.
rotation_of() {
  local names=() envs=() v id
  if [[ $1 == blas_* ]] && [ ${#openblas_sets[@]} -gt 0 ]; then
    v=${openblas_sets[$(($2 % ${#openblas_sets[@]}))]}
    names+=("openblas-$v") envs+=("OPENBLAS_CORETYPE=$v")
  fi
  if uses_blis "$1"; then
    read -r v id <<<"${blis_sets[$(($2 % ${#blis_sets[@]}))]}"
    names+=("blis-$v") envs+=("BLIS_ARCH_TYPE=$id")
  fi
  if uses_onednn "$1" && [ ${#onednn_levels[@]} -gt 0 ]; then
    v=${onednn_levels[$(($2 % ${#onednn_levels[@]}))]}
    names+=("onednn-$v") envs+=("DNNL_MAX_CPU_ISA=$v")
  fi
  if [ ${#names[@]} -eq 0 ]; then printf 'native\t-\n'; return; fi
  printf '%s\t%s\n' "$(IFS=+; echo "${names[*]}")" "${envs[*]}"
}
variants_of() {
  local any=0 v id
  if [ "$kernel_sets" = rotate ]; then printf 'rotate\t-\n'; return; fi
  if [[ $1 == blas_* ]]; then
    for v in "${openblas_sets[@]}"; do
      chosen "$v" "openblas-$v" && any=1 && printf 'openblas-%s\tOPENBLAS_CORETYPE=%s\n' "$v" "$v"
    done
  fi
  if uses_blis "$1"; then
    for v in "${blis_sets[@]}"; do
      read -r v id <<<"$v"
      chosen "$v" "blis-$v" && any=1 && printf 'blis-%s\tBLIS_ARCH_TYPE=%s\n' "$v" "$id"
    done
  fi
  if uses_onednn "$1"; then
    for v in "${onednn_levels[@]}"; do
      chosen "$v" "onednn-$v" && any=1 && printf 'onednn-%s\tDNNL_MAX_CPU_ISA=%s\n' "$v" "$v"
    done
  fi
  [ "$any" = 1 ] || printf 'native\t-\n'
}
# The plan: one line per run, "run-id target engine variant env" (env: VAR=VALUE entries
# separated by spaces, or "-").
rotation_file=$root/.kernel-rotation
rotation=$(cat "$rotation_file" 2>/dev/null || echo 0)
case $rotation in ''|*[!0-9]*) rotation=0 ;; esac
for t in "${targets[@]}"; do
  while IFS=$'\t' read -r planned planned_env; do
    for e in "${engine_list[@]}"; do
      variant=$planned env=$planned_env
      if [ "$variant" = rotate ]; then
        IFS=$'\t' read -r variant env < <(rotation_of "$t" "$rotation")
        [ "$variant" = native ] || rotation=$((rotation + 1))
      fi
      id=$t-$e
      [ "$variant" = native ] || id+=-$variant
      printf '%s\t%s\t%s\t%s\t%s\n' "$id" "$t" "$e" "$variant" "$env"
    done
  done < <(variants_of "$t")
done >"$dir/plan.tsv"
[ "$kernel_sets" != rotate ] || echo "$rotation" >"$rotation_file"
runs=$(wc -l <"$dir/plan.tsv")

# The budget: each run gets an equal share of what is left when it starts; a tenth of it (at
# least 1 s) goes to the triage of what it saved, and for lemon_model another to LEMON's
# corpus replay; what they leave unused goes to the next runs. A tenth of the budget is kept
# for the saved inputs the runs' own triage had no time for (the last run gets it when none
# are waiting), and the report keeps 2 s and a fifth of a second per target at the end.
report_reserve=$((2 + ${#targets[@]} / 5))
triage_reserve=$((seconds / 10))
deadline=$((campaign_start + seconds))
runs_end=$((deadline - report_reserve - triage_reserve))
cat >"$dir/campaign.env" <<ENV
campaign_start=$campaign_start
budget=$seconds
jobs=$jobs
input_timeout=$input_timeout
deadline=$deadline
ENV
echo "campaign $name: ${#targets[@]} targets, $runs runs (engines $engines, kernel sets $kernel_sets)," \
  "$jobs jobs each, ${seconds}s budget, $input_timeout s per input" >&2

# Progress: campaign totals over the finished runs plus the current one.
done_execs=0
progress_line() {
  local run=$1 engine=$2 execs rate cov corpus found
  read -r execs rate cov corpus found < <("engine_stats_$engine" "$run")
  local new known
  new=$(for r in "$dir"/runs/*/; do "engine_artifacts_$(cat "$r/engine")" "$r"; done | wc -l)
  known=$(find "$dir/known" -type f | wc -l)
  printf '[%4ds] %s  execs %d  exec/s %d  cov %d  corpus %d  findings new %d known %d' \
    $(($(date +%s) - campaign_start)) "${run##*/}" $((done_execs + execs)) "$rate" "$cov" \
    "$corpus" "$new" "$known"
}
tty=0
[ -t 2 ] && tty=1
# Runs the plan's line $@ in the background and reports its progress until it ends.
run_one() {
  local id=$1 t=$2 engine=$3 variant=$4 env=$5 secs=$6 run=$dir/runs/$1
  mkdir -p "$run"
  echo "$engine" >"$run/engine"
  local envs=()
  [ "$env" = - ] || read -r -a envs <<<"$env"
  "engine_run_$engine" "$run" "$t" "$secs" "$jobs" "$input_timeout" "${envs[@]}" &
  local pid=$! last_log=0 started; started=$(date +%s)
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if declare -F "engine_sample_$engine" >/dev/null && [ $((($(date +%s) - started) % 2)) = 0 ]; then
      "engine_sample_$engine" "$run" $(($(date +%s) - started)) >>"$run/samples.tsv"
    fi
    if [ "$tty" = 1 ]; then
      printf '\r\033[K%s' "$(progress_line "$run" "$engine")" >&2
    elif [ $(($(date +%s) - last_log)) -ge 10 ]; then
      last_log=$(date +%s)
      progress_line "$run" "$engine" >&2; echo >&2
    fi
  done
  wait "$pid" || true
  [ "$tty" = 0 ] || printf '\r\033[K' >&2
  echo "$(progress_line "$run" "$engine") (run done)" >&2
  local execs
  read -r execs _ < <("engine_stats_$engine" "$run")
  done_execs=$((done_execs + execs))
}

left=$runs
while IFS=$'\t' read -r id t engine variant env; do
  now=$(date +%s)
  # The last run takes the triage reserve too when no saved input is waiting for it.
  [ "$left" -gt 1 ] || [ -s "$dir/triage/not-replayed" ] || runs_end=$((deadline - report_reserve))
  share=$(((runs_end - now) / left))
  left=$((left - 1))
  after=$((share / 10 > 1 ? share / 10 : 1))
  lemon=0
  [ "$t" != lemon_model ] || lemon=$((after > 2 ? after : 2))
  fuzz=$((share - after - lemon))
  if [ "$fuzz" -lt 1 ]; then
    echo "campaign: $id skipped: no time left in the budget" >&2
    continue
  fi
  echo "campaign: $id for ${fuzz}s" >&2
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$t" "$engine" "$variant" "$env" \
    $((now - campaign_start)) "$fuzz" >>"$dir/runs.tsv"
  run_one "$id" "$t" "$engine" "$variant" "$env" "$fuzz" </dev/null
  scripts/campaign-triage.sh "$dir" "$id" $((now + share - lemon)) </dev/null
  scripts/campaign-lemon.sh "$dir" "$id" $((now + share)) </dev/null
done <"$dir/plan.tsv"

scripts/campaign-triage.sh "$dir" --pending $((deadline - report_reserve))
scripts/campaign-triage.sh "$dir"
scripts/campaign-report.sh "$dir"
cat "$dir/summary.txt"
echo "campaign $name: $(($(date +%s) - campaign_start))s wall clock for a ${seconds}s budget;" \
  "report: $dir/report.html" >&2
