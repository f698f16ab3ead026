#!/usr/bin/env bash
# make rediscover: how many of the registry's library bugs a campaign finds from nothing.
# One campaign (scripts/campaign.sh --empty-seeds: every run starts from one empty input, known
# findings suppressed so they do not stop the search) of BUDGET seconds of wall clock over the
# targets, --jobs processes at a time; then scripts/rediscover-count.sh replays its final
# corpora and saved inputs with known findings reported and prints, per target and in all,
# which registry library-bug rows the campaign reached against the registry's total.
# Everything stays in build/rediscover/<name>/ (the campaign in <name>/, the table in
# <name>/rediscover.txt).
# Usage: scripts/rediscover.sh [--seconds BUDGET] [--jobs N] [--engines E,...]
#          [--kernel-sets SETS] [--name NAME] [TARGET...]     (default: 600 s, every target)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${REDISCOVER_SECONDS:-600} name=$(date +%Y%m%d-%H%M%S) campaign_args=()
usage() { awk '/^# Usage:/ { on = 1 } on && !/^#/ { exit } on { sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --jobs|--engines|--kernel-sets) campaign_args+=("$1" "$2"); shift 2 ;;
    -h|--help) usage ;;
    -*) echo "rediscover: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
case $seconds in ''|*[!0-9]*) echo "rediscover: --seconds wants a whole number, not '$seconds'" >&2; exit 2 ;; esac
scripts/campaign.sh --empty-seeds --seconds "$seconds" --name "$name" --out build/rediscover \
  "${campaign_args[@]}" "$@" >/dev/null
scripts/rediscover-count.sh "build/rediscover/$name" | tee "build/rediscover/$name/rediscover.txt"
