#!/usr/bin/env bash
# The report of a campaign (scripts/campaign.sh, after scripts/campaign-triage.sh and
# scripts/campaign-lemon.sh): each run's time series (runs/<run>/series.tsv: seconds into the
# run, execs, exec/s, coverage, corpus, saved inputs), then
#   summary.txt   the runs and the findings as text;
#   report.html   one self-contained page: per target a gnuplot figure (coverage, exec/s,
#                 corpus size and saved inputs over time, one line per engine and kernel set)
#                 inline as a base64 PNG, LEMON's D_MAD per library pair (seed models against
#                 the campaign's corpus), the findings table (tag, first seen, count, reproduce
#                 command, the report draft build/reports/index.tsv maps the tag to) and the
#                 known findings that fired, per registry entry with its explanation.
# Usage: scripts/campaign-report.sh CAMPAIGN_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
. "$dir/campaign.env"
. scripts/campaign-engines.sh
mkdir -p "$dir/plots"
html=$dir/report.html summary=$dir/summary.txt

esc() { sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g' <<<"$1"; }
img() { printf '<img alt="%s" src="data:image/png;base64,%s">\n' "$(esc "$1")" "$(base64 -w0 "$2")"; }

# Registry rows "pattern<TAB>status<TAB>explanation" of every family, and the report drafts.
registry=$(cat harnesses/*/known_findings.tsv | awk -F'\t' 'NF == 5 && !/^#/ { print $1 "\t" $4 "\t" $5 }')
drafts=$(cat build/reports/index.tsv 2>/dev/null || true)
# Column $3 of the first row of table $2 whose pattern (column 1) matches tag $1.
lookup() {
  local tag=$1 pattern rest
  while IFS=$'\t' read -r pattern rest; do
    # shellcheck disable=SC2053  # the registry's tags are shell patterns
    [ -n "$pattern" ] && [[ $tag == $pattern ]] && { cut -f"$3" <<<"$pattern"$'\t'"$rest"; return; }
  done <<<"$2"
  return 0
}

# Runs: series and final numbers "run target engine variant seconds execs exec/s cov corpus saved".
runs_table=$dir/plots/runs.tsv
: >"$runs_table"
while IFS=$'\t' read -r id t engine variant _ _ secs; do
  run=$dir/runs/$id
  "engine_series_$engine" "$run" >"$run/series.tsv"
  read -r execs _ cov corpus saved < <("engine_stats_$engine" "$run")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$t" "$engine" "$variant" "$secs" \
    "$execs" $((execs / (secs > 0 ? secs : 1))) "$cov" "$corpus" "$saved" >>"$runs_table"
done <"$dir/runs.tsv"

# One figure per target: four panels, a line per run with a non-empty series.
plot_target() {
  local t=$1 png=$dir/plots/$1.png panels=() col title
  local ids; ids=$(awk -F'\t' -v t="$t" '$2 == t { print $1 }' "$runs_table")
  for col in "4:coverage (libFuzzer: PCs; AFL++: edges)" "3:exec/s" "5:corpus size" \
             "6:saved crash/hang/leak/oom inputs"; do
    local plots=() id
    for id in $ids; do
      [ -s "$dir/runs/$id/series.tsv" ] &&
        plots+=("'$dir/runs/$id/series.tsv' using 1:${col%%:*} with linespoints pt 7 ps 0.4 lw 2 title '${id#"$t"-}'")
    done
    title=${col#*:}
    if [ ${#plots[@]} -gt 0 ]; then
      panels+=("set title '$title'; set autoscale xy; plot $(IFS=,; echo "${plots[*]}")")
    else
      panels+=("set title '$title (no data)'; set yrange [0:1]; plot [0:1] -1 notitle")
    fi
  done
  gnuplot 2>>"$dir/plots/gnuplot.log" <<EOF
set terminal pngcairo size 1000,640 font ",9" noenhanced
set output '$png'
set multiplot layout 2,2 title '$t'
set xlabel 'seconds into the run'
set key top left
set grid
set datafile missing '-'
$(printf '%s\n' "${panels[@]}")
unset multiplot
EOF
}

# LEMON: per run and library pair, the mean D_MAD of the seeds and of the corpus.
plot_lemon() {
  awk -F'\t' '{ sub(/^lemon_model-/, "", $1); print $1 ":" $2, $3, $5 }' "$dir/lemon.tsv" >"$dir/plots/lemon.dat"
  gnuplot 2>>"$dir/plots/gnuplot.log" <<EOF
set terminal pngcairo size 1000,480 font ",9" noenhanced
set output '$dir/plots/lemon.png'
set title "lemon_model: mean D_MAD per library pair, seed models against the campaign's corpus"
set datafile missing '-'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -30
set ylabel 'mean D_MAD'
set yrange [0:*]
set grid ytics
plot '$dir/plots/lemon.dat' using 2:xtic(1) title 'seed models', '' using 3 title 'campaign corpus'
EOF
}

targets=$(cut -f2 "$runs_table" | awk '!seen[$0]++')
for t in $targets; do plot_target "$t"; done
[ -s "$dir/lemon.tsv" ] && plot_lemon

# Known findings that fired while fuzzing: "tag<TAB>first seen<TAB>registry pattern".
# One awk pass: the registry's shell patterns become regular expressions (1928 tags against
# 320 patterns took 20 s as a loop of [[ == ]] tests).
known_fired=$(find "$dir/known" -type f -printf '%Ts\t%p\n' | awk -F'\t' -v OFS='\t' -v start="$campaign_start" '
  NR == FNR { re = $1; gsub(/[.+(){}|^$]/, "\\\\&", re); gsub(/\*/, ".*", re); gsub(/\?/, ".", re)
              pattern[++n] = $1; regex[n] = "^" re "$"; next }
  (getline tag < $2) > 0 {
    close($2); p = "-"
    for (i = 1; i <= n; i++) if (tag ~ regex[i]) { p = pattern[i]; break }
    print tag, $1 - start, p
  }' <(cut -f1 <<<"$registry") - | sort -t$'\t' -k2,2n)
