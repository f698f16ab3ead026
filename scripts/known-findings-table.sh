#!/usr/bin/env bash
# Turns oracles/known_findings.tsv into a C table (the registry compiled into every binary).
# Usage: scripts/known-findings-table.sh oracles/known_findings.tsv > table.c
set -euo pipefail
tsv=${1:?usage: $0 known_findings.tsv}
echo '/* Generated from '"$tsv"' by scripts/known-findings-table.sh; do not edit. */'
echo '#include "mlf_report.h"'
echo 'const mlf_known_finding mlf_known_findings[] = {'
awk -F'\t' '
  /^#/ || NF == 0 { next }
  NF != 5 { printf "known-findings-table: line %d has %d fields, want 5\n", NR, NF > "/dev/stderr"; bad = 1; next }
  { for (i = 1; i <= 5; i++) { gsub(/\\/, "\\\\", $i); gsub(/"/, "\\\"", $i) }
    printf "  {\"%s\", \"%s\", \"%s\", \"%s\", \"%s\"},\n", $1, $2, $3, $4, $5; n++ }
  END { if (n == 0) print "  {0, 0, 0, 0, 0},"; exit bad }' "$tsv"
echo '};'
echo "const size_t mlf_known_findings_count = $(grep -cvE '^(#|$)' "$tsv" || true);"
