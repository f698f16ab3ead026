# out/replay/<t> --minimize on a handful of regress inputs of four families, findings and
# crashes: the result is smaller, and replaying it (the plain replay driver, with
# MLF_REPORT_KNOWN=1 as the minimiser judges) still shows the registry's tag, or the same kind
# of crash in the same backend; the input is untouched; an input without a finding and an OUT
# that is the input are refused.
. "$(dirname "$0")/common.bash"
# target, regress input, what the replay of the result must show (a grep -E pattern)
cases="
blas_gemm blis-sgemm-read-past-b ERROR: AddressSanitizer: SEGV|while running backend blis
gsl_fit linear-est-nan-at-mean ^finding mlf:gsl_fit:gsl_fit_linear_est:est:nan-on-positive-definite
annotest_libsvm load-count-overflow runtime error: signed integer overflow
annotest_libsvm nu-svr-underflow ^finding mlf:annotest_libsvm:libsvm:[^ ]*:nu-svr-underflow
moco_png png-set-pcal-twice-leaks ^finding mlf:moco_png:libpng:png_set_pCAL:leak-on-repeated-call"
n=0
while read -r t name want; do
  [ -n "$t" ] || continue
  in=build/corpora/$t/regress/$name.bin
  tag=$(awk -F'\t' -v r="corpora/$t/regress/$name.textproto" '$2 == r { print $1; exit }' harnesses/*/known_findings.tsv)
  before=$(sha1sum "$in")
  timeout 120 out/replay/"$t" --minimize --budget 20 --timeout 5 --tag "$tag" "$in" "$tmp/$name.bin" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; fail "$t: --minimize $name"; }
  [ "$(sha1sum "$in")" = "$before" ] || fail "$t: $in changed"
  [ "$(stat -c %s "$tmp/$name.bin")" -lt "$(stat -c %s "$in")" ] || fail "$t: $name not smaller"
  MLF_REPORT_KNOWN=1 timeout 20 out/replay/"$t" "$tmp/$name.bin" >"$tmp/replay" 2>&1
  # Every alternative of the pattern must show (a crash: its kind and its backend).
  tr '|' '\n' <<<"$want" | while read -r line; do grep -qE -- "$line" "$tmp/replay" || echo "$line"; done >"$tmp/missing"
  [ ! -s "$tmp/missing" ] || { cat "$tmp/replay"; fail "$t: minimised $name lacks: $(cat "$tmp/missing")"; }
  echo "$t $name: $(stat -c %s "$in") -> $(stat -c %s "$tmp/$name.bin") bytes, $(grep -o 'verdict .*' "$tmp/log")"
  n=$((n + 1))
done <<<"$cases"
[ "$n" -eq 5 ] || fail "only $n cases ran"
# Refusals: no finding to keep (exit 1), OUT that is IN (exit 2).
seed=$(ls build/corpora/gsl_fit/*.bin | head -n 1)
out/replay/gsl_fit "$seed" | grep -q '^verdict: ok$' || fail "$seed is not a plain seed any more"
out/replay/gsl_fit --minimize "$seed" "$tmp/ok.bin" 2>/dev/null; [ $? -eq 1 ] || fail "an input without finding was not refused"
cp "$seed" "$tmp/same.bin"
out/replay/gsl_fit --minimize "$tmp/same.bin" "$tmp/same.bin" 2>/dev/null; [ $? -eq 2 ] || fail "OUT = IN was not refused"
cmp -s "$seed" "$tmp/same.bin" || fail "OUT = IN changed the input"
echo "minimize: $n minimised inputs keep their verdict; refusals as expected"
