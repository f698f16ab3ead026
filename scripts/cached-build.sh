#!/usr/bin/env bash
# Builds a third-party library from source once per content key and installs it into a
# destination directory; every library built from source goes through here.
# Usage: CC=... [CXX=...] LIB_CFLAGS="..." scripts/cached-build.sh harnesses/libraries/<lib>/recipe.sh <dest-dir>
# The recipe is a bash file that sets
#   recipe_package   the Debian source package to build (fetched by fetch-debian-source.sh)
#   recipe_config    anything else its output depends on (e.g. a kernel target)
#   recipe_source    "orig" when only Debian's upstream tarball can be fetched (its Debian
#                    part is not served here; fetch-debian-source.sh --orig-only), else unset
# and defines recipe_build SRC OUT LOG: build in SRC (a private copy of the source, with $CC,
# $CXX (the same compiler's C++ driver), $LIB_CFLAGS and $JOBS) and install the result into
# OUT, logging to LOG.
# The key is a hash over the compiler's version, CC, CXX, LIB_CFLAGS, recipe_config, the source's
# .dsc (the checksums of its upstream and Debian files), the recipe and this script: a changed
# recipe or flag always builds anew, an unchanged one is reused from $MLF_CACHE/<lib>/<key> by
# every clone on the machine. One build per key at a time (a second caller waits on the lock);
# a build is installed by renaming a finished directory, so an interrupted one leaves nothing
# that looks built. The destination is rewritten only when its content differs, so make
# relinks only what really changed.
set -euo pipefail
recipe=${1:?usage: CC=... LIB_CFLAGS=... $0 <recipe.sh> <dest-dir>}
dest=${2:?usage: CC=... LIB_CFLAGS=... $0 <recipe.sh> <dest-dir>}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${MLF_CACHE:-$("$top/scripts/cache-dir.sh")}
: "${CC:?set CC to the compiler}"
CXX=${CXX:-} LIB_CFLAGS=${LIB_CFLAGS:-}
JOBS=$(nproc)
export CC CXX LIB_CFLAGS JOBS
lib=$(basename "$(dirname "$recipe")")
recipe_package= recipe_config= recipe_source=
# shellcheck source=/dev/null
. "$recipe"
[ -n "$recipe_package" ] && declare -F recipe_build >/dev/null ||
  { echo "cached-build: $recipe must set recipe_package and define recipe_build" >&2; exit 1; }
[ -z "$recipe_source" ] || [ "$recipe_source" = orig ] ||
  { echo "cached-build: $recipe: recipe_source is '$recipe_source'; only 'orig' or unset" >&2; exit 1; }
"$top/scripts/fetch-debian-source.sh" ${recipe_source:+--orig-only} "$recipe_package"
src=$cache/src/$recipe_package
version=$(sed -n 's/^Version: //p' "$src.dsc")${recipe_source:+ (upstream tarball only)}
key=$( { "$CC" --version 2>/dev/null | head -n 1
         printf '%s\n' "$CC" "$CXX" "$LIB_CFLAGS" "$recipe_config"
         cat "$src.dsc" "$recipe" "$0"; } | sha1sum | cut -c1-16)
built=$cache/$lib/$key
mkdir -p "$cache/$lib"
exec 9>"$built.lock"
flock 9
if [ ! -d "$built" ]; then
  work=$cache/$lib/$key.build log=$cache/$lib/$key.log
  rm -rf "$work" "$built.tmp"
  cp -a "$src" "$work"
  mkdir -p "$built.tmp"
  echo "cached-build: $lib ($recipe_package $version) with $CC $LIB_CFLAGS $recipe_config; log in $log" >&2
  if ! (cd "$work" && recipe_build "$work" "$built.tmp" "$log"); then
    tail -n 30 "$log" >&2 2>/dev/null || true
    echo "cached-build: building $lib failed, see $log" >&2; exit 1
  fi
  rm -rf "$work"
  mv "$built.tmp" "$built"
fi
mkdir -p "$dest"
for f in "$built"/*; do
  cmp -s "$f" "$dest/${f##*/}" || cp "$f" "$dest/"
done
