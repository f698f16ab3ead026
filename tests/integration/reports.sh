# The report drafts (scripts/reports.sh) of two real defects hold every section with real
# values: PocketSphinx's ps_get_search leak (a standalone program, run here), and FANN's
# fann_init_weights zero input range, whose three registry rows (moco_fann, _double, _fixed)
# are one defect and so one draft.
. "$(dirname "$0")/common.bash"
export MLF_REPRODUCERS_OUT=$tmp/reproducers MLF_REPORTS_OUT=$tmp/reports
scripts/reproducers.sh --only 'pocketsphinx:ps_get_search:leak|^mlf:moco_fann[a-z_]*:fann:fann_init_weights:zero-input-range$' \
  >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "scripts/reproducers.sh failed"; }
scripts/reports.sh >>"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "scripts/reports.sh failed"; }
cat "$tmp/log"
index=$tmp/reports/index.tsv
[ "$(tail -n +2 "$index" | wc -l)" = 4 ] || fail "index.tsv should list the 4 rows: $(cat "$index")"
[ "$(tail -n +2 "$index" | grep fann_init_weights | cut -f2 | sort -u | wc -l)" = 1 ] ||
  fail "the three fann_init_weights rows are one defect, so one draft: $(cat "$index")"
grep -q 'fann_init_weights' "$tmp/reports/README.md" || fail "README.md does not list the FANN draft"
# has REPORT TEXT...: fails unless REPORT holds each fixed string.
has() { local r=$1; shift; for s in "$@"; do grep -qF -- "$s" "$r" || { cat "$r"; fail "$r lacks: $s"; }; done; }
registry_field() { awk -F'\t' -v t="$1" -v c="$2" '$1 == t { print $c; exit }' harnesses/*/known_findings.tsv; }
cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')
tag=mlf:keeper_pocketsphinx:pocketsphinx:ps_get_search:leak
report=$(awk -F'\t' -v t="$tag" '$1 == t { print $2 }' "$index")
[ -f "$report" ] || fail "no draft for $tag"
has "$report" "## Where to report" "https://github.com/cmusphinx/pocketsphinx/issues" \
  "## Library" "libpocketsphinx3, version $(dpkg-query -W -f '${Version}' libpocketsphinx3)" \
  "libsphinxbase3, version $(dpkg-query -W -f '${Version}' libsphinxbase3)" \
  "## Machine" "CPU: $cpu" \
  "## Standalone program" '```c' "$(head -n 1 harnesses/keeper/reproducers/ps_get_search_leak.c)" \
  "## Build and run" "clang-16 ps_get_search_leak.c -g -fsanitize=address" "timeout 20 ./repro 3" \
  "## Expected and actual output" "reproduces (exit" "ERROR: LeakSanitizer: detected memory leaks" \
  "## Specification it violates" "$(registry_field "$tag" 5)" \
  "## Upstream status" "$(registry_field "$tag" 4)" \
  "## mlfuzz" "$tag"
report=$(grep -m1 fann_init_weights "$index" | cut -f2)
has "$report" "## Where to report" "https://github.com/libfann/fann/issues" \
  "libfann2, version $(dpkg-query -W -f '${Version}' libfann2)" "CPU: $cpu" \
  "## Specification it violates" "$(registry_field mlf:moco_fann:fann:fann_init_weights:zero-input-range 5)" \
  "## Upstream status" "checked 2026-11-27" \
  mlf:moco_fann:fann:fann_init_weights:zero-input-range mlf:moco_fann_double:fann:fann_init_weights:zero-input-range \
  mlf:moco_fann_fixed:fann:fann_init_weights:zero-input-range
# Its outcome is whatever the reproducers found (no program yet, or one that ran): the draft says which.
outcome=$(grep -m1 fann_init_weights "$tmp/reproducers/results.tsv" | cut -f3)
has "$report" "$outcome"
echo "report drafts hold every section: $(tail -n +2 "$index" | cut -f2 | sort -u | tr '\n' ' ')"
