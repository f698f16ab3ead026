#!/usr/bin/env bash
# Tabulates where each OpenBLAS or BLIS registry row shows: replays the row's regress input
# with MLF_REPORT_KNOWN=1 (a known crash is really called) once per OpenBLAS backend and, for
# the prebuilt ones, once per kernel set this CPU runs (OPENBLAS_CORETYPE; the instrumented
# build's kernels are fixed when it is built); a BLIS row once per BLIS kernel set this CPU runs
# (BLIS_ARCH_TYPE). Rows: those whose tag or needs field names openblas or blis.
# Prints one line per replay (the replay driver reads the textproto): tag, reproducer, backend,
# core, outcome (crash[:buffer], other-crash, reported, hang, no, unusable: see outcome()).
# Usage: scripts/kernel-set-matrix.sh [--only REGEX] [--cores "NAME..."]   (REGEX matches tags;
# OpenBLAS cores default to harnesses/libraries/debian_blas_lapack/kernel-sets.sh, BLIS kernel
# sets are those of kernel-sets.sh --blis); OUT as in the Makefile.
set -euo pipefail
cd "$(dirname "$0")/.."
only='' cores=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
blis_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)
while [ $# -gt 0 ]; do
  case $1 in
    --only) only=$2; shift 2 ;;
    --cores) cores=$2; shift 2 ;;
    *) echo "usage: $0 [--only REGEX] [--cores \"NAME...\"]" >&2; exit 2 ;;
  esac
done
replay=${OUT:-out}/replay
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT

# outcome TARGET INPUT BACKEND PATTERN: replays INPUT under the caller's environment and prints
# how it ended: crash (the harness's crash report naming BACKEND, or death by a signal; with
# the buffer whose guard page it hit, e.g. crash:x), hang (killed after 60 s), reported (a
# finding line matching PATTERN), unusable (exit 2), else no.
outcome() {
  local status=0 f matched=
  ASAN_OPTIONS=detect_leaks=0:symbolize=0 MLF_REPORT_KNOWN=1 timeout -k 5 60 "$replay/$1" "$2" \
    >"$scratch" 2>&1 || status=$?
  # (a loop, not grep -q: grep closing the pipe early would fail the test under pipefail)
  # shellcheck disable=SC2053  # the pattern is a glob on purpose
  while read -r f; do [[ $f != $4 ]] || matched=1; done < <(sed -n 's/^finding //p' "$scratch")
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then echo hang
  elif grep -q "^==== mlfuzz: crash in .* backend $3 ====" "$scratch" ||
       { [ "$status" -gt 128 ] && ! grep -q '^==== mlfuzz: crash' "$scratch"; }; then
    echo "crash$(sed -n "s/^mlf: guard buffer '\([^']*\)'.*/:\1/p" "$scratch" | head -n 1)"
  elif grep -q '^==== mlfuzz: crash' "$scratch"; then echo "other-crash"
  elif [ -n "$matched" ]; then echo reported
  elif [ "$status" -eq 2 ]; then echo unusable
  else echo no; fi
}

printf 'tag\treproducer\tbackend\tcore\toutcome\n'
cat harnesses/*/known_findings.tsv | while IFS=$'\t' read -r tag reproducer needs _; do
  case $tag in ''|\#*) continue ;; esac
  [[ $reproducer == *.textproto ]] || continue
  [[ $tag == *:openblas* || $needs == openblas* || $tag == *:blis:* || $needs == blis* ]] || continue
  [[ -z $only || $tag =~ $only ]] || continue
  IFS=: read -r _ target _ rest <<<"$tag"
  if [[ $tag == *:blis:* || $needs == blis* ]]; then
    while read -r name id; do
      result=$(MLF_BLAS_BACKENDS=blis,netlib BLIS_ARCH_TYPE=$id \
                 outcome "$target" "$reproducer" blis "mlf:$target:blis:$rest")
      printf '%s\t%s\t%s\t%s\t%s\n' "$tag" "$(basename "$reproducer" .textproto)" blis "$name" "$result"
    done <<<"$blis_sets"
    continue
  fi
  # Each OpenBLAS backend alone, whatever backend the row's tag names, so that the table shows
  # every build the defect is in; the pattern checked is the row's with that backend.
  for backend in openblas openblas-pthread openblas-openmp openblas-serial; do
    if [ "$backend" = openblas ]; then core_list=fixed; else core_list=$cores; fi
    for core in $core_list; do
      # netlib stays in, for the judgements that compare against the reference library.
      result=$(export MLF_BLAS_BACKENDS=$backend,netlib MLF_LAPACK_BACKENDS=$backend,netlib
               [ "$core" = fixed ] || export OPENBLAS_CORETYPE=$core
               outcome "$target" "$reproducer" "$backend" "mlf:$target:$backend:$rest")
      printf '%s\t%s\t%s\t%s\t%s\n' "$tag" "$(basename "$reproducer" .textproto)" "$backend" "$core" "$result"
    done
  done
done
