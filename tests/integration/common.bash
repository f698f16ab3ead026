# Shared by the integration tests (sourced): repository root as cwd, the built targets, a
# scratch directory removed on exit, and fail().
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
targets() { ls out/libfuzzer; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
