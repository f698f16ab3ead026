#!/usr/bin/env bash
# make rediscover: the counting (scripts/rediscover-count.sh) on a made-up campaign whose final
# corpus holds the reproducers of three blas_level1 library-bug rows, plus a crash-free garbage
# input, and whose runs noted a fourth row's tag in known/: each of the three must be reached,
# the fourth counted as raised but in no final input; a gsl_statistics input whose rows show
# only in the replay as the campaign ran it must reach them; then a 20-second campaign from one empty
# input (scripts/rediscover.sh) must replay the corpus it grew and print the table.
. "$(dirname "$0")/common.bash"
t=blas_level1
registry=harnesses/blas/known_findings.tsv
# Three library-bug rows of the target with a harness input and no kernel-set need, and one
# more whose input stays out and whose tag is no pattern (known/ holds tags).
mapfile -t rows < <(awk -F'\t' -v t="mlf:$t:" 'index($1, t) == 1 && $4 ~ /^library bug/ &&
  $3 == "-" && $2 ~ /\.textproto$/ { print $1 "\t" $2 }' "$registry" | head -n 3)
[ ${#rows[@]} -eq 3 ] || fail "the registry has fewer than 3 plain library-bug rows of $t"
fourth=$(awk -F'\t' -v t="mlf:$t:" 'index($1, t) == 1 && $4 ~ /^library bug/ && $1 !~ /[][*?]/ { print $1 }' \
  "$registry" | grep -vxF -f <(printf '%s\n' "${rows[@]%%$'\t'*}") | head -n 1)
[ -n "$fourth" ] || fail "no fourth library-bug row of $t with a plain tag"
camp=$tmp/campaign
run=$camp/runs/$t-libfuzzer
mkdir -p "$run/corpus" "$run/artifacts" "$camp/known"
printf 'campaign_start=0\nbudget=1\njobs=1\ninput_timeout=20\ndeadline=1\n' >"$camp/campaign.env"
printf '%s\t%s\tlibfuzzer\tnative\t-\t0\t1\n' "$t-libfuzzer" "$t" >"$camp/runs.tsv"
for i in 0 1 2; do
  input=${rows[$i]#*$'\t'}
  bin=build/corpora/$t/regress/$(basename "${input%.textproto}").bin
  [ -f "$bin" ] || fail "$bin is not built (make corpora)"
  cp "$bin" "$run/corpus/input$i"
done
printf 'not a message' >"$run/corpus/garbage"
echo "$fourth" >"$camp/known/fourth"
# A gsl_statistics input whose known crash (lag1 on no data) ends its replay with
# MLF_REPORT_KNOWN=1 before any tag prints: only the replay as the campaign ran it
# (MLF_REPORT_KNOWN=0, the crash's envelope raises the row's tag) shows that row and the
# wvariance row behind it.
gsl=gsl_statistics
gsl_bin=build/corpora/$gsl/regress/wvariance-weight-square-overflow.bin
[ -f "$gsl_bin" ] || fail "$gsl_bin is not built (make corpora)"
# Its run saved nothing and has no artifacts/ directory, which the count must take as none.
mkdir -p "$camp/runs/$gsl-libfuzzer/corpus"
cp "$gsl_bin" "$camp/runs/$gsl-libfuzzer/corpus/"
printf '%s\t%s\tlibfuzzer\tnative\t-\t0\t1\n' "$gsl-libfuzzer" "$gsl" >>"$camp/runs.tsv"
gsl_rows=('mlf:gsl_statistics:lag1_autocorrelation*:domain:empty-read-past-end'
          'mlf:gsl_statistics:wvariance:reference:value-mismatch')
for row in "${gsl_rows[@]}"; do
  grep -qxF "$row" <(cut -f1 harnesses/gsl/known_findings.tsv) || fail "registry row $row is gone: pick another"
done
scripts/rediscover-count.sh "$camp" >"$tmp/table" 2>"$tmp/err" || fail "rediscover-count failed: $(cat "$tmp/table" "$tmp/err")"
cat "$tmp/table"
for i in 0 1 2; do
  grep -qxF "  $t  ${rows[$i]%%$'\t'*}" "$tmp/table" || fail "row ${rows[$i]%%$'\t'*} not reached"
done
for row in "${gsl_rows[@]}"; do
  grep -qxF "  $gsl  $row" "$tmp/table" || fail "row $row not reached (the campaign-mode replay is missing)"
done
read -r _ inputs n _ reached only < <(grep "^$t " "$tmp/table")
[ "$inputs" = 4 ] || fail "4 inputs replayed, table says $inputs"
[ "$reached" -ge 3 ] && [ "$reached" -le "$n" ] || fail "reached $reached of $n rows"
grep -qxF "  $t  $fourth" "$tmp/table" || [ "$only" -ge 1 ] ||
  fail "the row only known/ raised ($fourth) is not counted as only-known"
# Rows sharing a pattern are counted once: the registry has such patterns, the count lists
# each pattern once.
shared=$(grep -hv '^#' harnesses/*/known_findings.tsv | awk -F'\t' '$4 ~ /^library bug/ { print $1 }' | sort | uniq -d)
[ -n "$shared" ] || fail "no library-bug pattern is shared by two registry rows: this check tests nothing"
twice=$(cut -f1 "$camp/rediscover/rows.tsv" | sort | uniq -d)
[ -z "$twice" ] || fail "rediscover-count lists patterns twice: $twice"
grep -qxF "$(head -n 1 <<<"$shared")" <(cut -f1 "$camp/rediscover/rows.tsv") ||
  fail "shared pattern $(head -n 1 <<<"$shared") missing from the count"

# The whole path: a short campaign from one empty input.
scripts/rediscover.sh --seconds 20 --jobs 1 --engines libfuzzer --name "test-$$" "$t" >"$tmp/run" 2>&1 ||
  fail "rediscover failed: $(tail -n 20 "$tmp/run")"
table=build/rediscover/test-$$/rediscover.txt
read -r _ inputs _ < <(grep "^$t " "$table") || fail "no $t line in $table"
rm -rf "build/rediscover/test-$$"
[ "$inputs" -ge 2 ] || fail "the campaign from an empty input left $inputs inputs to replay"
echo "rediscover: counted 3 planted rows; a 20 s campaign grew $inputs inputs"
