# The "needs" field of a registry row (harnesses/*/known_findings.tsv, third column): "-" (every
# machine), or "<backend> <text>[|<text>...]": the backend's identity (MLF_VERBOSE=1 prints
# "mlf: backend NAME = IDENTITY") contains one of the texts, e.g. "openblas-serial core
# SkylakeX|core Cooperlake" or "blis kernels haswell|kernels zen3"; or the excluding form
# "<backend> !<text>[|<text>...]": the backend is loaded and its identity contains none of
# them, e.g. "openblas-serial !core Prescott|core Nehalem". A text matches as a substring:
# "kernels zen" matches zen2 and zen3 too, "kernels zen (" only zen (BLIS's identity goes on
# "(BLIS_ARCH_TYPE 8)").
# Sourced by tests/integration/known_findings.sh and scripts/reproducers.sh (set -euo pipefail).
# oracles/mlf_report.c (mlf_known_finding_unmet) mirrors needs_unmet for what a run treats as
# known: the same texts, substrings and negation (change both alike; tests/test_registry_needs.c
# runs the cases of tests/integration/registry_needs.sh). It differs where the purpose does: it
# judges the identity of the finding's own backend when that was loaded, and a row whose backend
# is not loaded holds there, where a replay here needs that backend and skips the row.

# needs_unmet NEEDS IDENTITIES: prints why the backend lines IDENTITIES (the replay's MLF_VERBOSE
# output) do not meet NEEDS, or nothing when they do.
needs_unmet() {
  local needs=$1 backend texts identity negated='' text found=''
  [ "$needs" != - ] || return 0
  backend=${needs%% *} texts=${needs#* }
  identity=$(sed -n "s/^mlf: backend $backend = //p" <<<"$2" | head -n 1)
  [ -n "$identity" ] || { echo "backend $backend is not loaded here"; return 0; }
  [[ $texts != '!'* ]] || negated=1 texts=${texts#!}
  while read -r text; do [[ $identity != *"$text"* ]] || found=1; done < <(tr '|' '\n' <<<"$texts")
  if [ -n "$negated" ] && [ -n "$found" ]; then echo "$backend here is '$identity', which the row excludes ('$needs')"
  elif [ -z "$negated" ] && [ -z "$found" ]; then echo "$backend here is '$identity', not what the row needs ('$needs')"; fi
}

# needs_kernel_set NEEDS WORD KERNEL_SETS: the kernel set to replay a row under, from the row's
# "WORD NAME" texts (WORD: "core" for OpenBLAS, "kernels" for BLIS) and KERNEL_SETS (the
# kernel sets this CPU runs, one a line, the name first): for a list, the first NAME in
# KERNEL_SETS; for an excluding list, the last kernel set in KERNEL_SETS it does not exclude;
# nothing when the row names no such kernel set or this CPU runs none that fits. (A text's
# " (", as in "kernels zen (", only keeps it from matching longer names in the identity.)
needs_kernel_set() {
  local texts=${1#* } set
  texts=${texts// (/}
  [[ $1 == *"$2 "* ]] || return 0
  if [[ $texts == '!'* ]]; then
    while read -r set _; do
      [[ "|${texts#!}|" == *"|$2 $set|"* ]] || { echo "$set"; return 0; }
    done < <(tac <<<"$3")
  else
    while read -r set _; do
      [[ "|$texts|" != *"|$2 $set|"* ]] || { echo "$set"; return 0; }
    done <<<"$3"
  fi
}

# needs_kernel_env NEEDS OPENBLAS_SETS BLIS_SETS: the environment entry that selects the kernel
# set to replay a row under ("OPENBLAS_CORETYPE=NAME" for an OpenBLAS row naming cores,
# "BLIS_ARCH_TYPE=ID" for a BLIS row naming kernels; BLIS_SETS lines are "NAME ID", as
# harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis prints them), or nothing.
needs_kernel_env() {
  local set
  case ${1%% *} in
    openblas*) set=$(needs_kernel_set "$1" core "$2"); [ -z "$set" ] || echo "OPENBLAS_CORETYPE=$set" ;;
    blis)
      set=$(needs_kernel_set "$1" kernels "$3")
      [ -z "$set" ] || echo "BLIS_ARCH_TYPE=$(awk -v n="$set" '$1 == n { print $2 }' <<<"$3")" ;;
  esac
}
