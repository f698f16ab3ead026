# Text format in and out of the replay driver, on every seed and regress input of every target:
# --export writes text that protoc (not our code) encodes back into the same message (the same
# bytes as protoc's encoding of the seed's own text, or else the same `protoc --decode` text); a .textproto given to the replay driver runs
# like its encoding; a missing proto directory and a missing protoc are said plainly.
. "$(dirname "$0")/common.bash"
gen_dirs=$(ls -d build/gen/*/ | while read -r d; do ls "$d"*.proto >/dev/null 2>&1 && echo "${d%/}"; done)
protoc_args=(-Iproto proto/*.proto)
for d in $gen_dirs; do protoc_args+=("-I$d" "$d"/*.proto); done
inputs=0
for t in $(ls out/replay); do
  name=$(out/replay/"$t" --message-name)
  for dir in build/corpora/"$t" build/corpora/"$t"/regress; do
    ls "$dir"/*.bin >/dev/null 2>&1 || continue
    rm -rf "$tmp/text" && mkdir "$tmp/text"
    out/replay/"$t" --export "$tmp/text" "$dir"/*.bin || fail "$t: --export of $dir"
    for bin in "$dir"/*.bin; do
      text=$tmp/text/$(basename "$bin" .bin).textproto
      timeout 20 protoc --encode="$name" "${protoc_args[@]}" <"$text" >"$tmp/again.bin" 2>"$tmp/err" ||
        { cat "$tmp/err" "$text"; fail "$t: protoc rejects the export of $bin"; }
      # The seeds were encoded by protoc too: the same message gives the same bytes. Else the
      # two as protoc decodes them must still agree.
      if ! cmp -s "$bin" "$tmp/again.bin"; then
        timeout 20 protoc --decode="$name" "${protoc_args[@]}" <"$bin" >"$tmp/want"
        timeout 20 protoc --decode="$name" "${protoc_args[@]}" <"$tmp/again.bin" >"$tmp/got"
        diff "$tmp/want" "$tmp/got" >"$tmp/diff" || { cat "$tmp/diff"; fail "$t: $bin changes through --export"; }
      fi
      inputs=$((inputs + 1))
    done
  done
  # The first text input given as it is runs as its encoding does.
  seed=$(ls corpora/"$t"/*.textproto corpora/"$t"/regress/*.textproto 2>/dev/null | head -n 1)
  bin=build/corpora/${seed#corpora/}
  verdict() { timeout 20 out/replay/"$t" "$1" 2>/dev/null | grep '^verdict: '; echo "exit ${PIPESTATUS[0]}"; }
  want=$(verdict "${bin%.textproto}.bin") got=$(verdict "$seed")
  [ "$want" = "$got" ] || fail "$t: $seed gives '$got', its encoding '$want'"
done
[ "$inputs" -gt 0 ] || fail "no input exported"
# Clear errors when protoc cannot run.
t=blas_gemm seed=$(ls corpora/blas_gemm/*.textproto | head -n 1)
MLF_PROTO_PATH=$tmp/none out/replay/"$t" "$seed" 2>"$tmp/err" >/dev/null
[ $? -eq 2 ] && grep -q "proto directory $tmp/none is missing" "$tmp/err" || { cat "$tmp/err"; fail "missing proto directory not reported"; }
mkdir "$tmp/bin" && ln -s "$(command -v timeout)" "$tmp/bin/timeout"
PATH=$tmp/bin out/replay/"$t" "$seed" 2>"$tmp/err" >/dev/null
[ $? -eq 2 ] && grep -q "protoc not found" "$tmp/err" || { cat "$tmp/err"; fail "missing protoc not reported"; }
printf 'no_such_field: 1\n' >"$tmp/bad.textproto"
out/replay/"$t" "$tmp/bad.textproto" 2>"$tmp/err" >/dev/null
[ $? -eq 2 ] && grep -q "protoc could not encode" "$tmp/err" || { cat "$tmp/err"; fail "bad text not reported"; }
echo "textproto: $inputs inputs of $(ls out/replay | wc -l) targets exported and re-encoded by protoc to the same message"
