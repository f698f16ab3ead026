#!/usr/bin/env bash
# Builds and runs the standalone reproducer of every library-bug registry row (status starting
# with "library bug", or a standalone .c as its reproducer) against the installed libraries
# (harnesses/REPRODUCERS.md). A row's program: the .c its reproducer column names; else the
# hand-written harnesses/*/reproducers/*.c whose " * tags:" line lists the row's tag verbatim;
# else one generated from its regress input, minimised first (out/replay/<target> --minimize
# --tag TAG, then --reproducer TAG FILE), into build/reproducers/<family>/<target>--<input>--<tag hash>.c. Each program is built and run once.
# Writes build/reproducers/results.tsv (tag, program, outcome, output file, case) and a summary.
# Usage: scripts/reproducers.sh [--only REGEX]   (rows whose tag matches the extended REGEX)
# MLF_REPRODUCER_DIRS (default harnesses/*/reproducers) says where hand-written programs are,
# MLF_REPRODUCERS_OUT (default build/reproducers) where results go; OUT as in the Makefile.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/standalone-lib.sh
. scripts/registry-needs.sh
only=
[ "${1:-}" != --only ] || only=$2
out=${MLF_REPRODUCERS_OUT:-build/reproducers}
replay=${OUT:-out}/replay
results=$out/results.tsv
rm -rf "$out"
mkdir -p "$out"
kernel_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh)
blis_sets=$(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis)

