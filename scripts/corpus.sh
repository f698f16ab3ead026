#!/usr/bin/env bash
# Corpus management for one target. Inputs are never changed or deleted: every command writes
# a new directory OUT (which must not exist yet, or be empty). A .textproto file among the
# inputs is encoded first (out/replay/<target> --encode, protoc underneath).
#   merge    TARGET OUT DIR...        libFuzzer -merge=1: the inputs of all DIRs that add
#                                     coverage, one minimal corpus
#   minimise TARGET OUT DIR...        afl-cmin with the target's AFL++ build (out/afl/<target>),
#                                     then libFuzzer -merge=1 of what it kept
#   export   TARGET OUT FILE|DIR...   every input as readable OUT/<name>.textproto, which
#                                     protoc --encode turns back into the same message
# Every input run is bounded: --input-timeout S (default 20): libFuzzer -timeout, afl-cmin -t.
# Usage: scripts/corpus.sh [--input-timeout S] merge|minimise|export TARGET OUT INPUT...
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
input_timeout=20
usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
die() { echo "corpus: $*" >&2; exit 2; }
[ "${1:-}" != --input-timeout ] || { input_timeout=${2:?--input-timeout S}; shift 2; }
[ $# -ge 4 ] || usage
command=$1 target=$2 out=$3
shift 3
[[ $input_timeout =~ ^[1-9][0-9]*$ ]] || die "--input-timeout takes whole seconds, not '$input_timeout'"
case $command in merge|minimise|minimize|export) ;; *) die "unknown command '$command' (merge, minimise, export)" ;; esac
targets=$(cd "$top"/harnesses && ls */*_fuzzer.c | sed 's|.*/||; s|_fuzzer\.c$||' | sort)
grep -qx -- "$target" <<<"$targets" || die "no target '$target'; the targets are: $(echo $targets)"
for input in "$@"; do
  [ -e "$input" ] || die "no such file or directory: $input"
  [ "$command" = export ] || [ -d "$input" ] || die "$command takes directories; $input is not one"
  [ "$(realpath -m -- "$out")" != "$(realpath -- "$input")" ] || die "OUT $out is one of the inputs; give a new directory"
done
if [ -e "$out" ]; then
  [ -d "$out" ] && [ -z "$(ls -A "$out")" ] || die "OUT $out exists and is not an empty directory"
fi
need() { [ -x "$top/$1" ] || die "$1 is not built (make $1)"; }
need out/replay/"$target"
mkdir -p "$out"
# Scratch space inside the checkout.
mkdir -p "$top"/build
work=$(mktemp -d "$top/build/corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
replay=$top/out/replay/$target

# Regular files of the inputs (a directory: its files, not recursing), NUL-separated.
input_files() {
  for input in "$@"; do
    if [ -d "$input" ]; then find "$input" -maxdepth 1 -type f -print0; else printf '%s\0' "$input"; fi
  done
}

# The input directories with every .textproto encoded: a directory without one is used as it
# is, otherwise a copy with the encodings (in the scratch directory) takes its place.
encoded_dirs() {
  local n=0
  for dir in "$@"; do
    if [ -z "$(find "$dir" -maxdepth 1 -type f -name '*.textproto' -print -quit)" ]; then
      echo "$dir"; continue
    fi
    n=$((n + 1)); mkdir -p "$work/encoded-$n"
    find "$dir" -maxdepth 1 -type f ! -name '*.textproto' -exec cp -t "$work/encoded-$n" {} +
    find "$dir" -maxdepth 1 -type f -name '*.textproto' -print0 |
      xargs -0 -r -n 100 timeout 120 "$replay" --encode "$work/encoded-$n" >&2 ||
      die "could not encode the .textproto files of $dir (above)"
    echo "$work/encoded-$n"
  done
}

# libFuzzer -merge=1 of the given directories into $out.
merge_into_out() {
  need out/libfuzzer/"$target"
  "$top"/out/libfuzzer/"$target" -merge=1 -timeout="$input_timeout" -rss_limit_mb=2048 \
    -artifact_prefix="$work/" "$out" "$@" >"$work/merge.log" 2>&1 ||
    { tail -n 20 "$work/merge.log" >&2; die "libFuzzer merge failed (log above)"; }
  grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/merge.log" | tail -n 1 >&2 || true
}

count() { find "$1" -maxdepth 1 -type f | wc -l; }

case $command in
  merge)
    mapfile -t dirs < <(encoded_dirs "$@")
    merge_into_out "${dirs[@]}"
    ;;
  minimise|minimize)
    need out/afl/"$target"
    mapfile -t dirs < <(encoded_dirs "$@")
    # afl-cmin takes one input directory: the inputs under names made unique.
    mkdir -p "$work/all"
    for d in "${dirs[@]}"; do
      find "$d" -maxdepth 1 -type f -print0 | while IFS= read -r -d '' f; do
        cp "$f" "$work/all/$(sha1sum "$f" | cut -c1-40)"
      done
    done
    (cd "$top" && . scripts/afl-env.sh
    # AFL_ALLOW_TMP: afl-cmin refuses any path under /tmp (a guard against other users'
    # symlinks there); the scratch is this script's own mktemp directory, but the checkout
    # itself may be under /tmp (a CI clone).
    AFL_ALLOW_TMP=1 afl-cmin -i "$work/all" -o "$work/cmin" -t $((input_timeout * 1000)) -- "$top"/out/afl/"$target" \
       >"$work/cmin.log" 2>&1) || { tail -n 20 "$work/cmin.log" >&2; die "afl-cmin failed (log above)"; }
    echo "afl-cmin: $(count "$work/all") inputs -> $(count "$work/cmin")" >&2
    merge_into_out "$work/cmin"
    ;;
  export)
    input_files "$@" | xargs -0 -r -n 100 timeout 120 "$replay" --export "$out" ||
      die "some inputs could not be exported (above)"
    ;;
esac
echo "$out: $(count "$out") inputs" >&2
