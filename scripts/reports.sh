#!/usr/bin/env bash
# Writes a markdown report draft per defect (one upstream issue; grouping rules in
# scripts/defect-groups.awk) under build/reports/<library>/, from the registry rows of the
# library bugs and what scripts/reproducers.sh found (build/reproducers/results.tsv: the
# program, its outcome and captured output), with build/reports/README.md (an index) and
# build/reports/index.tsv (tag, report). Where to report and what upstream asks:
# harnesses/libraries/upstreams.tsv. Never invents an upstream status or a date: it quotes
# the registry's. MLF_REPRODUCERS_OUT and MLF_REPORTS_OUT override the two directories.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/standalone-lib.sh
repro=${MLF_REPRODUCERS_OUT:-build/reproducers}
out=${MLF_REPORTS_OUT:-build/reports}
results=$repro/results.tsv
[ -f "$results" ] || { echo "reports.sh: no $results: run make reproducers first" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
rows=$out/rows.tsv

# The registry rows results.tsv covers, in its order, with its columns: index, family, tag,
# program, status, explanation, generated (1 when the program is under $repro), reproducer,
# needs, outcome, output, case (the argument that runs this row's defect alone; "-": none).
i=0
exec 3< <(tail -n +2 "$results")
IFS=$'\t' read -r rtag rprogram routcome routput rcase <&3 || rtag=
for registry in harnesses/*/known_findings.tsv; do
  family=$(basename "$(dirname "$registry")")
  while IFS=$'\t' read -r tag reproducer needs status explanation; do
    [ -n "$rtag" ] && [ "$tag" = "$rtag" ] || continue
    i=$((i + 1)) generated=0
    [[ $rprogram != "$repro"/* ]] || generated=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$family" "$tag" "$rprogram" "$status" \
      "$explanation" "$generated" "$reproducer" "$needs" "$routcome" "$routput" "$rcase" >>"$rows"
    IFS=$'\t' read -r rtag rprogram routcome routput rcase <&3 || rtag=
  done <"$registry"
done
[ -z "$rtag" ] || { echo "reports.sh: $results lists $rtag, which is no library-bug registry row in that order: run make reproducers again" >&2; exit 2; }
[ "$i" -gt 0 ] || { echo "reports.sh: $results lists no rows" >&2; exit 2; }
awk -f scripts/defect-groups.awk "$rows" >"$out/groups.tsv"

# library TAG FAMILY: the upstreams.tsv name of the library a tag is about ("" when it names none).
library() {
  local lib
  if [ "$2" = gsl ]; then echo gsl; return; fi
  lib=$(cut -d: -f3 <<<"$1"); lib=${lib%\*}; lib=${lib%-}
  [ "$lib" != "" ] && echo "$lib"
}
# upstream LIBRARY COLUMN: a column of the library's upstreams.tsv line (2 packages, 3 project,
# 4 where to report, 5 what upstream asks).
upstream() { awk -F'\t' -v l="$1" -v c="$2" '$1 == l { print $c }' harnesses/libraries/upstreams.tsv; }
# section N: rows.tsv column N of the defect's rows, distinct, in order.
column() { awk -F'\t' -v c="$1" '!seen[$c]++ { print $c }' "$defect_rows"; }
cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')
cpu_id=$(grep -m3 -E '^(cpu family|model|stepping)\s' /proc/cpuinfo | sed 's/\s*:\s*/ /' | paste -sd, | sed 's/,/, /g')
compiler=$(clang-16 --version | head -n 1)
today=$(date -u +%F)

# write_report: the draft of the defect whose rows are in $defect_rows, to $report.
write_report() {
  local first tag family lib program outcome output reproducer needs kinds routines title ready pkgs p v envs
  local case
  IFS=$'\t' read -r _ family tag program _ _ _ reproducer needs outcome output case < <(head -n 1 "$defect_rows")
  lib=$(library "$tag" "$family") || lib=
  routines=$(cut -f3 "$defect_rows" | cut -d: -f4 | awk '!seen[$0]++' | paste -sd, | sed 's/,/, /g')
  kinds=$(cut -f3 "$defect_rows" | cut -d: -f5- | awk '!seen[$0]++' | paste -sd, | sed 's/,/, /g')
  first=$(cut -f6 "$defect_rows" | head -n 1 | sed 's/\([.;]\) .*/\1/')
  title="${lib:-library}: $routines: $kinds"
  ready="ready to file once read over"
  [[ $outcome == reproduces* ]] || ready="INCOMPLETE: the standalone program's outcome is \"$outcome\""
  {
    echo "# $title"
    echo
    echo "Draft status: $ready. Drafted by mlfuzz scripts/reports.sh on $today."
    echo
    echo "Summary: $first"
    echo
    echo "## Where to report"
    if [ -n "$lib" ] && [ -n "$(upstream "$lib" 3)" ]; then
      echo "- Upstream: $(upstream "$lib" 3), $(upstream "$lib" 4)"
      echo "- What it asks: $(upstream "$lib" 5)"
    else
      echo "- The tag names no single library (${lib:-none}); see the explanation below."
    fi
    echo
    echo "## Library"
    pkgs=$( [ -n "$lib" ] && upstream "$lib" 2 || true)
    for p in $pkgs; do
      v=$(dpkg-query -W -f '${Version}' "$p" 2>/dev/null) || v=
      [ -z "$v" ] || echo "- Debian package $p, version $v (\`dpkg-query -W -f '\${Version}' $p\`)"
    done
    [ -n "$pkgs" ] || echo "- Debian package: not mapped in harnesses/libraries/upstreams.tsv"
    echo
    echo "## Machine"
    echo "- CPU: $cpu ($cpu_id)"
    echo "- Operating system: $(uname -sr), Debian $(cat /etc/debian_version 2>/dev/null || echo unknown)"
    [ "$needs" = - ] || echo "- The fuzzing harness saw it with: $(column 9 | paste -sd';' | sed 's/;/; /g') (backend identity)"
    if [ "$program" != - ] && [ -f "$program" ]; then
      [ -z "$(standalone_field "$program" env)" ] || echo "- Environment of the program: $(standalone_field "$program" env)"
      sed -n 's/^ \* needs: /- The program needs: /p' "$program"
    fi
    [[ $lib != openblas ]] || echo "- OpenBLAS kernel sets this CPU runs: $(harnesses/libraries/debian_blas_lapack/kernel-sets.sh | paste -sd' ')"
    [[ $lib != blis ]] || echo "- BLIS kernel sets this CPU runs (name BLIS_ARCH_TYPE): $(harnesses/libraries/debian_blas_lapack/kernel-sets.sh --blis | paste -sd, | sed 's/,/, /g')"
    echo
    echo "## Standalone program"
    if [ "$program" != - ] && [ -f "$program" ]; then
      echo "\`$(basename "$program")\` (mlfuzz: $program):"
      echo
      echo '```c'
      cat "$program"
      echo '```'
      echo
      echo "## Build and run"
      echo '```sh'
      echo "clang-16 $(basename "$program") $(standalone_field "$program" link) -o repro"
      envs=$(standalone_field "$program" env)
      echo "${envs:+$envs }timeout 20 ./repro $([ "$case" != - ] && echo "$case" || standalone_field "$program" args)"
      echo '```'
      echo "Compiler: $compiler. The program exits non-zero (or hangs past 20 s) while the bug is present, 0 once it is fixed."
      echo
      echo "## Expected and actual output"
      echo "Outcome on this machine ($today): $outcome. Its output:"
      echo
      echo '```'
      if [ -f "$output" ]; then head -n 60 "$output"; [ "$(wc -l <"$output")" -le 60 ] || echo "... ($(wc -l <"$output") lines)"; fi
      echo '```'
    else
      echo "None yet: $outcome."
      echo
      echo "## Build and run"
      echo "No standalone program; the harness shows it: \`out/replay/$(cut -d: -f2 <<<"$tag") build/corpora/${reproducer#corpora/}\` (with .bin for .textproto)."
      echo
      echo "## Expected and actual output"
      echo "Not captured: no standalone program."
    fi
    echo
    echo "## Specification it violates"
    column 6 | sed 's/^/- /'
    echo
    echo "## Upstream status (as the mlfuzz registry records it)"
    column 5 | while read -r s; do
      if [[ $s =~ [0-9]{4}-[0-9]{2}-[0-9]{2} ]]; then echo "- $s"
      elif [[ ${s#library bug} =~ upstream|report|fixed|issue|master ]]; then echo "- $s (no date recorded)"
      else echo "- upstream status not recorded ($s)"; fi
    done
    echo
    echo "## mlfuzz"
    awk -F'\t' '{ print "- tag `" $3 "`, registry reproducer `" $8 "`" }' "$defect_rows"
  } >"$report"
}

printf 'tag\treport\n' >"$out/index.tsv"
{
  echo "# Report drafts"
  echo
  echo "One draft per defect (one upstream issue), written by scripts/reports.sh on $today from the"
  echo "registry (harnesses/*/known_findings.tsv) and the standalone reproducers' results ($results)."
  echo "Rows are grouped as scripts/defect-groups.awk says."
  echo
  echo "| library | defect | rows | standalone program | draft |"
  echo "|---|---|---|---|---|"
} >"$out/README.md"
defect_rows=$out/defect-rows.tsv
defects=0
for d in $(cut -f2 "$out/groups.tsv" | sort -n -u); do
  awk -F'\t' -v d="$d" 'NR == FNR { if ($2 == d) want[$1] = 1; next } want[$1]' "$out/groups.tsv" "$rows" >"$defect_rows"
  IFS=$'\t' read -r _ family tag _ _ _ _ _ _ outcome _ < <(head -n 1 "$defect_rows")
  lib=$(library "$tag" "$family") || lib=
  name=$(cut -d: -f4- <<<"$tag" | tr -c 'A-Za-z0-9_.\n-' '_')
  report=$out/${lib:-unnamed}/$name.md
  n=2; while [ -e "$report" ]; do report=$out/${lib:-unnamed}/$name-$n.md; n=$((n + 1)); done
  mkdir -p "$(dirname "$report")"
  write_report
  defects=$((defects + 1))
  cut -f3 "$defect_rows" | sed "s|\$|\t$report|" >>"$out/index.tsv"
  echo "| ${lib:-?} | $(head -n 1 "$report" | sed 's/^# //; s/|/\\|/g') | $(wc -l <"$defect_rows") | $outcome | [${report#"$out"/}](${report#"$out"/}) |" >>"$out/README.md"
done
rm -f "$defect_rows" "$rows" "$out/groups.tsv"
echo "$(($(wc -l <"$out/index.tsv") - 1)) library-bug rows in $defects report drafts under $out/ (index: $out/README.md)"
