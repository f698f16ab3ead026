#!/usr/bin/env bash
# Sums the per-function counts aNNoTest targets leave in a directory while they run
# (MLF_ANNOTEST_STATS_DIR=DIR: DIR/annotest-stats.<pid>.tsv, one per process, e.g. per
# libFuzzer fork job) and prints per function: calls, rejections, @require rejections and
# their rate among calls, findings; then the totals.
# Usage: scripts/annotest-stats.sh DIR
set -euo pipefail
[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: $0 DIR (a directory MLF_ANNOTEST_STATS_DIR pointed to)" >&2; exit 2; }
shopt -s nullglob
files=("$1"/annotest-stats.*.tsv)
[ ${#files[@]} -gt 0 ] || { echo "annotest-stats: no annotest-stats.*.tsv in $1" >&2; exit 1; }
awk -F'\t' '
  { if (!($1 in calls)) order[n++] = $1
    calls[$1] += $2; rejected[$1] += $3; required[$1] += $4; findings[$1] += $5 }
  END {
    printf "%-34s %10s %10s %10s %9s %8s\n", "function", "calls", "rejected", "@require", "@req.rate", "findings"
    for (i = 0; i < n; i++) { f = order[i]
      printf "%-34s %10d %10d %10d %8.2f%% %8d\n", f, calls[f], rejected[f], required[f],
        calls[f] ? 100 * required[f] / calls[f] : 0, findings[f]
      tc += calls[f]; tr += rejected[f]; tq += required[f]; tf += findings[f] }
    printf "%-34s %10d %10d %10d %8.2f%% %8d\n", "total", tc, tr, tq, tc ? 100 * tq / tc : 0, tf }' "${files[@]}"
