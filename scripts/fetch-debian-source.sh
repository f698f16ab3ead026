#!/usr/bin/env bash
# Fetch and unpack a Debian source package into <cache>/src/<package>/ (scripts/cache-dir.sh)
# through a private deb-src list kept in <cache>/apt (the system apt configuration is never
# touched). Its .dsc, which holds the checksums of every file the source was unpacked from, is
# kept as <cache>/src/<package>.dsc: a content key of the source (scripts/cached-build.sh).
# Usage: scripts/fetch-debian-source.sh [--orig-only] <source-package>   (idempotent)
# --orig-only: for a package whose Debian part (debian.tar.*) this machine's mirror does not
# serve: unpacks only the upstream tarball Debian ships, so without Debian's patches; apt
# checks it against the archive's Sources index and the kept .dsc lists its checksum. The
# recipe that asks for this says so (scripts/cached-build.sh: recipe_source=orig).
set -euo pipefail
orig_only=
if [ "${1:-}" = --orig-only ]; then orig_only=1; shift; fi
pkg=${1:?usage: $0 [--orig-only] <source-package>}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=$("$top/scripts/cache-dir.sh")
dest=$cache/src/$pkg
mkdir -p "$cache/src"
# One fetch at a time (parallel builds may ask together and all share the private apt
# lists, which apt itself locks without waiting); the others wait here.
exec 9>"$cache/src/.fetch.lock"
flock 9
if [ -f "$dest/.unpacked" ] && [ -f "$dest.dsc" ]; then exit 0; fi

apt_dir=$cache/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
# Mirror the system's deb entries as deb-src, so the sources match the installed binaries.
sources=$apt_dir/deb-src.sources
if [ ! -s "$sources" ]; then
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q 'debian' "$f" && sed 's/^Types: deb$/Types: deb-src/' "$f"
  done > "$sources"
  [ -s "$sources" ] || { echo "fetch-debian-source: no Debian .sources file in /etc/apt/sources.list.d" >&2; exit 1; }
fi
apt_opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt_dir/parts"
          -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
          -o "APT::Sandbox::User=root")
mkdir -p "$apt_dir/parts"
cp "$sources" "$apt_dir/parts/deb-src.sources"
if ! ls "$apt_dir/lists/"*Sources* >/dev/null 2>&1; then
  apt-get "${apt_opts[@]}" update -qq
fi
work=$(mktemp -d "$cache/src/.fetch-$pkg.XXXXXX")
trap 'rm -rf "$work"' EXIT
if [ -z "$orig_only" ]; then
  (cd "$work" && apt-get "${apt_opts[@]}" source -qq "$pkg" >/dev/null)
else
  # apt keeps every file it could fetch (each checked against the Sources index) and fails on
  # the Debian part it could not; what counts is that the .dsc and the upstream tarball came.
  (cd "$work" && apt-get "${apt_opts[@]}" source --download-only -qq "$pkg" >/dev/null 2>&1) || true
  orig=$(ls "$work"/*.orig.tar.* 2>/dev/null | head -n 1) || true
  [ -n "$orig" ] || { echo "fetch-debian-source: apt-get source $pkg gave no upstream tarball" >&2; exit 1; }
  tar -xf "$orig" -C "$work"
fi
dir=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
[ -n "$dir" ] || { echo "fetch-debian-source: apt-get source $pkg unpacked nothing" >&2; exit 1; }
dsc=$(ls "$work"/*.dsc 2>/dev/null | head -n 1) || true
[ -n "$dsc" ] || { echo "fetch-debian-source: apt-get source $pkg left no .dsc" >&2; exit 1; }
rm -rf "$dest"
mv "$dir" "$dest"
mv "$dsc" "$dest.dsc"
touch "$dest/.unpacked"
echo "fetch-debian-source: $pkg -> $dest"
