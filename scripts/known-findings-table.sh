#!/usr/bin/env bash
# Turns known-findings registries (harnesses/<family>/known_findings.tsv) into one C table, the
# registry compiled into a family's binaries. No file gives an empty registry.
# Usage: scripts/known-findings-table.sh [known_findings.tsv ...] > table.c
set -euo pipefail
echo "/* Generated from ${*:-no registry} by scripts/known-findings-table.sh; do not edit. */"
echo '#include "mlf_report.h"'
echo 'const mlf_known_finding mlf_known_findings[] = {'
awk -F'\t' '
  /^#/ || NF == 0 { next }
  NF != 5 { printf "known-findings-table: %s line %d has %d fields, want 5\n", FILENAME, FNR, NF > "/dev/stderr"; bad = 1; next }
  { for (i = 1; i <= 5; i++) { gsub(/\\/, "\\\\", $i); gsub(/"/, "\\\"", $i) }
    printf "  {\"%s\", \"%s\", \"%s\", \"%s\", \"%s\"},\n", $1, $2, $3, $4, $5; n++ }
  END { if (n == 0) print "  {0, 0, 0, 0, 0},"; exit bad }' "$@" </dev/null
echo '};'
echo "const size_t mlf_known_findings_count = $(cat "$@" </dev/null | grep -cvE '^(#|$)' || true);"
