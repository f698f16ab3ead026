# LEMON localization: on a three-layer model whose middle layer trips a known oneDNN bug
# (logsigmoid's lost accuracy), MLF_LEMON_LOCALIZE=1 prints Delta and R_A for every layer,
# names the middle layer as the suspect, reruns it alone with the same verdict, and prints a
# one-layer reproducer that protoc encodes and that replays to the same finding.
. "$(dirname "$0")/../integration/common.bash"
cat > "$tmp/model.textproto" <<'M'
input_shape: [4]
layers { kind: ACTIVATION activation: AFFINE act_alpha: 1 }
layers { kind: ACTIVATION activation: LOGSIGMOID }
layers { kind: DENSE units: 2 }
weight_seed: 1
input_seed: 1
num_inputs: 1
input_values: [8, 9, 10.5, 12]
M
protoc --encode=mlf.lemon.Model -Iproto proto/lemon.proto <"$tmp/model.textproto" >"$tmp/model.bin"
MLF_LEMON_LOCALIZE=1 MLF_LEMON_BACKENDS=reference,onednn out/replay/lemon_model "$tmp/model.bin" >"$tmp/out" 2>&1
grep -q "^localization: Delta" "$tmp/out" || { cat "$tmp/out"; fail "no localization table"; }
[ "$(grep -cE '^[0-9]+ +(ACTIVATION|DENSE) ' "$tmp/out")" = 3 ] || fail "the table lacks a layer"
grep -q "^suspect: layer 1 (ACTIVATION, activation LOGSIGMOID" "$tmp/out" || { cat "$tmp/out"; fail "wrong suspect"; }
grep -q "^the layer alone on G's input: mlf:lemon_model:onednn:LOGSIGMOID:beyond-bound" "$tmp/out" ||
  fail "the layer alone does not reproduce"
sed -n '/^one-layer reproducer (textproto):/,/^--- message/p' "$tmp/out" | sed '1d;$d' >"$tmp/one.textproto"
grep -q "kind: ACTIVATION" "$tmp/one.textproto" || fail "no reproducer printed"
protoc --encode=mlf.lemon.Model -Iproto proto/lemon.proto <"$tmp/one.textproto" >"$tmp/one.bin" ||
  fail "the reproducer does not encode"
MLF_LEMON_BACKENDS=reference,onednn out/replay/lemon_model "$tmp/one.bin" 2>&1 |
  grep -q "^verdict: mlf:lemon_model:onednn:LOGSIGMOID:beyond-bound" || fail "the reproducer does not replay"
echo "localization names layer 1; its one-layer reproducer replays"
