#!/usr/bin/env bash
# make rediscover: how many of the registry's library bugs a campaign finds from nothing.
# One campaign (scripts/campaign.sh --empty-seeds: every run starts from one empty input, known
# findings suppressed so they do not stop the search) over the targets, --jobs processes at a
# time, that gives each target CPU seconds of fuzzing (--cpu-per-target, default 600: the
# campaign's wall clock is CPU x targets / jobs, shared by the target's engines), or BUDGET
# seconds of wall clock in all (--seconds); then scripts/rediscover-count.sh replays its final
# corpora and saved inputs with known findings reported and prints, per target and in all,
# which registry library-bug rows the campaign reached against the registry's total.
# Everything stays in build/rediscover/<name>/ (the campaign in <name>/, the table in
# <name>/rediscover.txt).
# Usage: scripts/rediscover.sh [--cpu-per-target CPU | --seconds BUDGET] [--jobs N]
#          [--engines E,...] [--kernel-sets SETS] [--name NAME] [TARGET...]
#        (default: 600 CPU seconds per target, one process per core, every target)
set -euo pipefail
cd "$(dirname "$0")/.."
cpu_per_target=${REDISCOVER_CPU_SECONDS:-600} seconds='' jobs=$(nproc)
name=$(date +%Y%m%d-%H%M%S) campaign_args=()
usage() { awk '/^# Usage:/ { on = 1 } on && !/^#/ { exit } on { sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
whole() { case $2 in ''|*[!0-9]*) echo "rediscover: $1 wants a whole number, not '$2'" >&2; exit 2 ;; esac; }
while [ $# -gt 0 ]; do
  case $1 in
    --cpu-per-target) cpu_per_target=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --engines|--kernel-sets) campaign_args+=("$1" "$2"); shift 2 ;;
    -h|--help) usage ;;
    -*) echo "rediscover: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
whole --cpu-per-target "$cpu_per_target"
whole --jobs "$jobs"
[ "$jobs" -ge 1 ] || { echo "rediscover: --jobs wants at least 1" >&2; exit 2; }
if [ -z "$seconds" ]; then
  targets=$#
  [ "$targets" -gt 0 ] || targets=$(ls out/libfuzzer | wc -l)
  seconds=$(( (cpu_per_target * targets + jobs - 1) / jobs ))
fi
whole --seconds "$seconds"
scripts/campaign.sh --empty-seeds --seconds "$seconds" --jobs "$jobs" --name "$name" \
  --out build/rediscover "${campaign_args[@]}" "$@" >/dev/null
scripts/rediscover-count.sh "build/rediscover/$name" | tee "build/rediscover/$name/rediscover.txt"
