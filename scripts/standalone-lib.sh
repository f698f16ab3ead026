# Standalone reproducers (harnesses/REPRODUCERS.md): reading a program's top-comment lines,
# building it against the installed libraries, checking what it needs, running it bounded.
# Sourced by scripts/reproducers.sh and scripts/reports.sh; the caller sets `set -euo pipefail`.

# standalone_field FILE KEY: the value of the program's " * KEY: " line (empty when absent).
standalone_field() { sed -n "s/^ \* $2: //p" "$1" | head -n 1; }

# standalone_tags FILE: "CASE<TAB>TAG" per registry tag the program reproduces: CASE is "-" for
# a " * tags:" line (the program as its " * args:" line runs it), else the NAME of a
# " * case: NAME TAG..." line (run with the argument NAME, it shows those tags' defect alone).
standalone_tags() {
  sed -n 's/^ \* tags: /- /p; s/^ \* case: //p' "$1" |
    while read -r name tags; do for t in $tags; do printf '%s\t%s\n' "$name" "$t"; done; done
}

# standalone_unmet FILE: prints why this machine cannot run the program (its " * needs:"
# lines: "cpu FLAG", a /proc/cpuinfo flag; "openblas-coretype NAME" or "blis-arch NAME", an
# OpenBLAS or BLIS kernel set this CPU executes), or nothing when every need is met.
standalone_unmet() {
  local kind what flags
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  while read -r kind what; do
    case $kind in
      cpu) [[ $flags == *" $what "* ]] || echo "this CPU lacks the $what flag" ;;
      openblas-coretype)
        # (the list is read whole: grep -q closing the pipe early would fail it under pipefail)
        grep -qx "$what" <<<"$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)" ||
          echo "this CPU cannot run the OpenBLAS $what kernels" ;;
      blis-arch)
        awk -v n="$what" '$1 == n { found = 1 } END { exit !found }' \
          <<<"$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)" ||
          echo "this CPU cannot run the BLIS $what kernels" ;;
      *) echo "unknown need '$kind $what'" ;;
    esac
  done < <(sed -n 's/^ \* needs: //p' "$1") | head -n 1
}

# standalone_build FILE BIN LOG: compiles the program with the flags of its " * link:" line;
# the compiler's messages go to LOG. Status 0 when it built.
standalone_build() {
  local link
  link=$(standalone_field "$1" link)
  # shellcheck disable=SC2086  # the link line is a list of flags
  clang-16 -o "$2" "$1" $link >"$3" 2>&1
}

# standalone_run FILE BIN OUT [ARGS]: runs the built program with its " * env:" line and ARGS
# (default: its " * args:" line)
# (LeakSanitizer on, for programs built with -fsanitize=address that show a leak; stdout line
# buffered, so what it printed survives a sanitizer's exit), killed after 20 s; output to OUT;
# prints the exit status (124: killed, a hang).
standalone_run() {
  local env args status=0
  env=$(standalone_field "$1" env) args=${4:-$(standalone_field "$1" args)}
  # shellcheck disable=SC2086  # env and args are word lists
  env ASAN_OPTIONS=detect_leaks=1 $env timeout -k 5 20 stdbuf -oL -eL "$2" $args >"$3" 2>&1 || status=$?
  echo "$status"
}

# standalone_outcome STATUS: the outcome of a run that exited with STATUS.
standalone_outcome() {
  case $1 in
    0) echo "NOT reproduced (exit 0)" ;;
    124|137) echo "reproduces (hang: killed after 20 s)" ;;
    *) echo "reproduces (exit $1)" ;;
  esac
}
