# Every oneDNN ISA level this CPU supports (harnesses/libraries/onednn/isa-levels.sh), one process each
# since oneDNN fixes its ISA at first use: the backend reports that level, and lemon_model runs
# its seeds and regression models on it (a new library finding is reported for recording, a
# harness-side crash fails).
. "$(dirname "$0")/../integration/common.bash"
levels=$(harnesses/libraries/onednn/isa-levels.sh)
[ -n "$levels" ] || fail "no oneDNN ISA level found"
seed=$(ls build/corpora/lemon_model/*.bin | head -n 1)
for isa in $levels; do
  DNNL_MAX_CPU_ISA=$isa MLF_VERBOSE=1 out/replay/lemon_model "$seed" 2>&1 |
    grep -qi "^onednn: oneDNN .* cpu isa ${isa} (0x[0-9a-f]*)\$" || fail "$isa: the backend does not report that ISA"
  if ! DNNL_MAX_CPU_ISA=$isa out/libfuzzer/lemon_model -runs=0 -timeout=60 -artifact_prefix="$tmp/" \
      build/corpora/lemon_model build/corpora/lemon_model/regress >"$tmp/$isa.log" 2>&1; then
    crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
    [ -n "$crash" ] && DNNL_MAX_CPU_ISA=$isa library_finding lemon_model "$crash" && { rm -f "$tmp"/crash-*; continue; }
    tail -n 40 "$tmp/$isa.log"; fail "lemon_model: harness-side crash under DNNL_MAX_CPU_ISA=$isa"
  fi
  echo "$isa: seeds and regression models ran"
done
