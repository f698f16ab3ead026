# The "needs" field of a registry row (harnesses/*/known_findings.tsv, third column): "-" (every
# machine), or "<backend> <text>[|<text>...]": the backend's identity (MLF_VERBOSE=1 prints
# "mlf: backend NAME = IDENTITY") contains one of the texts, e.g. "openblas-serial core
# SkylakeX|core Cooperlake"; or "<backend> !<text>[|<text>...]": the backend is loaded and its
# identity contains none of them, e.g. "openblas-serial !core Prescott|core Nehalem".
# Sourced by tests/integration/known_findings.sh and scripts/reproducers.sh (set -euo pipefail).

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

# needs_coretype NEEDS KERNEL_SETS: the OPENBLAS_CORETYPE to replay a row under: for a list of
# "core NAME" texts, the first NAME in KERNEL_SETS (the kernel sets this CPU runs, one a line);
# for an excluding list, the last kernel set in KERNEL_SETS it does not exclude; nothing when the
# row names no core or this CPU runs none that fits.
needs_coretype() {
  local texts=${1#* } core
  [[ $1 == *"core "* ]] || return 0
  if [[ $texts == '!'* ]]; then
    while read -r core; do
      [[ "|${texts#!}|" == *"|core $core|"* ]] || { echo "$core"; return 0; }
    done < <(tac <<<"$2")
  else
    while read -r core; do
      [[ "|$texts|" != *"|core $core|"* ]] || { echo "$core"; return 0; }
    done <<<"$2"
  fi
}