# The same per registry entry: "pattern<TAB>first seen<TAB>tags that fired (comma-separated)".
known_entries=$(awk -F'\t' -v OFS='\t' '
  !($3 in seen) { seen[$3] = $2; order[++n] = $3 }
  { tags[$3] = tags[$3] (tags[$3] ? ", " : "") $1 }
  END { for (i = 1; i <= n; i++) print order[i], seen[order[i]], tags[order[i]] }' <<<"$known_fired")
new_count=$(awk -F'\t' '$3 == "new"' "$dir/findings.tsv" | wc -l)
wall=$(($(date +%s) - campaign_start))

{
  echo "campaign $(basename "$dir"): budget ${budget}s, $jobs jobs per run, ${input_timeout}s per input"
  printf '%-34s %-9s %-16s %5s %10s %7s %8s %7s %6s\n' run engine "kernel set" secs execs exec/s coverage corpus saved
  awk -F'\t' '{ printf "%-34s %-9s %-16s %5s %10s %7s %8s %7s %6s\n", $1, $3, $4, $5, $6, $7, $8, $9, $10 }' "$runs_table"
  echo "findings: $(wc -l <"$dir/findings.tsv") distinct, $new_count new;" \
    "$(wc -l <"$dir/triage/not-replayed") saved inputs not replayed (out of time)"
  awk -F'\t' '{ printf "  %s %s (%s, first seen %ss, %d inputs, %s)\n    reproduce: %s\n%s",
      $3 == "new" ? "NEW" : $3, $1, $2, $6, $7, $5, $9, $10 != "-" ? "    note: " $10 "\n" : "" }' "$dir/findings.tsv"
  echo "known findings that fired while fuzzing: $(grep -c . <<<"$known_fired" || true)"
  [ -z "$known_fired" ] || awk -F'\t' '{ printf "  %s (first seen %ss)\n", $1, $2 }' <<<"$known_fired"
} >"$summary"

