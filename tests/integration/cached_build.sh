# scripts/cached-build.sh on a tiny recipe over a source tree placed in a scratch cache: it
# builds once, reuses the build for the same recipe, flags and source, builds anew when any of
# them changes, leaves nothing that looks built when the recipe fails, and rewrites the
# destination only when its content changed (so make relinks nothing on a cache hit); an
# unknown recipe_source is refused.
. "$(dirname "$0")/common.bash"
export MLF_CACHE=$tmp/cache CC=cc
src=$MLF_CACHE/src/mlf-test-source
mkdir -p "$src/debian" "$tmp/lib" "$tmp/dest"
echo 'mlf-test-source (1.0-1) unstable; urgency=medium' >"$src/debian/changelog"
touch "$src/.unpacked"
echo 'Checksums-Sha256: 1' >"$src.dsc"
cat >"$tmp/lib/recipe.sh" <<'R'
recipe_package=mlf-test-source
recipe_config=
recipe_build() { echo built >>"$BUILDS"; echo "$LIB_CFLAGS" >"$2/lib.a"; [ -z "${FAIL:-}" ]; }
R
export BUILDS=$tmp/builds
build() { scripts/cached-build.sh "$tmp/lib/recipe.sh" "$tmp/dest" 2>>"$tmp/log"; }
builds() { wc -l <"$BUILDS" 2>/dev/null || echo 0; }

LIB_CFLAGS=-O1 build || fail "first build failed"
[ "$(builds)" -eq 1 ] && [ "$(cat "$tmp/dest/lib.a")" = -O1 ] || fail "first build did not install"
stamp=$(stat -c %Y.%N "$tmp/dest/lib.a")
sleep 1
LIB_CFLAGS=-O1 build || fail "second build failed"
[ "$(builds)" -eq 1 ] || fail "the same recipe, flags and source built again"
[ "$(stat -c %Y.%N "$tmp/dest/lib.a")" = "$stamp" ] || fail "a cache hit rewrote the destination"

LIB_CFLAGS=-O2 build && [ "$(builds)" -eq 2 ] && [ "$(cat "$tmp/dest/lib.a")" = -O2 ] ||
  fail "changed flags did not build anew"
echo 'Checksums-Sha256: 2' >"$src.dsc"
LIB_CFLAGS=-O2 build && [ "$(builds)" -eq 3 ] || fail "a changed source did not build anew"
echo '# changed' >>"$tmp/lib/recipe.sh"
LIB_CFLAGS=-O2 build && [ "$(builds)" -eq 4 ] || fail "a changed recipe did not build anew"

if FAIL=1 LIB_CFLAGS=-O3 build; then fail "a failing recipe reported success"; fi
grep -q 'cached-build: building lib failed' "$tmp/log" || fail "a failing recipe was not reported"
built=$(find "$MLF_CACHE/lib" -mindepth 1 -maxdepth 1 -type d ! -name '*.build' ! -name '*.tmp' | wc -l)
[ "$built" -eq 4 ] || fail "a failed build left something that looks built ($built builds)"
FAIL=1 LIB_CFLAGS=-O3 build && fail "a failed build was reused on the next call"
# A recipe that asks for a kind of source the helper does not know is refused, and named.
echo 'recipe_source=upstream' >>"$tmp/lib/recipe.sh"
if LIB_CFLAGS=-O2 build; then fail "an unknown recipe_source was accepted"; fi
grep -q "recipe_source is 'upstream'" "$tmp/log" || fail "an unknown recipe_source was not named"
echo "builds: $(builds) (4 successful keys, failures never installed)"