# The hand-written program of each tag its " * tags:" or " * case:" lines list, and the case
# (the argument that shows that tag's defect alone; "-": the program's own args line).
declare -A hand_written case_of
for dir in ${MLF_REPRODUCER_DIRS:-harnesses/*/reproducers}; do
  for f in "$dir"/*.c; do
    [ -f "$f" ] || continue
    while IFS=$'\t' read -r name t; do
      [ -n "${hand_written[$t]:-}" ] || hand_written[$t]=$f case_of[$t]=$name
    done < <(standalone_tags "$f")
  done
done

# generate FAMILY TAG INPUT NEEDS: writes the generated program of a row and prints its path;
# else prints "missing (why)" or "skipped (why)".
generate() {
  local family=$1 tag=$2 input=$3 needs=$4 target bin program status=0
  target=$(cut -d: -f2 <<<"$tag")
  bin=build/corpora/${input#corpora/}; bin=${bin%.textproto}.bin
  # Rows sharing a regress input get a program each: the tag's hash tells them apart.
  program=$out/$family/$target--$(basename "${input%.textproto}")--$(md5sum <<<"$tag" | cut -c1-8).c
  [ -x "$replay/$target" ] || { echo "missing ($replay/$target is not built)"; return; }
  [ -f "$bin" ] || { echo "missing (regress input $input is not encoded to $bin)"; return; }
  mkdir -p "$out/$family"
  # A row that needs prebuilt OpenBLAS or BLIS kernel sets ("<backend> core NAME|core NAME",
  # "blis kernels NAME|...", or "<backend> !core NAME|..." for all but those) is replayed under
  # one this CPU runs (scripts/registry-needs.sh); the program then carries that env line itself.
  local kernel_env why
  kernel_env=$(needs_kernel_env "$needs" "$kernel_sets" "$blis_sets")
  # A row whose needs this machine lacks is skipped before its program is made, as
  # known_findings.sh skips its replay: a predicted crash (blas_known_crashes.c) still raises
  # the tag here, but the program would run on kernels the row does not claim.
  if [ "$needs" != - ]; then
    why=$(needs_unmet "$needs" "$(env ${kernel_env:+"$kernel_env"} MLF_VERBOSE=1 \
            timeout 120 "$replay/$target" "$bin" 2>&1 | grep '^mlf: backend ' || true)")
    [ -z "$why" ] || { echo "skipped (the regress input needs what this machine lacks: $why)"; return; }
  fi
  # The program carries the values of the minimised message (the replay driver's --minimize,
  # keeping this tag) when its program still fails standalone, else those of the regress
  # input (a minimised message may raise the tag only in a build the program cannot link).
  local minimised=$out/$family/minimised/$(basename "${program%.c}").bin
  mkdir -p "${minimised%/*}"
  env ${kernel_env:+"$kernel_env"} timeout -k 5 60 "$replay/$target" --minimize --tag "$tag" \
    --budget 20 --timeout 10 "$bin" "$minimised" >"$minimised.log" 2>&1 && [ -s "$minimised" ] || minimised=
  # The minimised program's executable, built where evaluate looks for it, so it is built once.
  local source exe=$out/$family/bin/$(basename "${program%.c}")
  mkdir -p "${exe%/*}"
  for source in $minimised "$bin"; do
    status=0
    env ${kernel_env:+"$kernel_env"} timeout -k 5 120 "$replay/$target" --reproducer "$tag" "$source" \
      >"$program" 2>"$program.log" || status=$?
    [ "$status" -eq 0 ] || continue
    [ "$source" = "$bin" ] || [ -n "$(standalone_unmet "$program")" ] || {
      standalone_build "$program" "$exe" "$minimised.out" &&
        [[ $(standalone_outcome "$(standalone_run "$program" "$exe" "$minimised.out")") == reproduces* ]]; } ||
      { rm -f "$exe"; continue; }
    break
  done
  case $status in
    0) echo "$program"; return ;;
    1) echo "missing (the regress input no longer raises the tag: $(tail -n 1 "$program.log"))" ;;
    3) echo "missing (target $target cannot generate a program for it)" ;;
    124|137) echo "missing (generating it took over 120 s)" ;;
    *) echo "missing ($replay/$target --reproducer exit $status: $(tail -n 1 "$program.log"))" ;;
  esac
  rm -f "$program"
}

# evaluate FAMILY PROGRAM CASE: builds, checks the needs of, and runs PROGRAM once per case
# ("-": with its own args line; else with the argument CASE); sets outcome and output (cached).
declare -A outcome_of output_of
evaluate() {
  local family=$1 program=$2 case=$3 name bin why key=$2:$3
  if [ -z "${outcome_of[$key]:-}" ]; then
    name=$(basename "${program%.c}")
    bin=$out/$family/bin/$name
    output_of[$key]=$out/$family/$name$([ "$case" = - ] || echo "--$case").out
    mkdir -p "$out/$family/bin"
    why=$(standalone_unmet "$program")
    if [ -n "$why" ]; then
      outcome_of[$key]="skipped ($why)"
      echo "$why" >"${output_of[$key]}"
    elif [ ! -x "$bin" ] && ! standalone_build "$program" "$bin" "${output_of[$key]}"; then
      outcome_of[$key]="build failure"
    else
      outcome_of[$key]=$(standalone_outcome "$(standalone_run "$program" "$bin" "${output_of[$key]}" \
        "$([ "$case" = - ] || echo "$case")")")
    fi
    printf '%-40s %s\n' "$name$([ "$case" = - ] || echo " $case")" "${outcome_of[$key]}" >&2
  fi
  outcome=${outcome_of[$key]} output=${output_of[$key]}
}

printf 'tag\tprogram\toutcome\toutput\tcase\n' >"$results"
rows=0 with=0 reproduced=0 skipped=0 failed=0 broken=0
declare -A missing_per_target
for registry in harnesses/*/known_findings.tsv; do
  family=$(basename "$(dirname "$registry")")
  while IFS=$'\t' read -r tag reproducer needs status _; do
    case $tag in ''|\#*) continue ;; esac
    [[ $status == "library bug"* || $reproducer == *.c ]] || continue
    [[ -z $only || $tag =~ $only ]] || continue
    rows=$((rows + 1))
    case=-
    if [[ $reproducer == *.c ]]; then program=$reproducer
    elif [ -n "${hand_written[$tag]:-}" ]; then program=${hand_written[$tag]} case=${case_of[$tag]}
    else program=$(generate "$family" "$tag" "$reproducer" "$needs")
    fi
    outcome= output=-
    case $program in
      missing*|skipped*) outcome=$program program=- ;;
      *) evaluate "$family" "$program" "$case" ;;
    esac
    case $outcome in
      reproduces*) with=$((with + 1)) reproduced=$((reproduced + 1)) ;;
      skipped*) [ "$program" = - ] || with=$((with + 1)); skipped=$((skipped + 1)) ;;
      NOT*) with=$((with + 1)) failed=$((failed + 1)) ;;
      build*) with=$((with + 1)) broken=$((broken + 1)) ;;
      missing*) t=$(cut -d: -f2 <<<"$tag"); missing_per_target[$t]=$((${missing_per_target[$t]:-0} + 1)) ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\n' "$tag" "$program" "$outcome" "$output" "$case" >>"$results"
  done <"$registry"
done
missing=$(for t in "${!missing_per_target[@]}"; do echo "$t ${missing_per_target[$t]}"; done | sort | paste -sd, | sed 's/,/, /g')
echo "$with of $rows library-bug rows have a standalone reproducer; $reproduced reproduce;" \
  "$skipped skipped; $failed do not reproduce; $broken do not build;" \
  "missing: ${missing:-none}${missing:+ (rows per target; see $results)}"
