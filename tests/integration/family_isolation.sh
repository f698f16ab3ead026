# A family lives in its own rooms and links nothing of another: no AFL++ mutator library and no
# libFuzzer binary of a target defines a global symbol that another family's mutators,
# messages or harness code define (symbols taken from the unit variant's objects of each room;
# every family's registry table defines the same two names by design, so it is left out).
. "$(dirname "$0")/common.bash"
families=$(ls harnesses/*/family.mk | cut -d/ -f2)
[ -n "$families" ] || fail "no family found"
symbols_of() {  # global symbols defined in the objects under the given build directories
  find "$@" -name '*.o' ! -name known_findings_table.o 2>/dev/null | xargs -r nm --defined-only -g 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u
}
checked=0
for f in $families; do
  symbols_of build/unit/mutators/"$f" build/unit/gen/"$f" build/unit/harnesses/"$f" >"$tmp/$f.syms"
  [ -s "$tmp/$f.syms" ] || fail "$f: no objects of the family under build/unit (build the unit tests first)"
done
for harness in harnesses/*/*_fuzzer.c; do
  f=$(cut -d/ -f2 <<<"$harness") t=$(basename "$harness" _fuzzer.c)
  for bin in out/afl/"$t".mutator.so out/libfuzzer/"$t"; do
    [ -e "$bin" ] || fail "$bin not built"
    nm --defined-only -g "$bin" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/bin.syms"
    for g in $families; do
      [ "$g" = "$f" ] && continue
      foreign=$(comm -12 "$tmp/bin.syms" "$tmp/$g.syms" | head -n 3)
      [ -z "$foreign" ] || fail "$bin (family $f) defines family $g's symbols: $foreign"
    done
    checked=$((checked + 1))
  done
done
echo "$checked binaries link their own family only ($(wc -w <<<"$families") families)"