{
  cat <<EOF
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>mlfuzz campaign $(esc "$(basename "$dir")")</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #eee; } td.n { text-align: right; } code { font-size: 0.95em; }
tr.new td:first-child { font-weight: bold; color: #a00; }
img { max-width: 100%; border: 1px solid #ddd; margin: 0.3em 0; }
</style></head><body>
<h1>mlfuzz campaign $(esc "$(basename "$dir")")</h1>
<p>Budget ${budget} s, report written ${wall} s after the start; ${jobs} jobs per run; every
input bounded at ${input_timeout} s. $(wc -l <"$runs_table") runs, $(wc -l <"$dir/findings.tsv")
distinct findings ($new_count new), $(grep -c . <<<"$known_fired" || true) known finding tags fired
($(grep -c . <<<"$known_entries" || true) registry entries);
$(wc -l <"$dir/triage/not-replayed") saved inputs not replayed for lack of time.</p>
<h2>Runs</h2>
<table id="runs"><tr><th>run</th><th>engine</th><th>kernel set</th><th>seconds</th><th>execs</th>
<th>exec/s</th><th>coverage</th><th>corpus</th><th>saved inputs</th></tr>
EOF
  while IFS=$'\t' read -r id _ engine variant secs execs rate cov corpus saved; do
    printf '<tr><td>%s</td><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td></tr>\n' \
      "$(esc "$id")" "$engine" "$(esc "$variant")" "$secs" "$execs" "$rate" "$cov" "$corpus" "$saved"
  done <"$runs_table"
  echo '</table>'
  echo '<h2>Findings</h2>'
  echo '<table id="findings"><tr><th>tag</th><th>status</th><th>kind</th><th>runs</th><th>first seen (s)</th><th>count</th><th>reproduce</th><th>report draft</th><th>note</th></tr>'
  while IFS=$'\t' read -r key kind status _ runs seen count _ reproduce note; do
    draft=$(lookup "$key" "$drafts" 2) link=-
    [ -z "$draft" ] || link="<a href=\"$(esc "$(realpath -m --relative-to="$dir" "$draft")")\">$(esc "${draft##*/}")</a>"
    printf '<tr class="%s"><td><code>%s</code></td><td>%s</td><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%s</td><td><code>%s</code></td><td>%s</td><td>%s</td></tr>\n' \
      "$status" "$(esc "$key")" "$status" "$kind" "$(esc "$runs")" "$seen" "$count" \
      "$(esc "$reproduce")" "$link" "$(esc "$note")"
  done <"$dir/findings.tsv"
  [ -s "$dir/findings.tsv" ] || echo '<tr><td colspan="9">none: no saved input in this campaign</td></tr>'
  echo '</table>'
  echo '<h2>Over time</h2>'
  for t in $targets; do img "$t over time" "$dir/plots/$t.png"; done
  if [ -s "$dir/lemon.tsv" ]; then
    echo '<h2>LEMON: inconsistency amplification per library pair</h2>'
    echo '<p>Mean D_MAD on the model output (the paper'"'"'s measure; rounding noise alone reaches 1
against the double reference, so this shows how far the campaign pushed the libraries apart,
not bugs), the seed models against the models the campaign added to its corpus.</p>'
    img "lemon_model D_MAD per library pair" "$dir/plots/lemon.png"
    echo '<table id="lemon"><tr><th>run</th><th>library pair</th><th>seeds: mean D_MAD</th><th>models</th><th>corpus: mean D_MAD</th><th>models</th><th>amplification</th></tr>'
    while IFS=$'\t' read -r id pair sm sn cm cn; do
      amp=$(awk -v s="$sm" -v c="$cm" 'BEGIN { if (c == "-" || s == "-" || s == 0) print "-"; else printf "%+.0f%%", (c / s - 1) * 100 }')
      printf '<tr><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s</td></tr>\n' \
        "$(esc "$id")" "$(esc "$pair")" "$sm" "$sn" "$cm" "$cn" "$amp"
    done <"$dir/lemon.tsv"
    echo '</table>'
  fi
  echo '<h2>Known findings that fired</h2>'
  echo '<p>One row per registry entry (harnesses/*/known_findings.tsv) whose tags fired while fuzzing.</p>'
  echo '<table id="known"><tr><th>registry entry</th><th>first seen (s)</th><th>tags that fired</th><th>status</th><th>explanation</th></tr>'
  [ -z "$known_entries" ] || while IFS=$'\t' read -r pattern seen tags; do
    row=$(awk -F'\t' -v p="$pattern" '$1 == p { print; exit }' <<<"$registry")
    why=$(cut -f3 <<<"$row")
    printf '<tr><td><code>%s</code></td><td class="n">%s</td><td><code>%s</code></td><td>%s</td><td><details><summary>%s...</summary>%s</details></td></tr>\n' \
      "$(esc "$pattern")" "$seen" "$(esc "$tags")" "$(esc "$(cut -f2 <<<"$row")")" "$(esc "${why:0:90}")" "$(esc "$why")"
  done <<<"$known_entries"
  echo '</table>'
  echo '</body></html>'
} >"$html"
